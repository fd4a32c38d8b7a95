"""The ``pip list`` filter fix lines give has one writer: checks/_pip_list.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tfgpu.diagnosis.checks._pip_list import pip_list_grep

CHECKS = Path(__file__).resolve().parents[2] / "src" / "tfgpu" / "diagnosis" / "checks"


@pytest.mark.parametrize(("args", "kwargs", "want"), [
    (("cudnn",), {}, "pip list 2>/dev/null | grep -i cudnn"),
    (("cudnn", "nvrtc"), {}, "pip list 2>/dev/null | grep -i -E 'cudnn|nvrtc'"),
    (("^tensorflow", "directml"), {}, "pip list 2>/dev/null | grep -i -E '^tensorflow|directml'"),
    (("keras", "tf-keras"), {"anchored": True},
     "pip list 2>/dev/null | grep -i -E '^(keras|tf-keras) '"),
    (("tensorflow(-macos|-metal)?",), {"anchored": True},
     "pip list 2>/dev/null | grep -i -E '^tensorflow(-macos|-metal)? '"),
    (("cudnn",), {"windows": True}, "pip list | findstr /i cudnn"),
    (("tensorflow", "directml"), {"windows": True},
     'pip list | findstr /i "tensorflow directml"'),
])
def test_forms(args: tuple[str, ...], kwargs: dict[str, bool], want: str) -> None:
    assert pip_list_grep(*args, **kwargs) == want


@pytest.mark.parametrize(("args", "kwargs"), [
    ((), {}),
    (("^tensorflow",), {"windows": True}),
    (("keras",), {"windows": True, "anchored": True}),
])
def test_rejects_what_it_cannot_write(args: tuple[str, ...], kwargs: dict[str, bool]) -> None:
    with pytest.raises(ValueError):
        pip_list_grep(*args, **kwargs)


def test_no_check_writes_the_command_by_hand() -> None:
    hand = re.compile(r"pip list (2>/dev/null )?\| (grep|findstr)")
    found = [f"{p.name}:{n}" for p in sorted(CHECKS.glob("*.py")) if p.name != "_pip_list.py"
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if hand.search(line)]
    assert not found, f"use pip_list_grep() in {found}"
