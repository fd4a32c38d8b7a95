"""Keras 2's multi_gpu_model device checks, read by which device is missing (no GPU, fewer
GPUs, every GPU under TensorFlow 1.4's long names or without '/cpu:0'), gpus < 2, and Keras
< 2.3.0's device-scope helper under TensorFlow 1.14+.  Rows: kind_cases/keras_multi_gpu.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_multi_gpu")
