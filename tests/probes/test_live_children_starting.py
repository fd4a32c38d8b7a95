"""A child another thread is starting while tfgpu exits is stopped too
(:meth:`tfgpu._live.LiveChildren.starting`): the exit hook waits for the start to end,
and a child added after the hook ran is killed at once."""

from __future__ import annotations

import threading
import time

from tfgpu._live import LiveChildren


def test_the_exit_hook_waits_for_a_child_being_started() -> None:
    killed: list[str] = []
    live: LiveChildren[str] = LiveChildren(killed.append)
    inside, release = threading.Event(), threading.Event()

    def start() -> None:
        with live.starting():
            inside.set()
            release.wait(5)
            live.add("child")

    t = threading.Thread(target=start)
    t.start()
    assert inside.wait(5)
    threading.Timer(0.2, release.set).start()
    began = time.monotonic()
    live.kill_all()  # what atexit runs
    # killed by add() (the hook had begun) and by the hook: killing twice is harmless
    assert set(killed) == {"child"} and time.monotonic() - began < 1.5
    t.join(5)


def test_a_child_added_after_the_hook_is_killed_at_once() -> None:
    killed: list[int] = []
    live: LiveChildren[int] = LiveChildren(killed.append)
    live.kill_all()
    live.add(7)
    assert killed == [7]


def test_before_exit_adding_kills_nothing() -> None:
    killed: list[int] = []
    live: LiveChildren[int] = LiveChildren(killed.append)
    with live.starting():
        live.add(3)
    live.discard(3)
    assert killed == []
