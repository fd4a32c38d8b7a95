"""GPU memory nearly all taken, as an nvidia-smi table in the log shows it.

nvidia-smi's GPU table gives each GPU's memory in use as ``used / total`` in MiB
(``|  11439MiB / 11439MiB |``), and its process table the process holding it
(``|    0      6216    C   python     10888MiB |``).  A GPU with less than
:data:`~tfgpu.diagnosis.checks._common.HELD_FREE_FRACTION` of its memory free is held by some
process.  TensorFlow reserves nearly all of a GPU's memory for its process when it first uses
the GPU and keeps it until the process exits (TensorFlow's GPU guide, "Limiting GPU memory
growth": "By default, TensorFlow maps nearly all of the GPU memory of all GPUs ... visible to
the process"), so one running TensorFlow program shows exactly this, and any other program on
that GPU gets almost nothing.

The check speaks only when no line of the log shows a memory failure itself (those findings,
memory.py, read their own lines); the table does not say whether the process that holds the
memory is the one that failed, so the finding is information (severity info) that names
both readings, not a claim.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import HELD_FREE_FRACTION, growth_fix
from tfgpu.diagnosis.checks._memory_failures import shows_memory_failure
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A GPU smaller than this (MiB) is no real table row (a parse of something else).
_MIN_TOTAL_MIB = 256


def _full_rows(ctx: Facts) -> list[tuple[Hit, str, int, int]]:
    """The GPU rows of nvidia-smi tables in the log with less than HELD_FREE_FRACTION of
    their memory free: (hit, GPU index as printed or counted, used MiB, total MiB)."""
    gpus = {h.line: h.g("idx") for h in ctx.h("smi.gpu").all()}
    out = []
    for n, h in enumerate(ctx.h("smi.memory_use").all()):
        used, total = int(h.g("used") or 0), int(h.g("total") or 0)
        if total >= _MIN_TOTAL_MIB and total - used < HELD_FREE_FRACTION * total:
            out.append((h, gpus.get(h.line - 1) or str(n), used, total))
    return out


def smi_memory_nearly_full(ctx: Facts) -> list[Finding]:
    """``gpu-memory-held-by-other-process`` (variant ``smi-nearly-full``, info: an
    observation, not a claim): an nvidia-smi table in the log shows a GPU with less than
    10% of its memory free, and no line of the log shows a memory failure.

    Returns:
        One finding naming each such GPU (``used`` of ``total`` MiB) and the processes the
        table lists (name, PID, MiB), or nothing.
    """
    rows = _full_rows(ctx)
    if not rows or shows_memory_failure(ctx):
        return []
    gpus = "; ".join(f"GPU {idx}: {used:,} of {total:,} MiB in use"
                     for _h, idx, used, total in rows[:4])
    procs = []
    for h in ctx.h("smi.process").first[:3]:
        name, mib = h.g("name"), h.g("mib")
        if name and mib:
            procs.append(f"{name.strip()} (PID {h.g('pid')}, {int(mib):,} MiB)")
    held = (f" Its process list shows {', '.join(procs)} holding it." if procs else "")
    _h0, _i0, used0, total0 = rows[0]
    return [catalogue.make(
        "gpu-memory-held-by-other-process", variant="smi-nearly-full",
        used=f"{used0:,}", total=f"{total0:,}", gpus=gpus, held=held,
        evidence=log_evidence([r[0] for r in rows], ctx.h("smi.process").first[:3], limit=6),
        fix=("nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
             "# which process holds it",
             "# stop the one you do not need (kill <pid>; in Jupyter shut down the other "
             "notebook's kernel), or run on a free GPU: CUDA_VISIBLE_DEVICES=1 python train.py",
             *growth_fix(ctx, "in each TensorFlow program, before it starts: it then takes only "
                         "what it needs (or tf.config.experimental.set_memory_growth(gpu, "
                         "True); TF 1.x: config.gpu_options.allow_growth = True)")),
    )]


__all__ = ["smi_memory_nearly_full"]
