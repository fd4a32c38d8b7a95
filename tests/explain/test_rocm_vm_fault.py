"""The ROCm runtime's GPU memory-fault line ("Memory access fault by GPU node-N ... Reason:
..."), old and new wordings, each reason, as the hedged AMD kernel fault
(``checks/rocm.py``).  Rows: kind_cases/rocm_vm_fault.toml."""

from __future__ import annotations

from .kind_helpers import ids, table_test

test_case = table_test("rocm_vm_fault")


def test_fault_long_after_auto_tune_stays_the_plain_hedge() -> None:
    lines = ["I tensorflow/core/kernels/conv_ops.cc:1012] running auto-tune for Forward",
             *(f"step {i}, loss = 0.5" for i in range(30)),
             "Memory access fault by GPU node-1 (Agent handle: 0x1f2e3d4c) on address "
             "0x7ffd1000. Reason: Page not present or supervisor privilege."]
    f = ids(lines)["gpu-kernel-fault"]
    assert "MIOpen's Find step" not in f.cause
