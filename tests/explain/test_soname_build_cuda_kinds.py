"""A CUDA math library named after its own major (libcusolver.so.10, cusolver64_10.dll) that
TensorFlow could not load on a CUDA 11.x host: the TensorFlow build behind the name from the
version, the log's other CUDA libraries, or both readings named (checks/soname_build_cuda.py).
Rows in kind_cases/soname_build_cuda.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("soname_build_cuda")
