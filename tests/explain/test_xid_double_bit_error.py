"""The NVIDIA driver's Xid 48 event line (an uncorrectable double-bit ECC error; NVIDIA's
Dynamic Page Retirement guide: "XID 48: A DBE has occurred") is a hardware memory fault of
that GPU, in every log form it is pasted in; other Xid numbers are not read as it."""

from __future__ import annotations

import pytest

from tfgpu.findings import Severity

from .kind_helpers import ids


@pytest.mark.parametrize("line", [
    "[ 5120.103311] NVRM: Xid (PCI:0000:3b:00): 48, pid=2211, name=python, An uncorrectable "
    "double bit error (DBE) has been detected on GPU (0000:3b:00).",
    "Dec  2 10:00:01 gpubox kernel: NVRM: Xid (PCI:0000:3b:00): 48, pid=2211, name=python, "
    "An uncorrectable double bit error (DBE) has been detected on GPU (0000:3b:00).",
    "NVRM: Xid (0000:01:00): 48, An uncorrectable double bit error (DBE) has been detected "
    "on GPU (0000:01:00).",
])
def test_xid_48_is_the_gpus_uncorrectable_ecc_error(line: str) -> None:
    f = ids([line])["nvidia-gpu-ecc-double-bit-error"]
    assert f.severity is Severity.ERROR
    assert "Xid 48" in f.title and "double-bit" in f.title
    assert any("PAGE_RETIREMENT" in x for x in f.fix)


@pytest.mark.parametrize("number", ["13", "43", "480", "79"])
def test_other_xid_numbers_are_not_a_double_bit_error(number: str) -> None:
    line = f"NVRM: Xid (PCI:0000:3b:00): {number}, pid=2211, name=python, something"
    assert "nvidia-gpu-ecc-double-bit-error" not in ids([line])
