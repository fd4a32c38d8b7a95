"""gpu_device.cc's virtual_devices mismatches and the cuda_malloc_async allocator's driver check
are read as the findings they name (patterns gpu.visible_device_list and mem.malloc_async)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines


@pytest.mark.parametrize(
    ("line", "finding"),
    [
        ("tensorflow.python.framework.errors_impl.InvalidArgumentError: The number of GPUs in "
         "visible_device_list doesn't match the number of elements in the virtual_devices list. "
         "#GPUs in visible_device_list: 2 virtual_devices.size(): 1",
         "gpu-visible-device-list-invalid"),
        ("tensorflow.python.framework.errors_impl.UnknownError: The number of valid GPUs doesn't "
         "match the number of elements in the virtual_devices list. #valid GPUs: 1 "
         "virtual_devices.size(): 2",
         "gpu-visible-device-list-invalid"),
        ("2022-11-03 12:44:09.903211: F tensorflow/core/common_runtime/gpu/"
         "gpu_cudamallocasync_allocator.cc:109] Disable cuda_malloc_async or update your CUDA "
         "driver to a version compatible with CUDA 11.2 or higher. We detected a version "
         "compatible with: 11000",
         "cuda-malloc-async-unsupported"),
    ],
)
def test_line_gives_finding(line: str, finding: str) -> None:
    assert finding in {f.id for f in explain_lines([line])}


def test_other_virtual_device_errors_are_not_a_device_list() -> None:
    """The priority rule of virtual_devices is no GPU-list problem."""
    line = ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Priority must be set "
            "for all virtual devices or none. But the priority is specified for 1 while previous "
            "devices didn't have any set.")
    assert "gpu-visible-device-list-invalid" not in {f.id for f in explain_lines([line])}
