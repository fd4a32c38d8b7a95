"""An Intel Mac gets one answer from one fact: ``plan --os macos --arch x86_64`` picks, and
explain's Intel-Mac "no matching distribution" fix pins, the ``last_release`` of platform fact
``macos-x86-last`` (2.16.2: pip.md's macOS x86 wheel table)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.select import make_plan
from tfgpu.plan.target import target_from_description

LAST = load_knowledge().platform_fact("macos-x86-last").value("last_release")


def test_the_fact_names_a_release_of_the_last_series() -> None:
    series = load_knowledge().platform_fact("macos-x86-last").value("tf_version")
    assert LAST.startswith(series + "."), (LAST, series)


@pytest.mark.parametrize("python", [None, "3.11"])
def test_plan_for_an_intel_mac_picks_the_facts_last_release(python: str | None) -> None:
    plan = make_plan(target_from_description("macos", arch="x86_64", python=python),
                     load_knowledge())
    assert plan.tf_version == LAST, plan.tf_version
    assert any("macos-x86-last" in r.ref for r in plan.reasons), plan.reasons


def test_plan_for_apple_silicon_is_not_held_to_the_intel_release() -> None:
    plan = make_plan(target_from_description("macos", arch="arm64"), load_knowledge())
    assert plan.tf_version != LAST
    assert not any("Python None" in r.text for r in plan.reasons), plan.reasons


def _intel_mac_fix(offered: str) -> tuple[str, tuple[str, ...]]:
    lines = ["$ uname -m", "x86_64", "$ sw_vers", "ProductName:\tmacOS", "ProductVersion:\t14.5",
             "ERROR: Could not find a version that satisfies the requirement tensorflow==2.17.0 "
             f"(from versions: 2.15.0, 2.15.1, {offered})",
             "ERROR: No matching distribution found for tensorflow==2.17.0"]
    f = next(x for x in explain_lines(lines) if x.id == "tensorflow-no-matching-distribution")
    return f.title, f.fix


def test_explain_pins_the_release_the_plan_picks() -> None:
    title, fix = _intel_mac_fix("2.16.1, 2.16.2")
    assert title.endswith(f"Intel Macs stop at {LAST}"), title
    assert f'pip install "tensorflow=={LAST}"' in fix[0] and "macos-x86-last" in fix[0], fix


def test_an_index_offering_less_gets_the_newest_it_offers() -> None:
    """pip's list stops at 2.16.1 (an old mirror): pinning 2.16.2 there could not install."""
    title, fix = _intel_mac_fix("2.16.1")
    assert title.endswith(f"Intel Macs stop at {LAST}"), title
    assert 'pip install "tensorflow==2.16.1"' in fix[0] and "this index offers" in fix[0], fix
