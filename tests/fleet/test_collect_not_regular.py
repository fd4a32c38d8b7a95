"""A folder's ``*.json`` entry that is not a regular file (a FIFO, a folder, a broken link)
is reported as an unreadable node, never opened (a FIFO nobody writes to would block the
fleet run) and never skipped unseen; a pipe named on the command line is still read."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from tfgpu.fleet import NodeStatus, collect_files, examine
from tfgpu.fleet.model import NodeResult

from . import _snap

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")


def _collect(paths: list[str]) -> list[NodeResult]:
    """collect_files in a thread: a test that would block on a FIFO fails instead."""
    got: list[list[NodeResult]] = []
    worker = threading.Thread(target=lambda: got.append(collect_files(paths)), daemon=True)
    worker.start()
    worker.join(20)
    assert not worker.is_alive(), "collect_files opened a FIFO and waits on it"
    return got[0]


def test_fifo_folder_link_entries_are_reported(tmp_path: Path) -> None:
    _snap.write(tmp_path, "gpu01", _snap.snap())
    os.mkfifo(tmp_path / "gpu02.json")
    (tmp_path / "gpu03.json").mkdir()
    (tmp_path / "gpu04.json").symlink_to(tmp_path / "gone.json")
    nodes = _collect([str(tmp_path)])
    assert [(n.name, n.status) for n in nodes] == [
        ("gpu01", NodeStatus.OK), ("gpu02", NodeStatus.UNREADABLE),
        ("gpu03", NodeStatus.UNREADABLE), ("gpu04", NodeStatus.UNREADABLE)]
    messages = [n.message or "" for n in nodes[1:]]
    assert all(m.startswith("not a regular file: ") for m in messages), messages
    assert "a FIFO (named pipe)" in messages[0]
    assert "a folder" in messages[1] and "a broken link" in messages[2]


def test_a_folder_of_only_a_fifo_is_not_called_empty(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "gpu01.json")
    (node,) = _collect([str(tmp_path)])
    assert node.status is NodeStatus.UNREADABLE and "FIFO" in (node.message or "")


def test_the_fix_does_not_head_a_fifo(tmp_path: Path) -> None:
    _snap.write(tmp_path, "gpu01", _snap.snap())
    os.mkfifo(tmp_path / "gpu02.json")
    report = examine(_collect([str(tmp_path)]), sources=[str(tmp_path)])
    (finding,) = [f for f in report.findings if f.id == "fleet-node-not-examined"]
    assert finding.fix[0].startswith("ls -l ")
    assert not any(line.startswith("head ") for line in finding.fix)


def test_a_pipe_named_on_the_command_line_is_read(tmp_path: Path) -> None:
    fifo = tmp_path / "gpu01.json"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as fh:
            fh.write(_snap.snap().to_json())

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    (node,) = _collect([str(fifo)])
    writer.join(5)
    assert node.status is NodeStatus.OK, node.message
