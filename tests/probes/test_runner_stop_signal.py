"""The runner's gentle stop and progress hooks (:func:`tfgpu._proc.run_command`'s
``stop_signal``, ``on_stderr_line``, ``on_tick``).

A command such as ``srun`` must get SIGTERM before the SIGKILL of its group: on SIGTERM it
revokes the allocation it waits for; killed at once, it leaves that job in the queue.
Each case runs a real tiny child script.
"""

from __future__ import annotations

import signal
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from proc_helpers import wait_dead
from tfgpu import _live
from tfgpu._proc import run_command
from tfgpu.facts import ProbeStatus

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="POSIX signals, /proc")


def _child(tmp_path: Path, on_term: str) -> list[str]:
    """A child that says it waits (stderr), writes its pid, then sleeps; on SIGTERM it runs
    ``on_term`` (``"clean"``: writes a marker and its last words, exits 1; ``"ignore"``)."""
    code = textwrap.dedent(f"""
        import os, signal, sys, time
        def clean(signum, frame):
            open({str(tmp_path / "term")!r}, "w").write("TERM")
            sys.stderr.write("srun: Job allocation 7 has been revoked\\n")
            sys.exit(1)
        signal.signal(signal.SIGTERM, clean if {on_term!r} == "clean" else signal.SIG_IGN)
        open({str(tmp_path / "pid")!r}, "w").write(str(os.getpid()))
        sys.stderr.write("srun: job 7 queued and waiting for resources\\n")
        sys.stderr.flush()
        time.sleep(60)
        """)
    return [sys.executable, "-c", code]


def test_the_stop_signal_comes_before_the_kill_and_the_last_words_are_kept(
        tmp_path: Path) -> None:
    t0 = time.monotonic()
    res = run_command(_child(tmp_path, "clean"), 2.0, stop_signal=signal.SIGTERM,
                      stop_grace_s=5)
    took = time.monotonic() - t0
    assert res.status is ProbeStatus.TIMEOUT
    assert (tmp_path / "term").read_text() == "TERM"
    assert "Job allocation 7 has been revoked" in res.stderr
    assert took < 2.0 + 2, f"{took:.1f} s: the child ended at once on SIGTERM"


def test_a_command_that_ignores_the_stop_signal_is_killed_after_the_grace(
        tmp_path: Path) -> None:
    t0 = time.monotonic()
    res = run_command(_child(tmp_path, "ignore"), 1.5, stop_signal=signal.SIGTERM,
                      stop_grace_s=1.0)
    took = time.monotonic() - t0
    assert res.status is ProbeStatus.TIMEOUT
    assert 1.5 + 1.0 <= took < 1.5 + 1.0 + 1.5
    assert wait_dead(int((tmp_path / "pid").read_text()))


def test_a_stop_from_outside_the_runner_sends_the_stop_signal_too(tmp_path: Path) -> None:
    """A SIGTERM to tfgpu kills the running children from a stop thread
    (``_live.kill_running_now``): a child with a stop signal gets it first there too."""
    got: list[object] = []
    runner = threading.Thread(target=lambda: got.append(run_command(
        _child(tmp_path, "clean"), 30, stop_signal=signal.SIGTERM, stop_grace_s=5)))
    runner.start()
    end = time.monotonic() + 10
    while not (tmp_path / "pid").exists() and time.monotonic() < end:
        time.sleep(0.02)
    time.sleep(0.3)
    _live.kill_running_now()
    runner.join(timeout=10)
    assert not runner.is_alive()
    assert (tmp_path / "term").read_text() == "TERM"


def test_stderr_lines_and_ticks_reach_the_hooks_while_the_command_runs(
        tmp_path: Path) -> None:
    code = ("import sys, time\n"
            "sys.stderr.write('first\\nsec'); sys.stderr.flush(); time.sleep(1.5)\n"
            "sys.stderr.write('ond\\r\\n'); sys.stderr.flush(); time.sleep(1.5)\n")
    t0 = time.monotonic()
    lines: list[tuple[str, float]] = []
    ticks: list[float] = []
    res = run_command([sys.executable, "-c", code], 20,
                      on_stderr_line=lambda s: lines.append((s, time.monotonic() - t0)),
                      on_tick=ticks.append)
    assert res.status is ProbeStatus.OK
    assert [s for s, _ in lines] == ["first", "second"]
    assert lines[0][1] < 1.4, "the first line came only at the end"
    assert len(ticks) >= 2 and ticks == sorted(ticks)
