"""GPU presence: "no NVIDIA GPU" only when a probe that ran looked; otherwise "unknown".

The facts come from the probes themselves (``gpus_other`` and ``nvidia`` with NVML absent),
over a fake runner and a fake file tree, so a hung or missing ``lspci`` and an unreadable
``/sys/bus/pci/devices`` are the probes' own records.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from doctor_helpers import cpu_ok, dist, linux, python

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.capture.replay import NoNvml
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import GPU, DriverFacts, HostFacts, ProbeRecord, ProbeStatus
from tfgpu.facts.presence import nvidia_gpu_presence
from tfgpu.gather import merge
from tfgpu.probes import FakeFileSystem, ProbeContext, gpus_other, nvidia

HUNG_LSPCI = CommandResult(("lspci", "-nn"), ProbeStatus.TIMEOUT, duration_s=10.0,
                           message="lspci did not finish within 10 s and was stopped")


def _pci(root: Path, functions: dict[str, tuple[str, str, str]]) -> None:
    """Write ``/sys/bus/pci/devices/<bdf>/{class,vendor,device}`` under ``root``."""
    for bdf, (cls, ven, dev) in functions.items():
        folder = root / "sys/bus/pci/devices" / bdf
        folder.mkdir(parents=True)
        (folder / "class").write_text(cls + "\n")
        (folder / "vendor").write_text(ven + "\n")
        (folder / "device").write_text(dev + "\n")


#: This machine's PCI functions (read from /sys/bus/pci/devices, 2026-12-02): a host bridge
#: and virtio devices, no display adapter.
NO_DISPLAY = {"0000:00:00.0": ("0x060000", "0x8086", "0x1237"),
              "0000:00:01.0": ("0xffff00", "0x1af4", "0x1000"),
              "0000:00:02.0": ("0x018000", "0x1af4", "0x1001")}


def _probed(root: Path, runner: FakeRunner) -> HostFacts:
    """Host facts from the driver and adapter probes over ``root`` and ``runner``."""
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(root), env={}, system="Linux")
    found = merge([nvidia.run(ctx, nvml=NoNvml()), gpus_other.run(ctx)], ctx)
    return dataclasses.replace(found, os=linux(), cpu=cpu_ok(),
                               python=python(dist("tensorflow", "2.21.0")))


def test_hung_lspci_and_no_pci_listing_is_presence_unknown_not_no_gpu(tmp_path: Path) -> None:
    report = diagnose(_probed(tmp_path, FakeRunner({("lspci", "-nn"): HUNG_LSPCI})))
    ids = [f.id for f in report.findings]
    assert "no-nvidia-gpu" not in ids
    assert "no NVIDIA GPU on this host" not in report.verdict.headline
    assert "whether an NVIDIA GPU is present is unknown" in report.verdict.headline
    f = next(f for f in report.findings if f.id == "nvidia-gpu-presence-unknown")
    assert "lspci timed out after 10 s" in f.cause
    assert "/sys/bus/pci/devices lists no device" in f.cause
    assert any("0x10de" in line for line in f.fix)


def test_missing_lspci_and_pci_bus_without_display_adapter_is_no_gpu(tmp_path: Path) -> None:
    _pci(tmp_path, NO_DISPLAY)
    facts = _probed(tmp_path, FakeRunner())
    assert nvidia_gpu_presence(facts).state == "absent"
    report = diagnose(facts)
    assert report.verdict.headline.endswith("(no NVIDIA GPU on this host); TensorFlow was not "
                                            "probed")
    f = next(f for f in report.findings if f.id == "no-nvidia-gpu")
    assert "the PCI bus (/sys/bus/pci/devices) shows no NVIDIA display adapter" in f.cause
    assert any("3 PCI functions, none a display adapter" in e.text for e in f.evidence)


def test_driverless_nvidia_card_on_the_pci_bus_is_found_without_lspci(tmp_path: Path) -> None:
    _pci(tmp_path, {**NO_DISPLAY, "0000:01:00.0": ("0x030200", "0x10de", "0x2236")})
    facts = _probed(tmp_path, FakeRunner({("lspci", "-nn"): HUNG_LSPCI}))
    assert [(g.vendor, g.pci_bus_id, g.source) for g in facts.gpus] == [
        ("nvidia", "0000:01:00.0", "sysfs")]
    report = diagnose(facts)
    assert [f.id for f in report.findings if f.severity.value == "error"] == [
        "nvidia-driver-missing"]


def test_lspci_that_printed_nothing_is_no_evidence() -> None:
    facts = HostFacts(os=linux(), python=python(), driver=DriverFacts(ProbeStatus.MISSING),
                      probes=(ProbeRecord("lspci", ProbeStatus.OK, ("lspci", "-nn"), 0),))
    assert nvidia_gpu_presence(facts).state == "unknown"
    said = dataclasses.replace(facts, probes=(ProbeRecord(
        "lspci", ProbeStatus.OK, ("lspci", "-nn"), 0,
        raw_excerpt="00:00.0 Host bridge [0600]: Intel Corporation 440FX [8086:1237]"),))
    assert nvidia_gpu_presence(said).state == "absent"


def test_drm_cards_alone_are_no_evidence_of_absence() -> None:
    """/sys/class/drm shows only adapters with a DRM driver bound: an Intel card there says
    nothing about an NVIDIA card without its driver."""
    intel = GPU(0, "intel", "PCI device [8086:3e9b]", source="sysfs")
    facts = HostFacts(os=linux(), python=python(), driver=DriverFacts(ProbeStatus.MISSING),
                      gpus=(intel,), probes=(ProbeRecord("sysfs-drm", ProbeStatus.OK),))
    presence = nvidia_gpu_presence(facts)
    assert presence.state == "unknown"
    assert presence.unanswered == ("/sys/class/drm shows only adapters with a driver bound",)


def test_windows_host_whose_adapter_listing_failed_gets_windows_listings(tmp_path: Path) -> None:
    failed = CommandResult(gpus_other.WIN_COMMAND, ProbeStatus.ERROR, returncode=1,
                           message="powershell failed")
    ctx = ProbeContext(runner=FakeRunner({gpus_other.WIN_COMMAND: failed}),
                       fs=FakeFileSystem(tmp_path), env={}, system="Windows")
    found = merge([nvidia.run(ctx, nvml=NoNvml()), gpus_other.run(ctx)], ctx)
    facts = dataclasses.replace(
        found, os=linux(system="Windows", name="Windows 10", version="10.0.19045",
                        kernel=None, machine="AMD64", glibc=None),
        cpu=cpu_ok(), python=python(dist("tensorflow", "2.10.1")))
    f = next(f for f in diagnose(facts).findings if f.id == "nvidia-gpu-presence-unknown")
    assert f.fix[0].startswith("Get-CimInstance Win32_VideoController")
    assert not any("/sys/bus/pci" in line or "lspci" in line for line in f.fix)
