"""TensorFlow Serving's missing base path, a local path on a Cloud TPU's worker,
TensorFlow.js's unknown layer classes, PerReplica values used as tensors, tf.function's
variables after its first call, tensors of unknown rank, an empty file list inside a dataset,
a moving average missing from a checkpoint, a generated op function refusing a newer
attribute, Strategy.experimental_run_v2 after TensorFlow 2.3. Rows:
kind_cases/serving_tpu_and_distributed_values.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("serving_tpu_and_distributed_values")
