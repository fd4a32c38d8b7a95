"""What counts as a memory failure in a log: the one definition the memory checks share.

The patterns are TensorFlow's, CUDA's and the GPU libraries' own lines (``logs/patterns.py``):
an allocation that failed (an "OOM when allocating" tensor, a ResourceExhausted status, a BFC
allocator that ran out, CUDA_ERROR_OUT_OF_MEMORY), the allocator's report after it, CUDA's
out-of-memory at initialisation, pinned host memory or a CUDA module that could not be
allocated, the cuDNN/cuBLAS/cuFFT handle, plan and call failures that memory usually
causes, and another framework's own out-of-memory errors.  Their findings are memory.py's
(other_framework_oom.py's for the last); ``memory_held.py`` reads them to tell whether the
log shows a memory failure at all.
"""

from __future__ import annotations

from tfgpu.diagnosis.checks.library_failures import handle_failures
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: Lines that say an allocation failed: an OOM tensor, a ResourceExhausted status, a BFC
#: allocator that ran out, CUDA's out-of-memory on an allocation.
ALLOCATION_FAILED = ("mem.oom_tensor", "mem.exhausted", "mem.ran_out", "mem.cuda_oom")
#: CUDA's own out-of-memory lines: on an allocation, and the runtime's at initialisation
#: (:func:`tfgpu.diagnosis.checks.memory.rule_memory` reads them).
CUDA_OOM = ("mem.cuda_oom", "mem.runtime_init_oom")
#: The cuDNN/cuBLAS handle and call failures and cuFFT plan failures
#: (:func:`tfgpu.diagnosis.checks.library_failures.handle_failures`).
HANDLE_FAILURES = ("mem.handle", "cudnn.dnn_handle", "cufft.plan", "cuda.lib_call")
#: Another framework's own out-of-memory errors (PyTorch, CuPy, RMM, dlib, a compiled
#: extension; :mod:`tfgpu.diagnosis.checks.other_framework_oom` reads them).
OTHER_FRAMEWORK_OOM = ("mem.torch_alloc_oom", "mem.torch_check_oom", "mem.cupy_oom",
                       "mem.rmm_oom", "mem.dlib_oom", "mem.cuda_ext_oom")
#: Every pattern whose lines show a memory failure.
MEMORY_FAILURES = (*ALLOCATION_FAILED, "mem.runtime_init_oom", "mem.alloc_report",
                   "mem.pinned", "mem.module_oom", *HANDLE_FAILURES, *OTHER_FRAMEWORK_OOM)


#: bfc_allocator.cc's words for an allocation its caller retries with less memory.
_NOT_A_FAILURE = "indicates that this is not a failure"
#: bfc_allocator.cc's words in the line of an allocation that failed (``AllocateRawInternal``:
#: "... (rounded to 35758080)requested by op ..."; TF 1.x "... (rounded to 221952).  Current
#: allocation summary follows.").
_ROUNDED = "(rounded to "


def not_a_failure(ctx: Facts, hit: Hit) -> bool:
    """Whether the allocator line ``hit`` (``mem.ran_out``) says its caller retries ("The caller
    indicates that this is not a failure ..."), on its own line or, after a hard wrap, on one
    of the next three (pattern ``mem.not_a_failure``) before the next allocator line (a
    record of its own).

    bfc_allocator.cc prints the two lines from two paths: ``AllocateRaw`` for a caller that
    does not retry ("... trying to allocate N with freed_by_count=K. The caller indicates that
    this is not a failure ..."), and ``AllocateRawInternal`` when an allocation the caller
    needs has failed ("... trying to allocate N (rounded to B)requested by op X", then "If the
    cause is memory fragmentation ..." and the allocator's dump): a line with "(rounded to" is
    that failure, whatever line follows it."""
    if _NOT_A_FAILURE in hit.text:
        return True
    if failed_allocation(hit):
        return False
    later = [h.line for h in ctx.h("mem.ran_out").all() if h.line > hit.line]
    stop = min([hit.line + 3, *(n - 1 for n in later)])
    return any(hit.line <= h.line <= stop for h in ctx.h("mem.not_a_failure").all())


def failed_allocation(hit: Hit) -> bool:
    """Whether the allocator line ``hit`` (``mem.ran_out``) is bfc_allocator.cc's report of an
    allocation that failed after its retries (``AllocateRawInternal``'s "(rounded to N)" line,
    "requested by op X" since TF 2.x): the op that asked for it fails (:func:`not_a_failure`)."""
    return hit.g("op") is not None or _ROUNDED in hit.text


def shows_memory_failure(ctx: Facts) -> bool:
    """Whether any line of the log is one of :data:`MEMORY_FAILURES`."""
    return any(ctx.h(name).count for name in MEMORY_FAILURES)


def failure_lines(ctx: Facts, *, handles: bool = True) -> list[Hit]:
    """The out-of-memory failure lines other than CUDA's own (:data:`CUDA_OOM`), in log order:
    OOM tensors, ResourceExhausted statuses (not cuDNN's autotuning notices), BFC allocators
    that ran out (not those the caller says are no failure), allocation reports, and (with
    ``handles``) library handle/plan failures."""
    notices = {h.line for h in ctx.h("cudnn.autotune_notice").all()}
    out = [*ctx.h("mem.oom_tensor").all(), *ctx.h("mem.alloc_report").all(),
           *(h for h in ctx.h("mem.exhausted").all() if h.line not in notices),
           *(h for h in ctx.h("mem.ran_out").all() if not not_a_failure(ctx, h)),
           *(handle_failures(ctx) if handles else ())]
    return sorted({h.line: h for h in out}.values(), key=lambda h: h.line)


__all__ = ["ALLOCATION_FAILED", "CUDA_OOM", "HANDLE_FAILURES", "MEMORY_FAILURES",
           "OTHER_FRAMEWORK_OOM", "failed_allocation", "failure_lines", "not_a_failure",
           "shows_memory_failure"]
