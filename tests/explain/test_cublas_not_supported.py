"""cuBLAS refusing a call as not supported (``CUBLAS_STATUS_NOT_SUPPORTED``): a hedge without
memory (a GPU newer than the build's CUDA, or matrices that cuBLAS release does not take), and
gpu-arch-not-in-build once the GPU and the CUDA are known; EXECUTION_FAILED keeps its memory
cause.  Rows: kind_cases/cublas_not_supported.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cublas_not_supported")
