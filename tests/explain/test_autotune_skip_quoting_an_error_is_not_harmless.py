"""gpu_utils.cc's "Failed to check cudnn convolutions for out-of-bounds reads and writes with an
error message: '<status>'; skipping this check" is the harmless cudnn-autotune-notice only when
the status is a memory one (the redzone check had no room for its buffers: the notice's own
explanation).  A line quoting another error (TF 2.4's "Failed to load in-memory CUBIN:
CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image ...") is left to the finding of that error: one
line is never both a fault and a harmless notice.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

_DEVICE = ("2021-01-10 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1406] "
           "Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 22302 "
           "MB memory) -> physical GPU (device: 0, name: GeForce RTX 3090, pci bus id: "
           "0000:01:00.0, compute capability: 8.6)")


def _skip(status: str) -> str:
    return ("2021-01-10 10:00:05.200000: W tensorflow/core/kernels/gpu_utils.cc:69] Failed to "
            "check cudnn convolutions for out-of-bounds reads and writes with an error message: "
            f"'{status}'; skipping this check. This only means that we won't check cudnn for "
            "out-of-bounds reads and writes. This message will only be printed once.")


@pytest.mark.parametrize("status", [
    "Failed to load in-memory CUBIN: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is "
    "available for execution on the device",
    "INTERNAL: Failed to load in-memory CUBIN: CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image "
    "is available for execution on the device",
])
def test_a_kernel_image_error_is_the_fault_not_a_harmless_notice(status: str) -> None:
    found = {f.id: f for f in explain_lines([_DEVICE, _skip(status)])}
    assert "cudnn-autotune-notice" not in found, sorted(found)
    assert "gpu-arch-not-in-build" in found
    harmless_lines = {e.line for f in found.values() if f.harmless for e in f.evidence}
    assert 2 not in harmless_lines


@pytest.mark.parametrize("status", [
    "Failed to load in-memory CUBIN: CUDA_ERROR_INVALID_PTX: a PTX JIT compilation failed",
    "INTERNAL: cuLaunchKernel failed: CUDA_ERROR_LAUNCH_FAILED: unspecified launch failure",
])
def test_another_error_status_is_not_explained_as_memory(status: str) -> None:
    found = {f.id: f for f in explain_lines([_DEVICE, _skip(status)])}
    assert "cudnn-autotune-notice" not in found, sorted(found)


@pytest.mark.parametrize("status", [
    "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 25165824 bytes.",
    "Resource exhausted: Out of memory while trying to allocate 1073741824 bytes.",
])
def test_a_memory_status_stays_the_harmless_notice(status: str) -> None:
    found = {f.id: f for f in explain_lines([_DEVICE, _skip(status)])}
    assert "cudnn-autotune-notice" in found and found["cudnn-autotune-notice"].harmless
