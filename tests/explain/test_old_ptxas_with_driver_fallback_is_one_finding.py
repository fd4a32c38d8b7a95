"""XLA's "You are using ptxas X, which is older than Y" version check followed by its
"Relying on driver to perform ptx compilation" notice (nvptx_compiler.cc /
redzone_allocator.cc: XLA could not compile with that ptxas, so the driver's JIT built the
kernels) is one ptxas-too-old finding that says so: no "goes on compiling with that ptxas",
no harmless notice beside it, no Windows aside on a Linux log (checks/xla.py)."""

from __future__ import annotations

import pytest

from .kind_helpers import ids

_OLD = ("2023-06-01 10:00:05.000000: W tensorflow/compiler/xla/stream_executor/gpu/"
        "asm_compiler.cc:115] *** WARNING *** You are using ptxas {}, which is older than "
        "11.8. ptxas before 11.8 is known to miscompile XLA code, leading to incorrect "
        "results or invalid-address errors.")
_RELY = ["Relying on driver to perform ptx compilation. ",
         "Modify $PATH to customize ptxas location.",
         "This message will be only logged once."]


@pytest.mark.parametrize("version", ["11.0.221", "11.1.105", "10.2.89"])
def test_old_ptxas_then_relying_on_driver_is_one_finding(version: str) -> None:
    got = ids([_OLD.format(version), *_RELY])
    assert "ptxas-driver-fallback-notice" not in got
    f = got["ptxas-too-old"]
    assert "driver compiled" in f.title
    assert "goes on compiling with that ptxas" not in f.cause
    assert "Windows" not in f.cause
    assert any("Relying on driver" in e.text for e in f.evidence)


def test_old_ptxas_alone_still_says_xla_compiles_with_it() -> None:
    f = ids([_OLD.format("11.0.221")])["ptxas-too-old"]
    assert "goes on compiling with that ptxas" in f.cause
