"""TensorBoard showing no dashboard (tensorboard_data.py): the rows of
kind_cases/tensorboard_data.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tensorboard_data")
