"""A uv or Poetry report whose derivation is TensorFlow's Requires-Python leaving out the Python
it resolves for (checks/resolver_python_range.py). Rows:
``kind_cases/resolver_python_range.toml``."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("resolver_python_range")
