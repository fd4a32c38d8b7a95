"""cuda_dnn.cc prints "Memory usage: N bytes free, T bytes total." right after a failed
cudnnCreate (messages_gpu_stack rows cudnn-memory-usage, cudnn-memory-usage-legacy).  The
number decides between the two usual readings of the handle failure (checks/memory.py
``_read_memory_usage``, platform fact ``tf-gpu-min-system-memory``: the memory TensorFlow keeps
out of its pool for the CUDA libraries): less free than the smallest such reserve is GPU memory
taken (an error, said from the number); at least the GPU's reserve free is not memory (the
version leads); between the two the hedge that names both stays."""

from __future__ import annotations

import pytest

from tfgpu.findings import Severity

from .kind_helpers import ids

_HANDLE = ("2022-05-19 10:20:15.303822: E tensorflow/stream_executor/cuda/cuda_dnn.cc:359] "
           "Could not create cudnn handle: {status}")
_USAGE = ("2022-05-19 10:20:15.303871: E tensorflow/stream_executor/cuda/cuda_dnn.cc:363] "
          "Memory usage: {free} bytes free, {total} bytes total.")
_NEW_USAGE = ("2023-05-15 10:14:21.592631: E tensorflow/compiler/xla/stream_executor/cuda/"
              "cuda_dnn.cc:438] Memory usage: {free} bytes free, {total} bytes total.")
_DEVICE = ("2022-05-19 10:20:11.201433: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1525] "
           "Created device /job:localhost/replica:0/task:0/device:GPU:0 with 7269 MB memory:  -> "
           "device: 0, name: NVIDIA GeForce RTX 2080 SUPER, pci bus id: 0000:01:00.0, compute "
           "capability: {cc}")
_NOT_FOUND = ("2022-05-19 10:20:15.304977: W tensorflow/core/framework/op_kernel.cc:1745] "
              "OP_REQUIRES failed at conv_ops.cc:1120 : UNIMPLEMENTED: DNN library is not found.")
GIB = 2**30
MIB = 2**20


def _log(free: int, total: int = 8 * GIB, cc: str = "7.5", *,
         status: str = "CUDNN_STATUS_NOT_INITIALIZED", usage: str = _USAGE) -> list[str]:
    return [_DEVICE.format(cc=cc), _HANDLE.format(status=status),
            usage.format(free=free, total=total), _NOT_FOUND]


@pytest.mark.parametrize("status", ["CUDNN_STATUS_NOT_INITIALIZED", "CUDNN_STATUS_INTERNAL_ERROR"])
@pytest.mark.parametrize("usage", [_USAGE, _NEW_USAGE])
@pytest.mark.parametrize("free", [1179648, 5505024, 0])
def test_almost_no_free_memory_is_memory_from_the_number(status: str, usage: str,
                                                         free: int) -> None:
    found = ids(_log(free, status=status, usage=usage))
    f = found["dnn-handle-failed-gpu-memory"]
    assert f.severity is Severity.ERROR
    assert "8,192 MiB" in f.title and "was free" in f.title, f.title
    assert "does not say why" not in f.title + f.cause
    assert "cudnn-version-mismatch" not in found  # the memory reading stands alone
    assert any("set_memory_growth" in line or "ALLOW_GROWTH" in line for line in f.fix)


@pytest.mark.parametrize("free", [6 * GIB, 2 * GIB])
def test_gigabytes_free_is_not_memory(free: int) -> None:
    found = ids(_log(free))
    lead = found["cudnn-version-mismatch"]
    assert not lead.title.startswith("Or:") and "not memory" in lead.title, lead.title
    other = found["dnn-handle-failed-gpu-memory"]
    assert other.title.startswith("Or: not memory"), other.title
    assert "most often GPU memory" not in other.title + lead.title
    assert not any("ALLOW_GROWTH" in line for line in other.fix + lead.fix)


def test_between_the_reserves_the_hedge_stays() -> None:
    # 700 MiB: more than the smallest reserve, less than a cc 7.5 GPU's 1050 MiB
    found = ids(_log(700 * MIB))
    f = found["dnn-handle-failed-gpu-memory"]
    assert f.severity is Severity.WARNING and "most often GPU memory" in f.title, f.title


@pytest.mark.parametrize(("cc", "plenty"), [("6.1", True), ("8.6", False)])
def test_the_reserve_follows_the_gpu_compute_capability(cc: str, plenty: bool) -> None:
    # 1200 MiB free: above the 500 MiB TensorFlow keeps on a Pascal GPU, below the 1536 MiB
    # it keeps on an Ampere one
    found = ids(_log(1200 * MIB, cc=cc))
    title = found["dnn-handle-failed-gpu-memory"].title
    assert title.startswith("Or: not memory") is plenty, title
