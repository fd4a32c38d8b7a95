"""gpu_device.cc's ignored GPU retold or cut before its minimum, NVML failing to start under
faceswap's probe, nvidia-smi missing in a POSIX sh's words, and the placer's assigned-device
kernel check. Rows: kind_cases/ignored_gpus_nvml_start_and_assigned_kernels.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("ignored_gpus_nvml_start_and_assigned_kernels")
