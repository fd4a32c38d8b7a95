"""An unrecognised error whose last exception line is only the exception's name (a traceback
cut, or a notebook's copied before the message lines): the unknown says the message is missing
and asks for the whole traceback; a last exception with its message does not."""

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
    ["Traceback (most recent call last):",
     '  File "train.py", line 12, in <module>',
     "    model.fit(ds)",
     "tensorflow.python.framework.errors_impl.InvalidArgumentError"],
    ["Traceback (most recent call last):",
     '  File "main.py", line 3, in <module>',
     "RuntimeError"],
], ids=["notebook-name-only", "qualified-name", "plain-traceback-name-only"])
def test_name_only_asks_for_the_message(lines: list[str]) -> None:
    f = _unknown(lines)
    assert "stops at the last exception's name" in f.cause, f.cause
    assert any("paste the whole traceback" in x for x in f.fix), f.fix


def test_exception_with_its_message_is_quoted_as_before() -> None:
    f = _unknown(["Traceback (most recent call last):",
                  '  File "main.py", line 3, in <module>',
                  "ValueError: the frobnicator refused the widget"])
    assert "The last exception is: ValueError: the frobnicator" in f.cause, f.cause
    assert not any("paste the whole traceback" in x for x in f.fix), f.fix
