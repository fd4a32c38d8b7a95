"""Horovod's stall inspector in each of its listings: rows in kind_cases/horovod_stall.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("horovod_stall")
