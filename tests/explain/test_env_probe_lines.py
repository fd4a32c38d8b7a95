"""Fixes that show CUDA_VISIBLE_DEVICES tell "not set" from "set and empty": `echo $VAR`
prints an empty line for both, and unset hides nothing.  Windows logs
get PowerShell's / cmd's forms."""

from __future__ import annotations

from tfgpu.explain import explain_lines

CUINIT = ("2017-08-14 07:28:29.379866: E tensorflow/stream_executor/cuda/cuda_driver.cc:406] "
          "failed call to cuInit: CUDA_ERROR_NO_DEVICE")


def _fix_lines(lines: list[str]) -> list[str]:
    return [ln for f in explain_lines(lines) for ln in f.fix]


def test_linux_uses_env_grep_not_echo() -> None:
    fixes = _fix_lines([CUINIT])
    assert not any(ln.startswith("echo $CUDA_VISIBLE_DEVICES") for ln in fixes), fixes
    assert any(ln.startswith("env | grep CUDA_VISIBLE_DEVICES   # set and empty or -1 hides")
               and "no output: not set" in ln for ln in fixes), fixes


def test_windows_uses_powershell_and_cmd_forms() -> None:
    fixes = _fix_lines([CUINIT, "Could not load dynamic library 'nvcuda.dll'",
                        "C:\\Users\\me\\venv\\lib\\site-packages\\tensorflow\\__init__.py"])
    assert not any("$CUDA_VISIBLE_DEVICES" in ln or "env | grep" in ln for ln in fixes), fixes
    assert any(ln.startswith("Get-ChildItem Env:CUDA_VISIBLE_DEVICES") for ln in fixes), fixes
    assert "set CUDA_VISIBLE_DEVICES" in fixes, fixes
