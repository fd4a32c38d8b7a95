"""StreamExecutor's "... without BLAS support": cuBLAS failed to start (a failed handle, GPU
memory most likely), not a kernel that failed to run. Rows:
``kind_cases/blas_support_not_started.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("blas_support_not_started")
def test_case(case: Case) -> None:
    """A row of kind_cases/blas_support_not_started.toml: its lines give its finding, not
    the others."""
    check(case)
