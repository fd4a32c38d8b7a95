"""Windows fix lines look files up with ``where.exe``: in PowerShell a bare ``where`` is the
alias of Where-Object, which prints nothing for a file name, so a reader would conclude the
DLL is missing. ``where.exe`` works the same in cmd.exe and PowerShell."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tfgpu.cli.main import main

SRC = Path(__file__).resolve().parents[2] / "src" / "tfgpu"
#: ``where`` used as a command on a file name or a placeholder (``where cudart64_110.dll``,
#: ``where {dll}``), not the word in prose (``the folder where ...``).
BARE_WHERE = re.compile(r"(?<![\w.])where (?:[\w*{}\[\]]+\.(?:dll|exe)\b|\{\w+\})")


def test_no_fix_line_in_the_sources_uses_a_bare_where() -> None:
    hits = [f"{p.relative_to(SRC)}:{i}: {line.strip()}"
            for p in sorted(SRC.rglob("*")) if p.suffix in (".py", ".toml")
            for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
            if BARE_WHERE.search(line)]
    assert hits == []


def test_the_pattern_finds_a_bare_where() -> None:  # the scan above can fail
    assert BARE_WHERE.search('fix = ["where cudart64_110.dll"]')
    assert BARE_WHERE.search('f"where {dll}"')
    assert BARE_WHERE.search('f"where cudnn64_{rt[0]}.dll"')
    assert not BARE_WHERE.search('"where.exe cudart64_110.dll"')
    assert not BARE_WHERE.search("the folder where TensorFlow looks")


@pytest.mark.parametrize("dll", ["cudart64_110.dll", "cudnn64_8.dll"])
def test_a_windows_dll_fix_says_where_exe(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          dll: str) -> None:
    log = tmp_path / "win.log"
    log.write_text("2024-02-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/"
                   f"dso_loader.cc:60] Could not load dynamic library '{dll}'; dlerror: "
                   f"{dll} not found\n", encoding="utf-8")
    main(["explain", str(log)])
    out = capsys.readouterr().out
    assert f"where.exe {dll}" in out
    assert not re.search(r"(?<![\w.])where [\w*]+\.dll", out)
