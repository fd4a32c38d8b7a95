"""A generator class whose Sequence is another Keras's, a library's own code keying a dict by a
tensor, a Keras 2 optimizer's name in Keras 3's learning_rate, callback hook counts Keras never
passes, ImageDataGenerator's iterator under Keras 2.2.3/2.2.4, and TF 1's variable-store
wordings; with the ordinary readings these messages keep.
Rows: kind_cases/foreign_sequences_library_tensor_keys_and_hook_counts.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("foreign_sequences_library_tensor_keys_and_hook_counts")
