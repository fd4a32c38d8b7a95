"""A tf.data iterator asked for more than its dataset holds ("OutOfRangeError: End of
sequence"): the input ran out, a hint about steps_per_epoch and .repeat(), not a GPU fault;
the rendezvous line TensorFlow 2.16+ logs on the way out is harmless alone.  Rows:
kind_cases/dataset_end.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("dataset_end")
