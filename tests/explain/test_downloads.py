"""A program's own download failing TLS certificate verification (downloads.py): the rows of
kind_cases/downloads.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("downloads")
