"""checks._jit_cache.jit_cache_clear_fix: one line per OS, its note closed once, whatever the
folders hold (a path with parentheses keeps them all, the note still ends with one ")")."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

import pytest

from tfgpu.diagnosis.checks._jit_cache import jit_cache_clear_fix
from tfgpu.facts.view import Facts
from tfgpu.knowledge import load_knowledge


@dataclass
class _Fact:
    values: dict[str, str]

    def value(self, key: str) -> str:
        return self.values[key]


@dataclass
class _Kb:
    fact: _Fact

    def platform_fact(self, fact_id: str) -> _Fact:
        assert fact_id == "cuda-jit-cache-path"
        return self.fact


@dataclass
class _Ctx:
    os: str | None
    kb: object = field(default_factory=load_knowledge)

    @property
    def windows(self) -> bool:
        return self.os == "windows"


_PAREN = _Fact({"linux": "/home/a (x)/.nv/ComputeCache", "windows": r"C:\Users\b (y)\NV",
                "env": "CUDA_CACHE_PATH"})


def _fix(os: str | None, kb: object | None = None) -> tuple[str, ...]:
    ctx = _Ctx(os) if kb is None else _Ctx(os, kb)
    return jit_cache_clear_fix(cast(Facts, ctx), "why (it)")


@pytest.mark.parametrize("os", ["linux", "macos"])
def test_a_known_posix_os_gets_the_linux_line(os: str) -> None:
    assert _fix(os) == ("rm -rf ~/.nv   # why (it) (the cache is ~/.nv/ComputeCache, or "
                        "$CUDA_CACHE_PATH if set)",)


def test_windows_gets_the_powershell_line() -> None:
    (line,) = _fix("windows")
    assert line.startswith('Remove-Item -Recurse -Force "$env:APPDATA\\NVIDIA\\ComputeCache"')
    assert line.endswith("why (it) (or %CUDA_CACHE_PATH% if set)")


def test_an_unknown_os_names_the_windows_folder_inside_the_note() -> None:
    (line,) = _fix(None)
    assert line == ("rm -rf ~/.nv   # why (it) (the cache is ~/.nv/ComputeCache, or "
                    "$CUDA_CACHE_PATH if set; on Windows the folder "
                    "%APPDATA%\\NVIDIA\\ComputeCache)")


def test_paths_with_parentheses_are_kept_whole() -> None:
    (known,) = _fix("linux", _Kb(_PAREN))
    assert known.endswith("(the cache is /home/a (x)/.nv/ComputeCache, or $CUDA_CACHE_PATH "
                          "if set)")
    (unknown,) = _fix(None, _Kb(_PAREN))
    assert unknown.endswith("(the cache is /home/a (x)/.nv/ComputeCache, or $CUDA_CACHE_PATH "
                            "if set; on Windows the folder C:\\Users\\b (y)\\NV)")
    assert unknown.count("(") == unknown.count(")")
