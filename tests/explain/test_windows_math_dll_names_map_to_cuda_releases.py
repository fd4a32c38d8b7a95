"""A missing CUDA math-library DLL named after the library's own major (cuFFT, cuRAND,
cuSPARSE, cuSOLVER: ``cufft64_10.dll``) is mapped to the CUDA releases that ship it, from
the soname table (``platform_facts:cuda-library-sonames``), never read as a CUDA version
("CUDA libcufft 10", a ``CUDA\\vlibcufft 10.x`` folder); a DLL named after the CUDA version
(``cudart64_110.dll``) keeps its CUDA; Windows fixes name Windows folders, not apt packages or
lib64."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.libraries import soname_span, span_text
from tfgpu.explain import explain_lines
from tfgpu.facts.view import Facts
from tfgpu.knowledge import load_knowledge
from tfgpu.logs import read_lines

_DSO = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
        "dynamic library '{0}'; dlerror: {0} not found")
_OPENED = ("I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully "
           "opened dynamic library {0}")


def _fix(lines: list[str]) -> str:
    # cuSOLVER 10 alone or beside CUDA 11 libraries: checks/soname_loaded_cuda.py
    found = [f for f in explain_lines(lines) if f.id.startswith("library-not-loaded-")
             or f.id == "cuda-minor-soname-mismatch"]
    assert found, [f.id for f in explain_lines(lines)]
    return "\n".join(found[0].fix) + "\n" + found[0].cause


@pytest.mark.parametrize(("dll", "releases"), [
    ("cufft64_10.dll", "CUDA 10.1 to 11.x"),
    ("libcufft.so.10", "CUDA 10.1 to 11.x"),
    ("curand64_10.dll", "CUDA 10.1 and later"),
    ("cusparse64_11.dll", "CUDA 11.x"),
    ("cusolver64_10.dll", "CUDA 10.1 to 11.0"),
    ("libcusolver.so.11", "CUDA 11.1 and later"),
    ("cufft64_11.dll", "CUDA 12.0 and later"),
])
def test_own_numbered_math_library_maps_to_the_cuda_releases_that_ship_it(
        dll: str, releases: str) -> None:
    view = Facts(None, read_lines([]), load_knowledge())
    base = dll.removeprefix("lib").split("64_")[0].split(".so")[0]
    span = soname_span(view, dll, base)
    assert span is not None and span_text(span) == releases


@pytest.mark.parametrize("dll", ["cudart64_110.dll", "cufft64_100.dll", "cudart64_101.dll"])
def test_cuda_numbered_dll_has_no_soname_span(dll: str) -> None:
    view = Facts(None, read_lines([]), load_knowledge())
    assert soname_span(view, dll, dll.split("64_")[0]) is None


@pytest.mark.parametrize("dll", ["cufft64_10.dll", "curand64_10.dll", "cusparse64_11.dll",
                                 "cusolver64_10.dll", "cusolver64_11.dll"])
def test_windows_fix_for_own_numbered_dll_names_a_cuda_release_and_folder(dll: str) -> None:
    text = _fix(["(tf) C:\\Users\\f>python t.py", _DSO.format(dll)])
    assert "CUDA lib" not in text and "\\vlib" not in text
    assert "Install a CUDA release that ships " + dll in text
    assert "shipped with CUDA " in text
    assert "lib64" not in text and "apt" not in text and "libcusolver-" not in text


def test_windows_dll_folder_follows_the_cuda_of_the_log_other_libraries() -> None:
    """cudart64_110.dll opened (CUDA 11): cuSOLVER 10 of CUDA 11 is only in 11.0, cuFFT 10
    in any 11.x."""
    lines = ["(tf) C:\\Users\\f>python t.py", _OPENED.format("cudart64_110.dll"),
             _DSO.format("cusolver64_10.dll")]
    text = _fix(lines)
    assert "CUDA\\v11.0\\bin" in text and "CUDA\\v11.x" not in text
    assert "install CUDA 11.0 beside it" in text and "libcusolver-11-0" not in text
    text = _fix(["(tf) C:\\Users\\f>python t.py", _OPENED.format("cudart64_110.dll"),
                 _DSO.format("cufft64_10.dll")])
    assert "CUDA\\v11.x\\bin" in text


def test_cuda_numbered_dll_keeps_its_cuda_folder() -> None:
    text = _fix(["(tf) C:\\Users\\f>python t.py", _DSO.format("cudart64_110.dll")])
    assert "Install CUDA 11 and add its bin folder to PATH" in text
    assert "CUDA\\v11.x\\bin" in text


def test_linux_cusolver_10_fix_keeps_the_linux_package_and_folder() -> None:
    text = _fix(["2021-01-10 W tensorflow/stream_executor/platform/default/dso_loader.cc:60] "
                 "Could not load dynamic library 'libcusolver.so.10'; dlerror: "
                 "libcusolver.so.10: cannot open shared object file: No such file or directory"])
    assert "libcusolver-11-0" in text and "LD_LIBRARY_PATH" in text
