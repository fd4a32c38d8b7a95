"""Process helpers shared by the tests that check children die with their parent (Linux
``/proc``): importable from every test folder (``tests/conftest.py`` puts this folder on
``sys.path``)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"


def pid_alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie, killed and waiting to be reaped, is dead)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
            return fh.read().rsplit(") ", 1)[1][0] != "Z"
    except (OSError, IndexError):
        return False


def wait_dead(pid: int, within_s: float = 2.0) -> bool:
    """Wait up to ``within_s`` seconds for ``pid`` to die; True when it did."""
    end = time.monotonic() + within_s
    while pid_alive(pid):
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def children(pid: int) -> list[int]:
    """Direct children of ``pid`` (from /proc)."""
    kids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry.name))
    return kids


def run_tfgpu(*args: str, timeout_s: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tfgpu ARGS`` (this checkout's ``src/``) and capture its output; a
    non-zero exit is returned, not raised."""
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run([sys.executable, "-m", "tfgpu", *args], capture_output=True,
                          text=True, env=env, timeout=timeout_s, check=False)

