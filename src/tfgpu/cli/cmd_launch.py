"""``tfgpu launch --workers N -- CMD ...``: run N local workers of a multi-worker script."""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
from types import FrameType

from tfgpu.cli import status_codes
from tfgpu.cli.errors import UsageError
from tfgpu.runtime.launch import DEFAULT_HOST, MAX_WORKERS, NETWORKS, LaunchError, launch


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the command's arguments."""
    parser.add_argument("--workers", "-n", type=int, default=2, metavar="N",
                        help=f"number of worker processes (1-{MAX_WORKERS}, default 2)")
    parser.add_argument("--grace", type=float, default=10.0, metavar="SECONDS",
                        help="seconds a worker gets to exit when stopped, before SIGKILL")
    parser.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                        help=f"address written in each worker's TF_CONFIG (default "
                             f"{DEFAULT_HOST}, loopback); TensorFlow's server listens on "
                             "all interfaces whatever it is (see --network)")
    parser.add_argument("--network", choices=NETWORKS, default="auto",
                        help="auto (default): on Linux the workers get a private network "
                             "(loopback only: nothing reaches TensorFlow's servers, and the "
                             "workers reach nothing outside); host: the host's network "
                             "(downloads work; the ports are reachable from other machines); "
                             "private: like auto, but fail where it cannot be had")
    parser.add_argument("cmd", nargs=argparse.REMAINDER, metavar="-- COMMAND ...",
                        help="the worker command, after `--` (e.g. -- python train.py)")


#: Signals that stop the workers like Ctrl-C: SIGTERM (``kill``, a batch system) and
#: SIGHUP (the terminal was closed).
STOP_SIGNALS = tuple(getattr(signal, n) for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n))


def _terminate(signum: int, frame: FrameType | None) -> None:
    """SIGTERM or SIGHUP to the launcher stops the workers like Ctrl-C."""
    raise KeyboardInterrupt


def run(args: argparse.Namespace) -> int:
    """Start the workers, stream their output, return 0 when all succeed."""
    cmd = list(args.cmd)
    if cmd and cmd[0] == "--":
        cmd = cmd[1:]
    if not cmd:
        raise UsageError("no worker command: tfgpu launch --workers 2 -- python train.py")
    if not 1 <= args.workers <= MAX_WORKERS:
        raise UsageError(f"--workers must be between 1 and {MAX_WORKERS}, not {args.workers}")
    if args.grace < 0:
        raise UsageError("--grace must be >= 0 seconds")
    if not args.host or any(c in args.host for c in " /[]"):
        raise UsageError(f"--host must be an IPv4 address or a host name, not {args.host!r}")
    previous = {s: signal.signal(s, _terminate) for s in STOP_SIGNALS}
    try:
        result = launch(cmd, args.workers, out=sys.stdout, grace_s=args.grace, host=args.host,
                        network=args.network)
    except LaunchError as exc:
        raise UsageError(str(exc)) from exc
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)
    with contextlib.suppress(OSError):  # stderr is gone when the terminal closed
        print(f"tfgpu launch: {result.message} ({result.duration_s:.1f} s)", file=sys.stderr)
    if result.exit_code == 130:
        return status_codes.INTERRUPTED
    return status_codes.SUCCESS if result.exit_code == 0 else status_codes.ERRORS_FOUND
