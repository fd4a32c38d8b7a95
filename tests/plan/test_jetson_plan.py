"""An NVIDIA Jetson (a Tegra system-on-chip) is planned NVIDIA's way: TensorFlow uses its
on-chip GPU only as NVIDIA's build for the JetPack release installed on it, so the plan
never offers ``tensorflow[and-cuda]`` (nor a driver install), names NVIDIA's page, pins no
release the knowledge does not have, and keeps the CPU build as the alternative (platform
fact ``jetson-gpu-on-chip``)."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tfgpu.cli.main import main
from tfgpu.facts import (
    DriverFacts,
    HostFacts,
    OSFacts,
    ProbeRecord,
    ProbeStatus,
    PythonFacts,
)
from tfgpu.knowledge import docs, load_knowledge
from tfgpu.plan import InstallRefused, make_plan
from tfgpu.plan.install import check_installable
from tfgpu.plan.model import Manual, PipInstall, Plan, Route
from tfgpu.plan.render import plan_to_dict, render_sh, render_text
from tfgpu.plan.routes._shared import PlanError
from tfgpu.plan.target import TargetHost, target_from_description, target_from_facts
from tfgpu.schemas import load_schema

KB = load_knowledge()
PAGE = docs.url("jetson-tensorflow")
#: A Jetson's PCI bus lists its PCIe bridges only (platform_facts:jetson-gpu-on-chip).
PCI_BRIDGES = ProbeRecord("sysfs-pci", ProbeStatus.OK,
                          message="2 PCI functions, none a display adapter")


def _jetson(kernel: str, soc: str | None = None) -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux", name="Ubuntu 20.04.6 LTS", machine="aarch64", kernel=kernel,
                   nvidia_soc=soc),
        python=PythonFacts(version="3.8.10", executable="/usr/bin/python3"),
        driver=DriverFacts(ProbeStatus.MISSING, source="nvidia-smi",
                           message="nvidia-smi: not found"),
        probes=(PCI_BRIDGES,))


JETSONS = [
    pytest.param(target_from_facts(_jetson("5.10.120-tegra")), id="jetpack5-tegra-kernel"),
    pytest.param(target_from_facts(_jetson("5.15.148-tegra")), id="jetpack6-tegra-kernel"),
    pytest.param(target_from_facts(_jetson(
        "5.10.0-custom", "/etc/nv_tegra_release: # R35 (release), REVISION: 4.1")),
        id="nv-tegra-release-custom-kernel"),
    pytest.param(target_from_description("linux", gpu="Jetson AGX Orin", python="3.10"),
                 id="described-jetson-agx-orin"),
]


def _check_jetson_plan(plan: Plan) -> None:
    assert plan.route is Route.JETSON and plan.uses_gpu and plan.gpu_unverified
    assert plan.requirements == () and plan.tf_version is None
    assert not any(isinstance(s.action, PipInstall) for s in plan.steps)
    assert all(isinstance(s.action, Manual) for s in plan.steps)
    assert not any("driver" in s.title.lower() for s in plan.steps)
    install = next(s for s in plan.steps if "NVIDIA's TensorFlow" in s.title)
    assert isinstance(install.action, Manual) and install.action.url == PAGE
    assert plan.reasons[0].ref == "platform_facts:jetson-gpu-on-chip"
    assert "JetPack" in plan.reasons[0].text
    assert any(PAGE in r.text for r in plan.reasons)
    assert [a.route for a in plan.alternatives] == [Route.CPU]
    assert not any("--cc" in w.text for w in plan.warnings)


@pytest.mark.parametrize("target", JETSONS)
def test_a_jetson_gets_nvidias_jetpack_build_never_the_and_cuda_wheels(
        target: TargetHost) -> None:
    assert target.arch == "arm64"
    plan = make_plan(target, KB)
    _check_jetson_plan(plan)
    for text in (render_text(plan), render_sh(plan)):
        assert "pip install 'tensorflow[and-cuda]" not in text
        assert "tensorflow-cpu" not in text and "presence unknown" not in text
        assert "Route: jetson" in text


def test_jetson_json_plan_is_valid() -> None:
    doc = plan_to_dict(make_plan(target_from_facts(_jetson("5.10.120-tegra")), KB))
    jsonschema.validate(json.loads(json.dumps(doc)), load_schema("plan"))
    assert doc["route"] == "jetson" and doc["tf_version"] is None
    assert list(doc["requirements"]) == [] and doc["uses_gpu"] is True


def test_jetson_routes_other_gpu_routes_are_refused_and_cpu_is_the_cpu_build() -> None:
    target = target_from_facts(_jetson("5.10.120-tegra"))
    for route in (Route.PIP, Route.SYSTEM_CUDA, Route.CONDA):
        with pytest.raises(PlanError, match="route 'jetson'"):
            make_plan(target, KB, route)
    assert make_plan(target, KB, Route.JETSON).route is Route.JETSON
    cpu = make_plan(target, KB, Route.CPU)
    assert cpu.route is Route.CPU and not cpu.uses_gpu
    with pytest.raises(PlanError, match="is for an NVIDIA Jetson"):
        make_plan(target_from_description("linux", gpu="RTX 3060"), KB, Route.JETSON)


def test_a_driver_given_for_a_jetson_is_noted_not_used() -> None:
    plan = make_plan(target_from_description("linux", gpu="Jetson AGX Orin",
                                             driver="540.3"), KB)
    _check_jetson_plan(plan)
    assert any("part of Jetson Linux" in w.text for w in plan.warnings)
    assert "driver 540.3" not in plan.target_summary


def test_tfgpu_install_refuses_a_jetson_plan(tmp_path: Path) -> None:
    plan = make_plan(target_from_facts(_jetson("5.10.120-tegra")), KB)
    with pytest.raises(InstallRefused, match="NVIDIA's build for its JetPack release"):
        check_installable(plan, tmp_path / "env", explicit_env=False)


def test_jetson_plan_cli_exit_codes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    snapshot = tmp_path / "jetson.json"
    snapshot.write_text(_jetson("5.10.120-tegra").to_json(), encoding="utf-8")
    assert main(["plan", "--facts", str(snapshot)]) == 0
    out = capsys.readouterr().out
    assert "Route: jetson" in out and "NVIDIA Jetson GPU on the chip" in out
    assert main(["plan", "--facts", str(snapshot), "--format", "conda"]) == 2


def _x86_host() -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux", name="Debian GNU/Linux 12 (bookworm)", machine="x86_64",
                   kernel="6.1.0-18-amd64"),
        python=PythonFacts(version="3.11.2", executable="/usr/bin/python3"),
        driver=DriverFacts(ProbeStatus.OK, version="550.54.14", cuda_version="12.4",
                           source="nvidia-smi"))


@pytest.mark.parametrize("gpu", ["Jetson Orin Nano", "Jetson AGX Orin", "jetson xavier nx"])
def test_a_jetson_named_on_another_host_is_planned_as_that_jetson(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], gpu: str) -> None:
    facts = tmp_path / "x86.json"
    facts.write_text(_x86_host().to_json(), encoding="utf-8")
    assert main(["plan", "--facts", str(facts), "--gpu", gpu, "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    summary = doc["target_summary"]
    assert "linux arm64" in summary and "x86_64" not in summary
    assert "Debian" not in summary and "Python 3.11" not in summary
    assert "550.54.14" not in json.dumps(doc)  # the x86 host's driver is not the Jetson's
    # an option given on the command line still counts
    assert main(["plan", "--facts", str(facts), "--gpu", gpu, "--python", "3.10"]) == 0
    assert "linux arm64, Python 3.10" in capsys.readouterr().out


def test_a_jetson_snapshot_keeps_its_own_facts_when_gpu_names_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    facts = tmp_path / "jetson.json"
    facts.write_text(_jetson("5.10.120-tegra").to_json(), encoding="utf-8")
    assert main(["plan", "--facts", str(facts), "--gpu", "Jetson AGX Orin"]) == 0
    assert "linux arm64 (Ubuntu 20.04.6 LTS), Python 3.8" in capsys.readouterr().out
