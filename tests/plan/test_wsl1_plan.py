"""A Linux distribution under WSL1 is planned as WSL1: it can never reach a GPU, so the plan
promises none, and its first step converts the distribution to WSL2 with Microsoft's
``wsl --set-version <distro> 2`` (platform fact ``wsl1-convert-to-wsl2``)."""

from __future__ import annotations

import io
import json
from typing import Any

import jsonschema
import pytest

from tfgpu._proc import FakeRunner
from tfgpu.facts import DriverFacts, HostFacts, OSFacts, ProbeRecord, ProbeStatus, PythonFacts
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan
from tfgpu.plan.model import Manual, PipInstall, Plan, Route, Shell, Verify
from tfgpu.plan.render import plan_to_dict, render_sh, render_text
from tfgpu.plan.routes._shared import PlanError
from tfgpu.plan.target import target_from_description, target_from_facts, target_this_host
from tfgpu.schemas import load_schema

KB = load_knowledge()
#: WSL1's kernel release (probes/os_info.parse_wsl: "Microsoft" without "WSL2").
WSL1_KERNEL = "4.4.0-19041-Microsoft"


def _wsl1(pci: ProbeStatus) -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux", name="Ubuntu 22.04.4 LTS", machine="x86_64",
                   kernel=WSL1_KERNEL, is_wsl=True, wsl_version=1),
        python=PythonFacts(version="3.11.7", executable="/usr/bin/python3"),
        driver=DriverFacts(ProbeStatus.MISSING, source="nvidia-smi",
                           message="nvidia-smi: not found"),
        probes=(ProbeRecord("sysfs-pci", pci, message="PCI listing"),))


def _check_wsl1_plan(plan: Plan) -> None:
    assert plan.target_summary.startswith("wsl1 x86_64")
    assert not plan.uses_gpu and plan.route is Route.CPU
    assert not any("and-cuda" in r for r in plan.requirements)
    first = plan.steps[0]
    assert isinstance(first.action, Manual) and first.shell is Shell.POWERSHELL
    assert "wsl --set-version <distro> 2" in first.action.commands
    assert not any(isinstance(s.action, Manual) and "driver" in s.title.lower()
                   for s in plan.steps)
    assert [s.action for s in plan.steps if isinstance(s.action, Verify)] == [
        Verify(expect_gpu=False)]
    assert plan.reasons[0].ref == "platform_facts:wsl1-convert-to-wsl2"
    assert "WSL1" in plan.reasons[0].text and "WSL2" in plan.reasons[0].text


@pytest.mark.parametrize("pci", [ProbeStatus.MISSING, ProbeStatus.OK],
                         ids=["pci-listing-missing", "pci-listing-answered"])
def test_wsl1_snapshot_targets_wsl1_converts_first_and_promises_no_gpu(
        pci: ProbeStatus) -> None:
    target = target_from_facts(_wsl1(pci))
    assert target.os == "wsl1" and target.gpu_unknown is None
    plan = make_plan(target, KB)
    _check_wsl1_plan(plan)
    text = render_text(plan)
    assert "no GPU reachable (WSL1)" in text
    assert "uses the GPU" not in text and "presence unknown" not in text
    assert "Install the NVIDIA driver" not in text
    assert "wsl --set-version <distro> 2" in render_sh(plan)


def test_wsl1_json_plan_is_valid_and_says_no_gpu() -> None:
    doc = plan_to_dict(make_plan(target_from_facts(_wsl1(ProbeStatus.MISSING)), KB))
    jsonschema.validate(json.loads(json.dumps(doc)), load_schema("plan"))
    assert doc["uses_gpu"] is False and doc["route"] == "cpu"
    assert doc["steps"][0]["kind"] == "Manual" and doc["steps"][0]["shell"] == "powershell"


def test_described_wsl1_with_a_gpu_still_plans_the_cpu_build() -> None:
    plan = make_plan(target_from_description("wsl1", gpu="RTX 4090", driver="560.94",
                                             python="3.12"), KB)
    _check_wsl1_plan(plan)
    assert "RTX 4090 (not reachable from WSL1)" in plan.target_summary


def test_wsl1_routes_are_the_cpu_build_by_pip_or_conda_only() -> None:
    target = target_from_facts(_wsl1(ProbeStatus.MISSING))
    pip = make_plan(target, KB, Route.PIP)
    assert not pip.uses_gpu
    installs = [r for s in pip.steps if isinstance(s.action, PipInstall)
                for r in s.action.requirements]
    assert not any("and-cuda" in r for r in installs)
    for route in (Route.SYSTEM_CUDA, Route.WSL2, Route.ROCM):
        with pytest.raises(PlanError):
            make_plan(target, KB, route)


def test_the_conversion_command_is_microsofts_and_sourced() -> None:
    fact = KB.platform_fact("wsl1-convert-to-wsl2")
    assert fact.items("commands") == ("wsl --list --verbose", "wsl --set-version <distro> 2")
    assert {"WSL-CMD", "NVWSL"} <= set(fact.source_keys)


def test_this_host_under_wsl1_is_wsl1(monkeypatch: pytest.MonkeyPatch) -> None:
    kernel = {"/proc/version": f"Linux version {WSL1_KERNEL} (Microsoft@Microsoft.com) #1",
              "/proc/sys/kernel/osrelease": WSL1_KERNEL + "\n"}

    def fake_open(path: str, *args: Any, **kwargs: Any) -> io.StringIO:
        if path not in kernel:
            raise OSError(path)
        return io.StringIO(kernel[path])

    monkeypatch.setattr("tfgpu.plan.target.platform.system", lambda: "Linux")
    monkeypatch.setattr("tfgpu.plan.target.open", fake_open, raising=False)
    assert target_this_host(FakeRunner({})).os == "wsl1"
    kernel["/proc/sys/kernel/osrelease"] = "5.15.153.1-microsoft-standard-WSL2\n"
    kernel["/proc/version"] = "Linux version 5.15.153.1-microsoft-standard-WSL2"
    assert target_this_host(FakeRunner({})).os == "wsl2"
