"""Terminal renderer: verdict first, then findings grouped by area, colour on a terminal.

Colour follows ``NO_COLOR`` (https://no-color.org) and is off when the stream is not a
terminal.  ``verbosity`` is ``-v`` count minus ``-q`` count: -2 and below (``-qq``) shows
only the errors without the header, -1 (``-q``) only warnings and errors without the
header (both keep its ``interrupted`` line: the report of a stopped read is partial), 0
shows findings with up to 4 evidence lines (passing checks as one line), 1+ shows everything
(the levels of pip's ``-q``/``-qq``).  Causes are wrapped to the console width with a hanging
indent; fix commands are never wrapped, so they can be copied whole.

``rich`` (about 25 ms of imports) is loaded only when colour is on: without colour the
report is plain lines, written by :class:`PlainConsole` (the same text rich would print:
no wrapping, tabs expanded, the control characters rich drops dropped).
"""

from __future__ import annotations

import io
import os
import sys
import textwrap
from typing import TYPE_CHECKING, TextIO, Union

from tfgpu.findings import AREAS, Finding, Report, Severity, verdict_state
from tfgpu.report.controls import visible

if TYPE_CHECKING:
    from rich.console import Console

#: One output line: ``(text, style)`` segments (style in rich's syntax, ``""`` for none).
Line = list[tuple[str, str]]

_STYLE = {
    Severity.OK: ("green", "ok"),
    Severity.INFO: ("cyan", "info"),
    Severity.WARNING: ("yellow", "warn"),
    Severity.ERROR: ("bold red", "ERROR"),
}
_INDENT = " " * 8
_LABEL_INDENT = " " * 15


#: Characters rich removes from printed text (``rich.control.strip_control_codes``:
#: BEL, BS, VT, FF, CR); :class:`PlainConsole` removes the same.
_STRIP = {7: None, 8: None, 11: None, 12: None, 13: None}


class PlainConsole:
    """Writes report lines as plain text, as rich prints them without colour.

    Attributes:
        file: the stream written to.
        width: the width, in characters, causes are wrapped to (100 when not given).
    """

    def __init__(self, file: TextIO, width: int | None = None) -> None:
        self.file = file
        self.width = width if width is not None else 100

    def print(self, line: str | Line = "") -> None:
        """Write one line (a string or ``(text, style)`` segments) and a newline."""
        text = line if isinstance(line, str) else "".join(t for t, _style in line)
        self.file.write(text.translate(_STRIP).expandtabs(8) + "\n")


#: What :func:`render_text` writes to: a rich Console (colour) or a :class:`PlainConsole`.
ReportConsole = Union["Console", PlainConsole]


def _colour_wanted(stream: TextIO) -> bool:
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    return is_tty and not os.environ.get("NO_COLOR")


def make_report_console(stream: TextIO | None = None, *,
                        width: int | None = None) -> ReportConsole:
    """The console :func:`render_text` writes to: rich's when colour is on (a terminal and
    no ``NO_COLOR``), else a :class:`PlainConsole`, which does not import rich.

    Args:
        stream: where to write (stdout by default).
        width: the width in characters (default: the terminal's, or 100 when not one).
    """
    stream = stream if stream is not None else sys.stdout
    if _colour_wanted(stream):
        return make_console(stream, width=width)
    return PlainConsole(stream, width)


def make_console(stream: TextIO | None = None, *, width: int | None = None) -> Console:
    """Return a rich Console for ``stream`` (stdout by default) honouring NO_COLOR.

    Not a terminal, or ``NO_COLOR`` set to anything non-empty: no colour codes at all.
    """
    from rich.console import Console

    stream = stream if stream is not None else sys.stdout
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    no_color = not _colour_wanted(stream)
    console = Console(
        file=stream,
        no_color=no_color,
        color_system=None if no_color else "auto",
        highlight=False,
        soft_wrap=True,
        width=width if width is not None else (None if is_tty else 100),
        emoji=False,
        markup=False,
    )
    # rich answers a closed pipe (`tfgpu doctor | head -1`) with SystemExit(1); raise
    # BrokenPipeError instead, which the CLI turns into a quiet exit 0.
    console.on_broken_pipe = _broken_pipe  # type: ignore[method-assign]
    return console


def _broken_pipe() -> None:
    """Point stdout at the null device (so the exit-time flush cannot fail) and raise."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    raise BrokenPipeError("stdout was closed by the reader")


def _wrap(prefix: str, text: str, width: int, style: str = "") -> list[Line]:
    lines = textwrap.wrap(text, width=max(40, width), initial_indent=prefix,
                          subsequent_indent=_LABEL_INDENT, break_on_hyphens=False,
                          break_long_words=False) or [prefix]
    return [[(line, style)] for line in lines]


def evidence_line(source: str, line: int | None, text: str) -> str:
    """One evidence item as the reports print it: ``"line 12: <text>"`` for a log line, else
    ``"<source>: <text>"``, but a probe's text that names its source already
    (``"nvidia-smi: missing: not found"``) is not prefixed twice.  ``text`` is used as given
    (the text report passes an item's first line, the shareable pages its whole text)."""
    where = f"line {line}" if line is not None else source
    return text if line is None and text.startswith(f"{where}: ") else f"{where}: {text}"


def _finding_lines(f: Finding, verbosity: int, width: int) -> list[Line]:
    style, label = _STYLE[f.severity]
    head: Line = [(f"[{label:>5}] ", style),
                  (f.title, "bold" if f.severity.rank >= 2 else ""),
                  (f"  ({f.id})", "dim")]
    if f.harmless:
        head.append(("  harmless", "dim green"))
    lines = [head]
    if f.severity is Severity.OK and verbosity < 1:
        return lines
    for ev in f.evidence[: (None if verbosity > 0 else 4)]:
        where = f"line {ev.line}" if ev.line is not None else ev.source
        first, *rest = ev.text.splitlines() or [""]
        lines.append([(f"{_INDENT}{evidence_line(ev.source, ev.line, first)}", "dim")])
        pad = " " * (len(_INDENT) + len(where) + 2)
        lines.extend([(f"{pad}{more}", "dim")] for more in rest)
    if len(f.evidence) > 4 and verbosity <= 0:
        lines.append([(f"{_INDENT}(+{len(f.evidence) - 4} more evidence lines: -v)", "dim")])
    if f.cause:
        lines.extend(_wrap(f"{_INDENT}cause: ", f.cause, width))
    for i, step in enumerate(f.fix):
        prefix = f"{_INDENT}fix:   " if i == 0 else _LABEL_INDENT
        lines.append([(prefix, ""), (step, "bold")])
    if f.doc and verbosity >= 0:
        lines.append([(f"{_INDENT}see:   {f.doc}", "dim")])
    return lines


def safe_text(text: str) -> str:
    """``text`` with every control character but TAB (newlines included) written as
    ``\\xNN`` and every bidi override or isolate as ``\\uNNNN``
    (:func:`tfgpu.report.controls.visible`): one printed line stays one line, no escape
    sequence reaches the terminal, and what is shown is what is copied."""
    return visible(text)


def print_line(console: ReportConsole, line: Line | str = "", style: str = "") -> None:
    """Print one line to ``console``: ``(text, style)`` segments, or a string in ``style``.

    Control characters are made visible (:func:`safe_text`).
    """
    segments = [(line, style)] if isinstance(line, str) else line
    segments = [(safe_text(text), st) for text, st in segments]
    if isinstance(console, PlainConsole):
        console.print(segments)
        return
    from rich.text import Text

    console.print(Text.assemble(*segments) if segments != [("", "")] else "")


def render_text(report: Report, console: ReportConsole, verbosity: int = 0) -> None:
    """Print ``report`` to ``console``: verdict line, header, then findings by area.

    Args:
        report: what to print.
        console: from :func:`make_report_console` (or a rich Console).
        verbosity: ``-v`` count minus ``-q`` count (see the module docstring).
    """
    v = report.verdict
    # one verdict, rendered everywhere (tfgpu.findings.verdict_state)
    state = verdict_state(v.gpu_usable, v.problems or int(report.has_errors),
                          v.program_failed)
    style = {"error": "bold red", "failed": "bold red", "ok": "bold green"}.get(
        state, "bold yellow")
    print_line(console, v.headline, style)
    for key, value in report.meta.items():
        # -q/-qq drop the header, but never the line saying the input was cut short: the
        # findings of an interrupted run cover only part of the log
        if verbosity >= 0 or key == "interrupted":
            print_line(console, f"  {key}: {value}", "dim")
    # -q: warnings and errors; -qq: errors only (pip's -q drops notices, -qq warnings)
    floor = 0 if verbosity >= 0 else Severity.WARNING.rank if verbosity == -1 \
        else Severity.ERROR.rank
    shown = [f for f in report.findings if f.severity.rank >= floor]
    width = console.width
    # an area holding only the second halves of hedged pairs ("Or: ...") prints after the
    # areas of the readings they are the alternatives to
    areas = sorted(AREAS, key=lambda a: all(
        f.title.startswith("Or: ") for f in shown if f.area == a))
    for area in areas:
        group = [f for f in shown if f.area == area]
        if not group:
            continue
        print_line(console)
        print_line(console, area.upper(), "bold underline")
        for f in group:
            for line in _finding_lines(f, verbosity, width):
                print_line(console, line)


def render_text_to_string(report: Report, verbosity: int = 0, width: int = 100) -> str:
    """Render without colour to a string (for golden tests and ``--facts`` replays)."""
    buf = io.StringIO()
    render_text(report, PlainConsole(buf, width), verbosity)
    return buf.getvalue()


__all__ = ["PlainConsole", "evidence_line", "make_console", "make_report_console", "print_line",
           "render_text", "render_text_to_string"]
