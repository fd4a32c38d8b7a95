"""``tfgpu launch`` keeps TensorFlow's servers on loopback (issue 11).

TensorFlow's gRPC server listens on every interface whatever ``TF_CONFIG`` says (measured
on TF 2.21 here: a server given ``127.0.0.1:23456`` listened on ``[::]:23456``), so before,
connections from the host's external address reached the workers.  Now, on Linux, the
workers run in a private network namespace with loopback only: they reach each other on
``127.0.0.1``, nobody else reaches them (not even this host's own loopback).  Each test
worker here does what TensorFlow does: listens on ``0.0.0.0``.
"""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tfgpu.runtime import _netns
from tfgpu.runtime.launch import LaunchError, launch

SRC = Path(__file__).resolve().parents[2] / "src"


def _private_possible() -> bool:
    try:
        _netns.open_private().close()
    except _netns.NetworkUnavailable:
        return False
    return True


needs_netns = pytest.mark.skipif(not sys.platform.startswith("linux") or not _private_possible(),
                                 reason="no network namespace can be made here")

#: Worker 0 listens on 0.0.0.0:<its TF_CONFIG port> and says so; worker 1 connects to it
#: on 127.0.0.1; both print their network namespace; worker 0 waits for <dir>/done.
WORKER = r'''
import json, os, socket, sys, time
cfg = json.loads(os.environ["TF_CONFIG"])
i = cfg["task"]["index"]
port = int(cfg["cluster"]["worker"][0].rsplit(":", 1)[1])
d = sys.argv[1]
print("ns", os.readlink("/proc/self/ns/net"), flush=True)
if i == 0:
    s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    s.bind(("0.0.0.0", port)); s.listen()
    open(os.path.join(d, "port"), "w").write(str(port))
    s.settimeout(10); c, _ = s.accept(); print("peer connected", flush=True)
    end = time.monotonic() + 15
    while not os.path.exists(os.path.join(d, "done")) and time.monotonic() < end:
        time.sleep(0.05)
else:
    end = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close(); break
        except OSError:
            if time.monotonic() > end: raise
            time.sleep(0.05)
    print("reached worker 0", flush=True)
'''


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(SRC)}


@needs_netns
def test_workers_reach_each_other_and_nothing_else_reaches_them(tmp_path: Path) -> None:
    script = tmp_path / "w.py"
    script.write_text(WORKER, encoding="utf-8")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tfgpu", "launch", "--workers", "2", "--grace", "1", "--",
         sys.executable, str(script), str(tmp_path)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    try:
        deadline = time.monotonic() + 30
        while not (tmp_path / "port").exists():
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.05)
        port = int((tmp_path / "port").read_text())
        # From here (the host's network): nothing listens there.
        with pytest.raises(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=2).close()
        (tmp_path / "done").write_text("")
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, out + err
    assert "[worker 1] reached worker 0" in out and "[worker 0] peer connected" in out
    spaces = {line.split()[-1] for line in out.splitlines() if "] ns net:" in line}
    assert len(spaces) == 1 and os.readlink("/proc/self/ns/net") not in spaces
    assert "network: private" in out


@needs_netns
def test_ctrl_c_in_private_mode_leaves_no_worker_and_no_holder(tmp_path: Path) -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "tfgpu", "launch", "--workers", "2", "--", sys.executable,
         "-c", f"import os,time; open({str(tmp_path)!r}+'/p'+os.environ['TFGPU_WORKER_INDEX'],"
               "'w').write(str(os.getpid())); time.sleep(1000)"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 30
        while not ((tmp_path / "p0").exists() and (tmp_path / "p1").exists()):
            assert time.monotonic() < deadline, "the workers never started"
            time.sleep(0.05)
        holders = _holders(proc.pid)
        assert holders, "no namespace holder while the workers run"
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    time.sleep(0.2)
    pids = [int((tmp_path / f"p{i}").read_text()) for i in range(2)]
    assert not [p for p in pids + holders if _alive(p)]


def _holders(launcher: int) -> list[int]:
    """Pids of the namespace holders the launcher ``launcher`` started."""
    out = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                stat = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
                cmd = Path(f"/proc/{name}/cmdline").read_bytes()
            except (OSError, IndexError):
                continue
            if int(stat[1]) == launcher and b"PR_SET_PDEATHSIG" in cmd:
                out.append(int(name))
    return out


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_host_network_and_non_loopback_hosts_keep_the_note() -> None:
    code = "print('ok')"
    out = io.StringIO()
    launch([sys.executable, "-c", code], 1, out, env=_env(), network="host")
    assert "listens on all interfaces" in out.getvalue()
    with pytest.raises(LaunchError, match="not a loopback address"):
        launch([sys.executable, "-c", code], 1, io.StringIO(), host="10.1.2.3",
               network="private")
    with pytest.raises(LaunchError, match="--network must be one of"):
        launch([sys.executable, "-c", code], 1, io.StringIO(), network="public")


def test_where_no_namespace_can_be_made_auto_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(python: str = sys.executable) -> _netns.PrivateNetwork:
        raise _netns.NetworkUnavailable("unshare: Operation not permitted")

    from tfgpu.runtime import launch as launch_mod

    monkeypatch.setattr(launch_mod, "open_private", refuse)
    out = io.StringIO()
    result = launch([sys.executable, "-c", "print(1)"], 1, out, env=_env())
    assert result.exit_code == 0
    assert "no private network here: unshare: Operation not permitted" in out.getvalue()
    with pytest.raises(LaunchError, match="Operation not permitted"):
        launch([sys.executable, "-c", "print(1)"], 1, io.StringIO(), network="private")


def test_the_holder_answers_garbage_or_nothing_is_unavailable(tmp_path: Path) -> None:
    fake = tmp_path / "python"
    fake.write_text("#!/bin/sh\necho 'error: nope'\n", encoding="utf-8")
    fake.chmod(0o755)
    with pytest.raises(_netns.NetworkUnavailable, match="nope"):
        _netns.open_private(str(fake))


#: What a training script that downloads its data set meets first in a private network:
#: the name lookup fails (no resolver is reachable; glibc says "Temporary failure in name
#: resolution", or "Name or service not known" when no resolver is configured at all).
DOWNLOADER = r'''
import socket, sys
try:
    socket.getaddrinfo("storage.googleapis.com", 443)
except OSError as exc:
    print(f"Exception: URL fetch failure: {exc}", flush=True)
    sys.exit(1)
print("resolved", flush=True)
'''


@needs_netns
def test_a_worker_that_cannot_download_is_told_about_network_host(tmp_path: Path) -> None:
    script = tmp_path / "dl.py"
    script.write_text(DOWNLOADER, encoding="utf-8")
    out = io.StringIO()
    result = launch([sys.executable, str(script)], 2, out, env=_env(), grace_s=1)
    assert result.exit_code == 1, out.getvalue()
    assert "--network host" in result.message and "failed network access" in result.message


def test_a_worker_failure_without_a_network_error_gets_no_network_hint(tmp_path: Path) -> None:
    out = io.StringIO()
    result = launch([sys.executable, "-c", "import sys; print('ValueError: bad shape'); "
                     "sys.exit(3)"], 1, out, env=_env(), grace_s=1)
    assert result.exit_code == 1
    assert "network" not in result.message, result.message


def test_a_network_error_on_the_host_network_gets_no_hint() -> None:
    out = io.StringIO()
    result = launch([sys.executable, "-c", "import sys; print('Temporary failure in name "
                     "resolution'); sys.exit(1)"], 1, out, env=_env(), network="host")
    assert result.exit_code == 1 and "--network host" not in result.message
