"""The plan's reasons state facts the knowledge holds: a release that has the and-cuda extra
is never said to predate it (2.16.1 has the extra; its wheel does not find the nvidia-*
libraries: platform fact tf-216-nvidia-wheel-libs-not-found), and a host no GPU release fits
is told what blocks the releases its Python has wheels for, not the newest release's Python
range."""

from __future__ import annotations

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, target_from_description
from tfgpu.plan.model import Plan, Route


def _plan(**desc: str) -> Plan:
    return make_plan(target_from_description("linux", **desc), load_knowledge(), None)


def test_a_release_with_the_extra_is_not_said_to_predate_it() -> None:
    kb = load_knowledge()
    plan = _plan(gpu="GeForce GTX 750 Ti", driver="535.216.01", python="3.12")
    assert plan.route is Route.SYSTEM_CUDA and plan.tf_version == "2.16.1"
    assert kb.and_cuda_pins("2.16.1") is not None  # 2.16.1 has the extra
    why = next(r.text for r in plan.reasons if "and-cuda" in r.text)
    assert "2.16.1 predates" not in why
    assert "TensorFlow 2.16.1's wheel does not find" in why
    # and the older release with working wheels is named with what stops it here
    assert "TensorFlow 2.15.0 supports Python 3.9-3.11, the target has 3.12" in why


def test_no_fitting_release_names_the_blocker_of_the_releases_for_this_python() -> None:
    plan = _plan(gpu="GeForce GTX 1070", driver="390.157", python="3.6")
    assert plan.route is Route.CPU
    why = plan.reasons[0].text
    assert "every release with wheels for Python 3.6 is blocked" in why
    assert "the target has 390.157" in why and "needs driver >=" in why
    assert "supports Python 3.10" not in why
