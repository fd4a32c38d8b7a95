"""An nvidia-smi that prints nothing, or that cannot reach the NVIDIA kernel module, listed
no hardware: an adapter listing that answered (no NVIDIA function on the PCI bus) decides,
its evidence is shown, and the headline, the driver finding and the plan agree (no GPU is
named that the bus does not show)."""

from __future__ import annotations

import dataclasses

from doctor_helpers import PCI_NO_DISPLAY, cpu_ok, dist, linux, python

from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import DriverFacts, HostFacts, ProbeRecord, ProbeStatus, TFFacts
from tfgpu.facts.presence import nvidia_gpu_presence
from tfgpu.findings import Severity
from tfgpu.plan.target import target_from_facts

NOT_LOADED = ("NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. "
              "Make sure that the latest NVIDIA driver is installed and running.")


def _host(message: str, *pci: ProbeRecord) -> HostFacts:
    return HostFacts(
        os=linux(), python=python(dist("tensorflow", "2.21.0")), cpu=cpu_ok(),
        driver=DriverFacts(ProbeStatus.ERROR, source="nvidia-smi", message=message),
        tf=TFFacts(ProbeStatus.SKIPPED),
        probes=(ProbeRecord("nvidia-smi", ProbeStatus.ERROR, ("nvidia-smi",), returncode=9,
                            message=message), *pci))


def test_not_loaded_with_no_nvidia_on_the_pci_bus_shows_the_listing_and_no_gpu() -> None:
    facts = _host(NOT_LOADED, *PCI_NO_DISPLAY)
    assert nvidia_gpu_presence(facts).state == "absent"
    report = diagnose(facts)
    (f,) = [f for f in report.findings if f.id == "nvidia-driver-not-loaded"]
    assert f.severity is Severity.WARNING and "no NVIDIA GPU" in f.title
    assert any(e.source.startswith("sysfs-pci") for e in f.evidence)
    assert "shows no NVIDIA device" in f.cause and "does not drive the GPU" not in f.cause
    assert "(no NVIDIA GPU on this host)" in report.verdict.headline
    target = target_from_facts(facts)
    assert target.gpu_vendor is None and "NVIDIA GPU" not in target.summary()


def test_not_loaded_without_an_answering_listing_is_still_a_broken_driver() -> None:
    facts = _host(NOT_LOADED, dataclasses.replace(PCI_NO_DISPLAY[1], status=ProbeStatus.MISSING))
    report = diagnose(facts)
    (f,) = [f for f in report.findings if f.id == "nvidia-driver-not-loaded"]
    assert f.severity is Severity.ERROR and "kernel module not loaded" in f.title
    assert target_from_facts(facts).gpu_vendor == "nvidia"


def test_nvidia_smi_that_prints_nothing_shows_the_pci_listing_behind_no_gpu() -> None:
    facts = _host("nvidia-smi printed nothing (exit 0)", *PCI_NO_DISPLAY)
    report = diagnose(facts)
    assert "(no NVIDIA GPU on this host)" in report.verdict.headline
    (f,) = [f for f in report.findings if f.id == "nvidia-smi-unreadable"]
    assert any(e.source.startswith("sysfs-pci") for e in f.evidence)
    assert "is unknown" not in f.cause and "shows no NVIDIA device" in f.cause
    assert "no NVIDIA GPU" in f.title
