"""The compiler-wheel fix of a ptxas that does not know the GPU's architecture names a CUDA
major whose ptxas can know it (checks/xla.py, cuda_arch.toml): for an architecture first
known to CUDA 12.x (sm_100, sm_120) no "-cu11" alternative, and the wheel's floor is that
release; for one CUDA 11 knows, the generic line stays."""

from __future__ import annotations

import pytest

from .kind_helpers import ids

_FALLBACK = ("W0000 00:00:1712345678.1 1234 asm_compiler.cc:231] Falling back to the CUDA "
             "driver for PTX compilation; ptxas does not support CC {}")
_USED = ("W0000 00:00:1712345678.1 1234 asm_compiler.cc:234] Used ptxas at /home/u/.venv/lib/"
         "python3.11/site-packages/nvidia/cuda_nvcc/bin/ptxas")
_OLD = ("W0000 00:00:1712345678.0 1234 asm_compiler.cc:115] *** WARNING *** "
        "You are using ptxas 11.0.221, which is older than 11.8. ptxas before 11.8 is known "
        "to miscompile XLA code, leading to incorrect results or invalid-address errors.")


@pytest.mark.parametrize("cc", ["12.0", "10.0"])
def test_cuda12_architecture_gets_no_cu11_wheel(cc: str) -> None:
    f = ids([_FALLBACK.format(cc), _USED])["ptxas-does-not-support-gpu"]
    assert not any("cu11" in line for line in f.fix)
    assert '"nvidia-cuda-nvcc-cu12>=12.8"' in f.fix[0]


def test_old_ptxas_merged_with_a_cuda12_architecture_gets_no_cu11_wheel() -> None:
    f = ids([_OLD, _FALLBACK.format("12.0")])["ptxas-too-old"]
    assert not any("cu11" in line for line in f.fix)


def test_cuda11_architecture_keeps_the_generic_wheel_line() -> None:
    f = ids([_FALLBACK.format("8.9"), _USED])["ptxas-does-not-support-gpu"]
    assert "nvidia-cuda-nvcc-cu12" in f.fix[0] and ">=" not in f.fix[0]
