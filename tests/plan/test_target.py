"""Target hosts: descriptions, facts snapshots, and this host via a recorded nvidia-smi."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.facts import GPU, DriverFacts, HostFacts, OSFacts, ProbeStatus, PythonFacts
from tfgpu.plan.target import (
    TargetError,
    guess_vendor,
    normalize_python,
    target_from_description,
    target_from_facts,
    target_this_host,
)

RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "recorded"


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("3.11", "3.11"),
        ("3.11.7", "3.11"),
        ("python3.12", "3.12"),
        ("py310", "3.10"),
        ("cp39", "3.9"),
    ],
)
def test_normalize_python(text: str, want: str) -> None:
    assert normalize_python(text) == want


@pytest.mark.parametrize("text", ["2.7", "three", "", "4.0"])
def test_bad_python_is_refused(text: str) -> None:
    with pytest.raises(TargetError):
        normalize_python(text)


@pytest.mark.parametrize(
    ("kw", "match"),
    [
        ({"os": "beos"}, "--os"),
        ({"os": "linux", "driver": "latest"}, "--driver"),
        ({"os": "linux", "arch": "sparc"}, "--arch"),
        ({"os": "linux", "compute_capability": "eight"}, "--cc"),
    ],
)
def test_bad_descriptions_are_refused(kw: dict[str, str], match: str) -> None:
    os_ = kw.pop("os")
    with pytest.raises(TargetError, match=match):
        target_from_description(os_, **kw)


@pytest.mark.parametrize(
    ("name", "vendor"),
    [
        ("Apple M2", "apple"),
        ("M3 Max", "apple"),
        ("AMD Radeon RX 7900 XTX", "amd"),
        ("Instinct MI300X", "amd"),
        ("Intel Arc A770", "intel"),
        ("NVIDIA GeForce RTX 3060 Laptop GPU", "nvidia"),
        ("A100", "nvidia"),
        ("Tesla T4", "nvidia"),
    ],
)
def test_guess_vendor(name: str, vendor: str) -> None:
    assert guess_vendor(name) == vendor


def test_apple_description_defaults_to_arm64_and_no_gpu_means_none() -> None:
    assert target_from_description("mac", gpu="Apple M2").arch == "arm64"
    t = target_from_description("linux", gpu="none")
    assert t.gpu_vendor is None and t.gpu_name is None


def _facts(**kw: object) -> HostFacts:
    base: dict[str, object] = {
        "os": OSFacts(system="Linux", name="Ubuntu 20.04.6 LTS", machine="x86_64"),
        "python": PythonFacts(version="3.8.10", executable="/usr/bin/python3"),
    }
    base.update(kw)
    return HostFacts(**base)  # type: ignore[arg-type]


def test_target_from_facts_takes_the_first_whole_nvidia_gpu_and_a_working_driver() -> None:
    facts = _facts(
        gpus=(
            GPU(0, "intel", "Intel UHD 630"),
            GPU(1, "nvidia", "NVIDIA A100 MIG 1g.10gb", is_mig=True),
            GPU(2, "nvidia", "NVIDIA GeForce GTX 1060 6GB", compute_capability="6.1"),
        ),
        driver=DriverFacts(ProbeStatus.OK, version="470.82.01"),
    )
    t = target_from_facts(facts)
    assert (t.os, t.python, t.gpu_name, t.compute_capability, t.driver) == (
        "linux",
        "3.8",
        "NVIDIA GeForce GTX 1060 6GB",
        "6.1",
        "470.82.01",
    )
    # A driver that failed but still printed its version (WSL2 "CUDA Version: ERR!")
    # keeps the version and is marked broken (final review, defect 1).
    broken = target_from_facts(
        _facts(driver=DriverFacts(ProbeStatus.ERROR, version="470.82.01", message="ERR!"))
    )
    assert (broken.driver, broken.driver_problem, broken.gpu_vendor) == (
        "470.82.01",
        "ERR!",
        "nvidia",
    )
    missing = target_from_facts(_facts(driver=DriverFacts(ProbeStatus.MISSING)))
    assert (missing.driver, missing.driver_problem, missing.gpu_vendor) == (None, None, None)


def test_target_from_facts_round_trips_through_json_and_knows_wsl() -> None:
    facts = _facts(os=OSFacts(system="Linux", is_wsl=True, wsl_version=2, machine="x86_64"))
    t = target_from_facts(HostFacts.from_json(facts.to_json()), origin="host.json")
    assert t.os == "wsl2" and t.origin == "host.json" and t.driver_is_windows


def test_this_host_reads_a_recorded_nvidia_smi_query() -> None:
    recorded = (
        RECORDED
        / "nvidia-smi-query"
        / "7x-b300-driver610.57.04-query-driver-name-computecap.csv.txt"
    ).read_text(encoding="utf-8")
    argv = ("nvidia-smi", "--query-gpu=driver_version,name,compute_cap", "--format=csv")
    t = target_this_host(FakeRunner({argv: recorded}))
    assert (t.gpu_vendor, t.gpu_name, t.driver, t.compute_capability) == (
        "nvidia",
        "NVIDIA B300 SXM6 AC",
        "610.57.04",
        "10.3",
    )


def test_this_host_falls_back_when_the_driver_is_too_old_for_compute_cap() -> None:
    old = ("nvidia-smi", "--query-gpu=driver_version,name,compute_cap", "--format=csv")
    fallback = ("nvidia-smi", "--query-gpu=driver_version,name", "--format=csv")
    runner = FakeRunner(
        {
            old: CommandResult(
                old, ProbeStatus.ERROR, 2, "", 'Field "compute_cap" is not a valid field'
            ),
            fallback: "driver_version, name\n470.82.01, NVIDIA GeForce GTX 1060 6GB\n",
        }
    )
    t = target_this_host(runner)
    assert (t.gpu_name, t.driver, t.compute_capability) == (
        "NVIDIA GeForce GTX 1060 6GB",
        "470.82.01",
        None,
    )


def test_this_host_without_nvidia_smi_has_no_nvidia_gpu() -> None:
    t = target_this_host(FakeRunner({}))
    assert t.gpu_vendor in (None, "apple") and t.origin == "this host"
