"""NaN or Inf found by a numeric check (CheckNumerics and its callers, NanTensorHook,
enable_check_numerics, TerminateOnNaN); an Assign of another shape while a TF 1 graph is
built; None in a TFRecord feature; TensorFlow Lite inputs of another dtype or shape; image
tags a registry lacks and NVIDIA's 2022 apt key; TensorFlow Datasets' manual downloads and
version folders; Keras configs, Lambda bytecode and internals of other releases; NumPy's
removed names. Rows: kind_cases/numerics_tfrecords_image_tags_and_saved_configs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("numerics_tfrecords_image_tags_and_saved_configs")
