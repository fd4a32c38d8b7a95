"""Running outside commands: argv lists, a timeout always, never ``shell=True``.

:func:`run_command` is the real runner; tests pass a :class:`FakeRunner` that answers
from recorded real outputs (``tests/fixtures``).  Neither raises on a failing, missing
or hung command: the outcome is in :class:`CommandResult`.

Bounds :func:`run_command` keeps, whatever the child does:

* **Memory**: at most :data:`MAX_STREAM_BYTES` of each stream (stdout, stderr) is kept,
  the first half and the last half; what was dropped in between is replaced by one
  marker line that says how many bytes were dropped (:data:`DROPPED_MARK`).
* **Time**: the call returns within ``timeout_s`` plus a fraction of a second.  Once the
  child has exited, its pipes are read for at most :data:`DRAIN_S` more: a grandchild
  that keeps them open (a daemon started with ``setsid``) cannot hold the call.
* **Processes**: the child starts in a new session (POSIX), so it and everything it
  starts share one process group; that group is killed (SIGKILL) when the call returns,
  for any reason: exit, timeout, Ctrl-C.  On Linux, any other process still holding the
  write end of the child's pipes (a ``setsid`` grandchild, which left the group) is
  killed too.  Children still running when the interpreter exits (a probe thread the
  gatherer abandoned) are killed by an ``atexit`` hook.
* **A gentle stop first** (``stop_signal``, POSIX): a command that must clean up after
  itself when stopped gets that signal first, and its group SIGKILL only once it exited
  or ``stop_grace_s`` passed.  ``srun`` is one: SIGTERM makes it revoke an allocation it is
  still waiting for (Slurm's ``src/srun/libsrun/allocate.c``, ``_signal_while_allocating``:
  "Job allocation N has been revoked") and end a running step (``srun_job.c``: "forcing
  job termination"); SIGKILL leaves the pending job in the queue.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any, Protocol

from tfgpu._live import LiveChildren
from tfgpu.facts import ProbeRecord, ProbeStatus

#: Most bytes of raw output kept as a record's excerpt.
EXCERPT_CHARS = 4096
#: Most bytes kept of each captured stream, in bytes (half from the start, half from the
#: end).  4 MiB holds any real probe output (``ldconfig -p`` is ~0.3 MiB on a large host,
#: ``pip list --format=json`` ~0.1 MiB for 1,000 packages, TensorFlow's start-up log
#: ~0.05 MiB) while a flooding child cannot grow tfgpu's memory.
MAX_STREAM_BYTES = 4 << 20
#: Seconds the pipes are still read after the child exited (output in flight), before
#: a grandchild holding them is killed and the call returns.
DRAIN_S = 0.5
#: Marker put where bytes were dropped from a stream; ``{n}`` is their number.
DROPPED_MARK = "\n[tfgpu: {n} bytes of output dropped here]\n"
_CHUNK = 1 << 16


class BoundedCapture:
    """Collects a stream, keeping its first and last ``limit // 2`` bytes.

    Attributes:
        limit: most bytes kept (head + tail).
        total: bytes seen, in bytes.
    """

    def __init__(self, limit: int = MAX_STREAM_BYTES) -> None:
        self.limit = max(2, limit)
        self._head_max = self.limit // 2
        self._tail_max = self.limit - self._head_max
        self._head = bytearray()
        self._tail = bytearray()
        self.total = 0

    def add(self, data: bytes) -> None:
        """Append ``data``; memory stays under about ``1.5 * limit`` bytes."""
        self.total += len(data)
        room = self._head_max - len(self._head)
        if room > 0:
            self._head += data[:room]
            data = data[room:]
        if data:
            self._tail += data[-self._tail_max:]
            if len(self._tail) > self._tail_max + (self._tail_max >> 1):
                del self._tail[: len(self._tail) - self._tail_max]

    @property
    def dropped(self) -> int:
        """Bytes seen but not kept."""
        return self.total - len(self._head) - min(len(self._tail), self._tail_max)

    def text(self) -> str:
        """The kept bytes decoded (UTF-8, undecodable bytes replaced), with the
        :data:`DROPPED_MARK` line where bytes were dropped."""
        tail = bytes(self._tail[-self._tail_max:]) if self._tail else b""
        head = self._head.decode("utf-8", "replace")
        if not self.dropped:
            return head + tail.decode("utf-8", "replace")
        return (head + DROPPED_MARK.format(n=self.dropped)
                + tail.decode("utf-8", "replace"))


class StreamSink(Protocol):
    """Where :func:`run_command` puts a stream's bytes: :class:`BoundedCapture`, or a
    caller's own bounded reader (``tfgpu fleet`` reads ``srun --label``'s stream task by
    task, each task bounded by itself)."""

    def add(self, data: bytes) -> None:
        """Take the next bytes of the stream; memory must stay bounded."""

    @property
    def dropped(self) -> int:
        """Bytes seen but not kept."""

    def text(self) -> str:
        """What was kept, decoded (the result's ``stdout``/``stderr``)."""


@dataclass(frozen=True, slots=True)
class CommandResult:
    """Outcome of one command.

    Attributes:
        argv: the command as run.
        status: ``OK`` (exit 0), ``ERROR`` (non-zero exit or OS error), ``MISSING``
            (executable not found), ``TIMEOUT`` (killed after the time limit).
        returncode: exit status; ``None`` when it never ran or was killed on timeout.
        stdout, stderr: decoded output (UTF-8, undecodable bytes replaced), at most
            :data:`MAX_STREAM_BYTES` each (see :class:`BoundedCapture`).
        duration_s: wall time in seconds.
        message: why it failed, in words, when ``status`` is not ``OK``.
        stdout_dropped, stderr_dropped: bytes of each stream not kept (past the bound).
    """

    argv: tuple[str, ...]
    status: ProbeStatus
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    duration_s: float = 0.0
    message: str | None = None
    stdout_dropped: int = 0
    stderr_dropped: int = 0

    @classmethod
    def timed_out(
        cls, argv: tuple[str, ...], timeout_s: float, stdout: str = "", stderr: str = "",
        duration_s: float | None = None, **dropped: int,
    ) -> CommandResult:
        """The ``TIMEOUT`` result of ``argv``, stopped after ``timeout_s`` seconds.

        ``duration_s`` (seconds) defaults to ``timeout_s``; ``dropped`` takes
        ``stdout_dropped``/``stderr_dropped`` (bytes).  The message says it in words.
        """
        return cls(
            argv, ProbeStatus.TIMEOUT, None, stdout, stderr,
            timeout_s if duration_s is None else duration_s,
            # 3 significant digits: a limit of 0.001 s is never "0 s"
            f"{argv[0]} did not finish within "
            f"{f'{timeout_s:.3g}' if timeout_s < 100 else f'{timeout_s:.0f}'} s and was stopped",
            **dropped,
        )

    def record(self, name: str) -> ProbeRecord:
        """Return the :class:`ProbeRecord` for this command under probe ``name``."""
        raw = self.stdout or self.stderr
        msg = self.message
        if self.status is not ProbeStatus.OK and not msg:
            msg = (self.stderr or self.stdout).strip()[:EXCERPT_CHARS] or None
        note = self.dropped_note()
        if note:
            msg = f"{msg}; {note}" if msg else note
        return ProbeRecord(
            name=name,
            status=self.status,
            command=self.argv,
            returncode=self.returncode,
            duration_s=round(self.duration_s, 4),
            message=msg,
            raw_excerpt=raw[:EXCERPT_CHARS] if raw else None,
        )

    def dropped_note(self) -> str | None:
        """Say how much output was dropped past the bound ("5368709120 bytes of stdout
        were dropped ..."), or ``None`` when nothing was."""
        parts = [f"{n} bytes of {name}"
                 for name, n in (("stdout", self.stdout_dropped), ("stderr", self.stderr_dropped))
                 if n]
        if not parts:
            return None
        return (f"{' and '.join(parts)} were dropped (tfgpu keeps the first and the last "
                f"{MAX_STREAM_BYTES >> 21} MiB of each stream)")


#: A runner takes ``(argv, timeout_s)`` and returns a :class:`CommandResult`.
Runner = Callable[[Sequence[str], float], CommandResult]

#: Seconds between two ``on_tick`` calls of :func:`run_command`.
TICK_S = 1.0

#: Children started with a ``stop_signal``: the signal and the grace in seconds, for
#: :func:`_stop_child` (the exit hook and a signal's stop thread stop them gently too).
_GENTLE: dict[subprocess.Popen[bytes], tuple[int, float]] = {}


def _stop_child(proc: subprocess.Popen[bytes]) -> None:
    """Stop ``proc`` from outside its runner (the exit hook, a SIGTERM's stop thread):
    its ``stop_signal`` first when it has one, waiting up to its grace for the exit, then
    SIGKILL to its group.  Never raises."""
    gentle = _GENTLE.get(proc)
    if gentle is not None and os.name == "posix" and not _has_exited(proc):
        with contextlib.suppress(OSError):
            os.kill(proc.pid, gentle[0])
        end = time.monotonic() + gentle[1]
        while time.monotonic() < end and not _has_exited(proc):
            time.sleep(0.02)
    _kill_group(proc)


#: Children not reaped yet; stopped with their process group at exit.
_LIVE: LiveChildren[subprocess.Popen[bytes]] = LiveChildren(_stop_child)


#: How a command's record says that a file of that name exists but could not be started
#: (:func:`not_runnable`): the probes' facts read it as "present, state unknown".
NOT_RUNNABLE = "cannot be run"


def not_runnable(name: str, env: Mapping[str, str] | None, exc: OSError) -> str:
    """Why ``name`` could not be started, in words, for a start that failed with ``exc``
    (not ``FileNotFoundError``): ``"cannot be run: the nvidia-smi found at /opt/x/nvidia-smi
    is a folder, not a program ([Errno 13] Permission denied)"``.

    The file is the first of that name on ``PATH`` (``env``'s, else this process's), or
    ``name`` itself when it holds a ``/``: a folder, a file without execute permission, or
    a file the system will not execute (``exec format error``).  Starts with
    :data:`NOT_RUNNABLE`.
    """
    path = name if os.sep in name or (os.altsep and os.altsep in name) else None
    if path is None:
        search = (env if env is not None else os.environ).get("PATH", os.defpath)
        path = next((p for p in (os.path.join(d or ".", name) for d in search.split(os.pathsep))
                     if os.path.lexists(p)), None)
    if path is None:
        what = "the system refused to start it"
    elif os.path.isdir(path):
        what = f"the {name} found at {path} is a folder, not a program"
    elif not os.access(path, os.X_OK):
        what = f"the {name} found at {path} is not executable (no execute permission)"
    else:
        what = f"the {name} found at {path} could not be started"
    return f"{NOT_RUNNABLE}: {what} ({exc})"


def start_group(argv: Sequence[str], env: dict[str, str] | None) -> subprocess.Popen[bytes]:
    """Start ``argv`` with stdin closed and stdout/stderr piped (bytes), in a new session.

    On POSIX the child leads its own process group, so the whole group can be stopped
    (:func:`_kill_group`); ``env`` ``None`` inherits this process's environment.  Call it
    inside :class:`DeferSigint`.

    Raises:
        FileNotFoundError: the executable is missing.
        OSError, ValueError: the child could not be started.
    """
    return subprocess.Popen(
        argv,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        start_new_session=os.name == "posix",
    )


class DeferSigint:
    """Hold Ctrl-C (SIGINT) back while a child is being started, then replay it.

    A KeyboardInterrupt raised inside ``subprocess.Popen`` after the fork loses the
    child: ``Popen`` never returns it, so nobody can stop it (seen under load: the child
    outlived its interrupted parent).  In the main thread, entering installs a handler that
    only records SIGINT.  A block that ends normally leaves it installed: the caller must
    call :meth:`replay` once the child is inside its ``try`` block, which restores the
    original handler and runs it if Ctrl-C came (raising KeyboardInterrupt as usual).
    Restoring in ``__exit__`` instead would let a SIGINT that lands just then raise
    between the block and the caller's ``try``, and lose the child after all.  A block
    that raises restores the handler at once (there is no child to protect); the
    caller's ``replay`` then only replays.  Elsewhere (other threads, no SIGINT) it does
    nothing.
    """

    def __init__(self) -> None:
        self._previous: Any = None
        self._active = False
        self._pending = False

    def __enter__(self) -> DeferSigint:
        if threading.current_thread() is threading.main_thread():
            try:
                self._previous = signal.signal(signal.SIGINT, self._record)
                self._active = True
            except (ValueError, OSError):
                self._active = False
        return self

    def _record(self, _signum: int, _frame: object) -> None:
        self._pending = True

    def _restore(self) -> None:
        if self._active:
            self._active = False
            signal.signal(signal.SIGINT, self._previous)

    def __exit__(self, exc_type: object, *_exc: object) -> None:
        if exc_type is not None:
            self._restore()

    def replay(self) -> None:
        """Restore the original SIGINT handler, and run it if Ctrl-C came while deferred.

        Raises:
            KeyboardInterrupt: Ctrl-C came, and the original handler raises it (Python's
                default, or ``SIG_DFL``).
        """
        self._restore()
        if self._pending:
            self._pending = False
            if callable(self._previous):
                self._previous(signal.SIGINT, None)
            elif self._previous == signal.SIG_DFL:
                raise KeyboardInterrupt


def run_command(
    argv: Sequence[str],
    timeout_s: float,
    env: Mapping[str, str] | None = None,
    *,
    max_bytes: int = MAX_STREAM_BYTES,
    stop_signal: int | None = None,
    stop_grace_s: float = 5.0,
    on_stderr_line: Callable[[str], None] | None = None,
    on_tick: Callable[[float], None] | None = None,
    stdout_sink: StreamSink | None = None,
    stderr_sink: StreamSink | None = None,
) -> CommandResult:
    """Run ``argv`` with a time limit and capture its output.  Never raises
    (except ``KeyboardInterrupt``, after stopping the child, and what the hooks raise).

    Args:
        argv: program and arguments (no shell).
        timeout_s: seconds before the process (and its children) are killed.
        env: full environment for the child; ``None`` inherits ours.
        max_bytes: most bytes kept of each of stdout and stderr (see
            :class:`BoundedCapture`).
        stop_signal: POSIX: a signal sent to the command itself (not its group) when it
            must be stopped (the time limit, Ctrl-C, the exit hook), so that it can clean
            up (``signal.SIGTERM`` for ``srun``); its output until it exits is kept.
            ``None``: SIGKILL to the group at once.
        stop_grace_s: seconds the command may take to exit after ``stop_signal`` before
            its group is killed.
        on_stderr_line: POSIX: called in this thread with each complete line of stderr
            (decoded, without the line break) as it arrives, to show progress.
        on_tick: POSIX: called in this thread about every :data:`TICK_S` seconds with the
            seconds since the start.
        stdout_sink, stderr_sink: a bounded reader of that stream instead of a
            :class:`BoundedCapture` of ``max_bytes`` (the result's text is its
            :meth:`StreamSink.text`).

    Returns:
        The outcome; a hung command gives ``TIMEOUT`` after ``timeout_s`` seconds,
        a missing executable gives ``MISSING``.  The call returns within about
        ``timeout_s + 1`` seconds (plus ``stop_grace_s`` with a ``stop_signal``), and
        nothing the command started (in its process group, or holding its pipes on
        Linux) is left running.
    """
    argv_t = tuple(argv)
    start = time.monotonic()
    deferred = DeferSigint()
    try:
        with _LIVE.starting(), deferred:
            proc = start_group(argv_t, dict(env) if env is not None else None)
            if stop_signal is not None:
                _GENTLE[proc] = (stop_signal, max(0.0, stop_grace_s))
            _LIVE.add(proc)
    except FileNotFoundError:
        deferred.replay()
        return CommandResult(argv_t, ProbeStatus.MISSING, message=f"{argv_t[0]}: not found")
    except OSError as exc:
        deferred.replay()
        return CommandResult(argv_t, ProbeStatus.ERROR,
                             message=f"{argv_t[0]}: {not_runnable(argv_t[0], env, exc)}")
    except ValueError as exc:
        deferred.replay()
        return CommandResult(argv_t, ProbeStatus.ERROR, message=f"{argv_t[0]}: {exc}")
    out: StreamSink = stdout_sink if stdout_sink is not None else BoundedCapture(max_bytes)
    err: StreamSink = stderr_sink if stderr_sink is not None else BoundedCapture(max_bytes)
    deadline = start + max(0.0, timeout_s)
    open_pipes: list[IO[bytes]] = []
    try:
        deferred.replay()  # a Ctrl-C during the start: the child is now ours to stop
        if os.name == "posix":
            watch = _Watch(start, on_stderr_line, on_tick) if (
                on_stderr_line is not None or on_tick is not None) else None
            _pump_posix(proc, out, err, deadline, open_pipes, watch)
        else:
            _pump_threads(proc, out, err, deadline, open_pipes)
        timed_out = not _has_exited(proc)
    finally:
        # Exit, timeout or Ctrl-C: kill the group and the pipes' holders, then reap.
        try:
            if stop_signal is not None and os.name == "posix" and not _has_exited(proc):
                _stop_gently(proc, stop_signal, stop_grace_s, out, err, open_pipes)
        finally:
            _kill_group(proc)
            kill_pipe_holders(open_pipes)
            _close_pipes(proc)
            with contextlib.suppress(Exception):
                proc.wait(timeout=5)
            _LIVE.discard(proc)
            _GENTLE.pop(proc, None)
    duration = time.monotonic() - start
    dropped = {"stdout_dropped": out.dropped, "stderr_dropped": err.dropped}
    if timed_out:
        return CommandResult.timed_out(
            argv_t, timeout_s, out.text(), err.text(), duration, **dropped
        )
    code = proc.returncode
    status = ProbeStatus.OK if code == 0 else ProbeStatus.ERROR
    return CommandResult(
        argv_t, status, code, out.text(), err.text(), duration,
        None if status is ProbeStatus.OK else f"{argv_t[0]} exited with status {code}",
        **dropped,
    )


def _stop_gently(proc: subprocess.Popen[bytes], signum: int, grace_s: float,
                 out: StreamSink, err: StreamSink, open_pipes: list[IO[bytes]]) -> None:
    """Send ``signum`` to ``proc`` and keep reading its output until it exits (and its
    pipes drain) or ``grace_s`` seconds pass."""
    with contextlib.suppress(OSError):
        os.kill(proc.pid, signum)
    open_pipes.clear()
    _pump_posix(proc, out, err, time.monotonic() + max(0.0, grace_s), open_pipes)


class _Watch:
    """The progress hooks of :func:`run_command`: complete stderr lines, and a tick about
    every :data:`TICK_S` seconds."""

    def __init__(self, start: float, on_line: Callable[[str], None] | None,
                 on_tick: Callable[[float], None] | None) -> None:
        self._start = start
        self._on_line = on_line
        self._on_tick = on_tick
        self._partial = b""
        self._next_tick = start + TICK_S

    def stderr(self, data: bytes) -> None:
        """Pass each complete line of ``data`` (after what came before) to the hook."""
        if self._on_line is None:
            return
        self._partial += data
        *lines, self._partial = self._partial.split(b"\n")
        if len(self._partial) > _CHUNK:  # a line without end: not kept without bound
            self._partial = self._partial[-_CHUNK:]
        for line in lines:
            self._on_line(line.decode("utf-8", "replace").rstrip("\r"))

    def tick(self, now: float) -> None:
        """Call the tick hook when :data:`TICK_S` passed since the last call."""
        if self._on_tick is not None and now >= self._next_tick:
            self._next_tick = now + TICK_S
            self._on_tick(now - self._start)


def _has_exited(proc: subprocess.Popen[bytes]) -> bool:
    """True once ``proc`` has exited, WITHOUT reaping it on POSIX (``waitid`` with
    ``WNOWAIT``), so that its pid, the group id, cannot be reused before the group is
    killed."""
    if proc.returncode is not None:
        return True
    waitid = getattr(os, "waitid", None)
    if waitid is not None and os.name == "posix":
        try:
            info = waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return proc.poll() is not None
        return info is not None
    return proc.poll() is not None


def _pump_posix(
    proc: subprocess.Popen[bytes], out: StreamSink, err: StreamSink, deadline: float,
    open_pipes: list[IO[bytes]], watch: _Watch | None = None,
) -> None:
    """Read both pipes until EOF, the deadline, or :data:`DRAIN_S` after the exit.
    ``open_pipes`` is left holding the pipes that did not reach EOF; ``watch`` sees the
    stderr bytes and the time."""
    import selectors

    sel = selectors.DefaultSelector()
    try:
        for pipe, cap in ((proc.stdout, out), (proc.stderr, err)):
            if pipe is not None:
                os.set_blocking(pipe.fileno(), False)
                sel.register(pipe.fileno(), selectors.EVENT_READ, (pipe, cap))
                open_pipes.append(pipe)
        exited_at: float | None = None
        while True:
            now = time.monotonic()
            if watch is not None:
                watch.tick(now)
            if exited_at is None and _has_exited(proc):
                exited_at = now
            limit = deadline if exited_at is None else min(deadline, exited_at + DRAIN_S)
            if now >= limit:
                return
            if not sel.get_map():
                # Both pipes closed: only the exit is left to wait for.
                if exited_at is not None:
                    return
                time.sleep(min(0.05, limit - now))
                continue
            for key, _ev in sel.select(min(0.1, limit - now)):
                try:
                    data = os.read(key.fd, _CHUNK)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                pipe, cap = key.data
                if data:
                    cap.add(data)
                    if watch is not None and cap is err:
                        watch.stderr(data)
                else:
                    sel.unregister(key.fd)
                    open_pipes.remove(pipe)
    finally:
        sel.close()


def _pump_threads(
    proc: subprocess.Popen[bytes], out: StreamSink, err: StreamSink, deadline: float,
    open_pipes: list[IO[bytes]],
) -> None:
    """Windows: one reader thread per pipe; wait for the exit until the deadline."""

    def reader(pipe: IO[bytes], cap: StreamSink) -> None:
        read = getattr(pipe, "read1", pipe.read)
        with contextlib.suppress(OSError, ValueError):
            while data := read(_CHUNK):
                cap.add(data)

    threads = [threading.Thread(target=reader, args=(p, c), daemon=True)
               for p, c in ((proc.stdout, out), (proc.stderr, err)) if p is not None]
    for t in threads:
        t.start()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=max(0.0, deadline - time.monotonic()))
    drain_until = min(deadline, time.monotonic() + DRAIN_S) if proc.returncode is not None \
        else time.monotonic()
    for t in threads:
        t.join(timeout=max(0.0, drain_until - time.monotonic()))
    open_pipes.extend(p for p, t in zip((proc.stdout, proc.stderr), threads, strict=False)
                      if p is not None and t.is_alive())


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """SIGKILL ``proc``'s process group (POSIX; its pid is the group id) or ``proc``."""
    if os.name == "posix":
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    if proc.returncode is None:
        with contextlib.suppress(OSError):
            proc.kill()


def kill_pipe_holders(pipes: Sequence[IO[Any] | None]) -> None:
    """Linux: SIGKILL every other process that still holds the write end of ``pipes``
    (a grandchild that left the child's process group with ``setsid``).  Elsewhere, or
    for closed pipes: nothing.  Never raises.

    Args:
        pipes: the parent's read ends of a child's stdout/stderr, still open (not at EOF).
    """
    if not os.path.isdir("/proc/self/fd"):
        return
    inodes: set[str] = set()
    for p in pipes:
        if p is not None and not p.closed:
            with contextlib.suppress(OSError, ValueError):
                inodes.add(f"pipe:[{os.fstat(p.fileno()).st_ino}]")
    if not inodes:
        return
    for pid in pipe_writers(inodes):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.kill(pid, signal.SIGKILL)


def pipe_writers(inodes: set[str]) -> list[int]:
    """Pids of the processes (other than this one) holding a pipe of ``inodes`` open for
    writing, read from ``/proc/<pid>/fd`` and ``/proc/<pid>/fdinfo`` (Linux only).

    Args:
        inodes: link texts such as ``"pipe:[123456]"`` (``readlink /proc/<pid>/fd/<n>``).

    Returns:
        The pids, possibly empty; processes that vanish or cannot be read are skipped.
    """
    me = os.getpid()
    found: list[int] = []
    try:
        pids = [int(n) for n in os.listdir("/proc") if n.isdigit()]
    except OSError:
        return found
    for pid in pids:
        if pid == me:
            continue
        fd_dir = f"/proc/{pid}/fd"
        try:
            fds = os.listdir(fd_dir)
        except OSError:
            continue
        for fd in fds:
            try:
                if os.readlink(f"{fd_dir}/{fd}") not in inodes:
                    continue
                with open(f"/proc/{pid}/fdinfo/{fd}", encoding="ascii") as fh:
                    flags = next((ln.split()[1] for ln in fh if ln.startswith("flags:")), "0")
            except (OSError, IndexError):
                continue
            if int(flags, 8) & 0o3 in (os.O_WRONLY, os.O_RDWR):
                found.append(pid)
                break
    return found


def _close_pipes(proc: subprocess.Popen[bytes]) -> None:
    for pipe in (proc.stdout, proc.stderr):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


def scratch_env(env: Mapping[str, str], folder: str) -> dict[str, str]:
    """``env`` for a TensorFlow child that must not write the user's files.

    ``KERAS_HOME`` points at ``folder`` (a temporary folder the caller removes), holding
    a copy of the user's ``keras.json`` (``$KERAS_HOME`` or ``~/.keras``) so that its
    settings still apply: Keras writes ``keras.json`` there when it is imported.  When
    the home folder does not exist, ``CUDA_CACHE_PATH`` (CUDA's JIT cache, default
    ``~/.nv/ComputeCache``) and ``MPLCONFIGDIR`` (matplotlib, imported by Keras 3) go
    into ``folder`` too, so that nothing creates the home folder.

    Args:
        env: the child's environment (not modified).
        folder: an existing, empty, temporary folder.

    Returns:
        A new environment mapping.
    """
    import shutil

    out = dict(env)
    home = os.path.expanduser("~")
    user_dir = out.get("KERAS_HOME") or os.path.join(home, ".keras")
    config = os.path.join(user_dir, "keras.json")
    if os.path.isfile(config):
        with contextlib.suppress(OSError):
            shutil.copyfile(config, os.path.join(folder, "keras.json"))
    out["KERAS_HOME"] = folder
    if not os.path.isdir(home):
        out.setdefault("CUDA_CACHE_PATH", os.path.join(folder, "ComputeCache"))
        out.setdefault("MPLCONFIGDIR", os.path.join(folder, "matplotlib"))
    return out


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
