"""A virtual machine given no GPU by its host: its only display adapter is the hypervisor's
(platform fact ``virtual-display-adapters``, pci.ids names and ids), so ``no-nvidia-gpu``
says that the GPU must be passed through on the host; a real adapter gets no such words.
Probes run over a fake runner and a fake /sys tree."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from doctor_helpers import cpu_ok, dist, linux, python

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.capture.replay import NoNvml
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import HostFacts, ProbeStatus
from tfgpu.gather import merge
from tfgpu.probes import FakeFileSystem, ProbeContext, gpus_other, nvidia


def _lspci(text: str) -> FakeRunner:
    return FakeRunner({("lspci", "-nn"): CommandResult(("lspci", "-nn"), ProbeStatus.OK,
                                                       stdout=text, duration_s=0.05)})


def _probed(root: Path, runner: FakeRunner) -> HostFacts:
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(root), env={}, system="Linux")
    found = merge([nvidia.run(ctx, nvml=NoNvml()), gpus_other.run(ctx)], ctx)
    return dataclasses.replace(found, os=linux(), cpu=cpu_ok(),
                               python=python(dist("tensorflow", "2.21.0")))


def _no_gpu_cause(facts: HostFacts) -> tuple[str, tuple[str, ...]]:
    f = next(f for f in diagnose(facts).findings if f.id == "no-nvidia-gpu")
    return f.cause, f.fix


@pytest.mark.parametrize("line", [
    # VirtualBox's own adapter, and VMSVGA (the VMware SVGA II model VirtualBox 6+ gives
    # Linux guests), as lspci -nn prints them
    "00:02.0 VGA compatible controller [0300]: InnoTek Systemberatung GmbH VirtualBox "
    "Graphics Adapter [80ee:beef]",
    "00:02.0 VGA compatible controller [0300]: VMware SVGA II Adapter [15ad:0405]",
    "00:08.0 VGA compatible controller [0300]: Microsoft Corporation Hyper-V virtual VGA "
    "[1414:5353]",
    "00:01.0 VGA compatible controller [0300]: Red Hat, Inc. Virtio 1.0 GPU [1af4:1050] (rev 01)",
    # QEMU's standard VGA: vendor 1234 is not in pci.ids, lspci names it by its ids
    "00:02.0 VGA compatible controller [0300]: Device [1234:1111] (rev 02)",
], ids=["virtualbox", "vmsvga", "hyper-v", "virtio-gpu", "qemu-std-vga"])
def test_a_guest_whose_only_adapter_is_the_hypervisors_is_told_to_pass_the_gpu_through(
        tmp_path: Path, line: str) -> None:
    cause, fix = _no_gpu_cause(_probed(tmp_path, _lspci(line + "\n")))
    assert "this is a virtual machine" in cause, cause
    assert "passes one through (PCI passthrough or vGPU" in cause
    assert any("pass the NVIDIA GPU through to this VM" in x for x in fix), fix


def test_the_pci_bus_ids_name_the_hypervisor_without_lspci(tmp_path: Path) -> None:
    folder = tmp_path / "sys/bus/pci/devices/0000:00:02.0"
    folder.mkdir(parents=True)
    for name, value in (("class", "0x030000"), ("vendor", "0x15ad"), ("device", "0x0405")):
        (folder / name).write_text(value + "\n")
    cause, _ = _no_gpu_cause(_probed(tmp_path, FakeRunner()))
    assert "this is a virtual machine (PCI device [15ad:0405]" in cause, cause


def test_a_real_adapter_gets_no_virtual_machine_words(tmp_path: Path) -> None:
    line = ("00:02.0 VGA compatible controller [0300]: Intel Corporation UHD Graphics 620 "
            "[8086:5917] (rev 07)\n")
    cause, fix = _no_gpu_cause(_probed(tmp_path, _lspci(line)))
    assert "virtual machine" not in cause and not any("VM" in x for x in fix)
    assert "Intel GPU" in cause
