"""``tfgpu explain [FILE|-]``: a TensorFlow/CUDA log in, causes and fixes out.

Gathers (reads the file or standard input, loads ``--facts``), calls the explain engine,
renders (text, ``--json``, or a shareable ``--format markdown|html``, redacted unless
``--no-redact``), and returns the exit code: 0 when no error-level cause was found (including empty
input), 1 when one was or when the log shows the program died, whatever the findings
(``Verdict.program_failed``), 2 for an unreadable file or facts file, or for tfgpu's own
output given as the log (a doctor or explain report, a facts snapshot:
:mod:`tfgpu.logs.own_report`), which it names instead of reading it as a log.  Ctrl-C (SIGINT) or
SIGTERM while it reads stops the reading: the report covers the lines read so far (what a
pipe still delivers within half a second included), and the exit code is the signal's
(130, 143); a second one aborts at once.

``tfgpu explain --finding ID`` explains a finding id instead of a log (like ``rustc
--explain``): what it means, what tfgpu tells the user to do, its variants, link and
sources, from the finding catalogue (:mod:`tfgpu.diagnosis.finding_doc`); ``--json`` too.
An id no row makes is a usage error (exit 2) that names the closest ids.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import BinaryIO, cast

from tfgpu._words import plural
from tfgpu.cli import status_codes
from tfgpu.cli.common import add_format_arguments, knowledge_version, output_format
from tfgpu.cli.errors import UsageError
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import ExplainResult, explain_stream
from tfgpu.facts import HostFacts
from tfgpu.facts.log import BYTES_ENCODING
from tfgpu.logs.input_kind import sniff
from tfgpu.logs.input_stream import MAX_INPUT_BYTES, CappedStream, stop_on_signals
from tfgpu.logs.notebook import MAX_NOTEBOOK_BYTES, notebook_log

#: Invocations shown under "examples:" in ``tfgpu explain --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu explain train.log',
    'python train.py 2>&1 | tfgpu explain -',
    'tfgpu explain train.log --facts host.json --format markdown',
    'tfgpu explain --finding no-nvidia-gpu',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``FILE``, ``--facts`` and ``--json``."""
    parser.add_argument(
        "file",
        nargs="?",
        default="-",
        metavar="FILE",
        help="log file to explain; '-' or nothing reads standard input",
    )
    parser.add_argument(
        "--facts",
        metavar="HOST_JSON",
        type=Path,
        help="host facts from `tfgpu facts` to sharpen causes and fixes (- for stdin, "
        "when the log is a file)",
    )
    parser.add_argument(
        "--finding",
        metavar="ID",
        help="explain a finding id from a report instead of a log (what it means, what to "
        "do, its variants and sources); an id of a family (library-not-loaded-libcudnn-so-8) "
        "or an old alias works too",
    )
    add_format_arguments(parser)


def _load_facts(path: Path | None, *, log: str) -> HostFacts | None:
    """The ``--facts`` snapshot (``None`` without one); :class:`UsageError` when it cannot
    be read, is no snapshot, or is standard input while the log ``log`` is too."""
    if path is None:
        return None
    if str(path) == "-" and log == "-":
        raise UsageError("standard input cannot be both the log and the facts: give one "
                         "of them as a file (tfgpu explain train.log --facts - or "
                         "tfgpu explain - --facts host.json)")
    from tfgpu.facts import FactsFormatError, read_facts_file

    try:
        return read_facts_file(str(path))
    except OSError as exc:
        raise UsageError(f"cannot read facts file {path}: {exc}") from exc
    except FactsFormatError as exc:
        # read_facts_file takes a snapshot or a `tfgpu doctor --json` report (its facts key)
        raise UsageError(f"{path} is not a tfgpu facts snapshot: {exc}; write one with: "
                         "tfgpu facts > host.json (a `tfgpu doctor --json` report works "
                         "too)") from exc


def _explain_capped(stream: BinaryIO, facts: HostFacts | None, name: str, *,
                    sniff_input: bool = True,
                    notebook: bool = True) -> tuple[ExplainResult, int | None, dict[str, str]]:
    """Explain ``stream`` (bounded in size, stopped by Ctrl-C/SIGTERM with what was read
    explained); with ``sniff_input``, a gzip-compressed input is decompressed while read and
    a notebook's JSON read as its cells' outputs (:func:`tfgpu.logs.input_kind.sniff`).
    Returns the result, the signal that stopped the reading (``None``) and the header lines
    that say how the input was read."""
    capped = CappedStream(stream, MAX_INPUT_BYTES)
    notes: dict[str, str] = {}
    inner: CappedStream | None = None
    with stop_on_signals(capped):
        source: BinaryIO | CappedStream = capped
        # sniff needs only read() of the capped stream (gzip's reader takes it as a file)
        kind = sniff(cast("BinaryIO", capped), notebook=notebook) if sniff_input else None
        if kind is not None and kind.own_report is not None:
            raise UsageError(not_a_log(name, kind.own_report))
        if kind is not None and kind.compressed:
            # the decompressed size is bounded as a plain input is
            inner = CappedStream(kind.stream, MAX_INPUT_BYTES)
            source = inner
        elif kind is not None:
            source = kind.stream
        result = explain_stream(source, facts)
    if kind is not None and kind.compressed:
        notes["compressed"] = (f"{kind.compressed}, decompressed while read"
                               + (f"; the compressed data ends early ({kind.broken}): the "
                                  "findings cover what was decompressed" if kind.broken else ""))
    if kind is not None and kind.notebook_cells is not None:
        notes["notebook"] = (f"read as the outputs of its {plural(kind.notebook_cells, 'cell')} "
                             "(the line numbers count those lines, not the file's)")
    if capped.stopped_by is not None:
        print(f"tfgpu explain: interrupted by {_signal_words(capped.stopped_by)} after "
              f"{plural(result.stats.lines, 'line')} of {name}; explaining what was read",
              file=sys.stderr)
    elif capped.capped or (inner is not None and inner.capped):
        print(f"tfgpu explain: stopped reading {name} after {MAX_INPUT_BYTES / 2**30:g} GiB (it "
              "does not end); the findings cover what was read", file=sys.stderr)
    return result, capped.stopped_by, notes


def not_a_log(name: str, what: str) -> str:
    """The message for tfgpu's own output (``what``, :func:`tfgpu.logs.own_report.own_report`)
    given as the log ``name``: what it is, and what to do instead."""
    file = "host.json" if name == "standard input" else name
    todo = ["to examine this host again, run tfgpu doctor"]
    if "explain" in what:
        todo = ["it is the explanation of a log already; give tfgpu explain that log itself"]
    elif "facts" in what:
        todo = [f"to diagnose the host it describes, tfgpu doctor --facts {file}"]
    else:
        todo.append("for what a finding id in it means, tfgpu explain --finding ID")
    if "facts" in what or "doctor --json" in what:
        # read_facts_file takes a snapshot or a doctor --json report (its facts key)
        todo.append(f"to sharpen a log's explanation with it, tfgpu explain train.log "
                    f"--facts {file}")
    return (f"{name} is {what}, not a log: tfgpu explain reads what a TensorFlow program "
            "printed (python train.py 2>&1 | tee train.log; tfgpu explain train.log); "
            + "; ".join(todo))


def _signal_words(signum: int) -> str:
    """"Ctrl-C (SIGINT)" for SIGINT, else the signal's name ("SIGTERM")."""
    import signal

    if signum == signal.SIGINT:
        return "Ctrl-C (SIGINT)"
    try:
        return signal.Signals(signum).name
    except ValueError:
        return f"signal {signum}"


def _read(name: str, facts: HostFacts | None) -> tuple[ExplainResult, int | None, dict[str, str]]:
    """Explain the input ``name`` (``-``: standard input); return the result, the signal
    that stopped the reading early (``None`` when it read to the end) and the header lines
    that say how it was read: a saved notebook read as its cells' outputs
    (:func:`tfgpu.logs.notebook.notebook_log`; a ``.ipynb`` path, or a notebook's JSON on
    standard input), a gzip-compressed input decompressed (``{}`` for a plain log)."""
    if name == "-":
        if sys.stdin.isatty():
            print(
                "tfgpu explain: reading the log from standard input (end with Ctrl-D, "
                "or Ctrl-Z Enter on Windows; Ctrl-C explains what was typed so far)",
                file=sys.stderr,
            )
        return _explain_capped(sys.stdin.buffer, facts, "standard input")
    path = Path(name)
    if path.is_dir():
        raise UsageError(f"{name} is a directory, not a log file")
    try:
        if path.suffix.lower() == ".ipynb" and path.stat().st_size <= MAX_NOTEBOOK_BYTES:
            # a saved notebook: the outputs under its cells, not its JSON (logs/notebook.py)
            nb = notebook_log(path.read_bytes())
            if nb is not None:
                text, cells = nb
                result, stopped_by, notes = _explain_capped(io.BytesIO(text), facts, name,
                                                            sniff_input=False)
                notes["notebook"] = (f"read as the outputs of its {plural(cells, 'cell')} "
                                     "(the line numbers count those lines, not the file's)")
                return result, stopped_by, notes
        with path.open("rb") as fh:
            before = _file_size(fh)
            result, stopped_by, notes = _explain_capped(fh, facts, name)
            after = _file_size(fh)
            if before is not None and after is not None and after > before:
                # a program is still writing the log (tee, a running job's output file)
                notes["growing"] = (
                    f"the file grew from {before:,} to {after:,} bytes while it was read (a "
                    "program is still writing it): this report covers the lines up to where "
                    "the reading ended; run tfgpu explain again when the program has stopped")
            return result, stopped_by, notes
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from exc


def _file_size(fh: BinaryIO) -> int | None:
    """The size in bytes of the regular file open as ``fh``, or ``None`` for a pipe, a
    device or a file whose status cannot be read."""
    import os
    import stat

    try:
        st = os.fstat(fh.fileno())
    except (OSError, ValueError):
        return None
    return st.st_size if stat.S_ISREG(st.st_mode) else None


def run(args: argparse.Namespace) -> int:
    """Explain the input; return 0, 1 (error-level cause found, or the log shows the
    program died) or 2 (unreadable input)."""
    fmt = output_format(args)
    if args.finding is not None:
        return _explain_finding(args, fmt)
    try:
        facts = _load_facts(args.facts, log=args.file)
        result, stopped_by, notes = _read(args.file, facts)
    except UsageError as exc:
        if not args.json:
            raise
        import json

        print(
            json.dumps(
                {"command": "explain", "error": str(exc), "input": {"name": args.file}},
                indent=2,
                ensure_ascii=False,
            )
        )
        print(f"tfgpu explain: {exc}", file=sys.stderr)
        return status_codes.USAGE_ERROR
    findings = result.findings
    if facts is not None:
        # the install lines, as the doctor's for the same snapshot, are held against
        # `tfgpu plan` for that host (the explain engine never imports the planner)
        from tfgpu.knowledge import load_knowledge
        from tfgpu.plan.agreement import agree_with_plan

        findings = agree_with_plan(findings, facts, load_knowledge())
    report = explain_report(findings, result.stats,
                            "standard input" if args.file == "-" else args.file,
                            died=result.died, failure=result.failure,
                            foreign_oom=result.foreign_oom,
                            interrupted=_signal_words(stopped_by) if stopped_by else "")
    report.meta.update(notes)
    from tfgpu.cli.common import exit_code_if_output_cut

    # stopped by a signal: the report of what was read, then the signal's exit code (130
    # for Ctrl-C, 143 for SIGTERM, as the shell reports it)
    code = (status_codes.TERMINATED_BASE + stopped_by if stopped_by
            else status_codes.ERRORS_FOUND if report.failed else status_codes.SUCCESS)
    exit_code_if_output_cut(code)
    if args.json:
        from tfgpu.report.json_report import render_json

        s = result.stats
        print(
            render_json(
                report,
                extra={
                    "input": {
                        "name": report.meta["input"],
                        "bytes": s.bytes_read,
                        "lines": s.lines,
                        "candidate_lines": s.candidates,
                        "binary_lines_skipped": s.skipped_binary,
                        # as before for one encoding ("utf-16", "bytes (...)"); the parts
                        # when they differ ("mixed: ...")
                        "encoding": (s.encoding_summary() if s.encoding_switches
                                     else s.encoding or BYTES_ENCODING),
                    }
                },
                knowledge_version=knowledge_version(),
            )
        )
    elif fmt in ("markdown", "html"):
        from tfgpu.cli.common import render_shareable_report
        from tfgpu.report.json_report import report_to_dict

        doc = report_to_dict(report, knowledge_version=knowledge_version())
        print(render_shareable_report(fmt, doc, args,
                                      facts=facts.to_dict() if facts is not None else None),
              end="")
    else:
        from tfgpu.report.text import make_report_console, render_text

        render_text(report, make_report_console(), verbosity=args.verbose - args.quiet)
    return code


def _explain_finding(args: argparse.Namespace, fmt: str) -> int:
    """``--finding ID``: print what the catalogue says of ``ID``; return 0.

    Raises:
        UsageError: a log or ``--facts`` given too, a format other than text or json, or
            an id no row makes (the message names the closest ids).
    """
    from tfgpu.diagnosis.finding_doc import UnknownFindingError, document, lookup

    if args.file != "-" or args.facts is not None:
        raise UsageError("--finding explains a finding id, not a log: give no FILE or "
                         "--facts with it")
    if fmt not in ("text", "json"):
        raise UsageError(f"--finding prints text or --json, not {fmt}")
    try:
        doc = document(lookup(args.finding))
    except UnknownFindingError as exc:
        message = f"{exc} (tfgpu explain LOG prints the ids of a log's findings)"
        if not args.json:
            raise UsageError(message) from None
        import json

        # --json promises a document on stdout: the error as one, as a log that cannot be
        # read gives
        print(json.dumps({"command": "explain", "error": message,
                          "finding": {"id": args.finding},
                          "suggestions": list(exc.suggestions)}, indent=2, ensure_ascii=False))
        print(f"tfgpu explain: {message}", file=sys.stderr)
        return status_codes.USAGE_ERROR
    if args.json:
        import json

        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return status_codes.SUCCESS
    finding = doc["finding"]
    assert isinstance(finding, dict)
    sys.stdout.write(render_finding_doc(finding, width=_width()))
    return status_codes.SUCCESS


def _width() -> int:
    """Columns to wrap the text at: the terminal's (at most 100), else 100."""
    import os

    try:
        return max(40, min(100, os.get_terminal_size(sys.stdout.fileno()).columns))
    except (AttributeError, ValueError, OSError):
        return 100


def _fields_shown(template: str) -> str:
    """A catalogue text with its ``{field}`` placeholders written ``<field>``, as a reader
    takes them: values a report fills in, not text to type."""
    import re

    return re.sub(r"\{(\w+)\}", r"<\1>", template)


def render_finding_doc(doc: dict[str, object], *, width: int = 100) -> str:
    """The text of ``tfgpu explain --finding`` for ``doc``
    (:func:`tfgpu.diagnosis.finding_doc.entry`): a header line, the fields, then the
    summary, remedy, constant fix lines, variants, link and sources as paragraphs wrapped
    at ``width`` columns."""
    import textwrap

    def para(label: str, text: object) -> list[str]:
        body = textwrap.fill(str(text), width=width, initial_indent="  ",
                             subsequent_indent="  ", break_on_hyphens=False)
        return ["", f"{label}:", body]

    def listed(values: object) -> str:
        return ", ".join(str(v) for v in values) if isinstance(values, list) else ""

    row, asked = str(doc["row"]), str(doc["id"])
    head = asked if asked == row else f"{asked}  (catalogue row {row}, matched as {doc['matched']})"
    lines = [head, ""]
    others = listed(doc["severities"])
    lines.append(f"severity:  {doc['severity']}" + (f" (also {others})" if others else "")
                 + ("; harmless" if doc["harmless"] else ""))
    others = listed(doc["categories"])
    lines.append(f"category:  {doc['category']}" + (f" (also {others})" if others else ""))
    lines.append(f"area:      {doc['area']}")
    title = _fields_shown(str(doc["title"]))
    lines.append(f"title:     {title}" + ("   (a report fills in each <field>)"
                                           if title != doc["title"] else ""))
    if doc["aliases"]:
        lines.append(f"aliases:   {listed(doc['aliases'])}")
    lines += para("What it means", _fields_shown(str(doc["summary"] or "(no summary in the "
                                                    "catalogue)")))
    lines += para("What tfgpu tells you to do",
                  _fields_shown(str(doc["remedy"] or "(no remedy in the catalogue)")))
    fix = doc["fix"]
    if isinstance(fix, list) and fix:
        lines += ["", "Fix lines (the row's; a variant below may give its own):",
                  *(f"  {x}" for x in fix)]
    variants = doc["variants"]
    if isinstance(variants, list) and variants:
        lines += ["", "Variants (situations of the same id, each with its own title):"]
        for v in variants:
            if not isinstance(v, dict):
                continue
            lines.append(textwrap.fill(f"{v['name']}: {_fields_shown(str(v['title']))}",
                                       width=width,
                                       initial_indent="  ", subsequent_indent="      "))
            if v.get("severity") != doc["severity"] or v.get("category"):
                lines.append(f"    severity: {v.get('severity')}"
                             + (f"; category: {v['category']}" if v.get("category") else ""))
            for key in ("summary", "remedy"):
                if v.get(key):
                    lines.append(textwrap.fill(f"{key}: {v[key]}", width=width,
                                               initial_indent="    ",
                                               subsequent_indent="      ",
                                               break_on_hyphens=False))
            if isinstance(v.get("fix"), list):
                lines += ["    fix lines:", *(f"      {x}" for x in v["fix"])]
    if doc["doc"]:
        lines += ["", f"Documentation: {doc['doc']}"]
    elif doc["doc_from_knowledge"]:
        lines += ["", "Documentation: the source of the knowledge row the finding used "
                      "(its link is in the report)"]
    sources = doc["sources"]
    if isinstance(sources, list) and sources:
        lines += ["", "Sources (the catalogue row's notes):"]
        lines += [textwrap.fill(str(s), width=width, initial_indent="  ",
                                subsequent_indent="    ") for s in sources]
    return "\n".join(lines) + "\n"
