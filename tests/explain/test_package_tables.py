"""Rows of a pasted ``pip list`` or ``conda list`` table are host hints: the TensorFlow
distribution's version is the TensorFlow version (``view.tf_version``), a CUDA runtime or
toolkit package's major.minor a CUDA version (``view.log_cuda_versions``). Column padding as
pip's tabulate (name column as wide as the longest name) and conda's list_packages (each
column as wide as its widest value, two spaces apart) print it; only table-shaped rows count."""

from __future__ import annotations

import pytest

from tfgpu.facts.view import Facts
from tfgpu.logs import read_lines

_NO_GPU = "Num GPUs Available:  0"


@pytest.mark.parametrize(("row", "version"), [
    ("tensorflow                2.10.0                   pypi_0    pypi", "2.10.0"),
    ("tensorflow                   2.15.0", "2.15.0"),
    ("tensorflow-gpu            2.6.0            py39h4c8d9f9_0", "2.6.0"),
    ("tensorflow-intel             2.12.0", "2.12.0"),
    ("tf-nightly                   2.16.0.dev20231101", "2.16.0"),
    ("tensorflow                  2.13.0rc1", "2.13.0"),
])
def test_table_row_gives_the_tf_version(row: str, version: str) -> None:
    assert Facts(None, read_lines([_NO_GPU, row])).tf_version == version


@pytest.mark.parametrize(("row", "cuda"), [
    ("cudatoolkit               11.2.2              hbe64b41_10    conda-forge", "11.2"),
    ("cuda-version              12.2                 he2b69de_3    conda-forge", "12.2"),
    ("nvidia-cuda-runtime-cu12     12.3.101", "12.3"),
    ("nvidia-cuda-nvcc-cu11        11.8.89", "11.8"),
])
def test_table_row_gives_a_cuda_version(row: str, cuda: str) -> None:
    assert Facts(None, read_lines([_NO_GPU, row])).log_cuda_versions == (cuda,)


@pytest.mark.parametrize("row", [
    "tensorflow-estimator      2.10.0                   pypi_0    pypi",  # another package
    "tensorflow-io-gcs-filesystem 0.31.0",
    "tensorflow 2.10 is what I use with some words after it here",       # prose, X.Y only
    "keras                     2.10.0                   pypi_0    pypi",
])
def test_other_rows_give_no_tf_version(row: str) -> None:
    assert Facts(None, read_lines([_NO_GPU, row])).tf_version is None


@pytest.mark.parametrize("row", [
    "cudnn                     8.1.0.77             h90431f1_0    conda-forge",
    "nvidia-cudnn-cu12            9.3.0.75",
    "I installed cudatoolkit and it is version 11.2 I think, maybe more text",
])
def test_other_rows_give_no_cuda_version(row: str) -> None:
    assert Facts(None, read_lines([_NO_GPU, row])).log_cuda_versions == ()


def test_conda_defaults_tensorflow_base_row_gives_the_tf_version() -> None:
    row = "tensorflow-base           2.4.1           gpu_py38h29c2da4_0"
    assert Facts(None, read_lines([_NO_GPU, row])).tf_version == "2.4.1"
