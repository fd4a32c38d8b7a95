"""``tfgpu install`` after an interrupted run, and into a folder it cannot write (issue 11).

Before: an interrupted build left a venv without pip that the next run reused and tripped
over ("No module named pip"); from a read-only folder the plan was printed, confirmed, and
the venv step failed, naming a folder that did not exist.  Now tfgpu marks a folder it
is building (:data:`INCOMPLETE_MARKER`) and rebuilds only such a folder; a venv without pip
that tfgpu did not mark is refused with what to do; an unwritable place is refused before
anything runs (exit 2).
"""

from __future__ import annotations

import contextlib
import io
import os
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult
from tfgpu.facts import ProbeStatus
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import InstallRefused, VerifyOutcome, make_plan, run_install
from tfgpu.plan.install import (
    INCOMPLETE_MARKER,
    check_installable,
    planned_steps,
    unwritable_reason,
)
from tfgpu.plan.model import Plan
from tfgpu.plan.target import TargetHost

PY = f"{sys.version_info.major}.{sys.version_info.minor}"


def cpu_plan(env: Path) -> Plan:
    return make_plan(TargetHost(os="linux", python=PY), load_knowledge(), None, str(env))


class Pip:
    """``-m venv`` makes a venv folder with pip; pip calls succeed, fail, or are
    interrupted (Ctrl-C) as told."""

    def __init__(self, on_pip: str = "ok") -> None:
        self.on_pip = on_pip
        self.calls: list[tuple[str, ...]] = []

    def __call__(self, argv: Sequence[str], timeout_s: float) -> CommandResult:
        a = tuple(argv)
        self.calls.append(a)
        if a[1:3] == ("-m", "venv"):
            env = Path(a[3])
            assert (env / INCOMPLETE_MARKER).is_file(), "marked before python -m venv runs"
            (env / "bin").mkdir(parents=True, exist_ok=True)
            (env / "bin" / "python").write_text("")
            (env / "bin" / "activate").write_text("")
            (env / "pyvenv.cfg").write_text("home = /usr/bin\n")
            return CommandResult(a, ProbeStatus.OK, 0)
        if self.on_pip == "interrupt":
            raise KeyboardInterrupt
        if self.on_pip == "fail":
            return CommandResult(a, ProbeStatus.ERROR, 1, "", "network down", 1.0,
                                 "pip exited with status 1")
        return CommandResult(a, ProbeStatus.OK, 0)


def verify(python: str, expect_gpu: bool, env: object) -> VerifyOutcome:
    return VerifyOutcome(True, "TensorFlow 2.21.0 passed on CPU:0")


@pytest.mark.parametrize("how", ["interrupt", "fail"])
def test_an_unfinished_build_is_rebuilt_by_the_next_run(tmp_path: Path, how: str) -> None:
    env = tmp_path / ".venv-tfgpu"
    plan = cpu_plan(env)
    with contextlib.suppress(KeyboardInterrupt):
        res = run_install(plan, env, explicit_env=False, runner=Pip(how), verify=verify)
        assert not res.ok and "tfgpu rebuilds" in res.message
    assert (env / INCOMPLETE_MARKER).is_file() and (env / "pyvenv.cfg").is_file()
    (env / "half-written").write_text("x")
    # The next run, same command (no --venv): a rebuild, not "an existing environment".
    assert check_installable(plan, env.absolute(), explicit_env=False) == "rebuild"
    first = planned_steps(plan, env)[0]
    assert first.kind == "run" and "first empties" in first.text
    runner = Pip()
    res = run_install(plan, env, explicit_env=False, runner=runner, verify=verify)
    assert res.ok, res.message
    assert runner.calls[0][1:3] == ("-m", "venv")
    assert not (env / "half-written").exists()
    assert not (env / INCOMPLETE_MARKER).exists()
    # Finished: now it is the user's environment, changed only when named.
    with pytest.raises(InstallRefused, match="only when --venv names it"):
        check_installable(plan, env.absolute(), explicit_env=False)


def test_a_rebuild_never_follows_links_out_of_the_folder(tmp_path: Path) -> None:
    env = tmp_path / "e"
    env.mkdir()
    (env / INCOMPLETE_MARKER).write_text("")
    outside = tmp_path / "mine"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    (env / "lib").symlink_to(outside, target_is_directory=True)
    res = run_install(cpu_plan(env), env, explicit_env=False, runner=Pip(), verify=verify)
    assert res.ok
    assert (outside / "keep.txt").read_text() == "mine"


def test_a_marked_link_is_not_tfgpus_build(tmp_path: Path) -> None:
    target = tmp_path / "target"
    target.mkdir()
    (target / INCOMPLETE_MARKER).write_text("")
    (target / "notes.txt").write_text("mine")
    env = tmp_path / "link"
    env.symlink_to(target, target_is_directory=True)
    with pytest.raises(InstallRefused, match="not a virtual environment"):
        check_installable(cpu_plan(env), env, explicit_env=True)
    assert (target / "notes.txt").read_text() == "mine"


def test_a_venv_without_pip_made_elsewhere_is_refused_with_what_to_do(tmp_path: Path) -> None:
    import venv

    env = tmp_path / "half"
    venv.EnvBuilder(with_pip=False).create(env)
    with pytest.raises(InstallRefused, match="without pip") as exc:
        check_installable(cpu_plan(env), env, explicit_env=True)
    assert "ensurepip" in str(exc.value)
    assert (env / "pyvenv.cfg").is_file()  # nothing deleted


def _as_nobody(fn: object) -> tuple[int, str]:
    """Run ``fn() -> int`` in a forked child as uid/gid 65534 (root otherwise writes
    anywhere); return its exit code and what it printed."""
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - child
        code = 99
        try:
            os.close(read_fd)
            os.setgroups([])
            os.setgid(65534)
            os.setuid(65534)
            buf = io.StringIO()
            try:
                with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
                    code = fn()  # type: ignore[operator]
            except BaseException:  # noqa: BLE001 - the parent shows it
                buf.write(traceback.format_exc())
            os.write(write_fd, buf.getvalue().encode())
        finally:
            os._exit(code)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as fh:
        out = fh.read().decode()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status), out


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_read_only_folder_is_refused_before_anything_runs() -> None:
    import shutil
    import tempfile

    base = Path(tempfile.mkdtemp(prefix="tfgpu-ro-"))  # reachable by uid 65534
    base.chmod(0o755)
    ro = base / "ro"
    ro.mkdir()
    ro.chmod(0o555)
    env = ro / "sub" / ".venv-tfgpu"

    def check() -> int:
        why = unwritable_reason(env)
        print(why)
        return 0 if why is not None and str(ro) in why else 1

    def cli() -> int:
        from tfgpu.cli import main as cli_main

        os.chdir(ro)
        return cli_main.main(["install", "--yes", "--route", "cpu", "--venv", str(env)])

    try:
        if os.geteuid() == 0:
            # uid 65534 cannot read this Python's standard library: import what the
            # command needs first, by a refused run here (a folder that is not a venv).
            (base / "notvenv").mkdir()
            (base / "notvenv" / "f").write_text("")
            with contextlib.redirect_stdout(io.StringIO()), \
                    contextlib.redirect_stderr(io.StringIO()):
                from tfgpu.cli import main as cli_main

                assert cli_main.main(["install", "--yes", "--route", "cpu", "--venv",
                                      str(base / "notvenv")]) == 2
            code, out = _as_nobody(check)
            assert code == 0, out
            code, out = _as_nobody(cli)
        else:
            assert unwritable_reason(env) is not None
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf), contextlib.redirect_stderr(buf):
                from tfgpu.cli import main as cli_main

                code = cli_main.main(["install", "--yes", "--route", "cpu", "--venv", str(env)])
            out = buf.getvalue()
        assert code == 2, out
        assert f"cannot create the environment {env}" in out and "not writable" in out
        assert "Steps (exactly what tfgpu install runs)" not in out  # refused first
        assert not (ro / "sub").exists()
    finally:
        ro.chmod(0o755)
        shutil.rmtree(base)


def test_a_writable_place_has_no_reason(tmp_path: Path) -> None:
    assert unwritable_reason(tmp_path / "a" / "b") is None
    (tmp_path / "file").write_text("")
    assert "is not a folder" in (unwritable_reason(tmp_path / "file" / "env") or "")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() != 0, reason="needs root to switch user")
def test_a_cache_folder_this_user_cannot_reach_is_skipped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Found by the read-only install test: Path.is_dir() raised PermissionError from the
    # knowledge cache, and the command exited 4 (internal error).
    from tfgpu.knowledge import _cache

    monkeypatch.delenv(_cache.NO_CACHE_ENV, raising=False)
    private = tmp_path / "private"
    private.mkdir(mode=0o700)
    monkeypatch.setenv("XDG_CACHE_HOME", str(private / "cache"))

    def store() -> int:
        return 0 if _cache.store("t", b"x", {"a": 1}) is False else 1

    code, out = _as_nobody(store)
    assert code == 0, out
