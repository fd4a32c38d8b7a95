"""What Keras's training loop refuses in fit()'s arguments before a step runs
(checks/keras_fit_arguments.py) and Keras 2.2-2.3's ModelCheckpoint KeyError: rows in
kind_cases/keras_fit_arguments.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_fit_arguments")
