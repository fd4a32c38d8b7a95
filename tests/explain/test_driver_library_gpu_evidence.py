"""The NVIDIA driver's library (libcuda.so.1, nvcuda.dll) TensorFlow could not load, read both
ways like a missing CUDA runtime: without any GPU evidence a conditional warning ("harmless if
this host has no NVIDIA GPU") that quotes a following cuInit 303 as its consequence, harmless
when the host facts or the log show no NVIDIA GPU or driver, the error when they show a GPU, a
driver, a CUDA install or a container with GPUs asked for (checks/libraries.py
driver_library_reading): rows in kind_cases/driver_library_gpu_evidence.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("driver_library_gpu_evidence")


def test_tf_2_x_cpu_host_lines_without_the_diagnostics_give_no_error() -> None:
    """A TF 2.x GPU build's start-up on a host without an NVIDIA driver, pasted without
    cuda_diagnostics' lines (cudart dlerror and its stub's line, libcuda dlerror, cuInit 303)
    ends without an error-level finding when nothing shows an NVIDIA GPU: the exit code is 0."""
    from tfgpu.explain import explain_lines
    from tfgpu.findings import Severity

    lines = [
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
        "library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object "
        "file: No such file or directory",
        "I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above cudart dlerror if you "
        "do not have a GPU set up on your machine.",
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
        "library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No such "
        "file or directory",
        "W tensorflow/stream_executor/cuda/cuda_driver.cc:269] failed call to cuInit: UNKNOWN "
        "ERROR (303)",
    ]
    found = explain_lines(lines)
    assert not [f.id for f in found if f.severity is Severity.ERROR], found
    assert any(f.severity is Severity.WARNING for f in found), found
