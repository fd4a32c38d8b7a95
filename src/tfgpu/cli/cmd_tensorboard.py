"""``tfgpu tensorboard LOGDIR``: start TensorBoard on localhost and print its address."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from pathlib import Path
from types import FrameType

from tfgpu.cli import status_codes
from tfgpu.cli.common import check_timeout
from tfgpu.cli.errors import UsageError
from tfgpu.runtime.tensorboard import (
    TensorBoardError,
    logdir_note,
    logdir_problem,
    start_tensorboard,
)

#: Signals that stop the server like Ctrl-C: SIGTERM (``kill``, a service manager) and
#: SIGHUP (the terminal was closed).
STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


#: Invocations shown under "examples:" in ``tfgpu tensorboard --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu tensorboard logs',
    'tfgpu tensorboard logs --port 6007',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("logdir", help="folder with TensorBoard event files (e.g. ./logs)")
    parser.add_argument("--port", type=int, default=6006,
                        help="TCP port on 127.0.0.1 (default 6006; 0 picks a free one)")
    parser.add_argument("--timeout", type=float, default=90.0, metavar="SECONDS",
                        help="how long to wait for the server to answer (default 90)")


class _Stopped(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: the server stops as on Ctrl-C, and the command exits
    128 + the signal (143, 129: the README's exit-code table), not 0 as after Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _terminate(signum: int, frame: FrameType | None) -> None:
    """SIGTERM or SIGHUP stops the server like Ctrl-C does (:class:`_Stopped`)."""
    raise _Stopped(signum)


def run(args: argparse.Namespace) -> int:
    """Start the server, print its URL, serve until Ctrl-C; return the exit code: 0 after
    Ctrl-C (the way to end it), 143 after SIGTERM, 129 after SIGHUP, 1 when TensorBoard
    itself failed or exited with an error."""
    if not 0 <= args.port <= 65535:
        raise UsageError(f"--port must be between 0 and 65535, not {args.port}")
    check_timeout(args.timeout)
    problem = logdir_problem(Path(args.logdir))
    if problem:
        hint = (" (train with the TensorBoard callback first, or check the path)"
                if "does not exist" in problem else "")
        raise UsageError(problem + hint)
    note = logdir_note(Path(args.logdir))
    if note:
        print(f"tfgpu tensorboard: note: {note}", file=sys.stderr)
    print(f"tfgpu tensorboard: starting TensorBoard on 127.0.0.1 for {args.logdir} ...",
          file=sys.stderr)
    try:
        server = start_tensorboard(args.logdir, port=args.port, timeout_s=args.timeout)
    except TensorBoardError as exc:
        print(f"tfgpu tensorboard: error: {exc}", file=sys.stderr)
        return status_codes.ERRORS_FOUND
    # the handlers before the line that says it serves: a signal sent as soon as that line
    # is read (a terminal closed at once, a supervisor) stops the server as Ctrl-C does
    previous = {s: signal.signal(s, _terminate) for s in STOP_SIGNALS}
    try:
        print(f"TensorBoard serving {args.logdir} at {server.url}  (Ctrl-C to stop)",
              flush=True)
        code = server.process.wait()
    except KeyboardInterrupt as exc:
        server.stop()
        # Ctrl-C is how the server is meant to end: 0. SIGTERM/SIGHUP: 143/129.
        signum = exc.signum if isinstance(exc, _Stopped) else None
        with contextlib.suppress(OSError):  # stderr is gone when the terminal closed
            print("tfgpu tensorboard: stopped"
                  + (f" ({signal.Signals(signum).name})" if signum else ""), file=sys.stderr)
        return status_codes.TERMINATED_BASE + signum if signum else status_codes.SUCCESS
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    tail = "\n".join(server.output[-15:])
    print(f"tfgpu tensorboard: TensorBoard exited with code {code}:\n{tail}", file=sys.stderr)
    return status_codes.SUCCESS if code == 0 else status_codes.ERRORS_FOUND
