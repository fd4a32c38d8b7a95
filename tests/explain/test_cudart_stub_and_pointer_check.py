"""The cudart stub's placeholder status (the CUDA runtime did not load) and cuda_driver.cc's
pointer check before a host-GPU copy (checks/cudart_stub_status.py): rows in
kind_cases/cudart_stub_and_pointer_check.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudart_stub_and_pointer_check")
