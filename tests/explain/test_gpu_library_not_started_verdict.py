"""After TensorFlow created a GPU device, a GPU library that could not start on it (cuDNN's
"Could not create cudnn handle: CUDNN_STATUS_*", cuBLAS's "failed to create cublas handle")
with only warnings naming why and no traceback: the verdict's ``gpu_usable`` is unknown
(``None``), not ``True``, and its header line names the library, the line and the ops that
cannot run (docs/explain.md, docs/json-schema.md); an error-level finding for the same
failure makes it ``False`` (its header line names that error); a device created with nothing
after it stays ``True``."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Report

from .kind_helpers import host_facts

_CREATED = ("2021-03-01 10:00:00.100000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1406]"
            " Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 6581 MB"
            " memory) -> physical GPU (device: 0, name: GeForce RTX 2070, pci bus id: "
            "0000:01:00.0, compute capability: 7.5)")


def _report(*lines: str) -> Report:
    res = explain_stream(io.BytesIO("".join(x + "\n" for x in lines).encode()))
    return explain_report(res.findings, res.stats, "x", died=res.died, failure=res.failure)


@pytest.mark.parametrize("status", ["CUDNN_STATUS_INTERNAL_ERROR",
                                    "CUDNN_STATUS_NOT_INITIALIZED"])
def test_cudnn_handle_failure_after_device_created_makes_gpu_usable_unknown(status: str) -> None:
    rep = _report(_CREATED, "2021-03-01 10:00:02.100000: E tensorflow/stream_executor/cuda/"
                  f"cuda_dnn.cc:328] Could not create cudnn handle: {status}")
    assert rep.verdict.problems == 0, rep.findings  # the hedged warnings, no error
    assert rep.verdict.gpu_usable is None
    why = rep.meta["gpu_usable"]
    assert why.startswith("unknown: TensorFlow created a GPU device, then cuDNN could not "
                          "start on it (line 2)"), why
    assert "convolutions, pooling, RNNs" in why, why


def test_xla_path_cudnn_handle_failure_reads_the_same() -> None:
    rep = _report(_CREATED, "2023-02-14 09:12:03.110233: E tensorflow/compiler/xla/stream_executor"
                  "/cuda/cuda_dnn.cc:417] Could not create cudnn handle: "
                  "CUDNN_STATUS_INTERNAL_ERROR")
    assert rep.verdict.gpu_usable is None
    assert "cuDNN could not start" in rep.meta["gpu_usable"]


def test_device_created_with_nothing_after_it_stays_usable() -> None:
    rep = _report(_CREATED)
    assert rep.verdict.gpu_usable is True
    assert "gpu_usable" not in rep.meta


def test_cudnn_handle_failure_read_as_an_error_makes_gpu_usable_false() -> None:
    """Host facts with the GPU, its driver and the build's CUDA/cuDNN settle the hedge:
    ``dnn-handle-failed-gpu-memory`` is an error, and an error says the GPU cannot be used."""
    lines = [_CREATED, "2021-03-01 10:00:02.100000: E tensorflow/stream_executor/cuda/"
             "cuda_dnn.cc:328] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR"]
    res = explain_stream(io.BytesIO("".join(x + "\n" for x in lines).encode()),
                         host_facts(gpu="GeForce RTX 2070", tf="1.13.1", cuda="10.0",
                                    cudnn="7.5", driver="410.104"))
    rep = explain_report(res.findings, res.stats, "x", died=res.died, failure=res.failure)
    assert rep.verdict.problems == 1, res.findings
    assert rep.verdict.gpu_usable is False
    assert rep.meta["gpu_usable"].startswith("no: TensorFlow created a GPU device, then")


def test_an_error_after_the_device_was_created_says_why_the_gpu_is_not_usable() -> None:
    """``gpu_usable`` false beside ``gpu-device-created`` (ok) in one report: the header line
    names the error that stands in the way, so the two do not read as a contradiction."""
    rep = _report(_CREATED, "Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so:"
                  " cannot open shared object file: No such file or directory")
    assert rep.verdict.gpu_usable is False
    why = rep.meta["gpu_usable"]
    assert why.startswith("no: TensorFlow created a GPU device, then the log shows what stops "
                          "GPU work on it: "), why
    assert "libnvrtc.so" in why, why
