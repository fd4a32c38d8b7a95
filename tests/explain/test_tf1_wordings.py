"""TensorFlow 0.x-1.15 wordings of GPU-path messages read as the same kinds as their 2.x
forms (rows in kind_cases/tf1_wordings.toml): the 1.x device-creation line, the split
"Found device" properties, the multiprocessor-count floor, conv_ops.cc's CHECK on the
convolution algorithms, cuda_dnn.cc's destroy follow-up, cpu_feature_guard.cc's 1.0-1.2
notice, and the CUDA 8.0-10.0 library names (libcublas.so.9.0, cudart64_90.dll)."""

from __future__ import annotations

from tfgpu.diagnosis.checks.libraries import parse_library
from tfgpu.diagnosis.checks.tf1_era import releases_built_with_cuda
from tfgpu.explain import explain_lines
from tfgpu.facts.view import Facts
from tfgpu.knowledge import load_knowledge
from tfgpu.logs import read_lines

from .kind_helpers import table_test

test_case = table_test("tf1_wordings")


def test_cuda_8_to_10_0_library_names_carry_the_cuda_major_and_minor() -> None:
    """CUDA 8.0-10.0 named every toolkit library after the toolkit (self_check.py pairs
    cudart64_90.dll with CUDA 9.0); later names keep their own numbering."""
    assert parse_library("cudart64_90.dll")[2] == "CUDA 9.0"
    assert parse_library("cudart64_80.dll")[2] == "CUDA 8.0"
    assert parse_library("cufft64_100.dll")[2] == "CUDA 10.0"
    assert parse_library("libcublas.so.9.0")[2] == "CUDA 9.0"
    assert parse_library("cudart64_101.dll")[2] == "CUDA 10.1"
    assert parse_library("cufft64_10.dll")[2] == "libcufft 10"
    assert parse_library("cudart64_110.dll")[2] == "CUDA 11"
    assert parse_library("cudnn64_7.dll")[2] == "cuDNN 7"


def test_releases_built_with_a_cuda_come_from_the_tested_builds() -> None:
    """CUDA 9.0 is 1.5-1.12's, 10.0 is 1.13-1.15's and 2.0's; 10.1 is no 1.x build's."""
    kb = load_knowledge()
    assert releases_built_with_cuda(kb, "9.0") == (
        "TensorFlow 1.5-1.12", "platform_facts:tf1-gpu-build-cuda")
    assert releases_built_with_cuda(kb, "8.0") is not None
    assert releases_built_with_cuda(kb, "10.0")[0] == "TensorFlow 1.13-1.15 and 2.0"  # type: ignore[index]
    assert releases_built_with_cuda(kb, "10.1") is None


def test_split_found_device_lines_give_the_compute_capability() -> None:
    """TF 0.x-1.4 printed 'major: 3 minor: 0 memoryClockRate' on a line of its own: the
    compute capability is read from it."""
    lines = ["I tensorflow/core/common_runtime/gpu/gpu_device.cc:885] Found device 0 with "
             "properties: ", "name: GeForce GTX 660",
             "major: 3 minor: 0 memoryClockRate (GHz) 1.0975", "pciBusID 0000:02:00.0"]
    view = Facts(None, read_lines(lines), load_knowledge())
    assert view.compute_capabilities == ("3.0",)
    assert view.has_nvidia_gpu is True
    assert not [f for f in explain_lines(lines) if f.id == "unrecognised-error"]
