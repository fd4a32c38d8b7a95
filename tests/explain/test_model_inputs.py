"""Data a Keras layer or TensorFlow cannot take (checks/model_inputs.py): inputs of another
rank or shape than a layer's input spec, labels of another shape than the output or outside
its classes, inputs and labels of different sample counts, NumPy arrays of dtype object.
Rows in kind_cases/model_inputs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("model_inputs")
