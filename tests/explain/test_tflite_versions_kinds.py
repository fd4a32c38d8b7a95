"""A TensorFlow Lite model newer than its runtime (an older tf.lite, tflite-runtime, the Edge
TPU compiler's own TensorFlow Lite) and the Edge TPU runtime older than a compiled model.
Rows: kind_cases/tflite_versions.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tflite_versions")
