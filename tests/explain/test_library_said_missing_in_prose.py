"""A versioned CUDA/cuDNN/TensorRT library said missing in the log's own words (any order,
any quoting) reads as the library-not-loaded family for that file, as a warning; never for a
name alone, a configure-time error or another program's line (checks/prose_library.py).  Rows
in kind_cases/prose_library.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("prose_library")
