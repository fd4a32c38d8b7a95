"""GPU names as people write them resolve to the right vendor and model; an AMD card never
gets NVIDIA steps; the ROCm plan installs from AMD's wheel repository (issue 12)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, render
from tfgpu.plan.install import planned_steps
from tfgpu.plan.model import PipInstall, Route
from tfgpu.plan.target import guess_vendor, target_from_description

KB = load_knowledge()


@pytest.mark.parametrize(("name", "vendor"), [
    ("RX 7900 XTX", "amd"), ("Radeon RX 7900 XTX", "amd"), ("rx7900xtx", "amd"),
    ("Radeon 780M", "amd"), ("AMD Radeon 780M Graphics", "amd"), ("MI300X", "amd"),
    ("Instinct MI250", "amd"), ("RX 580", "amd"),
    # bare Radeon numbers with their XT/XTX/GRE suffix (were NVIDIA: pip + CUDA steps)
    ("7900 XTX", "amd"), ("7900xtx", "amd"), ("6700 XT", "amd"), ("7900 GRE", "amd"),
    ("4070 Ti", "nvidia"), ("4080 SUPER", "nvidia"),
    ("Arc A770", "intel"), ("A770", "intel"), ("B580", "intel"), ("Intel Iris Xe", "intel"),
    ("M3 Max", "apple"), ("Apple M2", "apple"), ("M1", "apple"),
    ("4090", "nvidia"), ("3060 laptop", "nvidia"), ("RTX 4090", "nvidia"),
    ("A100", "nvidia"), ("RTX A5000", "nvidia"), ("A6000", "nvidia"), ("GTX 980M", "nvidia"),
    ("NVIDIA GeForce RTX 3060 Laptop GPU", "nvidia"), ("Quadro RTX 8000", "nvidia"),
])
def test_vendor_of_names_as_people_write_them(name: str, vendor: str) -> None:
    assert guess_vendor(name) == vendor


@pytest.mark.parametrize(("name", "row", "cc"), [
    ("4090", "GeForce RTX 4090", "8.9"),
    ("3060 laptop", "GeForce RTX 3060 Laptop GPU", "8.6"),
    ("3060 Laptop", "GeForce RTX 3060 Laptop GPU", "8.6"),
    ("3060", "GeForce RTX 3060", "8.6"),
    ("1080 Ti", "GeForce GTX 1080 Ti", "6.1"),
    ("1650", "GeForce GTX 1650", "7.5"),
])
def test_bare_geforce_numbers_find_their_row(name: str, row: str, cc: str) -> None:
    m = KB.gpu_compute_capability(name)
    assert m is not None and (m.row.name, m.cc) == (row, cc)


@pytest.mark.parametrize("name", ["9999", "7900 xtx", "780m"])
def test_numbers_of_no_geforce_match_nothing(name: str) -> None:
    assert KB.gpu_compute_capability(name) is None


def test_plan_for_4090_and_3060_laptop_uses_their_compute_capability() -> None:
    for name, cc in (("4090", "8.9"), ("3060 laptop", "8.6")):
        plan = make_plan(target_from_description("linux", gpu=name, driver="550.54.14"), KB)
        assert plan.route is Route.PIP and plan.uses_gpu and not plan.gpu_unverified
        assert any(f"compute capability {cc}" in r.text for r in plan.reasons), plan.reasons


AMD = ["RX 7900 XTX", "Radeon 780M", "Radeon RX 6800 XT", "7900xtx"]


@pytest.mark.parametrize("name", AMD)
@pytest.mark.parametrize("os", ["linux", "wsl2", "windows"])
def test_an_amd_card_never_gets_nvidia_steps(name: str, os: str) -> None:
    plan = make_plan(target_from_description(os, gpu=name), KB)
    assert plan.route in (Route.ROCM, Route.CPU)
    assert not any("and-cuda" in r or r.startswith("nvidia-") for r in plan.requirements)
    for fmt in ("sh", "powershell", "requirements"):
        text = render(plan, fmt)
        steps = text.split("Step 1", 1)[-1] if fmt != "requirements" else text
        commands = [ln for ln in steps.splitlines() if ln.strip() and not
                    ln.lstrip().startswith("#")]
        assert not any("nvidia" in ln.lower() or "cuda" in ln.lower() for ln in commands), (
            fmt, commands)


def test_rocm_plan_installs_from_amds_wheel_repository() -> None:
    plan = make_plan(target_from_description("linux", gpu="RX 7900 XTX", python="3.12"), KB)
    assert plan.route is Route.ROCM
    fact = KB.platform_fact("amd-rocm")
    assert "ROCMWHEELS" in fact.source_keys
    url = "https://repo.radeon.com/rocm/manylinux/rocm-rel-6.2/"
    assert fact.value("wheel_index").replace("{rocm}", "6.2") == url
    (pip,) = [s.action for s in plan.steps
              if isinstance(s.action, PipInstall) and s.action.requirements != ("pip",)]
    assert pip.find_links == url and pip.requirements == ("tensorflow-rocm==2.16.1",)
    sh = render(plan, "sh")
    command = f'"$VENV/bin/python" -m pip install --find-links {url} tensorflow-rocm==2.16.1'
    assert command in sh.splitlines()  # a command, not a comment
    assert f"--find-links {url}" in render(plan, "requirements").splitlines()
    assert f'      - "--find-links {url}"' in render(plan, "conda").splitlines()
    ps = render(plan, "powershell")
    assert f"--find-links '{url}' 'tensorflow-rocm==2.16.1'" in ps
    argv = [s.argv for s in planned_steps(plan, Path("/tmp/env")) if "tensorflow-rocm==2.16.1"
            in s.argv]
    assert argv and argv[0][-3:] == ("--find-links", url, "tensorflow-rocm==2.16.1")
    doc = json.loads(render(plan, "json"))
    assert doc["schema_version"] == "1.2"
    assert any(s["action"].get("find_links") == url for s in doc["steps"])
    for fmt in ("text", "sh", "powershell", "requirements", "conda", "json"):
        assert "pypi" not in render(plan, fmt).lower()


@pytest.mark.parametrize(("name", "words"), [
    ("RX 7900 XTX", "is an AMD GPU"), ("Arc A770", "is an Intel GPU"),
    ("M3 Max", "is an Apple GPU")])
def test_matrix_names_the_vendor_of_a_non_nvidia_gpu(
        name: str, words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--gpu", name]) == 2
    err = capsys.readouterr().err
    assert words in err and "nvidia-smi" not in err


def test_matrix_finds_a_bare_number(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--gpu", "4090", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["gpu"]["match"]["name"] == "GeForce RTX 4090"
