"""NVML failing under a loader path the command set, no NVIDIA module for the running kernel,
a context failure whose CUDA code has its own finding, a snap Docker, --nv on a Jetson,
nvidia-container-cli's "function not found" and a "rocm" Docker device driver.
Rows: kind_cases/driver_modules_nvml_and_container_runtimes.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("driver_modules_nvml_and_container_runtimes")
