"""``tfgpu explain [FILE|-]``: a TensorFlow/CUDA log in, causes and fixes out.

Gathers (reads the file or standard input, loads ``--facts``), calls the explain engine,
renders (text, ``--json``, or a shareable ``--format markdown|html``, redacted unless
``--no-redact``), and returns the exit code: 0 when no error-level cause was found (including empty
input), 1 when one was or when the log shows the program died, whatever the findings
(``Verdict.program_failed``), 2 for an unreadable file or facts file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import BinaryIO

from tfgpu.cli import status_codes
from tfgpu.cli.common import add_format_arguments, knowledge_version, output_format
from tfgpu.cli.errors import UsageError
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import ExplainResult, explain_stream
from tfgpu.facts import HostFacts


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
        # as `doctor --facts` says (a `doctor --json` report is no snapshot)
        raise UsageError(f"{path} is not a tfgpu facts snapshot: {exc}; write one with: "
                         "tfgpu facts > host.json (a `tfgpu doctor --json` report is not "
                         "one)") from exc


#: Bytes of input explain reads at most (16 GiB): a log is megabytes, a 1 GB log takes a
#: few seconds; past this the input is endless (``/dev/zero``, a stream that never closes)
#: and explain stops, says so, and reports what it read.
MAX_INPUT_BYTES = 16 << 30


class _Capped:
    """A binary stream that ends after ``limit`` bytes (``capped`` says it was cut)."""

    def __init__(self, stream: BinaryIO, limit: int) -> None:
        self._stream = stream
        self._left = limit
        self.capped = False

    def read(self, size: int = -1) -> bytes:
        """Read up to ``size`` bytes, never past the limit (``b""`` once it is reached)."""
        if self._left <= 0:
            self.capped = self.capped or bool(self._stream.read(1))
            return b""
        data = self._stream.read(self._left if size < 0 else min(size, self._left))
        self._left -= len(data)
        return data


def _explain_capped(stream: BinaryIO, facts: HostFacts | None, name: str) -> ExplainResult:
    capped = _Capped(stream, MAX_INPUT_BYTES)
    result = explain_stream(capped, facts)
    if capped.capped:
        print(f"tfgpu explain: stopped reading {name} after {MAX_INPUT_BYTES / 2**30:g} GiB (it "
              "does not end); the findings cover what was read", file=sys.stderr)
    return result


def _read(name: str, facts: HostFacts | None) -> ExplainResult:
    if name == "-":
        if sys.stdin.isatty():
            print(
                "tfgpu explain: reading the log from standard input (end with Ctrl-D, "
                "or Ctrl-Z Enter on Windows)",
                file=sys.stderr,
            )
        return _explain_capped(sys.stdin.buffer, facts, "standard input")
    path = Path(name)
    if path.is_dir():
        raise UsageError(f"{name} is a directory, not a log file")
    try:
        with path.open("rb") as fh:
            return _explain_capped(fh, facts, name)
    except OSError as exc:
        raise UsageError(f"cannot read {name}: {exc.strerror or exc}") from exc


def run(args: argparse.Namespace) -> int:
    """Explain the input; return 0, 1 (error-level cause found, or the log shows the
    program died) or 2 (unreadable input)."""
    fmt = output_format(args)
    try:
        facts = _load_facts(args.facts, log=args.file)
        result = _read(args.file, facts)
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
    report = explain_report(result.findings, result.stats,
                            "standard input" if args.file == "-" else args.file,
                            died=result.died, failure=result.failure)
    from tfgpu.cli.common import exit_code_if_output_cut

    exit_code_if_output_cut(status_codes.ERRORS_FOUND if report.failed
                            else status_codes.SUCCESS)
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
                        "encoding": s.encoding or "bytes (UTF-8, GBK or latin-1 per line)",
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
    return status_codes.ERRORS_FOUND if report.failed else status_codes.SUCCESS
