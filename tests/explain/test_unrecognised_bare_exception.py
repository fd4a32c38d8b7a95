"""An unrecognised error whose last exception line is only the exception's name: Python prints
the name alone when the exception has no message (a bare ``assert``, ``raise ValueError``), so
at the end of a traceback the unknown says both possibilities (no message: the last source line
failed; or the message was cut) and never claims the message "was not pasted"; the name alone,
with no traceback, asks for the whole traceback; a last exception with its message does not."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding


def _unknown(lines: list[str]) -> Finding:
    found = {f.id: f for f in explain_lines(lines)}
    assert "unrecognised-error" in found, found
    return found["unrecognised-error"]


@pytest.mark.parametrize("lines", [
    ["Building model with https://example.org/models/encoder/5",
     "---------------------------------------------------------------------------",
     "ValueError"],
    ["tensorflow.python.framework.errors_impl.InvalidArgumentError"],
], ids=["notebook-name-only", "qualified-name-alone"])
def test_name_only_asks_for_the_message(lines: list[str]) -> None:
    f = _unknown(lines)
    assert "stops at the last exception's name" in f.cause, f.cause
    assert "has no message" in f.cause, f.cause
    assert any("paste the whole traceback" in x for x in f.fix), f.fix


@pytest.mark.parametrize("lines", [
    ["Traceback (most recent call last):",
     '  File "train.py", line 3, in <module>',
     "    assert x.shape[0] == 10",
     "AssertionError"],
    ["Traceback (most recent call last):",
     '  File "train.py", line 3, in <module>',
     "    raise ValueError",
     "ValueError"],
    ["Traceback (most recent call last):",
     '  File "train.py", line 12, in <module>',
     "    model.fit(ds)",
     "tensorflow.python.framework.errors_impl.InvalidArgumentError"],
    ["Traceback (most recent call last):",
     '  File "main.py", line 3, in <module>',
     "RuntimeError"],
], ids=["bare-assert", "raise-without-message", "qualified-name", "plain-traceback-name-only"])
def test_name_ending_a_traceback_may_have_no_message(lines: list[str]) -> None:
    f = _unknown(lines)
    assert "was not pasted" not in f.cause, f.cause
    assert "has no message" in f.cause and "last source line" in f.cause, f.cause
    assert "were not pasted" in f.cause, f.cause  # the other possibility, as a hedge
    assert any("last source line" in x for x in f.fix), f.fix


def test_exception_with_its_message_is_quoted_as_before() -> None:
    f = _unknown(["Traceback (most recent call last):",
                  '  File "main.py", line 3, in <module>',
                  "ValueError: the frobnicator refused the widget"])
    assert "The last exception is: ValueError: the frobnicator" in f.cause, f.cause
    assert not any("paste the whole traceback" in x for x in f.fix), f.fix
