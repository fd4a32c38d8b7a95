"""``tfgpu explain [FILE|-]``: a TensorFlow/CUDA log in, causes and fixes out.

Gathers (reads the file or standard input, loads ``--facts``), calls the explain engine,
renders (text, ``--json``, or a shareable ``--format markdown|html``, redacted unless
``--no-redact``), and returns the exit code: 0 when no error-level cause was found (including empty
input), 1 when one was or when the log shows the program died, whatever the findings
(``Verdict.program_failed``), 2 for an unreadable file or facts file.  Ctrl-C (SIGINT) or
SIGTERM while it reads stops the reading: the report covers the lines read so far (what a
pipe still delivers within half a second included), and the exit code is the signal's
(130, 143); a second one aborts at once.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import FrameType
from typing import Any, BinaryIO

from tfgpu.cli import status_codes
from tfgpu.cli.common import add_format_arguments, knowledge_version, output_format
from tfgpu.cli.errors import UsageError
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import ExplainResult, explain_stream
from tfgpu.facts import HostFacts
from tfgpu.facts.log import BYTES_ENCODING
from tfgpu.logs.notebook import MAX_NOTEBOOK_BYTES, notebook_log


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``FILE``, ``--facts`` and ``--json``."""
    parser.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE",
        help="log file to explain; '-' or nothing reads standard input",
    )
    parser.add_argument(
        "--facts",
        metavar="HOST_JSON",
        type=Path,
        help="host facts from `tfgpu facts` to sharpen causes and fixes (- for stdin, "
        "when the log is a file)",
    )
    add_format_arguments(parser)


def _load_facts(path: Path | None, *, log: str) -> HostFacts | None:
    """The ``--facts`` snapshot (``None`` without one); :class:`UsageError` when it cannot
    be read, is no snapshot, or is standard input while the log ``log`` is too."""
    if path is None:
        return None
    if str(path) == "-" and log == "-":
        raise UsageError("standard input cannot be both the log and the facts: give one "
                         "of them as a file (tfgpu explain train.log --facts - or "
                         "tfgpu explain - --facts host.json)")
    from tfgpu.facts import FactsFormatError, read_facts_file

    try:
        return read_facts_file(str(path))
    except OSError as exc:
        raise UsageError(f"cannot read facts file {path}: {exc}") from exc
    except FactsFormatError as exc:
        # read_facts_file takes a snapshot or a `tfgpu doctor --json` report (its facts key)
        raise UsageError(f"{path} is not a tfgpu facts snapshot: {exc}; write one with: "
                         "tfgpu facts > host.json (a `tfgpu doctor --json` report works "
                         "too)") from exc


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


class _Capped:
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
        #: a blocking read is under way: the first signal ends it at once (_StopReading)
        self.in_read = False
        self._drain = _readable_within(stream)
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
        except _StopReading:
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


class _StopReading(BaseException):
    """Raised by the signal handler into a blocking read (see :func:`_stop_on_signals`)."""


def _readable_within(stream: BinaryIO) -> Callable[[float], bool] | None:
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
def _stop_on_signals(capped: _Capped) -> Iterator[None]:
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
            raise _StopReading

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


def _explain_capped(stream: BinaryIO, facts: HostFacts | None,
                    name: str) -> tuple[ExplainResult, int | None]:
    capped = _Capped(stream, MAX_INPUT_BYTES)
    with _stop_on_signals(capped):
        result = explain_stream(capped, facts)
    if capped.stopped_by is not None:
        print(f"tfgpu explain: interrupted by {_signal_words(capped.stopped_by)} after "
              f"{_plural(result.stats.lines, 'line')} of {name}; explaining what was read",
              file=sys.stderr)
    elif capped.capped:
        print(f"tfgpu explain: stopped reading {name} after {MAX_INPUT_BYTES / 2**30:g} GiB (it "
              "does not end); the findings cover what was read", file=sys.stderr)
    return result, capped.stopped_by


def _signal_words(signum: int) -> str:
    """"Ctrl-C (SIGINT)" for SIGINT, else the signal's name ("SIGTERM")."""
    import signal

    if signum == signal.SIGINT:
        return "Ctrl-C (SIGINT)"
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _read(name: str, facts: HostFacts | None) -> tuple[ExplainResult, int | None, str]:
    """Explain the input ``name`` (``-``: standard input); return the result, the signal
    that stopped the reading early (``None`` when it read to the end) and, for a saved
    notebook read as its cells' outputs (:func:`tfgpu.logs.notebook.notebook_log`), the
    header line saying so (``""`` otherwise)."""
    if name == "-":
        if sys.stdin.isatty():
            print(
                "tfgpu explain: reading the log from standard input (end with Ctrl-D, "
                "or Ctrl-Z Enter on Windows; Ctrl-C explains what was typed so far)",
                file=sys.stderr,
            )
        return (*_explain_capped(sys.stdin.buffer, facts, "standard input"), "")
    path = Path(name)
    if path.is_dir():
        raise UsageError(f"{name} is a directory, not a log file")
    try:
        if path.suffix.lower() == ".ipynb" and path.stat().st_size <= MAX_NOTEBOOK_BYTES:
            # a saved notebook: the outputs under its cells, not its JSON (logs/notebook.py)
            nb = notebook_log(path.read_bytes())
            if nb is not None:
                text, cells = nb
                return (*_explain_capped(io.BytesIO(text), facts, name),
                        f"read as the outputs of its {_plural(cells, 'cell')} (the line "
                        "numbers count those lines, not the file's)")
        with path.open("rb") as fh:
            return (*_explain_capped(fh, facts, name), "")
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from exc


def run(args: argparse.Namespace) -> int:
    """Explain the input; return 0, 1 (error-level cause found, or the log shows the
    program died) or 2 (unreadable input)."""
    fmt = output_format(args)
    try:
        facts = _load_facts(args.facts, log=args.file)
        result, stopped_by, notebook = _read(args.file, facts)
    except UsageError as exc:
        if not args.json:
            raise
        import json

        print(
            json.dumps(
                {"command": "explain", "error": str(exc), "input": {"name": args.file}},
                indent=2,
                ensure_ascii=False,
            )
        )
        print(f"tfgpu explain: {exc}", file=sys.stderr)
        return status_codes.USAGE_ERROR
    report = explain_report(result.findings, result.stats,
                            "standard input" if args.file == "-" else args.file,
                            died=result.died, failure=result.failure,
                            interrupted=_signal_words(stopped_by) if stopped_by else "")
    if notebook:
        report.meta["notebook"] = notebook
    from tfgpu.cli.common import exit_code_if_output_cut

    # stopped by a signal: the report of what was read, then the signal's exit code (130
    # for Ctrl-C, 143 for SIGTERM, as the shell reports it)
    code = (status_codes.TERMINATED_BASE + stopped_by if stopped_by
            else status_codes.ERRORS_FOUND if report.failed else status_codes.SUCCESS)
    exit_code_if_output_cut(code)
    if args.json:
        from tfgpu.report.json_report import render_json

        s = result.stats
        print(
            render_json(
                report,
                extra={
                    "input": {
                        "name": report.meta["input"],
                        "bytes": s.bytes_read,
                        "lines": s.lines,
                        "candidate_lines": s.candidates,
                        "binary_lines_skipped": s.skipped_binary,
                        # as before for one encoding ("utf-16", "bytes (...)"); the parts
                        # when they differ ("mixed: ...")
                        "encoding": (s.encoding_summary() if s.encoding_switches
                                     else s.encoding or BYTES_ENCODING),
                    }
                },
                knowledge_version=knowledge_version(),
            )
        )
    elif fmt in ("markdown", "html"):
        from tfgpu.cli.common import render_shareable_report
        from tfgpu.report.json_report import report_to_dict

        doc = report_to_dict(report, knowledge_version=knowledge_version())
        print(render_shareable_report(fmt, doc, args,
                                      facts=facts.to_dict() if facts is not None else None),
              end="")
    else:
        from tfgpu.report.text import make_report_console, render_text

        render_text(report, make_report_console(), verbosity=args.verbose - args.quiet)
    return code
