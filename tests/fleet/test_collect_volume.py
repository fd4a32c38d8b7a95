"""One node's output volume never costs another node its answer (``tfgpu fleet`` through
srun): each node's standard output is bounded on the node (``head -c`` in the wrapped
command), and srun's labelled streams are read task by task, each task bounded by itself.

The fake ``srun`` here runs nothing of Slurm: it prints labelled lines as ``srun --label``
does (``N: text``, srun's own lines unlabelled), either from recorded text or by running
the real wrapped command once per task with ``SLURMD_NODENAME`` set; the live version of
these cases is in tests/slurm (a real two-node Slurm).
"""

from __future__ import annotations

import base64
import contextlib
import os
import shutil
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult
from tfgpu.facts import ProbeStatus
from tfgpu.fleet import NodeStatus, collect_slurm
from tfgpu.fleet.collect import (
    ENDLESS,
    NODE_OUTPUT_BYTES,
    LabelledLines,
    parse_srun_output,
    wrapped_command,
)
from tfgpu.fleet.compare import build_table, check_unreachable

from . import _snap

FACTS = _snap.snap().to_json()
needs_coreutils = pytest.mark.skipif(
    any(shutil.which(t) is None for t in ("sh", "timeout", "head", "base64", "mktemp", "wc")),
    reason="the wrapped command needs sh and coreutils (timeout, head, base64, mktemp, wc)")


def _labelled(task: int, node: str, body: bytes | None, code: int | None) -> str:
    """What ``srun --label`` prints for one task of the wrapped command (base64 in
    76-character lines, as coreutils' base64 wraps)."""
    lines = [f"{task}: @tfgpu-fleet node {node}"]
    if body is not None:
        b64 = base64.b64encode(body).decode()
        lines += [f"{task}: @tfgpu-fleet base64",
                  *(f"{task}: {b64[i:i + 76]}" for i in range(0, len(b64), 76))]
    if code is not None:
        lines += [f"{task}: ", f"{task}: @tfgpu-fleet exit {code}"]
    return "\n".join(lines) + "\n"


def _spread(*streams: str) -> str:
    """The lines of ``streams`` merged as tasks that write at the same time do: each task's
    lines spread evenly over the step (line k of n at k/n), so a short answer lands in
    the middle of a long one."""
    keyed = [(k / len(lines), i, line)
             for i, s in enumerate(streams) for lines in [s.splitlines(keepends=True)]
             for k, line in enumerate(lines)]
    return "".join(line for _, _, line in sorted(keyed, key=lambda x: (x[0], x[1])))


def _cat_srun(folder: Path, out: str, err: str = "") -> dict[str, str]:
    """A fake ``srun`` that prints recorded labelled output; the environment to run it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "out.txt").write_text(out, encoding="utf-8")
    (folder / "err.txt").write_text(err, encoding="utf-8")
    srun = folder / "srun"
    srun.write_text(f"#!/bin/sh\ncat '{folder}/out.txt'\ncat '{folder}/err.txt' >&2\n",
                    encoding="utf-8")
    srun.chmod(srun.stat().st_mode | stat.S_IXUSR)
    return {"PATH": f"{folder}:/usr/bin:/bin"}


_RUN_SRUN = """
import os, subprocess, sys
argv = sys.argv[1:]
cmd = argv[argv.index("sh"):]
streams = {"out": [], "err": []}
notes = []
for i, node in enumerate(os.environ["FAKE_NODES"].split(",")):
    p = subprocess.run(cmd, capture_output=True, timeout=60,
                       env={**os.environ, "SLURMD_NODENAME": node, "SLURM_PROCID": str(i)})
    for key, data in (("out", p.stdout), ("err", p.stderr)):
        streams[key].append([f"{i}: ".encode() + ln for ln in data.splitlines(keepends=True)])
    if p.returncode:
        notes.append(f"srun: error: {node}: task {i}: Exited with exit code {p.returncode}\\n")
for key, stream in (("out", sys.stdout.buffer), ("err", sys.stderr.buffer)):
    # every task writes throughout the step: line k of n at k/n
    keyed = sorted((k / len(lines), i, ln) for i, lines in enumerate(streams[key])
                   for k, ln in enumerate(lines))
    stream.write(b"".join(ln for _, _, ln in keyed))
sys.stderr.write("".join(notes))
"""


def _running_srun(folder: Path, nodes: str) -> dict[str, str]:
    """A fake ``srun`` that runs the wrapped command once per node of ``nodes`` (comma
    separated) and prints the tasks' labelled lines interleaved."""
    folder.mkdir(parents=True, exist_ok=True)
    srun = folder / "srun"
    srun.write_text(f"#!{sys.executable}\n{_RUN_SRUN}", encoding="utf-8")
    srun.chmod(srun.stat().st_mode | stat.S_IXUSR)
    return {"PATH": f"{folder}:/usr/bin:/bin", "FAKE_NODES": nodes}


def _node_script(folder: Path, odd: str) -> list[str]:
    """The nodes' command: a snapshot, except on node ``odd``, where it runs
    ``sys.argv[1]``'s mode: ``flood`` (20 MB of base64 text, then exit 1, as a wrapper that
    dumps a file would), ``endless`` (writes until stopped)."""
    (folder / "facts.json").write_text(FACTS, encoding="utf-8")
    script = folder / "node.py"
    script.write_text(
        "import os, sys\n"
        f"if os.environ.get('SLURMD_NODENAME') == {odd!r}:\n"
        "    if sys.argv[1] == 'flood':\n"
        "        import base64\n"
        "        sys.stdout.write(base64.encodebytes(os.urandom(15 << 20)).decode())\n"
        "        sys.exit(1)\n"
        "    while True:\n"
        "        sys.stdout.write('garbage garbage garbage\\n' * 1000)\n"
        f"sys.stdout.write(open({str(folder / 'facts.json')!r}).read())\n",
        encoding="utf-8")
    return [sys.executable, str(script)]


@needs_coreutils
def test_a_flooding_node_is_endless_and_the_healthy_node_is_read(tmp_path: Path) -> None:
    """node2 prints 20 MB while node1 answers: node1 is read, node2 alone is "printed
    endless or oversized output"."""
    env = _running_srun(tmp_path / "bin", "node1,node2")
    remote = [*_node_script(tmp_path, "node2"), "flood"]
    nodes = collect_slurm(remote=remote, node_timeout_s=30, srun_args=["-N", "2"], env=env)
    got = {n.name: n for n in nodes}
    assert got["node1"].status is NodeStatus.OK, got["node1"].message
    assert got["node1"].facts == _snap.snap()
    assert got["node2"].status is NodeStatus.UNREADABLE
    assert (got["node2"].message or "").startswith(ENDLESS)
    (finding,) = check_unreachable(nodes, build_table(nodes))
    assert finding.title == "Node node2 printed endless or oversized output, not a tfgpu " \
                            "facts snapshot"
    assert "failed" not in finding.title


@needs_coreutils
def test_an_endless_writer_is_stopped_on_its_node_at_the_limit(tmp_path: Path) -> None:
    """An endless writer ends at the limit (``head -c`` closes the pipe), long before the
    node timeout, and the node sends back only a sample of what it printed."""
    remote = [*_node_script(tmp_path, "node2"), "endless"]
    t0 = time.monotonic()
    res = subprocess.run(wrapped_command(remote, 60), capture_output=True, timeout=50,
                         env={"PATH": "/usr/bin:/bin", "SLURMD_NODENAME": "node2"})
    took = time.monotonic() - t0
    assert took < 20, f"{took:.0f} s: the endless writer ran on towards the node timeout"
    assert len(res.stdout) < 4096
    assert f"@tfgpu-fleet too-large {NODE_OUTPUT_BYTES}" in res.stdout.decode()
    labelled = "".join(f"0: {ln}\n" for ln in res.stdout.decode().splitlines())
    (node,) = parse_srun_output(CommandResult(("srun",), ProbeStatus.OK, 0, labelled))
    assert node.status is NodeStatus.UNREADABLE and node.name == "node2"
    assert "garbage garbage" in (node.message or "")
    assert node.exit_code is None  # its status after the pipe closed is tfgpu's doing


def test_hundreds_of_nodes_are_all_read(tmp_path: Path) -> None:
    """600 nodes' snapshots (more than the 4 MiB one stream was bounded by) are all read,
    the middle ones too."""
    out = _spread(*(_labelled(i, f"gpu{i:03d}", FACTS.encode(), 0) for i in range(600)))
    assert len(out) > 5 << 20
    nodes = collect_slurm(node_timeout_s=30, srun_args=["-N", "600"],
                          env=_cat_srun(tmp_path, out))
    assert len(nodes) == 600
    assert all(n.status is NodeStatus.OK for n in nodes), [
        (n.name, n.status, n.message) for n in nodes if n.status is not NodeStatus.OK][:3]


def test_one_task_flooding_standard_error_hides_no_other_task_message(tmp_path: Path) -> None:
    """node2 prints megabytes of warnings on standard error; node1's traceback, written in
    the middle of them, is still its message."""
    out = _labelled(0, "node1", None, 1) + _labelled(1, "node2", FACTS.encode(), 0)
    err = _spread("".join(f"1: warning {i} " + "x" * 60 + "\n" for i in range(120_000)),
                  "0: Traceback (most recent call last):\n0: RuntimeError: boom on node1\n")
    assert len(err) > 8 << 20
    nodes = collect_slurm(node_timeout_s=30, srun_args=["-N", "2"],
                          env=_cat_srun(tmp_path, out, err))
    got = {n.name: n for n in nodes}
    assert got["node1"].status is NodeStatus.FAILED
    assert "RuntimeError: boom on node1" in (got["node1"].message or "")
    assert got["node2"].status is NodeStatus.OK
    assert len(got["node2"].message or "") <= 2000


def test_a_task_past_its_own_bound_is_endless_and_the_others_stay_whole() -> None:
    """Labelled standard output past one task's bound (an older wrapper that sent
    everything) makes that node endless; the node whose lines came in between is read."""
    flood = _labelled(1, "node2", b"x" * (3 * NODE_OUTPUT_BYTES), 1)
    out = _spread(flood, _labelled(0, "node1", FACTS.encode(), 0))
    nodes = parse_srun_output(CommandResult(("srun",), ProbeStatus.OK, 0, out))
    got = {n.name: n for n in nodes}
    assert got["node1"].status is NodeStatus.OK
    assert got["node2"].status is NodeStatus.UNREADABLE
    assert (got["node2"].message or "").startswith(ENDLESS)
    assert "xxxx" in (got["node2"].message or "")


def test_labelled_lines_bound_each_task_by_itself() -> None:
    lines = LabelledLines(1000)
    lines.add(b"0: first\n1: " + b"y" * 5000 + b"\n1: @tfgpu-fleet exit 0\nsrun: note\n0: la")
    lines.add(b"st\n")
    tasks = lines.tasks()
    assert tasks[0] == (["first", "last"], 0)
    assert tasks[1][0] == ["@tfgpu-fleet exit 0"] and tasks[1][1] == 5001
    assert lines.other_lines() == ["srun: note"]
    tail = LabelledLines(30, keep_last=True).feed("".join(f"0: line {i}\n" for i in range(50)))
    kept, dropped = tail.tasks()[0]
    assert kept[-1] == "line 49" and sum(len(k) + 1 for k in kept) <= 30 and dropped > 0
    assert "bytes of this task's output dropped" in tail.text()


@needs_coreutils
def test_a_process_left_holding_the_output_costs_no_snapshot(tmp_path: Path) -> None:
    """The command prints its snapshot and leaves a background process holding its
    standard output: the node sends the snapshot and its exit status at once, without
    waiting for that process."""
    pidfile = tmp_path / "left.pid"
    (tmp_path / "facts.json").write_text(FACTS, encoding="utf-8")
    remote = ["sh", "-c", f'cat {tmp_path / "facts.json"}; (sleep 30 & echo $! > {pidfile})']
    t0 = time.monotonic()
    try:
        res = subprocess.run(wrapped_command(remote, 20), stdout=subprocess.PIPE,
                             stderr=subprocess.DEVNULL, timeout=25,
                             env={"PATH": "/usr/bin:/bin", "SLURMD_NODENAME": "node1"})
    finally:
        if pidfile.exists():
            with contextlib.suppress(ProcessLookupError, ValueError):
                os.kill(int(pidfile.read_text().strip()), signal.SIGTERM)
    assert time.monotonic() - t0 < 10
    labelled = "".join(f"0: {ln}\n" for ln in res.stdout.decode().splitlines())
    (node,) = parse_srun_output(CommandResult(("srun",), ProbeStatus.OK, 0, labelled))
    assert node.status is NodeStatus.OK, node.message
    assert node.facts == _snap.snap()
