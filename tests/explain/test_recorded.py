"""Real recorded TensorFlow logs: working hosts give no problem, a GPU-less host only notices."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts, OSFacts, ProbeRecord, ProbeStatus, PythonFacts
from tfgpu.findings import Severity

RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"

WORKING = sorted((RECORDED / "tf-logs").glob("*working*.txt")) + sorted(
    (RECORDED / "tf-logs").glob("*EXCERPT*.txt")
)


@pytest.mark.parametrize("path", WORKING, ids=lambda p: p.stem)
def test_working_logs_have_no_problem(path: Path) -> None:
    findings = explain_lines(path.read_text(encoding="utf-8").splitlines())
    assert all(f.severity.rank <= Severity.INFO.rank for f in findings), [
        (f.id, f.severity) for f in findings
    ]
    assert all(f.harmless for f in findings if f.severity is Severity.INFO)


def test_created_device_lines_name_every_gpu() -> None:
    path = RECORDED / "tf-logs" / "tf2.15-docker-latest-gpu-2x-l4-gcp-working.txt"
    f = {x.id: x for x in explain_lines(path.read_text(encoding="utf-8").splitlines())}
    assert f["gpu-device-created"].title == (
        "TensorFlow created GPU:0 NVIDIA L4 (20795 MB, cc 8.9); "
        "GPU:1 NVIDIA L4 (20795 MB, cc 8.9)"
    )


def test_wsl2_docker_numa_notice_is_wsl2_and_harmless() -> None:
    path = RECORDED / "tf-logs" / "tf2.14-docker-2x-rtx4090-windows-docker-wsl2-working.txt"
    f = {x.id: x for x in explain_lines(path.read_text(encoding="utf-8").splitlines())}
    assert f["numa-node-notice"].category == "wsl2" and f["numa-node-notice"].harmless


def test_gpu_less_host_log() -> None:
    path = RECORDED / "tf-logs" / "tf2.21-pip-linux-no-gpu-no-driver-cpu-only.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    without = {f.id: f for f in explain_lines(lines)}
    # Without facts: cuInit 303 after "Could not find cuda drivers" (no libcuda at all) and
    # no GPU or driver anywhere in the log is the no-GPU case: harmless (final review B #6).
    cu = without["cuinit-shared-object-init-failed"]
    assert cu.severity is Severity.INFO and cu.harmless and "303" in cu.title
    assert "docker" not in " ".join(cu.fix)
    # The log alone does not show whether this host has an NVIDIA GPU: the cudart stub's line
    # is one conditional warning (which also explains the empty GPU list), not harmless
    assert "tensorflow-sees-no-gpu" not in without
    notice = without["cuda-drivers-not-found-notice"]
    assert notice.severity is Severity.WARNING and not notice.harmless
    assert "harmless if this host has no NVIDIA GPU" in notice.title
    assert 13 in {e.line for e in notice.evidence}  # the empty list "[]"
    # The same log with this host's facts (probes ran, and the PCI bus, which lists a card
    # with or without its driver, shows no GPU): only notices remain, beside the host
    # check's plain "no NVIDIA GPU" (the doctor's own finding).
    facts = HostFacts(
        os=OSFacts(system="Linux", name="Debian GNU/Linux 12"),
        python=PythonFacts(version="3.11.7", executable="python"),
        probes=(ProbeRecord("nvml", ProbeStatus.MISSING),
                ProbeRecord("sysfs-pci", ProbeStatus.OK,
                            message="6 PCI functions, none a display adapter")),
    )
    with_facts = explain_lines(lines, facts)
    assert {f.id for f in with_facts if f.severity is not Severity.INFO} == {"no-nvidia-gpu"}
    assert {f.severity for f in explain_lines(lines, facts, host_checks=False)} \
        == {Severity.INFO}
    assert all(f.harmless for f in with_facts if f.id.startswith(("cuinit", "cuda-drivers")))
