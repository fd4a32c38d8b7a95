"""GPU memory in use with no process listed, as an nvidia-smi table in the log shows it
(finding ``gpu-memory-held-by-other-process``, variant ``smi-unlisted-holder``, info).

nvidia-smi's GPU table counts all memory in use on the GPU (``|  12799MiB / 16280MiB |``,
pattern ``smi.memory_use``), but its process table lists only the processes of its own PID
namespace: inside a container it shows none of other containers' or the host's processes, and
WSL 2's nvidia-smi lists none at all. A table whose process list is empty ("No running
processes found", or the "Processes:" header with no row: pattern ``ctx.smi_processes``) while
a GPU has much memory in use means a program nvidia-smi cannot see holds it (wencolani/CrossE#2:
12.8 of 16 GB taken, no process listed, the cause of the reporter's out-of-memory errors).

A GPU that drives a display (the row's Disp.A column "On": its desktop's memory) or WSL 2
(Windows' desktop shares the GPU, and there is no /dev/nvidia* to look through) is variant
``smi-unlisted-display``; a log that shows the program's own Keras training running ("Epoch
3/50": inside a container nvidia-smi does not list the container's own process) says
nothing.

The check speaks only when the near-full reading (memory_held.smi_memory_nearly_full) does not
(less than 90% in use: that reading covers the rest) and no line shows a memory failure (whose
own findings read it); it is information, not a claim.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import HELD_FREE_FRACTION
from tfgpu.diagnosis.checks._memory_failures import shows_memory_failure
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: In use at least this share of the GPU's memory, and at least _MIN_USED_MIB: more than an
#: idle GPU's driver reserve (a few hundred MiB) or a desktop's own use.
_MIN_USED_SHARE = 0.25
_MIN_USED_MIB = 1024
#: A GPU smaller than this (MiB) is no real table row.
_MIN_TOTAL_MIB = 256


def _process_list_empty(ctx: Facts) -> bool:
    """True when the log has nvidia-smi's process table and it lists no process: "No running
    processes found", or a "Processes:" header with no process row after it."""
    hits = ctx.h("ctx.smi_processes").all()
    if any(h.g("none") for h in hits):
        return not any(h.g("pid") for h in hits)
    headers = [h.line for h in hits if h.g("header")]
    if not headers:
        return False
    return not any(h.g("pid") and h.line > headers[0] for h in hits)


def smi_unlisted_holder(ctx: Facts) -> list[Finding]:
    """``gpu-memory-held-by-other-process`` (variant ``smi-unlisted-holder``, info): an
    nvidia-smi table in the log shows a GPU with at least a quarter of its memory (and 1 GiB)
    in use, less than 90% (the near-full reading covers that), and an empty process list."""
    if not _process_list_empty(ctx) or shows_memory_failure(ctx):
        return []
    if ctx.h("ctx.keras_epoch").count:
        return []  # the program's own training runs in this log: it may be the unlisted holder
    rows = []
    for h in ctx.h("smi.memory_use").all():
        used, total = int(h.g("used") or 0), int(h.g("total") or 0)
        if total < _MIN_TOTAL_MIB:
            continue
        if total - used < HELD_FREE_FRACTION * total:
            return []  # memory_held.smi_memory_nearly_full speaks for this table
        if used >= max(_MIN_USED_MIB, _MIN_USED_SHARE * total):
            rows.append((h, used, total))
    if not rows:
        return []
    _h0, used0, total0 = rows[0]
    gpus = "; ".join(f"{used:,} of {total:,} MiB in use" for _h, used, total in rows[:4])
    none = [h for h in ctx.h("ctx.smi_processes").all() if h.g("none") or h.g("header")]
    display = ctx.h("ctx.smi_display_on").all()
    if display or ctx.wsl:
        # a display on this GPU (its desktop's memory), or WSL 2 (whose nvidia-smi lists no
        # process, and the Windows desktop shares the GPU): no /dev/nvidia* to look through
        return [catalogue.make(
            "gpu-memory-held-by-other-process", variant="smi-unlisted-display",
            used=f"{used0:,}", total=f"{total0:,}", gpus=gpus,
            evidence=log_evidence([r[0] for r in rows], display[:1], none[:1], limit=5),
            fix=("# Windows (WSL 2's GPU): Task Manager, Performance tab, GPU: 'Dedicated GPU "
                 "memory'; Details tab with the 'Dedicated GPU memory' column: the programs "
                 "holding it (browsers, games, the desktop itself)",
                 "# a Linux desktop: the display server and its programs hold part of it; run "
                 "training on a GPU without a display, or close the programs using it",
                 "# TensorFlow gets only what is free: tf.config.experimental."
                 "set_memory_growth(gpu, True) before the first op, and a batch that fits"))]
    return [catalogue.make(
        "gpu-memory-held-by-other-process", variant="smi-unlisted-holder",
        used=f"{used0:,}", total=f"{total0:,}", gpus=gpus,
        evidence=log_evidence([r[0] for r in rows], none[:1], limit=5),
    )]


__all__ = ["smi_unlisted_holder"]
