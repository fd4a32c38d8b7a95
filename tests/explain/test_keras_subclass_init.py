"""A Keras subclass that sets layers or weights before calling super().__init__(): the Keras
2.2, tf.keras and Keras 3 wordings give the init-order finding (the Keras 3 one names the
class).  Rows: kind_cases/keras_subclass_init.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_subclass_init")
