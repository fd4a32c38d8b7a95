"""The Object Detection API's legacy trainer with a batch_size below --num_clones: the empty
unpack under its _create_losses frame (Python 2 and 3 wordings) is the per-clone batch of
zero; the same ValueError elsewhere is not.  Rows: kind_cases/od_clone_batch.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("od_clone_batch")
