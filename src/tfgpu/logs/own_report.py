"""Recognise tfgpu's own output given to ``tfgpu explain`` as if it were a log.

A report of ``tfgpu doctor`` (text, ``--json``, ``--format markdown|html``), of ``tfgpu
explain`` itself, or a ``tfgpu facts`` snapshot quotes probe messages and log lines
("nvmlInit: missing: NVML Shared Library Not Found") that the log catalogue would read as
a program's errors.  Read as a log it would give findings the report only quotes.  Each
form is told by the start tfgpu writes (:func:`own_report`), from the first bytes only
(:data:`tfgpu.logs.input_kind.HEAD_BYTES`), so telling costs no more than the gzip check:

* JSON (:mod:`tfgpu.report.json_report`): an object whose first keys are
  ``"schema_version"`` and ``"tfgpu_version"`` (every command's ``--json``), or whose first
  key is ``"os"`` holding ``"system"`` (a ``tfgpu facts`` snapshot, :meth:`HostFacts.to_dict`);
* markdown (:mod:`tfgpu.report.share`): the first line ``### tfgpu COMMAND: headline``;
* HTML: the ``<meta name="generator" content="tfgpu ...">`` tag in the head;
* text (:func:`tfgpu.report.text.render_text`): a headline, optional ``  key: value`` header
  lines, a blank line, an area heading (``HARDWARE``, ``DRIVER`` ...) and a finding line
  ``[ERROR] title  (finding-id)``.
"""

from __future__ import annotations

import re

_BOM = rb"(?:\xef\xbb\xbf)?\s*"
_JSON_REPORT = re.compile(
    _BOM + rb'\{\s*"schema_version"\s*:\s*"[^"]*"\s*,\s*"tfgpu_version"\s*:')
_JSON_COMMAND = re.compile(rb'^\s{0,2}"command"\s*:\s*"([a-z]+)"', re.MULTILINE)
_FACTS = re.compile(_BOM + rb'\{\s*"os"\s*:\s*\{\s*"system"\s*:')
_MARKDOWN = re.compile(_BOM + rb"### tfgpu ([a-z]+): ")
_HTML = re.compile(rb'<meta name="generator" content="tfgpu [^"]*">')
_HTML_COMMAND = re.compile(rb"<title>tfgpu ([a-z]+): ")
_META = re.compile(r"  [a-z][a-z _-]*: ")
#: A finding's first line as the text renderer starts it (``[ERROR] title  (id)``; a title a
#: terminal wrapped may put the id on the next line, so only the start is required).
_FINDING = re.compile(r"\[(?:ERROR| warn| info|   ok)\] \S")
#: The area headings, ``tfgpu.findings.AREAS`` in capitals (logs/ never imports findings;
#: tests/explain/test_own_report_is_not_a_log.py holds the two equal).
AREA_HEADINGS = frozenset({"HARDWARE", "DRIVER", "CUDA", "PYTHON", "TENSORFLOW", "ENVIRONMENT",
                           "RUNTIME", "LOG"})
#: Lines of the head a text report's first finding must start within.
TEXT_LINES = 40


def own_report(head: bytes) -> str | None:
    """What tfgpu output ``head`` (the first bytes of an input) starts, in words for a
    message ("a `tfgpu doctor --json` report", "a `tfgpu facts` snapshot"), or ``None``
    when it does not look like tfgpu's own output (then it is read as a log)."""
    if _FACTS.match(head):
        return "a `tfgpu facts` snapshot"
    if _JSON_REPORT.match(head):
        cmd = _JSON_COMMAND.search(head)
        return f"a `tfgpu {cmd.group(1).decode()} --json` report" if cmd else \
            "a tfgpu --json document"
    md = _MARKDOWN.match(head)
    if md:
        return f"a `tfgpu {md.group(1).decode()} --format markdown` report"
    if _HTML.search(head):
        title = _HTML_COMMAND.search(head)
        return (f"a `tfgpu {title.group(1).decode()} --format html` report" if title
                else "a tfgpu HTML report")
    return _text_report(head.decode("utf-8", "replace"))


def _text_report(text: str) -> str | None:
    """``"a `tfgpu doctor` report"`` (or explain's) when ``text`` starts as the text
    renderer writes a report: headline, header lines, blank, area heading, finding line."""
    lines = text.splitlines()[:TEXT_LINES]
    if len(lines) < 4 or not lines[0].strip() or lines[0][0].isspace():
        return None
    i = 1
    while i < len(lines) and _META.match(lines[i]):
        i += 1
    if lines[i:i + 1] != [""] or i + 2 >= len(lines):
        return None
    if lines[i + 1] not in AREA_HEADINGS or not _FINDING.match(lines[i + 2]):
        return None
    header = [ln.split(":", 1)[0].strip() for ln in lines[1:i]]
    command = "explain" if "input" in header or " found in the log" in lines[0] else "doctor"
    return f"a `tfgpu {command}` report"


__all__ = ["AREA_HEADINGS", "TEXT_LINES", "own_report"]
