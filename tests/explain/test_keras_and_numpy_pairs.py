"""Keras 2 of another minor than TensorFlow (the dtensor import, pip's installed pair), a
Keras 2 add_weight call under Keras 3, NumPy too old in its older wording
(``checks/tf_install.py``).  Rows: kind_cases/keras_and_numpy_pairs.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_and_numpy_pairs")
