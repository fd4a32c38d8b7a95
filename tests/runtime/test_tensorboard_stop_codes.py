"""``tfgpu tensorboard`` exits as the README's exit-code table says: 0 after Ctrl-C (the
way to end it), 143 after SIGTERM, 129 after SIGHUP; the server is stopped each time."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tfgpu.cli import cmd_tensorboard

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


class _Process:
    def __init__(self, signum: int | None) -> None:
        self.signum = signum

    def wait(self) -> int:
        if self.signum is None:
            raise KeyboardInterrupt  # Ctrl-C
        os.kill(os.getpid(), self.signum)
        time.sleep(5)  # the handler raises during the sleep
        return 0


class _Server:
    def __init__(self, signum: int | None) -> None:
        self.url = "http://127.0.0.1:1/"
        self.process = _Process(signum)
        self.output: list[str] = []
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


@pytest.mark.parametrize(("signum", "code", "said"), [
    (None, 0, "stopped\n"),
    (signal.SIGTERM, 143, "stopped (SIGTERM)"),
    (getattr(signal, "SIGHUP", signal.SIGTERM), 129 if hasattr(signal, "SIGHUP") else 143,
     "stopped (SIGHUP)" if hasattr(signal, "SIGHUP") else "stopped (SIGTERM)"),
])
def test_tensorboard_exit_code_follows_the_table_for_each_stop(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        signum: int | None, code: int, said: str) -> None:
    (tmp_path / "events.out.tfevents.1").write_bytes(b"")
    server = _Server(signum)

    def fake_start(*_a: Any, **_k: Any) -> _Server:
        return server

    monkeypatch.setattr(cmd_tensorboard, "start_tensorboard", fake_start)
    before = {s: signal.getsignal(s) for s in cmd_tensorboard.STOP_SIGNALS}
    from tfgpu.cli.main import main

    assert main(["tensorboard", str(tmp_path), "--port", "0"]) == code
    assert server.stopped
    assert said in capsys.readouterr().err
    assert {s: signal.getsignal(s) for s in cmd_tensorboard.STOP_SIGNALS} == before
