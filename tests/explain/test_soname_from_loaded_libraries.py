"""A CUDA math library named after its own major that only a major's first minors ship
(libcusolver.so.10: CUDA 10.1 to 11.0), read from the log alone: the CUDA libraries the log
loaded pin the major on the path (a later minor), or the line alone names both readings
(checks/soname_loaded_cuda.py).  Rows in kind_cases/soname_loaded_cuda.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("soname_loaded_cuda")
