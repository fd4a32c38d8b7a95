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
])
def test_rocm_library_not_loaded_gets_the_rocm_loader_path_and_release(line: str) -> None:
    f = known([line], "rocm-runtime-missing")
    text = fix_text(f)
    assert "/etc/ld.so.conf.d/rocm.conf" in text and "ldconfig" in text
    assert "/opt/rocm" in text and "tensorflow-rocm" in text
    assert not any(w in text for w in _CUDA_FIX_WORDS)
    assert not any(i.startswith("library-not-loaded") for i in ids([line]))
