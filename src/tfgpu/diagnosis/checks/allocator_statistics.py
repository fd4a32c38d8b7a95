"""GPU device creation stopped because the device's memory allocator keeps no statistics.

Source: tensorflow/core/common_runtime/gpu/gpu_device.cc ``BaseGPUDeviceFactory::
CreateGPUDevice`` (TF 1.14 and later; the check came between 1.13.1 and 1.14,
tensorflow/tensorflow#30736) and tensorflow/core/common_runtime/pluggable_device/
pluggable_device_factory.cc: ``if (!stats) return errors::Internal("No allocator
statistics");`` after ``GetStats()`` on the allocator ``GPUProcessState::GetGPUAllocator``
built.  The text is in the TensorFlow 2.21 wheel's libtensorflow_framework.so.2.  Which
allocator is built depends on ``TF_GPU_ALLOCATOR`` (gpu_process_state.cc): unset, TensorFlow's
BFC allocator, which always keeps statistics; ``cuda_malloc`` (``GPUcudaMallocAllocator``, no
``GetStats`` in 1.14: #30736, fixed by #30737) and ``cuda_malloc_async``
(``GpuCudaMallocAsyncAllocator``, created without statistics in 2.5: #48869, #50669, #48545,
fixed in 2.6 by #49173) did not; the 2.21 wheel exports ``GetStats`` for
GpuCudaMallocAsyncAllocator and PluggableDeviceSimpleAllocator but none for
GPUcudaMallocAllocator (``strings`` on libtensorflow_framework.so.2).  So the line says: a
TF_GPU_ALLOCATOR value whose allocator this release cannot use for a device; the fix is to
unset it (or, for cuda_malloc_async in 2.5, to upgrade).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The releases whose TF_GPU_ALLOCATOR allocator kept no statistics (threads in the module
#: docstring): TensorFlow (major, minor) -> (the TF_GPU_ALLOCATOR value, the first release
#: with statistics for it, or None: cuda_malloc's allocator has none in the 2.21 wheel either).
_BROKEN_ALLOCATOR: dict[tuple[int, int], tuple[str, str | None]] = {
    (1, 14): ("cuda_malloc", None),
    (2, 5): ("cuda_malloc_async", "2.6"),
}


def gpu_allocator_without_statistics(ctx: Facts) -> list[Finding]:
    """``gpu-allocator-without-statistics`` from ``mem.no_allocator_stats``.  When the log or
    the host facts give a release whose TF_GPU_ALLOCATOR allocator is known to lack
    statistics (:data:`_BROKEN_ALLOCATOR`), the title and fix name that value (and the
    release with the fix, if any); else, when the log shows gpu_process_state.cc naming the
    allocator it uses ("Using CUDA malloc Async allocator", ``mem.allocator_chosen``), that
    value; otherwise the cause names both values and the fix shows how to see which is
    set."""
    hits = ctx.h("mem.no_allocator_stats").all()
    if not hits:
        return []
    unset = (c.unset_env(ctx, "TF_GPU_ALLOCATOR") + "   # back to TensorFlow's own (BFC) "
             "allocator; also remove it from os.environ in the code or the job script")
    known = _BROKEN_ALLOCATOR.get(ctx.tf_mm) if ctx.tf_mm else None
    # gpu_process_state.cc's line naming the allocator TF_GPU_ALLOCATOR chose
    chosen = ctx.h("mem.allocator_chosen").all()
    if known:
        value, fixed = known
        which_title = f" (TF_GPU_ALLOCATOR={value} in TensorFlow {ctx.tf_version})"
        here = (f" This log is from TensorFlow {ctx.tf_version}, whose {value} allocator is "
                "one of them")
        here += f"; TensorFlow {fixed} fixed it." if fixed else "."
        fix: tuple[str, ...] = (unset,) + (
            (f"# or keep TF_GPU_ALLOCATOR={value} and upgrade to TensorFlow {fixed} or later",)
            if fixed else ())
    elif chosen:
        value = "cuda_malloc_async" if chosen[0].g("async") else "cuda_malloc"
        which_title = f" (TF_GPU_ALLOCATOR={value})"
        here = (f" The log shows TensorFlow using the allocator TF_GPU_ALLOCATOR={value} "
                f"selects (line {chosen[0].line}).")
        fix = (unset,) + (("# or keep TF_GPU_ALLOCATOR=cuda_malloc_async and use TensorFlow "
                           "2.6 or later",) if chosen[0].g("async") else ())
    else:
        which_title = ""
        here = " The log does not show which value was set."
        fix = (
            *c.show_env(ctx, "TF_GPU_ALLOCATOR", "cuda_malloc or cuda_malloc_async selects "
                        "another allocator than TensorFlow's own"),
            unset,
            "# to keep cuda_malloc_async, use TensorFlow 2.6 or later",
        )
    return [catalogue.make(
        "gpu-allocator-without-statistics", which_title=which_title, here=here,
        evidence=log_evidence(hits, chosen[:1], limit=3), fix=fix,
    )]


__all__ = ["gpu_allocator_without_statistics"]
