"""``tfgpu verify``: prove that TensorFlow computes correctly on each GPU.

Gathers (:func:`tfgpu.verify.run_verify`), renders (text, ``--json``, or a shareable
``--format markdown|html``), returns the exit code:
0 when every GPU passed (or, with ``--cpu-ok``, a CPU-only host passed on ``CPU:0``),
1 otherwise, 2 for bad arguments.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

from tfgpu.cli import status_codes
from tfgpu.cli.common import PYTHON_FORMS, interpreter

if TYPE_CHECKING:

    pass


#: Invocations shown under "examples:" in ``tfgpu verify --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu verify',
    'tfgpu verify --python .venv-tf/bin/python --json',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``verify``'s options to ``parser``."""
    parser.add_argument(
        "--alloc-mib",
        type=int,
        default=64,
        metavar="MIB",
        help="buffer allocated and freed on each device, MiB (default 64)",
    )
    parser.add_argument(
        "--size",
        type=int,
        default=1024,
        metavar="K",
        help="the check multiplies two [K, K] float32 matrices (default 1024)",
    )
    parser.add_argument(
        "--cpu-ok",
        action="store_true",
        help="exit 0 on a host without a GPU when CPU:0 passes the same checks",
    )
    parser.add_argument(
        "--include-cpu", action="store_true", help="also check CPU:0 when GPUs are visible"
    )
    parser.add_argument(
        "--python",
        default=sys.executable,
        metavar="PYTHON",
        type=interpreter,
        help=f"the interpreter whose TensorFlow is verified: {PYTHON_FORMS} (default: the one "
        "running tfgpu)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=180.0,
        metavar="S",
        help="seconds before the check is stopped (default 180)",
    )
    from tfgpu.cli.common import add_format_arguments

    add_format_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Run the verification and print it; return the exit code."""
    from rich.markup import escape

    from tfgpu.cli.common import check_timeout, knowledge_version, output_format
    from tfgpu.cli.errors import UsageError
    from tfgpu.diagnosis.verdict import verify_report
    from tfgpu.report.json_report import render_json
    from tfgpu.report.tables import render_verify_table
    from tfgpu.report.text import make_console, render_text
    from tfgpu.verify import (
        FAULT_ENV,
        FAULTS,
        alloc_too_large,
        gpu_memory_mib,
        host_facts_for_explain,
        physical_memory_mib,
        run_verify,
    )

    fmt = output_format(args)
    if args.alloc_mib < 1:
        raise UsageError(f"--alloc-mib must be >= 1, got {args.alloc_mib}")
    if not 16 <= args.size <= 16384:
        raise UsageError(f"--size must be in 16..16384, got {args.size}")
    check_timeout(args.timeout)
    fault = os.environ.get(FAULT_ENV)
    if fault and fault not in FAULTS:
        raise UsageError(
            f"{FAULT_ENV}={fault!r} is not a known fault (test only; known: {', '.join(FAULTS)})"
        )
    too_large = alloc_too_large(
        args.alloc_mib, args.include_cpu, physical_memory_mib(), gpu_memory_mib()
    )
    if too_large:
        raise UsageError(too_large)
    err = make_console(sys.stderr)
    if fmt == "text" and args.quiet < 1:
        err.print(
            f"Verifying TensorFlow in {escape(args.python)} (importing TensorFlow takes a while)..."
        )
    result = run_verify(
        args.python,
        alloc_mib=args.alloc_mib,
        timeout_s=args.timeout,
        cpu_ok=args.cpu_ok,
        size=args.size,
        include_cpu=args.include_cpu,
        facts=host_facts_for_explain(),
    )
    report = verify_report(result, size=args.size, alloc_mib=args.alloc_mib,
                           with_duration=not args.json)
    if args.json:
        print(render_json(report, extra={"verify": result.to_dict()},
                          knowledge_version=knowledge_version()))
    elif fmt in ("markdown", "html"):
        from tfgpu.cli.common import render_shareable_report
        from tfgpu.report.json_report import report_to_dict

        doc = report_to_dict(report, knowledge_version=knowledge_version())
        print(render_shareable_report(fmt, doc, args, verify=result.to_dict()), end="")
    else:
        out = make_console()
        render_text(report, out, args.verbose - args.quiet)
        if result.checks and args.quiet < 1:
            render_verify_table(out, result)
        if not result.ok and args.verbose > 0 and result.stderr_tail:
            out.print("\nchild stderr (tail):")
            for line in result.stderr_tail[-20:]:
                out.print(f"  {line}", markup=False)
    return status_codes.SUCCESS if result.ok else status_codes.ERRORS_FOUND
