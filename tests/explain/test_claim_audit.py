"""Kinds changed by the source and claim audit (docs/knowledge-audit.md): each row of
kind_cases/claim_audit.toml gives its finding with the words the audit's sources support."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("claim_audit")
def test_case(case: Case) -> None:
    """A row of kind_cases/claim_audit.toml: its lines give its finding, not the others."""
    check(case)
