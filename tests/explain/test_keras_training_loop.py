"""The Keras training loop between releases (checks/keras_training_loop.py): History's metric
keys, ModelCheckpoint's file names, optimizers and their variables, Keras 1 argument names,
Keras 3's float learning rate, fit's data adapters, saving an unbuilt subclassed model and
TensorBoard's histograms: rows in kind_cases/keras_training_loop.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_training_loop")
