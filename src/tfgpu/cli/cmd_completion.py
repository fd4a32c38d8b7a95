"""``tfgpu completion bash|zsh|fish``: print a shell completion script.

The script is generated from tfgpu's own argument parser (every command and option) by
``shtab`` (https://github.com/tqdm/shtab), imported only here.  Install it with::

    tfgpu completion bash > ~/.local/share/bash-completion/completions/tfgpu
    tfgpu completion zsh  > "${fpath[1]}/_tfgpu"
    tfgpu completion fish > ~/.config/fish/completions/tfgpu.fish
"""

from __future__ import annotations

import argparse
import sys

from tfgpu.cli import status_codes
from tfgpu.cli.errors import UsageError

#: Shells ``tfgpu completion`` writes a script for.
SHELLS: tuple[str, ...] = ("bash", "zsh", "fish")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``SHELL`` argument."""
    parser.add_argument("shell", choices=SHELLS, metavar="SHELL",
                        help=f"shell to complete in: {', '.join(SHELLS)}")


def run(args: argparse.Namespace) -> int:
    """Print the completion script for ``args.shell``; return 0.

    Raises:
        UsageError: ``shtab`` is not installed (a broken install: it is a dependency).
    """
    try:
        import shtab
    except ImportError:
        raise UsageError("shell completion needs shtab: pip install shtab") from None
    parser = args.full_parser()
    sys.stdout.write(shtab.complete(parser, shell=args.shell))
    if not sys.stdout.isatty():
        return status_codes.SUCCESS
    print(f"\n# save this into your {args.shell} completions folder (tfgpu completion --help)",
          file=sys.stderr)
    return status_codes.SUCCESS
