"""Out of GPU memory on the first GPU in a job of several MPI processes (Horovod).

A Horovod job (``horovodrun``, ``mpirun``) starts one process per GPU; each must be pinned to
its own GPU (Horovod's TensorFlow guide: ``tf.config.set_visible_devices(gpus[hvd.local_rank()],
'GPU')``, or ``CUDA_VISIBLE_DEVICES`` per process), else every process's TensorFlow sees all
the node's GPUs, places its work on the first one and reserves memory on all of them, and the
first GPU runs out.  Thread: huggingface/notebooks#37 (BERT-large under Horovod on 8-GPU nodes:
ranks up to 15 ran out of memory on GPU 0; pinning each rank to its local GPU, with memory
growth, fixed it).  The rank tags of the log's lines (Open MPI's ``--tag-output`` form,
"[1,14]<stderr>:", pattern ``ctx.mpi_rank``) show the processes; a pinned process sees its GPU
as GPU:0 too, so the log alone cannot tell, and the finding is a warning that says how to
check.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._memory_failures import not_a_failure
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _on_first_gpu(ctx: Facts) -> list[Hit]:
    """Out-of-memory lines of the first GPU: a tensor OOM on GPU:0 (or by GPU_0_bfc), or the
    BFC allocator's GPU_0_bfc failing (not a request its caller retries)."""
    out = [h for h in ctx.h("mem.oom_tensor").all()
           if (h.g("device") or "").upper().endswith("GPU:0")
           or (h.g("alloc") or "") == "GPU_0_bfc"]
    out += [h for h in ctx.h("mem.ran_out").all()
            if (h.g("alloc") or "") == "GPU_0_bfc" and not not_a_failure(ctx, h)]
    return sorted(out, key=lambda h: h.line)


#: The PCI bus id on TensorFlow's "Created ... device" line (gpu_device.cc).
_BUS = re.compile(r"pci bus id: (?P<bus>[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.\d)")


def _buses_by_rank(ctx: Facts) -> dict[int, set[str]]:
    """The physical GPUs (PCI bus ids) each rank's TensorFlow created devices on, from the
    "Created ... device" lines that carry a rank tag."""
    rank_of = {h.line: int(h.g("rank") or 0) for h in ctx.h("ctx.mpi_rank").all()}
    out: dict[int, set[str]] = {}
    for h in ctx.h("gpu.created").all():
        m = _BUS.search(h.text)
        if m and h.line in rank_of:
            out.setdefault(rank_of[h.line], set()).add(m.group("bus").lower())
    return out


def mpi_ranks_share_first_gpu(ctx: Facts) -> list[Finding]:
    """``gpu-memory-held-by-other-process`` for the first GPU out of memory in a log whose
    lines carry two or more MPI rank tags: variant ``mpi-ranks-shared`` (an error) when the
    ranks' "Created ... device" lines show two ranks on one physical GPU (one PCI bus id),
    nothing when they show every rank on its own GPU, else ``mpi-ranks`` (a warning: the
    lines do not tell)."""
    ranks = sorted({int(h.g("rank") or 0) for h in ctx.h("ctx.mpi_rank").all()})
    if len(ranks) < 2:
        return []
    oom = _on_first_gpu(ctx)
    if not oom:
        return []
    buses = _buses_by_rank(ctx)
    if len(buses) >= 2:
        owners: dict[str, list[int]] = {}
        for rank, bs in buses.items():
            for b in bs:
                owners.setdefault(b, []).append(rank)
        shared = {b: rs for b, rs in owners.items() if len(rs) >= 2}
        if not shared:
            return []  # every rank on its own GPU: pinned, the usual out-of-memory finding
        bus, on = next(iter(shared.items()))
        return [catalogue.make(
            "gpu-memory-held-by-other-process", variant="mpi-ranks-shared",
            ranks=", ".join(map(str, sorted(on))), bus=bus, evidence=log_evidence(oom[:2]),
            fix=_PIN_FIX[:2] + _PIN_FIX[3:],
        )]
    shown = ", ".join(map(str, ranks[:6])) + (f" and {len(ranks) - 6} more" if len(ranks) > 6
                                              else "")
    return [catalogue.make(
        "gpu-memory-held-by-other-process", variant="mpi-ranks", ranks=shown,
        evidence=log_evidence(oom[:2]), fix=_PIN_FIX,
    )]


#: Pinning each process to its own GPU (Horovod's TensorFlow guide), and how to check.
_PIN_FIX = ("# after hvd.init(), before building the model: gpus = "
             "tf.config.list_physical_devices('GPU'); for g in gpus: "
             "tf.config.experimental.set_memory_growth(g, True); then "
             "tf.config.set_visible_devices(gpus[hvd.local_rank()], 'GPU')   # one GPU per "
             "process (Horovod's TensorFlow guide)",
             "# or give each process its own GPU through CUDA_VISIBLE_DEVICES (a launcher "
             "script that sets it from OMPI_COMM_WORLD_LOCAL_RANK)",
             "nvidia-smi --query-compute-apps=pid,gpu_uuid,used_memory --format=csv   # while it "
             "runs: every process on one GPU means they are not pinned",
             "# pinned and still out of memory: the model and batch do not fit one GPU: a "
             "smaller batch per process")
