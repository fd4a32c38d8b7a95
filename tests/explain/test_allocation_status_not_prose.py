"""The allocation status that makes a cuDNN/cuBLAS failure "GPU memory already taken" (the
confident reading) is read from the status names and CUDA's error string as printed, never
from the words of a sentence pasted on the same line. Rows:
``kind_cases/allocation_status_not_prose.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("allocation_status_not_prose")
