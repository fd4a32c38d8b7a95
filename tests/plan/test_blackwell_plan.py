"""plan and explain read the same knowledge fact about RTX 50 / Blackwell
(platform_facts:blackwell-no-cubins: the pip wheels carry only compute_90 PTX and public
issues report them failing there; NGC is the known working route), so the plan no longer
headlines a verified "uses the GPU" that explain's finding contradicts (eyes report F-7)."""

from __future__ import annotations

from tests.plan.test_select import plan_for

from tfgpu.knowledge import load_knowledge
from tfgpu.plan.render import render


def test_rtx_5090_plan_is_not_a_verified_gpu_plan() -> None:
    plan = plan_for(os="linux", gpu="NVIDIA GeForce RTX 5090", driver="570.86", python="3.12")
    assert plan.uses_gpu and plan.gpu_unverified
    route_line = next(ln for ln in render(plan, "text", 0).splitlines()
                      if ln.startswith("Route:"))
    assert "Blackwell" in route_line and "unverified" in route_line, route_line
    assert not route_line.endswith("; uses the GPU"), route_line
    # the ! note names the known working route, in the knowledge row's words
    remedy = load_knowledge().platform_fact("blackwell-no-cubins").value("remedy")
    assert any(remedy in w.text for w in plan.warnings), plan.warnings


def test_rtx_4090_plan_still_uses_the_gpu() -> None:
    plan = plan_for(os="linux", gpu="NVIDIA GeForce RTX 4090", driver="570.86", python="3.12")
    assert plan.uses_gpu and not plan.gpu_unverified
    route_line = next(ln for ln in render(plan, "text", 0).splitlines()
                      if ln.startswith("Route:"))
    assert route_line.endswith("; uses the GPU"), route_line


def test_driver_step_asks_for_the_first_driver_branch_of_the_gpu() -> None:
    # TensorFlow 2.21's CUDA 12.5 runs on 555, but an RTX 5090 (sm_120) needs the first
    # branch that knows it: CUDA 12.8's own minimum, R570 (cuda_arch:sm-120)
    text = render(plan_for(os="linux", gpu="NVIDIA GeForce RTX 5090", python="3.12"), "text", 0)
    step = next(ln for ln in text.splitlines() if "Install the NVIDIA driver >=" in ln)
    assert ">= 570.26 " in step, step
    # an RTX 4090 (sm_89, first in CUDA 11.8: R520) takes the release's own floor
    text = render(plan_for(os="linux", gpu="NVIDIA GeForce RTX 4090", python="3.12"), "text", 0)
    step = next(ln for ln in text.splitlines() if "Install the NVIDIA driver >=" in ln)
    assert ">= 525.60.13 " in step, step
