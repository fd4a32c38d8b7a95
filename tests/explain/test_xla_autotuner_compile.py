"""XLA's autotuner compiling none of an instruction's candidate configs (autotuner.cc): a
hedge leading with ptxas, standing down to ptxas's own finding when the log shows it.
Rows: kind_cases/xla_autotuner_compile.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_autotuner_compile")
