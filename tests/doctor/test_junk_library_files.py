"""Files only named like CUDA libraries (their header is not ELF/PE: facts ``binary =
"not-a-library"``) are not libraries (issue 10 §3): no check counts them as a CUDA or cuDNN
copy, and the doctor names each such file in its own finding."""

from __future__ import annotations

import dataclasses

from doctor_helpers import gpu_host, this_machine

from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import CudaToolkit, SharedLibrary
from tfgpu.knowledge import load_knowledge


def _junk(name: str, filename: str, version: str) -> SharedLibrary:
    return SharedLibrary(name=name, filename=filename, path=f"/opt/junk/{filename}",
                         version=version, origin="ld_library_path", selected=True,
                         binary="not-a-library")


_CUDA13 = (CudaToolkit(root="/usr/local/cuda-13.0", version="13.0.88", source="version.json"),)
_RT13 = SharedLibrary(name="cudart", filename="libcudart.so.13",
                      path="/usr/local/cuda-13.0/lib/libcudart.so.13", version="13",
                      origin="cuda_home", selected=True, binary="elf64-x86_64")


def _ids(facts: object) -> dict[str, str]:
    report = diagnose(facts, load_knowledge())  # type: ignore[arg-type]
    return {f.id: " ".join([f.title, f.cause, *(e.text for e in f.evidence), *f.fix])
            for f in report.findings}


def test_a_junk_libcudart_does_not_count_as_cuda12() -> None:
    base = dataclasses.replace(this_machine(), toolkits=_CUDA13, libraries=(_RT13,))
    assert "cuda-major-mismatch" in _ids(base)
    junk = dataclasses.replace(base, libraries=(_RT13, _junk("cudart", "libcudart.so.12", "12")))
    found = _ids(junk)
    assert "cuda-major-mismatch" in found
    assert "/opt/junk/libcudart.so.12" in found["library-file-not-a-library"]


def test_junk_cudnn_and_cudart_on_a_gpu_host_are_named() -> None:
    facts = gpu_host(libraries=(_junk("cudnn", "libcudnn.so.9", "9"),
                                _junk("cudart", "libcudart.so.12", "12")))
    text = _ids(facts)["library-file-not-a-library"]
    assert "/opt/junk/libcudnn.so.9" in text and "/opt/junk/libcudart.so.12" in text
    assert "not a shared library" in text


def test_real_libraries_give_no_junk_finding() -> None:
    facts = dataclasses.replace(this_machine(), toolkits=_CUDA13, libraries=(_RT13,))
    assert "library-file-not-a-library" not in _ids(facts)


def test_doctor_v_check_list_sees_the_same_libraries_as_the_diagnosis() -> None:
    from tfgpu.diagnosis.doctor import check_outcomes

    base = dataclasses.replace(this_machine(), toolkits=_CUDA13,
                               libraries=(_RT13, _junk("cudart", "libcudart.so.12", "12")))
    found = {name: ids for name, _, ids in check_outcomes(base, load_knowledge())}
    assert "cuda-major-mismatch" in found["cuda_cudnn_major"]
