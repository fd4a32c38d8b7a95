"""The verdict's ``gpu_usable`` for errors that say nothing against the GPU: memory that ran out
with no device in the lines quoted (unknown, never "no": running out says the GPU was in use),
and an op pinned to a device the process lacks beside a GPU device the log shows created
(unknown: a placement error, not a GPU fault)."""

from __future__ import annotations

import io

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream
from tfgpu.findings import Report


def _report(*lines: str) -> Report:
    res = explain_stream(io.BytesIO("".join(x + "\n" for x in lines).encode()))
    return explain_report(res.findings, res.stats, "x", died=res.died, failure=res.failure)


def test_an_out_of_memory_without_its_device_is_unknown_not_unusable() -> None:
    rep = _report("W tensorflow/core/framework/op_kernel.cc:1192] Resource exhausted: OOM when "
                  "allocating tensor with shape[64,256,112,112]",
                  "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
                  "allocating tensor with shape[64,256,112,112]")
    assert rep.verdict.problems >= 1
    assert rep.verdict.gpu_usable is None
    assert rep.meta["gpu_usable"].startswith("unknown: the error is about memory")


def test_an_out_of_memory_on_a_gpu_device_is_usable() -> None:
    rep = _report("tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
                  "allocating tensor with shape[8192,32768] and type float on "
                  "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc")
    assert rep.verdict.gpu_usable is True


def test_an_op_pinned_to_a_missing_gpu_beside_a_created_one_is_not_a_gpu_fault() -> None:
    rep = _report(
        "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1406] Created TensorFlow device "
        "(/job:localhost/replica:0/task:0/device:GPU:0 with 6581 MB memory) -> physical GPU "
        "(device: 0, name: GeForce RTX 2070, pci bus id: 0000:01:00.0, compute capability: 7.5)",
        "InvalidArgumentError: Cannot assign a device for operation 'MatMul': Could not satisfy "
        "explicit device specification '/device:GPU:1' because no devices matching that "
        "specification are registered in this process; available devices: "
        "/job:localhost/replica:0/task:0/device:CPU:0, "
        "/job:localhost/replica:0/task:0/device:GPU:0")
    assert [f.id for f in rep.findings if f.severity.value == "error"] == [
        "device-spec-unsatisfied"]
    assert rep.verdict.gpu_usable is None
    assert "where an op was placed" in rep.meta["gpu_usable"]
