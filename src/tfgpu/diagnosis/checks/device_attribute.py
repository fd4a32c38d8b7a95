"""The CUDA driver failing a query of a GPU's attributes while TensorFlow sets the device up.

Source: TensorFlow 1.x ``tensorflow/stream_executor/cuda/cuda_driver.cc`` (read in
NVIDIA/tensorflow at 7cbba04a2ee16d21309eefad5be6585183a2d5a9, TF 1.15):
``GpuDriver::GetDeviceAttribute`` returns "failed to get device attribute %d for device %d: %s"
when ``cuDeviceGetAttribute`` fails, and ``cuda_gpu_executor.cc`` calls ``.ValueOrDie()`` on it
while it builds the device description (max threads per block, block dims, clock rate), so
the process aborts in statusor.cc; ``GetSimpleAttribute`` returns "Could not retrieve CUDA
device attribute (<n>: <CUresult>" (the same text is in the TF 2.21 wheel's
libtensorflow_framework.so.2).  The attribute numbers are cuda.h's ``CUdevice_attribute``
(CUDA 12.6 headers, zspace/system.cuda-12.6 at b3d92c837713411301ae5df45b0c7758df7d931e).

A query this basic fails when the driver cannot answer for the GPU at all: the driver in a bad
state (nvidia-smi errors too), driver files of two versions, or the CUDA build of this
TensorFlow on this driver (tensorflow/tensorflow#28582: a tf-nightly-gpu 1.14 build aborted
on this line with CUDA_ERROR_UNKNOWN on Windows; tensorflow-gpu 1.12 ran on the same host).
Only that thread was read, so the finding is a hedge (category unknown).  A sticky kernel
fault code (``gpu-kernel-fault`` in status_codes.toml) is left to that finding.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: cuda.h ``CUdevice_attribute`` values TensorFlow's device setup queries (CUDA 12.6 headers).
_ATTRIBUTES = {
    "1": "CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK",
    "2": "CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X",
    "3": "CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y",
    "4": "CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z",
    "13": "CU_DEVICE_ATTRIBUTE_CLOCK_RATE",
    "16": "CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT",
    "32": "CU_DEVICE_ATTRIBUTE_ECC_ENABLED",
    "33": "CU_DEVICE_ATTRIBUTE_PCI_BUS_ID",
    "36": "CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE",
    "37": "CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH",
    "75": "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR",
    "76": "CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR",
}


def device_attribute_query_failed(ctx: Facts) -> list[Finding]:
    """``cuda-device-attribute-query-failed``: ``cuDeviceGetAttribute`` failed while TensorFlow
    built the GPU's device description (``cuda.device_attribute_failed``).  A warning of
    category unknown naming the causes and how to tell them apart; nothing when the code is
    a sticky kernel fault (``gpu-kernel-fault`` says it)."""
    hits = ctx.h("cuda.device_attribute_failed").all()
    if not hits:
        return []
    rows = {r.name: r for r in ctx.kb.cuda_errors}
    first = hits[0]
    code = first.g("code") or ""
    row = rows.get(code)
    if row is not None and row.maps_to == "gpu-kernel-fault":
        return []
    attr = first.g("attr") or first.g("attr2") or ""
    attr_name = _ATTRIBUTES.get(attr, f"attribute {attr}")
    dev = first.g("dev")
    meaning = f" ({row.meaning.rstrip('.')})" if row is not None and row.meaning else ""
    return [catalogue.make(
        "cuda-device-attribute-query-failed",
        code=code, attribute=attr_name, device=f"GPU {dev}" if dev else "the GPU",
        meaning=meaning,
        evidence=log_evidence(hits, limit=2),
        knowledge_ref=row.ref if row is not None else None,
    )]
