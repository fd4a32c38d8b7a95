"""``tfgpu install --python 3.X`` chooses an interpreter that runs: a ``python3.X`` on PATH
that cannot start that version (a pyenv shim of a version pyenv has not selected exits 127)
is skipped for the next one on PATH, or for pyenv's own install of that version."""

from __future__ import annotations

import stat
from pathlib import Path

from tfgpu.plan.install import interpreter_candidates, interpreter_runs, resolve_interpreter

#: A pyenv shim for a version that is installed but not selected (pyenv's message, as
#: pyenv prints it for `python3.9` when the global version is another one).
SHIM = 'echo "pyenv: python3.9: command not found" >&2; exit 127'
#: A working interpreter of that version (it answers the version check).
REAL = "echo 3.9"


def _exe(folder: Path, name: str, body: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n" + body + "\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_a_shim_that_cannot_run_is_skipped_for_the_next_on_path(tmp_path: Path) -> None:
    _exe(tmp_path / "shims", "python3.9", SHIM)
    real = _exe(tmp_path / "bin", "python3.9", REAL)
    env = {"PATH": f"{tmp_path / 'shims'}:{tmp_path / 'bin'}", "PYENV_ROOT": str(tmp_path / "no")}
    assert interpreter_candidates("python3.9", env) == [str(tmp_path / "shims" / "python3.9"),
                                                        str(real)]
    assert resolve_interpreter(("python3.9",), "3.9", env=env) == (str(real),)


def test_pyenvs_own_install_is_found_behind_its_shim(tmp_path: Path) -> None:
    _exe(tmp_path / "shims", "python3.9", SHIM)
    old = _exe(tmp_path / "pyenv" / "versions" / "3.9.2" / "bin", "python3.9", REAL)
    new = _exe(tmp_path / "pyenv" / "versions" / "3.9.18" / "bin", "python3.9", REAL)
    env = {"PATH": str(tmp_path / "shims"), "PYENV_ROOT": str(tmp_path / "pyenv")}
    assert interpreter_candidates("python3.9", env)[1:] == [str(new), str(old)]
    assert resolve_interpreter(("python3.9",), "3.9", env=env) == (str(new),)


def test_no_candidate_that_runs_is_none_not_the_shim(tmp_path: Path) -> None:
    _exe(tmp_path / "shims", "python3.9", SHIM)
    env = {"PATH": str(tmp_path / "shims"), "PYENV_ROOT": str(tmp_path / "none")}
    assert resolve_interpreter(("python3.9",), "3.9", env=env) is None


def test_an_interpreter_of_another_version_does_not_count(tmp_path: Path) -> None:
    other = _exe(tmp_path / "bin", "python3.9", "echo 3.11")
    assert not interpreter_runs((str(other),), "3.9")
    assert interpreter_runs((str(_exe(tmp_path / "ok", "python3.9", REAL)),), "3.9")
