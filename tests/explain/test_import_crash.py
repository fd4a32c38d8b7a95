"""A death right after the import of TensorFlow in a pasted session: rows in
kind_cases/import_crash.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("import_crash")
