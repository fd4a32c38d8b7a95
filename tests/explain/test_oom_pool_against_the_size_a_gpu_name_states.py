"""An out-of-memory failure in a pool far smaller than the memory the GPU's own name states
("NVIDIA A100-SXM4-40GB", "Tesla V100-SXM2-16GB", "NVIDIA H100 80GB HBM3"): another process
held the rest when TensorFlow started, and the finding says so and names the holder first
(checks/memory_held.py ``named_card_total``).  A pool near the named size keeps the batch
reading; a name without a size keeps the hedge.

Wordings: gpu_device.cc "Created device %s with %d MB memory:  -> %s" (TF 2.5+) and
"Created TensorFlow device (%s with %d MB memory) -> physical GPU (%s)" (TF 1.x-2.4); the BFC
allocator's "OOM when allocating tensor with shape[%s] and type %s on %s by allocator %s".
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

NEW = ("2024-01-10 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] "
       "Created device /job:localhost/replica:0/task:0/device:GPU:0 with {mb} MB memory:  -> "
       "device: 0, name: {name}, pci bus id: 0000:07:00.0, compute capability: 8.0")
OLD = ("2020-06-01 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1241] "
       "Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with {mb} MB "
       "memory) -> physical GPU (device: 0, name: {name}, pci bus id: 0000:00:1e.0, compute "
       "capability: 7.0)")
OOM = ("2024-01-10 10:00:09.000000: W tensorflow/core/framework/op_kernel.cc:1827] OP_REQUIRES "
       "failed at matmul_op_impl.h:731 : RESOURCE_EXHAUSTED: OOM when allocating tensor with "
       "shape[16384,8192] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by "
       "allocator GPU_0_bfc")


def _oom(created: str) -> Finding:
    return next(f for f in explain_lines([created, OOM]) if f.id == "gpu-out-of-memory-tensor")


@pytest.mark.parametrize(("form", "name", "gb"), [
    (NEW, "NVIDIA A100-SXM4-40GB", 40),
    (NEW, "NVIDIA A100 80GB PCIe", 80),
    (NEW, "NVIDIA H100 80GB HBM3", 80),
    (OLD, "Tesla V100-SXM2-16GB", 16),
    (OLD, "Tesla V100-PCIE-32GB", 32),
])
def test_a_pool_far_below_the_named_size_names_the_holder_first(form: str, name: str,
                                                                 gb: int) -> None:
    f = _oom(form.format(mb=1200, name=name))
    assert f"{gb} GB its name states" in (f.cause or "") and "another process" in (f.cause or "")
    assert f.fix[0].startswith("nvidia-smi --query-compute-apps")
    ids = {x.id for x in explain_lines([form.format(mb=1200, name=name), OOM])}
    assert "gpu-memory-held-by-other-process" in ids


def test_a_pool_near_the_named_size_keeps_the_batch_reading() -> None:
    f = _oom(NEW.format(mb=38000, name="NVIDIA A100-SXM4-40GB"))
    assert "another process" not in (f.cause or "")
    assert "batch" in f.fix[0]


def test_a_name_without_a_size_keeps_the_hedge() -> None:
    f = _oom(NEW.format(mb=1200, name="NVIDIA GeForce RTX 3090"))
    assert "If the card has much more memory" in (f.cause or "")
