"""A library's own file (standalone Keras 2, tf-keras, a TensorFlow add-on or companion) asking
TensorFlow for a tf name the installed release lacks; ml_dtypes lacking a name TensorFlow or
JAX imports. Rows: kind_cases/library_frames_asking_tf_names_and_ml_dtypes_names.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("library_frames_asking_tf_names_and_ml_dtypes_names")
