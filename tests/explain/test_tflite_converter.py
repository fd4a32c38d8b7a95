"""The TensorFlow Lite converter meeting ops without a builtin kernel (tflite_converter.py):
the rows of kind_cases/tflite_converter.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tflite_converter")
