"""CUDA_ERROR_TOO_MANY_PEERS from a process of more than 8 GPUs (a device ordinal of 8 or
more) is a warning naming CUDA's 8-peer limit, with the device list that avoids it; within 8
GPUs, or for another peer-access status, it stays the harmless notice (rows in
kind_cases/peer_access_over_eight_gpus.toml)."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("peer_access_over_eight_gpus")
