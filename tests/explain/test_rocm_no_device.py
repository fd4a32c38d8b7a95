"""HIP finding no GPU (HIP_ERROR_NoDevice / hipErrorNoDevice from TensorFlow's ROCm driver
wrapper, device-count and hipInit wordings): the hedge between HIP's visibility variables, the
ROCm device nodes' permissions and an unsupported GPU, and a missing ROCm library keeping its
own cause (``checks/rocm.py``).  Rows: kind_cases/rocm_no_device.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("rocm_no_device")
