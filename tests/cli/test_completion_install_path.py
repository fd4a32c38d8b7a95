"""The completion script's header, ``tfgpu completion --help`` and the README give one
install path (new-user review #11: shtab's header said ``~/.local/share/bash_completion/
tfgpu``, the README ``~/.local/share/bash-completion/completions/tfgpu``)."""

from __future__ import annotations

import contextlib
import re
from pathlib import Path

import pytest

from tfgpu.cli.cmd_completion import INSTALL
from tfgpu.cli.main import main

README = Path(__file__).resolve().parents[2] / "README.md"


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with contextlib.suppress(SystemExit):  # --help
        main(list(argv))
    return capsys.readouterr().out


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_header_gives_tfgpus_install_lines_not_shtabs(
        shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _out(capsys, "completion", shell)
    head = text[:800]
    assert "# Usage:" not in head and "bash_completion/tfgpu" not in head
    assert "zsh_completion" not in head
    for line in INSTALL[shell]:
        assert f"#   {line}\n" in head, (shell, line)
    assert "shtab" in head  # still credits the generator


def test_readme_bash_line_is_the_headers_and_the_helps(
        capsys: pytest.CaptureFixture[str]) -> None:
    readme = README.read_text(encoding="utf-8")
    said = re.findall(r"tfgpu completion bash > (\S+?)`", readme)
    assert said, "README names no bash completion path"
    header_line = INSTALL["bash"][1]
    assert {f"tfgpu completion bash > {p}" for p in said} == {header_line}
    assert header_line in _out(capsys, "completion", "bash")
    assert header_line in _out(capsys, "completion", "--help")
