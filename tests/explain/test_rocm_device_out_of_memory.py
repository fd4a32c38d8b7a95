"""TensorFlow's ROCm allocator out of GPU memory (HIP's out-of-memory status, by name or as
hipError_t(<code>)): the unproven memory hedge with rocm-smi (``checks/rocm_memory.py``).
Rows: kind_cases/rocm_device_out_of_memory.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("rocm_device_out_of_memory")
