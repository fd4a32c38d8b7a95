"""Regression (new-user review, ux2 item 2): one cause gives one finding, the same in every
command.

* Several CUDA/cuDNN libraries TensorFlow could not load in one log (tensorflow#56959 shape:
  a conda env's library folder not on the loader's path) are one finding listing them all,
  named after the CUDA runtime, not one error per library.
* TensorFlow's "Could not find cuda drivers" + "cuInit ... (303)" on a host without a GPU or
  driver give the same finding in ``doctor``, ``explain --facts`` and ``verify`` (its child
  log is explained with ``host_checks=False``), and evidence names each line once.

Logs written for these tests (Linux .so and Windows .dll wordings, CUDA 11 and 12)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tfgpu.diagnosis.doctor import diagnose
from tfgpu.explain import explain_lines
from tfgpu.facts import DriverFacts, HostFacts, OSFacts, ProbeStatus, PythonFacts, TFFacts
from tfgpu.facts.host import read_facts_file
from tfgpu.findings import Finding, Severity

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _linux(lib: str) -> str:
    return ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
            f"dynamic library '{lib}'; dlerror: {lib}: cannot open shared object file: No "
            "such file or directory")


def _windows(dll: str) -> str:
    return ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
            f"dynamic library '{dll}'; dlerror: {dll} not found")


def _errors(lines: list[str]) -> list[Finding]:
    return [f for f in explain_lines(lines) if f.severity is Severity.ERROR]


@pytest.mark.parametrize(("lines", "head", "names"), [
    ([_linux("libcublas.so.11"), _linux("libcudart.so.11.0")], "libcudart-so-11-0",
     ("libcudart.so.11.0", "libcublas.so.11")),
    ([_linux("libcufft.so.12"), _linux("libcusparse.so.12"), _linux("libcudnn.so.9")],
     "libcufft-so-12", ("libcufft.so.12", "libcusparse.so.12", "libcudnn.so.9")),
    ([_windows("cudart64_110.dll"), _windows("cublas64_11.dll"), _windows("cudnn64_8.dll")],
     "cudart64-110-dll", ("cudart64_110.dll", "cublas64_11.dll", "cudnn64_8.dll")),
])
def test_several_missing_cuda_libraries_are_one_finding_listing_all(
        lines: list[str], head: str, names: tuple[str, ...]) -> None:
    errors = _errors(lines)
    assert len(errors) == 1, [f.id for f in errors]
    f = errors[0]
    assert f.id == f"library-not-loaded-{head}"
    for n in names:
        assert n in f.title and n in f.cause
    assert {e.line for e in f.evidence} >= set(range(1, len(lines) + 1))


def test_one_missing_library_keeps_its_own_finding() -> None:
    (f,) = _errors([_linux("libcudnn.so.8")])
    assert f.id == "library-not-loaded-libcudnn-so-8" and "libcudnn.so.8" in f.title


_TF_NO_GPU = (
    "I0000 00:00:1796038823.058544   10537 cudart_stub.cc:31] Could not find cuda drivers on "
    "your machine, GPU will not be used.",
    "E0000 00:00:1796038828.506228   10537 cuda_platform.cc:52] failed call to cuInit: "
    "INTERNAL: CUDA error: Failed call to cuInit: UNKNOWN ERROR (303)",
)
_TF_215_NO_GPU = (
    "2024-01-10 09:00:00.000000: I external/local_tsl/tsl/cuda/cudart_stub.cc:31] Could not "
    "find cuda drivers on your machine, GPU will not be used.",
    "2024-01-10 09:00:01.000000: E external/local_xla/xla/stream_executor/cuda/"
    "cuda_driver.cc:274] failed call to cuInit: CUDA_ERROR_SHARED_OBJECT_INIT_FAILED: "
    "shared object initialization failed",
)


def _cpu_host(log: tuple[str, ...]) -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux"),
        python=PythonFacts(version="3.12.3", executable="/usr/bin/python3"),
        driver=DriverFacts(status=ProbeStatus.MISSING),
        tf=TFFacts(status=ProbeStatus.OK, version="2.21.0", log_lines=log),
    )


def _hosts() -> list[HostFacts]:
    recorded = read_facts_file(str(FIXTURES / "doctor-scenarios" / "amd.json"))
    return [recorded, _cpu_host(_TF_NO_GPU), _cpu_host(_TF_215_NO_GPU)]


@pytest.mark.parametrize("host", _hosts(), ids=["recorded-amd", "tf2.21", "tf2.15"])
def test_same_lines_give_same_findings_in_doctor_explain_and_verify(host: HostFacts) -> None:
    assert host.tf is not None
    lines = list(host.tf.log_lines)
    doctor = {f.id for f in diagnose(host).findings}
    explain = {f.id for f in explain_lines(lines, host)}
    verify = {f.id for f in explain_lines(lines, host, host_checks=False)}
    # verify sees only the log: its ids must be the doctor's and explain's for those lines
    assert "cuda-messages-harmless-without-gpu" in verify
    assert not verify & {"cuda-drivers-not-found-notice", "cuinit-shared-object-init-failed"}
    assert verify <= doctor and verify <= explain


@pytest.mark.parametrize("host", _hosts(), ids=["recorded-amd", "tf2.21", "tf2.15"])
def test_doctor_evidence_names_each_log_line_once(host: HostFacts) -> None:
    for f in diagnose(host).findings:
        lines = [e.line for e in f.evidence if e.line is not None]
        assert len(lines) == len(set(lines)), (f.id, f.evidence)


def test_a_gpu_host_keeps_the_driver_notice_as_a_problem() -> None:
    # the harmless reading needs host facts: a GPU host (driver answering) does not get it
    host = dataclasses.replace(_cpu_host(_TF_NO_GPU),
                               driver=DriverFacts(status=ProbeStatus.OK, version="550.54.14"))
    ids = {f.id for f in explain_lines(list(_TF_NO_GPU), host, host_checks=False)}
    assert "cuda-messages-harmless-without-gpu" not in ids
