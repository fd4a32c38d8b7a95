"""Run a Python function in a forked child, so that a crash in native code is contained.

NVML (``libnvidia-ml.so.1``) is a C library that tfgpu loads with ``ctypes``: when it
crashes (SIGSEGV) or hangs inside ``nvmlInit``, it takes the whole process with it
(``tfgpu doctor`` exited 139 with no output).  :func:`run_forked` calls a function in a
child made with ``os.fork()``: the child shares the parent's loaded modules (no
interpreter start-up, no re-import: a fork costs about a millisecond), does the work,
writes its answer (bytes) to a pipe and leaves with ``os._exit``.  The parent reads at
most ``max_bytes`` of it within ``timeout_s`` seconds.  A child that crashes, hangs,
floods or exits without an answer is an outcome in words, never an exception, and the
child is gone when the call returns (SIGKILL, then reaped).

Bounds kept, whatever the child does:

* **Time**: the call returns within ``timeout_s`` plus :data:`REAP_S`.
* **Memory**: at most ``max_bytes`` of the answer is read; more is a ``flood``.
* **Processes**: the child is killed (SIGKILL) and reaped when the call returns, for
  any reason (answer, timeout, flood, Ctrl-C); on Linux it is also killed by the kernel
  when the thread that forked it dies (``prctl(PR_SET_PDEATHSIG)``), and children still
  running when the interpreter exits are killed by an ``atexit`` hook.

Where ``os.fork`` does not exist (Windows), :func:`can_fork` is False and callers run
the work in-process, as before (documented in docs/probes.md: a crashing NVML there
still ends tfgpu).

Forking a multi-threaded process is safe here because the child runs only code whose
modules are already imported and takes no lock another thread may hold: the probe's
NVML calls through ``ctypes`` and ``os.write``.  (A lock held by another thread at the
fork, say inside a concurrent ``dlopen``, would at worst hang the child: a ``timeout``,
reported as unknown.)
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass

from tfgpu._live import LiveChildren

#: Seconds the parent waits for a killed child to be reaped before giving up on it (a
#: process in uninterruptible sleep inside a kernel driver cannot die at once).
REAP_S = 1.0
#: Exit status of a child whose work raised (the answer is then missing).
WORK_RAISED = 70
_CHUNK = 1 << 16

#: Forked children not reaped yet; killed by pid at exit.
_LIVE: LiveChildren[int] = LiveChildren(lambda pid: _kill(pid))


@dataclass(frozen=True, slots=True)
class ForkOutcome:
    """What the forked child did.

    Attributes:
        status: ``"ok"`` (exit 0 with an answer), ``"crashed"`` (killed by a signal),
            ``"failed"`` (non-zero exit, or exit 0 with no answer), ``"timeout"`` (no
            exit within the limit; killed), ``"flood"`` (answered more than
            ``max_bytes``; killed), ``"error"`` (no child could be started).
        data: the answer's bytes (at most ``max_bytes``).
        returncode: exit status; ``-N`` when killed by signal N (as ``subprocess``);
            ``None`` when it did not exit by itself.
        duration_s: wall time of the call, in seconds.
        message: what happened, in words, when ``status`` is not ``"ok"``.
    """

    status: str
    data: bytes = b""
    returncode: int | None = None
    duration_s: float = 0.0
    message: str | None = None


def can_fork() -> bool:
    """True where :func:`run_forked` can contain a crash (POSIX ``os.fork``)."""
    return hasattr(os, "fork") and os.name == "posix"


def signal_name(number: int) -> str:
    """``"SIGSEGV"`` for 11; ``"signal N"`` for a number this platform does not name."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _die_with_parent() -> None:
    """Linux: ask the kernel to SIGKILL this process when the thread that forked it dies
    (``prctl(PR_SET_PDEATHSIG, SIGKILL)``, prctl(2)).  Elsewhere: nothing."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None).prctl(1, int(signal.SIGKILL), 0, 0, 0)


def _child(work: Callable[[], bytes], write_fd: int) -> None:
    """The child's whole life: do ``work``, write its answer, ``os._exit``.  Never
    returns; an exception in ``work`` exits :data:`WORK_RAISED` (no answer)."""
    code = WORK_RAISED
    try:
        with contextlib.suppress(ValueError, OSError):
            signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends the child, silently
        _die_with_parent()
        faulthandler = sys.modules.get("faulthandler")
        if faulthandler is not None:  # a crash is the outcome, not a traceback on stderr
            faulthandler.disable()
        data = memoryview(work())
        while data:
            data = data[os.write(write_fd, data):]
        code = 0
    finally:
        os._exit(code)


def run_forked(work: Callable[[], bytes], timeout_s: float, *, max_bytes: int = 1 << 20,
               ) -> ForkOutcome:
    """Call ``work()`` in a forked child; return its answer or what went wrong.  Never
    raises (except ``KeyboardInterrupt``, after killing the child).

    Args:
        work: builds the answer (bytes) in the child; it must not need a lock that another
            thread of this process may hold at the fork (imports done beforehand).
        timeout_s: seconds the child gets to answer and exit.
        max_bytes: most bytes of answer read; a longer one is a ``"flood"``.

    Returns:
        The :class:`ForkOutcome`; status ``"error"`` where ``os.fork`` does not exist or
        fails (the caller may then run ``work`` in-process).
    """
    start = time.monotonic()
    if not can_fork():
        return ForkOutcome("error", message="os.fork is not available on this platform")
    try:
        read_fd, write_fd = os.pipe()
    except OSError as exc:
        return ForkOutcome("error", message=f"no pipe for the child: {exc}")
    try:
        with warnings.catch_warnings():
            # Python 3.12+ warns about fork() in a multi-threaded process; see the module
            # docstring for why this child is safe.
            warnings.simplefilter("ignore", DeprecationWarning)
            pid = os.fork()
    except OSError as exc:
        os.close(read_fd)
        os.close(write_fd)
        return ForkOutcome("error", message=f"os.fork failed: {exc}")
    if pid == 0:  # pragma: no cover - the child leaves with os._exit
        os.close(read_fd)
        _child(work, write_fd)
    _LIVE.add(pid)
    os.close(write_fd)
    deadline = start + max(0.0, timeout_s)
    chunks: list[bytes] = []
    status: str | None = None
    status_code: int | None = None
    try:
        status = _read_answer(read_fd, deadline, max_bytes, chunks)
        status_code = _wait(pid, deadline) if status is None else None
        if status is None and status_code is None:
            status = "timeout"
    finally:
        os.close(read_fd)
        if status_code is None:
            _kill(pid)
            status_code = _wait(pid, time.monotonic() + REAP_S)
        if status_code is not None:
            _LIVE.discard(pid)
    took = time.monotonic() - start
    data = b"".join(chunks)
    if status == "timeout":
        return ForkOutcome("timeout", data, None, took,
                           f"no answer within {round(timeout_s, 2):g} s; the child was stopped")
    if status == "flood":
        return ForkOutcome("flood", data[:max_bytes], None, took,
                           f"the child answered more than {max_bytes} bytes; it was stopped")
    code = os.waitstatus_to_exitcode(status_code) if status_code is not None else None
    if code is not None and code < 0:
        return ForkOutcome("crashed", data, code, took,
                           f"the child was killed by {signal_name(-code)}")
    if code != 0 or not data:
        why = f"exit status {code}" if code != 0 else "exit status 0 but no answer"
        return ForkOutcome("failed", data, code, took, f"the child failed ({why})")
    return ForkOutcome("ok", data, 0, took)


def _read_answer(fd: int, deadline: float, max_bytes: int, chunks: list[bytes]) -> str | None:
    """Read ``fd`` to EOF into ``chunks``; ``"timeout"`` or ``"flood"`` when cut off,
    else ``None``."""
    import selectors

    size = 0
    with selectors.DefaultSelector() as sel:
        sel.register(fd, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            if not sel.select(min(left, 0.5)):
                continue
            try:
                data = os.read(fd, _CHUNK)
            except OSError:
                data = b""
            if not data:
                return None
            chunks.append(data)
            size += len(data)
            if size > max_bytes:
                return "flood"


def _wait(pid: int, deadline: float) -> int | None:
    """The wait status of ``pid`` once it exits (reaped), or ``None`` at ``deadline``.

    Linux 5.3+: sleeps on a pidfd (readable once the child exited), so the exit is seen
    at once; elsewhere polls with a short back-off (at most 5 ms late).
    """
    pidfd_open = getattr(os, "pidfd_open", None)
    if pidfd_open is not None:
        try:
            fd = pidfd_open(pid)
        except OSError:
            fd = None
        if fd is not None:
            import select

            try:
                select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            except (OSError, ValueError):
                pass
            finally:
                os.close(fd)
    delay = 0.0002
    while True:
        try:
            done, status = os.waitpid(pid, os.WNOHANG)
        except ChildProcessError:
            return 0  # already reaped elsewhere: nothing left to wait for
        if done:
            return status
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        time.sleep(min(delay, left))
        delay = min(delay * 2, 0.005)


def _kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.kill(pid, signal.SIGKILL)
