"""The plan offers "upgrade the NVIDIA driver" only when the driver is what stops a newer
release: a driver already at or above that release's minimum is never to be upgraded (the
Python, named by another alternative, is then the blocker)."""

from __future__ import annotations

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, target_from_description

KB = load_knowledge()


def _driver_alternatives(driver: str, python: str) -> list[str]:
    plan = make_plan(target_from_description("linux", gpu="GeForce GTX 1080", driver=driver,
                                             python=python), KB)
    return [a.summary for a in plan.alternatives if "upgrade the NVIDIA driver" in a.summary]


def test_no_driver_upgrade_when_the_driver_meets_the_minimum_and_the_python_blocks() -> None:
    # driver 535 >= 525.60.13 (CUDA 12.x); Python 3.7 is what stops TensorFlow 2.21
    assert _driver_alternatives("535.183.01", "3.7") == []


def test_driver_upgrade_offered_when_the_driver_is_below_the_minimum() -> None:
    alts = _driver_alternatives("450.80.02", "3.8")
    assert alts and ">= 525.60.13" in alts[0]


def test_driver_given_by_its_branch_alone_keeps_the_minimum_said() -> None:
    # "525" cannot be compared with 525.60.13: the alternative still names the minimum
    alts = _driver_alternatives("525", "3.7")
    assert alts and ">= 525.60.13" in alts[0]
