"""Facts.libcuda_hits: the one filter for "the driver's libcuda did not load" lines."""

from __future__ import annotations

from tfgpu.facts.view import Facts
from tfgpu.logs import read_lines

MISSING = ("2023-01-01 12:00:00.000000: W tensorflow/compiler/xla/stream_executor/platform/"
           "default/dso_loader.cc:64] Could not load dynamic library '{lib}'; dlerror: "
           "{lib}: cannot open shared object file: No such file or directory")


def _facts(*libs: str) -> Facts:
    return Facts(None, read_lines([MISSING.format(lib=lib) for lib in libs]))


def test_only_libcuda_in_log_order() -> None:
    f = _facts("libcudart.so.11.0", "libcuda.so.1", "libcudnn.so.8", "libcuda.so")
    hits = f.libcuda_hits()
    # (the dso_loader line can match twice: its quoted name and its dlerror name)
    assert list(dict.fromkeys(h.g("lib") for h in hits)) == ["libcuda.so.1", "libcuda.so"]
    assert sorted({h.line for h in hits}) == [2, 4]
    assert [h.line for h in hits] == sorted(h.line for h in hits)


def test_none_when_only_other_libraries_are_missing() -> None:
    assert _facts("libcudart.so.11.0", "libcublas.so.11").libcuda_hits() == []
    assert Facts(None, read_lines(["nothing here"])).libcuda_hits() == []


def test_another_pattern() -> None:
    f = _facts("libcuda.so.1")
    assert f.libcuda_hits("lib.opened") == []
