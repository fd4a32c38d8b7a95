"""Who printed a one-line error: TensorFlow's op runtime, XLA/JAX's Python exception, or
Node.js's addon loader (tfjs-node-gpu), and the old wordings of short pastes.  Rows:
kind_cases/one_line_runtimes.toml."""

from __future__ import annotations

from tests.explain.kind_helpers import Case, check, table


@table("one_line_runtimes")
def test_case(case: Case) -> None:
    """A row of kind_cases/one_line_runtimes.toml: its lines give its finding, not the
    others."""
    check(case)
