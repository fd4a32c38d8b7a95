"""``-q`` and ``-qq`` are two levels (pip's): ``-q`` shows warnings and errors without the
header, ``-qq`` only the errors; the verdict line is always first."""

from __future__ import annotations

import pytest

from tfgpu.findings import Finding, Report, Severity, Verdict
from tfgpu.report.text import render_text_to_string


def _finding(fid: str, severity: Severity) -> Finding:
    return Finding(id=fid, severity=severity, title=f"title of {fid}", category="unknown",
                   area="driver")


REPORT = Report(command="explain", verdict=Verdict(None, "the headline", problems=1),
                findings=(_finding("an-error", Severity.ERROR),
                          _finding("a-warning", Severity.WARNING),
                          _finding("a-note", Severity.INFO)),
                meta={"input": "t.log"})


@pytest.mark.parametrize(("verbosity", "shown"), [
    (0, {"an-error", "a-warning", "a-note"}),
    (-1, {"an-error", "a-warning"}),
    (-2, {"an-error"}),
    (-3, {"an-error"}),
])
def test_each_quiet_level_drops_the_next_severity(verbosity: int, shown: set[str]) -> None:
    text = render_text_to_string(REPORT, verbosity=verbosity)
    assert text.splitlines()[0] == "the headline"
    assert {fid for fid in ("an-error", "a-warning", "a-note") if f"({fid})" in text} == shown
    assert ("input: t.log" in text) is (verbosity >= 0)
