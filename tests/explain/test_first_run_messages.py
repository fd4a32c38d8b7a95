"""Messages a first run meets (cuInit codes, NUMA notices, cudart, cuDNN versions, wheels,
ptxas): each row of kind_cases/first_run_messages.toml gives its finding with the words the
sources support."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("first_run_messages")
def test_case(case: Case) -> None:
    """A row of kind_cases/first_run_messages.toml: its lines give its finding,
    not the others."""
    check(case)
