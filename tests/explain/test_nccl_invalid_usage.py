"""NCCL's ncclInvalidUsage (init.cc) in TensorFlow's and Horovod's wordings: hedged between its
checks when NCCL's WARN line is missing, and the check it names (two ranks on one GPU, ranks of
different NCCL versions) when it is there.  Rows: kind_cases/nccl_invalid_usage.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("nccl_invalid_usage")
