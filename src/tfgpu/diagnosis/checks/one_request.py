"""One allocation that failed through TensorFlow's allocator adapter, measured against the
GPU's memory: the fields and fix lines of ``gpu-resource-exhausted`` variant ``one-request``.

"Out of memory while trying to allocate N bytes." is the ResourceExhausted status of the
adapter through which XLA-compiled computations and the GPU libraries' autotuning take memory
from TensorFlow's allocator (tensorflow/compiler/tf2xla ``XlaAllocator::Allocate`` in TF 1.x,
later stream_executor ``tf_allocator_adapter.cc`` ``TfAllocatorAdapter::Allocate``; pattern
``mem.exhausted``, group ``bytes``).  It gives the size of one request.  A request larger
than the GPU's whole memory can never be met: neither another process nor a memory setting
explains it, and a slightly smaller batch will not fit it; the computation asks for a buffer
far larger than intended.  When the failing node is an auto-clustered XLA cluster
(``<cluster>/xla_run``, build_xla_ops_pass.cc's _XlaRun node; pattern
``ctx.xla_cluster_node``), the compiled cluster is one candidate, and running the step
without XLA tells.
"""

from __future__ import annotations

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, size_to_mib

#: TF_XLA_FLAGS' --tf_xla_auto_jit: -1 turns auto-clustering off whatever the session's
#: ConfigProto says (0 defers to it; tensorflow/compiler/jit/flags.cc).
_XLA_OFF = ("TF_XLA_FLAGS=--tf_xla_auto_jit=-1 python train.py   # the same step without XLA "
            "auto-clustering (or turn off the script's own XLA option, "
            "tf.config.optimizer.set_jit(False))")


def _size(n_bytes: int) -> str:
    """``n_bytes`` as people read it: "64.12 GiB", "91.0 MiB", "512 bytes"."""
    if n_bytes >= 2**30:
        return f"{n_bytes / 2**30:.2f} GiB"
    if n_bytes >= 2**20:
        return f"{n_bytes / 2**20:.1f} MiB"
    return f"{n_bytes} bytes"


def _gpu_memory_mib(ctx: Facts) -> tuple[float, str] | None:
    """The GPU's memory in MiB and what it is, from the host facts (the GPU's total), TF 1.x's
    device lines ("Total memory:" / "totalMemory:"), TF 2.0-2.5's "deviceMemorySize:", or
    the pool TensorFlow created on GPU 0 ("... with N MB memory"); ``None`` when none is
    known."""
    gpus = ctx.host.gpus if ctx.host is not None else ()
    if gpus and gpus[0].memory_total_mib:
        return float(gpus[0].memory_total_mib), "this GPU's whole memory"
    for h in ctx.h("mem.info").all():
        total = size_to_mib(h.g("total") or (h.g("v1") if h.g("k1") == "Total" else "") or "")
        if total:
            return total, "this GPU's whole memory"
    for h in ctx.h("mem.device_size").all():
        total = size_to_mib(h.g("size") or "")
        if total:
            return total, "this GPU's whole memory"
    for h in ctx.h("gpu.created").all():
        mb = h.g("mb")
        if mb and mb.isdigit():
            return float(mb), "the pool TensorFlow created on the GPU"
    return None


def one_request(ctx: Facts, exhausted: list[Hit]) -> tuple[dict[str, str], tuple[str, ...]] | None:
    """The ``one-request`` fields (``size``, ``bytes``, ``line``, ``by``, ``over``) and fix
    lines for the first adapter request among ``exhausted`` (``mem.exhausted`` hits), or
    ``None`` when none of them gives a size in bytes."""
    # the adapter's own status only: cuMemAllocAsync's "failed to allocate N bytes"
    # (gpu_cudamallocasync_allocator.cc) is another allocator, with its own free-memory line
    hit = next((h for h in exhausted if (h.g("bytes") or "").isdigit()
                and "Out of memory while trying to allocate" in h.text), None)
    if hit is None:
        return None
    n_bytes = int(hit.g("bytes") or 0)
    node = next((h.g("node") for h in ctx.h("ctx.xla_cluster_node").all()
                 if h.line >= hit.line), None)
    culprit = "a tensor shape (a batch or sequence dimension, an unintended broadcast)"
    if node:
        culprit += (f", or the XLA cluster ({node}) that auto-clustering compiled into one "
                    "computation: run the step once without XLA to compare")
    known = _gpu_memory_mib(ctx)
    mib = n_bytes / 2**20
    if known is not None and mib > known[0]:
        over = (f" That one request is more than {known[1]} ({known[0]:,.0f} MiB): no other "
                "process or memory setting explains it, and a slightly smaller batch will not "
                f"fit it; the computation asks for a buffer far larger than intended: {culprit}.")
    elif known is not None:
        over = (f" The GPU has {known[0]:,.0f} MiB ({known[1]}): at this batch size the "
                "computation needs more than is free (other tensors, or other processes, hold "
                "the rest).")
    else:
        over = (" The log does not give the GPU's memory. If the request is more than the "
                "whole GPU (nvidia-smi), no other process or memory setting explains it, and the "
                f"computation asks for a buffer far larger than intended: {culprit}. If less, "
                "at this batch size it needs more than is free.")
    fix: tuple[str, ...] = ()
    if known is None:
        fix += ("nvidia-smi --query-gpu=name,memory.total --format=csv   # a single request "
                "above the GPU's total is a shape or XLA-cluster size problem, not a full GPU",)
    if node:
        fix += (_XLA_OFF,)
    fix += ("reduce the batch size (evaluate/predict in batches too)",
            "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
            "# other processes holding GPU memory")
    fields = {"size": _size(n_bytes), "bytes": str(n_bytes), "line": str(hit.line),
              "by": f" in an XLA cluster ({node})" if node else "", "over": over}
    return fields, fix


__all__ = ["one_request"]
