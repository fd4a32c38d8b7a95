"""Versions written in prose in a pasted log ("tf 2.12.0 Windows 11", "TensorFlow 2.1.0
Windows 10 CUDA 10.2.89", a conda-list line "tensorflow 2.10.1 pypi_0 pypi") are read as the
TensorFlow version hint, conservatively: only a number right after the word tensorflow/tf"""

from __future__ import annotations

import pytest
from tests.explain.kind_helpers import ids

from tfgpu.facts.view import Facts
from tfgpu.logs import read_lines


@pytest.mark.parametrize(("line", "version"), [
    ("tf 2.12.0 Windows 11", "2.12.0"),
    ("TensorFlow 2.1.0 Windows 10 CUDA 10.2.89", "2.1.0"),
    ("tensorflow 2.10.1           pypi_0    pypi", "2.10.1"),
    ("tensorflow-gpu 1.15.0 py37h0d3ce9a_0", "1.15.0"),
])
def test_prose_version_is_the_tf_version(line: str, version: str) -> None:
    assert Facts(None, read_lines(["Num GPUs Available:  0", line])).tf_version == version


@pytest.mark.parametrize("line", [
    "tf 2 gpus found",                      # no dotted version
    "CUDA 11.2 and cuDNN 8.1 with numpy 1.24.3",  # numbers after other words
    "tensorflow-estimator 2.10.0 pypi_0 pypi",    # another distribution
    "import tensorflow as tf 2.x",          # not a number
    "tf 12.1.0 something",                  # not a TensorFlow version
    "tf 2.4 is old",                        # X.Y only: too loose in prose
])
def test_other_prose_gives_no_tf_version(line: str) -> None:
    assert Facts(None, read_lines(["Num GPUs Available:  0", line])).tf_version is None


def test_windows_212_in_prose_is_the_native_windows_finding() -> None:
    found = ids(["Num GPUs Available:  0", "tf 2.12.0 Windows 11"])
    assert "tensorflow-windows-native-no-gpu" in found, found


@pytest.mark.parametrize(("line", "version"), [
    ("TensorFlow 2.1.0 Windows 10 CUDA 10.2.89", "10.2"),
    ("cuda 12.2 and cudnn 8.9", "12.2"),
])
def test_prose_cuda_version_is_a_log_cuda_version(line: str, version: str) -> None:
    assert Facts(None, read_lines([line])).log_cuda_versions == (version,)


@pytest.mark.parametrize("line", [
    "CUDA Version: 12.2     |",   # nvidia-smi's driver CUDA, not a toolkit
    "| NVIDIA-SMI 535.104.05   Driver Version: 535.104.05   CUDA Version: 12.2     |",
    "Cuda compilation tools, release 11.8, V11.8.89",  # nvcc: read elsewhere
    "cuda 12 wheels",
    "CUDA version: 11.8",          # the way nvidia-smi writes the driver's CUDA
])
def test_other_cuda_prose_gives_no_log_cuda_version(line: str) -> None:
    assert Facts(None, read_lines([line])).log_cuda_versions == ()


def test_windows_tf21_with_cuda_102_in_prose_names_the_mismatch() -> None:
    found = ids(["[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]",
                 "TensorFlow 2.1.0 Windows 10 CUDA 10.2.89"])
    cause = found["tensorflow-sees-no-gpu"].cause
    assert "CUDA 10.1" in cause and "10.2" in cause, cause
