"""An nvidia-smi stopped at the deadline after flooding stdout (tfgpu's runner dropped what
passed its bound: _proc.CommandResult.dropped_note) did not hang: it printed endlessly (a
broken, looping or wrapped nvidia-smi). No hardware claim (Xid 79), no reboot."""

from __future__ import annotations

import dataclasses

from doctor_helpers import cpu_ok, dist, linux, python

from tfgpu import facts as F
from tfgpu._proc import CommandResult
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.knowledge import load_knowledge


def _timed_out(message: str) -> F.HostFacts:
    return F.HostFacts(
        os=linux(), python=python(dist("tensorflow", "2.15.0")), cpu=cpu_ok(),
        driver=F.DriverFacts(F.ProbeStatus.TIMEOUT, source="nvidia-smi", message=message),
        tf=F.TFFacts(F.ProbeStatus.SKIPPED),
        probes=(F.ProbeRecord("nvidia-smi", F.ProbeStatus.TIMEOUT, ("nvidia-smi",), None, 10.0,
                              message),),
    )


def _flood_message() -> str:
    res = CommandResult(("nvidia-smi",), F.ProbeStatus.TIMEOUT, None, "", "", 10.0,
                        "nvidia-smi did not finish within 10 s and was stopped")
    res = dataclasses.replace(res, stdout_dropped=2068584416)
    note = res.dropped_note()
    assert note is not None
    return f"{res.message}; {note}"


def test_flooding_nvidia_smi_is_endless_output_not_a_stuck_gpu() -> None:
    report = diagnose(_timed_out(_flood_message()), load_knowledge())
    found = {f.id: f for f in report.findings}
    assert "nvidia-smi-hung" not in found
    f = found["nvidia-smi-endless-output"]
    text = " ".join([f.title, f.cause, *f.fix])
    assert "2068584416" in text or "2.1 GB" in text or "1973 MiB" in text
    assert "Xid" not in text and "reboot" not in text and "fallen off" not in text
    assert "command -v nvidia-smi" in text or "type -a nvidia-smi" in text


def test_a_silent_timeout_is_still_a_hang() -> None:
    report = diagnose(_timed_out("nvidia-smi did not finish within 10 s and was stopped"),
                      load_knowledge())
    assert "nvidia-smi-hung" in {f.id for f in report.findings}
