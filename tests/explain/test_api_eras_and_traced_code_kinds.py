"""Names of another TensorFlow era (tf.compat.v1 before 1.13; a TF 1 name missing from a
TensorFlow 1.x that ran a TF 1 call), code traced into a graph (a static shape's None; an
OperatorNotAllowedInGraphError whose message is cut off), a custom layer without get_config()
saved whole, and the cut forms and companions of GPU and install messages.
Rows: kind_cases/api_eras_and_traced_code.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("api_eras_and_traced_code")
