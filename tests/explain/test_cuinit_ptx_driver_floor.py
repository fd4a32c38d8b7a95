"""cuInit's CUDA_ERROR_UNSUPPORTED_PTX_VERSION with the driver version in the log: the
driver is older than the CUDA that made the PTX; the finding names the newest CUDA that
driver runs (cuda_min_driver.toml toolkit minimums) and, when the log shows TensorFlow's
CUDA, the driver that CUDA needs. Without a driver version no such claim is made."""

from __future__ import annotations

from tfgpu.explain import explain_lines

_CUINIT = ("E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:282] failed call to "
           "cuInit: CUDA_ERROR_UNSUPPORTED_PTX_VERSION: the provided PTX was compiled with an "
           "unsupported toolchain.")
_LIBCUDA = ("I external/local_xla/xla/stream_executor/cuda/cuda_diagnostics.cc:165] libcuda "
            "reported version is: {v}")
_CUDART12 = ("I tensorflow/tsl/platform/default/dso_loader.cc:53] Successfully opened dynamic "
             "library libcudart.so.12")


def _cause(*lines: str) -> str:
    found = {f.id: f for f in explain_lines(list(lines))}
    f = found["cuinit-unsupported-ptx-version"]
    return " ".join([f.cause, *f.fix])


def test_driver_470_is_named_too_old_with_its_newest_cuda() -> None:
    text = _cause(_CUINIT, _LIBCUDA.format(v="470.223.2"))
    assert "470.223.2" in text and "CUDA 11.4" in text and "too old" in text
    assert "see the CUresult description" not in text


def test_tensorflow_cuda_from_the_log_gives_the_driver_it_needs() -> None:
    text = _cause(_CUDART12, _CUINIT, _LIBCUDA.format(v="470.223.2"))
    assert "CUDA 12" in text and "525.60.13" in text


def test_no_driver_version_no_driver_claim() -> None:
    text = _cause(_CUINIT)
    assert "too old" not in text and "CUDA 11.4" not in text
