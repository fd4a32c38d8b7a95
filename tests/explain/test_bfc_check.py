"""The BFC allocator's fatal bookkeeping checks: rows in kind_cases/bfc_check.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("bfc_check")
