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


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_to_the_doctor_leaves_no_hung_nvidia_smi(
        tmp_path: Path, sig: signal.Signals, code: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(SRC),
           "PATH": f"{_hung_smi(tmp_path)}{os.pathsep}{os.environ.get('PATH', '')}"}
    proc = subprocess.Popen([sys.executable, "-m", "tfgpu", "doctor", "--no-tf", "--json"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            env=env)
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
