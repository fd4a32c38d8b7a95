"""History keys the log prints, callbacks handed empty logs, TensorBoard's Keras graph, R's
optimizer fix, XLA_GPU-only device lists, gradients missing in TensorFlow.NET, Apple's MLC ops
and SHAP's DeepExplainer, token ids in a token-type table, one side of a shape flattened.
Rows: kind_cases/keras_metrics_callbacks_and_bindings.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_metrics_callbacks_and_bindings")
