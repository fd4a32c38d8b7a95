"""Memory: OOM tensors, CUDA_ERROR_OUT_OF_MEMORY, a frozen device configuration, and
cuDNN autotuning engines whose workspace exceeded the limit.
"""

from __future__ import annotations

import math
import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence, size_to_mib
from tfgpu.findings import Finding


def rule_memory(ctx: Facts) -> list[Finding]:
    """OOM tensors, CUDA_ERROR_OUT_OF_MEMORY, frozen device configuration."""
    out: list[Finding] = []
    oom = ctx.h("mem.oom_tensor")
    if oom.count:
        h = oom.first[0]
        dims = [int(x) for x in re.findall(r"\d+", h.g("shape") or "")]
        dtype = (h.g("dtype") or "").lower()
        size_row = ctx.kb.dtype_size(dtype)
        size = size_row.size_bytes if size_row is not None else None
        shape = "[" + ",".join(str(d) for d in dims) + "]"
        if size is not None:
            mib = math.prod(dims) * size / 2**20
            what = f"a {shape} {dtype} tensor = {math.prod(dims):,} x {size} B = {mib:,.1f} MiB"
        else:
            what = f"a {shape} tensor of type {dtype or 'unknown'}"
        # The log names the device and allocator: "... on /job:localhost/replica:0/
        # task:0/device:CPU:0 by allocator cpu" is host RAM, not GPU memory.
        host = "CPU" in (h.g("device") or "").upper() or (h.g("alloc") or "").lower() == "cpu"
        out.append(
            catalogue.make(
                "host-out-of-memory-tensor" if host else "gpu-out-of-memory-tensor",
                tensor=f"{shape} {dtype}",
                evidence=log_evidence(oom, ctx.h("mem.exhausted").first[:1]),
                cause=(
                    f"TensorFlow could not allocate {what}"
                    + (f" on {h.g('device')}" if h.g("device") else "")
                    + (
                        (f" by allocator {h.g('alloc')}" if h.g("alloc") else "")
                        + ". This is host RAM, not GPU memory: the request is larger than "
                        "the memory the operating system could give."
                        if host
                        else ". The model/batch needs more GPU memory than is free."
                    )
                ),
                fix=(
                    (
                        "reduce the batch size or the tensor/buffer size",
                        "free -m   # RAM and swap in use",
                        "stop other memory-hungry processes (top -o %MEM)",
                    )
                    if host
                    else (
                        "reduce the batch size (the first dimension) or the input size",
                        "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                        "--format=csv   # other users",
                        "use mixed precision (halves activation memory) on GPUs with Tensor Cores",
                    )
                ),
            )
        )
    elif ctx.h("mem.exhausted").count and not ctx.h("mem.autotune_limit").count:
        out.append(
            catalogue.make(
                "gpu-resource-exhausted",
                evidence=log_evidence(ctx.h("mem.exhausted")),
                fix=("reduce the batch size", "nvidia-smi"),
            )
        )
    cuda_oom = ctx.h("mem.cuda_oom")
    if cuda_oom.count:
        info = ctx.h("mem.info").all()
        total = free = None
        for h in info:
            if h.g("k1") == "Total":
                total = size_to_mib(h.g("v1") or "")
            elif h.g("k1") == "Free":
                free = size_to_mib(h.g("v1") or "")
            elif h.g("total"):
                total, free = size_to_mib(h.g("total") or ""), size_to_mib(h.g("free") or "")
        h0 = cuda_oom.first[0]
        if h0.g("total") and total is None:
            total = int(h0.g("total") or 0) / 2**20
        ctxfail = bool(h0.g("ctx"))
        cause = "CUDA reported out of memory"
        if ctxfail:
            cause += " while creating the CUDA context, before TensorFlow allocated anything"
        if total is not None and free is not None:
            cause += f"; only {free:,.0f} MiB of {total:,.0f} MiB were free when TensorFlow started"
        elif total is not None:
            cause += f" (GPU memory {total:,.0f} MiB)"
        cause += (
            ". Another process (another user's job, a second notebook or TensorFlow session, "
            "which grabs nearly all memory by default) already holds the GPU memory."
        )
        out.append(
            catalogue.make(
                "gpu-memory-held-by-other-process",
                evidence=log_evidence(cuda_oom, info[:3]),
                cause=cause,
                fix=(
                    "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv",
                    "stop that process, or pick a free GPU: CUDA_VISIBLE_DEVICES=1 python train.py",
                    "let processes share: TF_FORCE_GPU_ALLOW_GROWTH=true (or set_memory_growth) "
                    "in each",
                ),
            )
        )
    frozen = ctx.h("mem.frozen")
    if frozen.count:
        what = frozen.first[0].g("what") or "Physical"
        out.append(
            catalogue.make(
                "device-config-after-init",
                what=what,
                evidence=log_evidence(frozen),
                fix=(
                    "call tf.config.experimental.set_memory_growth(gpu, True) right after "
                    "`import tensorflow`, before importing modules that build models or run ops",
                    "or set it from the environment instead: export TF_FORCE_GPU_ALLOW_GROWTH=true",
                ),
            )
        )
    ran = ctx.h("mem.ran_out")
    if ran.count and not out:
        h = ran.first[0]
        alloc = h.g("alloc") or ""
        # TensorFlow names the allocator: "GPU_0_bfc" / "gpu_..." for device memory,
        # "cpu" / "mklcpu" for host memory.
        on_host = "gpu" not in alloc.lower()
        out.append(
            catalogue.make(
                "host-allocator-ran-out" if on_host else "gpu-allocator-ran-out",
                allocator=alloc,
                size=h.g("size"),
                evidence=log_evidence(ran),
                fix=(
                    ("# reduce the batch size, or free host memory", "free -m")
                    if on_host
                    else ("# reduce the batch size", "nvidia-smi")
                ),
            )
        )
    return out


def rule_autotune(ctx: Facts) -> list[Finding]:
    """cuDNN autotuning: every engine's workspace exceeded the limit (034)."""
    lim = ctx.h("mem.autotune_limit")
    if not lim.count:
        return []
    h = lim.first[0]
    want, limit = int(h.g("want") or 0), int(h.g("limit") or 1)
    tc = any("#TC" in (k or "") for k in lim.by_key) or any("#TC" in x.text for x in lim.all())
    return [
        catalogue.make(
            "cudnn-no-algorithm-workspace",
            variant="tensor-cores" if tc else None,
            want_gib=want / 2**30,
            limit_gib=limit / 2**30,
            evidence=log_evidence(ctx.h("mem.no_algo").first[:1], lim),
            fix=(
                "reduce the convolution workload (batch size, volume/image size)",
                "keep those layers in float32: layer(..., dtype='float32')"
                if tc
                else "free GPU memory for the workspace",
                "try another cuDNN version: the available engines differ between cuDNN releases "
                "and GPU generations",
            ),
        )
    ]
