"""A CUDA library that failed to load, read by the TensorFlow package that asks for it (rows in
kind_cases/cuda_load_era.toml): a CUDA runtime only GPU builds ask for is no "harmless
without a GPU" notice, and TensorFlow's own "Ignore above cudart dlerror" is quoted only when
the log shows it."""

from __future__ import annotations

from tfgpu.diagnosis.checks.cudart_era import cudart_cuda

from .kind_helpers import table_test

test_case = table_test("cuda_load_era")


def test_cudart_file_names_give_the_cuda_they_pin() -> None:
    """Linux, macOS and Windows names of the CUDA runtime give their CUDA x.y; others none."""
    assert cudart_cuda("cudart64_100.dll") == (10, 0)
    assert cudart_cuda("cudart64_80.dll") == (8, 0)
    assert cudart_cuda("CUDART64_101.DLL") == (10, 1)
    assert cudart_cuda("/usr/local/cuda/lib64/libcudart.so.9.0") == (9, 0)
    assert cudart_cuda("libcudart.7.5.dylib") == (7, 5)
    assert cudart_cuda("libcudart.so.11.0") == (11, 0)
    assert cudart_cuda("libcudart.so") is None
    assert cudart_cuda("libcublas.so.10.0") is None
