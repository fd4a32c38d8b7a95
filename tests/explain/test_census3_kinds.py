"""Kinds grown from the census of 97 public reports (census3, docs/census3.md), with variants
written from the sources' format strings (paths, log formats and wordings of other releases):
rows of kind_cases/census3_kinds.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("census3_kinds")
