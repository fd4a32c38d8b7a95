"""TensorFlow Serving finding no version of a model under its base path (serving.py): the rows
of kind_cases/serving.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("serving")
