"""A fleet version difference is filed under its own area, and with no majority (two nodes,
two versions) the fix names no node as "the odd one"."""

from __future__ import annotations

from tfgpu.facts import HostFacts
from tfgpu.fleet import NodeResult, NodeStatus, examine

from . import _snap


def _nodes(*facts: HostFacts) -> list[NodeResult]:
    return [NodeResult(f"node{i + 1}", f"node{i + 1}.json", NodeStatus.OK, facts=f)
            for i, f in enumerate(facts)]


def test_a_driver_difference_is_the_drivers_area() -> None:
    report = examine(_nodes(_snap.snap(), _snap.snap(_snap.driver("550.54.15"))))
    (f,) = report.findings
    assert f.id == "fleet-driver-differs" and f.area == "driver"


def test_two_nodes_two_versions_pick_no_odd_one() -> None:
    (f,) = examine(_nodes(_snap.snap(), _snap.snap(_snap.driver("550.54.15")))).findings
    assert "odd ones" not in f.fix[0] and "no majority" in f.fix[0]
    # a real majority still names the odd node
    (g,) = examine(_nodes(_snap.snap(), _snap.snap(),
                          _snap.snap(_snap.driver("550.54.15")))).findings
    assert "the odd ones: node3" in g.fix[0]
