"""SIGTERM or SIGHUP to a tfgpu command stops it the way Ctrl-C does: what it started is
gone, and the exit code is 128 + the signal (143, 129).

Before, only ``launch`` and ``tensorboard`` handled SIGTERM: ``kill`` of a ``tfgpu
doctor`` waiting on a hung ``nvidia-smi`` ended the doctor at once and left that
``nvidia-smi`` (and the TensorFlow child) running, reparented to init.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from proc_helpers import SRC, wait_dead

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc, sh")


def _hung_smi(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    smi = bin_dir / "nvidia-smi"
    smi.write_text(f"#!/bin/sh\necho $$ > {tmp_path}/smi.pid\nexec sleep 300\n",
                   encoding="utf-8")
    smi.chmod(0o755)
    return bin_dir


@pytest.mark.parametrize("round_", range(3))  # the signal lands at a different point each time
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_to_the_doctor_leaves_no_hung_nvidia_smi(
        tmp_path: Path, sig: signal.Signals, code: int, round_: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC),
           "PATH": f"{_hung_smi(tmp_path)}{os.pathsep}{os.environ.get('PATH', '')}"}
    # the child starts with the signal's default action, as a terminal's process does: under
    # nohup (SIGHUP ignored, and inherited) the doctor rightly keeps ignoring it
    proc = subprocess.Popen([sys.executable, "-m", "tfgpu", "doctor", "--no-tf", "--json"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=env, preexec_fn=lambda: signal.signal(sig, signal.SIG_DFL))
    pid_file = tmp_path / "smi.pid"
    try:
        deadline = time.monotonic() + 20
        while not (pid_file.exists() and pid_file.read_text().strip()):
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.02)
        smi_pid = int(pid_file.read_text())
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=10)
    finally:
        if proc.poll() is None:
            proc.kill()
    try:
        assert proc.returncode == code, err
        assert f"terminated ({sig.name})" in err
        assert wait_dead(smi_pid, 3.0), "the hung nvidia-smi outlived the doctor"
    finally:
        with contextlib.suppress(ProcessLookupError, NameError):
            os.kill(smi_pid, signal.SIGKILL)


def test_handlers_are_restored_after_an_in_process_run() -> None:
    from tfgpu.cli.main import main

    before = signal.getsignal(signal.SIGTERM)
    assert main(["schema", "facts"]) == 0
    assert signal.getsignal(signal.SIGTERM) is before


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_signal_swallowed_by_a_finalizer_still_ends_with_its_code(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The handler's exception can land inside a weakref callback or ``__del__``, where
    Python prints "Exception ignored" and goes on: the command must still end as
    terminated (128 + the signal), not with its normal code."""
    import weakref

    from tfgpu.cli import cmd_schema
    from tfgpu.cli.main import main

    class _Obj:
        pass

    def run(_args: object) -> int:
        obj = _Obj()
        weakref.finalize(obj, signal.raise_signal, signal.SIGTERM)
        del obj  # the finalizer raises the signal; its Terminated is swallowed there
        return 0

    monkeypatch.setattr(cmd_schema, "run", run)
    assert main(["schema", "facts"]) == 143
    assert "terminated (SIGTERM)" in capsys.readouterr().err


def test_entry_after_a_signal_kills_children_and_skips_the_shutdown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """After SIGTERM the probes' daemon threads may still run: the interpreter's shutdown
    with them alive could crash (exit -11 seen under load). ``entry`` kills the children
    and leaves with ``os._exit`` instead."""
    import threading

    from tfgpu import _live
    from tfgpu.cli import main as cli_main

    killed: list[str] = []
    exited: list[int] = []
    monkeypatch.setattr(_live, "kill_all_live", lambda: killed.append("all"))
    monkeypatch.setattr(cli_main, "main", lambda: 143)
    monkeypatch.setattr(cli_main.os, "_exit", exited.append)
    stop = threading.Event()
    worker = threading.Thread(target=stop.wait, daemon=True)
    worker.start()
    try:
        assert cli_main.entry() == 143
    finally:
        stop.set()
    assert killed == ["all"] and exited == [143]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_a_swallowed_signal_still_stops_the_running_children_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """When the handler's exception is swallowed, the command runs on: the children it is
    waiting on (a hung nvidia-smi) must be killed by the signal itself, not at their
    timeout; and children started later are not refused (the set stays open)."""
    import weakref

    from tfgpu._live import LiveChildren
    from tfgpu.cli import cmd_schema
    from tfgpu.cli.main import main

    live: LiveChildren[subprocess.Popen[bytes]] = LiveChildren(lambda p: p.kill())
    waited: list[float] = []

    class _Obj:
        pass

    def run(_args: object) -> int:
        child = subprocess.Popen(["sleep", "30"])
        live.add(child)
        obj = _Obj()
        weakref.finalize(obj, signal.raise_signal, signal.SIGTERM)
        del obj  # the Terminated is swallowed in the finalizer
        t0 = time.monotonic()
        child.wait(timeout=20)
        waited.append(time.monotonic() - t0)
        live.discard(child)
        later = subprocess.Popen(["sleep", "0"])
        live.add(later)
        assert later.wait(timeout=5) == 0  # not killed: the set is still open
        live.discard(later)
        return 0

    monkeypatch.setattr(cmd_schema, "run", run)
    assert main(["schema", "facts"]) == 143
    assert waited and waited[0] < 5.0, f"the child lived {waited[0]:.1f} s after the signal"


def test_a_signal_inside_the_import_system_is_raised_once_out_of_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Raised inside ``importlib._bootstrap`` (``_ImportLockContext.__exit__`` before its
    ``release_lock``), the Terminated left the import lock held: the other threads' next
    import waited forever (the doctor outlived SIGHUP).  The handler then raises nothing;
    the signal comes again once the main thread is out, and is raised there."""
    import importlib
    from types import FrameType

    from tfgpu import _live
    from tfgpu.cli import main as cli_main

    monkeypatch.setattr(_live, "kill_running_now", lambda: None)
    frames: list[FrameType] = []

    class _Finder:
        def find_spec(self, *_args: object) -> None:
            frames.append(sys._getframe(1))  # importlib._bootstrap's _find_spec

    monkeypatch.setattr(sys, "meta_path", [_Finder(), *sys.meta_path])
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("tfgpu_test_no_such_module")
    bootstrap = frames[0]
    assert bootstrap.f_globals["__name__"] in ("importlib._bootstrap", "_frozen_importlib")
    returned: list[float] = []
    previous = signal.signal(signal.SIGTERM, cli_main._raise_terminated)
    try:
        with pytest.raises(cli_main.Terminated):
            cli_main._raise_terminated(signal.SIGTERM, bootstrap)
            returned.append(time.monotonic())
            time.sleep(10)  # out of the import system: the signal comes again, raised here
        waited = time.monotonic() - returned[0] if returned else 0.0
    finally:
        cli_main._DEFERRED.clear()
        signal.signal(signal.SIGTERM, previous)
        cli_main._PENDING_SIGNALS.clear()
    assert returned, "Terminated was raised inside the import system"
    assert waited < 5.0, f"raised {waited:.1f} s after the main thread left the import system"
