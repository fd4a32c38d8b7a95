"""Clear words when a probe misbehaves: an nvidia-smi that prints nothing or cannot run is
"state unknown" (never "the driver reports an error"), and commands stopped at their time
limit are named at the default verbosity, so a verdict with nothing found is not read as
complete."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest
from doctor_helpers import PCI_NO_DISPLAY, cpu_ok, dist, linux, python

from tfgpu._proc import CommandResult, FakeRunner, run_command
from tfgpu.capture.replay import NoNvml
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import DriverFacts, HostFacts, ProbeRecord, ProbeStatus
from tfgpu.gather import merge
from tfgpu.probes import ProbeContext, nvidia

posix = pytest.mark.skipif(sys.platform == "win32", reason="POSIX PATH and permissions")


def _host(ctx: ProbeContext, pci: tuple[ProbeRecord, ...] = ()) -> HostFacts:
    found = merge([nvidia.run(ctx, nvml=NoNvml())], ctx)
    return dataclasses.replace(found, os=linux(), cpu=cpu_ok(),
                               python=python(dist("tensorflow", "2.21.0")),
                               probes=(*found.probes, *pci))


def test_nvidia_smi_that_prints_nothing_is_state_unknown_not_a_driver_error() -> None:
    empty = CommandResult(("nvidia-smi",), ProbeStatus.OK, 0, "", "", 0.01)
    facts = _host(ProbeContext(runner=FakeRunner({("nvidia-smi",): empty}), env={},
                               system="Linux"))
    assert facts.driver is not None
    assert facts.driver.message == "nvidia-smi printed nothing (exit 0)"
    report = diagnose(facts)
    ids = [f.id for f in report.findings]
    assert "nvidia-driver-error" not in ids
    (f,) = [f for f in report.findings if f.id == "nvidia-smi-unreadable"]
    assert f.cause.startswith("nvidia-smi printed nothing (exit 0): ")
    assert "reports" not in f.cause
    assert report.verdict.headline.startswith(
        "GPU state unknown (nvidia-smi gave no answer tfgpu can read)")
    # a PCI listing that answered still shows there is no GPU: the driver stays unknown
    seen = diagnose(dataclasses.replace(facts, probes=(*facts.probes, *PCI_NO_DISPLAY)))
    assert "(no NVIDIA GPU on this host)" in seen.verdict.headline
    assert "nvidia-smi-unreadable" in [f.id for f in seen.findings]


@posix
@pytest.mark.parametrize(("make", "words"), [
    (lambda p: p.mkdir(), "is a folder, not a program"),
    (lambda p: p.write_text("#!/bin/sh\necho hi\n"), "is not executable (no execute permission)"),
])
def test_nvidia_smi_on_path_that_cannot_run_is_named_with_its_path(
        tmp_path: Path, make: object, words: str) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    fake = bindir / "nvidia-smi"
    make(fake)  # type: ignore[operator]
    env = {"PATH": f"{bindir}:/nonexistent"}
    res = run_command(("nvidia-smi",), 5.0, env=env)
    assert res.status is ProbeStatus.ERROR
    assert f"cannot be run: the nvidia-smi found at {fake} {words}" in (res.message or "")
    facts = _host(ProbeContext(runner=lambda argv, t: run_command(argv, t, env=env), env=env,
                               system="Linux"))
    report = diagnose(facts)
    assert "nvidia-driver-error" not in [f.id for f in report.findings]
    (f,) = [f for f in report.findings if f.id == "nvidia-smi-unreadable"]
    assert f"found at {fake} {words}" in f.cause
    assert report.verdict.headline.startswith("GPU state unknown")


def test_commands_stopped_at_their_limit_are_one_warning_naming_each() -> None:
    def hung(name: str, *argv: str) -> ProbeRecord:
        return ProbeRecord(name, ProbeStatus.TIMEOUT, argv, duration_s=10.0,
                           message=f"{argv[0]} did not finish within 10 s and was stopped")

    facts = HostFacts(
        os=linux(), python=python(dist("tensorflow", "2.21.0")), cpu=cpu_ok(),
        driver=DriverFacts(ProbeStatus.MISSING, source="nvidia-smi"),
        probes=(hung("nvcc", "nvcc", "--version"), hung("ldconfig", "ldconfig", "-p"),
                hung("lspci", "lspci", "-nn"), *PCI_NO_DISPLAY[1:],
                # the TensorFlow child's time-out has its own finding: not named again
                ProbeRecord("tf", ProbeStatus.TIMEOUT, duration_s=90.0)))
    report = diagnose(facts)
    (f,) = [f for f in report.findings if f.id == "probes-did-not-answer"]
    assert f.title.startswith("Some probes did not answer in time: nvcc, ldconfig, lspci;")
    assert f.severity.value == "warning"
    assert "nvcc --version (stopped after 10 s): the CUDA toolkit version" in f.cause
    assert "(the PCI bus was read from /sys/bus/pci/devices instead)" in f.cause
    assert "time ldconfig -p" in " ".join(f.fix)
