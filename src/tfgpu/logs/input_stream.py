"""The input ``tfgpu explain`` reads: a byte stream capped in size that a signal can stop.

* :class:`CappedStream` ends after :data:`MAX_INPUT_BYTES` (an endless input such as
  ``/dev/zero``), or once a signal stopped the reading, after what a pipe still delivers
  within :data:`DRAIN_S`.
* :func:`stop_on_signals`: while reading, the first SIGINT or SIGTERM stops the reading (the
  lines read so far are explained); a second one aborts at once.

Used by ``tfgpu explain`` (:mod:`tfgpu.cli.cmd_explain`), which says what stopped the
reading and returns the signal's exit code.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any, BinaryIO

#: Bytes of input explain reads at most (16 GiB): a log is megabytes, a 1 GB log takes a
#: few seconds; past this the input is endless (``/dev/zero``, a stream that never closes)
#: and explain stops, says so, and reports what it read.
MAX_INPUT_BYTES = 16 << 30
#: After the first SIGINT/SIGTERM, how long explain still reads what a pipe already holds or
#: receives (seconds), and how much at most (bytes): a program stopped by the same Ctrl-C
#: (``python train.py 2>&1 | tfgpu explain``: the terminal signals the whole pipeline) writes
#: its last words, the traceback that shows where it hung, within milliseconds.
DRAIN_S = 0.5
DRAIN_BYTES = 1 << 20
#: The signals that stop the reading (the report of what was read follows); SIGHUP (the
#: terminal is gone, nobody reads a report) still stops the command at once.
STOP_SIGNALS = ("SIGINT", "SIGTERM")


class CappedStream:
    """A binary stream that ends after ``limit`` bytes (``capped`` says it was cut), or
    early once :meth:`stop` is called (a signal: ``stopped_by`` holds its number).

    Each :meth:`read` gathers its bytes with ``read1`` (one system call at a time, where the
    stream has it), so a read that a signal cuts short keeps what it had gathered: with
    ``read`` a pipe's buffered reader waits to fill the whole chunk and drops it when
    interrupted, which loses the last lines of a hung program.
    """

    def __init__(self, stream: BinaryIO, limit: int) -> None:
        self._stream = stream
        self._read1 = getattr(stream, "read1", stream.read)
        self._left = limit
        self.capped = False
        #: the signal that stopped the reading, ``None`` while it goes on
        self.stopped_by: int | None = None
        #: a blocking read is under way: the first signal ends it at once (StopReading)
        self.in_read = False
        self._drain = readable_within(stream)
        self._deadline = 0.0
        self._drained = 0

    def stop(self, signum: int) -> None:
        """Stop reading: what a pipe holds already, or gets within :data:`DRAIN_S`, is
        still read (at most :data:`DRAIN_BYTES`), then the stream ends."""
        import time

        self.stopped_by = signum
        self._deadline = time.monotonic() + DRAIN_S

    def read(self, size: int = -1) -> bytes:
        """Read up to ``size`` bytes, never past the limit (``b""`` once it is reached or the
        reading was stopped and its drain is over)."""
        if self.stopped_by is not None:
            return self._read_drain(size)
        if self._left <= 0:
            self.capped = self.capped or bool(self._stream.read(1))
            return b""
        want = self._left if size < 0 else min(size, self._left)
        got = bytearray()
        try:
            self.in_read = True
            while len(got) < want:
                piece = self._read1(want - len(got))
                if not piece:
                    break
                got += piece
            self.in_read = False
        except StopReading:
            self.in_read = False
            if not got:  # b"" would read as the end: what the pipe gets meanwhile comes next
                return self._read_drain(size)
        self._left -= len(got)
        return bytes(got)

    def _read_drain(self, size: int) -> bytes:
        """After a stop: the bytes a pipe can give without waiting past the deadline."""
        import time

        left = min(DRAIN_BYTES - self._drained, self._left)
        wait = self._deadline - time.monotonic()
        if self._drain is None or left <= 0 or wait <= 0 or not self._drain(wait):
            return b""
        data = self._read1(left if size < 0 else min(size, left))
        self._drained += len(data)
        self._left -= len(data)
        return data


class StopReading(BaseException):
    """Raised by the signal handler into a blocking read (see :func:`stop_on_signals`)."""


def readable_within(stream: BinaryIO) -> Callable[[float], bool] | None:
    """For a pipe or socket on a POSIX system: a function that waits up to ``wait_s`` for
    the stream to be readable (``select``); ``None`` elsewhere (a regular file, which needs
    no grace, or Windows, whose ``select`` takes sockets only)."""
    import os
    import stat

    if sys.platform == "win32":
        return None
    try:
        fd = stream.fileno()
        mode = os.fstat(fd).st_mode
    except (AttributeError, OSError, ValueError):
        return None
    if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode)):
        return None

    def readable(wait_s: float) -> bool:
        import select

        try:
            return bool(select.select([fd], [], [], max(0.0, wait_s))[0])
        except (OSError, ValueError):
            return False

    return readable


@contextlib.contextmanager
def stop_on_signals(capped: CappedStream) -> Iterator[None]:
    """While reading: the first SIGINT or SIGTERM stops the reading (``capped.stop``), so the
    lines read so far are explained; a second one runs the handler that was there before
    (Ctrl-C's KeyboardInterrupt, the command's SIGTERM stop) and aborts at once.  A signal
    whose handler is ``SIG_IGN`` (a background job's SIGINT) stays ignored.  Only in the main
    thread (elsewhere nothing changes); the previous handlers are back on exit."""
    import signal
    import threading

    previous: dict[int, Any] = {}

    def restore() -> None:
        for signum, handler in previous.items():
            with contextlib.suppress(ValueError, OSError, TypeError):
                signal.signal(signum, handler)
        previous.clear()

    def handler(signum: int, frame: FrameType | None) -> None:
        if capped.stopped_by is not None or signum not in previous:
            before = previous.get(signum, signal.SIG_DFL)
            restore()
            if callable(before):
                before(signum, frame)
            else:  # SIG_DFL: end as the signal would have ended the process
                import os

                os.kill(os.getpid(), signum)
            return
        capped.stop(signum)
        if capped.in_read:
            raise StopReading

    if threading.current_thread() is threading.main_thread():
        for name in STOP_SIGNALS:
            signum = getattr(signal, name, None)
            if signum is None or signal.getsignal(signum) in (signal.SIG_IGN, None):
                continue
            with contextlib.suppress(ValueError, OSError):
                previous[signum] = signal.signal(signum, handler)
    try:
        yield
    finally:
        restore()


__all__ = ["DRAIN_BYTES", "DRAIN_S", "MAX_INPUT_BYTES", "STOP_SIGNALS", "CappedStream",
           "StopReading", "readable_within", "stop_on_signals"]
