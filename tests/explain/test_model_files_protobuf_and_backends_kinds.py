"""Model files at the SavedModel loader (an .h5 not readable as HDF5, a file inside a
SavedModel), protobuf definitions registered twice (a frozen app, a TensorFlow built here,
protobuf's own files), Keras on Theano by choice, Keras Inputs captured by a loss,
reset_states in a subclassed call, shapes read by a converter or the program, older wordings.
Rows: kind_cases/model_files_protobuf_and_backends.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("model_files_protobuf_and_backends")
