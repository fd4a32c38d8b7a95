"""A failed copy between host and GPU whose CUDA error the log lacks: an asynchronous GPU failure:
rows in kind_cases/gpu_copy_failures.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("gpu_copy_failures")
