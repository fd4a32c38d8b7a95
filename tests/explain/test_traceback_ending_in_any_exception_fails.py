"""A traceback that ends in a builtin exception whose name does not end in Error or Exception
(StopIteration from ``next()`` on an empty iterator or an empty ``tf.data`` set,
StopAsyncIteration, GeneratorExit: Python's BaseException hierarchy) ended the program as any
other uncaught exception does: the verdict says the program failed and explain exits 1; a
Ctrl-C's KeyboardInterrupt stays the user's stop."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream


def _failed(last: str, source: str = "    x = next(it)") -> bool:
    text = ("Traceback (most recent call last):\n  File \"train.py\", line 3, in <module>\n"
            f"{source}\n{last}\n")
    result = explain_stream(io.BytesIO(text.encode()))
    report = explain_report(result.findings, result.stats, "t.log", died=result.died,
                            failure=result.failure)
    return bool(report.verdict.program_failed and report.failed)


@pytest.mark.parametrize("last", [
    "StopIteration", "StopIteration: done", "StopAsyncIteration",
    "GeneratorExit", "builtins.StopIteration",
])
def test_traceback_ending_in_a_non_error_exception_is_a_death(last: str) -> None:
    assert _failed(last)


def test_keyboard_interrupt_is_still_no_failure() -> None:
    assert not _failed("KeyboardInterrupt", "    time.sleep(5)")
