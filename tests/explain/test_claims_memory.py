"""Out-of-memory messages whose usual fix does not fit every form (TensorFlow 2's eager
constant copy). Rows: ``kind_cases/claims_memory.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("claims_memory")
def test_case(case: Case) -> None:
    """A row of kind_cases/claims_memory.toml: its lines give its finding, not the
    others."""
    check(case)
