"""Kinds fixed after the new-user review (/work/wt/eyes-report.md): each row of
kind_cases/eyes_kinds.toml gives its finding with the words the sources support."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("eyes_kinds")
def test_case(case: Case) -> None:
    """A row of kind_cases/eyes_kinds.toml: its lines give its finding, not the others."""
    check(case)
