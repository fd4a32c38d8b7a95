"""cuDNN/cuBLAS failures whose cause the log or the host facts tell apart from GPU memory
(checks/dnn_init_causes.py): a CUDA of an older major than the GPU, the driver TensorFlow
prints after CUDNN_STATUS_NOT_INITIALIZED against the CUDA of a conda environment. The log
rows are in kind_cases/dnn_init_causes.toml; the conda rows need host facts the table cannot
give (a conda environment)."""

from __future__ import annotations

import dataclasses

import pytest

from tfgpu.facts import HostFacts
from tfgpu.findings import Severity
from tfgpu.knowledge import load_knowledge

from .kind_helpers import host_facts, ids, table_test

test_case = table_test("dnn_init_causes")

_NOT_INIT = [
    "2018-10-16 10:07:55.381849: E tensorflow/stream_executor/cuda/cuda_dnn.cc:353] Could not "
    "create cudnn handle: CUDNN_STATUS_NOT_INITIALIZED",
    "2018-10-16 10:07:55.381944: E tensorflow/stream_executor/cuda/cuda_dnn.cc:361] Possibly "
    "insufficient driver version: 390.87.0",
]


def _facts(*, conda: bool, cuda: str) -> HostFacts:
    facts = host_facts(tf="1.11.0", cuda=cuda, driver="390.87")
    if not conda:
        return facts
    return dataclasses.replace(
        facts, python=dataclasses.replace(facts.python, conda_env="tf-gpu"))


def test_conda_toolkit_minimum_above_the_printed_driver_is_the_cause() -> None:
    found = ids(_NOT_INIT, _facts(conda=True, cuda="9.2"))
    f = found["driver-too-old-for-cuda"]
    assert f.severity is Severity.ERROR
    assert "CUDA 9.2" in f.title and "conda" in f.title
    assert "396.26" in f.cause and "cuda_min_driver:9.2" in f.cause
    assert "dnn-handle-failed-gpu-memory" not in found


@pytest.mark.parametrize("conda, cuda", [(False, "9.2"), (True, "9.0")])
def test_driver_meeting_the_cuda_it_loads_is_only_a_hedge(conda: bool, cuda: str) -> None:
    # pip's TensorFlow 1.11 loads CUDA 9.0 whatever toolkit sits beside it; a conda
    # environment with CUDA 9.0 needs 384.81, which 390.87 meets
    f = ids(_NOT_INIT, _facts(conda=conda, cuda=cuda))["driver-too-old-for-cuda"]
    assert f.severity is Severity.WARNING
    assert "unknown which" in f.title and "GPU memory" in f.cause


def test_a_system_toolkit_found_by_a_probe_is_not_the_conda_environments() -> None:
    from tfgpu.facts import CudaToolkit

    facts = _facts(conda=True, cuda="9.2")
    facts = dataclasses.replace(facts, toolkits=(
        CudaToolkit(root="/usr/local/cuda-9.2", version="9.2", source="version.txt"),))
    f = ids(_NOT_INIT, facts)["driver-too-old-for-cuda"]
    assert f.severity is Severity.WARNING and "unknown which" in f.title


def test_geforce_series_names_read_one_cc_from_the_table() -> None:
    from tfgpu.diagnosis.checks.dnn_init_causes import _series_cc

    kb = load_knowledge()
    got = _series_cc(kb, "RTX 30-series")
    assert got is not None and got[0] == "8.6"
    assert _series_cc(kb, "NVIDIA RTX 30xx")[0] == "8.6"  # type: ignore[index]
    assert _series_cc(kb, "GeForce RTX 3080") is None  # a model, not a series
    assert _series_cc(kb, "GTX 99 series") is None  # no such models


_DNN_NOT_FOUND = ["tensorflow.python.framework.errors_impl.UnimplementedError:  DNN library is "
                  "not found."]


@pytest.mark.parametrize(("cudnn", "older"), [("8.0.5", True), ("8.0", True), ("8", False),
                                              ("8.1.0", False), ("7.6.5", False)])
def test_host_cudnn_older_than_the_build_needs_its_minor(cudnn: str, older: bool) -> None:
    # TensorFlow 2.5 is built with cuDNN 8.1 (tf_tested_configs.toml): a host cuDNN 8.0.x
    # is refused at start-up; a major alone ("8", read from a soname) gives no minor to
    # compare, and another major version is the loader's own finding
    found = ids(_DNN_NOT_FOUND, host_facts(tf="2.5.0", cuda="11.2", cudnn=cudnn))
    f = found.get("cudnn-version-mismatch")
    host_older = f is not None and any(e.source == "cudnn (host facts)" for e in f.evidence)
    assert host_older is older
    if older:
        assert f is not None and "cuDNN 8.1" in f.fix[0]


@pytest.mark.parametrize(("number", "cuda"), [("80", "8.0"), ("92", "9.2"), ("100", "10.0"),
                                              ("101", "10.1"), ("110", "11.0"), ("11", "11"),
                                              ("12", "12")])
def test_windows_cuda_library_numbers_name_their_cuda(number: str, cuda: str) -> None:
    # cudart64_101.dll is CUDA 10.1, cublas64_11.dll any 11.x (the DLL names of each toolkit)
    from tfgpu.diagnosis.checks.driver_and_build_cuda import cuda_of_dll_number

    assert cuda_of_dll_number(number) == cuda
