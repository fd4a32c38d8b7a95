"""XLA's GPU compiler ``RET_CHECK ... dnn != nullptr`` and the cuDNN wrapper's checked
narrowing (checks/xla_dnn_and_narrowing.py): rows in kind_cases/xla_dnn_and_narrowing.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_dnn_and_narrowing")
