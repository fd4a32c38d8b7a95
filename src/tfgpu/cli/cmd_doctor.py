"""``tfgpu doctor``: can TensorFlow use this host's GPU?  If not, why, and what to type.

Gathers the facts (or loads ``--facts host.json``), calls :func:`tfgpu.diagnosis.doctor.diagnose`,
renders text, ``--json`` or a shareable ``--format markdown|html`` (redacted unless
``--no-redact``), and returns the exit code: 0 when no finding is an error
(TensorFlow can use a GPU, or nothing is wrong for a CPU host), 1 when one is, 2 for usage
errors and unreadable ``--facts`` files (a bad ``--timeout`` or ``--python`` too), 3 when
the ``--python`` interpreter cannot be run (the host could not be examined).
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from tfgpu.cli import status_codes
from tfgpu.cli.common import (
    add_format_arguments,
    add_gather_arguments,
    gather_from_args,
    interpreter_failure,
    load_facts,
    output_format,
)
from tfgpu.cli.errors import UsageError

if TYPE_CHECKING:
    from tfgpu.facts import HostFacts


#: Invocations shown under "examples:" in ``tfgpu doctor --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu doctor',
    'tfgpu doctor --no-tf',
    'tfgpu doctor --format markdown > report.md',
    'tfgpu doctor --python ~/venvs/tf/bin/python',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the doctor's options (shared by ``tfgpu facts`` for the gathering ones)."""
    add_format_arguments(parser)
    parser.add_argument("--facts", metavar="FILE",
                        help="diagnose a snapshot written by `tfgpu facts` instead of this host")
    add_gather_arguments(parser)


#: The report module each ``--format`` renders with (imported while the probes run).
_RENDERERS = {"text": "tfgpu.report.text", "json": "tfgpu.report.json_report",
              "markdown": "tfgpu.report.share", "html": "tfgpu.report.share"}


def probe_lines(facts: HostFacts) -> list[str]:
    """One line per probe record (``-vv``): name, status, duration in seconds, command,
    and the first line of its message."""
    out = []
    for rec in facts.probes:
        took = f" in {rec.duration_s:.3f} s" if rec.duration_s is not None else ""
        cmd = f"  $ {' '.join(rec.command)}" if rec.command else ""
        msg = (rec.message or "").strip().splitlines()
        out.append(f"  {rec.name}: {rec.status.value}{took}{cmd}"
                   + (f"  ({msg[0][:160]})" if msg else ""))
    return out


def check_lines(facts: HostFacts) -> list[str]:
    """One line per host check (``-v``): what it found (finding ids) or "nothing found",
    what it looks for, and its name."""
    from tfgpu.diagnosis.doctor import check_outcomes

    return [f"  {'found ' + ', '.join(ids) if ids else 'nothing found'}: {what}  ({name})"
            for name, what, ids in check_outcomes(facts)]


def run(args: argparse.Namespace) -> int:
    """Run the doctor; return the exit code."""
    fmt = output_format(args)
    if args.facts:
        ignored = [opt for opt, on in (("--python", args.python is not None),
                                       ("--no-tf", args.no_tf),
                                       ("--timeout", args.timeout is not None)) if on]
        if ignored:
            print(f"tfgpu doctor: {', '.join(ignored)} ignored with --facts (the snapshot "
                  "is diagnosed as it is)", file=sys.stderr)
        try:
            facts = load_facts(args.facts)
        except UsageError as exc:
            if not args.json:
                raise
            import json  # like explain --json, an error document on stdout

            print(json.dumps({"command": "doctor", "error": str(exc),
                              "facts_file": args.facts}, indent=2, ensure_ascii=False))
            print(f"tfgpu doctor: error: {exc}", file=sys.stderr)
            return status_codes.USAGE_ERROR
        meta_extra = {"facts": args.facts}
    else:
        facts = gather_from_args(args, renderer=_RENDERERS[fmt])
        meta_extra = {}
        failure = interpreter_failure(facts) if args.python is not None else None
        if failure is not None:
            print(f"tfgpu doctor: {failure}", file=sys.stderr)
            return status_codes.HOST_UNEXAMINED
    # Imported once the facts are in: while the probes' commands run, the pre-warm thread
    # of gather_from_args imports the checks (~40 ms); importing them here first would
    # hold back every probe, and its child process, until they are loaded.
    from tfgpu.plan.agreement import diagnose_with_plan as diagnose

    report = diagnose(facts)
    report.meta.update(meta_extra)
    from tfgpu.cli.common import exit_code_if_output_cut

    exit_code_if_output_cut(status_codes.ERRORS_FOUND if report.has_errors
                            else status_codes.SUCCESS)  # kept if the pipe closes
    if args.json:
        from tfgpu.report.json_report import render_json

        print(render_json(report, extra={"facts": facts.to_dict()}))
    elif fmt in ("markdown", "html"):
        from tfgpu.cli.common import shareable_redactor
        from tfgpu.privacy import snapshot_host
        from tfgpu.report.json_report import report_to_dict
        from tfgpu.report.share import render_shareable

        redactor = shareable_redactor(args)
        # a snapshot's file is named after its host (tfgpu facts -o $(hostname).json): that
        # host's name is hidden as this one's is, in the facts path and everywhere else
        node = snapshot_host(args.facts) if args.facts else None
        if node is not None:
            redactor = redactor.with_hosts([node])
        print(render_shareable(fmt, report_to_dict(report), redactor=redactor,
                               facts=facts.to_dict()), end="")
    else:
        from tfgpu.report.text import make_report_console, print_line, render_text

        verbosity = args.verbose - args.quiet
        console = make_report_console()
        render_text(report, console, verbosity=verbosity)
        if verbosity >= 1:
            print_line(console)
            print_line(console, "CHECKS (each alone; \"nothing found\" is no proof when a "
                                "fact was unknown)", "bold underline")
            for line in check_lines(facts):
                print_line(console, line, "" if line.startswith("  found") else "dim")
        if verbosity >= 2:
            print_line(console)
            print_line(console, "PROBES", "bold underline")
            for line in probe_lines(facts):
                print_line(console, line, "dim")
    return status_codes.ERRORS_FOUND if report.has_errors else status_codes.SUCCESS
