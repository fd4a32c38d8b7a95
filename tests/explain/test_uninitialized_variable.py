"""A TF 1.x variable read before its initializer ran: rows in
kind_cases/uninitialized_variable.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("uninitialized_variable")
