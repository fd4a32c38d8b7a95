"""CUDA_ERROR_OUT_OF_MEMORY from the CUDA context call, whole or hard-wrapped by a paste
(checks/memory.py, logs/engine.py ``_wrap_join``): rows in
kind_cases/context_out_of_memory.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("context_out_of_memory")
