"""TensorFlow's own library that cannot be imported for want of a GPU runtime's symbol names the
runtime: a ROCm runtime's says the tensorflow-rocm wheel was built against another ROCm release
than the one the loader found; an NVIDIA library's (cuDNN, cuBLAS, NCCL, the CUDA runtime...)
says the file found is another release of that library than TensorFlow's build.

Wordings: glibc's "<object>: undefined symbol: <name>" (elf/dl-lookup.c) in Python's
ImportError for TensorFlow's extension (_pywrap_tensorflow_internal.so) or framework library.
Symbols: the HCC-era HIP runtime's C++ namespace hip_impl (mangled ``_ZN8hip_impl...``: HIP
include/hip/hcc_detail), and the C API prefixes of HIP (hipXxx) and MIOpen (miopenXxx), of
NVIDIA's libraries (the CUDA/cuDNN headers: cudnnXxx, cublasXxx, cublasLtXxx, cudaXxx;
nccl.h: ncclXxx); rows ``[[symbol]]`` of ``knowledge/data/gpu_stack_libraries.toml``."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.gpu_runtime_symbol import demangle_nested

from .kind_helpers import fix_text, ids, known

_ID = "tensorflow-rocm-rocm-version-mismatch"
_PYWRAP = "/usr/local/lib/python3.6/dist-packages/tensorflow/python/_pywrap_tensorflow_internal.so"


@pytest.mark.parametrize(("line", "words"), [
    (f"ImportError: {_PYWRAP}: undefined symbol: "
     "_ZN8hip_impl22hipLaunchKernelGGLImplEmRK4dim3S3_jP12ihipStream_tPPv",
     ("hip_impl::hipLaunchKernelGGLImpl", "libhip_hcc", "ROCm 1.x to 3.x")),
    ("ImportError: /home/u/venv/lib/python3.7/site-packages/tensorflow_core/python/"
     "_pywrap_tensorflow_internal.so: undefined symbol: _ZNK8hip_impl13program_state8kernargsEm",
     ("hip_impl::program_state", "libhip_hcc")),
    ("ImportError: libtensorflow_framework.so.2: undefined symbol: hipModuleLaunchKernel",
     ("hipModuleLaunchKernel", "libamdhip64")),
    (f"ImportError: {_PYWRAP}: undefined symbol: miopenFindConvolutionForwardAlgorithm",
     ("MIOpen",)),
])
def test_rocm_symbol_of_tensorflows_library_names_the_runtime(
        line: str, words: tuple[str, ...]) -> None:
    f = known([line], _ID)
    assert "built against another ROCm release" in f.title
    assert all(w in f.title + f.cause for w in words), f.title + f.cause
    text = fix_text(f)
    assert "tensorflow-rocm" in text and "hip_hcc" in text
    assert "and-cuda" not in text


@pytest.mark.parametrize("line", [
    # an add-on's library, not TensorFlow's: checks/custom_ops.py's kinds
    "ImportError: /opt/venv/lib/python3.8/site-packages/horovod/tensorflow/mpi_lib.so: undefined "
    "symbol: hipMalloc",
    # a function TensorFlow looked up in a library it never loaded (dso_loader's dlsym)
    "F tensorflow/stream_executor/cuda/cuda_dnn.cc:204] could not find cudnnCreate in cudnn DSO; "
    f"dlerror: {_PYWRAP}: undefined symbol: cudnnCreate",
    # a name that only starts like HIP's
    f"ImportError: {_PYWRAP}: undefined symbol: hippocampus_init",
])
def test_other_symbols_are_not_a_rocm_release_mismatch(line: str) -> None:
    f = ids([line]).get(_ID)
    assert f is None or "built against another ROCm release" not in f.title


@pytest.mark.parametrize(("symbol", "name"), [
    ("_ZN8hip_impl19Bundled_code_header13magic_string_E",
     "hip_impl::Bundled_code_header::magic_string_"),
    ("_ZNK8hip_impl13program_state8kernargsEm", "hip_impl::program_state::kernargs"),
    ("hipMalloc", ""),
    ("_ZN8hip_impl5fo", ""),
])
def test_nested_names_are_read(symbol: str, name: str) -> None:
    assert demangle_nested(symbol) == name


_NVIDIA_ID = "gpu-library-other-release-than-build"


@pytest.mark.parametrize(("line", "short"), [
    (f"ImportError: {_PYWRAP}: undefined symbol: cudnnSetRNNDescriptor_v6", "cuDNN"),
    ("ImportError: /opt/conda/lib/python3.6/site-packages/tensorflow/python/"
     "_pywrap_tensorflow_internal.so: undefined symbol: cublasGemmEx", "cuBLAS"),
    ("ImportError: libtensorflow_framework.so: undefined symbol: ncclCommInitRank", "NCCL"),
    (f"ImportError: {_PYWRAP}: undefined symbol: cudaStreamBeginCapture", "CUDA runtime"),
])
def test_nvidia_symbol_of_tensorflows_library_names_the_library(line: str, short: str) -> None:
    f = known([line], _NVIDIA_ID)
    assert short in f.title
    text = fix_text(f)
    assert "ldconfig -p" in text and "LD_LIBRARY_PATH" in text
    assert _ID not in ids([line])


def test_dso_lookup_is_not_a_release_mismatch() -> None:
    line = ("F tensorflow/stream_executor/cuda/cuda_dnn.cc:204] could not find cudnnCreate in "
            f"cudnn DSO; dlerror: {_PYWRAP}: undefined symbol: cudnnCreate")
    assert _NVIDIA_ID not in ids([line])

