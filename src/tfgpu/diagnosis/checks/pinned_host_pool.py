"""TensorFlow's pinned host memory pool ran out: ``host-allocator-ran-out`` variant
``pinned-pool``.

Besides one BFC allocator per GPU, TensorFlow keeps the page-locked (pinned) host memory it
copies to and from the GPUs in a BFC allocator of its own, whose dump after a failed
allocation reads exactly like a GPU allocator's ("Sum Total of in-use chunks", "Stats:",
"Limit: <bytes>"):

* TF 1.x ``tensorflow/core/common_runtime/gpu/process_state.cc``
  ``ProcessState::GetCUDAHostAllocator`` (read at tensorflow/tensorflow@074d88ff06c93c0e97b4
  6223e333d5d4756e31f6, whose ``core/public/version.h`` says 1.1.0-rc1):
  ``ReadInt64FromEnvVar("TF_CUDA_HOST_MEM_LIMIT_IN_MB", 1LL << 16 /*64GB max by default*/)``,
  then ``new BFCAllocator(new CUDAHostAllocator(se), cuda_host_mem_limit, true,
  "cuda_host_bfc")``: a cap of 2**16 MiB = 68719476736 bytes.
* Later ``gpu_process_state.cc`` ``GPUProcessState::GetGpuHostAllocator``: the allocator
  named ``"gpu_host_bfc"``, the same 64 GiB default read from ``TF_GPU_HOST_MEM_LIMIT_IN_MB``
  (the TF 2.x source; the variable's name is in the TensorFlow 2.21 wheel's
  libtensorflow_framework.so.2); tensorflow/tensorflow#59148 (merged January 2023) raised the
  default to 128 GiB = 137438953472 bytes (tensorflow/tensorflow#64764, TF 2.16: "limit is
  137gb").

The default cap is not the pinned pool's alone: TF's CPU BFC allocator (used when
``TF_CPU_ALLOCATOR_USE_BFC`` is on) reads ``TF_CPU_BFC_MEM_LIMIT_IN_MB`` with the same
``1LL << 16 /*64GB max by default*/`` and is named ``"bfc_cpu_allocator_for_gpu"``
(``tensorflow/core/common_runtime/process_state.cc`` ``ProcessState::GetCPUAllocator``, TF
1.x and 2.x alike, e.g. the TF 2.9-era source with ``BFCAllocator::Options``); the 128 GiB
default above is read in ``gpu_process_state.cc`` ``GetGpuHostAllocator`` as
``ReadInt64FromEnvVar("TF_GPU_HOST_MEM_LIMIT_IN_MB", 1LL << 17 /*2^17 MB == 128GB*/, ...)``
(the TF 2.12-era source whose includes are ``tensorflow/compiler/xla/stream_executor/...``).
So a dump that names its allocator is read by that name: ``*host*`` is the pinned pool,
``bfc_cpu_allocator_for_gpu`` the CPU BFC allocator, any other name (``GPU_0_bfc``, oneDNN's
``mklcpu``, ``cpu``) is neither and rules this reading out. A dump with no name whose
``Limit:`` is a default cap is the pinned pool's or the CPU BFC allocator's (variant
``host-bfc``, hedged, both variables), and one above any GPU's memory (:data:`NO_GPU_HAS`)
is some host allocator's; either way host RAM, not GPU memory (tensorflow/tensorflow#11915,
"Out of memory due to cuda_host_bfc allocator": "Limit: 68719476736", "Sum Total of in-use
chunks: 64.00GiB" in 2017).
A GPU pool set by hand to exactly 64 GiB (a memory_limit of 65536 MB) is told apart only by
its allocator's name, which TF 2.x dumps print first ("BFCAllocator dump for GPU_0_bfc").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The pinned pool's default caps in bytes (module docstring): 64 GiB, and 128 GiB after
#: tensorflow/tensorflow#59148.
DEFAULT_CAPS = {2**36: "64 GiB, the pinned pool's default cap", 2**37: "128 GiB, the pinned "
                "pool's default cap in releases after tensorflow/tensorflow#59148"}
#: A limit of at least this many bytes (1 TiB) is no GPU's: the largest GPUs have a few
#: hundred GB.
NO_GPU_HAS = 2**40
#: How far (lines) a "Limit:" line may stand from the report lines it belongs to.
_NEAR = 80
#: An allocator name of pinned host memory ("cuda_host_bfc", "gpu_host_bfc",
#: "pluggable_device_host_bfc", XLA's "xla_gpu_host_bfc").
HOST_ALLOCATOR = re.compile(r"host", re.IGNORECASE)
#: TF's CPU BFC allocator (process_state.cc, module docstring): host RAM, capped by
#: TF_CPU_BFC_MEM_LIMIT_IN_MB.
CPU_BFC = re.compile(r"bfc_cpu_allocator", re.IGNORECASE)


def _names(ctx: Facts, lines: Sequence[int]) -> list[str]:
    """The allocator names the log gives within :data:`_NEAR` lines of ``lines``: the dump's
    "BFCAllocator dump for X", "Current usage from device: D, allocator: X", "Allocator (X)
    ran out of memory"."""
    hits = [*ctx.h("mem.alloc_report").all(), *ctx.h("mem.ran_out").all()]
    return [name for h in hits if any(abs(h.line - n) <= _NEAR for n in lines)
            for name in (h.g("bfc"), h.g("alloc")) if name]


def named_allocator(ctx: Facts, around: Sequence[Hit]) -> str | None:
    """The first allocator name near ``around`` (:func:`_names`), or ``None``."""
    names = _names(ctx, [h.line for h in around])
    return names[0] if names else None


def pinned_limit(ctx: Facts, around: Sequence[Hit]) -> tuple[Hit, int, str] | None:
    """The BFC dump's limit line (pattern ``mem.bfc_limit``) within :data:`_NEAR` lines of
    ``around`` whose value says a host allocator: one of :data:`DEFAULT_CAPS`, or at least
    :data:`NO_GPU_HAS`; with the value and why.  ``None`` when no such line stands there,
    or when the dump names an allocator that is neither the pinned pool (``*host*``) nor the
    CPU BFC allocator (:data:`CPU_BFC`): "GPU_0_bfc", oneDNN's "mklcpu", "cpu"."""
    lines = [h.line for h in around]
    if any(not HOST_ALLOCATOR.search(n) and not CPU_BFC.search(n)
           for n in _names(ctx, [*lines, *(h.line for h in ctx.h("mem.bfc_limit").all())])):
        return None
    for h in ctx.h("mem.bfc_limit").all():
        if not any(abs(h.line - n) <= _NEAR for n in lines):
            continue
        value = int(h.g("limit") or h.g("limit2") or 0)
        if value in DEFAULT_CAPS:
            return h, value, DEFAULT_CAPS[value]
        if value >= NO_GPU_HAS:
            return h, value, "more memory than any GPU has"
    return None


def _raise_to(ctx: Facts, var: str, limit: tuple[Hit, int, str] | None) -> str:
    """The fix line that raises ``var`` above the cap the log shows (twice it), or, with no
    cap in the log, above the default."""
    if limit is None:
        return (c.set_env(ctx, var, "<more than the current cap, in MB>") + "   # the default "
                "is 65536 (64 GiB), 131072 (128 GiB) for the pinned pool in later releases")
    mb = limit[1] // 2**20
    return (c.set_env(ctx, var, str(2 * mb)) + f"   # twice the cap this log shows ({mb} MB), "
            "only if the machine has that much RAM")


def host_bfc_finding(ctx: Facts, allocator: str | None, limit: tuple[Hit, int, str],
                     report: Sequence[Hit]) -> Finding:
    """``host-allocator-ran-out`` variant ``host-bfc``: a BFC dump whose limit says host RAM
    (``limit``) but whose allocator is the CPU BFC one (``allocator``) or not named: the
    pinned pool or the CPU BFC allocator, told apart only by the name TF 2.x dumps print."""
    hit, value, why = limit
    default = value in DEFAULT_CAPS
    cpu = allocator is not None and bool(CPU_BFC.search(allocator))
    if cpu:
        which = (f"The allocator that ran out is {allocator}, TensorFlow's CPU BFC allocator "
                 "(process_state.cc, used when TF_CPU_ALLOCATOR_USE_BFC is on; its cap is "
                 "TF_CPU_BFC_MEM_LIMIT_IN_MB, 64 GiB by default), not the GPU's.")
    elif default:  # 64 GiB: both allocators' default (128 GiB stays pinned_pool_finding's)
        which = ("The log does not name the allocator: at this default cap it is TensorFlow's "
                 "pinned host pool (gpu_host_bfc / cuda_host_bfc, TF_GPU_HOST_MEM_LIMIT_IN_MB) "
                 "or its CPU BFC allocator (bfc_cpu_allocator_for_gpu, when "
                 "TF_CPU_ALLOCATOR_USE_BFC is on; TF_CPU_BFC_MEM_LIMIT_IN_MB), both 64 GiB by "
                 "default.")
    else:
        which = ("The log does not name the allocator: a host one (the pinned host pool with "
                 "a raised cap, TF's CPU BFC allocator, oneDNN's mklcpu allocator, whose cap "
                 "is the machine's RAM).")
    fix: list[str] = ["# hold less host memory at once: smaller batches, prefetch and queue "
                      "buffers, fewer tensors kept on the CPU"]
    if cpu or default:
        if not cpu:
            fix.append(_raise_to(ctx, "TF_GPU_HOST_MEM_LIMIT_IN_MB", limit)
                       + " (the pinned pool; TF 1.x releases such as 1.1: "
                       "TF_CUDA_HOST_MEM_LIMIT_IN_MB)")
        fix.append(_raise_to(ctx, "TF_CPU_BFC_MEM_LIMIT_IN_MB", limit)
                   + " (the CPU BFC allocator)")
    fix.append(c.host_ram_check(ctx)[0])
    return catalogue.make(
        "host-allocator-ran-out", variant="host-bfc", allocator=allocator or "not named",
        at_limit=f" at its cap of {value / 2**30:,.0f} GiB",
        reading=(f"The allocator report's limit is {value:,} bytes (line {hit.line}): {why}. "
                 + which),
        evidence=log_evidence(list(report), [hit], limit=3), fix=tuple(fix))


def pinned_pool_finding(ctx: Facts, allocator: str | None, limit: tuple[Hit, int, str] | None,
                        report: Sequence[Hit]) -> Finding:
    """``host-allocator-ran-out`` variant ``pinned-pool``: the pinned host pool (named
    ``allocator``, or read from ``limit``) ran out; ``report``: the allocator lines shown.
    A dump that does not name the pinned pool (no name, or the CPU BFC allocator's) gets
    :func:`host_bfc_finding` instead."""
    if allocator is None and limit is not None:
        allocator = named_allocator(ctx, [*report, limit[0]])
    # an unnamed dump at 128 GiB: the pinned pool's later default, no default of the CPU
    # BFC allocator (64 GiB), so the pinned reading stands
    pool_cap = allocator is None and limit is not None and limit[1] == 2**37
    if limit is not None and not pool_cap and not (allocator and HOST_ALLOCATOR.search(allocator)):
        return host_bfc_finding(ctx, allocator, limit, report)
    if limit is not None:
        hit, value, why = limit
        reading = (f"The allocator report's limit is {value:,} bytes (line {hit.line}): "
                   f"{why}, so the pool that ran out is the pinned host pool, not a GPU's.")
        at_limit = f" at its cap of {value / 2**30:,.0f} GiB"
    else:
        reading = (f"The allocator that ran out is {allocator}, TensorFlow's pinned host "
                   "pool, though its name says gpu or cuda.")
        at_limit = ""
    name = allocator or "cuda_host_bfc / gpu_host_bfc"
    return catalogue.make(
        "host-allocator-ran-out", variant="pinned-pool", allocator=name, at_limit=at_limit,
        reading=reading, evidence=log_evidence(list(report), [limit[0]] if limit else [], limit=3),
        fix=("# hold less pinned host memory at once: fewer or smaller host-to-GPU copies in "
             "flight (smaller prefetch and queue buffers, smaller batches fed from the host), "
             "smaller tensors kept on the CPU beside the GPU model, smaller results fetched "
             "back",
             _raise_to(ctx, "TF_GPU_HOST_MEM_LIMIT_IN_MB", limit) + " (TF 1.x releases "
             "such as 1.1 read TF_CUDA_HOST_MEM_LIMIT_IN_MB instead)",
             c.host_ram_check(ctx)[0]))


__all__ = ["CPU_BFC", "DEFAULT_CAPS", "HOST_ALLOCATOR", "NO_GPU_HAS", "host_bfc_finding",
           "named_allocator", "pinned_limit", "pinned_pool_finding"]
