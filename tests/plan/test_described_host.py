"""Regression (new-user review, ux2 item 3): a plan for a described host (--os/--gpu)
orders its steps as they can run, says "administrator" on Windows, says which shell runs
each step when the plan mixes shells, and never reports facts nobody gave (no driver, no
GPU found) as if they were probed.  Python is named the same way in the route line and in
the alternatives (where each interpreter comes from)."""

from __future__ import annotations

import re

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, target_from_description
from tfgpu.plan.model import Manual, Plan, Route, Shell
from tfgpu.plan.render import render_text
from tfgpu.plan.target import TargetHost


def _plan(os_: str, **desc: str) -> Plan:
    return make_plan(target_from_description(os_, **desc), load_knowledge())


def _index(plan: Plan, start: str) -> int:
    return next(i for i, s in enumerate(plan.steps) if s.title.startswith(start))


@pytest.mark.parametrize("gpu", ["RTX 4090", "RTX 3060 Laptop", "GTX 1660"])
def test_windows_plan_installs_the_driver_before_checking_it(gpu: str) -> None:
    plan = _plan("windows", gpu=gpu)
    assert plan.route is Route.WSL2
    driver = _index(plan, "Install the NVIDIA driver")
    assert driver < _index(plan, "Check that the Windows NVIDIA driver lists the GPU")
    assert _index(plan, "Update WSL") < driver


@pytest.mark.parametrize(("os_", "admin"), [("windows", True), ("wsl2", True),
                                            ("linux", False)])
def test_driver_step_names_administrator_on_windows_and_root_on_linux(
        os_: str, admin: bool) -> None:
    plan = _plan(os_, gpu="RTX 4090")
    title = plan.steps[_index(plan, "Install the NVIDIA driver")].title
    assert ("needs an administrator" in title) is admin
    assert ("needs root" in title) is not admin
    broken = make_plan(TargetHost(os=os_, gpu_vendor="nvidia", gpu_name="RTX 4090",
                                  driver_problem="NVIDIA-SMI has failed"), load_knowledge())
    fix = next(s for s in broken.steps if s.title.startswith("Fix the NVIDIA driver"))
    assert ("needs an administrator" in fix.title) is admin


def test_windows_plan_text_names_the_shell_of_every_step() -> None:
    plan = _plan("windows", gpu="RTX 4090")
    assert {s.shell for s in plan.steps} == {Shell.POWERSHELL, Shell.POSIX}
    text = render_text(plan)
    steps = [ln for ln in text.splitlines() if re.match(r"\s+\d+\. ", ln)]
    assert len(steps) == len(plan.steps)
    for line, step in zip(steps, plan.steps, strict=True):
        want = ("[Windows PowerShell]" if step.shell is Shell.POWERSHELL
                else "[Linux shell, inside WSL2]")
        assert want in line, line
    # the Windows driver is installed on Windows
    assert plan.steps[_index(plan, "Install the NVIDIA driver")].shell is Shell.POWERSHELL
    assert isinstance(plan.steps[_index(plan, "Install the NVIDIA driver")].action, Manual)


def test_one_shell_plan_has_no_shell_labels() -> None:
    text = render_text(_plan("linux", gpu="RTX 4090", driver="560.35.03"))
    assert "[bash]" not in text and "PowerShell]" not in text


@pytest.mark.parametrize("os_", ["windows", "wsl2", "linux"])
def test_described_host_reports_what_was_not_given_not_what_was_not_found(os_: str) -> None:
    no_gpu = _plan(os_)
    assert "no GPU given (--gpu)" in no_gpu.target_summary
    assert no_gpu.reasons[0].text == "no GPU given (--gpu)"
    assert "was found" not in render_text(no_gpu)
    gpu = _plan(os_, gpu="RTX 4090")
    assert "driver not given (--driver)" in gpu.target_summary
    assert "no NVIDIA driver" not in gpu.target_summary
    assert "driver 555.85" in _plan(os_, gpu="RTX 4090", driver="555.85").target_summary


def test_probed_host_keeps_found_wording() -> None:
    probed = TargetHost(os="linux", origin="this host")
    assert "no GPU given" not in probed.summary() and "no GPU" in probed.summary()
    probed_gpu = TargetHost(os="linux", gpu_vendor="nvidia", gpu_name="RTX 4090",
                            origin="this host")
    assert "no NVIDIA driver" in probed_gpu.summary()


@pytest.mark.parametrize("os_", ["wsl2", "windows"])
def test_python_named_consistently_in_route_and_alternatives(os_: str) -> None:
    text = render_text(_plan(os_, gpu="RTX 4090") if os_ == "windows" else _plan(os_))
    route = next(ln for ln in text.splitlines() if ln.startswith("Route:"))
    assert "Python 3 (the distribution's python3)" in route
    conda = [ln for ln in text.splitlines() if ln.strip().startswith("- conda:")]
    assert conda and all("(conda installs it)" in ln for ln in conda)


def test_wsl2_target_labels_its_linux_steps_from_the_target_not_the_summary() -> None:
    """In a ``wsl2`` target's plan that mixes PowerShell and POSIX steps, the POSIX ones
    are labelled "inside WSL2" from ``Plan.target_os``, whatever the display text
    ``target_summary`` says (it is not parsed); ``target_os`` stays out of the JSON."""
    import dataclasses
    import json

    from tfgpu.plan.render import render_json

    wsl = _plan("wsl2", gpu="RTX 4090", driver="560.94")
    assert wsl.target_os == "wsl2" and wsl.route is Route.PIP
    # a Windows-side step (as the WSL2 route's checks are) makes the plan mixed
    first = dataclasses.replace(wsl.steps[0], shell=Shell.POWERSHELL)
    plan = dataclasses.replace(wsl, steps=(first, *wsl.steps[1:]))
    relabelled = dataclasses.replace(plan, target_summary="some host")
    assert "[Linux shell, inside WSL2]" in render_text(relabelled)
    linux = dataclasses.replace(plan, target_os="linux", route=Route.PIP,
                                target_summary="wsl2 x86_64")
    assert "[Linux shell, inside WSL2]" not in render_text(linux)
    assert "[bash]" in render_text(linux)
    assert "target_os" not in json.loads(render_json(plan))
