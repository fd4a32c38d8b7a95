"""The fleet's text NODES section groups nodes that print the same line (issue 12 review)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.report.fleet import group_names

from . import _snap


@pytest.mark.parametrize(("names", "label"), [
    (["node1"], "node1"),
    ([f"node{i}" for i in range(1, 49)], "node1..node48 (48 nodes)"),
    (["gpu01", "gpu02", "gpu07", "login"], "gpu01..gpu02, gpu07, login (4 nodes)"),
    (["gpu09", "gpu10", "gpu11"], "gpu09..gpu11 (3 nodes)"),
    (["gpu9", "gpu010"], "gpu9, gpu010 (2 nodes)"),
    (["a1", "b2"], "a1, b2 (2 nodes)"),
    ([f"n{i}" for i in range(1, 17, 2)], "n1, n3, n5, n7, n9, n11 and 2 more (8 nodes)"),
])
def test_group_names(names: list[str], label: str) -> None:
    assert group_names(names) == label


def test_identical_nodes_print_one_line(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    same = _snap.snap()
    paths = [str(_snap.write(tmp_path, f"node{i}", same)) for i in range(1, 13)]
    odd = _snap.write(tmp_path, "node13", _snap.snap(_snap.tf_version("2.20.0")))
    main(["fleet", *paths, str(odd)])
    out = capsys.readouterr().out
    nodes = out.split("NODES", 1)[1].split("FLEET FINDINGS", 1)[0]
    lines = [ln for ln in nodes.splitlines() if ln.strip()]
    assert len(lines) == 2, lines
    assert lines[0].lstrip().startswith("node1..node12 (12 nodes)  TensorFlow 2.21.0")
    assert lines[1].lstrip().startswith("node13") and "2.20.0" in lines[1]
