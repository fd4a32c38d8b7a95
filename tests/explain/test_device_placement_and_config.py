"""TensorFlow 2.21's own device messages (``checks/tf_config.py``,
``checks/device_placement.py``, ``checks/xla.py``): rejected tf.config calls, unsatisfiable
device specifications, colocation conflicts, XLA compilation, TPUs.  Rows:
``kind_cases/device_placement_and_config.toml``."""

from __future__ import annotations

from .kind_helpers import Case, check, table


@table("device_placement_and_config")
def test_case(case: Case) -> None:
    """A row of kind_cases/device_placement_and_config.toml: its lines give its finding,
    not the others."""
    check(case)
