"""What an unrecognised Python exception tells the user to run first
(checks/unknown.py ``_host_fixes``): the same run on the CPU when the exception's text names
nothing of the GPU stack (the same exception there is the code or the data), the host check
first when it does; cmd's words on Windows."""

from __future__ import annotations

import io

import pytest

from tfgpu.explain import explain_stream


def _unknown_fix(lines: list[str]) -> tuple[str, ...]:
    result = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode()))
    found = [f for f in result.findings if f.id == "unrecognised-error"]
    assert found, [f.id for f in result.findings]
    return found[0].fix


_TB = ["Traceback (most recent call last):", '  File "train.py", line 9, in <module>']


def test_a_python_side_exception_leads_with_the_same_run_on_the_cpu() -> None:
    fix = _unknown_fix([*_TB, "ValueError: The truth value of an array with more than one "
                        "element is ambiguous. Use a.any() or a.all()"])
    assert fix[0].startswith("CUDA_VISIBLE_DEVICES=-1 python")
    assert fix[1].startswith("tfgpu doctor")


@pytest.mark.parametrize("exc", [
    "ValueError: expected 2 GPUs in the config, found 1",
    "KeyError: 'cuda_compute_capabilities'",
    "AssertionError: the XLA flag --xla_gpu_autotune_level must be set",
])
def test_an_exception_naming_the_gpu_stack_leads_with_the_host_check(exc: str) -> None:
    fix = _unknown_fix([*_TB, exc])
    assert fix[0].startswith("tfgpu doctor")
    assert not any(line.startswith("CUDA_VISIBLE_DEVICES=-1") for line in fix)


def test_windows_gets_cmds_words_with_the_value_quoted() -> None:
    fix = _unknown_fix(["Traceback (most recent call last):",
                        '  File "C:\\Users\\me\\train.py", line 9, in <module>',
                        "ValueError: The truth value of an array with more than one element "
                        "is ambiguous. Use a.any() or a.all()"])
    # cmd keeps a space before && in the value: set "NAME=value" does not
    assert fix[0].startswith('set "CUDA_VISIBLE_DEVICES=-1" && python')
    # and PowerShell's own words next (cmd's set does nothing there)
    assert fix[1].startswith('$env:CUDA_VISIBLE_DEVICES="-1"; python')


def test_a_failed_import_gets_no_cpu_rerun() -> None:
    # an import fails the same on the CPU: the re-run tells nothing apart
    fix = _unknown_fix([*_TB, "ImportError: cannot import name 'frobnicate' from 'zorblib' "
                        "(/usr/lib/python3/site-packages/zorblib/__init__.py)"])
    assert fix[0].startswith("tfgpu doctor")
    assert not any("CUDA_VISIBLE_DEVICES" in line for line in fix)
