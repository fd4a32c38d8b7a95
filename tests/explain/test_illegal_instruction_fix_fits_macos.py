"""An illegal instruction on a log that shows macOS (a path, a tool, a Mac's default host
name in the shell prompt) gets macOS's checks (platform.machine(), sysctl's CPU name,
features and Rosetta state) and the arm64 Python route, never /proc/cpuinfo (Linux only); an
Intel Mac gets the AVX check alone; a shell that does not tell the OS gets the macOS check
beside the Linux one; a Linux log keeps the Linux one alone."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts.view import Facts
from tfgpu.knowledge import load_knowledge
from tfgpu.logs import read_lines

ZSH = 'zsh: illegal hardware instruction  python -c "import tensorflow as tf"'
BASH = "Illegal instruction (core dumped)"
#: macOS's shells print the signal with its number; users retype zsh's prompt in backticks
MAC_BASH = "Illegal instruction: 4"
ZSH_RETYPED = "`zsh:` illegal hardware instruction  python`"


def _finding(lines: list[str]) -> tuple[str, str, str]:
    f = next(f for f in explain_lines(lines)
             if f.id in ("cpu-illegal-instruction", "macos-x86-python-under-rosetta"))
    return f.id, f.title, "\n".join(f.fix)


@pytest.mark.parametrize("prompt", [
    '(base) maria@MacBook-Pro ~ % python -c "import tensorflow as tf"',
    "maria@Marias-MacBook-Air:~$ python train.py",
    "dev@iMac project % python train.py",
    "lee@Mac-mini ~ % python3 train.py",
])
def test_mac_host_name_in_a_shell_prompt_shows_macos(prompt: str) -> None:
    assert Facts(None, read_lines([prompt]), load_knowledge()).os == "macos"


@pytest.mark.parametrize("prompt", ["root@3f2c1d:/workspace# python t.py",
                                    "user@ubuntu-box:~$ python t.py",
                                    "see the MacBook Pro review"])
def test_other_prompts_do_not_show_macos(prompt: str) -> None:
    assert Facts(None, read_lines([prompt]), load_knowledge()).os != "macos"


@pytest.mark.parametrize("context", [
    '(base) maria@MacBook-Pro ~ % python -c "import tensorflow as tf"',
    "  File \"/Users/maria/miniconda3/lib/python3.9/site-packages/tensorflow/__init__.py\"",
])
@pytest.mark.parametrize("sigill", [ZSH, BASH, MAC_BASH, ZSH_RETYPED])
def test_macos_with_unknown_chip_gets_rosetta_and_sysctl_checks(context: str,
                                                                sigill: str) -> None:
    fid, title, fix = _finding([context, sigill])
    assert fid == "cpu-illegal-instruction" and "macOS" in title
    assert "/proc/cpuinfo" not in fix
    assert 'print(platform.machine())' in fix
    assert "sysctl -n sysctl.proc_translated" in fix
    assert "sysctl machdep.cpu.features" in fix
    assert "arm64 Python" in fix and "tensorflow-metal" in fix and "tensorflow-macos" in fix


def test_intel_mac_gets_the_avx_check_alone() -> None:
    fid, title, fix = _finding(["ProductName: macOS", "x86_64", BASH])
    assert fid == "cpu-illegal-instruction" and "Intel Mac" in title
    assert "sysctl machdep.cpu.features" in fix and "Rosetta" not in fix
    assert "/proc/cpuinfo" not in fix


def test_shell_that_does_not_tell_the_os_gets_both_checks() -> None:
    _, _, fix = _finding([ZSH])
    assert "/proc/cpuinfo" in fix and "platform.machine()" in fix and "macOS" in fix


def test_linux_log_keeps_the_linux_check_alone() -> None:
    _, _, fix = _finding(["export LD_LIBRARY_PATH=/usr/local/cuda/lib64", BASH])
    assert "/proc/cpuinfo" in fix and "platform.machine()" not in fix
