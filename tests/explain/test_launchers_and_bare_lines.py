"""Launchers that decide what a process sees (Ray's per-task CUDA_VISIBLE_DEVICES) and bare
one-line pastes whose causes the log cannot tell apart (hedged findings that name the causes
in order and the command that tells them apart).  Rows:
``kind_cases/launchers_and_bare_lines.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("launchers_and_bare_lines")
def test_case(case: Case) -> None:
    """A row of kind_cases/launchers_and_bare_lines.toml: its lines give its finding, not the
    others."""
    check(case)
