"""GPU memory another process holds, read from TensorFlow's own start-up lines or from an
nvidia-smi table in the log (finding gpu-memory-held-by-other-process).  One section per reading
below.

GPU memory another process already held when TensorFlow started, read from TensorFlow's own
start-up lines, when an out-of-memory failure follows.

TensorFlow 1.x's gpu_device.cc prints each GPU's free and total memory when it finds the
device, before it allocates anything: "Total memory: 11.17GiB" / "Free memory: 190.31MiB"
(TF 0.x-1.4, two lines) and "totalMemory: 11.17GiB freeMemory: 190.31MiB" (TF 1.5-1.15,
``Found device N with properties: ... totalMemory: ... freeMemory: ...``; pattern
``mem.info``).  A fresh GPU shows nearly all of it free; less than
:data:`~tfgpu.diagnosis.checks._common.HELD_FREE_FRACTION` free means another process held
the rest before this one started.  With an out-of-memory failure after it (an "OOM when
allocating" tensor, a ResourceExhausted status, a BFC allocator that ran out, a cuBLAS/cuDNN
handle or cuFFT plan that could not be created), that process is the cause, not the model's
size.  CUDA_ERROR_OUT_OF_MEMORY lines are read with the same evidence by
:func:`tfgpu.diagnosis.checks.memory.rule_memory`.

GPU memory nearly all taken, as an nvidia-smi table in the log shows it.

nvidia-smi's GPU table gives each GPU's memory in use as ``used / total`` in MiB
(``|  11439MiB / 11439MiB |``), and its process table the process holding it
(``|    0      6216    C   python     10888MiB |``).  A GPU with less than
:data:`~tfgpu.diagnosis.checks._common.HELD_FREE_FRACTION` of its memory free is held by some
process.  TensorFlow reserves nearly all of a GPU's memory for its process when it first uses
the GPU and keeps it until the process exits (TensorFlow's GPU guide, "Limiting GPU memory
growth": "By default, TensorFlow maps nearly all of the GPU memory of all GPUs ... visible to
the process"), so one running TensorFlow program shows exactly this, and any other program on
that GPU gets almost nothing.  "First uses" is the first tensor or op placed on the GPU: a
library that creates a ``tf.constant`` when it is imported makes an ``import`` alone take the
memory.  The memory-growth and memory-limit settings work only when set before that.

The check speaks only when no line of the log shows a memory failure itself (those findings,
memory.py, read their own lines); the table does not say whether the process that holds the
memory is the one that failed, so the finding is information (severity info) that names
both readings, not a claim.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import HELD_FREE_FRACTION, growth_fix
from tfgpu.diagnosis.checks._memory_failures import CUDA_OOM, failure_lines, shows_memory_failure
from tfgpu.diagnosis.checks.library_failures import handle_failures
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, size_to_mib
from tfgpu.findings import Finding

# --- TensorFlow's start-up lines: memory free when it found the GPU ---------------------------


#: The lines TensorFlow 1.x prints with a GPU's memory when it finds the device.
_INFO = "mem.info"


def free_at_start(ctx: Facts) -> list[tuple[float, float, list[Hit]]]:
    """Each GPU's (free MiB, total MiB, lines) as TensorFlow printed them at start, in log
    order: a ``totalMemory: T freeMemory: F`` line, or a ``Total memory:`` line and the
    ``Free memory:`` line after it.

    Only the readings before the first GPU device TensorFlow created ("Creating TensorFlow
    device ...", pattern ``gpu.created``) count: TF 1.x prints them again for each session
    the process opens, and a later session's reading shows the memory the first session's
    pool already holds (this process's own, not another's)."""
    created = [h.line for h in ctx.h("gpu.created").all()]
    first_created = min(created) if created else None
    out = []
    total: tuple[float, Hit] | None = None
    for h in sorted(ctx.h(_INFO).all(), key=lambda x: x.line):
        if first_created is not None and h.line > first_created:
            break
        if h.g("total"):
            t, f = size_to_mib(h.g("total") or ""), size_to_mib(h.g("free") or "")
            if t and f is not None:
                out.append((f, t, [h]))
        elif h.g("k1") == "Total":
            t = size_to_mib(h.g("v1") or "")
            total = (t, h) if t else None
        elif h.g("k1") == "Free" and total is not None:
            f = size_to_mib(h.g("v1") or "")
            if f is not None:
                out.append((f, total[0], [total[1], h]))
            total = None
    return out


def held_at_start(ctx: Facts) -> list[tuple[float, float, list[Hit]]]:
    """The GPUs of :func:`free_at_start` with less than HELD_FREE_FRACTION of their memory
    free when TensorFlow started."""
    return [g for g in free_at_start(ctx) if g[0] < HELD_FREE_FRACTION * g[1]]


def one_card_total(ctx: Facts) -> tuple[float, list[Hit]] | None:
    """``(total MiB, lines)`` of the one NVIDIA GPU this host has, when TensorFlow's own
    lines do not give it (TF 2.6+ prints no "deviceMemorySize"): the host facts' GPU
    (``nvidia-smi --query-gpu=memory.total``), else the memory column of the one GPU row of
    an nvidia-smi table in the log (``|  1234MiB / 24576MiB |``).  ``None`` with several
    GPUs (which one TensorFlow's GPU:n is depends on CUDA_VISIBLE_DEVICES) or none."""
    if ctx.host is not None and ctx.host.nvidia_gpus:
        gpus = ctx.host.nvidia_gpus
        total = gpus[0].memory_total_mib
        return (float(total), []) if len(gpus) == 1 and total else None
    rows = ctx.h("smi.memory_use")
    if rows.count == 1 and rows.first and int(rows.first[0].g("total") or 0) > 0:
        return float(rows.first[0].g("total") or 0), [rows.first[0]]
    return None


#: A memory size in a GPU's product name, as NVIDIA names its data-centre and some GeForce
#: cards ("NVIDIA A100-SXM4-40GB", "NVIDIA A100 80GB PCIe", "Tesla V100-SXM2-16GB",
#: "NVIDIA H100 80GB HBM3", "GeForce GTX 1060 6GB"): the card's memory in GiB, as GPU memory
#: sizes are given (nvidia-smi's total is that, less a few hundred MiB it reserves).
_NAMED_SIZE = re.compile(r"(?<![\w.])(?P<gb>\d{1,3})\s?GB\b")


def named_card_total(ctx: Facts) -> tuple[float, Hit] | None:
    """``(total MiB, "Created device" line)`` of the one GPU TensorFlow created, when its name
    states its memory (:data:`_NAMED_SIZE`: "NVIDIA A100-SXM4-40GB" -> 40,960 MiB); ``None``
    with several GPUs, a name without a size, or host facts (their total is measured)."""
    created = ctx.h("gpu.created")
    if ctx.host is not None or len(created.by_key) != 1:
        return None
    hit = next(iter(created.by_key.values()))
    m = _NAMED_SIZE.search(hit.g("name") or "")
    if m is None or not 1 <= int(m.group("gb")) <= 512:
        return None
    return float(int(m.group("gb")) * 1024), hit


def small_pool_at_start(ctx: Facts) -> list[tuple[float, float, list[Hit]]]:
    """TF 2.x: each GPU whose pool ("Created device ... with N MB memory", gpu_device.cc:
    the memory free when TensorFlow started, less a reserve for the system) is below
    HELD_FREE_FRACTION of its total ("deviceMemorySize", TF 2.0-2.5, the n-th for GPU n;
    else, with one GPU created, the card's total from the host facts or an nvidia-smi table
    in the log: :func:`one_card_total`, or the size its name states: :func:`named_card_total`):
    (pool MiB, total MiB, lines).  Empty when the log shows a memory limit set by the
    program, which makes the pool small by choice."""
    if ctx.h("ctx.gpu_memory_limit").count:
        return []  # the program sets the pool size itself (pattern ctx.gpu_memory_limit)
    sizes = sorted(ctx.h("mem.device_size").all(), key=lambda h: h.line)
    created = ctx.h("gpu.created").all()
    card = one_card_total(ctx) if len(ctx.h("gpu.created").by_key) == 1 else None
    if card is None and (named := named_card_total(ctx)) is not None:
        card = named[0], []
    out = []
    for h in created:
        idx, mb = h.g("idx"), h.g("mb")
        if idx is None or mb is None or not idx.isdigit():
            continue
        if int(idx) < len(sizes):
            size = sizes[int(idx)]
            total, lines = size_to_mib(size.g("size") or ""), [size, h]
        elif card is not None:
            total, lines = card[0], [*card[1], h]
        else:
            continue
        if total and int(mb) < HELD_FREE_FRACTION * total:
            out.append((float(mb), total, sorted(lines, key=lambda x: x.line)))
    return out


#: A GPU pool ("Created device ... with N MB memory") under this many MiB is small on any GPU,
#: whatever its total: gpu_device.cc sizes the default pool as the memory free at start less
#: MinSystemMemory's reserve, 225 MiB when under 2 GiB is free (SingleVirtualDeviceMemoryLimit
#: and MinSystemMemory, tensorflow/core/common_runtime/gpu/gpu_device.cc, the same in r1.15 and
#: r2.x; the reserve is taken only when it is below the free memory), so a pool under 256 MiB
#: means under 481 MiB were free: less than half of even a 1 GB GPU
#: (tensorflow/tensorflow#47820: "with 67 MB memory" on a Jetson Nano, then an 18 MiB OOM).
TINY_POOL_MIB = 256
#: The physical GPU a "Created device" line maps to ("-> physical GPU (device: 0, name: ...").
_PHYSICAL = re.compile(r"\bdevice: (\d{1,3}), name:")
#: An NVIDIA Jetson's integrated GPU as CUDA names it in the "Created device" line (Tegra X1/X2,
#: Xavier, Orin): it has no memory of its own but shares the system RAM.
_TEGRA_NAME = re.compile(r"\bTegra\b|^(?:NVIDIA )?(?:Xavier|Orin)\b", re.IGNORECASE)


def tiny_pool_at_start(ctx: Facts) -> list[tuple[float, list[Hit]]]:
    """TF 2.x: each GPU whose pool ("Created device ... with N MB memory") is under
    :data:`TINY_POOL_MIB` when neither the log nor the host facts give its total (then
    :func:`small_pool_at_start` cannot measure it): (pool MiB, lines).  Empty when the log shows
    a memory limit set by the program, or two created devices on one physical GPU (logical
    devices the program split it into: small by choice)."""
    if ctx.h("ctx.gpu_memory_limit").count or small_pool_at_start(ctx):
        return []
    created = ctx.h("gpu.created").all()
    physical = [m.group(1) for h in created if (m := _PHYSICAL.search(h.text))]
    if len(physical) != len(set(physical)):
        return []  # logical devices of one GPU (set_logical_device_configuration)
    sizes = ctx.h("mem.device_size").count
    card = one_card_total(ctx) if len(ctx.h("gpu.created").by_key) == 1 else None
    if sizes or card is not None or named_card_total(ctx) is not None:
        return []  # a known total: small_pool_at_start measured the pool against it
    out = []
    for h in created:
        mb = h.g("mb")
        if mb is not None and mb.isdigit() and int(mb) < TINY_POOL_MIB:
            out.append((float(mb), [h]))
    return out


def _shares_ram(ctx: Facts, lines: list[Hit]) -> bool:
    """Whether the GPU is a Jetson's integrated one: its "Created device" line names a Tegra
    GPU, or the log shows a Jetson (:attr:`Facts.jetson_log`)."""
    return any(_TEGRA_NAME.search(h.g("name") or "") for h in lines) or (
        ctx.jetson_log is not None)


def taken_at_start(ctx: Facts) -> bool:
    """Whether :func:`gpu_memory_taken_at_start` names the cause: memory held at start (TF
    1.x's free memory), a failure after it, and no CUDA out-of-memory line (rule_memory's own
    reading).  TF 2.x's small pool is a hedge beside the failure's own finding, not this."""
    return (bool(held_at_start(ctx)) and not any(ctx.h(n).count for n in CUDA_OOM)
            and bool(failure_lines(ctx)))


def gpu_memory_taken_at_start(ctx: Facts) -> list[Finding]:
    """``gpu-memory-held-by-other-process`` (variant ``taken-at-start``, an error): a GPU had
    less than 10% of its memory free when TensorFlow 1.x started, and an out-of-memory failure
    follows.  The out-of-memory findings of the failure lines (memory.py) give way to it;
    a cuBLAS/cuDNN handle failure is superseded by it (findings.toml).  TF 2.x: variant
    ``small-pool-at-start`` (a warning beside the failure's own finding) when the pool
    TensorFlow created is below 10% of the GPU's memory (:func:`small_pool_at_start`).

    Returns:
        One finding with the free and total memory of each such GPU and the first failure
        line, or nothing.
    """
    pool = not taken_at_start(ctx)
    # the hedge stands beside an allocation failure's own finding; a handle failure's
    # finding (an error) would be superseded by it (findings.toml), so it is left alone
    if pool and (any(ctx.h(n).count for n in CUDA_OOM) or not failure_lines(ctx, handles=False)
                 or handle_failures(ctx)):
        return []
    held = small_pool_at_start(ctx) if pool else held_at_start(ctx)
    if not held:
        return _tiny_pool_finding(ctx) if pool else []
    what = "MiB pool of" if pool else "MiB free of"
    gpus = "; ".join(f"{free:,.0f} {what} {total:,.0f} MiB" for free, total, _ in held[:4])
    fails = failure_lines(ctx)
    free0, total0, _ = held[0]
    return [catalogue.make(
        "gpu-memory-held-by-other-process",
        variant="small-pool-at-start" if pool else "taken-at-start",
        free=f"{free0:,.0f}", total=f"{total0:,.0f}", gpus=gpus,
        evidence=log_evidence([h for _f, _t, hits in held for h in hits], fails[:2]),
        fix=_holder_fix(ctx),
    )]


def _tiny_pool_finding(ctx: Facts) -> list[Finding]:
    """``gpu-memory-held-by-other-process`` variant ``tiny-pool-at-start`` (a warning beside
    the failure's own finding): a pool under :data:`TINY_POOL_MIB` and no total to measure it
    against (:func:`tiny_pool_at_start`); on a Jetson, whose GPU shares the system RAM, the
    holders are whatever uses that RAM."""
    tiny = tiny_pool_at_start(ctx)
    if not tiny:
        return []
    lines = [h for _p, hits in tiny for h in hits]
    pool0 = tiny[0][0]
    shared = _shares_ram(ctx, lines)
    gpus = "; ".join(f"{h.g('name') or 'GPU'}: a pool of {pool:,.0f} MiB (line {h.line})"
                     for pool, hits in tiny[:4] for h in hits[:1])
    return [catalogue.make(
        "gpu-memory-held-by-other-process", variant="tiny-pool-at-start",
        free=f"{pool0:,.0f}", gpus=gpus, free_at_start=f"{pool0 + 225:,.0f}",
        shared=(" This GPU is an NVIDIA Jetson's (Tegra) integrated GPU: it has no memory of "
                "its own but shares the system RAM, so the memory it lacked is RAM that other "
                "processes, the desktop or this program's own host data (arrays, datasets) "
                "were using: free RAM (free -m, tegrastats) is its free memory." if shared
                else ""),
        evidence=log_evidence(lines, failure_lines(ctx)[:2]),
        fix=(("free -m   # a Jetson's GPU memory is the system RAM: what is free here is all "
              "TensorFlow can get",
              "# stop other programs (a desktop session, a second notebook or Python process) "
              "and load less host data before TensorFlow starts",
              "# then cap the pool: tf.config.set_logical_device_configuration(gpu, "
              "[tf.config.LogicalDeviceConfiguration(memory_limit=1024)]) (TF 1.x: "
              "per_process_gpu_memory_fraction)") if shared else _holder_fix(ctx)),
    )]


def _percent(free: float, total: float) -> str:
    """``free`` as a share of ``total``, as people read it ("3%", "<1%")."""
    pct = 100 * free / total
    return "<1%" if pct < 1 else f"{pct:.0f}%"


def low_at_start(ctx: Facts) -> list[tuple[float, float, list[Hit]]]:
    """The GPUs of :func:`held_at_start` when the first GPU TensorFlow found (GPU 0, where
    it places ops by default) is one of them and the log shows no memory failure at all
    (:func:`~tfgpu.diagnosis.checks._memory_failures.shows_memory_failure`; with one, the
    failure's findings or :func:`gpu_memory_taken_at_start` name the cause).  Empty
    otherwise: another busy GPU beside a free GPU 0 need not touch this program."""
    readings = free_at_start(ctx)
    held = held_at_start(ctx)
    if not held or readings[0] != held[0] or shows_memory_failure(ctx):
        return []
    return held


def gpu_memory_low_at_start(ctx: Facts) -> list[Finding]:
    """``gpu-memory-held-by-other-process`` (variant ``low-at-start``, a warning): TensorFlow
    1.x printed less than 10% of GPU 0's memory free when it found the device, before it
    allocated anything, and the log shows no failure yet (the paste ends there, or the
    failure it meets is not in it): another process holds the rest, and this program gets
    only what is free (:func:`low_at_start`).

    A warning, not an error: a small model may fit in what is left, and a log whose earlier
    part (cut from the paste) created a TensorFlow session of this same process shows the
    same reading; the text names both.

    Returns:
        One finding naming each such GPU's free and total memory and the share free, or
        nothing.
    """
    held = low_at_start(ctx)
    if not held:
        return []
    gpus = "; ".join(f"{free:,.0f} MiB free of {total:,.0f} MiB ({_percent(free, total)})"
                     for free, total, _ in held[:4])
    free0, total0, _ = held[0]
    return [catalogue.make(
        "gpu-memory-held-by-other-process", variant="low-at-start",
        free=f"{free0:,.0f}", total=f"{total0:,.0f}", percent=_percent(free0, total0),
        gpus=gpus, evidence=log_evidence([h for _f, _t, hits in held for h in hits]),
        fix=_holder_fix(ctx),
    )]


# --- an nvidia-smi table in the log -----------------------------------------------------------


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
    if not rows or shows_memory_failure(ctx) or low_at_start(ctx):
        return []  # TensorFlow's own reading at start names the holder (gpu_memory_low_at_start)
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
                         "True); TF 1.x: config.gpu_options.allow_growth = True)"),
             "# or cap it: tf.config.set_logical_device_configuration(gpu, "
             "[tf.config.LogicalDeviceConfiguration(memory_limit=4096)]) right after importing "
             "TensorFlow, before anything uses the GPU (a model, or a library whose import "
             "creates tensors); TF 1.x: config.gpu_options.per_process_gpu_memory_fraction"),
    )]


__all__ = ["free_at_start", "gpu_memory_low_at_start", "gpu_memory_taken_at_start",
           "held_at_start", "low_at_start", "small_pool_at_start", "smi_memory_nearly_full",
           "taken_at_start", "tiny_pool_at_start"]


def _holder_fix(ctx: Facts) -> tuple[str, ...]:
    """The fix lines for GPU memory another process holds: find the holder (nvidia-smi's
    compute-apps query), stop it or pick a free GPU, and let each sharing program grow."""
    return ("nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
            "# the process holding it",
            "# stop it (another user's job, a second notebook kernel or TensorFlow session), "
            "or pick a free GPU: CUDA_VISIBLE_DEVICES=1 python train.py",
            *growth_fix(ctx, "in each TensorFlow program that shares the GPU (TF 1.x: "
                        "config.gpu_options.allow_growth = True, or "
                        "per_process_gpu_memory_fraction)"))
