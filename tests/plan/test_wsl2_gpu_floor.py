"""A plan that runs TensorFlow inside WSL2 warns when the GPU is below the compute capability
NVIDIA's CUDA on WSL guide names (platform fact ``wsl2-gpu-min-cc``: Pascal, 6.0, in WDDM
mode), and does not promise the GPU; on a native Windows host such a GPU gets the
windows-native route by default (TensorFlow 2.10, the last release with native GPU support),
with WSL2 an unverified alternative. A Pascal or newer GPU gets no such note."""

from __future__ import annotations

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan
from tfgpu.plan.model import Route
from tfgpu.plan.target import target_from_description

KB = load_knowledge()


def _plan(os_name: str, gpu: str):  # type: ignore[no-untyped-def]
    return make_plan(target_from_description(os_name, gpu=gpu), KB)


def test_a_gpu_below_the_wsl2_floor_is_not_promised_in_wsl2() -> None:
    plan = _plan("wsl2", "GTX 780")
    notes = [w for w in plan.warnings if w.ref == "platform_facts:wsl2-gpu-min-cc"]
    assert len(notes) == 1 and plan.gpu_unverified
    assert "below 6.0" in notes[0].text
    assert "--route windows-native" not in notes[0].text  # no native Windows to go to


@pytest.mark.parametrize("gpu", ["Tesla K80", "GTX 970", "GTX 780"])
def test_native_windows_below_the_wsl2_floor_defaults_to_windows_native(gpu: str) -> None:
    plan = _plan("windows", gpu)
    assert plan.route is Route.WINDOWS_NATIVE and plan.uses_gpu
    assert plan.tf_version == "2.10.0"
    assert plan.reasons[0].ref == "platform_facts:wsl2-gpu-min-cc"
    assert "below 6.0" in plan.reasons[0].text
    wsl2 = [a for a in plan.alternatives if a.route is Route.WSL2]
    assert wsl2 and "GPU use unverified" in wsl2[0].summary


def test_an_explicit_wsl2_route_keeps_the_warning_on_native_windows() -> None:
    plan = make_plan(target_from_description("windows", gpu="Tesla K80"), KB, Route.WSL2)
    notes = [w for w in plan.warnings if w.ref == "platform_facts:wsl2-gpu-min-cc"]
    assert plan.route is Route.WSL2 and len(notes) == 1 and plan.gpu_unverified
    assert "--route windows-native" in notes[0].text


@pytest.mark.parametrize("gpu", ["GTX 1060", "RTX 3060"])
def test_pascal_or_newer_gets_no_wsl2_floor_note(gpu: str) -> None:
    plan = _plan("windows", gpu)
    assert not any(w.ref == "platform_facts:wsl2-gpu-min-cc" for w in plan.warnings)
