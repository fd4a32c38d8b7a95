"""Terminal renderer: verdict first, then findings grouped by area, colour on a terminal.

Colour follows ``NO_COLOR`` (https://no-color.org) and is off when the stream is not a
terminal.  ``verbosity`` is ``-v`` count minus ``-q`` count: below 0 shows only warnings
and errors without the header, 0 shows findings with up to 4 evidence lines (passing
checks as one line), 1+ shows everything.  Causes are wrapped to the console width with a
hanging indent; fix commands are never wrapped, so they can be copied whole.
"""

from __future__ import annotations

import io
import os
import sys
import textwrap
from typing import TextIO

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from tfgpu.findings import AREAS, Finding, Report, Severity

_STYLE = {
    Severity.OK: ("green", "ok"),
    Severity.INFO: ("cyan", "info"),
    Severity.WARNING: ("yellow", "warn"),
    Severity.ERROR: ("bold red", "ERROR"),
}
_INDENT = " " * 8
_LABEL_INDENT = " " * 15


def make_console(stream: TextIO | None = None, *, width: int | None = None) -> Console:
    """Return a rich Console for ``stream`` (stdout by default) honouring NO_COLOR.

    Not a terminal, or ``NO_COLOR`` set to anything non-empty: no colour codes at all.
    """
    stream = stream if stream is not None else sys.stdout
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    no_color = bool(os.environ.get("NO_COLOR")) or not is_tty
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


def _wrap(prefix: str, text: str, width: int, style: str = "") -> list[Text]:
    lines = textwrap.wrap(text, width=max(40, width), initial_indent=prefix,
                          subsequent_indent=_LABEL_INDENT, break_on_hyphens=False,
                          break_long_words=False) or [prefix]
    return [Text(line, style=style) for line in lines]


def _finding_lines(f: Finding, verbosity: int, width: int) -> list[Text]:
    style, label = _STYLE[f.severity]
    head = Text.assemble((f"[{label:>5}] ", style),
                         (f.title, "bold" if f.severity.rank >= 2 else ""))
    head.append(f"  ({f.id})", style="dim")
    if f.harmless:
        head.append("  harmless", style="dim green")
    lines = [head]
    if f.severity is Severity.OK and verbosity < 1:
        return lines
    for ev in f.evidence[: (None if verbosity > 1 else 12 if verbosity > 0 else 4)]:
        where = f"line {ev.line}" if ev.line is not None else ev.source
        first, *rest = ev.text.splitlines() or [""]
        lines.append(Text(f"{_INDENT}{where}: {first}", style="dim"))
        pad = " " * (len(_INDENT) + len(where) + 2)
        lines.extend(Text(f"{pad}{more}", style="dim") for more in rest)
    if len(f.evidence) > 4 and verbosity <= 0:
        lines.append(Text(f"{_INDENT}(+{len(f.evidence) - 4} more evidence lines: -v)",
                          style="dim"))
    if f.cause:
        lines.extend(_wrap(f"{_INDENT}cause: ", f.cause, width))
    for i, step in enumerate(f.fix):
        prefix = f"{_INDENT}fix:   " if i == 0 else _LABEL_INDENT
        lines.append(Text.assemble(prefix, (step, "bold")))
    if f.doc and verbosity >= 0:
        lines.append(Text(f"{_INDENT}see:   {f.doc}", style="dim"))
    return lines


def render_text(report: Report, console: Console, verbosity: int = 0) -> None:
    """Print ``report`` to ``console``: verdict line, header, then findings by area."""
    v = report.verdict
    if report.has_errors:
        style = "bold red"
    elif v.gpu_usable:
        style = "bold green"
    else:
        style = "bold yellow"
    console.print(Text(v.headline, style=style))
    if verbosity >= 0:
        for key, value in report.meta.items():
            console.print(Text(f"  {key}: {value}", style="dim"))
    shown = [f for f in report.findings if verbosity >= 0 or f.severity.rank >= 2]
    width = console.width
    for area in AREAS:
        group = [f for f in shown if f.area == area]
        if not group:
            continue
        console.print()
        console.print(Text(area.upper(), style="bold underline"))
        for f in group:
            for line in _finding_lines(f, verbosity, width):
                console.print(line)


def render_text_to_string(report: Report, verbosity: int = 0, width: int = 100) -> str:
    """Render without colour to a string (for golden tests and ``--facts`` replays)."""
    buf = io.StringIO()
    render_text(report, make_console(buf, width=width), verbosity)
    return buf.getvalue()


__all__ = ["escape", "make_console", "render_text", "render_text_to_string"]
