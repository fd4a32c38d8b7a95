"""Two machines of one NCCL job with the same host name: NCCL's INFO lines give one name two
addresses and its CUDA IPC between them fails.  Rows: kind_cases/nccl_host_identity.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("nccl_host_identity")
