"""pip finds no TensorFlow for a 32-bit Python: the interpreter's bitness (host facts, or
CPython's Windows version string "[MSC v.... 32 bit (Intel)]") is the cause,
``python-32bit-interpreter`` (platform fact ``tensorflow-64bit-only``)."""

from __future__ import annotations

import dataclasses

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

from .kind_helpers import host_facts

NOD = ["ERROR: Could not find a version that satisfies the requirement tensorflow "
       "(from versions: none)",
       "ERROR: No matching distribution found for tensorflow"]
BANNER_32 = ("Python 3.8.5 (tags/v3.8.5:580fbb0, Jul 20 2020, 15:43:08) "
             "[MSC v.1926 32 bit (Intel)] on win32")
BANNER_64 = ("Python 3.8.5 (tags/v3.8.5:580fbb0, Jul 20 2020, 15:57:54) "
             "[MSC v.1926 64 bit (AMD64)] on win32")


def _found(lines: list[str], bits: int | None = None) -> dict[str, Finding]:
    facts = None
    if bits is not None:
        base = host_facts("Windows")
        facts = dataclasses.replace(base, python=dataclasses.replace(base.python, bits=bits))
    return {f.id: f for f in explain_lines(lines, facts)}


def test_a_32_bit_banner_is_the_cause() -> None:
    f = _found([BANNER_32, ">>> exit()", "C:\\> pip install tensorflow", *NOD])
    assert "python-32bit-interpreter" in f, f
    assert "tensorflow-no-matching-distribution" not in f, f
    g = f["python-32bit-interpreter"]
    assert "32-bit" in g.title and "tensorflow" in g.title, g.title
    assert any("struct.calcsize" in x for x in g.fix), g.fix


def test_an_anaconda_32_bit_banner_with_a_pinned_gpu_package() -> None:
    f = _found(["Python 3.7.6 (default, Jan  8 2020, 20:23:39) [MSC v.1916 32 bit (Intel)] "
                ":: Anaconda, Inc. on win32",
                "ERROR: Could not find a version that satisfies the requirement "
                "tensorflow-gpu==2.3.0 (from versions: none)",
                "ERROR: No matching distribution found for tensorflow-gpu==2.3.0"])
    assert "python-32bit-interpreter" in f, f


def test_host_facts_32_bit() -> None:
    assert "python-32bit-interpreter" in _found(NOD, bits=32)


def test_host_facts_64_bit_keep_the_general_answer() -> None:
    f = _found([BANNER_32, *NOD], bits=64)
    assert "python-32bit-interpreter" not in f, f
    assert "tensorflow-no-matching-distribution" in f, f


def test_a_64_bit_banner_is_not_32_bit() -> None:
    f = _found([BANNER_64, *NOD])
    assert "python-32bit-interpreter" not in f, f


def test_both_banners_in_one_paste_is_not_claimed() -> None:
    f = _found([BANNER_32, BANNER_64, *NOD])
    assert "python-32bit-interpreter" not in f, f


def test_another_package_is_not_claimed() -> None:
    f = _found([BANNER_32,
                "ERROR: Could not find a version that satisfies the requirement pyside2 "
                "(from versions: none)",
                "ERROR: No matching distribution found for pyside2"])
    assert "python-32bit-interpreter" not in f, f
