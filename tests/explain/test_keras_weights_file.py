"""Keras refusing a weights file that does not fit the model the code built (layer count,
weight count, weight shape; checks/keras_weights_file.py): rows in
kind_cases/keras_weights_file.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_weights_file")
