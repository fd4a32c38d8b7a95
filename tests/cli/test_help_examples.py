"""Every command's ``--help`` ends with "examples:", two to four real invocations, and each
of them parses with the command's real parser (the shell's redirections and pipes cut
off); the ones that need no host, network or files run and exit 0."""

from __future__ import annotations

import importlib
import shlex

import pytest

from tfgpu.cli.main import COMMANDS, EXAMPLES_HEADING, build_parser, main

NAMES = [name for name, _, _ in COMMANDS]


def _help(name: str, capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exc:
        build_parser(name, alone=True).parse_args([name, "--help"])
    assert exc.value.code == 0
    return capsys.readouterr().out


def _examples(help_text: str) -> list[str]:
    """The example lines of a ``--help`` text: the indented lines after "examples:"."""
    after = help_text.split("\n" + EXAMPLES_HEADING, 1)[1]
    lines = []
    for line in after.splitlines():
        if not line.startswith("  "):
            break
        lines.append(line.strip())
    return lines


def _argv(example: str) -> list[str]:
    """The tfgpu arguments of ``example``: shell words up to a redirection or a pipe."""
    words = shlex.split(example)
    assert words[0] in ("tfgpu", "python"), example
    if words[0] == "python":  # `python train.py 2>&1 | tfgpu explain -`
        words = shlex.split(example.split("|", 1)[1])
    cut = next((i for i, w in enumerate(words) if w in (">", "|", "2>&1")), len(words))
    return words[1:cut]


@pytest.mark.parametrize("name", NAMES)
def test_help_ends_with_examples_that_parse(name: str, capsys: pytest.CaptureFixture[str]
                                            ) -> None:
    examples = _examples(_help(name, capsys))
    module = importlib.import_module(dict((n, m) for n, m, _ in COMMANDS)[name])
    assert examples == list(module.EXAMPLES)
    assert 2 <= len(examples) <= 4, examples
    for example in examples:
        argv = _argv(example)
        assert argv[0] == name, example
        args = build_parser(name, alone=True).parse_args(argv)  # SystemExit(2) on a bad one
        assert args.command == name


@pytest.mark.parametrize("example", [
    "tfgpu matrix --tf 2.15",
    'tfgpu matrix --gpu "RTX 3060"',
    "tfgpu schema doctor",
    "tfgpu explain --finding no-nvidia-gpu",
    'tfgpu plan --os linux --gpu "RTX 4090" --driver 550.54.14 --python 3.12',
    'tfgpu plan --os windows --gpu "RTX 3060 Laptop GPU" --format powershell',
    "tfgpu completion zsh",
])
def test_examples_that_need_no_host_run_and_exit_0(
        example: str, capsys: pytest.CaptureFixture[str]) -> None:
    shown = {e for name, module, _ in COMMANDS
             for e in importlib.import_module(module).EXAMPLES}
    assert example in shown
    assert main(_argv(example)) == 0
    assert capsys.readouterr().out


def test_a_bad_example_would_fail_the_parse() -> None:
    with pytest.raises(SystemExit):
        build_parser("plan", alone=True).parse_args(_argv("tfgpu plan --gpus RTX"))
