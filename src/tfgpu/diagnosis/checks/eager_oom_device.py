"""An eager op's "failed to allocate memory [Op:X]" (ResourceExhaustedError's text without
its class, or with it) read against the device the log shows: the status names no device,
so GPU memory is only one of its readings.

* No CUDA GPU in this run: the log shows TensorFlow without a driver or GPU libraries
  (stream_executor's "Could not load dynamic library 'libcuda.so.1'", "failed call to
  cuInit", gpu_device.cc's "Cannot dlopen some GPU libraries ... Skipping registering GPU
  devices", the CUDA runtime missing) and nothing of a GPU in use (no device created, no GPU
  allocator, no NVIDIA GPU in the host facts): TensorFlow ran the op on the CPU, whose
  allocator draws on host RAM (``host-out-of-memory-tensor`` variant ``eager-op``; the explicit
  CPU form, "OOM when allocating tensor ... on /device:CPU:0 by allocator cpu", is the same
  finding).
* Apple's Metal PluggableDevice (tensorflow-metal: "Metal device set to: Apple M1 Pro",
  "physical PluggableDevice (device: 0, name: METAL ...)"): the GPU shares the Mac's unified
  memory with macOS and every other program, and there is no nvidia-smi
  (``gpu-resource-exhausted`` variant ``metal``).

A bare line with neither stays ``gpu-resource-exhausted``'s default reading (checks/memory.py).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.metal import metal_evidence
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

_OP = re.compile(r"\[Op:(?P<op>\w{1,80})\]")


def _no_cuda_gpu(ctx: Facts) -> list[Hit]:
    """Lines that show this run had no CUDA GPU (libcuda not loaded, cuInit failed, GPU
    libraries skipped, the CUDA runtime missing), when nothing shows a GPU in use; else
    ``[]``."""
    from tfgpu.diagnosis.checks.memory import _gpu_memory_evidence, _no_gpu_registered

    if ctx.h("gpu.pluggable_created").count:
        return []
    # GPU libraries skipped: a GPU may be there, but this TensorFlow registered none
    skipped = _no_gpu_registered(ctx)
    if skipped:
        return skipped
    if _gpu_memory_evidence(ctx):
        return []
    libcuda = [h for h in ctx.h("lib.missing").all()
               if re.match(r"(?:lib)?nvcuda|libcuda\.so", h.g("lib") or "")]
    return sorted([*libcuda, *ctx.h("cuinit").all()[:1]], key=lambda h: h.line)


def eager_oom_elsewhere(ctx: Facts, exhausted: list[Hit]) -> Finding | None:
    """The finding for eager "failed to allocate memory [Op:X]" lines (pattern
    ``mem.exhausted`` group ``eagerop``) on a run without a CUDA GPU or on Apple's Metal
    device; None for other lines, or when the log shows neither (module docstring)."""
    eager = {h.line: h for h in exhausted if h.g("eagerop")}
    if not exhausted or any(h.line not in eager for h in exhausted):
        return None  # (another pattern may read the same line's class: one line, two hits)
    h = eager[min(eager)]
    m = _OP.search(h.text)
    op = m.group("op") if m else "an op"
    ram, procs = c.host_ram_check(ctx)
    metal = metal_evidence(ctx)
    if metal:
        chip = next((x.g("chip") for x in ctx.h("metal.device_set").all() if x.g("chip")),
                    None)
        return catalogue.make(
            "gpu-resource-exhausted", variant="metal", op=op,
            chip=f" ({chip.strip()})" if chip else "",
            evidence=log_evidence(metal[:1], [h]),
            fix=("# reduce the batch size (evaluate/predict in batches too), or the input size",
                 ram + f": the Metal GPU draws on this same memory ({procs}: memory "
                 "pressure, and the programs holding memory)",
                 "# close other programs that hold memory; the same run on the CPU "
                 "(with tf.device('/CPU:0'): ...) tells a Metal plugin limit from the "
                 "model's size"))
    cpu = _no_cuda_gpu(ctx)
    if not cpu:
        return None
    return catalogue.make(
        "host-out-of-memory-tensor", variant="eager-op", op=op, line=str(cpu[0].line),
        evidence=log_evidence(cpu[:2], [h]),
        fix=("# reduce the batch size (evaluate/predict in batches too), or the input size",
             ram,
             f"# stop other memory-hungry processes ({procs}); in a container or a job "
             "scheduler, its memory limit (docker stats, the job's --mem) may be lower than "
             "the host's RAM"))


__all__ = ["eager_oom_elsewhere"]
