"""A batch of 0 samples rejected by cuDNN (count 0 in the printed batch descriptor), hedged
alone and read as a batch split across several GPUs when the log shows them
(checks/cudnn_params.py): rows in kind_cases/cudnn_zero_batch.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_zero_batch")
