"""Labels against the model's output and lookup indices outside a table
(checks/labels_and_indices.py): rows in kind_cases/labels_and_indices.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("labels_and_indices")
