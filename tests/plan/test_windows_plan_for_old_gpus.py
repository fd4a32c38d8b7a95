"""Native Windows plans for GPUs an old driver branch drives (platform facts
``*-last-driver-branch``): a driver of a newer branch is replaced by a step that names the
GPU's last branch, and a host whose GPU no release can use is called the CPU route with
native steps, not WSL2."""

from __future__ import annotations

import pytest
from tests.plan.test_select import plan_for

from tfgpu.plan.model import Manual, Route
from tfgpu.plan.render import render


def test_native_plan_replaces_a_driver_of_a_newer_branch() -> None:
    plan = plan_for(Route.WINDOWS_NATIVE, os="windows", gpu="GTX 970", driver="591.44",
                    python="3.10")
    assert plan.route is Route.WINDOWS_NATIVE and plan.tf_version == "2.10.0"
    first = plan.steps[0].action
    assert isinstance(first, Manual)
    assert "of the R580 branch at most" in first.text
    assert "in place of driver 591.44" in first.text


@pytest.mark.parametrize("gpu", ["GTX 970", "GTX 1080"])
def test_a_driver_past_the_gpus_last_branch_is_the_cpu_plan_by_default(gpu: str) -> None:
    # the same policy below and above WSL2's compute capability floor: CPU, with the branch
    # as the way back (native Windows below the floor, WSL2 above it)
    plan = plan_for(os="windows", gpu=gpu, driver="591.44", python="3.10")
    assert plan.route is Route.CPU and not plan.uses_gpu
    assert "newer than R580" in plan.reasons[0].text
    back = [a for a in plan.alternatives if "R580 branch" in a.summary]
    want = Route.WINDOWS_NATIVE if gpu == "GTX 970" else Route.WSL2
    assert back and back[0].route is want


def test_native_plan_keeps_a_driver_of_the_gpus_branch() -> None:
    # 474.44 is a Windows release of R470 (NVIDIA numbers them above the branch)
    plan = plan_for(os="windows", gpu="Tesla K80", driver="474.44", python="3.10")
    assert plan.route is Route.WINDOWS_NATIVE and plan.uses_gpu
    assert not any(isinstance(s.action, Manual) and "driver" in s.title.lower()
                   for s in plan.steps)


def test_no_gpu_release_on_windows_is_the_cpu_route_not_wsl2() -> None:
    plan = plan_for(os="windows", gpu="GTX 1080", driver="591.44", python="3.10")
    assert plan.route is Route.CPU and not plan.uses_gpu
    text = render(plan, "text", 0)
    assert "Route: cpu" in text
    assert "so the plan runs TensorFlow in WSL2" not in text
    assert "[Linux shell, inside WSL2]" not in text
    # the way back to the GPU: the R580 branch, through WSL2 (Pascal is above its floor)
    assert any(a.route is Route.WSL2 and "R580 branch" in a.summary for a in plan.alternatives)
