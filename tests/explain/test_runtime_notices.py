"""TensorFlow runtime lines with an error status that need no action (checks/runtime_notices.py):
rows in kind_cases/runtime_notices.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("runtime_notices")
