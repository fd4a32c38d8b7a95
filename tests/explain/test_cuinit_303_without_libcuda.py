"""cuInit's CUDA_ERROR_SHARED_OBJECT_INIT_FAILED (303) beside a driver library that never
loaded is TensorFlow's stub answering without it, not a libcuda that failed to initialise,
even when the kernel module's version is in the log. Rows:
``kind_cases/cuinit_303_without_libcuda.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cuinit_303_without_libcuda")
