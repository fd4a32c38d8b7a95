"""The ROCm runtime's GPU memory-fault line ("Memory access fault by GPU node-N ... Reason:
..."), old and new wordings, each reason, as the hedged AMD kernel fault
(``checks/rocm.py``).  Rows: kind_cases/rocm_vm_fault.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("rocm_vm_fault")
