"""Every wait has a limit: stopping a benchmark child that cannot die (a process in
uninterruptible sleep inside the GPU driver ignores SIGKILL until the driver lets go)
returns after ``REAP_S`` instead of hanging tfgpu (issue 11)."""

from __future__ import annotations

import subprocess
import time

import pytest

from tfgpu.bench import runner


class Unkillable:
    """A Popen stand-in that never exits; its pid names no process (> Linux pid_max)."""

    pid = (1 << 22) + 4321
    returncode = None

    def poll(self) -> None:
        return None

    def terminate(self) -> None:
        pass

    def kill(self) -> None:
        pass

    def wait(self, timeout: float | None = None) -> int:
        if timeout is None:
            raise AssertionError("an unbounded wait")
        time.sleep(timeout)
        raise subprocess.TimeoutExpired("child", timeout)


def test_stopping_a_child_that_cannot_die_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "REAP_S", 0.2)
    t0 = time.monotonic()
    runner.stop_process_group(Unkillable(), grace_s=0.1)  # type: ignore[arg-type]
    assert time.monotonic() - t0 < 0.1 + 0.2 + 1.0
