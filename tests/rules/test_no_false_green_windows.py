"""``doctor --no-tf`` on native Windows never calls the GPU ready unless the CUDA and cuDNN
DLLs the installed TensorFlow loads are found by the Windows DLL search (System32, the
Windows folder, then PATH), and never without that search having run."""

from __future__ import annotations

import dataclasses

from tfgpu import facts as F
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.findings import Finding, Report, Severity
from tfgpu.knowledge import load_knowledge

V112 = "C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v11.2\\bin"
SEARCH = F.ProbeRecord("dll-search", F.ProbeStatus.OK,
                       ("C:\\Windows\\System32", "C:\\Windows", V112))


def _dll(filename: str, folder: str = V112, *, selected: bool = True) -> F.SharedLibrary:
    from tfgpu.facts.libnames import classify

    info = classify(filename, "Windows")
    assert info is not None
    return F.SharedLibrary(info.name, filename, f"{folder}\\{filename}", info.version,
                           "system" if folder.startswith("C:\\Windows") else "path", selected,
                           "pe-AMD64")


NVCUDA = _dll("nvcuda.dll", "C:\\Windows\\System32")
CUDA11 = (_dll("cudart64_110.dll"), _dll("cublas64_11.dll"), _dll("cudnn64_8.dll"))


def _host(libraries: tuple[F.SharedLibrary, ...], *, tf: str = "2.10.1",
          probes: tuple[F.ProbeRecord, ...] = (SEARCH,), conda_env: str | None = None,
          ) -> F.HostFacts:
    exe = "C:\\Users\\u\\tf\\Scripts\\python.exe"
    return F.HostFacts(
        os=F.OSFacts(system="Windows", name="Windows 10", machine="AMD64"),
        python=F.PythonFacts(version="3.10.11", executable=exe, conda_env=conda_env,
                             distributions=(F.Distribution("tensorflow", tf),)),
        gpus=(F.GPU(0, "nvidia", "NVIDIA GeForce GTX 1660 SUPER", "7.5",
                    memory_total_mib=6144, source="nvidia-smi"),),
        driver=F.DriverFacts(status=F.ProbeStatus.OK, version="537.58", cuda_version="12.2",
                             source="nvidia-smi"),
        libraries=libraries,
        env={"PATH": f"C:\\Users\\u\\tf\\Scripts;C:\\Windows\\System32;C:\\Windows;{V112}"},
        tf=F.TFFacts(status=F.ProbeStatus.SKIPPED),
        probes=probes,
    )


def _report(facts: F.HostFacts) -> Report:
    return diagnose(facts, load_knowledge())


def _missing(report: Report) -> Finding:
    return next(f for f in report.findings if f.id == "tf-cuda-runtime-missing")


def test_only_the_driver_dll_on_the_search_path_is_an_error_not_ready() -> None:
    report = _report(_host((NVCUDA,)))
    f = _missing(report)
    assert f.severity is Severity.ERROR
    assert "cudart64_*.dll" in f.title and "cudnn64_*.dll" in f.title
    assert "CUDA 11.2" in f.cause and "cuDNN 8.1" in f.cause
    assert f.fix[0].startswith("where.exe cudart64_*.dll")
    assert any("CUDA 11.2 and cuDNN 8.1" in line and "PATH" in line for line in f.fix)
    assert "ready" not in report.verdict.headline
    assert report.verdict.gpu_usable is False
    assert f.doc is not None and f.doc.endswith("#windows-native")
    # TensorFlow 2.11+ has no GPU support on native Windows: not this finding (another says so)
    assert "tf-cuda-runtime-missing" not in [
        x.id for x in _report(_host((NVCUDA,), tf="2.11.0")).findings]


def test_the_dlls_of_the_tested_majors_on_path_are_ready() -> None:
    report = _report(_host((NVCUDA, *CUDA11)))
    assert [f.id for f in report.findings if f.severity is Severity.ERROR] == []
    assert "looks ready" in report.verdict.headline
    # --no-tf measured nothing: the words say "looks", the JSON says unknown (not "no GPU")
    assert report.verdict.gpu_usable is None


def test_a_copy_the_search_does_not_take_first_does_not_count() -> None:
    # two copies of one DLL name: the probe marks the first on the search path; a snapshot
    # where the right one is not picked is not ready
    shadowed = (_dll("cudart64_110.dll", selected=False), *CUDA11[1:])
    f = _missing(_report(_host((NVCUDA, *shadowed))))
    assert "an earlier copy of that name is found first" in f.cause


def test_a_conda_environment_gets_tensorflows_conda_recipe_first() -> None:
    f = _missing(_report(_host((NVCUDA,), conda_env="tf")))
    assert f.fix[1].startswith("conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0")


def test_without_the_dll_search_nothing_is_called_ready_or_missing() -> None:
    report = _report(_host((), probes=()))
    assert "tf-cuda-runtime-missing" not in [f.id for f in report.findings]
    assert "looks ready" not in report.verdict.headline
    assert "readiness unknown" in report.verdict.headline
    assert report.verdict.gpu_usable is None


def test_a_snapshot_from_before_the_search_record_still_counts_its_listed_dlls() -> None:
    # older snapshots have no dll-search record; nvcuda.dll listed shows the search ran
    assert _missing(_report(_host((NVCUDA,), probes=()))).severity is Severity.ERROR


CONDA_BIN = "C:\\Users\\u\\miniconda3\\envs\\tf\\Library\\bin"


def test_a_copy_outside_every_searched_folder_is_not_on_the_search_path() -> None:
    # the conda environment's Library\bin is neither searched (dll-search record) nor on
    # PATH, and no other copy exists: nothing comes "first", the folder is not searched
    offpath = tuple(dataclasses.replace(d, selected=False, origin="conda")
                    for d in (_dll("cudart64_110.dll", CONDA_BIN),
                              _dll("cublas64_11.dll", CONDA_BIN),
                              _dll("cudnn64_8.dll", CONDA_BIN)))
    f = _missing(_report(_host((NVCUDA, *offpath), conda_env="tf")))
    assert f"{CONDA_BIN}\\cudart64_110.dll: not on the DLL search path ({CONDA_BIN} is not" \
        in f.cause, f.cause
    assert "an earlier copy" not in f.cause


def test_a_listed_copy_the_search_picks_first_is_named() -> None:
    # a 32-bit copy in System32 is the one the search picks; the 64-bit one on PATH loses
    first = dataclasses.replace(_dll("cudart64_110.dll", "C:\\Windows\\System32"),
                                binary="pe-i386")
    later = _dll("cudart64_110.dll", selected=False)
    f = _missing(_report(_host((NVCUDA, first, later, *CUDA11[1:]))))
    assert (f"{V112}\\cudart64_110.dll: an earlier copy of that name is found first "
            "(C:\\Windows\\System32\\cudart64_110.dll)") in f.cause, f.cause
