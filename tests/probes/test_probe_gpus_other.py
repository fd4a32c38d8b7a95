"""Non-NVIDIA GPU probe over the fixtures in tests/fixtures/gpus-other (see README there)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.facts import GPU, ProbeStatus
from tfgpu.probes import FakeFileSystem, ProbeContext, gpus_other

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "gpus-other"

LSPCI: dict[str, list[tuple[str, str, str]]] = {
    "lspci-nn-intel-igpu-mx130-gtx970-egpu.txt": [
        ("intel", "Intel Corporation Device", "0000:00:02.0"),
        ("nvidia", "NVIDIA Corporation GM108M [GeForce MX130]", "0000:02:00.0"),
        ("nvidia", "NVIDIA Corporation GM204 [GeForce GTX 970]", "0000:08:00.0"),
    ],
    "lspci-nn-amd-navi31-rx7900xtx.txt": [
        (
            "amd",
            "Advanced Micro Devices, Inc. [AMD/ATI] Navi 31 [Radeon RX 7900 XT/7900 XTX]",
            "0000:03:00.0",
        ),
    ],
    "lspci-nn-amd-rembrandt-680m-apu.txt": [
        ("amd", "Advanced Micro Devices, Inc. [AMD/ATI] Rembrandt [Radeon 680M]", "0000:74:00.0"),
    ],
    "lspci-nn-amd-hybrid-laptop-2013-prog-if.txt": [
        (
            "amd",
            "Advanced Micro Devices [AMD] nee ATI RS880M [Mobility Radeon HD 4225/4250]",
            "0000:01:05.0",
        ),
        (
            "amd",
            "Advanced Micro Devices [AMD] nee ATI Madison [Mobility Radeon HD 5650/5750 / 6550M]",
            "0000:02:00.0",
        ),
    ],
}


@pytest.mark.parametrize("name", sorted(LSPCI))
def test_parse_lspci(name: str) -> None:
    gpus = gpus_other.parse_lspci((FIX / name).read_text(encoding="utf-8"))
    assert [(g.vendor, g.name, g.pci_bus_id) for g in gpus] == LSPCI[name]
    assert [g.index for g in gpus] == list(range(len(gpus)))
    assert {g.source for g in gpus} == {"lspci"}


def test_parse_lspci_without_nn_uses_the_words() -> None:
    # Plain `lspci` line from https://github.com/dracula/tmux/issues/272
    text = "06:00.0 3D controller: NVIDIA Corporation GP108M [GeForce MX250] (rev a1)\n"
    (gpu,) = gpus_other.parse_lspci(text)
    assert (gpu.vendor, gpu.name) == ("nvidia", "NVIDIA Corporation GP108M [GeForce MX250]")


_SP, _WMI = gpus_other.parse_system_profiler, gpus_other.parse_win32_video
_M1 = GPU(0, "apple", "Apple M1 Pro", source="system_profiler")
_VEGA = GPU(0, "amd", "Radeon Pro Vega 64", memory_total_mib=16384, source="system_profiler")
_IRIS = GPU(0, "intel", "Intel(R) Iris(R) Xe Graphics", source="wmi")
_RTX = GPU(0, "nvidia", "NVIDIA GeForce RTX 3060 Laptop GPU", source="wmi")
_UHD = GPU(1, "intel", "Intel(R) UHD Graphics", memory_total_mib=1024, source="wmi")


@pytest.mark.parametrize(
    ("fixture", "parse", "want"),
    [
        ("system-profiler-apple-m1-pro-two-displays.txt", _SP, (_M1,)),
        ("system-profiler-imac-pro-radeon-pro-vega64.txt", _SP, (_VEGA,)),
        ("wmi-video-intel-iris-xe-single-object.json", _WMI, (_IRIS,)),
        # the RTX's AdapterRAM is saturated (a uint32 near 4 GiB): no memory figure for it
        ("wmi-video-COMPOSED-rtx3060-laptop-plus-intel-uhd.json", _WMI, (_RTX, _UHD)),
    ],
)
def test_parse_recorded_listing(
    fixture: str, parse: Callable[[str], tuple[GPU, ...]], want: tuple[GPU, ...]
) -> None:
    assert parse((FIX / fixture).read_text()) == want


@pytest.mark.parametrize("garbage", ["", "not json", "[1, 2]", '{"Name": 5}', "\x00"])
def test_garbage_never_raises(garbage: str) -> None:
    assert gpus_other.parse_win32_video(garbage) == ()
    assert gpus_other.parse_lspci(garbage) == ()
    assert gpus_other.parse_system_profiler(garbage) == ()


def test_run_linux_lspci() -> None:
    text = (FIX / "lspci-nn-intel-igpu-mx130-gtx970-egpu.txt").read_text()
    ctx = ProbeContext(runner=FakeRunner({("lspci", "-nn"): text}), env={}, system="Linux")
    res = gpus_other.run(ctx)
    assert [g.vendor for g in res.gpus] == ["intel", "nvidia", "nvidia"]
    assert [(r.name, r.status) for r in res.records] == [("lspci", ProbeStatus.OK)]


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_run_linux_sysfs_fallback(tmp_path: Path) -> None:
    # Tree composed from the real PCI ids of the egpu-switcher host (see README).
    drm = tmp_path / "sys/class/drm"
    for card, cls, ven, dev in (
        ("card0", "0x030000", "0x8086", "0x3e9b"),
        ("card1", "0x030200", "0x10de", "0x174d"),
    ):
        _write(drm / card / "device/class", cls + "\n")
        _write(drm / card / "device/vendor", ven + "\n")
        _write(drm / card / "device/device", dev + "\n")
    (drm / "card0-HDMI-A-1").mkdir()
    ctx = ProbeContext(runner=FakeRunner(), fs=FakeFileSystem(tmp_path), env={}, system="Linux")
    res = gpus_other.run(ctx)
    assert [(g.vendor, g.name, g.source) for g in res.gpus] == [
        ("intel", "PCI device [8086:3e9b]", "sysfs"),
        ("nvidia", "PCI device [10de:174d]", "sysfs"),
    ]
    assert [(r.name, r.status) for r in res.records] == [
        ("lspci", ProbeStatus.MISSING),
        ("sysfs-pci", ProbeStatus.MISSING),
        ("sysfs-drm", ProbeStatus.OK),
    ]


def test_run_linux_nothing(tmp_path: Path) -> None:
    ctx = ProbeContext(runner=FakeRunner(), fs=FakeFileSystem(tmp_path), env={}, system="Linux")
    res = gpus_other.run(ctx)
    assert res.gpus == ()
    assert res.records[-1].message == "no display adapter in /sys/class/drm"


def test_run_macos_arm64_without_system_profiler_is_apple() -> None:
    ctx = ProbeContext(runner=FakeRunner(), env={}, system="Darwin")
    res = gpus_other.run(ctx, machine="arm64")
    assert res.gpus == (GPU(0, "apple", "Apple silicon GPU", source="platform"),)
    assert gpus_other.run(ctx, machine="x86_64").gpus == ()


def test_run_windows_timeout_is_recorded() -> None:
    hung = CommandResult(gpus_other.WIN_COMMAND, ProbeStatus.TIMEOUT, message="stopped")
    ctx = ProbeContext(runner=FakeRunner({gpus_other.WIN_COMMAND: hung}), env={}, system="Windows")
    res = gpus_other.run(ctx)
    assert res.gpus == ()
    assert (res.records[0].name, res.records[0].status) == ("wmi-video", ProbeStatus.TIMEOUT)


def test_vendor_from_text() -> None:
    assert [
        gpus_other.vendor_from_text(t)
        for t in (
            "NVIDIA",
            "Advanced Micro Devices, Inc.",
            "Intel Corporation",
            "Apple (0x106b)",
            "Microsoft Corporation Basic Render Driver",
            "AMD (0x1002)",
        )
    ] == ["nvidia", "amd", "intel", "apple", "other", "amd"]


def test_run_linux_empty_lspci_falls_back_to_sysfs(tmp_path: Path) -> None:
    """In a container lspci can run yet list nothing; /sys may still show the card."""
    dev = tmp_path / "sys/class/drm/card0/device"
    _write(dev / "class", "0x030000\n")
    _write(dev / "vendor", "0x1002\n")
    _write(dev / "device", "0x744c\n")
    runner = FakeRunner({("lspci", "-nn"): ""})
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), env={}, system="Linux")
    assert [(g.vendor, g.source) for g in gpus_other.run(ctx).gpus] == [("amd", "sysfs")]


def _pci(root: Path, functions: dict[str, tuple[str, str, str]]) -> None:
    for bdf, (cls, ven, dev) in functions.items():
        for name, value in (("class", cls), ("vendor", ven), ("device", dev)):
            _write(root / "sys/bus/pci/devices" / bdf / name, value + "\n")


def test_pci_bus_shows_a_card_without_driver_when_lspci_hangs(tmp_path: Path) -> None:
    # a driverless card is on the PCI bus, not in /sys/class/drm (no DRM driver bound)
    _pci(tmp_path, {"0000:00:00.0": ("0x060000", "0x8086", "0x1237"),
                    "0000:3b:00.0": ("0x030200", "0x10de", "0x2330")})
    hung = CommandResult(("lspci", "-nn"), ProbeStatus.TIMEOUT, message="stopped")
    ctx = ProbeContext(runner=FakeRunner({("lspci", "-nn"): hung}), fs=FakeFileSystem(tmp_path),
                       env={}, system="Linux")
    res = gpus_other.run(ctx)
    assert [(g.vendor, g.name, g.pci_bus_id, g.source) for g in res.gpus] == [
        ("nvidia", "PCI device [10de:2330]", "0000:3b:00.0", "sysfs")]
    assert [(r.name, r.status) for r in res.records] == [
        ("lspci", ProbeStatus.TIMEOUT), ("sysfs-pci", ProbeStatus.OK)]


def test_pci_bus_without_display_adapter_is_an_answer(tmp_path: Path) -> None:
    _pci(tmp_path, {"0000:00:00.0": ("0x060000", "0x8086", "0x1237"),
                    "0000:00:03.0": ("0x020000", "0x1af4", "0x1000")})
    ctx = ProbeContext(runner=FakeRunner(), fs=FakeFileSystem(tmp_path), env={}, system="Linux")
    res = gpus_other.run(ctx)
    assert res.gpus == ()
    assert [(r.name, r.status, r.message) for r in res.records][1:] == [
        ("sysfs-pci", ProbeStatus.OK, "2 PCI functions, none a display adapter")]
