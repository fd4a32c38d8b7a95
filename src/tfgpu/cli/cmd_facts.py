"""``tfgpu facts``: print the host snapshot as JSON (``tfgpu doctor --facts`` reads it).

The layout is :meth:`tfgpu.facts.HostFacts.to_dict` (``schema_version`` inside).
"""

from __future__ import annotations

import argparse

from tfgpu.cli import status_codes
from tfgpu.cli.common import add_gather_arguments, gather_from_args

#: Invocations shown under "examples:" in ``tfgpu facts --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu facts > host.json',
    'tfgpu facts --no-tf -o host.json',
    'tfgpu facts --python python3.11 > host.json',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--no-tf``, ``--timeout``, ``--python``, ``-o FILE`` and ``--json`` (a no-op)."""
    add_gather_arguments(parser)
    parser.add_argument("-o", "--output", metavar="FILE",
                        help="write the snapshot to FILE instead of stdout")
    # The snapshot is always JSON; --json (what every other command takes for it, and what
    # `tfgpu fleet` docs and issue texts write) is accepted rather than a usage error.
    parser.add_argument("--json", action="store_true",
                        help="accepted for symmetry: the snapshot is always JSON")


def run(args: argparse.Namespace) -> int:
    """Gather and print (or write) the facts; return 0, or 2 if FILE cannot be written."""
    from tfgpu.cli.errors import UsageError

    facts = gather_from_args(args)
    text = facts.to_json()
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text + "\n")
        except OSError as exc:
            raise UsageError(f"cannot write {args.output}: {exc}") from exc
    else:
        print(text)
    return status_codes.SUCCESS
