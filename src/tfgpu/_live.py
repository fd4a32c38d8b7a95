"""The child processes a runner started and has not reaped yet, killed at interpreter exit.

Shared by :mod:`tfgpu._proc` (``subprocess`` children, killed with their process group) and
:mod:`tfgpu._fork` (forked probe children, killed by pid): an abandoned child (a probe past
its time limit, Ctrl-C) must not outlive ``tfgpu``.
"""

from __future__ import annotations

import atexit
import contextlib
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

T = TypeVar("T")

#: Seconds the exit hook waits, at most, for children other threads are starting.
STARTING_WAIT_S = 1.0


#: Every :class:`LiveChildren` made (module-level sets of the runners), for
#: :func:`kill_all_live`.
_ALL: list[LiveChildren[Any]] = []


def kill_all_live() -> None:
    """Kill the children of every :class:`LiveChildren` now, as their ``atexit`` hooks
    would (for an exit that skips those hooks: ``os._exit`` after a signal)."""
    for live in list(_ALL):
        live.kill_all()


def kill_running_now() -> None:
    """Kill the children running now in every :class:`LiveChildren` (a signal arrived),
    without closing them: unlike :func:`kill_all_live`, a child started later is not
    refused (an in-process caller, such as a test, goes on)."""
    for live in list(_ALL):
        live.kill_running()


class LiveChildren(Generic[T]):
    """A thread-safe set of running children; an ``atexit`` hook kills those still in it.

    Args:
        kill: how to kill one child (a pid, a ``Popen``); must not raise when the child
            has already gone.
    """

    def __init__(self, kill: Callable[[T], None]) -> None:
        self._kill = kill
        self._lock = threading.Lock()
        self._children: set[T] = set()
        self._starting = 0
        self._closing = False
        atexit.register(self.kill_all)
        _ALL.append(self)

    @contextlib.contextmanager
    def starting(self) -> Iterator[None]:
        """Start a child and :meth:`add` it inside this block: the exit hook waits for the
        block to end (up to :data:`STARTING_WAIT_S`).  Without it, a child another thread
        was starting when the main thread exited (Ctrl-C, SIGTERM right after
        ``nvidia-smi`` started) was in no set yet and outlived tfgpu."""
        with self._lock:
            self._starting += 1
        try:
            yield
        finally:
            with self._lock:
                self._starting -= 1

    def add(self, child: T) -> None:
        """Record ``child`` as running; once the exit hook has run, kill it at once."""
        with self._lock:
            self._children.add(child)
            closing = self._closing
        if closing:
            self._kill(child)

    def discard(self, child: T) -> None:
        """Forget ``child`` (it was reaped); nothing happens when it is not recorded."""
        with self._lock:
            self._children.discard(child)

    def __bool__(self) -> bool:
        with self._lock:
            return bool(self._children)

    def kill_running(self) -> None:
        """Kill every child recorded now; the set stays open for later children."""
        with self._lock:
            live = list(self._children)
        for child in live:
            self._kill(child)

    def kill_all(self) -> None:
        """Kill every child still recorded (the ``atexit`` hook); they stay recorded until
        their runner reaps them.  Waits first, up to :data:`STARTING_WAIT_S`, for the
        children being started (:meth:`starting`); one added later is killed by
        :meth:`add`."""
        with self._lock:
            self._closing = True
        end = time.monotonic() + STARTING_WAIT_S
        while self._starting > 0 and time.monotonic() < end:
            time.sleep(0.005)
        with self._lock:
            live = list(self._children)
        for child in live:
            self._kill(child)
