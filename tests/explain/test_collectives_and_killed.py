"""tf.distribute collectives aborted or timed out (the first error decides: another worker, a
lost connection, NCCL's own finding, the harmless end of an input, or the quoted unknown
error), and bash's "Killed" glued to a progress bar or from a script. Rows:
``kind_cases/collectives_and_killed.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("collectives_and_killed")
def test_case(case: Case) -> None:
    """A row of kind_cases/collectives_and_killed.toml: its lines give its finding, not the
    others."""
    check(case)
