"""A CUDA runtime TensorFlow could not load, read both ways: without any GPU evidence a
conditional warning naming the CUDA release ("harmless if this host has no NVIDIA GPU"),
harmless when the host facts or the log show no NVIDIA GPU or driver, the error when they
show one (checks/libraries.py): rows in kind_cases/cudart_missing_gpu_evidence.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudart_missing_gpu_evidence")


def test_tf_2_13_cpu_host_lines_give_no_error_like_the_tf_2_15_form() -> None:
    """TF <= 2.13's lines of a CPU host (cudart dlerror, cuInit 303, no kernel driver) and
    TF 2.15+'s ("Could not find cuda drivers", cuInit 303) both end without an error-level
    finding when nothing shows an NVIDIA GPU."""
    from tfgpu.explain import explain_lines
    from tfgpu.findings import Severity

    old = [
        "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
        "library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object "
        "file: No such file or directory",
        "W tensorflow/stream_executor/cuda/cuda_driver.cc:269] failed call to cuInit: UNKNOWN "
        "ERROR (303)",
        "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:156] kernel driver does not "
        "appear to be running on this host (box): /proc/driver/nvidia/version does not exist",
    ]
    new = [
        "I external/local_tsl/tsl/cuda/cudart_stub.cc:28] Could not find cuda drivers on your "
        "machine, GPU will not be used.",
        "E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:274] failed call to "
        "cuInit: UNKNOWN ERROR (303)",
    ]
    for lines in (old, new):
        found = explain_lines(lines)
        assert not [f.id for f in found if f.severity is Severity.ERROR], found
        assert any(f.severity is Severity.WARNING for f in found), found
