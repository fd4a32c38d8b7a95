"""Wordings checked against their sources (docs/knowledge-audit.md): each row of
kind_cases/source_checked_claims.toml gives its finding with the words the sources support."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("source_checked_claims")
def test_case(case: Case) -> None:
    """A row of kind_cases/source_checked_claims.toml: its lines give its finding,
    not the others."""
    check(case)
