"""macOS plans pin a release that has a wheel for the target's Python.

After 2.16.1 TensorFlow's tested-configuration table has no macOS rows; the knowledge keeps
one row per release with the Python range of its published macOS arm64 wheels (source
MACWHEELS of tf_tested_configs.toml).  A CPU plan for Python 3.9 must therefore stop at
2.20 (2.21 has wheels for 3.10-3.13 only).
"""

from __future__ import annotations

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, target_from_description
from tfgpu.plan.model import Route

KB = load_knowledge()


def test_every_macos_release_row_has_a_python_range() -> None:
    rows = KB.releases("macos")
    assert rows
    for row in rows:
        assert row.python_min and row.python_max, row.ref


@pytest.mark.parametrize(("python", "release"), [
    ("3.9", "2.20.0"), ("3.10", "2.21.0"), ("3.12", "2.21.0"), ("3.13", "2.21.0"),
])
def test_cpu_route_on_apple_silicon_pins_the_newest_release_with_a_wheel_for_the_python(
        python: str, release: str) -> None:
    plan = make_plan(target_from_description("macos", gpu="Apple M1", python=python, arch="arm64"),
                     KB, Route.CPU)
    assert plan.tf_version == release
    assert plan.python == python
    assert plan.requirements[0] == f"tensorflow~={release}"


def test_metal_plan_lists_the_cpu_alternative_a_python_39_can_install() -> None:
    plan = make_plan(target_from_description("macos", gpu="Apple M1", python="3.9", arch="arm64"),
                     KB)
    cpu = next(a for a in plan.alternatives if a.route is Route.CPU)
    assert cpu.tf_version == "2.20.0"
