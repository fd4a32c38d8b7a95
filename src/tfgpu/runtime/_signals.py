"""Signals around blocking TensorFlow calls and child processes (Linux specifics).

Two problems, two tools:

* ``tf.distribute.MultiWorkerMirroredStrategy()`` blocks inside TensorFlow's C++ code
  (holding the GIL) until every worker of the cluster has connected.  Python runs its
  signal handlers only between bytecodes of the main thread, so Ctrl-C (Python's SIGINT
  handler) does nothing while it waits.  :func:`default_signals_while_blocked` puts the
  *default* disposition (terminate) on SIGINT for the duration of the wait, at the C
  level with ``sigaction``, and puts Python's handler back afterwards.  (TensorFlow also
  installs its own C-level SIGTERM handler in that call, the preemption notifier
  ``SigtermNotifier`` of tsl/distributed_runtime/preemption/preemption_notifier.cc, which
  only records the signal; measured on TF 2.21: a waiting worker ignores SIGTERM.)
* A child started with ``start_new_session=True`` survives its parent being killed with
  SIGKILL.  :func:`die_with_parent` returns a ``preexec_fn`` that asks the Linux kernel
  to signal the child when the parent dies (``prctl(PR_SET_PDEATHSIG)``, prctl(2)).

Both are no-ops where the facility does not exist (not Linux, no libc).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence

#: prctl(2) option: "Set the parent-death signal of the calling process".
PR_SET_PDEATHSIG = 1


class _SigAction(ctypes.Structure):
    """glibc's ``struct sigaction`` on Linux (handler, 1024-bit mask, flags, restorer).

    The field order is that of glibc's ``bits/sigaction.h`` for every Linux architecture
    but MIPS (where ``sa_flags`` comes first); :func:`_libc` refuses MIPS.
    """

    _fields_ = [
        ("sa_handler", ctypes.c_void_p),
        ("sa_mask", ctypes.c_ulong * (1024 // (8 * ctypes.sizeof(ctypes.c_ulong)))),
        ("sa_flags", ctypes.c_int),
        ("sa_restorer", ctypes.c_void_p),
    ]


def _libc() -> ctypes.CDLL | None:
    """The C library with ``sigaction`` and ``prctl`` typed, or ``None`` off Linux."""
    if not sys.platform.startswith("linux") or os.uname().machine.startswith("mips"):
        return None
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.sigaction.argtypes = [ctypes.c_int, ctypes.POINTER(_SigAction),
                                   ctypes.POINTER(_SigAction)]
        libc.sigaction.restype = ctypes.c_int
        libc.prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong,
                               ctypes.c_ulong, ctypes.c_ulong]
        libc.prctl.restype = ctypes.c_int
    except (OSError, AttributeError):
        return None
    return libc


def _python_default(signum: int) -> bool:
    """True when Python-level code left ``signum`` at its default: SIG_DFL, or Python's
    own KeyboardInterrupt handler for SIGINT (a user's handler is left alone)."""
    handler = signal.getsignal(signum)
    if signum == signal.SIGINT:
        return handler is signal.default_int_handler
    return handler == signal.SIG_DFL


@contextlib.contextmanager
def default_signals_while_blocked(
    signums: Sequence[int] = (signal.SIGINT,),
) -> Iterator[bool]:
    """Make ``signums`` terminate the process while the main thread blocks in C code.

    On entry each signal whose Python-level handler is the default (SIGINT: Python's
    KeyboardInterrupt handler; others: SIG_DFL) gets the default C disposition, so
    Ctrl-C ends the process (exit status 130 in a shell) even though Python cannot run
    its handler.  On exit the previous handler is put back, unless native code installed
    another one meanwhile (that one is kept).

    SIGTERM cannot be helped this way: TensorFlow installs its C-level SIGTERM handler
    inside the same blocking call, holding the GIL, so no Python code can undo it before
    the call returns.

    Yields:
        True when a disposition was changed; False where this is not possible (not
        Linux, not the main thread, or every signal has a user handler).
    """
    libc = _libc()
    wanted = [s for s in signums if _python_default(s)]
    if libc is None or not wanted or threading.current_thread() is not threading.main_thread():
        yield False
        return
    default = _SigAction()  # zeroed: SIG_DFL, empty mask, no flags
    before: dict[int, _SigAction] = {}
    for s in wanted:
        old = _SigAction()
        if libc.sigaction(s, ctypes.byref(default), ctypes.byref(old)) == 0:
            before[s] = old
    try:
        yield bool(before)
    finally:
        for s, old in before.items():
            current = _SigAction()
            if libc.sigaction(s, None, ctypes.byref(current)) == 0 and not current.sa_handler:
                libc.sigaction(s, ctypes.byref(old), None)


def die_with_parent(signum: int) -> Callable[[], None] | None:
    """A ``subprocess.Popen`` ``preexec_fn`` that makes the child die with this process.

    The child asks the kernel to send it ``signum`` when the thread that started it
    exits (``prctl(PR_SET_PDEATHSIG, signum)``, which survives ``exec``), and exits at
    once if this process is already gone.  It covers the direct child only, not
    processes the child starts itself.

    Args:
        signum: the signal the child gets (``signal.SIGTERM`` or ``signal.SIGKILL``).

    Returns:
        The function, or ``None`` off Linux (pass it as ``preexec_fn`` either way).
        It calls only a pre-resolved C function, so it is safe after ``fork``.
    """
    libc = _libc()
    if libc is None:
        return None
    prctl = libc.prctl
    parent = os.getpid()

    def preexec() -> None:
        prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0)
        if os.getppid() != parent:  # the parent died before prctl took effect
            os._exit(128 + signum)

    return preexec
