"""``tfgpu completion bash|zsh|fish``: print a shell completion script.

The script is generated from tfgpu's own argument parser (every command and option) by
``shtab`` (https://github.com/tqdm/shtab), imported only here.  Install it as
:data:`INSTALL` says (the README gives the bash line); the script's own header says the
same, in place of shtab's generic "Usage" lines (whose bash path,
``~/.local/share/bash_completion/tfgpu`` sourced from ``.bashrc``, differed from the
README's).  bash: bash-completion 2 loads ``<cmd>`` on demand from
``${BASH_COMPLETION_USER_DIR:-${XDG_DATA_HOME:-~/.local/share}/bash-completion}/completions``
(scop/bash-completion ``bash_completion``, ``_comp_load``); zsh: a ``_tfgpu`` file in a
folder on ``$fpath`` before ``compinit``; fish: ``~/.config/fish/completions/`` (fish
documentation, "Where to put completions").
"""

from __future__ import annotations

import argparse
import re
import sys

from tfgpu.cli import status_codes
from tfgpu.cli.errors import UsageError

#: Shells ``tfgpu completion`` writes a script for.
SHELLS: tuple[str, ...] = ("bash", "zsh", "fish")
#: How to install each shell's script: the header lines written into it (README: bash).
INSTALL: dict[str, tuple[str, ...]] = {
    "bash": ("mkdir -p ~/.local/share/bash-completion/completions",
             "tfgpu completion bash > ~/.local/share/bash-completion/completions/tfgpu",
             "# loaded on demand by bash-completion 2 (new shells); without it:",
             "#   source ~/.local/share/bash-completion/completions/tfgpu   # in ~/.bashrc"),
    "zsh": ("mkdir -p ~/.local/share/zsh/site-functions",
            "tfgpu completion zsh > ~/.local/share/zsh/site-functions/_tfgpu",
            "# in ~/.zshrc, before compinit: fpath=(~/.local/share/zsh/site-functions $fpath)"),
    "fish": ("tfgpu completion fish > ~/.config/fish/completions/tfgpu.fish",),
}
#: shtab's generic usage block ("# Usage:" ... "# See also: <url>"), replaced by INSTALL.
_SHTAB_USAGE = re.compile(r"^# Usage:\n(?:#.*\n)*?# See also: .*\n", re.MULTILINE)


def with_install_header(script: str, shell: str) -> str:
    """``script`` (shtab's output) with its usage comment replaced by :data:`INSTALL`'s
    lines for ``shell``; unchanged when shtab wrote no such block."""
    lines = "".join(f"#   {line}\n" for line in INSTALL[shell])
    return _SHTAB_USAGE.sub(lambda _m: "# Install (tfgpu completion --help):\n" + lines,
                            script, count=1)


#: Invocations shown under "examples:" in ``tfgpu completion --help`` (each parses with the real
#: parser: tests/cli/test_help_examples.py).
EXAMPLES: tuple[str, ...] = (
    'tfgpu completion bash > ~/.local/share/bash-completion/completions/tfgpu',
    'tfgpu completion zsh',
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the ``SHELL`` argument (and the install lines, :data:`INSTALL`, as the epilog)."""
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.epilog = "install:\n" + "\n".join(
        f"  {shell}:\n" + "\n".join(f"    {line}" for line in INSTALL[shell])
        for shell in SHELLS)
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
    sys.stdout.write(with_install_header(shtab.complete(parser, shell=args.shell), args.shell))
    if not sys.stdout.isatty():
        return status_codes.SUCCESS
    print(f"\n# save this into your {args.shell} completions folder (tfgpu completion --help)",
          file=sys.stderr)
    return status_codes.SUCCESS
