"""``dlerror: <lib>: undefined symbol: <sym>[, version <dep>]`` for a CUDA library TensorFlow
tried to load: glibc found the file (elf/dl-lookup.c prints the object it resolved), and a
symbol it needs is missing from the copy of its dependency that loaded first. A found-but-
mismatched dependency, never "not found" nor "add lib64 to LD_LIBRARY_PATH"."""

from __future__ import annotations

from tfgpu.explain import explain_lines

_LINE = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
         "library '{lib}'; dlerror: /usr/local/cuda/lib64/{lib}: undefined symbol: {sym}{ver}")


def _found(lib: str, sym: str, ver: str = "") -> dict[str, str]:
    text = _LINE.format(lib=lib, sym=sym, ver=f", version {ver}" if ver else "")
    return {f.id: " ".join([f.title, f.cause, *f.fix]) for f in explain_lines([text])}


def test_undefined_symbol_names_the_versioned_dependency_and_how_to_see_which_copy() -> None:
    found = _found("libcublas.so.11", "cublasLtGetStatusString", "libcublasLt.so.11")
    assert "library-dependency-mismatched" in found, found
    assert not any(k.startswith("library-not-loaded") for k in found)
    text = found["library-dependency-mismatched"]
    assert "libcublasLt.so.11" in text and "cublasLtGetStatusString" in text
    assert "ldd /usr/local/cuda/lib64/libcublas.so.11" in text and "LD_DEBUG=libs" in text
    assert "could not find" not in text and "export LD_LIBRARY_PATH=" not in text


def test_undefined_symbol_without_version_names_no_dependency_but_still_found() -> None:
    found = _found("libcudnn.so.8", "cublasLtMatmulPreferenceSetAttribute")
    text = found["library-dependency-mismatched"]
    assert "libcudnn.so.8" in text and "ldd" in text and "could not find" not in text
