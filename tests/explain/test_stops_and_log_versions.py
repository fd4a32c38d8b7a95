"""A run stopped from outside the program (Ctrl-C's KeyboardInterrupt, SIGTERM's
"Terminated") is a harmless notice that never hides an earlier error, and a log naming another
TensorFlow than the host facts gets one note that the fixes are for the host's. Rows:
``kind_cases/stops_and_log_versions.toml``."""

from __future__ import annotations

from tfgpu.explain import explain_lines

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
