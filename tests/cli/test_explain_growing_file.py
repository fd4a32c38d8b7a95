"""A log that a program is still writing grows while `tfgpu explain` reads it: the report
says so (it covers the lines up to where the reading ended)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tfgpu.cli import cmd_explain

LINE = ("2021-03-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/"
        "dso_loader.cc:60] Could not load dynamic library 'libcudart.so.11.0'; dlerror: "
        "libcudart.so.11.0: cannot open shared object file: No such file or directory\n")


def test_a_file_that_grows_during_the_read_is_noted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "train.log"
    log.write_text(LINE)
    real = cmd_explain._explain_capped

    def writer_still_running(*args: Any, **kw: Any) -> Any:
        with log.open("a") as out:  # the training job appends while tfgpu reads
            out.write("Epoch 2/5\n" * 100)
        return real(*args, **kw)

    monkeypatch.setattr(cmd_explain, "_explain_capped", writer_still_running)
    _, _, notes = cmd_explain._read(str(log), None)
    assert "grew from" in notes["growing"], notes
    assert f"{len(LINE):,} to {len(LINE) + 1000:,} bytes" in notes["growing"]


def test_a_finished_file_has_no_note(tmp_path: Path) -> None:
    log = tmp_path / "train.log"
    log.write_text(LINE)
    _, _, notes = cmd_explain._read(str(log), None)
    assert "growing" not in notes
