"""NCCL errors whose cause NCCL's own WARN line names (a socket connection between ranks)
rather than the generic causes of the error code. Rows: ``kind_cases/claims_nccl.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("claims_nccl")
def test_case(case: Case) -> None:
    """A row of kind_cases/claims_nccl.toml: its lines give its finding, not the
    others."""
    check(case)
