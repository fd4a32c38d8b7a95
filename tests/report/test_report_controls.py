"""The text report and the shareable pages neutralise the same characters
(tfgpu.report.controls): terminal controls, and the bidi overrides and isolates that would
make a pasted fix line run something else than it shows (CVE-2021-42574)."""

from __future__ import annotations

import io

import pytest

from tfgpu.findings import Finding, Report, Severity, Verdict
from tfgpu.report.controls import BIDI_CONTROLS, visible
from tfgpu.report.text import PlainConsole, make_console, render_text, safe_text

#: A fix line that shows "rm -rf ~" hidden in a comment but runs it: RLO ... PDF, LRI ... PDI.
TROJAN = "echo ok \u202e # ~ fr- mr\u202c \u2066&& rm -rf ~\u2069"

BIDI = "".join(chr(c) for c in BIDI_CONTROLS)


def _report() -> Report:
    finding = Finding(id="x-y", severity=Severity.ERROR, category="version-mismatch",
                      title="t\u202eitle", cause="cause \u2067x\u2069", fix=(TROJAN,))
    return Report(command="doctor", verdict=Verdict(False, "GPU 0: \u202dname"),
                  findings=(finding,), meta={"host": "h\u202aost"})


def test_the_nine_bidi_controls() -> None:
    assert [f"{c:04X}" for c in BIDI_CONTROLS] == [
        "202A", "202B", "202C", "202D", "202E", "2066", "2067", "2068", "2069"]


@pytest.mark.parametrize("rich", [False, True])
def test_text_report_shows_bidi_controls_as_escapes(rich: bool) -> None:
    out = io.StringIO()
    console = make_console(out, width=200) if rich else PlainConsole(out, 200)
    render_text(_report(), console, verbosity=1)
    text = out.getvalue()
    assert not set(text) & set(BIDI), [f"{ord(c):04x}" for c in set(text) & set(BIDI)]
    assert "\\u202e # ~ fr- mr\\u202c" in text and "\\u2066&& rm -rf ~\\u2069" in text
    assert "\\u202a" in text and "\\u202d" in text and "t\\u202eitle" in text


def test_safe_text_and_pages_escape_the_same_characters() -> None:
    for code in (*range(0x00, 0x250), *range(0x2000, 0x2100), 0xFEFF):
        ch = chr(code)
        line, page = safe_text(ch), visible(ch, keep_newlines=True)
        assert (line != ch) == (page != ch or ch == "\n"), hex(code)
    assert safe_text("a\nb\tc") == "a\\x0ab\tc"
    assert visible("a\nb\tc\x1b", keep_newlines=True) == "a\nb\tc\\x1b"
