"""A closed stdin/stdout or an unwritable stdout is the caller's setup, not a tfgpu bug:
a clear "cannot read/write" message and exit code 2, never "please report it"
(eyes report F-6: `explain - <&-`, `install <&-`, `doctor >&-`, `doctor > /dev/full`)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.cli import status_codes

SRC = str(Path(__file__).resolve().parents[2] / "src")


def _run(args: list[str], *, stdin: object = None, stdout: object = None,
         close: tuple[int, ...] = ()) -> subprocess.CompletedProcess[str]:
    """Run ``python -m tfgpu ARGS`` with the descriptors in ``close`` closed in the child."""
    def closer() -> None:
        for fd in close:
            os.close(fd)

    env = dict(os.environ, PYTHONPATH=SRC)
    return subprocess.run([sys.executable, "-m", "tfgpu", *args], stdin=stdin, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env=env, timeout=120,
                          preexec_fn=closer if close else None, check=False)


@pytest.mark.parametrize("args", [["explain", "-"], ["explain"]])
def test_explain_with_stdin_closed_says_cannot_read(args: list[str]) -> None:
    done = _run(args, close=(0,))
    assert done.returncode == status_codes.USAGE_ERROR, done.stderr
    assert "cannot read standard input" in done.stderr
    assert "please report" not in done.stderr


def test_install_with_stdin_closed_is_not_a_terminal(tmp_path: Path) -> None:
    done = _run(["install", "--venv", str(tmp_path / "v")], stdout=subprocess.DEVNULL, close=(0,))
    assert done.returncode == status_codes.USAGE_ERROR, done.stderr
    assert "--yes" in done.stderr and "please report" not in done.stderr
    assert not (tmp_path / "v").exists()


@pytest.mark.parametrize("args", [["doctor", "--no-tf"], ["matrix"], ["schema"]])
def test_stdout_closed_says_cannot_write(args: list[str]) -> None:
    done = _run(args, close=(1,))
    assert done.returncode == status_codes.USAGE_ERROR, done.stderr
    assert "cannot write output" in done.stderr
    assert "please report" not in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [["doctor", "--no-tf"], ["matrix"], ["explain", "-"]])
def test_full_disk_says_cannot_write(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        done = _run(args, stdin=subprocess.DEVNULL, stdout=full)
    assert done.returncode == status_codes.USAGE_ERROR, done.stderr
    assert "cannot write output: No space left on device" in done.stderr
    assert "please report" not in done.stderr and "Exception ignored" not in done.stderr


def test_explain_facts_that_are_a_doctor_report_say_how_to_write_facts(
        tmp_path: Path) -> None:
    """`explain --facts doctor.json` names the command that writes facts."""
    doc = tmp_path / "doctor.json"
    doc.write_text('{"schema_version": "1.1", "verdict": {}, "findings": []}', encoding="utf-8")
    log = tmp_path / "x.log"
    log.write_text("hello\n", encoding="utf-8")
    done = _run(["explain", "--facts", str(doc), str(log)], stdout=subprocess.DEVNULL)
    assert done.returncode == status_codes.USAGE_ERROR, done.stderr
    assert "tfgpu facts > host.json" in done.stderr, done.stderr
