"""CUDA refusing the launch shape of a TensorFlow GPU kernel (finding
``gpu-launch-work-count-check-failed``, variant ``launch-rejected``).

TensorFlow launches its own CUDA kernels through ``GpuLaunchKernel`` (``CudaLaunchKernel`` in
TF 1.13-2.0) and checks the status (``TF_CHECK_OK``, which aborts with "Non-OK-status: ...",
or ``OP_REQUIRES_OK``, which raises it). "invalid configuration argument" is the CUDA
runtime's text for ``cudaErrorInvalidConfiguration`` (9): "a kernel launch is requesting
resources that can never be satisfied by the current device ... requesting too many threads
or blocks" (CUDA runtime API, driver_types.h); a grid of zero blocks is refused the same way.
TensorFlow computes the grid from the op's input size, so most often the input: an empty
tensor (tensorflow/tensorflow#36310, TF 2.1: one sample under MirroredStrategy on two GPUs left
one replica an empty batch; the transpose kernel SwapDimension1And2InTensor3UsingTiles got a
zero grid) or one too large for the kernel's grid. One thread ended with the CUDA toolkit
instead (keras-team/keras#13093, TF 1.14 on two GPUs: failed under CUDA 9.2, ran under 10.1),
so the finding is a hedge (category unknown) that names both. Pattern
``cuda.launch_rejected``.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def gpu_launch_rejected(ctx: Facts) -> list[Finding]:
    """The ``launch-rejected`` variant for the first refused launch in the log, naming the
    kernel when the "Non-OK-status: GpuLaunchKernel(<kernel>..." line gives it; nothing when
    the log also shows the element-count CHECK (``cuda.launch_count``: its own finding)."""
    hits = ctx.h("cuda.launch_rejected").all()
    if not hits or ctx.h("cuda.launch_count").count:
        return []
    named = next((h for h in hits if h.g("kernel")), None)
    kernel = (named.g("kernel") or "") if named is not None else ""
    first = named or hits[0]
    return [catalogue.make(
        "gpu-launch-work-count-check-failed", variant="launch-rejected",
        line=first.text.strip()[:200],
        kernel=f"'{kernel}'" if kernel else "(its name is not in this line)",
        evidence=log_evidence(hits[:2]),
    )]


__all__ = ["gpu_launch_rejected"]
