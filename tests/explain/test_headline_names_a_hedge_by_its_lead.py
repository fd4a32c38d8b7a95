"""The explain headline names a hedged pair by its first half (the one that names both
causes), never by the second half's "Or: ..." title, also when both halves quote the line
the program died on; and a title that ends "most likely GPU memory" says what about it; one
line either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.facts.log import ReadStats
from tfgpu.findings import Finding, Severity

CUDNN_INIT = ("UnknownError: Failed to get convolution algorithm. This is probably because "
              "cuDNN failed to initialize, so try looking to see if a warning log message was "
              "printed above.\n")
CUDA_OOM = ("2024-01-10 09:00:05.000000: E tensorflow/stream_executor/cuda/cuda_driver.cc:733] "
            "failed to allocate 3.5G (3758096384 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: "
            "out of memory\n")
# cuBLAS keeps the memory reading (cuDNN's bare handle failure is a memory/version hedge)
HANDLE = ("2024-01-10 09:00:05.000000: E tensorflow/stream_executor/cuda/cuda_blas.cc:226] "
          "failed to create cublas handle: CUBLAS_STATUS_NOT_INITIALIZED\n")


def _headline(tmp_path: Path, capsys: pytest.CaptureFixture[str], log: str) -> str:
    path = tmp_path / "train.log"
    path.write_text(log, encoding="utf-8")
    main(["explain", str(path)])
    return capsys.readouterr().out.splitlines()[0]


@pytest.mark.parametrize(("log", "names"), [
    (CUDNN_INIT, "cuDNN failed to initialise and this log does not say why"),
    (CUDA_OOM, "CUDA ran out of GPU memory"),
])
def test_a_hedged_pair_is_headlined_by_its_lead(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str],
                                                log: str, names: str) -> None:
    line = _headline(tmp_path, capsys, log)
    assert line.startswith("No error-level cause; 2 warnings: " + names), line
    assert "Or:" not in line


# cuda_dnn.cc's "Could not create cudnn handle: CUDNN_STATUS_*" (TF 1.x-2.x wordings) before the
# traceback of the convolution that needed it: both halves of the memory/version hedge quote
# both lines; the headline names the likelier half, whose title keeps the "or"
@pytest.mark.parametrize("handle", [
    "E tensorflow/stream_executor/cuda/cuda_dnn.cc:328] Could not create cudnn handle: "
    "CUDNN_STATUS_INTERNAL_ERROR",
    "2019-02-03 11:00:00.000001: E tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not "
    "create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED",
    "2023-05-06 11:00:00.000001: E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:"
    "417] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
])
def test_a_failure_both_hedge_halves_quote_is_headlined_by_the_likelier_half(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], handle: str) -> None:
    log = (f"{handle}\nTraceback (most recent call last):\n  File \"t.py\", line 9, in "
           f"<module>\ntensorflow.python.framework.errors_impl.{CUDNN_INIT}")
    line = _headline(tmp_path, capsys, log)
    assert line.startswith("The program failed (line 4): cuDNN could not create its handle"), line
    assert "most often GPU memory already taken, or a cuDNN/CUDA" in line, line
    assert "The cuDNN/CUDA loaded is not the one" not in line


def test_a_memory_hedge_title_says_what_about_the_memory(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = _headline(tmp_path, capsys, HANDLE)
    assert line.endswith("most likely GPU memory already taken"), line


def _finding(fid: str, title: str) -> Finding:
    return Finding(id=fid, severity=Severity.WARNING, category="memory", title=title)


def test_a_lone_or_half_is_headlined_without_its_or() -> None:
    stats = ReadStats(bytes_read=10, lines=1, non_blank=True)
    alone = explain_report((_finding("a", "Or: the batch is too big"),), stats, "x")
    assert alone.verdict.headline == "No error-level cause; 1 warning: The batch is too big"
    pair = explain_report((_finding("a", "Or: the batch is too big"),
                           _finding("b", "Memory held by another process")), stats, "x")
    assert pair.verdict.headline.endswith(": Memory held by another process")
