"""A host whose snapshot cannot tell whether it has an NVIDIA GPU is planned the CUDA build,
with the reason, never ``tensorflow-cpu`` under "no GPU was found"."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from tfgpu.facts import DriverFacts, HostFacts, OSFacts, ProbeRecord, ProbeStatus, PythonFacts
from tfgpu.facts.host import read_facts_file
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan
from tfgpu.plan.model import Manual, Plan, Route, Verify
from tfgpu.plan.render import plan_to_dict, render_text
from tfgpu.plan.target import target_from_facts
from tfgpu.schemas import load_schema

SCENARIOS = Path(__file__).resolve().parents[1] / "fixtures" / "doctor-scenarios"
KB = load_knowledge()
HUNG_LSPCI = ProbeRecord("lspci", ProbeStatus.TIMEOUT, ("lspci", "-nn"), duration_s=10.0)
NO_PCI = ProbeRecord("sysfs-pci", ProbeStatus.MISSING, message="no PCI device listed")


def _linux(*probes: ProbeRecord) -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux", name="Debian GNU/Linux 12", machine="x86_64"),
        python=PythonFacts(version="3.11.7", executable="/usr/bin/python3"),
        driver=DriverFacts(ProbeStatus.MISSING, source="nvidia-smi",
                           message="nvidia-smi: not found"),
        probes=probes)


def _plan(facts: HostFacts, route: Route | None = None) -> Plan:
    return make_plan(target_from_facts(facts), KB, route)


@pytest.mark.parametrize("facts", [
    pytest.param(_linux(HUNG_LSPCI, NO_PCI), id="linux-lspci-hung-no-pci-listing"),
    pytest.param(read_facts_file(str(SCENARIOS / "wsl2_nodriver.json")), id="wsl2-no-driver"),
])
def test_unknown_gpu_presence_plans_the_cuda_build_and_says_why(facts: HostFacts) -> None:
    plan = _plan(facts)
    assert plan.route is Route.PIP
    assert plan.requirements == ("tensorflow[and-cuda]~=2.21.0",)
    # no GPU is promised while its presence is unknown (plan.uses_gpu's meaning)
    assert not plan.uses_gpu and plan.gpu_unverified and plan.gpu_presence_unknown
    assert "NVIDIA GPU presence unknown" in plan.target_summary
    first = plan.reasons[0]
    assert first.text.startswith("whether this host has an NVIDIA GPU is unknown (")
    assert first.ref == "platform_facts:tensorflow-is-cuda-build"
    assert not any("no GPU was found" in r.text for r in plan.reasons)
    # the driver step is conditional and the final check does not require a GPU
    driver = next(s for s in plan.steps if isinstance(s.action, Manual))
    assert driver.title.startswith("Only if this host has an NVIDIA GPU: install the NVIDIA "
                                   "driver")
    assert [s.action for s in plan.steps if isinstance(s.action, Verify)] == [
        Verify(expect_gpu=False)]
    assert any(a.route is Route.CPU and "--route cpu" in a.summary for a in plan.alternatives)
    assert not any("--cc" in w.text for w in plan.warnings)
    text = render_text(plan)
    assert "uses an NVIDIA GPU if this host has one (unknown: see why), else the CPU" in text
    assert "pip install 'tensorflow-cpu" not in text
    # the CPU build only when asked for
    cpu = _plan(facts, Route.CPU)
    assert cpu.route is Route.CPU and cpu.requirements == ("tensorflow-cpu~=2.21.0",)


def test_unknown_gpu_presence_names_what_did_not_answer() -> None:
    why = _plan(_linux(HUNG_LSPCI, NO_PCI)).reasons[0].text
    assert ("no NVIDIA driver answers, and nothing could list the PCI devices: lspci timed out "
            "after 10 s, /sys/bus/pci/devices lists no device") in why


def test_unknown_gpu_presence_json_plan_is_valid_and_keeps_schema_keys() -> None:
    doc = plan_to_dict(_plan(_linux(HUNG_LSPCI, NO_PCI)))
    jsonschema.validate(json.loads(json.dumps(doc)), load_schema("plan"))
    assert "gpu_presence_unknown" not in doc and doc["gpu_unverified"] is True


def test_unknown_gpu_presence_json_plan_promises_no_gpu() -> None:
    doc = plan_to_dict(_plan(_linux(HUNG_LSPCI, NO_PCI)))
    assert doc["uses_gpu"] is False and doc["gpu_unverified"] is True
    assert list(doc["requirements"]) == ["tensorflow[and-cuda]~=2.21.0"]


def _driver_step_text(plan: Plan) -> str:
    step = next(s for s in plan.steps if isinstance(s.action, Manual))
    assert isinstance(step.action, Manual)
    return step.action.text


@pytest.mark.parametrize("sysfs", [ProbeStatus.MISSING, ProbeStatus.ERROR, ProbeStatus.TIMEOUT])
def test_a_failed_pci_listing_is_not_the_check_for_a_gpu(sysfs: ProbeStatus) -> None:
    lspci_missing = ProbeRecord("lspci", ProbeStatus.MISSING, ("lspci", "-nn"))
    failed = ProbeRecord("sysfs-pci", sysfs, message="/sys/bus/pci/devices unreadable")
    plan = _plan(_linux(lspci_missing, failed))
    assert plan.gpu_presence_unknown
    text = _driver_step_text(plan)
    assert "/sys/bus/pci/devices/*/vendor" not in text and "otherwise skip" not in text
    assert "`nvidia-smi` on the machine that runs this container" in text
    assert "cloud instance type" in text and "only when that shows no NVIDIA GPU" in text
    # where the PCI bus was not tried, the sysfs check can answer; inside WSL2, Windows'
    # device list (its PCI bus never shows the GPU)
    untried = _plan(_linux(HUNG_LSPCI))
    assert untried.gpu_presence_unknown
    assert ("`grep -l 0x10de /sys/bus/pci/devices/*/vendor` prints a path"
            in _driver_step_text(untried))
    wsl2 = _plan(read_facts_file(str(SCENARIOS / "wsl2_nodriver.json")))
    assert "Windows' Device Manager lists it under Display adapters" in _driver_step_text(wsl2)


@pytest.mark.parametrize("facts", [
    pytest.param(_linux(HUNG_LSPCI, NO_PCI), id="linux-lspci-hung-no-pci-listing"),
    pytest.param(read_facts_file(str(SCENARIOS / "wsl2_nodriver.json")), id="wsl2-no-driver"),
])
def test_alternatives_give_their_own_reason_not_the_presence_text(facts: HostFacts) -> None:
    plan = _plan(facts)
    assert plan.alternatives
    for alt in plan.alternatives:
        if alt.reason is None:
            continue
        assert alt.reason != plan.reasons[0], alt.route
        assert "whether this host has an NVIDIA GPU is unknown" not in alt.reason.text
        assert "was asked for" not in alt.reason.text
    conda = next(a for a in plan.alternatives if a.route is Route.CONDA)
    assert conda.reason is not None and conda.reason.text.startswith("route conda:")


def test_a_pci_listing_without_nvidia_still_plans_the_cpu_build() -> None:
    seen = ProbeRecord("sysfs-pci", ProbeStatus.OK, message="6 PCI functions, none a display "
                       "adapter")
    plan = _plan(_linux(HUNG_LSPCI, seen))
    assert plan.route is Route.CPU and not plan.gpu_presence_unknown
    assert plan.reasons[0].text == "no GPU was found"


def test_nvidia_smi_that_printed_nothing_is_presence_unknown_not_a_broken_driver() -> None:
    facts = _linux(NO_PCI)
    facts = HostFacts(os=facts.os, python=facts.python, probes=facts.probes,
                      driver=DriverFacts(ProbeStatus.ERROR, source="nvidia-smi",
                                         message="nvidia-smi printed nothing (exit 0)"))
    plan = _plan(facts)
    assert "driver broken" not in plan.target_summary
    assert plan.gpu_presence_unknown and plan.requirements == ("tensorflow[and-cuda]~=2.21.0",)
    assert ("nvidia-smi gave no answer tfgpu can read: nvidia-smi printed nothing (exit 0)"
            in plan.reasons[0].text)
