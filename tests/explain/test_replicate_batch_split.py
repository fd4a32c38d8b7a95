"""tf.contrib.estimator's replicate_model_fn with a batch its GPU towers cannot share equally:
the Split kernel's error with the split_inputs node, shape inference of that node and the
TF 1.6+ batch-size check give the finding; a Split error of another node does not.  Rows:
kind_cases/replicate_batch_split.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("replicate_batch_split")
