"""A jit_compile tf.function whose variable creations TensorFlow could not lift out of it
("We failed to lift variable creations out of this tf.function, so this tf.function cannot be
run on XLA") is ``xla-variable-on-other-device`` variant ``creation-not-lifted``, with the
Keras 3 + tf.distribute way in and jit_compile=False first in the fix (rows in
kind_cases/xla_variable_creation_not_lifted.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("xla_variable_creation_not_lifted")
