"""Fault cases of the subprocess runner: flood, hang, setsid grandchild, slow nvidia-smi.

Each case runs a real tiny child script.  The bounds tested are the runner's promises
(:mod:`tfgpu._proc`): memory (each stream kept to ``MAX_STREAM_BYTES``), time
(``timeout_s`` plus a fraction of a second, even when a grandchild holds the pipes) and
processes (nothing the command started is left running).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from _faults import FLOOD, FLOOD_RSS_MIB, GRANDCHILD, PY, ROOT
from _faults import script as _script

from proc_helpers import pid_alive as alive
from proc_helpers import wait_dead
from tfgpu._proc import DROPPED_MARK, MAX_STREAM_BYTES, BoundedCapture, run_command
from tfgpu.facts import ProbeStatus

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="uses /proc and setsid")

def _peak_rss_of(code: str) -> tuple[dict[str, object], float]:
    """Run ``code`` (which prints one JSON line) in a fresh interpreter; return that
    line and the interpreter's peak RSS (``VmHWM``), MiB."""
    wrapped = code + textwrap.dedent("""
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                print("HWM", int(line.split()[1]) / 1024)
        """)
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    out = subprocess.run([PY, "-c", wrapped], capture_output=True, text=True, env=env,
                         timeout=120, check=True).stdout.splitlines()
    hwm = float(next(ln for ln in out if ln.startswith("HWM")).split()[1])
    return json.loads(out[0]), hwm


def test_a_flooding_child_is_cut_off_at_the_time_limit_with_bounded_memory(
        tmp_path: Path) -> None:
    flood = _script(tmp_path, "flood", FLOOD)
    res, hwm = _peak_rss_of(textwrap.dedent(f"""
        import json, time
        from tfgpu._proc import run_command
        t = time.monotonic()
        r = run_command([{flood!r}, "-1"], 3)
        print(json.dumps({{"status": r.status.value, "took": time.monotonic() - t,
                          "out": len(r.stdout), "err": len(r.stderr),
                          "dropped": r.stdout_dropped, "note": r.record("x").message}}))
        """))
    assert res["status"] == "timeout"
    assert float(res["took"]) < 3 + 1.5  # type: ignore[arg-type]
    assert int(res["out"]) <= MAX_STREAM_BYTES + 100  # type: ignore[call-overload]
    assert int(res["err"]) <= MAX_STREAM_BYTES + 100  # type: ignore[call-overload]
    # The child wrote more than the RSS bound allows keeping: the bound below then shows
    # that the runner dropped it rather than holding it.  (Throughput varies by machine;
    # CI pipes about 270 MiB in the 3 s.)
    assert int(res["dropped"]) > FLOOD_RSS_MIB << 20  # type: ignore[call-overload]
    assert "bytes of stdout and" in str(res["note"]) and "were dropped" in str(res["note"])
    assert hwm < FLOOD_RSS_MIB, f"peak RSS {hwm:.0f} MiB"


def test_a_child_that_floods_then_exits_keeps_its_first_and_last_bytes(tmp_path: Path) -> None:
    flood = _script(tmp_path, "flood", FLOOD)
    r = run_command([flood, "40"], 60)
    assert r.status is ProbeStatus.OK and r.returncode == 0
    assert r.stdout.startswith("BEGIN\n") and r.stdout.endswith("\nEND\n")
    assert r.stderr.startswith("BEGIN\n") and r.stderr.endswith("\nEND\n")
    assert r.stdout_dropped == 40 * (1 << 20) + 11 - MAX_STREAM_BYTES
    assert DROPPED_MARK.format(n=r.stdout_dropped) in r.stdout
    assert len(r.stdout) == MAX_STREAM_BYTES + len(DROPPED_MARK.format(n=r.stdout_dropped))


def test_bounded_capture_without_overflow_keeps_everything() -> None:
    cap = BoundedCapture(10)
    for chunk in (b"ab", b"cd", b"ef"):
        cap.add(chunk)
    assert (cap.text(), cap.dropped) == ("abcdef", 0)
    cap.add(b"0123456789")
    assert cap.dropped == 6
    assert cap.text() == "abcde" + DROPPED_MARK.format(n=6) + "56789"


def test_a_hung_child_is_stopped_at_the_limit(tmp_path: Path) -> None:
    t0 = time.monotonic()
    r = run_command(["sleep", "1000"], 1)
    took = time.monotonic() - t0
    assert r.status is ProbeStatus.TIMEOUT and r.returncode is None
    assert 1 <= took < 2.0


@pytest.mark.parametrize("then", ["exit", "hang"])
def test_a_setsid_grandchild_holding_the_pipes_neither_holds_the_call_nor_survives(
        tmp_path: Path, then: str) -> None:
    child = _script(tmp_path, "child", GRANDCHILD)
    pid_file = tmp_path / "gc.pid"
    t0 = time.monotonic()
    r = run_command([child, str(pid_file), then], 3)
    took = time.monotonic() - t0
    assert r.stdout == "child answered\n"
    if then == "exit":
        assert r.status is ProbeStatus.OK and took < 2.0
    else:
        assert r.status is ProbeStatus.TIMEOUT and 3 <= took < 4.5
    assert wait_dead(int(pid_file.read_text())), "the setsid grandchild outlived the call"


def test_a_background_grandchild_in_the_group_is_killed_when_the_child_exits() -> None:
    r = run_command(["sh", "-c", "sleep 1000 >/dev/null 2>&1 & echo $!"], 5)
    assert r.status is ProbeStatus.OK
    assert wait_dead(int(r.stdout)), "the background grandchild outlived the call"


def _parent(code: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen([PY, "-c", textwrap.dedent(code)], stdout=subprocess.PIPE,
                            text=True, env=env)


def _wait_for(path: Path, within_s: float = 20) -> int:
    end = time.monotonic() + within_s
    while not path.exists() or not path.read_text().strip():
        assert time.monotonic() < end, f"{path} never written"
        time.sleep(0.02)
    return int(path.read_text())


def test_ctrl_c_kills_the_child_group_and_propagates(tmp_path: Path) -> None:
    pid_file = tmp_path / "child.pid"
    parent = _parent(f"""
        from tfgpu._proc import run_command
        run_command(["sh", "-c", "echo $$ > {pid_file}; sleep 1000 & wait"], 1000)
        print("returned")
        """)
    child = _wait_for(pid_file)
    parent.send_signal(signal.SIGINT)
    t0 = time.monotonic()
    out, _ = parent.communicate(timeout=10)
    assert time.monotonic() - t0 < 3
    assert parent.returncode != 0 and "returned" not in out  # KeyboardInterrupt went up
    assert wait_dead(child)
    assert not any(alive(int(p)) and _ppid(int(p)) == child for p in _pids())


def _pids() -> list[str]:
    return [n for n in os.listdir("/proc") if n.isdigit()]


def _ppid(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return int(fh.read().rsplit(") ", 1)[1].split()[1])
    except (OSError, IndexError, ValueError):
        return -1


def test_a_command_left_running_in_an_abandoned_thread_dies_with_the_process(
        tmp_path: Path) -> None:
    # The gatherer abandons a probe thread that overstays; its command must not
    # outlive tfgpu (an abandoned nvidia-smi query did).
    pid_file = tmp_path / "child.pid"
    parent = _parent(f"""
        import threading, time
        from tfgpu._proc import run_command
        threading.Thread(target=run_command, daemon=True, args=(
            ["sh", "-c", "echo $$ > {pid_file}; exec sleep 1000"], 1000)).start()
        while not open("{pid_file}", "a+").tell():
            time.sleep(0.02)
        """)
    child = _wait_for(pid_file)
    parent.wait(timeout=20)
    assert wait_dead(child), "the abandoned command outlived tfgpu"


# --- the commands: verify, capture, doctor ----------------------------------------------

#: A fake interpreter / nvidia-smi: starts a setsid grandchild holding the pipes (pid
#: appended to $PIDS), then exits or hangs ($THEN).
FAKE_TOOL = f"""\
import os, subprocess, sys, time
p = subprocess.Popen([{PY!r}, "-c", "import time; time.sleep(1000)"], start_new_session=True)
with open(os.environ["PIDS"], "a") as fh:
    fh.write(f"{{p.pid}}\\n")
print("fake answered", flush=True)
if os.environ.get("THEN") == "hang":
    time.sleep(1000)
"""


def _tfgpu(args: list[str], env: dict[str, str], limit_s: float) -> tuple[int, float]:
    t0 = time.monotonic()
    proc = subprocess.run([PY, "-m", "tfgpu", *args], capture_output=True, text=True,
                          env={**env, "PYTHONPATH": str(ROOT / "src")}, timeout=limit_s + 30)
    return proc.returncode, time.monotonic() - t0


@pytest.mark.parametrize("then", ["exit", "hang"])
def test_verify_returns_within_its_timeout_when_a_grandchild_holds_the_pipe(
        tmp_path: Path, then: str) -> None:
    fake = _script(tmp_path, "python", FAKE_TOOL)
    pids = tmp_path / "pids"
    env = {**os.environ, "PIDS": str(pids), "THEN": then}
    rc, took = _tfgpu(["verify", "--python", fake, "--timeout", "3"], env, 3)
    assert rc == 1
    assert took < 3 + 5, f"verify --timeout 3 took {took:.1f} s"
    assert all(wait_dead(int(p)) for p in pids.read_text().split())


def test_capture_returns_within_its_timeout_when_a_grandchild_holds_the_pipe(
        tmp_path: Path) -> None:
    bindir = tmp_path / "bin"
    bindir.mkdir()
    for tool in ("nvidia-smi", "nvcc", "lspci", "ldconfig"):
        _script(bindir, tool, FAKE_TOOL)
    pids = tmp_path / "pids"
    env = {**os.environ, "PIDS": str(pids), "THEN": "exit",
           "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
    rc, took = _tfgpu(["capture", "--timeout", "5", "--out", str(tmp_path / "cap")], env, 5)
    assert rc == 0
    assert took < 5 + 5, f"capture --timeout 5 took {took:.1f} s"
    assert len(pids.read_text().split()) >= 4
    assert all(wait_dead(int(p)) for p in pids.read_text().split())


# --- the other children: benchmark (streamed events) and TensorBoard (long-running) -------


def test_a_flooding_benchmark_child_is_bounded_in_memory_and_time(tmp_path: Path) -> None:
    # No newline at all on stdout, and megabytes a second on stderr.
    flood = _script(tmp_path, "flood", FLOOD.replace("int(sys.argv[1])", "-1"))
    res, hwm = _peak_rss_of(textwrap.dedent(f"""
        import json, time
        from tfgpu.bench.runner import run_child
        t = time.monotonic()
        oc = run_child({flood!r}, {{"device": "cpu"}}, 3)
        print(json.dumps({{"timed_out": oc.timed_out, "took": time.monotonic() - t,
                          "tail": sum(map(len, oc.stderr_tail))}}))
        """))
    assert res["timed_out"] is True
    assert float(res["took"]) < 3 + 2  # type: ignore[arg-type]
    assert int(res["tail"]) <= (4 << 20) + 100  # type: ignore[call-overload]
    assert hwm < FLOOD_RSS_MIB, f"peak RSS {hwm:.0f} MiB"


def test_a_benchmark_child_leaving_a_setsid_grandchild_returns_at_once(tmp_path: Path) -> None:
    from tfgpu.bench.runner import run_child

    child = _script(tmp_path, "child", GRANDCHILD.replace(
        'open(sys.argv[1], "w")', f'open({str(tmp_path / "gc.pid")!r}, "w")').replace(
        'sys.argv[2] == "hang"', "False"))
    t0 = time.monotonic()
    oc = run_child(child, {"device": "cpu"}, 30)
    assert time.monotonic() - t0 < 3
    assert oc.returncode == 0 and not oc.timed_out
    assert wait_dead(int((tmp_path / "gc.pid").read_text()))


def test_tensorboard_output_kept_is_bounded() -> None:
    import io

    from tfgpu.runtime import tensorboard as tb

    class Proc:
        stdout = io.StringIO("".join(f"line {i}\n" for i in range(5 * tb.MAX_OUTPUT_LINES))
                             + "x" * (10 * tb.MAX_LINE_CHARS))

    sink: list[str] = []
    tb._reader(Proc(), sink)  # type: ignore[arg-type]
    assert len(sink) <= 2 * tb.MAX_OUTPUT_LINES
    assert sink[-11] == f"line {5 * tb.MAX_OUTPUT_LINES - 1}"
    assert max(map(len, sink)) <= tb.MAX_LINE_CHARS


def test_ctrl_c_while_a_child_starts_is_held_then_replayed() -> None:
    # A KeyboardInterrupt inside Popen (after the fork) lost the child: it outlived its
    # interrupted parent.  Ctrl-C is held back while Popen runs, then replayed.
    from tfgpu._proc import DeferSigint

    deferred = DeferSigint()
    with deferred:
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.05)  # the handler runs here, and must not raise
    assert signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    with pytest.raises(KeyboardInterrupt):
        deferred.replay()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    deferred.replay()  # once only


def test_ctrl_c_between_the_start_and_the_callers_try_is_still_held() -> None:
    # Restoring the handler as the block ended let a SIGINT landing just then raise
    # before the caller's try, so the started child was never stopped (a CI run of
    # test_ctrl_c_kills_a_child_that_ignores_sigterm_after_the_grace).
    from tfgpu._proc import DeferSigint

    deferred = DeferSigint()
    with deferred:
        pass
    os.kill(os.getpid(), signal.SIGINT)
    time.sleep(0.05)  # after the block: still only recorded
    with pytest.raises(KeyboardInterrupt):
        deferred.replay()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_start_that_fails_gives_ctrl_c_back_at_once() -> None:
    from tfgpu._proc import DeferSigint

    deferred = DeferSigint()
    with pytest.raises(OSError), deferred:
        raise OSError("cannot fork")
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    deferred.replay()  # nothing came: nothing raised
