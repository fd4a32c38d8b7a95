"""The WSL2 PowerShell plan runs its Linux steps through ``wsl --cd ~ -e bash -lc '...'``
where the command passes unchanged, and says why where not (issue 12 review).

The quoting is tested layer by layer: PowerShell's single-quoted strings are parsed back,
Windows PowerShell 5.1's way of building wsl.exe's command line (an argument with spaces
wrapped in double quotes, inner quotes not escaped) is split again by the
CommandLineToArgvW rules, and the resulting string is run by a real bash with stub
programs that print the argv they receive.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, render
from tfgpu.plan.model import CreateVenv, Manual, PipInstall, Verify
from tfgpu.plan.render import VERIFY_GPU_CODE, WSL_RUN_ARGV, WSL_UNSAFE_CHARS, wsl_passable
from tfgpu.plan.target import target_from_description

KB = load_knowledge()
_PS_ARG = re.compile(r"'((?:[^']|'')*)'")


def _plan(venv: str | None = None):  # type: ignore[no-untyped-def]
    target = target_from_description("windows", gpu="RTX 3060", driver="560.94")
    return make_plan(target, KB, env_path=venv)


def _ps_args(line: str) -> list[str]:
    """The arguments of a ``& 'exe' 'a' 'b'`` PowerShell line, unquoted."""
    assert line.startswith("& ")
    return [m.group(1).replace("''", "'") for m in _PS_ARG.finditer(line)]


def _legacy_command_line(args: list[str]) -> str:
    """Windows PowerShell 5.1's native command line: quote an argument with spaces,
    leave inner double quotes as they are."""
    return " ".join(f'"{a}"' if (" " in a or not a) else a for a in args)


def _command_line_to_argv(line: str) -> list[str]:
    """CommandLineToArgvW's rules (2n backslashes + quote: n backslashes, toggle quoting;
    2n+1: n backslashes and a literal quote; other backslashes literal)."""
    out: list[str] = []
    cur, quoted, started, i = "", False, False, 0
    while i < len(line):
        c = line[i]
        if c == "\\":
            n = len(line[i:]) - len(line[i:].lstrip("\\"))
            if i + n < len(line) and line[i + n] == '"':
                cur += "\\" * (n // 2)
                if n % 2:
                    cur += '"'
                    i += n + 1
                    started = True
                    continue
                i += n
                continue
            cur += "\\" * n
            i += n
            started = True
            continue
        if c == '"':
            quoted = not quoted
            started = True
        elif c in " \t" and not quoted:
            if started:
                out.append(cur)
            cur, started = "", False
        else:
            cur += c
            started = True
        i += 1
    if started:
        out.append(cur)
    return out


def _wsl_lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.startswith("& 'wsl' '--cd'")]


def test_constants_match_the_platform_fact() -> None:
    fact = KB.platform_fact("wsl-run-from-powershell")
    assert fact.items("argv") == WSL_RUN_ARGV
    assert fact.value("unsafe_chars") == WSL_UNSAFE_CHARS


def test_linux_steps_run_through_wsl_and_manual_ones_do_not() -> None:
    plan = _plan()
    text = render(plan, "powershell")
    blocks = text.split("# Step ")[1:]
    kinds = {type(s.action) for s in plan.steps}
    assert {CreateVenv, PipInstall, Verify} <= kinds
    for step, block in zip(plan.steps, blocks, strict=True):
        runs = _wsl_lines(block)
        if step.shell.value != "posix":
            assert not runs
        elif isinstance(step.action, Manual):
            assert not runs and "not run by this script" in block
            assert "#   or from PowerShell: & 'wsl'" in block  # a hint, still a comment
        else:
            assert runs and "if ($LASTEXITCODE -ne 0)" in block, block


def test_quoting_survives_powershell_wsl_and_bash(tmp_path: Path) -> None:
    if shutil.which("bash") is None:
        pytest.skip("needs bash")
    plan = _plan()
    lines = _wsl_lines(render(plan, "powershell"))
    assert len(lines) == 4
    # stubs: python3 and the venv's python print the arguments they get, as JSON
    stub = f"#!{sys.executable}\nimport json, sys\nprint(json.dumps(sys.argv[1:]))\n"
    bindir, venv_bin = tmp_path / "bin", tmp_path / ".venv-tfgpu" / "bin"
    for p in (bindir / "python3", venv_bin / "python"):
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(stub, encoding="utf-8")
        p.chmod(p.stat().st_mode | stat.S_IEXEC)
    got = []
    for line in lines:
        args = _ps_args(line)
        assert tuple(args[:6]) == WSL_RUN_ARGV and len(args) == 7
        # Windows PowerShell 5.1 -> wsl.exe command line -> argv: unchanged
        assert _command_line_to_argv(_legacy_command_line(args)) == args
        env = {**os.environ, "PATH": f"{bindir}{os.pathsep}{os.environ['PATH']}"}
        res = subprocess.run(["bash", "-c", args[6]], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=30, check=True)
        got.append(json.loads(res.stdout))
    assert got == [
        ["-m", "venv", ".venv-tfgpu"],
        ["-m", "pip", "install", "--upgrade", "pip"],
        ["-m", "pip", "install", "tensorflow[and-cuda]~=2.21.0"],
        ["-c", VERIFY_GPU_CODE],
    ]


def test_a_double_quote_would_not_survive_so_it_is_refused() -> None:
    args = ["bash", "-lc", 'echo "a b" c']
    assert _command_line_to_argv(_legacy_command_line(args)) != args
    assert not wsl_passable('echo "a b"') and not wsl_passable("cd C:\\x")
    assert not wsl_passable("echo caf\u00e9") and not wsl_passable("")
    assert wsl_passable("python3 -m venv .venv-tfgpu")


def test_a_venv_path_with_a_backslash_stays_a_comment_with_the_reason() -> None:
    text = render(_plan(venv="envs\\tf"), "powershell")
    assert not _wsl_lines(text)
    assert "# not run from PowerShell: the command holds a double quote, a backslash" in text
