"""TensorFlow's CPU feature guard aborting ("compiled to use AVX instructions, but these
aren't available on your machine", cpu_feature_guard.cc; the 2.21 wheel's
libtensorflow_framework.so.2 holds the wording) on a Mac that the log or the host facts show
is Apple silicon is an Intel (x86-64) Python under Rosetta 2: never "this CPU lacks AVX" with
VM and /proc/cpuinfo fixes.  A macOS log that does not tell the chip gets both readings and
macOS's checks; an Intel Mac gets the CPU reading with macOS's feature check; a Linux log that
names an Apple chip (a container on a Mac) is not read as a Python under Rosetta."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.findings import Finding

SCENARIOS = Path(__file__).parents[1] / "fixtures" / "doctor-scenarios"


def _guard(isa: str) -> str:
    return (f"The TensorFlow library was compiled to use {isa} instructions, but these aren't "
            "available on your machine.")


def _cpu_finding(lines: list[str], facts: HostFacts | None = None) -> Finding:
    return next(f for f in explain_lines(lines, facts)
                if f.id in ("cpu-lacks-required-instructions", "macos-x86-python-under-rosetta"))


@pytest.mark.parametrize(("chip_line", "chip"), [
    ("Apple M2", "Apple M2"),                                        # sysctl brand_string
    ("MacBook Pro M1 Pro, macOS 14.2", "Apple M1 Pro"),
    ("Hardware: MacBook Pro (14-inch, M3, Nov 2023)", "Apple M3"),   # Apple's model name
    ("Mac mini (M2 Pro, 2023)", "Apple M2 Pro"),
    ("I'm on an M1 Mac with Ventura", "Apple M1"),
    ("my M2 MacBook Air", "Apple M2"),
])
@pytest.mark.parametrize("isa", ["AVX", "AVX AVX2", "SSE4.2"])
@pytest.mark.parametrize("machine", ["x86_64", "macOS-14.4.1-x86_64-i386-64bit", None])
def test_guard_abort_with_an_apple_chip_in_the_log_is_rosetta(
        chip_line: str, chip: str, isa: str, machine: str | None) -> None:
    lines = [chip_line, *([machine] if machine else []), "% python3 train.py", _guard(isa),
             "zsh: abort      python3 train.py"]
    f = _cpu_finding(lines)
    assert f.id == "macos-x86-python-under-rosetta"
    assert chip in f.title and isa in f.title
    fix = "\n".join(f.fix)
    assert "/proc/cpuinfo" not in fix and "VMware" not in fix and "-march" not in fix
    assert "arm64 Python" in fix


def test_guard_abort_on_an_apple_silicon_host_is_rosetta() -> None:
    host = HostFacts.from_json((SCENARIOS / "apple_m2.json").read_text(encoding="utf-8"))
    f = _cpu_finding([_guard("AVX")], host)
    assert f.id == "macos-x86-python-under-rosetta" and "Apple M2" in f.title


@pytest.mark.parametrize("context", [
    '(base) maria@MacBook-Pro ~ % python -c "import tensorflow as tf"',
    '  File "/Users/maria/miniconda3/lib/python3.9/site-packages/tensorflow/__init__.py"',
])
def test_guard_abort_on_macos_with_unknown_chip_gives_both_readings(context: str) -> None:
    f = _cpu_finding([context, _guard("AVX")])
    assert f.id == "cpu-lacks-required-instructions" and "Rosetta" in f.title
    fix = "\n".join(f.fix)
    assert "/proc/cpuinfo" not in fix and "VMware" not in fix
    assert "sysctl -n machdep.cpu.brand_string" in fix and "platform.machine()" in fix


def test_guard_abort_on_an_intel_mac_checks_macos_features() -> None:
    f = _cpu_finding(["ProductName: macOS", "x86_64", _guard("AVX")])
    assert f.id == "cpu-lacks-required-instructions" and "Rosetta" not in f.title
    fix = "\n".join(f.fix)
    assert "sysctl machdep.cpu.features" in fix and "/proc/cpuinfo" not in fix


@pytest.mark.parametrize("lines", [
    # a Linux amd64 container on an Apple-silicon Mac: the image, not a macOS Python
    ["Apple M2", "root@3f2c1d:/workspace# ls /usr/local/lib/python3.11/site-packages/tensorflow",
     "libtensorflow_cc.so.2  libtensorflow_framework.so.2  python", _guard("AVX")],
    # an arm64 Python: not under Rosetta
    ["Apple M2", "macOS-14.4.1-arm64-arm-64bit", _guard("AVX")],
])
def test_guard_abort_is_not_rosetta_without_a_macos_x86_python(lines: list[str]) -> None:
    assert _cpu_finding(lines).id == "cpu-lacks-required-instructions"


def test_guard_abort_on_linux_keeps_the_cpu_reading() -> None:
    f = _cpu_finding(["export LD_LIBRARY_PATH=/usr/local/cuda/lib64", _guard("AVX")])
    assert f.id == "cpu-lacks-required-instructions"
    assert "/proc/cpuinfo" in "\n".join(f.fix)
