"""A ROCm library that did not load is ROCm's fault, named with the component and the ROCm
releases that ship its file name, whichever loader printed it.

Wordings: glibc's dlerror ("<soname>: cannot open shared object file: No such file or
directory", in Python's ImportError or TensorFlow's NotFoundError), TensorFlow's dso_loader
("Could not load dynamic library '...'"), and TensorFlow 1.x's / hipTensorFlow's dso_loader
("Couldn't open CUDA library <name>. LD_LIBRARY_PATH: ...").  File names: the HCC era's
runtimes (libmcwamp.so.N, libhc_am.so.N with N the HCC major: hcc lib/CMakeLists.txt,
MCWAMP.cmake), hcRNG/hcBLAS and their HIP wrappers (libhcrng, libhiprng, libhipblas_hcc),
ROCr (libhsa-runtime64.so.1); rows of ``knowledge/data/gpu_stack_libraries.toml``."""

from __future__ import annotations

import pytest

from tfgpu.knowledge import gpu_stacks

from .kind_helpers import fix_text, ids, known


@pytest.mark.parametrize(("line", "lib", "words"), [
    ("ImportError: libmcwamp.so.3: cannot open shared object file: No such file or directory",
     "libmcwamp.so.3", ("HCC", "3.0-3.3")),
    ("ImportError: libmcwamp.so.1: cannot open shared object file: No such file or directory",
     "libmcwamp.so.1", ("HCC", "1.x-2.6")),
    ("tensorflow.python.framework.errors_impl.NotFoundError: libhc_am.so.2: cannot open shared "
     "object file: No such file or directory", "libhc_am.so.2", ("HCC", "2.7-2.10")),
    ("2019-05-02 10:01:02.000001: I tensorflow/stream_executor/platform/default/dso_loader.cc:"
     "42] Could not dlopen library 'libmcwamp.so.2'; dlerror: libmcwamp.so.2: cannot open shared "
     "object file: No such file or directory", "libmcwamp.so.2", ("HCC",)),
    ("I tensorflow/stream_executor/dso_loader.cc:130] Couldn't open CUDA library libhiprng.so. "
     "LD_LIBRARY_PATH: /opt/rocm/lib", "libhiprng.so", ("hcRNG", "/opt/rocm/hcrng")),
    ("Couldn't open CUDA library libhcrng.so", "libhcrng.so", ("hcRNG",)),
    ("I tensorflow/stream_executor/dso_loader.cc:130] Couldn't open CUDA library "
     "libhipblas_hcc.so. LD_LIBRARY_PATH: ", "libhipblas_hcc.so", ("hcBLAS",)),
    ("ImportError: libhsa-runtime64.so.1: cannot open shared object file: No such file or "
     "directory", "libhsa-runtime64.so.1", ("HSA runtime",)),
    # hipTensorFlow's loader asks for some HCC-era builds with a hyphen, and for others with an
    # _hcc suffix on the library's own name
    ("I tensorflow/stream_executor/dso_loader.cc:130] Couldn't open CUDA library "
     "libhipblas-hcc.so. LD_LIBRARY_PATH: ", "libhipblas-hcc.so", ("hcBLAS",)),
    ("I tensorflow/stream_executor/dso_loader.cc:130] Couldn't open CUDA library "
     "libhipfft_hcc.so. LD_LIBRARY_PATH: ", "libhipfft_hcc.so", ("hipFFT",)),
])
def test_rocm_library_names_its_component_and_releases(
        line: str, lib: str, words: tuple[str, ...]) -> None:
    f = known([line], "rocm-runtime-missing")
    assert lib in f.title
    assert all(w in f.cause for w in words), f.cause
    text = fix_text(f)
    assert "tensorflow-rocm" in text and "/opt/rocm" in text
    assert "and-cuda" not in text and "/usr/local/cuda" not in text
    assert not any(i.startswith("library-not-loaded") for i in ids([line]))


def test_hcc_era_library_is_listed_by_the_fix() -> None:
    f = known(["ImportError: libmcwamp.so.3: cannot open shared object file: No such file or "
               "directory"], "rocm-runtime-missing")
    assert "|mcwamp'" in fix_text(f)


@pytest.mark.parametrize("line", [
    # a CUDA library in the old loader: the NVIDIA stack's, never ROCm's
    "I tensorflow/stream_executor/dso_loader.cc:130] Couldn't open CUDA library libcurand.so.8.0."
    " LD_LIBRARY_PATH: /usr/local/cuda/lib64",
    # TBB: a generic name other software ships; not ROCm's
    "ImportError: libtbb.so.12: cannot open shared object file: No such file or directory",
])
def test_other_libraries_are_not_rocm(line: str) -> None:
    assert "rocm-runtime-missing" not in ids([line])


@pytest.mark.parametrize(("filename", "stack", "base"), [
    ("libamdhip64.so.6", "rocm", "amdhip64"),
    ("/opt/rocm-3.3.0/lib/libmcwamp.so.3", "rocm", "mcwamp"),
    ("libMIOpen.so.1", "rocm", "miopen"),
    ("libhipblas-hcc.so", "rocm", "hipblas_hcc"),
    ("libhipfft_hcc.so", "rocm", "hipfft"),
    ("librocblas.so.4.2.60200-66~22.04", "rocm", "rocblas"),
    ("libsycl.so.7", "oneapi", "sycl"),
    ("libmkl_sycl.so.2", "oneapi", "mkl_sycl"),
    ("C:\\env\\Lib\\site-packages\\tensorflow-plugins\\directml\\DirectML.d6f2a8c6.dll",
     "directml", "directml"),
])
def test_the_table_knows_each_stacks_file_names(filename: str, stack: str, base: str) -> None:
    row = gpu_stacks.library(filename)
    assert row is not None and row.stack == stack and row.base == base
    assert gpu_stacks.source_url(row.source).startswith("https://github.com/")


def test_every_row_has_a_known_source() -> None:
    rows = [*gpu_stacks.libraries().values(), *gpu_stacks.symbols()]
    for row in rows:
        assert gpu_stacks.source_url(row.source)
    assert gpu_stacks.library("libcudnn.so.8") is None
    assert gpu_stacks.library("libnvinfer.so.7") is None


def test_the_hcc_suffix_is_read_only_for_rocm_libraries() -> None:
    # oneAPI's libsycl is in the table: its name with an _hcc suffix is no HCC-era build
    assert gpu_stacks.library("libsycl.so.7") is not None
    assert gpu_stacks.library("libsycl_hcc.so") is None
    assert gpu_stacks.library("libsomething-hcc.so") is None


def test_hiptensorflow_plugin_dso_lines_are_not_cuda_libraries() -> None:
    lines = ["I tensorflow/stream_executor/dso_loader.cc:130] Couldn't open CUDA library "
             "libhipfft_hcc.so. LD_LIBRARY_PATH: ",
             "I tensorflow/stream_executor/cuda/cuda_fft.cc:344] Unable to load cuFFT DSO.",
             "I tensorflow/stream_executor/dso_loader.cc:139] successfully opened CUDA library "
             "libhip_hcc.so locally"]
    found = ids(lines)
    assert "rocm-runtime-missing" in found
    assert not any(i.startswith("library-not-loaded") for i in found), found

