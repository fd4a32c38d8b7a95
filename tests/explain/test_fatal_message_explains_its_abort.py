"""A shell's end report ("Aborted (core dumped)") after a fatal message is that message's
abort: a finding that quotes the message explains the death, a warning-level hedge too, and
the lines the program prints between its message and the abort belong to the message.

Fatal messages from their sources: a glog/absl ``F`` line (``LOG(FATAL)`` logs, then aborts:
tsl/platform/default/logging.cc; XLA's statusor.cc:34 "Attempting to fetch value instead of
handling error ..." with the Status's "while setting up ..." line below), rocBLAS's "rocBLAS
error: Cannot read ..." (library/src/tensile_host.cpp, then ``rocblas_abort()``; ROCm 5.7+
lists the library folder's files between them) and libstdc++'s verbose terminate handler
("terminate called after throwing an instance of ...", "  what():  ...": vterminate.cc)."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream


def _verdict(lines: list[str]) -> tuple[str, list[str], bool]:
    result = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode()))
    report = explain_report(result.findings, result.stats, "t.log", died=result.died,
                            failure=result.failure, foreign_oom=result.foreign_oom)
    return (report.verdict.headline, [f.id for f in result.findings],
            bool(report.verdict.program_failed))


_XLA_F = ("2020-05-01 10:00:01.000000: F tensorflow/core/platform/statusor.cc:34] Attempting "
          "to fetch value instead of handling error Invalid argument: device CUDA:1 not "
          "supported by XLA service")
_XLA_F_ABSL = ("F0501 10:00:01.000000   4321 statusor.cc:34] Attempting to fetch value "
               "instead of handling error Internal: no supported devices found for platform "
               "CUDA")
_RB = ("rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: "
       "Permission denied for GPU arch : gfx1100")


@pytest.mark.parametrize(("lines", "finding", "words"), [
    # XLA's fatal Status fetch (a hedge: the log does not say why XLA left the GPU out)
    ([_XLA_F, "\twhile setting up XLA_GPU_JIT device number 1", "Aborted (core dumped)"],
     "xla-gpu-device-not-initialised", "XLA could not use GPU 1"),
    ([_XLA_F_ABSL, "Aborted"], "xla-gpu-device-not-initialised", "XLA could use none"),
    # rocBLAS 5.7+: the folder's file listing between the message and the abort (it lists
    # the GPU's own kernel file, so the failure is reading it: permissions)
    (["", _RB, " List of available TensileLibrary Files : ",
      '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1030.dat"',
      '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1100.dat"',
      '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx90a.dat"',
      "Aborted (core dumped)"], "rocm-gpu-arch-unsupported",
     "rocBLAS could not read its Tensile kernel library"),
    # ... and an empty listing
    (["rocBLAS error: Cannot read /opt/rocm/lib/rocblas/library/TensileLibrary.dat: No such "
      "file or directory for GPU arch : gfx1030", " List of available TensileLibrary Files : ",
      "Aborted (core dumped)"], "rocm-gpu-arch-unsupported", "rocBLAS found no Tensile"),
    # ... and the listing's own failure: libstdc++'s terminate handler, then the abort
    (["rocBLAS error: Cannot read /home/u/rocm/rocblas/library/TensileLibrary.dat: No such "
      "file or directory for GPU arch : gfx90a",
      "terminate called after throwing an instance of "
      "'std::filesystem::__cxx11::filesystem_error'",
      "  what():  filesystem error: directory iterator cannot open directory: No such file or "
      "directory [/home/u/rocm/rocblas/library]",
      "Aborted (core dumped)"], "rocm-gpu-arch-unsupported", "rocBLAS found no Tensile"),
])
def test_fatal_message_a_finding_quotes_explains_the_abort(lines: list[str], finding: str,
                                                          words: str) -> None:
    headline, ids, failed = _verdict(lines)
    assert finding in ids and failed
    assert "unrecognised-error" not in ids
    assert headline.startswith("The program failed (line ") and words in headline
    assert "does not know why" not in headline


_XLA_E = ("2020-05-01 10:00:01.000000: E tensorflow/core/platform/statusor.cc:34] Invalid "
          "argument: device CUDA:1 not supported by XLA service")


def test_other_log_record_between_an_unknown_fatal_line_and_the_abort_explains_nothing() -> None:
    # an E line a finding quotes is another record, no part of the F line's message above it
    headline, ids, failed = _verdict([
        "2023-01-01 10:00:00.000000: F tensorflow/core/framework/some_kernel.cc:12] "
        "Unexpected frobnication state 7", _XLA_E, "Aborted (core dumped)"])
    assert "xla-gpu-device-not-initialised" in ids
    assert failed and "does not know why" in headline


def test_abort_after_an_error_level_line_alone_is_still_unknown() -> None:
    # no fatal message above the abort: an E line (the program may go on after it) is not
    # its cause by itself
    headline, ids, failed = _verdict([_XLA_E, "Aborted (core dumped)"])
    assert "xla-gpu-device-not-initialised" in ids
    assert failed and "does not know why" in headline
