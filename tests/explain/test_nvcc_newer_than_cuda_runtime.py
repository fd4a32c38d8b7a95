"""A compiled library missing a CUDA runtime function that nvcc's host code calls only from a
CUDA release on: compiled by a newer nvcc than the CUDA runtime it is resolved against
(checks/nvcc_runtime_symbol.py): rows in kind_cases/nvcc_runtime_symbols.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("nvcc_runtime_symbols")
