"""Process helpers shared by the tests that check children die with their parent (Linux
``/proc``): importable from every test folder (``tests/conftest.py`` puts this folder on
``sys.path``)."""

from __future__ import annotations

import time
from pathlib import Path


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
