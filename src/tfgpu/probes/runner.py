"""Running outside commands: argv lists, a timeout always, never ``shell=True``.

:func:`run_command` is the real runner; tests pass a :class:`FakeRunner` that answers
from recorded real outputs (``tests/fixtures``).  Neither raises on a failing, missing
or hung command: the outcome is in :class:`CommandResult`.
"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from tfgpu.facts import ProbeRecord, ProbeStatus

#: Most bytes of raw output kept as a record's excerpt.
EXCERPT_CHARS = 4096


@dataclass(frozen=True, slots=True)
class CommandResult:
    """Outcome of one command.

    Attributes:
        argv: the command as run.
        status: ``OK`` (exit 0), ``ERROR`` (non-zero exit or OS error), ``MISSING``
            (executable not found), ``TIMEOUT`` (killed after the time limit).
        returncode: exit status; ``None`` when it never ran or was killed on timeout.
        stdout, stderr: decoded output (UTF-8, undecodable bytes replaced).
        duration_s: wall time in seconds.
        message: why it failed, in words, when ``status`` is not ``OK``.
    """

    argv: tuple[str, ...]
    status: ProbeStatus
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    message: str | None = None

    def record(self, name: str) -> ProbeRecord:
        """Return the :class:`ProbeRecord` for this command under probe ``name``."""
        raw = self.stdout or self.stderr
        msg = self.message
        if self.status is not ProbeStatus.OK and not msg:
            msg = (self.stderr or self.stdout).strip()[:EXCERPT_CHARS] or None
        return ProbeRecord(
            name=name,
            status=self.status,
            command=self.argv,
            returncode=self.returncode,
            duration_s=round(self.duration_s, 4),
            message=msg,
            raw_excerpt=raw[:EXCERPT_CHARS] if raw else None,
        )


#: A runner takes ``(argv, timeout_s)`` and returns a :class:`CommandResult`.
Runner = Callable[[Sequence[str], float], CommandResult]


def run_command(
    argv: Sequence[str], timeout_s: float, env: Mapping[str, str] | None = None
) -> CommandResult:
    """Run ``argv`` with a time limit and capture its output.  Never raises.

    Args:
        argv: program and arguments (no shell).
        timeout_s: seconds before the process (and its children) are killed.
        env: full environment for the child; ``None`` inherits ours.

    Returns:
        The outcome; a hung command gives ``TIMEOUT`` after ``timeout_s`` seconds,
        a missing executable gives ``MISSING``.
    """
    argv_t = tuple(argv)
    start = time.perf_counter()
    try:
        proc = subprocess.Popen(
            argv_t,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=dict(env) if env is not None else None,
            start_new_session=os.name == "posix",
        )
    except FileNotFoundError:
        return CommandResult(argv_t, ProbeStatus.MISSING, message=f"{argv_t[0]}: not found")
    except OSError as exc:
        return CommandResult(argv_t, ProbeStatus.ERROR, message=f"{argv_t[0]}: {exc}")
    try:
        out, err = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        _kill(proc)
        out, err = proc.communicate()
        return CommandResult(
            argv_t,
            ProbeStatus.TIMEOUT,
            None,
            out.decode("utf-8", "replace"),
            err.decode("utf-8", "replace"),
            time.perf_counter() - start,
            f"{argv_t[0]} did not finish within {timeout_s:g} s and was stopped",
        )
    except BaseException:
        # Ctrl-C (KeyboardInterrupt) or any other escape: the child runs in its own
        # session, so the terminal's SIGINT never reached it; stop it before leaving.
        _kill(proc)
        proc.wait()
        raise
    status = ProbeStatus.OK if proc.returncode == 0 else ProbeStatus.ERROR
    return CommandResult(
        argv_t,
        status,
        proc.returncode,
        out.decode("utf-8", "replace"),
        err.decode("utf-8", "replace"),
        time.perf_counter() - start,
        None if status is ProbeStatus.OK else f"{argv_t[0]} exited with status {proc.returncode}",
    )


def _kill(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc`` and, on POSIX, its whole process group."""
    if os.name == "posix":
        import signal

        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            proc.kill()
    else:
        proc.kill()


@dataclass
class FakeRunner:
    """A runner that answers from recorded outputs, for tests.

    Attributes:
        answers: maps an argv tuple to its result; argv not in the map is ``MISSING``
            (as if the program were not installed).
        calls: every argv asked for, in order.
    """

    answers: dict[tuple[str, ...], CommandResult]
    calls: list[tuple[str, ...]]

    def __init__(self, answers: Mapping[Sequence[str], CommandResult | str] | None = None):
        self.answers = {}
        self.calls = []
        for argv, ans in (answers or {}).items():
            key = tuple(argv)
            self.answers[key] = (
                ans
                if isinstance(ans, CommandResult)
                else CommandResult(key, ProbeStatus.OK, 0, ans)
            )

    def __call__(self, argv: Sequence[str], timeout_s: float) -> CommandResult:
        key = tuple(argv)
        self.calls.append(key)
        if key in self.answers:
            return self.answers[key]
        return CommandResult(key, ProbeStatus.MISSING, message=f"{key[0]}: not found")
