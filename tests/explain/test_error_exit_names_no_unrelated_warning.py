"""A program's own error exit, as an IDE's run console ("Process finished with exit code 1",
IntelliJ's ProcessTerminatedListener) or Docker Compose ("train-1 exited with code 1",
compose pkg/compose/printer.go) reports it, is a death: the verdict says the program failed,
names the code and its line, and exits 1.  A warning the program goes on after (TensorFlow
logs "Could not load dynamic library" at W level and runs on the CPU) is not named as the
cause; a finding that quotes an error-level line (a glog ``E`` line) still is, as the
likeliest one."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Report

_CUDART_WIN = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
               "dynamic library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found")
_CUDART_LINUX = ("2023-03-01 10:00:00.000000: W tensorflow/compiler/xla/stream_executor/platform/"
                 "default/dso_loader.cc:64] Could not load dynamic library 'libcudart.so.11.0'; "
                 "dlerror: libcudart.so.11.0: cannot open shared object file: No such file or "
                 "directory")
_CUDNN_E = ("E tensorflow/stream_executor/cuda/cuda_dnn.cc:455] could not create cudnn handle: "
            "CUDNN_STATUS_INTERNAL_ERROR")


def _report(lines: list[str]) -> Report:
    res = explain_stream(io.BytesIO(("\n".join(lines) + "\n").encode()))
    return explain_report(res.findings, res.stats, "in.log", died=res.died, failure=res.failure)


@pytest.mark.parametrize(("warning", "exit_line", "code"), [
    (_CUDART_WIN, "Process finished with exit code 1", "1"),
    (_CUDART_LINUX, "Process finished with exit code 2", "2"),
    (_CUDART_LINUX, "train-1 exited with code 1", "1"),
    (_CUDART_WIN, "worker-2 exited with code 3", "3"),
])
def test_an_error_exit_after_a_notice_is_a_failure_with_no_cause_named(
        warning: str, exit_line: str, code: str) -> None:
    rep = _report([warning, "", exit_line])
    v = rep.verdict
    assert v.program_failed is True
    assert f"exited with code {code} (line 3)" in v.headline
    assert "does not know why" in v.headline and "likeliest cause" not in v.headline
    exit_finding = next(f for f in rep.findings if f.id == "unrecognised-error")
    assert "exited with an error code" in exit_finding.title
    assert any(e.line == 3 for e in exit_finding.evidence)
    assert not any("search the exact last exception line" in x for x in exit_finding.fix)


def test_an_error_level_line_before_the_exit_stays_its_likeliest_cause() -> None:
    v = _report([_CUDNN_E, "", "Process finished with exit code 1"]).verdict
    assert v.program_failed is True
    assert "likeliest cause" in v.headline and "cuDNN" in v.headline


def test_a_clean_exit_after_the_notice_is_no_failure() -> None:
    v = _report([_CUDART_WIN, "", "Process finished with exit code 0"]).verdict
    assert v.program_failed is False
    assert v.headline.startswith("No error-level cause")


def test_a_traceback_above_the_exit_code_is_its_reason() -> None:
    rep = _report([_CUDART_WIN, "Traceback (most recent call last):",
                   '  File "train.py", line 3, in <module>',
                   "FrobnicateError: the widget jammed", "",
                   "Process finished with exit code 1"])
    titles = [f.title for f in rep.findings if f.id == "unrecognised-error"]
    assert titles and "exception" in titles[0]
    assert rep.verdict.program_failed is True
    assert "likeliest cause" not in rep.verdict.headline


def test_an_explained_failure_keeps_its_cause() -> None:
    v = _report(["tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
                 "allocating tensor with shape[64,3,512,512] and type float on /job:localhost/"
                 "replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc", "",
                 "Process finished with exit code 1"]).verdict
    assert v.program_failed is True
    assert "does not know why" not in v.headline
    assert "OOM" in v.headline or "memory" in v.headline
