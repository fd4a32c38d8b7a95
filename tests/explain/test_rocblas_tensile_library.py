"""rocBLAS's abort for want of a Tensile kernel library, read by the folder it looked in: a
folder derived from the old <rocm>/rocblas/lib (a stale library path), a folder with kernels
for other targets only or a target not on AMD's list (the GPU), else a hedge naming both;
never a CUDA cause.  Rows: kind_cases/rocblas_tensile.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("rocblas_tensile")
