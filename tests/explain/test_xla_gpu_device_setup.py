"""XLA left a GPU inside its range out, "device CUDA:N not supported by XLA service"
(checks/xla_gpu_device_setup.py): rows in kind_cases/xla_gpu_device_setup.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_gpu_device_setup")
