"""Entry point of the ``tfgpu`` command.

Sub-commands live in ``tfgpu.cli.cmd_<name>`` modules, each with
``add_arguments(parser)`` and ``run(args) -> int``.  Only the module of the command
being run is imported, so ``tfgpu --help`` stays fast and never imports TensorFlow.
One top-level handler maps exceptions to exit codes (:mod:`tfgpu.cli.status_codes`);
tracebacks are shown only with ``--debug``.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import importlib
import os
import sys
from collections.abc import Sequence
from types import FrameType, ModuleType

from tfgpu._version import __version__
from tfgpu.cli import status_codes
from tfgpu.cli.errors import UsageError

#: (command, module, one-line help), in the order ``tfgpu --help`` lists them.
COMMANDS: tuple[tuple[str, str, str], ...] = (
    ("doctor", "tfgpu.cli.cmd_doctor", "diagnose whether TensorFlow can use this host's GPU"),
    ("facts", "tfgpu.cli.cmd_facts", "print the host facts snapshot as JSON"),
    ("capture", "tfgpu.cli.cmd_capture", "record raw probe outputs as a test fixture"),
    ("explain", "tfgpu.cli.cmd_explain", "explain a pasted TensorFlow/CUDA error log"),
    ("matrix", "tfgpu.cli.cmd_matrix", "print the TensorFlow/CUDA/cuDNN/driver knowledge"),
    ("plan", "tfgpu.cli.cmd_plan", "print the install plan for this or a described host"),
    ("install", "tfgpu.cli.cmd_install", "run the install plan into a virtual environment"),
    ("verify", "tfgpu.cli.cmd_verify", "prove TensorFlow computes correctly on each GPU"),
    ("bench", "tfgpu.cli.cmd_bench", "benchmark CPU vs GPU training and device ceilings"),
    ("tensorboard", "tfgpu.cli.cmd_tensorboard", "start TensorBoard on localhost"),
    ("launch", "tfgpu.cli.cmd_launch", "run N local workers of a multi-worker script"),
    ("schema", "tfgpu.cli.cmd_schema", "print the JSON Schema of a --json document"),
    ("completion", "tfgpu.cli.cmd_completion", "print a bash, zsh or fish completion script"),
    ("fleet", "tfgpu.cli.cmd_fleet", "compare the facts of many nodes (Slurm, files)"),
)


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, sized without :mod:`shutil` (which argparse imports for
    ``get_terminal_size`` on every ``add_argument``, pulling in ``bz2``/``lzma``: a few
    milliseconds of every command).  Same rule: ``COLUMNS``, else the terminal of stdout,
    else 80 columns; minus 2."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        if width is None:
            width = _columns() - 2
        super().__init__(prog, indent_increment, max_help_position, width)

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        # the "examples:" epilog (:func:`examples_epilog`) keeps its lines as written: one
        # command a line, never wrapped into the next
        if text.startswith(EXAMPLES_HEADING):
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


#: The first line of each command's epilog.
EXAMPLES_HEADING = "examples:\n"


def examples_epilog(examples: Sequence[str], rest: str | None = None) -> str | None:
    """The epilog of a command's ``--help``: "examples:" and one invocation a line (the
    command module's ``EXAMPLES``), then ``rest`` (the epilog the command set itself);
    ``rest`` alone when there are no examples."""
    if not examples:
        return rest
    text = EXAMPLES_HEADING + "".join(f"  {line}\n" for line in examples)
    return text + (f"\n{rest}" if rest else "")


def _columns() -> int:
    try:
        columns = int(os.environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


def _load(module_name: str) -> ModuleType:
    return importlib.import_module(module_name)


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--debug", action="store_true", help="show tracebacks of internal errors")
    parser.add_argument(
        "-v", "--verbose", action="count", default=0, help="more detail (repeatable)"
    )
    parser.add_argument("-q", "--quiet", action="count", default=0,
                        help="less output (repeatable; doctor/explain: -q warnings and errors, "
                             "-qq errors only)")


def build_parser(selected: str | None, *, alone: bool = False,
                 full: bool = False) -> argparse.ArgumentParser:
    """Build the parser; only the ``selected`` command's module is imported.

    Args:
        selected: the command named on the command line, or ``None``.
        alone: register ``selected`` only, not the other commands: right when the command
            line starts with it, as then no other command's parser can be reached and
            the top-level help is never printed.  Each command's parser costs argparse's
            message lookups (:func:`gettext.dgettext`, which searches the locale folders
            on every call: ~1 ms per command on an idle core).
        full: add every command's options (imports every command module): the parser
            ``tfgpu completion`` turns into a completion script.
    """
    parser = argparse.ArgumentParser(
        prog="tfgpu",
        formatter_class=_HelpFormatter,
        description="Get TensorFlow running on a GPU, prove that it works, and make it fast.",
    )
    parser.add_argument("--version", action="version", version=f"tfgpu {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, module, help_text in COMMANDS:
        if alone and name != selected:
            continue
        p = sub.add_parser(name, help=help_text, description=help_text,
                           formatter_class=_HelpFormatter)
        _common(p)
        if name == selected or full:
            loaded = _load(module)
            loaded.add_arguments(p)
            p.epilog = examples_epilog(getattr(loaded, "EXAMPLES", ()), p.epilog)
        if name == "completion":
            # The completion script is generated from the whole parser; commands never
            # import this module, so the command gets the factory instead.
            p.set_defaults(full_parser=lambda: build_parser(None, full=True))
    return parser


def _subparser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    """The parser of command ``name`` (to print its own usage on an argument error)."""
    for action in parser._actions:  # argparse keeps subparsers only there
        if isinstance(action, argparse._SubParsersAction) and name in action.choices:
            sub = action.choices[name]
            assert isinstance(sub, argparse.ArgumentParser)
            return sub
    return parser


#: Allocations between two young-generation garbage collections while a command runs
#: (CPython's default: 700).  A command builds a few tens of thousands of objects, most of
#: them classes, functions and modules that live to the end, so collecting every 700
#: costs ~35 passes, ~4 ms of a 0.1 s ``tfgpu doctor --no-tf``, and frees almost
#: nothing; cycles are still collected, less often.  mypy does the same (``gc.set_threshold(
#: 200 * 1000, 30, 30)`` in ``mypy/build.py``: "otherwise we can spend a large fraction of
#: cpu in gc").
GC_YOUNG_THRESHOLD = 100_000


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``tfgpu``; return the exit code (see :mod:`tfgpu.cli.status_codes`).

    Garbage collection runs less often meanwhile (:data:`GC_YOUNG_THRESHOLD`); the
    caller's thresholds are restored on return.
    """
    thresholds = gc.get_threshold()
    gc.set_threshold(GC_YOUNG_THRESHOLD, *thresholds[1:])
    try:
        return _main(argv)
    finally:
        gc.set_threshold(*thresholds)


def entry() -> int:
    """The program's entry point (the ``tfgpu`` script and ``python -m tfgpu``): run
    :func:`main` on ``sys.argv`` and return its exit code, with the process ready to exit.

    Ready to exit: the objects made so far are moved out of the garbage collector's reach
    (:func:`gc.freeze`).  The interpreter's shutdown otherwise runs four full collections
    over every object, the imported modules' included (~4 ms of a 0.1 s ``tfgpu doctor
    --no-tf``), to free memory that the exiting process hands back anyway; frozen objects
    are still freed by reference counting as the modules are cleared.  Only the program
    does this: :func:`main`, called in a longer-lived process (the tests), leaves the
    collector as it was.
    """
    code = main()
    gc.freeze()
    if code in _SIGNAL_CODES:
        _exit_now_if_threads_run(code)
    return code


#: Exit codes of a command stopped by Ctrl-C, SIGHUP or SIGTERM.
_SIGNAL_CODES = frozenset({status_codes.INTERRUPTED, status_codes.TERMINATED_BASE + 1,
                           status_codes.TERMINATED_BASE + 15})


def _exit_now_if_threads_run(code: int) -> None:
    """After a signal, threads the command started (the probes' daemon threads, a pipe
    reader) may still run; the interpreter's shutdown with them alive could crash the
    process (exit -11 seen under load). Kill the children as the exit hooks would,
    flush the standard streams and leave with ``os._exit(code)``; nothing when no other
    thread runs."""
    import threading

    if threading.active_count() <= 1:
        return
    from tfgpu import _live

    _live.kill_all_live()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError, AttributeError):
            stream.flush()
    os._exit(code)


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    known = {name for name, _, _ in COMMANDS}
    selected = next((a for a in args_list if not a.startswith("-")), None)
    if selected not in known:
        selected = None
    parser = build_parser(selected, alone=selected is not None and args_list[0] == selected)
    try:
        args, unknown = parser.parse_known_args(args_list)
        if unknown:
            # argparse reports a command's unknown options from the top-level parser, with
            # `usage: tfgpu [-h] ... COMMAND`: report them with the command's own usage.
            # (Options given before the command, `tfgpu -v doctor`, stay the top level's.)
            before = args_list[:args_list.index(args.command)] if args.command else args_list
            owner = (parser if not args.command or any(u in before for u in unknown)
                     else _subparser(parser, args.command))
            owner.error(f"unrecognized arguments: {' '.join(unknown)}")
    except SystemExit as exc:  # argparse: --help/--version exit 0, errors exit 2
        return int(exc.code) if isinstance(exc.code, int) else status_codes.USAGE_ERROR
    if args.command is None:
        parser.print_help()
        return status_codes.USAGE_ERROR
    module = dict((n, m) for n, m, _ in COMMANDS)[args.command]
    _stand_in_for_closed_streams()
    from tfgpu.cli.common import exit_code_if_output_cut

    exit_code_if_output_cut(status_codes.SUCCESS)  # the command records its own
    _PENDING_SIGNALS.clear()
    _RESENT.clear()
    previous = _stop_like_ctrl_c()
    try:
        code = int(_load(module).run(args))
        sys.stdout.flush()  # a full disk shows here, not in the interpreter's exit flush
    except StreamClosedError as exc:
        print(f"tfgpu {args.command}: error: {exc.strerror}", file=sys.stderr)
        return status_codes.USAGE_ERROR
    except UsageError as exc:
        print(f"tfgpu {args.command}: error: {exc}", file=sys.stderr)
        return status_codes.USAGE_ERROR
    except Terminated as exc:
        with contextlib.suppress(OSError, ValueError):  # SIGHUP: the terminal may be gone
            print(f"tfgpu: terminated ({exc.name})", file=sys.stderr)
        return status_codes.TERMINATED_BASE + exc.signum
    except KeyboardInterrupt:
        print("tfgpu: interrupted", file=sys.stderr)
        return status_codes.INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head -1`): stop quietly, and point stdout at the null
        # device so the flush at interpreter exit cannot raise a second time. The exit code
        # is the one the command recorded before writing (its diagnosis), not the race's.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return exit_code_if_output_cut()
    except OSError as exc:
        if exc.errno not in WRITE_ERRNOS:
            return _internal_error(args, exc)
        # The output could not be written (`> /dev/full`, a full disk or quota): say so,
        # and point stdout at the null device so the exit-time flush cannot fail again.
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"tfgpu {args.command}: error: cannot write output: {exc.strerror or exc}",
              file=sys.stderr)
        return status_codes.USAGE_ERROR
    except Exception as exc:  # noqa: BLE001 - the one top-level handler
        return _internal_error(args, exc)
    else:
        return _signal_code(code)
    finally:
        _DEFERRED.clear()  # a signal sent again from now on is ignored, and the stop thread ends
        _restore_handlers(previous)


def _internal_error(args: argparse.Namespace, exc: BaseException) -> int:
    """Report an unexpected exception (a bug in tfgpu) and return its exit code."""
    if getattr(args, "debug", False):
        import traceback

        traceback.print_exception(exc)
    else:
        print(
            f"tfgpu {args.command}: internal error: {type(exc).__name__}: {exc}\n"
            "Rerun with --debug for the traceback, and please report it.",
            file=sys.stderr,
        )
    return status_codes.INTERNAL_ERROR


#: errno values of a write that failed because of where the output goes, not a bug:
#: no space (``> /dev/full``), over quota, file too large, an I/O error of the device.
WRITE_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})


class StreamClosedError(OSError):
    """A standard stream the command needs was closed by the caller (``<&-``, ``>&-``)."""


class _ClosedInput:
    """Stands in for ``sys.stdin`` (and its ``buffer``) when file descriptor 0 is closed:
    not a terminal, and reading it raises :class:`StreamClosedError` (exit code 2)."""

    closed = False

    @property
    def buffer(self) -> _ClosedInput:
        return self

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise StreamClosedError(errno.EBADF, "cannot read standard input: it is closed")

    def read(self, _size: int = -1) -> bytes:
        raise StreamClosedError(errno.EBADF, "cannot read standard input: it is closed")

    readline = read
    read1 = read
    readinto = read


class _ClosedOutput:
    """Stands in for ``sys.stdout`` when file descriptor 1 is closed: writing to it raises
    :class:`StreamClosedError` (exit code 2); a command that writes nothing still runs."""

    closed = False
    encoding = "utf-8"

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise StreamClosedError(errno.EBADF, "cannot write output: standard output is closed")

    def write(self, _text: object) -> int:
        raise StreamClosedError(errno.EBADF, "cannot write output: standard output is closed")

    def flush(self) -> None:
        return None


def _stand_in_for_closed_streams() -> None:
    """Python sets ``sys.stdin``/``sys.stdout``/``sys.stderr`` to ``None`` when the process
    starts with that descriptor closed (``tfgpu explain - <&-``); every ``.isatty()`` or
    ``.write`` then failed as an internal error.  Put stand-ins there that fail with a
    clear :class:`StreamClosedError` instead (stderr: the null device, nothing can be
    told)."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the process
    if sys.stdin is None:
        sys.stdin = _ClosedInput()
    if sys.stdout is None:
        sys.stdout = _ClosedOutput()


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived (``kill``, a closed terminal, a job scheduler's stop).

    A KeyboardInterrupt, so that every path that stops its children on Ctrl-C (the
    subprocess runner, the NVML child, the TensorFlow probe) does so here too: with the
    default action the process died at once and left a hung ``nvidia-smi`` or the
    TensorFlow child running.  ``launch`` and ``tensorboard`` install their own handlers
    while they run.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
        self.name = _signal_name(signum)


def _signal_name(signum: int) -> str:
    import signal

    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


#: Signals that arrived while a command ran: the handler's exception can land inside a
#: weakref callback or ``__del__``, where Python prints "Exception ignored" and goes on; the
#: command's end then still reports the signal (:func:`_signal_code`).
_PENDING_SIGNALS: list[int] = []


#: Signals whose :class:`Terminated` waits until the main thread leaves the import system,
#: and those the stop thread sent again meanwhile (:func:`_raise_terminated`).
_DEFERRED: set[int] = set()
_RESENT: set[int] = set()
#: ``importlib._bootstrap``'s name, before and after ``importlib`` renames it.
_BOOTSTRAP = frozenset({"importlib._bootstrap", "_frozen_importlib"})


def _unsafe_to_raise(frame: FrameType | None) -> bool:
    """True when an exception raised at ``frame``, the main thread's innermost, could leave
    the interpreter's import lock held: ``frame`` runs ``importlib._bootstrap`` (its
    ``_ImportLockContext.__exit__`` before the ``release_lock``, a module lock's weakref
    callback right after the ``acquire_lock``), or :func:`_raise_terminated` is under way."""
    if frame is not None and frame.f_globals.get("__name__") in _BOOTSTRAP:
        return True
    while frame is not None and frame.f_code is not _raise_terminated.__code__:
        frame = frame.f_back
    return frame is not None


def _raise_terminated(signum: int, frame: FrameType | None) -> None:
    """Raise :class:`Terminated`, except inside the import system: raised there, it could
    leave the import lock held, and every other thread's next import (the probes', the
    pre-warm's) then waited forever (the doctor outlived a SIGHUP by 12 s, or for good).
    There the stop thread (:func:`_stop_children`) sends the signal again once out."""
    import threading

    resent = signum in _RESENT
    _RESENT.discard(signum)
    if resent and signum not in _DEFERRED:
        return  # raised already, or the command is over
    new = signum not in _DEFERRED
    if new:
        _PENDING_SIGNALS.append(signum)
    _DEFERRED.discard(signum)
    if _unsafe_to_raise(frame):
        _DEFERRED.add(signum)
    if new:
        threading.Thread(target=_stop_children, args=(signum,), name="tfgpu-signal-stop",
                         daemon=True).start()
    if signum not in _DEFERRED:
        raise Terminated(signum)


def _stop_children(signum: int) -> None:
    """Kill the running children at once, from this thread (the main thread may hold a
    LiveChildren lock): should the exception be swallowed (a ``__del__``), the command must
    not wait on a hung nvidia-smi for its full timeout.  Then, while the signal is deferred,
    send it again to the main thread whenever that is out of the import system (a signal,
    not ``interrupt_main``: it also ends a blocking wait)."""
    import _thread
    import signal
    import threading
    import time

    from tfgpu import _live

    _live.kill_running_now()
    main_id = threading.main_thread().ident or 0
    send = getattr(signal, "pthread_kill", None)  # Windows: none
    while signum in _DEFERRED:
        time.sleep(0.002)
        if not _unsafe_to_raise(sys._current_frames().get(main_id)):
            _RESENT.add(signum)
            if signum not in _DEFERRED:  # checked and sent with no bytecode check between
                _RESENT.discard(signum)
            elif send is not None:
                send(main_id, signum)
            else:
                _thread.interrupt_main(signal.Signals(signum))


def _signal_code(code: int) -> int:
    """``code``, or 128 + the signal when one arrived and its exception was swallowed (the
    command then ran on); says so on standard error like the Terminated path."""
    if not _PENDING_SIGNALS:
        return code
    signum = _PENDING_SIGNALS[-1]
    with contextlib.suppress(OSError, ValueError):
        print(f"tfgpu: terminated ({_signal_name(signum)})", file=sys.stderr)
    return status_codes.TERMINATED_BASE + signum


def _stop_like_ctrl_c() -> dict[int, object]:
    """Make SIGTERM and SIGHUP stop the command as Ctrl-C does (see :class:`Terminated`)
    where they have their default action and this is the main thread; return the
    handlers replaced, for :func:`_restore_handlers`."""
    import signal
    import threading

    previous: dict[int, object] = {}
    if threading.current_thread() is not threading.main_thread():
        return previous
    for name in ("SIGTERM", "SIGHUP"):
        signum = getattr(signal, name, None)
        if signum is None or signal.getsignal(signum) is not signal.SIG_DFL:
            continue
        with contextlib.suppress(ValueError, OSError):
            previous[signum] = signal.signal(signum, _raise_terminated)
    return previous


def _restore_handlers(previous: dict[int, object]) -> None:
    import signal

    for signum, handler in previous.items():
        with contextlib.suppress(ValueError, OSError, TypeError):
            signal.signal(signum, handler)  # type: ignore[arg-type]
