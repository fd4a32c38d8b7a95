"""A library that cannot load because a CUDA/cuDNN library it links lacks a function under its
symbol version (glibc's "undefined symbol: <name>, version <NVIDIA SONAME>"), and CUDA
libraries or the NVIDIA driver's own library said missing in the log's own words.
Rows: kind_cases/cuda_symbol_versions_and_prose_libraries.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cuda_symbol_versions_and_prose_libraries")
