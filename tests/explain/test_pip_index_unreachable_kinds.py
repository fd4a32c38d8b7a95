"""pip that could not read the package index: its empty version list is no missing wheel.
Rows: kind_cases/pip_index_unreachable.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("pip_index_unreachable")
