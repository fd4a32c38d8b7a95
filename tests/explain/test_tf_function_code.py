"""Graph code as tf.function, AutoGraph and gradients see it (checks/tf_function_code.py):
Python control flow on symbolic tensors, graph tensors used outside their function, ops
without a gradient, the eager-variable assertion, Keras symbolic tensors in eager ops and a
gast too new for AutoGraph: rows in kind_cases/tf_function_code.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("tf_function_code")
