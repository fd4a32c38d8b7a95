"""Fix lines merged for several libraries stay runnable: the file names become a command's
arguments (``where.exe a.dll b.dll``), never ``a or b`` inside a command; prose lines name them
with "or"; a command that takes one name keeps one line per library."""

from __future__ import annotations

import re

import pytest

from tfgpu.diagnosis.checks.libraries import _merge_by_library
from tfgpu.explain import explain_lines

WIN = "(tf) C:\\Users\\me>python train.py"


def _dso(lib: str, windows: bool) -> str:
    err = f"{lib} not found" if windows else (f"{lib}: cannot open shared object file: No such "
                                              "file or directory")
    return ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
            f"dynamic library '{lib}'; dlerror: {err}")


def _command_parts(lines: list[str]) -> list[str]:
    return [ln.partition("   #")[0] for ln in lines if not ln.lstrip().startswith("#")]


@pytest.mark.parametrize("libs", [
    ["cudart64_110.dll", "cudnn64_8.dll"],
    ["cudart64_101.dll", "cublas64_10.dll", "cufft64_10.dll", "cudnn64_7.dll"],
])
def test_where_exe_gets_every_dll_as_an_argument(libs: list[str]) -> None:
    found = explain_lines([WIN, *(_dso(lib, True) for lib in libs)])
    fix = [ln for f in found for ln in f.fix]
    assert f"where.exe {' '.join(libs)}" in _command_parts(fix)
    for cmd in _command_parts(fix):
        assert not re.search(r"\S\.(?:dll|so[\w.]*) or \S", cmd), cmd


def test_linux_commands_never_join_names_with_or() -> None:
    found = explain_lines([_dso("libcudart.so.11.0", False), _dso("libcublas.so.11", False),
                           _dso("libcudnn.so.8", False)])
    for cmd in _command_parts([ln for f in found for ln in f.fix]):
        assert " or lib" not in cmd, cmd


def test_prose_lines_name_the_files_with_or() -> None:
    lines = ["# install the CUDA 10.0 runtime (a.so)", "# install the CUDA 10.0 runtime (b.so)"]
    assert _merge_by_library(lines, ["a.so", "b.so"]) == [
        "# install the CUDA 10.0 runtime (a.so or b.so)"]


def test_a_command_with_a_comment_gets_arguments_and_prose() -> None:
    lines = ["ls /opt/x/a.so   # is a.so there?", "ls /opt/x/b.so   # is b.so there?"]
    # the name is part of a longer word (a path): not a whole argument, one line each
    assert _merge_by_library(lines, ["a.so", "b.so"]) == lines
    lines = ["ldd a.so   # what a.so links", "ldd b.so   # what b.so links"]
    assert _merge_by_library(lines, ["a.so", "b.so"]) == ["ldd a.so b.so   # what a.so or b.so "
                                                          "links"]


def test_a_name_inside_a_pattern_keeps_one_line_per_library() -> None:
    lines = ["ldconfig -p | grep 'a.so'", "ldconfig -p | grep 'b.so'"]
    assert _merge_by_library(lines, ["a.so", "b.so"]) == lines
