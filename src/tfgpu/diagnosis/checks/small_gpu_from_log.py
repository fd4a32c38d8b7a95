"""A GPU sold with less than 4 GB that TensorFlow's own device lines show, beside its allocator
running out of memory on it: ``gpu-memory-small`` from the log.

Sources: tensorflow/core/common_runtime/gpu/gpu_device.cc "Found device N with properties:"
printed the GPU's whole memory: TF 0.x-1.x "Total memory: 1.95GiB" / "totalMemory: 1.95GiB
freeMemory: 1.63GiB" (pattern ``mem.info``), TF 2.0-2.5 "deviceMemorySize: 1.95GiB"
(``mem.device_size``).  Later releases print only the pool they created ("Created device ...
with N MB memory"), which is what was free, not what the GPU has: another process holding
memory shrinks it, so it is not read here.  bfc_allocator.cc "Allocator (GPU_0_bfc) ran out of
memory trying to allocate ..." (``mem.ran_out``), including its "The caller indicates that
this is not a failure" form, and the other allocation failures
(:data:`~tfgpu.diagnosis.checks._memory_failures.ALLOCATION_FAILED`) say the program reached
that small memory's end.  The not-a-failure warning alone stays the harmless notice memory.py
gives; with a GPU sold with less than 4 GB (under the cut of the platform fact
``gpu-memory-small-cut``, :func:`~tfgpu.diagnosis.checks.hardware.small_gpu_cut`: a 4 GB board
reports 3.8-4.0 GiB, a GTX 1650 "deviceMemorySize: 3.82GiB", and is not small) the
size is the lead: zhang0jhon/AttentionOCR#14 (TF 1.x on a GeForce GT 1030, "totalMemory:
1.95GiB", only not-a-failure warnings), where the maintainer answered that the demo needs a GPU
of more than 4 GB, or smaller inputs.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._memory_failures import ALLOCATION_FAILED, not_a_failure
from tfgpu.diagnosis.checks.hardware import small_gpu_cut
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, size_to_mib
from tfgpu.findings import Finding


def _device_totals(ctx: Facts) -> list[tuple[float, Hit]]:
    """The GPU totals (MiB) TensorFlow's device lines print, with their lines: TF 1.x's
    "totalMemory:" / "Total memory:" and TF 2.0-2.5's "deviceMemorySize:"."""
    out: list[tuple[float, Hit]] = []
    for h in ctx.h("mem.info").all():
        text = h.g("total") or (h.g("v1") if h.g("k1") == "Total" else None)
        if text and (mib := size_to_mib(text)):
            out.append((mib, h))
    for h in ctx.h("mem.device_size").all():
        if (mib := size_to_mib(h.g("size") or "")):
            out.append((mib, h))
    return out


def _mostly_held(ctx: Facts) -> bool:
    """Whether a TF 1.x device line shows less than half of the GPU free when TensorFlow
    started ("totalMemory: 1.96GiB freeMemory: 173.69MiB", or "Free memory:" beside "Total
    memory:"): another process held the memory, which memory_held.py's findings say; the
    GPU's size is not the lead then."""
    total = free = None
    for h in ctx.h("mem.info").all():
        if h.g("total"):
            total, free = size_to_mib(h.g("total") or ""), size_to_mib(h.g("free") or "")
        elif h.g("k1") == "Total":
            total = size_to_mib(h.g("v1") or "")
        elif h.g("k1") == "Free":
            free = size_to_mib(h.g("v1") or "")
        if total and free is not None and free < total / 2:
            return True
    return False


def small_gpu_in_log(ctx: Facts) -> list[Finding]:
    """``gpu-memory-small`` variant ``from-log``: every GPU total the log's device lines give
    is under the cut of :func:`small_gpu_cut` (a board sold with less than 4 GB) and an
    allocation failed or the allocator ran out (any
    :data:`ALLOCATION_FAILED` line, the not-a-failure warning included).  Nothing when the
    host facts give the GPU's memory (``small_memory`` reads those), when a device line shows
    a larger GPU (which GPU ran out, the log may not say), when less than half of the GPU was
    free at start (:func:`_mostly_held`: another process held it), or for another framework's
    log."""
    gpus = ctx.host.nvidia_gpus if ctx.host is not None else ()
    if any(g.memory_total_mib for g in gpus) or ctx.other_framework:
        return []
    failed = [h for name in ALLOCATION_FAILED for h in ctx.h(name).all()]
    ran = {h.line for h in ctx.h("mem.ran_out").all()}
    totals = _device_totals(ctx)
    cut, ref = small_gpu_cut(ctx.kb)
    if (not failed or not totals or any(mib >= cut for mib, _ in totals)
            or _mostly_held(ctx)):
        return []
    mib, line = min(totals, key=lambda t: t[0])
    benign = all(h.line in ran and not_a_failure(ctx, h) for h in failed)
    return [catalogue.make(
        "gpu-memory-small", variant="from-log",
        total=f"{mib:,.0f} MiB", line=str(line.line), cut_mib=f"{cut:,}", ref=ref,
        knowledge_ref=ref,
        ran=("its allocator warned that it could not get the memory a step asked for (a "
             "request the caller retried with less, not a failure by itself, but the sign "
             "of a model working at the edge of this GPU's memory)" if benign else
             "an allocation on it failed"),
        evidence=log_evidence([line], sorted(failed, key=lambda h: h.line), limit=3),
        fix=("# reduce the batch size and the input size (image resolution, sequence length) "
             "until it fits, or use a GPU with more memory (one sold with 4 GB or more)",
             c.set_env(ctx, "TF_FORCE_GPU_ALLOW_GROWTH", "true")
             + "   # take memory as needed, not all of it at start",
             "nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv   # the GPU's "
             "memory and what other programs (the desktop) use of it"),
    )]


__all__ = ["small_gpu_in_log"]
