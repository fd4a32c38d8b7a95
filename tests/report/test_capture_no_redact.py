"""``tfgpu capture --no-redact`` keeps what capture otherwise scrubs (issue 12 review)."""

from __future__ import annotations

import argparse
import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from tfgpu import capture, privacy
from tfgpu._proc import FakeRunner
from tfgpu.cli import cmd_capture
from tfgpu.probes import FakeFileSystem, ProbeContext

UUID = "GPU-3f5e1a2b-9c8d-4e7f-a6b5-c4d3e2f1a0b9"
HOME = "/home/mallory"


def _record(tmp_path: Path, scrub: capture.Scrubber, redacted: bool) -> str:
    runner = FakeRunner({("nvidia-smi", "-L"): f"GPU 0: NVIDIA H200 (UUID: {UUID})\n"})
    ctx = ProbeContext(runner=runner, fs=FakeFileSystem(tmp_path), system="Linux",
                       env={"PATH": f"{HOME}/bin:/usr/bin"},
                       python_executable=f"{HOME}/venv/bin/python")
    cap = capture.record(ctx, lambda _l: None, scrub, machine="x86_64")
    out = tmp_path / ("plain" if redacted else "raw")
    capture.write(cap, out, dt.datetime(2026, 12, 1, tzinfo=dt.timezone.utc), redacted=redacted)
    meta = (out / "meta.toml").read_text(encoding="utf-8").splitlines()
    assert f"redacted = {'true' if redacted else 'false'}" in meta[:3]
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(out.iterdir()))


def test_no_redact_keeps_uuid_and_home(tmp_path: Path) -> None:
    raw = _record(tmp_path, capture.no_scrubber(), redacted=False)
    # (PATH keeps only CUDA entries and folders with finds, redacted or not: the home
    # folder shows in the interpreter's path)
    assert UUID in raw and f"{HOME}/venv/bin/python" in raw and "NOT redacted" in raw
    scrubbed = _record(tmp_path, _mallory_scrubber(), redacted=True)
    assert UUID not in scrubbed and "mallory" not in scrubbed


def _mallory_scrubber() -> capture.Scrubber:
    return capture.Scrubber("mallory", "gpubox7", privacy.for_names(users=["mallory"],
                                                                    hosts=["gpubox7"]))


@pytest.mark.parametrize(("argv", "expect_identity"), [([], False), (["--no-redact"], True)])
def test_cli_passes_the_right_scrubber(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       argv: list[str], expect_identity: bool) -> None:
    parser = argparse.ArgumentParser()
    cmd_capture.add_arguments(parser)
    args = parser.parse_args(["--out", str(tmp_path / "o"), *argv])
    seen: dict[str, Any] = {}

    def fake_record(ctx: object, echo: object, scrub: capture.Scrubber) -> capture.Capture:
        seen["scrub"] = scrub
        return capture.Capture({}, {}, {"machine": "x86_64"})

    def fake_write(cap: object, out: Path, when: object, *, redacted: bool = True) -> list[Path]:
        seen["redacted"] = redacted
        return []

    monkeypatch.setattr(capture, "record", fake_record)
    monkeypatch.setattr(capture, "write", fake_write)
    assert cmd_capture.run(args) == 0
    assert isinstance(seen["scrub"].redactor, privacy.NoRedactor) is expect_identity
    assert seen["redacted"] is not expect_identity
    if expect_identity:
        assert seen["scrub"](f"{UUID} {HOME}") == f"{UUID} {HOME}"
