"""A GPU out-of-memory after TensorFlow created a small pool is read against the card's
total: gpu_device.cc sizes the pool ("Created device ... with N MB memory") from the memory
free at start, less a reserve, so a pool of a few percent of the card means another process
held the rest (checks/memory.py ``_pool_reading``, checks/memory_held.py
``small_pool_at_start``).  TensorFlow 2.0-2.5 prints the total itself ("deviceMemorySize");
later releases do not, so the total comes from the host facts or an nvidia-smi table in the
log; with no total anywhere the cause gives the pool's size and how to tell."""

from __future__ import annotations

from tests.explain.kind_helpers import ids

_CREATED = ("2023-08-08 15:12:03.908541: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1639] "
            "Created device /job:localhost/replica:0/task:0/device:GPU:0 with {mb} MB memory:  "
            "-> device: 0, name: NVIDIA GeForce RTX 3090, pci bus id: 0000:01:00.0, compute "
            "capability: 8.6")
_OOM = ("2023-08-08 15:12:09.018402: W tensorflow/core/framework/op_kernel.cc:1828] OP_REQUIRES "
        "failed at conv_ops_impl.h:770 : RESOURCE_EXHAUSTED: OOM when allocating tensor with "
        "shape[32,64,256,256] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by "
        "allocator GPU_0_bfc")
# nvidia-smi's GPU table (the memory column of the GPU's second row)
_SMI = ["|   0  NVIDIA GeForce RTX 3090        Off | 00000000:01:00.0 Off |                  N/A |",
        "| 30%   45C    P2   110W / 350W |  23100MiB / 24576MiB |     40%      Default |"]


def test_a_small_pool_against_the_card_total_names_another_process() -> None:
    f = ids([*_SMI, _CREATED.format(mb=1276), "Epoch 1/30", _OOM])["gpu-out-of-memory-tensor"]
    assert "1,276 MiB of its 24,576 MiB" in f.cause, f.cause
    assert "another process held the rest" in f.cause
    assert "The model/batch needs more GPU memory than is free." not in f.cause
    assert f.fix[0].startswith("nvidia-smi --query-compute-apps"), f.fix


def test_a_full_size_pool_keeps_the_model_batch_reading() -> None:
    f = ids([*_SMI, _CREATED.format(mb=22282), _OOM])["gpu-out-of-memory-tensor"]
    assert f.cause.endswith("The model/batch needs more GPU memory than is free."), f.cause


def test_without_the_card_total_the_pool_size_is_given_as_a_hedge() -> None:
    f = ids([_CREATED.format(mb=1276), _OOM])["gpu-out-of-memory-tensor"]
    assert "pool on this GPU was 1,276 MiB" in f.cause, f.cause
    assert "If the card has much more memory" in f.cause
    assert f.fix[0].startswith("# reduce the batch size") or "reduce" in f.fix[0], f.fix
