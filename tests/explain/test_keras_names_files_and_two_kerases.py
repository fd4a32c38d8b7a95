"""Keras faults read from Keras's own messages: Keras 3's file-name rules, its unknown-argument
message without the dict, TensorFlow's internal tensorflow.python.keras, Keras internals,
TensorFlow-1-only Keras names, an optimizer of one Keras refused by another, and saved
models that will not load for reasons of the file (checks/saved_model_files.py: not HDF5,
objects the loader lacks, a Lambda layer of another Python).
Rows: kind_cases/keras_names_files_and_two_kerases.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_names_files_and_two_kerases")
