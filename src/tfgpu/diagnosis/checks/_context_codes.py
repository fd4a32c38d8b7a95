"""A failed CUDA context whose status code has a finding of its own.

The readers of a context that could not be created or made current (gpu_device.cc's "failed
initializing StreamExecutor ... failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_X", TF
1.x's CHECK_EQ on cuDevicePrimaryCtx*/cuCtx* calls) name the generic checklist of a GPU that
did not initialise (nvidia-smi, compute mode, CUDA_VISIBLE_DEVICES, the kernel log's Xid).  A
code whose ``status_codes.toml`` row maps to a fault of its own states that fault whatever
call returned it, and its own cause and next steps apply instead:

* ``maps_to = "new:<fault>"`` (ECC/NVLink errors, MPS, a vGPU licence, the fabric manager, the
  libcuda stub, CUDA forward compatibility on a GPU without it):
  :func:`tfgpu.diagnosis.checks.status_codes.new_fault_finding`; an invalid device ordinal
  stays with the context readers, whose next steps for it already name the ordinals.
* ``maps_to = "gpu-peer-access-limit"`` (CUDA_ERROR_TOO_MANY_PEERS, cudaErrorTooManyPeers:
  cuda.h "the hardware resources required to enable peer access have been exhausted"): the
  peer-limit finding's ``context`` variant.  Threads: NVIDIA/nccl#356 and
  tensorflow/tensorflow#42039 (10 Quadro RTX 8000 in one process: cuDevicePrimaryCtxRetain
  failed with it, NCCL_P2P_DISABLE=1 did not help), NVIDIA/nccl#241 with
  tensorflow/tensorflow#30887 (NCCL's maintainer: 8 peers per device, TensorFlow enables
  peer access between all GPUs, an X server may hold peer connections too).

The sticky kernel faults and the Exclusive_Thread compute mode are
:mod:`tfgpu.diagnosis.checks._code_claims`' claims, read before this.  The cuInit-family codes
(CUDA_ERROR_DEVICE_UNAVAILABLE, _SYSTEM_DRIVER_MISMATCH, ...) map to cuInit findings whose
words name cuInit; at context creation they keep the context finding with the code's meaning.
"""

from __future__ import annotations

from collections.abc import Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.status_codes import new_fault_finding
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import CudaError

#: ``new:`` faults the context readers already name with that code's own next steps: an
#: invalid device ordinal (their CUDA_VISIBLE_DEVICES and ``nvidia-smi -L`` lines).
_CONTEXT_OWN = frozenset({"new:invalid-device-ordinal"})

#: CUDA gives a device at most this many peer connections (CUDA C++ Programming Guide,
#: "Peer-to-Peer Memory Access": a system-wide maximum of eight per device without NVSwitch).
_PEERS = 8


def context_code_finding(ctx: Facts, row: CudaError | None, hits: Sequence[Hit], *,
                         what: str) -> Finding | None:
    """The finding of the code ``row`` when it names a fault of its own (see the module
    docstring), quoted from ``hits``; ``what`` says which call returned it ("TensorFlow could
    not create the CUDA context on GPU 4: cuDevicePrimaryCtxRetain").  ``None`` otherwise."""
    if row is None:
        return None
    if row.maps_to.startswith("new:") and row.maps_to not in _CONTEXT_OWN:
        return new_fault_finding(ctx, row, hits)
    if row.maps_to != "gpu-peer-access-limit":
        return None
    p2p = ctx.h("ctx.nccl_p2p_disabled").first
    return catalogue.make(
        "gpu-peer-access-limit", variant="context", name=row.name, code=str(row.code),
        what=what,
        p2p=(" The log sets NCCL_P2P_DISABLE: that turns off only NCCL's own peer-to-peer "
             "transport, not the peer access TensorFlow enables between its GPUs, so it does "
             "not help here (NVIDIA/nccl#356)." if p2p else ""),
        evidence=log_evidence(list(hits), p2p, limit=4),
        fix=("nvidia-smi -L   # how many GPUs this process sees (CUDA_VISIBLE_DEVICES unset: "
             "all of them)",
             f"CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7,8 python train.py   # at most {_PEERS + 1} "
             f"GPUs per process: each then needs at most {_PEERS} peers",
             "nvidia-smi   # its process list: an X server (Xorg, type G) or another job on "
             "these GPUs holds peer mappings too",
             "# more GPUs: several processes (tf.distribute.MultiWorkerMirroredStrategy), each "
             f"with at most {_PEERS + 1}"),
        knowledge_ref=row.ref,
    )
