"""On an arm64 (aarch64) Linux host the pip route installs only a release whose
``tensorflow[and-cuda]`` pip resolves for aarch64 (``tf_and_cuda_aarch64.toml``); when none
fits the driver the plan says so and names the driver upgrade, never an older release whose
nvidia-* pins have no aarch64 wheel."""

from __future__ import annotations

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan
from tfgpu.plan.model import PipInstall, Route
from tfgpu.plan.target import target_from_description

KB = load_knowledge()


def _arm64(gpu: str, driver: str, python: str = "3.12"):  # type: ignore[no-untyped-def]
    return make_plan(target_from_description("linux", gpu=gpu, driver=driver, python=python,
                                             arch="arm64"), KB)


@pytest.mark.parametrize("gpu", ["H100", "A100", "GH200", "L4", "RTX 4090", "A10G"])
@pytest.mark.parametrize("driver", ["470.82.01", "525.60.13", "535.161.08", "550.54.14",
                                    "555.42.06", "570.86.10"])
def test_an_arm64_gpu_plan_installs_only_a_release_that_resolves_on_aarch64(
        gpu: str, driver: str) -> None:
    plan = _arm64(gpu, driver)
    if not plan.uses_gpu:
        assert plan.route is Route.CPU
        assert not any("and-cuda" in r for r in plan.requirements)
        return
    assert plan.route is Route.PIP and plan.tf_version
    row = KB.and_cuda_on_aarch64(plan.tf_version)
    assert row is not None and row.resolves
    assert any(r.ref == row.ref for r in plan.reasons)


def test_no_release_fits_the_driver_says_so_and_names_the_upgrade() -> None:
    plan = _arm64("H100", "550.54.14")
    assert plan.route is Route.CPU and not plan.uses_gpu
    installs = [s.action for s in plan.steps if isinstance(s.action, PipInstall)]
    assert not any("and-cuda" in r for a in installs for r in a.requirements)
    assert plan.reasons[0].text.startswith("no TensorFlow GPU release fits this host")
    assert any("resolves only for TensorFlow" in r.text and "2.21.0" in r.text
               and r.ref.startswith("tf_and_cuda_aarch64:") for r in plan.reasons)
    up = [a for a in plan.alternatives
          if "upgrade the NVIDIA driver to >= 555.42.06" in a.summary]
    assert up and up[0].tf_version == "2.21.0"


def test_x86_64_keeps_the_older_release() -> None:
    plan = make_plan(target_from_description("linux", gpu="H100", driver="550.54.14",
                                             python="3.12"), KB)
    assert plan.uses_gpu and plan.tf_version == "2.17.0"
