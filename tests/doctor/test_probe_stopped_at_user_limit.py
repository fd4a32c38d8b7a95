"""A ``--timeout`` shorter than tfgpu's default probe limit (10 s) shortens nvidia-smi, nvcc,
lspci... too: a probe stopped at that limit is "stopped at your limit", never "hung" with a
reboot or "hangs here too" (the same rule as the TensorFlow probe's short limit)."""

from __future__ import annotations

import pytest
from doctor_helpers import PCI_NO_DISPLAY, cpu_ok, dist, linux, python

from tfgpu._proc import CommandResult
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import (
    DEFAULT_PROBE_TIMEOUT_S,
    DriverFacts,
    HostFacts,
    ProbeRecord,
    ProbeStatus,
    TFFacts,
)
from tfgpu.findings import Severity


def _smi_stopped(limit: float | None, source: str = "nvidia-smi") -> HostFacts:
    msg = f"nvidia-smi did not finish within {limit or 10:g} s and was stopped"
    return HostFacts(
        os=linux(), python=python(dist("tensorflow", "2.21.0")), cpu=cpu_ok(),
        driver=DriverFacts(ProbeStatus.TIMEOUT, source=source, message=msg),
        tf=TFFacts(ProbeStatus.SKIPPED),
        probes=(ProbeRecord("nvidia-smi", ProbeStatus.TIMEOUT, ("nvidia-smi",),
                            duration_s=limit or 10.0, message=msg),),
        probe_timeout_s=limit)


def test_nvidia_smi_stopped_at_a_short_user_limit_is_unknown_not_hung() -> None:
    report = diagnose(_smi_stopped(2.0))
    ids = [f.id for f in report.findings]
    assert "nvidia-smi-hung" not in ids
    (f,) = [f for f in report.findings if f.id == "nvidia-smi-stopped-at-limit"]
    assert f.severity is Severity.WARNING and "2 s" in f.title
    assert "not known" in f.cause and "--timeout" in f.cause
    assert not any("reboot" in x for x in f.fix) and f.fix[0].startswith("tfgpu doctor")
    assert "stopped at your limit, --timeout 2" in report.verdict.headline
    assert "timed out" not in report.verdict.headline


@pytest.mark.parametrize("limit", [None, DEFAULT_PROBE_TIMEOUT_S])
def test_nvidia_smi_stopped_at_the_default_limit_is_still_hung(limit: float | None) -> None:
    report = diagnose(_smi_stopped(limit))
    assert "nvidia-smi-hung" in [f.id for f in report.findings]
    assert report.has_errors


def test_nvcc_stopped_at_a_short_user_limit_is_not_blamed_as_hanging() -> None:
    facts = HostFacts(
        os=linux(), python=python(dist("tensorflow", "2.21.0")), cpu=cpu_ok(),
        driver=DriverFacts(ProbeStatus.MISSING, source="nvidia-smi"),
        probes=(ProbeRecord("nvcc", ProbeStatus.TIMEOUT, ("nvcc", "--version"),
                            duration_s=0.001,
                            message="nvcc did not finish within 0.001 s and was stopped"),
                *PCI_NO_DISPLAY[1:]),
        probe_timeout_s=0.001)
    (f,) = [f for f in diagnose(facts).findings if f.id == "probes-did-not-answer"]
    assert "stopped at your limit, --timeout 0.001" in f.cause
    assert "hangs" not in f.cause and "0 s" not in f.cause
    assert not any("hangs here too" in x for x in f.fix)
    assert f.fix[0].startswith("tfgpu doctor")


def test_a_tiny_limit_is_never_worded_as_zero_seconds() -> None:
    res = CommandResult.timed_out(("nvcc", "--version"), 0.001)
    assert "within 0.001 s" in (res.message or "")
    assert "within 1.98 s" in (CommandResult.timed_out(("x",), 1.98).message or "")
