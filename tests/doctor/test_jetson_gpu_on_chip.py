"""An NVIDIA Jetson (Tegra system-on-chip): its GPU is on the chip and never on the PCI bus,
so a PCI listing without an NVIDIA display adapter and a missing nvidia-smi do not make it
"no NVIDIA GPU"; the os probe reads the evidence through the file system layer (Jetson
Linux's /etc/nv_tegra_release, the device tree's nvidia,tegra...), and the plan does not
install tensorflow-cpu (knowledge row platform_facts:jetson-gpu-on-chip)."""

from __future__ import annotations

from pathlib import Path

import pytest
from doctor_helpers import PCI_NO_DISPLAY, cpu_ok, dist, linux, python

from tfgpu._proc import FakeRunner
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import DriverFacts, HostFacts, ProbeRecord, ProbeStatus, TFFacts
from tfgpu.facts.presence import nvidia_gpu_presence
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.target import target_from_facts
from tfgpu.probes import FakeFileSystem, ProbeContext, os_info


def _jetson(**os_kw: object) -> HostFacts:
    return HostFacts(
        os=linux(machine="aarch64", **os_kw), python=python(dist("tensorflow", "2.21.0")),
        cpu=cpu_ok(), driver=DriverFacts(ProbeStatus.MISSING, source="nvidia-smi"),
        tf=TFFacts(ProbeStatus.SKIPPED),
        probes=(ProbeRecord("nvidia-smi", ProbeStatus.MISSING, ("nvidia-smi",),
                            message="not found"), *PCI_NO_DISPLAY))


@pytest.mark.parametrize("os_kw", [
    {"kernel": "5.10.120-tegra"},
    {"kernel": "5.15.148-tegra"},
    {"kernel": "5.10.0-custom", "nvidia_soc": "/etc/nv_tegra_release: # R35 (release), "
                                              "REVISION: 4.1"},
])
def test_jetson_with_no_gpu_on_the_pci_bus_is_not_no_gpu(os_kw: dict[str, object]) -> None:
    facts = _jetson(**os_kw)
    p = nvidia_gpu_presence(facts)
    assert p.state == "unknown" and p.soc and not p.no_driver
    report = diagnose(facts)
    ids = [f.id for f in report.findings]
    assert "no-nvidia-gpu" not in ids and "nvidia-gpu-presence-unknown" not in ids
    (f,) = [f for f in report.findings if f.id == "nvidia-jetson-gpu-on-chip"]
    assert "never shows on the PCI bus" in f.cause and p.soc in f.cause
    assert f.doc and "jetson" in f.doc
    assert "no NVIDIA GPU on this host" not in report.verdict.headline
    target = target_from_facts(facts)
    assert target.gpu_unknown and "Jetson" in target.gpu_unknown


def test_the_jetson_fact_has_its_source() -> None:
    row = load_knowledge().platform_fact("jetson-gpu-on-chip")
    assert row.value("kernel_suffix") == "-tegra"
    assert row.value("release_file") == "/etc/nv_tegra_release"


@pytest.mark.parametrize(("path", "text", "shown"), [
    ("etc/nv_tegra_release", "# R35 (release), REVISION: 4.1, GCID: 33958178, BOARD: t186ref\n",
     "/etc/nv_tegra_release: # R35 (release), REVISION: 4.1"),
    ("proc/device-tree/compatible", "nvidia,p3737-0000+p3701-0000\0nvidia,tegra234\0",
     "/proc/device-tree/compatible: nvidia,p3737-0000+p3701-0000 nvidia,tegra234"),
])
def test_os_probe_reads_the_tegra_evidence_through_the_file_system_layer(
        tmp_path: Path, path: str, text: str, shown: str) -> None:
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(text)
    (tmp_path / "proc/sys/kernel").mkdir(parents=True)
    (tmp_path / "proc/sys/kernel/osrelease").write_text("5.10.120\n")
    ctx = ProbeContext(runner=FakeRunner(), fs=FakeFileSystem(tmp_path), env={},
                       system="Linux")
    res = os_info.run(ctx)
    assert res.os is not None and (res.os.nvidia_soc or "").startswith(shown)


def test_os_probe_on_a_plain_host_finds_no_tegra(tmp_path: Path) -> None:
    (tmp_path / "proc/device-tree").mkdir(parents=True)
    (tmp_path / "proc/device-tree/compatible").write_text("raspberrypi,4-model-b\0brcm,bcm2711\0")
    ctx = ProbeContext(runner=FakeRunner(), fs=FakeFileSystem(tmp_path), env={},
                       system="Linux")
    res = os_info.run(ctx)
    assert res.os is not None and res.os.nvidia_soc is None
