"""Running and loading models: a TensorFlow Lite interpreter without the Flex delegate or a
custom op's kernel (checks/tflite_versions.py), the converter's tensor-list lowering
(checks/tflite_converter.py), Keras 1's "Invalid layer" of a custom layer, Keras 3's refusal
quoted by its second sentence alone; a name a paste cut is not completed.
Rows: kind_cases/tflite_runtime_and_keras_loading.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tflite_runtime_and_keras_loading")
