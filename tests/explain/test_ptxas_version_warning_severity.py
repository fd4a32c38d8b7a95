"""XLA's ptxas version check ("You are using ptxas X, which is older than Y. ptxas before Y
is known to miscompile XLA code ...", asm_compiler.cc ``WarnIfBadPtxasVersion``) is logged
and XLA goes on compiling: a warning, an error only when a kernel fault or a failed PTX JIT
follows it.  When the same ptxas does not know the GPU and XLA hands the PTX to the driver
("ptxas fatal : Value 'sm_XX' is not defined for option 'gpu-name'" with "Relying on driver
to perform ptx compilation" / "Falling back to the CUDA driver for PTX compilation"), one
finding says both; no "harmless" notice contradicts it."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity

_WARN = ("{lvl} tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:115] *** WARNING *** "
         "You are using ptxas {v}, which is older than {m}. ptxas before {m} is known to "
         "miscompile XLA code, leading to incorrect results or invalid-address errors.")
_FATAL = ("E tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:114] ptxas fatal   : "
          "Value '{sm}' is not defined for option 'gpu-name'")
_REDZONE = ("W tensorflow/stream_executor/gpu/redzone_allocator.cc:314] INTERNAL: ptxas exited "
            "with non-zero error code 65280, output: ptxas fatal   : Value '{sm}' is not "
            "defined for option 'gpu-name'")
_EPOCH = "1875/1875 [==============================] - 9s 4ms/step - loss: 0.48"


def _by_id(lines: list[str]) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines)}


@pytest.mark.parametrize(("version", "minimum", "sm", "status"), [
    ("11.2.152", "11.8", "sm_89", _FATAL),
    ("10.1.243", "11.1", "sm_86", _REDZONE),
    ("9.1.85", "9.2.88", "sm_75", _REDZONE),
])
@pytest.mark.parametrize("level", ["W", "E"])
def test_old_ptxas_that_does_not_know_the_gpu_and_fell_back_is_one_warning(
        version: str, minimum: str, sm: str, status: str, level: str) -> None:
    got = _by_id([_WARN.format(lvl=level, v=version, m=minimum), status.format(sm=sm), "",
                  "Relying on driver to perform ptx compilation. ", "Epoch 1/10", _EPOCH])
    f = got["ptxas-too-old"]
    assert f.severity is Severity.WARNING and not f.harmless
    assert version in f.title and minimum in f.title and sm in f.title
    assert "minimum XLA accepts" not in f.title
    assert [e.line for e in f.evidence] == [1, 2, 4]
    # one answer: no separate notice calls the same lines harmless
    assert "ptxas-does-not-support-gpu" not in got
    assert not any(x.severity is Severity.ERROR for x in got.values())
    assert not any("nothing to" in line.lower() for line in f.fix)


def test_fallback_said_by_the_arch_line_itself_is_merged_too() -> None:
    # asm_compiler.cc LogPtxasTooOld: the fallback is in the arch line; no "Relying" line
    got = _by_id([_WARN.format(lvl="W", v="11.0.194", m="11.1"),
                  "W tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:234] Falling "
                  "back to the CUDA driver for PTX compilation; ptxas does not support CC 8.6"])
    f = got["ptxas-too-old"]
    assert f.severity is Severity.WARNING and "sm_86" in f.title
    assert "ptxas-does-not-support-gpu" not in got


@pytest.mark.parametrize("minimum", ["11.1", "11.8", "9.2.88"])
def test_version_warning_alone_is_a_warning_naming_the_full_minimum(minimum: str) -> None:
    f = _by_id([_WARN.format(lvl="E", v="9.1.85", m=minimum), "Epoch 1/3", _EPOCH])[
        "ptxas-too-old"]
    assert f.severity is Severity.WARNING
    assert f"older than {minimum}:" in f.title
    assert "goes on compiling" in f.cause


@pytest.mark.parametrize("after", [
    "E tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:1163] failed to "
    "synchronize the stop event: CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was "
    "encountered",
    "tensorflow.python.framework.errors_impl.InternalError: CUDA error: misaligned address",
    "F external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:300] a PTX JIT compilation "
    "failed",
])
def test_version_warning_followed_by_the_fault_it_predicts_is_an_error(after: str) -> None:
    f = _by_id([_WARN.format(lvl="W", v="10.1.243", m="11.1"), after])["ptxas-too-old"]
    assert f.severity is Severity.ERROR
    assert "likely cause" in f.cause
    assert [e.line for e in f.evidence] == [1, 2]


def test_fault_before_the_version_warning_does_not_raise_it() -> None:
    f = _by_id(["CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered",
                _WARN.format(lvl="W", v="10.1.243", m="11.1")])["ptxas-too-old"]
    assert f.severity is Severity.WARNING


def test_unknown_arch_without_a_fallback_line_stays_its_own_finding() -> None:
    # the log does not show XLA falling back: the arch failure is not merged into a warning
    got = _by_id([_WARN.format(lvl="W", v="11.0.194", m="11.1"), _FATAL.format(sm="sm_86")])
    assert got["ptxas-too-old"].severity is Severity.WARNING
    assert got["ptxas-does-not-support-gpu"].severity is Severity.ERROR
