"""A log that shows AMD's ROCm stack (tensorflow-rocm) gets ROCm causes and fixes, never CUDA's.

Wordings: TensorFlow's dso_loader ("Could not load dynamic library '...'; dlerror: ..."), the
Python import's ImportError, the ROCm library file names (HIP runtime libamdhip64 / its older
name libhip_hcc, MIOpen, rocBLAS, RCCL, rocFFT/hipFFT); AMD's post-install linker step."""

from __future__ import annotations

import pytest

from .kind_helpers import fix_text, ids, known

_CUDA_FIX_WORDS = ("and-cuda", "/usr/local/cuda", "cuDNN 7", "CUDA 10")


@pytest.mark.parametrize("line", [
    # TF 2.2-era dso_loader wording, as a Status message
    "Failed precondition: Could not load dynamic library 'libhip_hcc.so'; dlerror: "
    "libhip_hcc.so: cannot open shared object file: No such file or directory",
    # the dso_loader W line of later tensorflow-rocm
    "2023-05-02 10:01:02.000001: W tensorflow/compiler/xla/stream_executor/platform/default/"
    "dso_loader.cc:64] Could not load dynamic library 'libamdhip64.so.5'; dlerror: "
    "libamdhip64.so.5: cannot open shared object file: No such file or directory",
    "ImportError: librccl.so.1: cannot open shared object file: No such file or directory",
    "Could not load dynamic library 'librocfft.so.0'; dlerror: librocfft.so.0: cannot open "
    "shared object file: No such file or directory",
    "Could not load dynamic library 'libhipfft.so'; dlerror: libhipfft.so: cannot open shared "
    "object file: No such file or directory",
    "OSError: libamd_comgr.so.2: cannot open shared object file: No such file or directory",
    "ImportError: libhiprtc.so.5: cannot open shared object file: No such file or directory",
])
def test_rocm_library_not_loaded_gets_the_rocm_loader_path_and_release(line: str) -> None:
    f = known([line], "rocm-runtime-missing")
    text = fix_text(f)
    assert "/etc/ld.so.conf.d/rocm.conf" in text and "ldconfig" in text
    assert "/opt/rocm" in text and "tensorflow-rocm" in text
    assert not any(w in text for w in _CUDA_FIX_WORDS)
    assert not any(i.startswith("library-not-loaded") for i in ids([line]))


# --- MIOpen (AMD's DNN library) did not start -----------------------------------------------

_NO_DNN_LINE = ("2020-03-07 11:30:50.337932: W ./tensorflow/stream_executor/stream.h:2039] "
                "attempting to perform DNN operation using StreamExecutor without DNN support")


def _handle_line(status: str, path: str = "tensorflow/stream_executor/rocm/rocm_dnn.cc:508") -> str:
    return f"2021-01-02 03:04:05.000006: E {path}] could not create miopen handle: {status}"


@pytest.mark.parametrize("lines", [
    # MIOpen's OpenCL handle code by path, with TensorFlow's handle line (TF 2.x path)
    ["MIOpen Error: /src/MIOpen/src/ocl/handleocl.cpp:154: Error: Creating Handle. Cannot "
     "Initialize Handle from Queue", _handle_line("miopenStatusUnknownError"), _NO_DNN_LINE],
    # another OpenCL-only source (oclerrors.cpp), the later XLA path of rocm_dnn.cc
    # (TensorFlow 2.14+ vendors XLA as local_xla; external/xla/xla/ is jaxlib's)
    ["MIOpen Error: /opt/build/MIOpen/src/ocl/oclerrors.cpp:40: OpenCL Error",
     _handle_line("miopenStatusInternalError",
                  "external/local_xla/xla/stream_executor/rocm/rocm_dnn.cc:777")],
    # handleocl.cpp's own words alone (no path): the queue given is no OpenCL queue
    ["MIOpen Error: Error: Creating Handle. Cannot Initialize Handle from Queue Invalid "
     "Command Queue"],
])
def test_miopen_opencl_build_gets_the_hip_build_fix(lines: list[str]) -> None:
    f = known(lines, "rocm-miopen-opencl-backend-instead-of-hip")
    text = fix_text(f)
    assert "miopen-hip" in text and "miopen-opencl" in text
    found = ids(lines)
    assert not any("cudnn" in i or i.startswith("dnn-") for i in found)


@pytest.mark.parametrize("lines", [
    # the handle failure alone, another status (TF 2.x and XLA paths; TensorFlow 2.14+ vendors
    # XLA as local_xla, external/xla/xla/ is jaxlib's)
    [_handle_line("miopenStatusNotInitialized")],
    [_handle_line("miopenStatusAllocFailed",
                  "external/local_xla/xla/stream_executor/rocm/rocm_dnn.cc:777")],
    # MIOpen's HIP build failing (handlehip.cpp), then no DNN support
    ["MIOpen Error: /long_pathname/MIOpen/src/hip/handlehip.cpp:167: Error getting device count",
     _handle_line("miopenStatusUnknownError"), _NO_DNN_LINE],
    # only the no-DNN line, in a log that shows the ROCm stack
    ["2021-01-02 03:04:05.000001: I tensorflow/stream_executor/platform/default/"
     "dso_loader.cc:49] Successfully opened dynamic library libMIOpen.so", _NO_DNN_LINE,
     "tensorflow.python.framework.errors_impl.NotFoundError: No algorithm worked! "
     "Failed to find conv algorithm!"],
])
def test_miopen_start_failure_is_a_rocm_hedge_never_cudnn(lines: list[str]) -> None:
    found = ids(lines)
    f = found["rocm-miopen-handle-failed"]
    text = fix_text(f)
    assert "miopen-hip" in text and "rocminfo" in text and "tensorflow-rocm" in text
    assert not any(w in text for w in _CUDA_FIX_WORDS)
    assert "rocm-miopen-opencl-backend-instead-of-hip" not in found
    assert not any("cudnn" in i or i.startswith("dnn-") or i.startswith("collective")
                   for i in found)


def test_no_dnn_line_without_rocm_stays_cudnn() -> None:
    assert "dnn-library-not-found" in ids([_NO_DNN_LINE.replace("./", "")])
    assert "rocm-miopen-handle-failed" not in ids([_NO_DNN_LINE])
