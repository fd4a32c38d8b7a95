"""`tfgpu launch`: real worker processes (plain Python, no TensorFlow)."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from proc_helpers import pid_alive as _pid_alive
from tfgpu.runtime.launch import LaunchError, describe_exit, launch, tf_configs

SRC = Path(__file__).resolve().parents[2] / "src"


def _default_sigint() -> None:
    """Let the child take Ctrl-C even when pytest runs as a background job (which
    inherits SIGINT ignored, and Python then installs no KeyboardInterrupt handler)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC)}


def _stop(proc: subprocess.Popen[str]) -> None:
    """On a failed assertion, SIGTERM lets `tfgpu launch` stop its workers before we kill it."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()


def _start_workers(tmp_path: Path, body: str, *, before: str = "", grace: int | None = None,
                   **popen: Any) -> subprocess.Popen[str]:
    """Start ``tfgpu launch --workers 2 [--grace G] -- python w.py``: each worker runs
    ``before``, writes its pid to ``tmp_path/pid<index>``, then runs ``body``."""
    script = tmp_path / "w.py"
    script.write_text(
        "import os, signal, sys, time\n" + before
        + "i = os.environ['TFGPU_WORKER_INDEX']\n"
        f"open(os.path.join({str(tmp_path)!r}, 'pid' + i), 'w').write(str(os.getpid()))\n"
        + body
    )
    grace_opt = ["--grace", str(grace)] if grace is not None else []
    kw: dict[str, Any] = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, "text": True,
                          "env": _env(), **popen}
    return subprocess.Popen([sys.executable, "-m", "tfgpu", "launch", "--workers", "2",
                             *grace_opt, "--", sys.executable, str(script)], **kw)


def _wait_for(path: Path, timeout_s: float = 30.0) -> str:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().strip():
            return path.read_text().strip()
        time.sleep(0.05)
    raise AssertionError(f"{path} never appeared")


def test_tf_configs_are_a_correct_cluster() -> None:
    cfgs = [json.loads(c) for c in tf_configs([20000, 20001, 20002])]
    workers = ["127.0.0.1:20000", "127.0.0.1:20001", "127.0.0.1:20002"]
    assert [c["cluster"] for c in cfgs] == [{"worker": workers}] * 3
    assert [c["task"] for c in cfgs] == [{"type": "worker", "index": i} for i in range(3)]


def test_duplicate_ports_are_refused() -> None:
    with pytest.raises(LaunchError, match="distinct"):
        tf_configs([1, 1])


def test_exit_descriptions() -> None:
    assert describe_exit(3) == "exited with code 3"
    assert describe_exit(-9) == "was killed by signal 9 (SIGKILL)"
    assert describe_exit(-15) == "was killed by signal 15 (SIGTERM)"


def test_workers_get_their_own_tf_config_and_prefixed_output() -> None:
    code = ("import json, os; c = json.loads(os.environ['TF_CONFIG']); "
            "print('task', c['task']['index'], 'of', len(c['cluster']['worker']), "
            "os.environ['TFGPU_WORKER_INDEX'])")
    out = io.StringIO()
    res = launch([sys.executable, "-c", code], 3, out)
    assert res.exit_code == 0, out.getvalue()
    lines = out.getvalue().splitlines()
    for i in range(3):
        assert f"[worker {i}] task {i} of 3 {i}" in lines
    assert res.returncodes == (0, 0, 0)
    assert res.message == "all 3 workers finished successfully"


def test_ports_are_free_loopback_ports() -> None:
    code = "import os; print(os.environ['TF_CONFIG'])"
    out = io.StringIO()
    launch([sys.executable, "-c", code], 2, out)
    line = next(x for x in out.getvalue().splitlines() if x.startswith("[worker 0] "))
    addrs = json.loads(line.removeprefix("[worker 0] "))["cluster"]["worker"]
    ports = [int(a.split(":")[1]) for a in addrs]
    assert all(a.startswith("127.0.0.1:") for a in addrs)
    assert len(set(ports)) == 2 and all(1024 <= p < 65536 for p in ports)


def test_one_failing_worker_stops_the_others(tmp_path: Path) -> None:
    script = tmp_path / "w.py"
    script.write_text(
        "import os, sys, time\n"
        "i = int(os.environ['TFGPU_WORKER_INDEX'])\n"
        f"open(os.path.join({str(tmp_path)!r}, f'pid{{i}}'), 'w').write(str(os.getpid()))\n"
        "if i == 1:\n"
        "    time.sleep(0.3); print('giving up', flush=True); sys.exit(7)\n"
        "time.sleep(120)\n"
    )
    out = io.StringIO()
    t0 = time.monotonic()
    res = launch([sys.executable, str(script)], 2, out, grace_s=5)
    assert time.monotonic() - t0 < 30
    assert res.exit_code == 1
    assert res.failed_worker == 1
    assert res.message == "worker 1 exited with code 7; stopped worker 0"
    assert res.returncodes[1] == 7
    assert res.returncodes[0] == -signal.SIGTERM
    assert "[worker 1] giving up" in out.getvalue()
    assert not _pid_alive(int((tmp_path / "pid0").read_text()))


def test_missing_program_is_a_launch_error() -> None:
    with pytest.raises(LaunchError, match="cannot start"):
        launch(["/nonexistent/python-xyz"], 2, io.StringIO())


def test_worker_killed_mid_run_stops_the_other_via_cli(tmp_path: Path) -> None:
    """Scenario: a worker dies of SIGKILL (e.g. the OOM killer) while its peer waits."""
    proc = _start_workers(tmp_path, "print('training', flush=True)\ntime.sleep(120)\n", grace=5)
    try:
        pid0 = int(_wait_for(tmp_path / "pid0"))
        pid1 = int(_wait_for(tmp_path / "pid1"))
        os.kill(pid1, signal.SIGKILL)
        out, err = proc.communicate(timeout=60)
    finally:
        _stop(proc)
    assert proc.returncode == 1
    assert "tfgpu launch: worker 1 was killed by signal 9 (SIGKILL); stopped worker 0" in err
    assert "[worker 0] training" in out and "[worker 1] training" in out
    assert not _pid_alive(pid0)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_ctrl_c_or_sigterm_is_forwarded_to_all_workers(tmp_path: Path, sig: int) -> None:
    proc = _start_workers(tmp_path, "time.sleep(120)\n", before=(
        "def bye(*_):\n"
        "    print('got SIGINT', flush=True); sys.exit(0)\n"
        "signal.signal(signal.SIGINT, bye)\n"), preexec_fn=_default_sigint)
    try:
        pids = [int(_wait_for(tmp_path / f"pid{i}")) for i in range(2)]
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=60)
    finally:
        _stop(proc)
    assert proc.returncode == 130, err
    assert "[worker 0] got SIGINT" in out and "[worker 1] got SIGINT" in out
    assert "interrupted (Ctrl-C or SIGTERM): stopped all workers" in err
    assert not any(_pid_alive(p) for p in pids)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["launch", "--workers", "2"], "no worker command"),
        (["launch", "--workers", "0", "--", "python"], "between 1 and"),
        (["launch", "--", "/nonexistent/prog"], "cannot start"),
    ],
)
def test_cli_usage_errors(argv: list[str], message: str,
                          capsys: pytest.CaptureFixture[str]) -> None:
    from tfgpu.cli.main import main

    assert main(argv) == 2
    assert message in capsys.readouterr().err


def _gone_within(pids: list[int], timeout_s: float) -> bool:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if not any(_pid_alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux")
def test_scenario_sigkilled_launcher_leaves_no_workers(tmp_path: Path) -> None:
    """Reviewer: `tfgpu launch` killed with SIGKILL left its workers running."""
    proc = _start_workers(tmp_path, "time.sleep(120)\n", before=(
        "signal.signal(signal.SIGTERM, signal.SIG_IGN)  # like a waiting TF worker\n"),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=False)
    pids: list[int] = []
    try:
        pids = [int(_wait_for(tmp_path / f"pid{i}")) for i in range(2)]
        proc.kill()
        proc.wait(timeout=10)
        assert _gone_within(pids, 10), "workers outlived their SIGKILLed launcher"
    finally:
        for p in pids:
            if _pid_alive(p):
                os.kill(p, signal.SIGKILL)


def test_scenario_sighup_to_launcher_stops_the_workers(tmp_path: Path) -> None:
    """Closing the terminal (SIGHUP) stops the workers like Ctrl-C."""
    proc = _start_workers(tmp_path, "time.sleep(120)\n", grace=3)
    try:
        pids = [int(_wait_for(tmp_path / f"pid{i}")) for i in range(2)]
        proc.send_signal(signal.SIGHUP)
        _, err = proc.communicate(timeout=60)
    finally:
        _stop(proc)
    assert proc.returncode == 130, err
    assert "stopped all workers" in err
    assert not any(_pid_alive(p) for p in pids)


# --- issue 11: no orphans, bounded stop time, loopback TF_CONFIG --------------------------


def test_ctrl_c_with_shell_workers_leaves_no_orphans_and_returns_quickly(
        tmp_path: Path) -> None:
    # A non-interactive shell's background job ignores SIGINT: before, Ctrl-C left the
    # three `sleep`s running and the launcher waited 15 s for their pipes.
    body = f'echo $! >> {tmp_path}/pids; wait'
    cmd = f'sleep 1000 & {body}'
    proc = subprocess.Popen(
        [sys.executable, "-m", "tfgpu", "launch", "--workers", "3", "--", "sh", "-c", cmd],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
        preexec_fn=_default_sigint,
    )
    try:
        deadline = time.monotonic() + 30
        while len((tmp_path / "pids").read_text().split()
                  if (tmp_path / "pids").exists() else []) < 3:
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.05)
        sleeps = [int(p) for p in (tmp_path / "pids").read_text().split()]
        assert all(_pid_alive(p) for p in sleeps)
        t0 = time.monotonic()
        proc.send_signal(signal.SIGINT)
        _out, err = proc.communicate(timeout=60)
        took = time.monotonic() - t0
    finally:
        _stop(proc)
    assert proc.returncode == 130, err
    assert took < 5, f"the launcher took {took:.1f} s to stop"
    time.sleep(0.2)
    assert not [p for p in sleeps if _pid_alive(p)], "orphaned worker children"


def test_a_successful_launch_kills_what_the_workers_left_behind(tmp_path: Path) -> None:
    # A background child in the worker's group, and one that left it with setsid and
    # holds the output pipe: neither outlives the launch, nor holds it up.
    script = tmp_path / "w.py"
    script.write_text(
        "import os, subprocess, sys\n"
        "a = subprocess.Popen(['sleep', '1000'])\n"
        "b = subprocess.Popen(['sleep', '1000'], start_new_session=True)\n"
        f"open({str(tmp_path / 'pids')!r} + os.environ['TFGPU_WORKER_INDEX'], 'w')"
        ".write(f'{a.pid} {b.pid}')\n"
        "print('done', flush=True)\n"
    )
    out = io.StringIO()
    t0 = time.monotonic()
    result = launch([sys.executable, str(script)], 2, out, env=_env(), grace_s=1)
    assert result.exit_code == 0, out.getvalue()
    assert time.monotonic() - t0 < 10
    pids = [int(p) for i in range(2) for p in (tmp_path / f"pids{i}").read_text().split()]
    time.sleep(0.2)
    assert not [p for p in pids if _pid_alive(p)]


def test_tf_config_uses_loopback_by_default_and_the_host_given() -> None:
    out = io.StringIO()
    code = ("import json, os; c = json.loads(os.environ['TF_CONFIG']); "
            "print(c['cluster']['worker'][int(os.environ['TFGPU_WORKER_INDEX'])])")
    launch([sys.executable, "-c", code], 2, out, env=_env(), network="host")
    text = out.getvalue()
    assert text.count("] 127.0.0.1:") == 2  # one address per worker
    assert "listens on all interfaces" in text  # the host's network: the note
    out = io.StringIO()
    launch([sys.executable, "-c", code], 1, out, env=_env(), host="localhost")
    assert "[worker 0] localhost:" in out.getvalue()


def test_an_unusable_host_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    from tfgpu.cli.main import main

    assert main(["launch", "--host", "192.0.2.1", "--", sys.executable, "-c", "0"]) == 2
    assert "cannot use host '192.0.2.1'" in capsys.readouterr().err
    assert main(["launch", "--host", "a b", "--", sys.executable, "-c", "0"]) == 2
