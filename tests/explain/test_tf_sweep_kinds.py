"""TensorFlow 2.21's own device messages that no other check read (``checks/tf_sweep.py``);
rows in ``kind_cases/tf_sweep.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("tf_sweep")
def test_case(case: Case) -> None:
    """A row of kind_cases/tf_sweep.toml: its lines give its finding, not the others."""
    check(case)
