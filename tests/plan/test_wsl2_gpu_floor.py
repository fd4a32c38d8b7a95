"""A plan that runs TensorFlow inside WSL2 warns when the GPU is below the compute capability
NVIDIA's CUDA on WSL guide names (platform fact ``wsl2-gpu-min-cc``: Pascal, 6.0, in WDDM
mode), and does not promise the GPU; a native Windows host is pointed at the windows-native
route. A Pascal or newer GPU gets no such note."""

from __future__ import annotations

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan
from tfgpu.plan.target import target_from_description

KB = load_knowledge()


def _plan(os_name: str, gpu: str):  # type: ignore[no-untyped-def]
    return make_plan(target_from_description(os_name, gpu=gpu), KB)


@pytest.mark.parametrize(("os_name", "gpu", "native"), [
    ("windows", "Tesla K80", True), ("wsl2", "GTX 780", False),
])
def test_a_gpu_below_the_wsl2_floor_is_not_promised(os_name: str, gpu: str,
                                                    native: bool) -> None:
    plan = _plan(os_name, gpu)
    notes = [w for w in plan.warnings if w.ref == "platform_facts:wsl2-gpu-min-cc"]
    assert len(notes) == 1 and plan.gpu_unverified
    assert "below 6.0" in notes[0].text
    assert ("--route windows-native" in notes[0].text) is native


@pytest.mark.parametrize("gpu", ["GTX 1060", "RTX 3060"])
def test_pascal_or_newer_gets_no_wsl2_floor_note(gpu: str) -> None:
    plan = _plan("windows", gpu)
    assert not any(w.ref == "platform_facts:wsl2-gpu-min-cc" for w in plan.warnings)
