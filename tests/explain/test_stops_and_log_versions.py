"""A run stopped from outside the program (Ctrl-C's KeyboardInterrupt, SIGTERM's
"Terminated") is a harmless notice that never hides an earlier error and no failure (exit 0),
and a log naming another
TensorFlow than the host facts gets one note that the fixes are for the host's. Rows:
``kind_cases/stops_and_log_versions.toml``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_lines, explain_stream

from .kind_helpers import Case, check, table


@table("stops_and_log_versions")
def test_case(case: Case) -> None:
    """A row of kind_cases/stops_and_log_versions.toml: its lines give its finding, not the
    others."""
    check(case)


def test_ctrl_c_alone_exits_clean_and_quotes_the_interrupt_line() -> None:
    """The stop's finding quotes the KeyboardInterrupt line (not only the Traceback header),
    and no finding of the log is an error or an unexplained warning."""
    lines = ["Traceback (most recent call last):", '  File "t.py", line 3, in <module>',
             "    import tensorflow as tf", "KeyboardInterrupt"]
    found = explain_lines(lines)
    stop = next(f for f in found if f.id == "program-stopped-by-user")
    assert any(e.text.strip() == "KeyboardInterrupt" for e in stop.evidence)
    assert all(f.harmless or f.severity.value in ("ok", "info") for f in found), found


# Ctrl-C's KeyboardInterrupt in every shape Python and IPython print it, and the shell's
# "Terminated": a stop asked for from outside, so no failure and exit 0, like SIGTERM
_STOPS = [
    ["Traceback (most recent call last):", '  File "t.py", line 3, in <module>',
     "    import tensorflow as tf", "KeyboardInterrupt"],
    [" 300/1875 [===>....] - ETA: 5s - loss: 0.61^CTraceback (most recent call last):",
     '  File "/home/u/train.py", line 30, in <module>', "    model.fit(x, y, epochs=5)",
     "KeyboardInterrupt"],
    ["^C", "Traceback (most recent call last):", '  File "t.py", line 8, in <module>',
     "    time.sleep(1)", "KeyboardInterrupt"],
    ["KeyboardInterrupt                         Traceback (most recent call last)",
     "Cell In[4], line 1", "----> 1 model.fit(ds, epochs=10)", "KeyboardInterrupt: "],
    ["Epoch 3/10", "Terminated"],
]


@pytest.mark.parametrize("lines", _STOPS)
def test_a_user_stop_is_no_failure_and_exits_clean(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: list[str]) -> None:
    log = tmp_path / "run.log"
    log.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert main(["explain", str(log)]) == 0
    headline = capsys.readouterr().out.splitlines()[0]
    assert headline.startswith("No problem found: Stopped by "), headline
    assert main(["explain", "--json", str(log)]) == 0
    verdict = json.loads(capsys.readouterr().out)["verdict"]
    assert verdict["program_failed"] is False


def test_an_exception_before_a_ctrl_c_is_still_a_failure() -> None:
    text = ("Traceback (most recent call last):\n  File \"a.py\", line 9, in <module>\n"
            "ValueError: bad shape for weights file w.h5\n"
            "Traceback (most recent call last):\n  File \"a.py\", line 12, in <module>\n"
            "    time.sleep(10)\nKeyboardInterrupt\n")
    result = explain_stream(io.BytesIO(text.encode()))
    rep = explain_report(result.findings, result.stats, "t.log", died=result.died,
                         failure=result.failure)
    assert [h.line for h in result.died] == [3]
    assert rep.verdict.program_failed is True
    assert "does not know why" in rep.verdict.headline
