"""gpu_device.cc's virtual_devices mismatches, the cuda_malloc_async allocator's driver and pool
failures, dlopen_checker.cc's status, the virtual_devices priority/ordinal rule and TF 2.4's
device-policy error are read as the findings they name (patterns gpu.visible_device_list,
mem.malloc_async, lib.dlopen, gpu.config_rejected)."""

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
        ("2022-11-03 12:44:10.011872: F tensorflow/core/common_runtime/gpu/"
         "gpu_cudamallocasync_allocator.cc:222] The instantiation of GpuCudaMallocAsyncAllocator "
         "failed. See previous errors.",
         "cuda-malloc-async-unsupported"),
        ("2022-11-03 12:44:09.923301: F tensorflow/core/common_runtime/gpu/"
         "gpu_cudamallocasync_allocator.cc:152] Failed to get default CUDA pool: "
         "CUDA_ERROR_NOT_SUPPORTED: operation not supported",
         "cuda-malloc-async-unsupported"),
        ("tensorflow.python.framework.errors_impl.InternalError: Cannot dlopen all CUDA "
         "libraries.",
         "gpu-libraries-not-loaded"),
        ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Device ordinals must be "
         "set for all virtual devices or none. But the device_ordinal is specified for 1 while "
         "previous devices didn't have any set.",
         "tf-config-call-rejected"),
        ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Number of virtual device "
         "priorities specified doesn't match with number of memory_limit_mb specified for GPU# 0 "
         "memory_limit_mb size: 2 and priority size: 1",
         "tf-config-call-rejected"),
        ("ValueError: Not a valid device policy: 'strict'", "tf-config-call-rejected"),
    ],
)
def test_line_gives_finding(line: str, finding: str) -> None:
    assert finding in {f.id for f in explain_lines([line])}


def test_device_policy_is_named_in_either_wording() -> None:
    """TF 2.4's and TF 2.10+'s set_device_policy errors both quote the rejected value."""
    for line in ("ValueError: Not a valid device policy: 'strict'",
                 "ValueError: Invalid argument `device_policy`: 'strict'. Please refer to "
                 "https://www.tensorflow.org/api_docs/python/tf/config/experimental/"
                 "set_device_policy for valid `device_policy` arguments."):
        found = [f for f in explain_lines([line]) if f.id == "tf-config-call-rejected"]
        assert found and "'strict'" in found[0].cause, line


def test_other_virtual_device_errors_are_not_a_device_list() -> None:
    """The priority rule of virtual_devices is no GPU-list problem."""
    line = ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Priority must be set "
            "for all virtual devices or none. But the priority is specified for 1 while previous "
            "devices didn't have any set.")
    assert "gpu-visible-device-list-invalid" not in {f.id for f in explain_lines([line])}


@pytest.mark.parametrize(("line", "finding", "words"), [
    ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Priority -9999 is outside "
     "the range of supported priorities [-2,0] for virtual device 0 on GPU# 0",
     "tf-config-call-rejected", ("-9999", "[-2,0]")),
    ("tensorflow.python.framework.errors_impl.InternalError: Failed to find supported priority "
     "range for GPU device 1", "tf-config-call-rejected", ("GPU 1", "did not keep")),
    ("2021-03-02 17:25:10.114580: F tensorflow/core/common_runtime/gpu/gpu_device.cc:161] "
     "EigenAllocator for GPU ran out of memory when allocating 268435456. See error logs for "
     "more detailed info.", "gpu-resource-exhausted", ()),
    ("tensorflow.python.framework.errors_impl.InternalError: Failed to get StreamExecutor for "
     "device 0", "gpu-stream-executor-init-failed", ("GPU 0",)),
])
def test_gpu_device_statuses_give_their_findings(line: str, finding: str,
                                                 words: tuple[str, ...]) -> None:
    found = {f.id: f for f in explain_lines([line])}
    assert finding in found and "unrecognised-error" not in found, sorted(found)
    assert all(w in found[finding].cause for w in words), found[finding].cause
