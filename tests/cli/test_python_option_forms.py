"""``--python`` says what it takes: an interpreter (a path, a command on PATH, or a version
X.Y run as pythonX.Y) for doctor, facts, capture, verify and bench; a version X.Y for plan
and install.  ``tfgpu doctor --python 3.11`` used to fail with "3.11: no such file"."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from tfgpu.cli.main import build_parser, main

RUNS_AN_INTERPRETER = ["doctor", "facts", "capture", "verify", "bench"]
TAKES_A_VERSION = ["plan", "install"]


def _fake_python(folder: Path, name: str) -> Path:
    """An executable named ``name`` in ``folder`` (only found, never run here)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\nexit 0\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


@pytest.mark.parametrize("command", RUNS_AN_INTERPRETER)
def test_a_version_runs_that_pythons_command_from_path(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    exe = _fake_python(tmp_path / "bin", "python3.37")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    args = build_parser(command, alone=True).parse_args([command, "--python", "3.37"])
    assert args.python == str(exe)
    args = build_parser(command, alone=True).parse_args([command, "--python", "python3.37"])
    assert args.python == str(exe)


@pytest.mark.parametrize("command", RUNS_AN_INTERPRETER)
def test_a_version_with_no_such_command_is_a_clear_usage_error(
        command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert main([command, "--python", "3.37"]) == 2
    err = capsys.readouterr().err
    assert "no python3.37 on PATH" in err and "the interpreter's path" in err, err


@pytest.mark.parametrize("command", RUNS_AN_INTERPRETER)
def test_a_path_is_kept_as_given(command: str, tmp_path: Path) -> None:
    path = str(tmp_path / "venv" / "bin" / "python")
    args = build_parser(command, alone=True).parse_args([command, "--python", path])
    assert args.python == path


def test_doctor_with_a_version_examines_that_interpreter(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    import sys

    # python3.37 on PATH is this interpreter, under the name the version asks for
    (tmp_path / "bin").mkdir()
    os.symlink(sys.executable, tmp_path / "bin" / "python3.37")
    monkeypatch.setenv("PATH", str(tmp_path / "bin") + os.pathsep + os.environ["PATH"])
    assert main(["doctor", "--no-tf", "--json", "--python", "3.37"]) in (0, 1)
    out = capsys.readouterr().out
    assert str(tmp_path / "bin" / "python3.37") in out


@pytest.mark.parametrize("command", TAKES_A_VERSION)
def test_plan_and_install_refuse_a_path_and_say_they_take_a_version(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [command, "--python", "/usr/bin/python3"]
    if command == "plan":
        argv += ["--os", "linux"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "give a Python 3 version such as 3.11" in err
    assert "an interpreter path is what doctor" in err


@pytest.mark.parametrize(("command", "says"), [
    *((c, "a path (.venv/bin/python), a command on PATH") for c in RUNS_AN_INTERPRETER),
    *((c, "(a version, not an interpreter path") for c in TAKES_A_VERSION),
])
def test_help_says_which_form_python_takes(command: str, says: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        build_parser(command, alone=True).parse_args([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert says in text
