"""XLA's autotuner finding no supported configuration (autotuner.cc): every printing of the
error gives the hedge, naming the cuDNN call when the HLO shows it, with the commands that
tell the causes apart.  Rows: kind_cases/xla_autotuner_no_config.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_autotuner_no_config")
