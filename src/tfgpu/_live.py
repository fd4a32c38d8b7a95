"""The child processes a runner started and has not reaped yet, killed at interpreter exit.

Shared by :mod:`tfgpu._proc` (``subprocess`` children, killed with their process group) and
:mod:`tfgpu._fork` (forked probe children, killed by pid): an abandoned child (a probe past
its time limit, Ctrl-C) must not outlive ``tfgpu``.
"""

from __future__ import annotations

import atexit
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


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
        atexit.register(self.kill_all)

    def add(self, child: T) -> None:
        """Record ``child`` as running."""
        with self._lock:
            self._children.add(child)

    def discard(self, child: T) -> None:
        """Forget ``child`` (it was reaped); nothing happens when it is not recorded."""
        with self._lock:
            self._children.discard(child)

    def __bool__(self) -> bool:
        with self._lock:
            return bool(self._children)

    def kill_all(self) -> None:
        """Kill every child still recorded (the ``atexit`` hook); they stay recorded until
        their runner reaps them."""
        with self._lock:
            live = list(self._children)
        for child in live:
            self._kill(child)
