"""``tfgpu schema [NAME]``: print the JSON Schema of a ``--json`` document.

Without ``NAME``, list the schemas (name, version, the command whose output it describes).
The schemas are package data (:mod:`tfgpu.schemas`); ``docs/json-schema.md`` explains them.
"""

from __future__ import annotations

import argparse
import sys

from tfgpu.cli import status_codes
from tfgpu.schemas import DESCRIPTIONS, NAMES, schema_text, schema_version

#: Invocations shown under "examples:" in ``tfgpu schema --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu schema',
    'tfgpu schema doctor',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the optional ``NAME``."""
    parser.add_argument("name", nargs="?", choices=NAMES, metavar="NAME",
                        help=f"schema to print: {', '.join(NAMES)} (default: list them)")


def run(args: argparse.Namespace) -> int:
    """Print one schema, or the list; return 0."""
    if args.name is None:
        width = max(map(len, NAMES))
        for name in NAMES:
            print(f"{name:<{width}}  {schema_version(name):<5}  {DESCRIPTIONS[name]}")
        if args.quiet < 1:
            print("\n`tfgpu schema NAME` prints one (JSON Schema draft 2020-12).",
                  file=sys.stderr)
        return status_codes.SUCCESS
    sys.stdout.write(schema_text(args.name))
    return status_codes.SUCCESS
