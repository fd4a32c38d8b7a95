"""``tfgpu matrix``: print the compatibility knowledge, filtered.

Examples::

    tfgpu matrix                       # every tested configuration
    tfgpu matrix --tf 2.12             # one release: configs, and-cuda pins, wheel CCs
    tfgpu matrix --cuda 11.8           # releases built with CUDA 11.8, and driver minimums
    tfgpu matrix --gpu "RTX 3060"      # how each GPU release runs on that GPU
    tfgpu matrix --os windows --json   # one JSON document on stdout

The rows come from ``tfgpu/knowledge/data/*.toml``; the selection is
:func:`tfgpu.knowledge.matrix.select_matrix`; this module only parses and renders.
"""

from __future__ import annotations

import argparse
import json
import sys

from tfgpu._version import __version__
from tfgpu.cli import status_codes
from tfgpu.cli.errors import UsageError
from tfgpu.knowledge import Knowledge, KnowledgeError, KnowledgeQueryError, load_knowledge
from tfgpu.knowledge.matrix import SECTIONS, select_matrix, view_to_dict
from tfgpu.report.tables import render_matrix
from tfgpu.report.text import make_console

#: Version of the ``--json`` layout.
MATRIX_SCHEMA_VERSION = "1.1"



#: Invocations shown under "examples:" in ``tfgpu matrix --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu matrix --tf 2.15',
    'tfgpu matrix --gpu "RTX 3060"',
    'tfgpu matrix --cuda 11.8 --json',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``tfgpu matrix`` options to ``parser``."""
    parser.add_argument("--tf", metavar="VERSION", help="one TensorFlow release or x.y (2.12)")
    parser.add_argument("--cuda", metavar="VERSION", help="CUDA version (11.8) or family (12)")
    parser.add_argument("--gpu", metavar="NAME|CC",
                        help='GPU name ("RTX 3060") or compute capability (8.6)')
    parser.add_argument("--os", choices=("linux", "windows", "wsl2", "macos"),
                        help="platform (windows = native Windows; wsl2 uses the Linux rows)")
    parser.add_argument("--show", action="append", choices=SECTIONS, metavar="SECTION",
                        help=f"sections to print, repeatable: {', '.join(SECTIONS)} "
                             "(default: configurations plus what the filters make relevant)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")


def _other_vendor(gpu: str | None, kb: Knowledge | None = None) -> str | None:
    """Why ``--gpu`` found no row when it names an AMD, Intel or Apple GPU (the table is
    NVIDIA's compute capabilities); ``None`` for an NVIDIA name or none."""
    from tfgpu.plan.target import guess_vendor

    vendor = guess_vendor(gpu) if gpu else "nvidia"
    route = {"amd": "tensorflow-rocm on Linux (tfgpu plan --os linux --gpu NAME)",
             "intel": "intel-extension-for-tensorflow (tfgpu matrix --os linux --show facts)",
             "apple": "tensorflow-metal on macOS (tfgpu plan --os macos --gpu NAME)"}
    if vendor not in route:
        return None
    text = (f"GPU {gpu!r} is an {'AMD' if vendor == 'amd' else vendor.title()} GPU: the "
            f"compute-capability table covers NVIDIA GPUs; it runs TensorFlow through "
            f"{route[vendor]}")
    if vendor == "amd" and kb is not None and gpu:
        # AMD's ROCm Linux support list (knowledge table amd_gpus)
        support = kb.rocm_support(gpu)
        if not support.uses_rocm:
            text = (f"GPU {gpu!r} is an AMD GPU: the compute-capability table covers NVIDIA "
                    "GPUs")
        text += f"; {support.describe()}"
    return text


def run(args: argparse.Namespace) -> int:
    """Print the selected knowledge; exit 2 on a filter value that matches nothing known."""
    try:
        kb = load_knowledge()
    except KnowledgeError as exc:
        print(f"tfgpu matrix: the knowledge files are broken: {exc}", file=sys.stderr)
        return status_codes.INTERNAL_ERROR
    try:
        view = select_matrix(
            kb, tf=args.tf, cuda=args.cuda, gpu=args.gpu, os=args.os,
            show=tuple(args.show or ()),
        )
    except KnowledgeQueryError as exc:
        raise UsageError(_other_vendor(args.gpu, kb) or str(exc)) from None
    if args.json:
        doc = {
            "schema_version": MATRIX_SCHEMA_VERSION,
            "tfgpu_version": __version__,
            "knowledge_version": kb.version,
            "command": "matrix",
            **view_to_dict(view),
        }
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return status_codes.SUCCESS
    wide = None if sys.stdout.isatty() else 140  # tables stay unwrapped in pipes and files
    render_matrix(view, kb, make_console(width=wide), verbosity=args.verbose - args.quiet)
    return status_codes.SUCCESS
