"""Kinds grown from the census of 97 public reports (census3, docs/census3.md): each from the
source that prints the message.

Sources:

* TensorFlow ``core/grappler/utils/graph_view.cc`` ``MutableGraphView::
  CheckKernelRegisteredForNodes()`` (https://github.com/tensorflow/tensorflow/blob/
  0f894876ea5fb46efa52d4fb90dfaaaf0e169e8b/tensorflow/core/grappler/utils/graph_view.cc):
  ``LOG(WARNING) << s.message()`` for a rewritten node without a kernel on its device, then
  ``return absl::OkStatus()``; the string is in TensorFlow 2.21's libtensorflow_framework.
* NVIDIA/nccl ``src/include/shm.h`` (v2.4.2-1 to v2.11: ``shmOpen``) and
  ``src/misc/shmutils.cc`` (v2.12.12-1+: ``ncclShmOpen``): the segment is created
  (``posix_fallocate``), mapped, then ``CUDACHECKGOTO(cudaHostRegister(...))``, whose failure
  prints ``WARN("Cuda failure '%s'")`` at that file:line and skips the "Error while creating
  shared memory segment" warning; v2.3 ``shm.h``: ``WARN("failed to register host buffer %p :
  %s")``. NCCL's environment variables page: NCCL_SHM_DISABLE=1 disables the SHM transport.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def grappler_kernel_check(ctx: Facts) -> list[Finding]:
    """``grappler-kernel-check-notice`` (harmless): grappler's graph_view.cc warning that an op
    it placed on the GPU has no GPU kernel there; the placer runs the op where it has one."""
    hits = ctx.h("c3.grappler_kernel_check")
    if not hits.count:
        return []
    ops = sorted({h.g("op") or "" for h in hits.all()} - {""})
    return [catalogue.make("grappler-kernel-check-notice", op=", ".join(ops[:3]) or "an op",
                           evidence=log_evidence(hits, limit=2))]


def nccl_shm_cuda_failed(ctx: Facts) -> list[Finding]:
    """``nccl-shm-cuda-register-failed`` (hedged, category unknown): NCCL's shm lines show a
    CUDA call on the mapped segment failing (cudaHostRegister), not its allocation."""
    hits = ctx.h("c3.nccl_shm_cuda")
    if not hits.count:
        return []
    first = hits.first[0]
    error = (first.g("err") or first.g("err2") or "").strip() or "a CUDA error"
    return [catalogue.make(
        "nccl-shm-cuda-register-failed", error=error,
        evidence=log_evidence(hits, ctx.h("nccl.system").first[:1], limit=3),
        fix=("NCCL_SHM_DISABLE=1 python train.py   # the run works: the SHM transport is what "
             "fails (keep it off, or look for what blocks cudaHostRegister on this host)",
             "NCCL_DEBUG=INFO python train.py   # the transport NCCL picks for each GPU pair"),
    )]
