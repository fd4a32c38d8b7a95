"""The doctor's install lines and ``tfgpu plan`` never disagree about what to install.

Every fix line of the doctor that installs a TensorFlow package (``pip install``/``conda
install``) must be one the plan accepts for the same host (src/tfgpu/plan/agreement.py,
applied by ``tfgpu doctor`` and ``tfgpu fleet``): the release and route the plan picks,
another route's plan, or a release the planner's own rules let use the host's GPU, with
what the plan installs next to it (``numpy<2`` before NumPy 2 support, the pinned
tensorflow-metal pair).  Checked over every host snapshot under tests/fixtures.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from doctor_helpers import TESTS

from tfgpu.facts import HostFacts
from tfgpu.findings import Finding
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.agreement import (
    diagnose_with_plan as diagnose,
)
from tfgpu.plan.agreement import (
    host_rules,
    installed_requirements,
    line_accepted,
)

HOSTS = TESTS / "fixtures" / "plan-agreement-hosts"
FOLDERS = ("plan-agreement-hosts", "doctor-scenarios", "driver-aware-fix-hosts",
           "plan-hosts", "plan-driver-hosts")


def _snapshots() -> list[Path]:
    out: list[Path] = []
    for folder in FOLDERS:
        for path in sorted((TESTS / "fixtures" / folder).glob("*.json")):
            try:
                HostFacts.from_json(path.read_text(encoding="utf-8"))
            except Exception:  # noqa: BLE001 - not a host snapshot (a plan, a bad value)
                continue
            out.append(path)
    return out


def _load(name: str) -> HostFacts:
    return HostFacts.from_json((HOSTS / f"{name}.json").read_text(encoding="utf-8"))


def _fix(findings: tuple[Finding, ...], finding_id: str) -> tuple[str, ...]:
    return next(f for f in findings if f.id == finding_id).fix


def _tf_installs(findings: tuple[Finding, ...]) -> list[str]:
    return [line for f in findings for line in f.fix
            if (reqs := installed_requirements(line))
            and any("tensorflow" in r.name for r in reqs)]


@pytest.mark.parametrize("path", _snapshots(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_tensorflow_install_line_of_the_doctor_is_one_the_plan_accepts(path: Path) -> None:
    kb = load_knowledge()
    facts = HostFacts.from_json(path.read_text(encoding="utf-8"))
    rules = host_rules(facts, kb)
    if rules is None:
        pytest.skip("no plan can be made from this snapshot")
    for line in _tf_installs(diagnose(facts, kb).findings):
        reqs = installed_requirements(line)
        assert reqs is not None
        verdicts = [rules.release_accepted(reqs),
                    *(line_accepted(reqs, p, kb) for p in rules.plans if p.tf_version)]
        assert () in verdicts, line


def test_old_driver_cuda_finding_names_the_plans_release_not_the_newest() -> None:
    found = diagnose(_load("linux-gtx1060-driver470")).findings
    fix = "\n".join(_fix(found, "tf-cuda-runtime-missing"))
    assert "2.21.0" not in fix
    assert "'tensorflow[and-cuda]~=2.14.0' 'numpy<2'" in fix


def test_every_finding_of_a_low_compute_capability_host_names_one_release() -> None:
    # 2.15, not 2.16, for the GTX 960: the 2.16.1 wheel does not find the and-cuda libraries
    for host, release in (("linux-mx130-driver470", "2.14"), ("linux-gtx960-driver580", "2.15")):
        lines = _tf_installs(diagnose(_load(host)).findings)
        assert lines
        assert all(f"=={release}" in line or f"~={release}" in line for line in lines), lines


def test_apple_silicon_fix_is_the_plans_pinned_metal_pair() -> None:
    found = diagnose(_load("macos14-apple-m2-no-metal")).findings
    lines = _tf_installs(found)
    assert lines and all("tensorflow-metal==" in line and "tensorflow~=" in line
                         for line in lines)


def test_older_release_fix_lines_carry_numpy_below_2() -> None:
    for host in ("linux-rtx3060-driver470", "windows11-rtx3060-laptop-driver536"):
        lines = _tf_installs(diagnose(_load(host)).findings)
        assert lines
        assert all("numpy<2" in line for line in lines if "2.21" not in line), lines


def test_intel_integrated_graphics_gets_no_older_tensorflow_with_itex() -> None:
    found = diagnose(_load("linux-intel-iris-xe-tf221")).findings
    fixes = [line for f in found for line in f.fix]
    assert not any("intel-extension-for-tensorflow" in line for line in fixes)
    assert not any("tensorflow==2.15" in line for line in fixes)
