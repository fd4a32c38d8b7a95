"""Memory: every out-of-memory wording (TF 0.x to 2.x, XLA), pinned host memory, GPU memory
held by another process, a frozen device configuration, cuDNN autotuning workspaces, and
cuDNN/cuBLAS/cuFFT/cuSOLVER handle or plan creation failing.

Handle creation: the cuBLAS/cuDNN status tables (``status_codes.toml``, rows
CUBLAS_STATUS_NOT_INITIALIZED/ALLOC_FAILED/INTERNAL_ERROR, CUDNN_STATUS_*) say a failing
handle in TensorFlow is almost always GPU memory already taken (TensorFlow preallocates
nearly all of it, or another process holds it); rarer causes are a second copy of the
library loaded by another framework, or a library the build does not match.  The check
decides from what the log shows and says "unknown which" when it cannot tell.
"""

from __future__ import annotations

import math
import re
from typing import Any

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._jit_cache import jit_cache_clear_fix
from tfgpu.diagnosis.checks._memory_failures import (
    ALLOCATION_FAILED,
    failed_allocation,
    not_a_failure,
)
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.cublas_package_regression import cublas_package_hedge
from tfgpu.diagnosis.checks.cufft_plan import cufft_plan_failed, cufft_status, plan_params
from tfgpu.diagnosis.checks.device_config_frozen import frozen_config
from tfgpu.diagnosis.checks.dnn_init_causes import NO_DNN_RNN_WORDS, rnn_no_dnn_hedged
from tfgpu.diagnosis.checks.eager_oom_device import eager_oom_elsewhere
from tfgpu.diagnosis.checks.exhausted_not_memory import not_memory_lines
from tfgpu.diagnosis.checks.library_failures import failed_library, handle_failures
from tfgpu.diagnosis.checks.memory_held import (
    TINY_POOL_MIB,
    named_card_total,
    one_card_total,
    small_pool_at_start,
    taken_at_start,
    tiny_pool_at_start,
)
from tfgpu.diagnosis.checks.one_request import one_request
from tfgpu.diagnosis.checks.pinned_host_pool import (
    CPU_BFC,
    HOST_ALLOCATOR,
    pinned_limit,
    pinned_pool_finding,
)
from tfgpu.diagnosis.checks.status_codes import describe, new_fault_finding
from tfgpu.diagnosis.checks.tf1_era import TF1_GROWTH_LINE, cudnn_builds_line
from tfgpu.diagnosis.checks.weight_oom import weight_allocation
from tfgpu.diagnosis.checks.windows_rnn_driver import windows_rnn_driver_finding
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence, size_to_mib
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import CudaError

#: Byte counts above this (16 EiB, the whole 64-bit address space) are no real allocation:
#: a log line with such a number is garbage, and the number is treated as unknown.
MAX_BYTES = 2**64
#: a RESOURCE_EXHAUSTED raised by JAX, not TensorFlow: jaxlib's exception class
#: (``jaxlib.xla_extension.XlaRuntimeError``; ``jax.errors.JaxRuntimeError`` in newer JAX).
_JAX_ERROR = re.compile(r"\b(?:jaxlib\b|XlaRuntimeError\b|JaxRuntimeError\b)")


def _bytes(text: str | None) -> int | None:
    """A byte count from a log group (``"4718624784"``), or ``None`` when it is missing,
    not a plain number, or above :data:`MAX_BYTES`."""
    if not text or not text.isdigit() or len(text) > 20:
        return None
    n = int(text)
    return n if n <= MAX_BYTES else None


def _allocator_request(ctx: Facts) -> dict[str, str] | None:
    """The fields of ``gpu-resource-exhausted`` variant ``allocator-request`` from the BFC
    allocator's own line when the log has it: bfc_allocator.cc's "Allocator (GPU_0_bfc) ran
    out of memory trying to allocate 9.00GiB (rounded to N)requested by op
    model/conv2d_3/Conv2D" (pattern ``mem.ran_out``; the words in the TF 2.21 wheel's
    strings) gives the request's size, the allocator (``GPU_<n>_bfc``: that GPU's memory)
    and the op; ``None`` without a size."""
    # a request its caller retries ("The caller indicates that this is not a failure") is
    # not the allocation that failed
    ran = next((h for h in ctx.h("mem.ran_out").all()
                if h.g("size") and not not_a_failure(ctx, h)), None)
    if ran is None:
        return None
    alloc = ran.g("alloc") or ""
    where = (f" on GPU {m.group(1)}" if (m := re.match(r"GPU_(\d+)", alloc, re.I)) else
             " of host RAM" if alloc.lower() in ("cpu", "mklcpu") else "")
    op = ran.g("op")
    return {"where": where, "size": ran.g("size") or "", "line": str(ran.line),
            "allocator": f" {alloc}" if alloc else "",
            "by": f", requested by op {op}" if op else ""}


def _no_gpu_registered(ctx: Facts) -> list[Hit]:
    """The lines showing this TensorFlow registered no GPU because its GPU libraries did
    not load: gpu_device.cc's "Cannot dlopen some GPU libraries" / "Skipping registering GPU
    devices", or TensorFlow's loader failing on the CUDA runtime (``cudart``), with which
    TensorFlow 2.x creates no GPU device; empty when the log shows a GPU in use (a GPU
    device, a GPU allocator) or nothing of the kind."""
    from tfgpu.diagnosis.checks.libraries import FOREIGN_LOADER, TF_LOADER, parse_library

    if (ctx.h("gpu.created").count or ctx.tf_gpu_listed
            or any("gpu" in (h.g("alloc") or h.g("src") or "").lower()
                   for h in ctx.h("mem.ran_out").all())
            or any("GPU" in (h.g("device") or "").upper() or "gpu" in (h.g("alloc") or "").lower()
                   for h in ctx.h("mem.oom_tensor").all())):
        return []  # a GPU in use in this log
    cudart = [h for h in ctx.h("lib.missing").all()
              if parse_library(h.g("lib") or "")[0] == "cudart" and "ImportError" not in h.text
              and (TF_LOADER.search(h.text) or not FOREIGN_LOADER.search(h.text))]
    return sorted([*ctx.h("lib.dlopen").all(), *ctx.h("gpu.skipping").all(), *cudart],
                  key=lambda h: h.line)


def _gpu_memory_evidence(ctx: Facts) -> bool:
    """The log or the host shows GPU memory in play (a GPU device TensorFlow
    created or found, a GPU allocator ran out, an OOM line naming a GPU device), so an OOM
    line without a device is GPU memory."""
    if ctx.gpu_log_evidence() or ctx.h("mem.ran_out").count:
        return True
    if any("GPU" in (h.g("device") or "").upper() or "gpu" in (h.g("alloc") or "").lower()
           for h in ctx.h("mem.oom_tensor").all()):
        return True
    return bool(ctx.host is not None and ctx.host.nvidia_gpus)


def _small_pool(ctx: Facts, oom: Hit) -> tuple[float, float | None, Hit] | None:
    """``(pool MiB, card total MiB or None, "Created device" line)`` of the GPU an OOM line
    names (``GPU:n``, else GPU 0), when its pool is small or the card's total is unknown:
    the pool :func:`~tfgpu.diagnosis.checks.memory_held.small_pool_at_start` finds below 10%
    of the card's total, else, when no total is known (TF 2.6+ prints none; no host facts,
    no nvidia-smi table), the created device's pool alone (total ``None``); ``None`` when
    the log shows no created device for it, a memory limit set by the program, or a total
    the pool is not small against."""
    m = re.search(r"GPU:(\d+)", oom.g("device") or "")
    idx = m.group(1) if m else "0"
    for pool, total, lines in small_pool_at_start(ctx):
        made = [x for x in lines if x.g("idx") == idx]
        if made:
            return pool, total, made[0]
    if (ctx.h("ctx.gpu_memory_limit").count or ctx.h("mem.device_size").count
            or one_card_total(ctx) is not None or named_card_total(ctx) is not None):
        return None  # a limit set by the program, or a known total said the pool is fine
    created = ctx.h("gpu.created").by_key.get(idx)
    if created is None or not (created.g("mb") or "").isdigit() or ctx.host is not None:
        return None
    return float(created.g("mb") or 0), None, created


def _pool_reading(ctx: Facts, oom: Hit) -> str:
    """The end of a GPU OOM tensor's cause: the model/batch needs more memory than is free,
    unless the pool TensorFlow created for that GPU was small from the start
    (:func:`_small_pool`): against the card's total, another process held the rest; with no
    total in the log, the pool's size and how to tell."""
    pool = _small_pool(ctx, oom)
    if pool is None:
        return ". The model/batch needs more GPU memory than is free."
    mib, total, line = pool
    if total is not None:
        named = named_card_total(ctx) if one_card_total(ctx) is None else None
        of = (f"of the {total / 1024:,.0f} GB its name states ({line.g('name')})"
              if named is not None and named[0] == total else f"of its {total:,.0f} MiB")
        return (f". TensorFlow's pool on this GPU was only {mib:,.0f} MiB {of} "
                f"(line {line.line}): TensorFlow sizes the pool from the memory free when it "
                "starts, so another process held the rest (gpu-memory-held-by-other-process); "
                "the model/batch ran out of that small pool, not of the card.")
    if mib < TINY_POOL_MIB and tiny_pool_at_start(ctx):
        # under 481 MiB free at start: small on any GPU (memory_held.py TINY_POOL_MIB)
        return (f". TensorFlow's pool on this GPU was only {mib:,.0f} MiB (line {line.line}, "
                f"{line.g('name') or 'the GPU'}): TensorFlow sizes it from the memory free when "
                "it starts, less a reserve for the system, so the GPU's memory was nearly all "
                "taken before it started (gpu-memory-held-by-other-process); the model/batch "
                "ran out of that tiny pool.")
    return (f". TensorFlow's pool on this GPU was {mib:,.0f} MiB (line {line.line}, "
            f"{line.g('name') or 'the GPU'}): TensorFlow sizes it from the memory free when it "
            "starts, less a reserve for the system. If the card has much more memory "
            "(nvidia-smi shows its total), another process held the rest when it started; "
            "otherwise the model/batch needs more GPU memory than is free.")


#: A host tensor request below this size (64 MiB) is no request "larger than the memory the
#: operating system could give": the process as a whole ran out (rule_memory).
_SMALL_HOST_REQUEST = 64 * 2**20


def rule_memory(ctx: Facts) -> list[Finding]:
    """OOM tensors, CUDA_ERROR_OUT_OF_MEMORY, frozen device configuration."""
    out: list[Finding] = []
    # "Resource exhausted" inside a notice (the cuDNN redzone self-check skipped for want of
    # memory, gpu_utils.cc) is no failure; a driver allocation out of memory (unified memory,
    # cuMemAllocAsync) is one
    notices = {h.line for h in ctx.h("cudnn.autotune_notice").all()}
    # a file-system limit, a gRPC message size or a TPU's HBM: exhausted_not_memory.py
    notices |= not_memory_lines(ctx)
    exhausted = [h for h in ctx.h("mem.exhausted").all() if h.line not in notices]
    exhausted += ctx.h("mem.cuda_alloc_oom").all()
    oom = ctx.h("mem.oom_tensor")
    # memory already taken when TensorFlow started: memory_held.py names that cause
    # for the failures below (one cause, one finding)
    taken = taken_at_start(ctx)
    if oom.count and not taken:
        h = oom.first[0]
        dims = [int(x) for x in re.findall(r"\d+", h.g("shape") or "")]
        dtype = (h.g("dtype") or "").lower()
        size_row = ctx.kb.dtype_size(dtype)
        size = size_row.size_bytes if size_row is not None else None
        shape = "[" + ",".join(str(d) for d in dims) + "]"
        elements = math.prod(dims)
        if h.g("shape") is None:
            # (the headline cut short after "shape": no shape, no type)
            shape, what = "a tensor", "a tensor (the log cuts the line before its shape)"
        elif size is not None and elements * size <= MAX_BYTES:
            mib = elements * size / 2**20
            what = f"a {shape} {dtype} tensor = {math.prod(dims):,} x {size} B = {mib:,.1f} MiB"
        elif dtype:
            what = f"a {shape} tensor of type {dtype}"
        else:
            what = f"a {shape} tensor (the line names no type)"
        # The log names the device and allocator: "... on /job:localhost/replica:0/
        # task:0/device:CPU:0 by allocator cpu" is host RAM, not GPU memory.
        host = "CPU" in (h.g("device") or "").upper() or (h.g("alloc") or "").lower() == "cpu"
        # TF1 names the failing op's device on the "[[Node: ...]]" line below (below the
        # message's last line: a hard wrap spreads the message over more lines)
        below = range(h.line + 1, h.span[-1] + 4)
        node = next((n.g("dev") for n in ctx.h("placer.node_device").all()
                     if n.line in below), None)
        host = host or (node == "CPU" and not h.g("device") and not h.g("alloc"))
        # claim audit (thtrieu/darkflow#873, tensorflow/models#6450): a TF1 line without
        # "on <device> by allocator <name>" does not say which memory ran out; only other
        # lines (a GPU allocator, a GPU device) or the host facts do
        bare = (not host and not h.g("device") and not h.g("alloc") and node != "GPU"
                and not h.g("copy"))
        unknown = bare and not _gpu_memory_evidence(ctx)
        # ... but a TensorFlow that registered no GPU (its CUDA runtime or GPU libraries
        # failed to load, and no GPU device shows) ran every op on the CPU: host RAM
        cpu_run = _no_gpu_registered(ctx) if bare else []
        if cpu_run:
            unknown, host = False, True
        ram, procs = c.host_ram_check(ctx)
        # a small host request (tensorflow/tensorflow#45238/#38414: 2 MiB image tensors failed
        # on Windows with 70 GB of RAM free; a smaller batch fixed it): not its size but what
        # the whole process, or its limit, had used up
        tiny = host and size is not None and elements * size < _SMALL_HOST_REQUEST
        # "OOM when allocating tensor of shape" is the GPU device's own: gpu_device.cc
        # (MakeTensorFromProto, MaybeCopyTensorToGPU) could not allocate the device buffer of
        # a constant or of a tensor copied to the GPU
        copy_form = bool(h.g("copy")) and not host
        copied = (" on the GPU, for a constant or a tensor copied to it (the GPU device's "
                  "own message)" if copy_form else "")
        # a weight or an optimiser slot (weight_oom.py): the model's size, not the batch
        weight = weight_allocation(ctx, h) if not host and not copy_form else None
        oom_args: dict[str, Any] = dict(
            tensor=f"{shape} {dtype}".strip(),
            evidence=log_evidence(oom, ctx.h("mem.exhausted").first[:1],
                                  [n for n in ctx.h("placer.node_device").all()
                                   if n.line in below][:1], cpu_run[:1]),
            cause=(
                f"TensorFlow could not allocate {what}"
                + (f" on {h.g('device')}" if h.g("device") else copied)
                + (
                    (f" by allocator {h.g('alloc')}" if h.g("alloc") else "")
                    + (f". TensorFlow registered no GPU in this run (line {cpu_run[0].line}: "
                       "its CUDA libraries did not load), so it ran on the CPU" if cpu_run
                       else "")
                    + (". This is host RAM, not GPU memory, and the request itself is small "
                       "(under 64 MiB): not its size but what the process had already taken "
                       "ran out: the input pipeline's buffers (shuffle, prefetch, batches "
                       "decoded in parallel), NumPy arrays or a py_function's arrays, or "
                       "another process; on Windows the commit limit (RAM plus page file) "
                       "can be reached while RAM shows free (tensorflow/tensorflow#38414: "
                       "70 GB free, avoided by a smaller batch)."
                       if tiny else
                       ". This is host RAM, not GPU memory: the request is larger than "
                       "the memory the operating system could give.")
                    if host
                    else ". The line does not say on which device: GPU memory if the "
                    "op ran on the GPU, host RAM if on the CPU (the traceback's device "
                    "'/device:GPU:0' or '/device:CPU:0', or a 'GPU_0_bfc' allocator line "
                    "above, tells). Either way the model/batch needs more memory than is "
                    "free."
                    if unknown
                    else ". The tensor is allocated whole: the GPU had no free block that "
                    "large (the model's other tensors, or another process, hold the rest)."
                    if copy_form
                    else _pool_reading(ctx, h)
                )
            ),
            fix=(
                (
                    "reduce the batch size or the tensor/buffer size",
                    *(("# the failed requests are small: shrink what the process holds "
                       "(tf.data shuffle/prefetch buffer sizes, num_parallel_calls, large "
                       "NumPy arrays kept in memory)",) if tiny else ()),
                    ram,
                    # the log does not say the OS: Windows has no free/top
                    *(("# on Windows: Task Manager, Performance tab, Memory: 'Committed' "
                       "(used / limit); a limit near use: a larger page file",)
                      if ctx.os is None else
                      ("# Windows: Task Manager, Performance tab, Memory: 'Committed' (used / "
                       "limit); a limit near use: a larger page file",)
                      if ctx.windows and tiny else ()),
                    f"stop other memory-hungry processes ({procs})",
                )
                if host
                else (
                    "reduce the batch size (the first dimension) or the input size",
                    "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                    "--format=csv   # GPU memory in use",
                    ram.split("   #")[0] + "   # host RAM in use",
                    "use mixed precision (halves activation memory) on GPUs with Tensor Cores",
                )
                if unknown
                else (
                    "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                    "--format=csv   # another process holding GPU memory: stop it, or pick a "
                    "free GPU (CUDA_VISIBLE_DEVICES=1)",
                    "# a large constant or initializer (an embedding table, a NumPy array put "
                    "into the graph) is allocated whole: make it smaller, or place it on the "
                    "CPU: with tf.device('/CPU:0'): ...",
                    "reduce the batch size (the first dimension) or the input size",
                )
                if copy_form
                else (
                    "reduce the batch size (the first dimension) or the input size",
                    "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                    "--format=csv   # other users",
                    "use mixed precision (halves activation memory) on GPUs with Tensor Cores",
                )
            ),
        )
        if weight is not None:
            oom_args["evidence"] = (*oom_args["evidence"], *log_evidence([weight[1]]))
            oom_args["cause"] = oom_args["cause"].replace("the model/batch", "the model") \
                .replace("The model/batch", "The model") + (
                f" The tensor is {weight[0]}: allocated once when the variables are "
                "initialised or the optimiser makes its slots, whatever the batch size, so its "
                "size is the model's own (a layer's vocabulary, embedding, output classes or "
                "hidden units). Adam keeps two slots of each weight's shape (m and v), momentum "
                "one, so weights and slots take up to three times the weights' size.")
            oom_args["fix"] = (
                "# make the model smaller where this tensor is: fewer output classes or a "
                "smaller vocabulary or embedding, fewer hidden units; for a very large "
                "output layer, sampled softmax (tf.nn.sampled_softmax_loss)",
                "# weights stored in float16/bfloat16 halve it (Keras's mixed_float16 policy "
                "keeps variables in float32: it halves activations, not this tensor); an "
                "optimiser with fewer slots (momentum: one, plain SGD: none, instead of Adam's "
                "two) shrinks the slots",
                "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
                "# other processes holding GPU memory",
                "# a smaller batch frees activation memory only: it does not make this tensor "
                "smaller")
        small = _small_pool(ctx, h) if not host and not unknown and not copy_form else None
        if small is not None and small[1] is not None:
            # the pool was small from the start: the holder first, then the batch
            fix = oom_args["fix"]
            oom_args["fix"] = (
                "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
                "# the process holding the rest of this GPU: stop it, or pick a free GPU "
                "(CUDA_VISIBLE_DEVICES=1)", *(x for x in fix if "nvidia-smi" not in x))
        if host:
            out.append(catalogue.make("host-out-of-memory-tensor", **oom_args))
        else:
            out.append(catalogue.make("gpu-out-of-memory-tensor",
                                      variant="device-unknown" if unknown else
                                      "weight" if weight is not None else None,
                                      **oom_args))
    elif (exhausted and not taken and not ctx.h("mem.autotune_limit").count
          and (moved := eager_oom_elsewhere(ctx, exhausted)) is not None):
        out.append(moved)  # an eager op's status on a CPU-only run or Metal: eager_oom_device.py
    elif exhausted and not taken and not ctx.h("mem.autotune_limit").count:
        dst = any(h.g("dst") for h in exhausted)
        # the eager form names the op that needed the copy
        eager = any(h.g("dst") and "_EagerConst" in h.text for h in exhausted)
        # JAX raises the same status (jaxlib's XlaRuntimeError); its fixes are JAX's
        jax = any(_JAX_ERROR.search(h.text) for h in exhausted)
        # another program's own ResourceExhaustedError (PaddlePaddle's allocator)
        other = None if jax else ctx.other_framework
        named: dict[str, Any] = {"program": other} if other else {}
        variant = ("other-program" if other else "jax" if jax else
                   "dst-tensor-eager" if eager else "dst-tensor" if dst else None)
        request = _allocator_request(ctx) if variant is None else None
        one = one_request(ctx, exhausted) if variant is None and request is None else None
        if request is not None:
            variant = "allocator-request"
            named.update(request)
        elif one is not None:
            variant = "one-request"  # the adapter's own size, measured against the GPU
            named.update(one[0])
        out.append(
            catalogue.make(
                "gpu-resource-exhausted",
                variant=variant,
                **named,
                evidence=log_evidence(exhausted, ctx.h("mem.ran_out").first[:1]),
                fix=(
                    ("reduce the batch or array sizes (the size the error names)",
                     "XLA_PYTHON_CLIENT_PREALLOCATE=false python train.py   # JAX allocates "
                     "as needed instead of 75% up front",
                     "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                     "--format=csv   # other processes holding GPU memory")
                    if jax
                    else ("reduce the batch size",
                          "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                          "--format=csv   # other processes holding GPU memory",
                          "CUDA_VISIBLE_DEVICES=1 ...   # or start it on another, free GPU")
                    if other
                    else ("# keep the data in host memory and feed the GPU in batches: "
                          "with tf.device('/CPU:0'): ds = tf.data.Dataset.from_tensor_slices("
                          "(x, y)).batch(32)",
                          "# or pass a generator / keras.utils.Sequence (PyDataset) instead "
                          "of one large array",
                          "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                          "--format=csv   # other processes holding GPU memory")
                    if eager
                    else one[1]
                    if one is not None
                    else ("reduce the batch size (evaluate/predict in batches too)",
                          "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                          "--format=csv   # other processes holding GPU memory")
                ),
            )
        )
    cuda_oom = ctx.h("mem.cuda_oom")
    init_oom = ctx.h("mem.runtime_init_oom")
    if cuda_oom.count or init_oom.count:
        info = ctx.h("mem.info").all()
        total = free = None
        for h in info:
            if h.g("k1") == "Total":
                total = size_to_mib(h.g("v1") or "")
            elif h.g("k1") == "Free":
                free = size_to_mib(h.g("v1") or "")
            elif h.g("total"):
                total, free = size_to_mib(h.g("total") or ""), size_to_mib(h.g("free") or "")
        h0 = (cuda_oom.first or init_oom.first)[0]
        total_bytes = _bytes(h0.g("total"))
        # claim audit C: a "total memory reported" near 2**64 (tensorflow#14475, #7272) is no
        # GPU size but the driver failing to answer; the threads' cures differ (another
        # process, a run as root, a reboot), so the context failure alone proves no holder
        absurd = total_bytes is not None and total_bytes >= ABSURD_TOTAL_BYTES
        if total_bytes is not None and total is None and not absurd:
            total = total_bytes / 2**20
        ctxfail = bool(h0.g("ctx")) or bool(init_oom.count)
        cause = "CUDA reported out of memory"
        if ctxfail:
            cause += " while creating the CUDA context, before TensorFlow allocated anything"
        if total is not None and free is not None:
            cause += f"; only {free:,.0f} MiB of {total:,.0f} MiB were free when TensorFlow started"
        elif total is not None:
            cause += f" (GPU memory {total:,.0f} MiB)"
        asked = _bytes(h0.g("bytes"))
        one_gpu = sum(1 for h in info if h.g("total") or h.g("k1") == "Total") == 1
        growing = ctx.h("mem.ran_out").count or ctx.h("ctx.memory_growth").count
        if (asked is not None and not ctxfail and one_gpu and not growing
                and total is not None and free is not None and free >= 0.5 * total
                and asked / 2**20 > free * 1.001 and asked / 2**20 >= 0.5 * total
                and cuda_oom.first and h0 is cuda_oom.first[0]):
            # one GPU, mostly free at start (else another process's memory is the story),
            # and the first allocation CUDA refused is a pool of at least half its memory,
            # more than was free: the program's own fraction or memory limit
            # (gpu_device.cc sizes the default pool from the free memory less a reserve);
            # a growth chunk (the BFC allocator's "ran out of memory trying to allocate", or
            # a program that lets the pool grow) is another story
            fit = max(int(free / total * 10) / 10 - 0.1, 0.1)
            out.append(catalogue.make(
                "gpu-memory-fraction-exceeds-free-memory", size=h0.g("size") or f"{asked} bytes",
                share=f"{asked / 2**20 / total:.0%}", total=f"{total:,.0f} MiB",
                free=f"{free:,.0f} MiB",
                evidence=log_evidence([h0], info[:2]),
                fix=(f"# lower the fraction below the free share ({free / total:.2f} was free): "
                     f"tf.compat.v1.GPUOptions(per_process_gpu_memory_fraction={fit:.1f}) (or a "
                     "memory_limit below the free MiB in set_logical_device_configuration)",
                     "# or let the pool grow as needed: gpu_options.allow_growth = True "
                     "(TF 2.x: tf.config.experimental.set_memory_growth)",
                     "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                     "--format=csv   # what holds the rest before TensorFlow starts"),
            ))
            return out
        held = _other_process_evidence(ctx, ctxfail, total, free)
        set_high = _fraction_in_log(ctx)
        if (set_high is not None and held is None and not ctxfail and not growing
                and cuda_oom.first and h0 is cuda_oom.first[0]):
            out.append(_fraction_in_log_finding(ctx, set_high, h0))
            return out
        if absurd and _other_process_evidence(ctx, False, total, free) is None:
            out.append(catalogue.make(
                "gpu-memory-held-by-other-process", variant="driver-answer-absurd",
                total=f"{total_bytes}",
                evidence=log_evidence(cuda_oom, init_oom, info[:3]),
            ))
        elif held is not None:
            cause += (
                f". {held}: another process (another user's job, a second notebook or "
                "TensorFlow session, which grabs nearly all memory by default) already holds "
                "the GPU memory."
            )
            if ctxfail:
                # several processes per GPU: the program's own parallel workers (MPI ranks,
                # multiprocessing/launcher workers) each open a TensorFlow session on the one
                # GPU, each reserving nearly all of it, so the later ones cannot even create
                # a context (openai/baselines#70: 8 MPI workers on one GPU, fine with one)
                cause += (" That other process may be this program's own: several workers "
                          "(MPI ranks, multiprocessing) on one GPU each reserve nearly all "
                          "its memory by default.")
            out.append(
                catalogue.make(
                    "gpu-memory-held-by-other-process",
                    evidence=log_evidence(cuda_oom, init_oom, info[:3],
                                          ctx.h("smi.process").first[:4]),
                    cause=cause,
                    fix=(
                        "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                        "--format=csv",
                        "stop that process, or pick a free GPU: CUDA_VISIBLE_DEVICES=1 "
                        "python train.py",
                        "let processes share: TF_FORCE_GPU_ALLOW_GROWTH=true (or "
                        "set_memory_growth) in each",
                        *(("# your own parallel workers on one GPU: fewer processes per GPU, "
                           "or a per-process cap (TF 1.x: gpu_options.allow_growth / "
                           "per_process_gpu_memory_fraction=1/N; TF 2.x: "
                           "set_logical_device_configuration memory_limit)",) if ctxfail else ()),
                    ),
                )
            )
        elif not out and not _handle_hits(ctx):
            # No sign of another process: TensorFlow's own pool (it reserves nearly all GPU
            # memory by default) is as likely; hedged, memory growth first.  A cuBLAS/cuDNN
            # handle failure or an OOM tensor already names this cause (one cause, one finding).
            out.append(
                catalogue.make(
                    "gpu-memory-held-by-other-process",
                    variant="unproven",
                    evidence=log_evidence(cuda_oom, init_oom, info[:3]),
                    fix=(
                        *c.growth_fix(ctx, "let TensorFlow grow its pool instead of "
                                           "reserving nearly all GPU memory"),
                        "nvidia-smi --query-compute-apps=pid,process_name,used_memory "
                        "--format=csv   # if another process holds GPU memory: stop it",
                    ),
                )
            )
            # the third reading of a bare CUDA OOM, close in number in the threads (the
            # model/batch does not fit the GPU): named as its own hedge (findings.toml)
            out.append(catalogue.make(
                "gpu-allocator-ran-out", variant="cuda-oom",
                evidence=log_evidence(cuda_oom, init_oom, info[:3]),
            ))
    out += c.from_log(ctx, "mem.frozen",
                      lambda frozen, first: frozen_config(ctx, frozen, first))
    out.extend(_pinned_and_module(ctx, bool(out)))
    ran = ctx.h("mem.ran_out").all()
    if ran and not out and not taken:
        # bfc_allocator.cc: "The caller indicates that this is not a failure" (an autotuning
        # probe that retries with less memory): harmless unless another line says otherwise
        benign = all(not_a_failure(ctx, x) for x in ran)
        h = next((x for x in ran if not not_a_failure(ctx, x)), ran[0])
        alloc = h.g("alloc") or h.g("src") or "bfc_allocator"
        # TensorFlow names the allocator: "GPU_0_bfc" / "gpu_..." for device memory,
        # "cpu" / "mklcpu" for host memory, "cuda_host_bfc" / "gpu_host_bfc" for the pinned
        # host pool (pinned_host_pool.py); before TF 1.x named it, the line came from
        # (gpu_)bfc_allocator.cc, the GPU allocator.
        pinned_pool = bool(h.g("alloc")) and bool(HOST_ALLOCATOR.search(alloc))
        # TF's CPU BFC allocator "bfc_cpu_allocator_for_gpu" (process_state.cc) is host RAM
        on_host = pinned_pool or "cpu" in alloc.lower() or (
            "gpu" not in alloc.lower() and "bfc_allocator" not in alloc)
        # the file name is no allocator's name: the line without one is the GPU's BFC
        allocator = alloc if h.g("alloc") else f"GPU BFC ({alloc}.cc)"
        held = ("nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
                "# another process or notebook kernel holding GPU memory (each TensorFlow "
                "process reserves nearly all of it by default): stop it")
        if not benign and not on_host and failed_allocation(h):
            out.append(_failed_allocation(ctx, h, ran, allocator, held))
        elif not benign and pinned_pool:
            out.append(pinned_pool_finding(ctx, alloc, pinned_limit(ctx, [h]), [h]))
        else:
            out.append(catalogue.make(
                "host-allocator-ran-out" if on_host else "gpu-allocator-ran-out",
                variant="not-a-failure" if benign else None,
                allocator=allocator, size=h.g("size"), evidence=log_evidence(ran),
                fix=(("# reduce the batch size, or free host memory",
                      c.host_ram_check(ctx)[0]) if on_host
                     else ("# reduce the batch size", held)),
            ))
    return out


def _failed_allocation(ctx: Facts, h: Hit, ran: list[Hit], allocator: str,
                       held: str) -> Finding:
    """``gpu-allocator-ran-out`` variant ``failed`` for the allocator line ``h``
    (:func:`~tfgpu.diagnosis.checks._memory_failures.failed_allocation`), quoting ``ran``
    (the log's allocator lines): the op the line names, and bfc_allocator.cc's own
    fragmentation hint (pattern ``mem.bfc_followup``, group ``frag``) after it, when the log
    has it, as a sentence of the cause, its evidence and its fix line
    (``TF_GPU_ALLOCATOR=cuda_malloc_async``).  ``held``: the fix line that lists the GPU's
    processes."""
    op = h.g("op")
    hint = [x for x in ctx.h("mem.bfc_followup").all() if x.g("frag") and x.line >= h.line][:1]
    fragmented = ""
    advice: tuple[str, ...] = ()
    if hint:
        fragmented = (f" The allocator names memory fragmentation as one cause (line "
                      f"{hint[0].line}) and TF_GPU_ALLOCATOR=cuda_malloc_async (CUDA's own "
                      "stream-ordered allocator) as its fix.")
        advice = (c.set_env(ctx, "TF_GPU_ALLOCATOR", "cuda_malloc_async")
                  + "   # the allocator's own advice for fragmented memory",)
    return catalogue.make(
        "gpu-allocator-ran-out", variant="failed", allocator=allocator, size=h.g("size"),
        for_op=f" for op {op}" if op else "", fragmented=fragmented,
        evidence=log_evidence(ran, hint),
        fix=("# reduce the batch size", held, *advice),
    )


#: A "total memory reported" at or above this (bytes; 1 PiB) is no GPU's size: the driver
#: answered garbage (2**64 - 1 and near it in tensorflow#14475, #7272).
ABSURD_TOTAL_BYTES = 2**50


#: A per-process GPU memory fraction at or above this asks for more than is ever free: with a
#: fraction set, gpu_device.cc (TF 1.x) sizes the pool as total_memory * fraction instead of
#: the free memory less MinSystemMemory's reserve, and the driver, the CUDA context and a
#: display always hold some of the total (darkflow's README runs `flow ... --gpu 1.0`;
#: tensorflow/tensorflow#18656: darkflow --gpu 1.0, "failed to allocate 7.20G ... from device:
#: CUDA_ERROR_OUT_OF_MEMORY", then "could not create cudnn handle").
_FRACTION_TOO_HIGH = 0.95


def _fraction_in_log(ctx: Facts) -> tuple[float, Hit] | None:
    """``(fraction, line)``: the highest per-process GPU memory fraction the log shows
    (pattern ``ctx.gpu_fraction``: code, darkflow's "GPU mode with F usage" line or its
    ``--gpu F`` flag, capped at 1.0 as darkflow caps it), when it is at least
    :data:`_FRACTION_TOO_HIGH`; else ``None``."""
    best: tuple[float, Hit] | None = None
    for h in ctx.h("ctx.gpu_fraction").all():
        raw = h.g("f1") or h.g("f2") or h.g("f3")
        if raw is None:
            continue
        value = min(float(raw), 1.0)
        if value >= _FRACTION_TOO_HIGH and (best is None or value > best[0]):
            best = (value, h)
    return best


def _shown(value: float) -> str:
    """A fraction as a person writes it: ``1.0``, ``0.95``."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if value < 1 else "1.0"


def _fraction_in_log_finding(ctx: Facts, set_high: tuple[float, Hit], oom: Hit) -> Finding:
    """``gpu-memory-fraction-exceeds-free-memory`` variant ``fraction-in-log``: the log sets
    the fraction at :data:`_FRACTION_TOO_HIGH` or more, and CUDA refused TensorFlow's first
    pool (``oom``, "failed to allocate N from device: CUDA_ERROR_OUT_OF_MEMORY")."""
    value, line = set_high
    darkflow = bool(line.g("f2") or line.g("f3"))
    handles = handle_failures(ctx)
    return catalogue.make(
        "gpu-memory-fraction-exceeds-free-memory", variant="fraction-in-log",
        fraction=_shown(value), line=line.line, pct=f"{value:.0%}",
        size=oom.g("size") or f"{oom.g('bytes') or 'the pool'} bytes", oom=oom.line,
        how=(" (darkflow's --gpu flag, which it passes to TensorFlow as "
             "per_process_gpu_memory_fraction)" if darkflow else ""),
        after=(f" Line {handles[0].line} shows the result: a cuDNN/cuBLAS handle that could not "
               "be created in what the pool left." if handles else ""),
        evidence=log_evidence([line], [oom], handles[:1]),
        fix=(("# run darkflow with a lower --gpu value, below the share of the GPU's memory that "
              "is free (e.g. --gpu 0.7)",) if darkflow else
             ("# lower it: tf.compat.v1.GPUOptions(per_process_gpu_memory_fraction=0.7), below "
              "the share of the GPU's memory that is free",))
        + ("# or let the pool grow as needed instead: config.gpu_options.allow_growth = True",
           "nvidia-smi --query-gpu=memory.used,memory.total --format=csv   # what is already "
           "taken before TensorFlow starts"),
    )


def _other_process_evidence(ctx: Facts, ctxfail: bool, total_mib: float | None,
                            free_mib: float | None) -> str | None:
    """What shows that another process holds the GPU memory, or ``None`` when nothing does.

    Evidence: CUDA_ERROR_OUT_OF_MEMORY while creating the CUDA context (before TensorFlow
    allocated anything); the log's free memory at start below ``HELD_FREE_FRACTION`` of
    the total (MiB); an ``nvidia-smi`` process table in the log listing two or more compute
    processes (one may be the failing process itself); the host facts' free memory of a
    GPU (``nvidia-smi --query-gpu=memory.free``, MiB) below that fraction."""
    if ctxfail:
        return "The context itself could not be created"
    pids = {h.g("pid") for h in ctx.h("smi.process").all()}
    if len(pids) > 1:  # one of them may be this process; the others are not
        return f"nvidia-smi in the log lists {len(pids)} compute processes on the GPU"
    if total_mib and free_mib is not None and free_mib < c.HELD_FREE_FRACTION * total_mib:
        return "Nearly all memory was already in use at start"
    for gpu in ctx.host.gpus if ctx.host is not None else ():
        t, fr = gpu.memory_total_mib, gpu.memory_free_mib
        if t and fr is not None and fr < c.HELD_FREE_FRACTION * t:
            return f"nvidia-smi on this host shows {fr:,} MiB of {t:,} MiB free"
    return None


def _handle_hits(ctx: Facts) -> bool:
    """Whether the log shows a cuBLAS/cuDNN handle failure (``rule_library_handle``'s input)."""
    return bool(ctx.h("mem.handle").count or ctx.h("cudnn.dnn_handle").count)


def rule_autotune(ctx: Facts) -> list[Finding]:
    """cuDNN autotuning: every engine's workspace exceeded the limit (034)."""
    lim = ctx.h("mem.autotune_limit")
    if not lim.count:
        return []
    h = lim.first[0]
    want, limit = _bytes(h.g("want")), _bytes(h.g("limit"))
    tc = any("#TC" in (k or "") for k in lim.by_key) or any("#TC" in x.text for x in lim.all())
    evidence = log_evidence(ctx.h("mem.no_algo").first[:1], lim)
    fix = (
        "reduce the convolution workload (batch size, volume/image size)",
        "keep those layers in float32: layer(..., dtype='float32')"
        if tc
        else "free GPU memory for the workspace",
        "try another cuDNN version: the available engines differ between cuDNN releases "
        "and GPU generations",
    )
    if want is None or limit is None:
        return [catalogue.make("cudnn-no-algorithm-workspace", variant="unreadable-sizes",
                               evidence=evidence, fix=fix)]
    return [catalogue.make("cudnn-no-algorithm-workspace",
                           variant="tensor-cores" if tc else None,
                           want_gib=want / 2**30, limit_gib=limit / 2**30,
                           evidence=evidence, fix=fix)]


def _pinned_and_module(ctx: Facts, said: bool) -> list[Finding]:
    """Pinned (page-locked) host memory, and a GPU module that could not be loaded."""
    out: list[Finding] = []
    pinned = ctx.h("mem.pinned")
    if pinned.count and not said:
        size = next((h.g("size") or h.g("bytes") for h in pinned.all()
                     if h.g("size") or h.g("bytes")), None)
        # "failed to alloc N bytes on host: CUDA_ERROR_UNKNOWN" (cuda_driver.cc) is the
        # driver refusing, not RAM running out (that is CUDA_ERROR_OUT_OF_MEMORY)
        other = [h for h in ctx.h("cuda.error").all() if "on host" in h.text
                 and h.g("name") not in (None, "CUDA_ERROR_OUT_OF_MEMORY")]
        n = _bytes(size)
        shown = (f"{n / 2**20:,.0f} MiB" if n >= 2**20 else f"{n:,} bytes") if n is not None \
            else (size or "?")
        if other:
            out.append(catalogue.make(
                "host-allocator-ran-out", variant="pinned-driver-error", size=shown,
                code=other[0].g("name") or "?", evidence=log_evidence(pinned, other[:1]),
                fix=(*c.growth_fix(ctx, "or tf.config.experimental.set_memory_growth(gpu, True) "
                                        "before any op"),
                     "config = tf.ConfigProto(); config.gpu_options.allow_growth = True   # TF "
                     "1.x: pass it to tf.Session(config=config) / RunConfig(session_config=...)",
                     "nvidia-smi   # memory in use on the GPU, and by which processes",
                     "# an earlier CUDA error in the log (before this line) is the cause if "
                     "there is one: it left the CUDA context unusable"),
            ))
            return out + _module_oom(ctx)
        out.append(catalogue.make(
            "host-allocator-ran-out", variant="pinned", size=shown,
            evidence=log_evidence(pinned),
        ))
    return out + _module_oom(ctx)


def _module_oom(ctx: Facts) -> list[Finding]:
    """A GPU module that could not be loaded for lack of GPU memory.  A log whose TensorFlow
    is known to be 1.x gets the 1.x calls through :func:`tfgpu.diagnosis.checks._common.
    fix_lines` (``tf1_era.tf1_api_lines``); one of unknown version in the 1.x loader's
    wording (lowercase "failed to load in-memory CUBIN") gets the 1.x session's line too."""
    def make(module: Hits, _first: Hit) -> Finding:
        tf1_wording = ctx.tf_mm is None and any("failed to load in-memory CUBIN" in h.text
                                                for h in module.all())
        return catalogue.make(
            "cuda-module-load-out-of-memory", evidence=log_evidence(module),
            fix=(*c.growth_fix(ctx, "or tf.config.experimental.set_memory_growth(gpu, True) "
                                    "before any op"),
                 "# or cap TensorFlow's pool with a memory limit "
                 "(tf.config.set_logical_device_configuration(gpu, "
                 "[tf.config.LogicalDeviceConfiguration(memory_limit=...)]))",
                 *((TF1_GROWTH_LINE,) if tf1_wording else ()),
                 "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv"))
    return c.from_log(ctx, "mem.module_oom", make)


#: ``maps_to`` of a status whose meaning is a failed GPU allocation (status_codes.toml).
_GPU_MEMORY_STATUS = "gpu-resource-exhausted"
#: ``maps_to`` of a status whose meaning is a driver too old for the library (status_codes.toml).
_DRIVER_STATUS_FAULT = "driver-too-old-for-cuda"
#: how TensorFlow prints a cuDNN status it has no name for (cuDNN 9 values).
_UNNAMED_CUDNN_STATUS = re.compile(r"<unknown cudnn status: (\d{1,6})>")
#: ``maps_to`` values that name no other fault (status_codes.toml).  A status that names GPU
#: memory itself (``gpu-resource-exhausted``: cuDNN 9's
#: CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED) is no other fault either: cuda_dnn.cc's
#: Memory usage line decides it (:func:`_memory_status_read`).
_NO_OTHER_FAULT = ("dnn-handle-failed-gpu-memory", _GPU_MEMORY_STATUS, "generic", "harmless",
                   "context", "")


def _fft_scale_failed(ctx: Facts, found: list[Hit], ev: tuple[Evidence, ...],
                      fix_mem: tuple[str, ...]) -> Finding:
    """``dnn-handle-failed-gpu-memory`` variant ``fft-scale`` (a warning): fft_ops.cc's inverse
    FFT ops could not scale their result with cuBLAS ("BlasScal failed : in.shape=[...]", or
    "No Blas for stream." when the executor has no cuBLAS).  cuBLAS then has no handle, and
    its handle needs GPU memory of its own; the FFT ops take cuFFT work areas of up to
    ``TF_CUFFT_WORKSPACE_LIMIT_IN_MB`` (default 4 GB, fft_ops.cc ``GetCufftWorkspaceLimit``)
    from TensorFlow's pool.  Hedged: the lines before it tell for sure."""
    op = _op_of(ctx, found)
    return catalogue.make(
        "dnn-handle-failed-gpu-memory", variant="fft-scale",
        op=f"the {op} op" if op else "an inverse FFT op",
        what=found[0].g("scal") or "BlasScal failed", evidence=ev,
        fix=(*fix_mem[:-2],
             "export TF_CUFFT_WORKSPACE_LIMIT_IN_MB=256   # cap the cuFFT work area the FFT ops "
             "take from the GPU (default 4 GB); set it before starting Python"
             if not ctx.windows else
             "set TF_CUFFT_WORKSPACE_LIMIT_IN_MB=256",
             fix_mem[-2],
             "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E \"cublas|out of "
             "memory\"   # 'failed to create cublas handle' or 'without BLAS support' before it "
             "confirms it"),
    )


def _status_of_another_fault(ctx: Facts, h: Hit) -> CudaError | None:
    """The ``status_codes.toml`` row of the status the handle failure ``h`` prints,
    when that row maps to another fault than GPU memory (``CUDNN_STATUS_ARCH_MISMATCH``: the
    GPU's architecture; ``<unknown cudnn status: 1002>``, CUDNN_STATUS_SUBLIBRARY_VERSION_
    MISMATCH: mixed cuDNN installs; a cuFFT number other than the plan-setup statuses, e.g. 8
    CUFFT_INVALID_SIZE), else ``None``.  Such a line is no memory failure, "most likely" or
    not."""
    fft = cufft_status(ctx, h)
    if fft is not None:
        return fft if fft.maps_to not in ("dnn-handle-failed-gpu-memory", "harmless") else None
    code = h.g("code")
    if not code:
        return None
    rows = ctx.kb.status_codes
    unnamed = _UNNAMED_CUDNN_STATUS.fullmatch(code)
    if unnamed:
        value = int(unnamed.group(1))
        row = next((r for r in rows if r.enum == "cudnnStatus_t" and r.code == value), None)
    else:
        row = next((r for r in rows if r.name == code), None)
    if row is not None and row.alias_of:
        row = next((r for r in rows if r.name == row.alias_of), row)
    return row if row is not None and row.maps_to not in _NO_OTHER_FAULT else None


def _prints_status(ctx: Facts, h: Hit) -> bool:
    """Whether the handle failure ``h`` prints a status tfgpu can read: a cuFFT plan-step
    number or ``CUFFT_`` name, or the status word (``code``) its pattern captured."""
    return cufft_status(ctx, h) is not None or bool(h.g("code"))


def _handle_status_finding(ctx: Facts, found: list[Hit], rows: list[CudaError]) -> list[Finding]:
    """A handle failure whose status names another cause (``rows``, one per hit).

    The architecture statuses have their own finding (``cc.lib_arch``, compute_capability.py);
    the sub-library version mismatch is ``cudnn-version-mismatch`` (variant ``sublibraries``);
    any other such status is quoted with its meaning as an unrecognised error (warning), not
    guessed to be memory.
    """
    row = rows[0]
    if row.maps_to == "gpu-compute-capability-too-low" and ctx.h("cc.lib_arch").count:
        return []
    ev = log_evidence(found, plan_params(ctx, found)[:1])
    if row.maps_to == "cudnn-version-mismatch":
        return [catalogue.make(
            "cudnn-version-mismatch", variant="sublibraries", evidence=ev,
            cause=f"{row.name} ({row.code}): {row.meaning} (knowledge row {row.ref})",
            fix=(pip_list_grep("nvidia-cudnn", windows=ctx.windows)
                 + "   # the cuDNN wheel TensorFlow uses",
                 "ldconfig -p | grep -i libcudnn   # a system cuDNN that shadows it",
                 "echo $LD_LIBRARY_PATH   # a CUDA/cuDNN folder listed here is loaded first"),
            knowledge_ref=row.ref,
        )]
    if row.maps_to == _DRIVER_STATUS_FAULT:
        return [_status_driver_too_old(ctx, row, found, ev)]
    if row.maps_to.startswith("new:"):
        # a host fault the status itself names (cuDNN 9's sub-library loading failure, its
        # run-time prerequisite missing): that fault's finding and next steps
        code = found[0].g("code") or ""
        return [new_fault_finding(ctx, row, found,
                                  printed=code if code != row.name else "")]
    return [catalogue.make(
        "unrecognised-error", evidence=ev,
        cause=(f"The library could not start with status {row.name} ({row.code}): "
               f"{row.meaning} tfgpu has no check for this status, so it makes no further "
               f"guess (knowledge row {row.ref})."),
        fix=("tfgpu doctor   # checks the host itself",
             "search the exact status line in the TensorFlow issue tracker"),
        knowledge_ref=row.ref,
    )]


def _status_driver_too_old(ctx: Facts, row: CudaError, found: list[Hit],
                           ev: tuple[Evidence, ...]) -> Finding:
    """``driver-too-old-for-cuda`` (variant ``from-log``, an error) for a handle failure whose
    status row maps to that fault (status_codes.toml ``maps_to``; cuDNN 9's
    CUDNN_STATUS_NOT_SUPPORTED_INCOMPATIBLE_CUDA_DRIVER, 3005, which TensorFlow's cuDNN 8 name
    table prints as "<unknown cudnn status: 3005>"): the status itself names the driver.  When
    cuda_dnn.cc's Memory usage line shows at least the libraries' reserve free, the cause says
    memory is ruled out too."""
    code = next((h.g("code") for h in found if h.g("code")), None) or ""
    why = (f"The library could not start: {describe(row, code)} (knowledge row {row.ref})")
    usage = _cudnn_memory_usage(ctx, found)
    if usage is not None:
        free, total, hit = usage
        _small, reserve, ref = _library_reserve_mib(ctx, total)
        if free >= reserve:
            why += (f"; its Memory usage line (line {hit.line}) shows {free:,.0f} MiB of "
                    f"{total:,.0f} MiB GPU memory free, at least the {reserve} MiB TensorFlow "
                    f"leaves for the CUDA libraries (knowledge row {ref}), so not memory either")
    return catalogue.make(
        "driver-too-old-for-cuda", variant="from-log", evidence=ev, why=why + ".",
        fix=("nvidia-smi   # the driver, and 'CUDA Version' (top right): the newest CUDA it "
             "runs; it must be at least the CUDA of the cuDNN loaded",
             "python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the CUDA/cuDNN this TensorFlow was built for",
             "# install an NVIDIA driver at or above the minimum of that CUDA (tfgpu matrix "
             "lists them), or a TensorFlow built for a CUDA this driver runs"),
        knowledge_ref=row.ref,
    )


#: cuda_dnn.cc's line after a failed cudnnCreate (lower case): the handle it then destroys.
_DESTROY = "could not destroy cudnn handle"
#: Status words of a handle failure that mean "no memory" outright.
#: Words (case-folded) of the messages that say the executor has no DNN support at all
#: ("DNN library is not found", "without DNN support", "Fail to find the dnn implementation").
_DNN_ABSENT_WORDS = ("dnn library is not found", "without dnn support",
                     "fail to find the dnn implementation")
#: The non-DNN ROCm libraries whose failures :func:`rule_library_handle` reads in a
#: tensorflow-rocm log (rocBLAS, rocSOLVER, rocFFT/hipFFT); the DNN's (MIOpen's) are
#: checks/rocm_dnn.py's.
_ROCM_NON_DNN = re.compile(r"roc\w*blas|rocsolver|rocm_solvers|rocfft|hipfft|\bBlas\b", re.I)
# cuda_fft.cc "failed to allocate work area." = the scratch allocator (TensorFlow's
# GPU pool) could not give the plan its workspace. An allocation status as the libraries and
# TensorFlow print it on the failure's line: the status names (CUDNN_STATUS_ALLOC_FAILED,
# CUBLAS_STATUS_ALLOC_FAILED, CUFFT_ALLOC_FAILED, CUDA_ERROR_OUT_OF_MEMORY), CUDA's error
# string "out of memory" after its name or a "Status:" (cuda_driver.cc "...: out of memory",
# "Status: out of memory"), bfc_allocator.cc's "ran out of memory"; not the words in a
# reporter's sentence on the same line ("not due to the out of memory", "no out of memory")
_ALLOC_STATUS = re.compile(
    r"ALLOC_FAILED|OUT_OF_MEMORY|(?::\s{0,3}|\bran )out of memory|allocate work area")


def rule_library_handle(ctx: Facts) -> list[Finding]:
    """cuDNN/cuBLAS/cuFFT/cuSOLVER could not create a handle or plan: :func:`_library_handle`,
    with a cuBLAS memory hedge under a CUDA 10.1 build joined by the apt cuBLAS package
    release that breaks it (checks/cublas_package_regression.py)."""
    found = _library_handle(ctx)
    return [*found, *cublas_package_hedge(ctx, found)]


def _library_handle(ctx: Facts) -> list[Finding]:
    """cuDNN/cuBLAS/cuFFT/cuSOLVER could not create a handle or plan.

    * another framework's copy of cuDNN/cuBLAS in the process (torch, cupy, jaxlib paths
      in the log) -> ``dnn-handle-failed-gpu-memory`` variant ``second-copy`` (unknown
      which: memory or the second copy, with the command that tells);
    * "DNN library is not found" with nothing else: cuDNN was not loaded at all
      (``dnn-library-not-found``), unless the log names the missing or mismatched library, which
      its own finding explains;
    * otherwise the memory cause (the status tables' "almost always"), confident when the
      status says ALLOC_FAILED, else hedged ("most often"; variant ``unsure``).
    """
    found = [h for h in handle_failures(ctx) if not rnn_call_failure(ctx, h)]
    if any("cublas" in (h.g("lib") or "").lower() for h in ctx.h("lib.missing").all()):
        # no BLAS because libcublas did not load: the missing-library finding names it
        found = [h for h in found if not _no_blas_support(h)]
    if not found:
        return []
    if ctx.h("cudnn.mismatch").count:
        return []  # the cuDNN version mismatch finding names the cause
    from tfgpu.diagnosis.checks.dnn_init_causes import cudnn_host_older

    if cudnn_host_older(ctx):
        return []  # the host's cuDNN is older than the build (dnn_init_causes.py)
    # a kernel fault or GPU hardware error at or before the handle failure
    # (CUresult LAUNCH_FAILED / ILLEGAL_ADDRESS / MISALIGNED_ADDRESS / HARDWARE_STACK_ERROR /
    # ECC_UNCORRECTABLE..., their cudaGetErrorString texts, an Xid 79) is sticky: cuda.h says
    # "any further CUDA work will return the same error", so the cuDNN/cuBLAS failure after it
    # is its consequence, not GPU memory; gpu-kernel-fault (driver.py) names it
    sticky = {r.name for r in ctx.kb.cuda_errors
              if r.maps_to in ("gpu-kernel-fault", "new:gpu-hardware-error")}
    faults = [h for h in ctx.h("cuda.error").all() if (h.g("name") or "") in sticky]
    faults += ctx.h("cuda.fault_text").all() + ctx.h("eco.gpu_off_bus").all()
    if faults and min(h.line for h in faults) <= min(h.line for h in found):
        return []
    if ctx.other_framework:
        # another program's cuDNN failure (ONNX Runtime, Caffe, ...): TensorFlow's
        # memory options do not apply; unrecognised-error quotes it with no guess
        return []
    if ctx.rocm_log:
        # tensorflow-rocm's DNN is MIOpen, never cuDNN: its failures and the no-DNN lines are
        # checks/rocm_dnn.py's (rocBLAS failures stay here)
        found = [h for h in found if _ROCM_NON_DNN.search(h.text)]
        if not found:
            return []
    fft = cufft_plan_failed(ctx, found)
    if fft is not None:
        # cuFFT's INTERNAL_ERROR / SETUP_FAILED: not its memory status (cufft_plan.py)
        return fft
    # the status is read from each line that prints one: the companion lines of the same
    # failure (cuda_fft.cc's F "failed to initialize batched cufft plan", op_kernel's
    # "Failed to create cuFFT batched plan with scratch allocator", cuda_dnn.cc's "could
    # not destroy cudnn handle") print none and neither confirm nor deny it
    carriers = [h for h in found if _prints_status(ctx, h)]
    statuses = [_status_of_another_fault(ctx, h) for h in carriers]
    quiet = [h.text for h in found if h not in carriers]
    if (carriers and all(statuses) and not ctx.h("mem.cuda_oom").count
            and not any(_ALLOC_STATUS.search(t) for t in quiet)):
        # the status names a cause other than memory (status_codes.toml): say that
        return _handle_status_finding(ctx, found, [r for r in statuses if r is not None])
    texts = [h.text for h in found]
    libs = sorted({lib for h in found if (lib := failed_library(h))})
    what = "/".join(libs) or "cuDNN"
    ev = log_evidence(found, ctx.h("mem.cuda_oom").first[:1], plan_params(ctx, found)[:1],
                      ctx.h("cublas.failed_call").first[:1] if "cuBLAS" in libs else [])
    fix_mem = (
        *c.growth_fix(ctx, "before starting Python; or, right after "
                           "import: for g in tf.config.list_physical_devices('GPU'): "
                           "tf.config.experimental.set_memory_growth(g, True)"),
        "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
        "# another process or notebook holding GPU memory: stop it",
        "# TF 1.x: config = tf.ConfigProto(); config.gpu_options.allow_growth = True; "
        "tf.Session(config=config)",
    )
    other = ctx.h("mem.other_dnn")
    if other.count:
        names = ", ".join(sorted({(h.g("lib") or "").replace("\\", "/").split("/")[-1]
                                  for h in other.all()}))
        return [catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="second-copy", library=what,
            others=names, evidence=ev + log_evidence(other, limit=2),
            fix=(fix_mem[0],
                 "python -c \"import tensorflow as tf; print(tf.sysconfig.get_build_info())\""
                 "   # the cuDNN/CUDA this TensorFlow was built for",
                 pip_list_grep("nvidia-cudnn", "nvidia-cublas", "torch", "cupy",
                               windows=ctx.windows) + "   "
                 "# copies other frameworks bring; import tensorflow first, or give each "
                 "framework its own venv"),
        )]
    # "Fail to find the dnn implementation" (the cuDNN RNN kernels) and "DNN library is not
    # found" (StreamExecutor) are both returned when the executor has no DNN support, i.e.
    # AsDnn() is null: "null if there was an error initializing the DNN support"
    # (xla/stream_executor/stream_executor.h); alone, the lines before it are missing
    # (read ignoring case: a retyped line, matched by the tolerant pass, is the same message)
    notfound = all(any(w in t.casefold() for w in _DNN_ABSENT_WORDS) for t in texts)
    if notfound:
        if any("cudnn" in (h.g("lib") or "").lower() for h in ctx.h("lib.missing").all()):
            return []  # the missing-library finding names libcudnn
        if all(NO_DNN_RNN_WORDS in t.casefold() for t in texts):
            # the cuDNN RNN kernels' wording (TensorFlow's only): version or memory, hedged
            # (dnn_init_causes.py)
            return rnn_no_dnn_hedged(ctx, ev, fix_mem)
        if dnn_not_found_runtime_unknown(ctx):
            return [_dnn_not_found_hedged(ctx, ev)]
        return [catalogue.make(
            "dnn-library-not-found",
            evidence=ev,
        )]
    alloc = (any(_ALLOC_STATUS.search(t) for t in texts) or ctx.h("mem.cuda_oom").count > 0
             or any(_blas_status(ctx, h) == "CUBLAS_STATUS_ALLOC_FAILED" for h in found))
    if libs == ["cuDNN"] and not alloc:
        # a status whose row names a failed GPU allocation (cuDNN 9's 4004, printed as
        # "<unknown cudnn status: 4004>"): the Memory usage line decides; without one the
        # status says memory, as ALLOC_FAILED does
        read = _memory_status_read(ctx, what, ev, fix_mem, found)
        if read is not None:
            if read:
                return read
            alloc = True
    if all(h.g("scal") for h in found):
        return [_fft_scale_failed(ctx, found, ev, fix_mem)]
    fft_alloc = next((r for h in found if (r := cufft_status(ctx, h)) is not None
                      and r.name == "CUFFT_ALLOC_FAILED"), None)
    if fft_alloc is not None:
        return [catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="cufft-alloc", code=str(fft_alloc.code),
            ref=fft_alloc.ref, knowledge_ref=fft_alloc.ref, evidence=ev,
            fix=(*fix_mem, "# then smaller FFTs: a shorter FFT length, fewer signals per "
                 "batch, or fewer FFT ops alive at once"))]
    if alloc:
        return [catalogue.make("dnn-handle-failed-gpu-memory", library=what, evidence=ev,
                               fix=fix_mem)]
    # "... without BLAS support" is no kernel that failed to run: the executor has no BLAS
    # object because cuBLAS failed to start (see _no_blas_support), so a log holding it
    # reads as a failed start, not as the blas-execution hedge
    # a status line whose next line names the failed call on a created handle ("in
    # .../cuda_dnn.cc(N): 'cudnnConvolutionForward(...", named_call_failure) is a call that
    # failed while running, not the handle's creation
    running = all(h.g("gemm") or h.g("exec") or "EXECUTION_FAILED" in (h.g("status") or "")
                  or named_call_failure(ctx, h) is not None
                  or (h.g("nosupport") and not _no_blas_support(h))
                  or _blas_status(ctx, h) == "CUBLAS_STATUS_EXECUTION_FAILED" for h in found)
    if what in ("cuBLAS", "cuBLASLt") and (running or _not_supported_row(ctx) is not None):
        # CUBLAS_STATUS_NOT_SUPPORTED, from a routine or from cublasCreate: the status's own
        # meaning (cublas_api.h), not a memory failure, whatever the line's wording
        if _gemm_line_alone(ctx, found):
            return [_blas_gemm_memory_first(ctx, ev, fix_mem)]
        return [_blas_execution_hedged(ctx, what, ev, fix_mem)]
    if running:
        return _cudnn_call_hedged(ctx, found, what, ev, fix_mem)
    solver = _solver_calls(ctx, found)
    if solver is not None:
        return [solver]
    if all(h.g("conv") or h.g("convtail") for h in found):
        return _cudnn_init_unknown(ctx, what, ev, fix_mem)
    calls = [_call_failed(h) for h in found]
    if all(calls):
        # (threads printing "Failed to set cuDNN stream"): GPU memory in
        # tensorflow/tensorflow#21223; a custom CUDA op built for another GPU, whose kernel
        # fault broke the context first, in xingyul/cpnet#2: the fault's own line (checked
        # before this rule, gpu-kernel-fault) is what tells them apart
        stream = any(h.g("stream") for h in found)
        return [catalogue.make(
            "dnn-handle-failed-gpu-memory",
            variant="set-stream" if stream and len(set(calls)) == 1 else "call-failed",
            library=what, what="; ".join(sorted({x for x in calls if x})), evidence=ev,
            fix=(*fix_mem[:2],
                 *(("TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E "
                    "\"illegal|launch fail|out of memory\"   # an earlier kernel fault or "
                    "out-of-memory line tells the causes apart",) if stream else ()),
                 "python -c \"import tensorflow as tf; print(tf.sysconfig.get_build_info())\"   "
                 "# the cuDNN/CUDA this TensorFlow was built for"),
        )]
    # cuda_dnn.cc's own "Memory usage: N bytes free, T bytes total." after the failure
    # tells memory apart by its number
    usage = _cudnn_memory_usage(ctx, found) if libs == ["cuDNN"] else None
    if usage is not None:
        read = _read_memory_usage(ctx, what, ev, fix_mem, usage, found)
        if read:
            return read
    # nothing tells memory from the version (no host cuDNN version, or one that
    # cannot be held against the build's because this TensorFlow's build cuDNN is unknown): a
    # host cuDNN alone rules out neither another install nor two TF packages.  cuda_dnn.cc's
    # "Possibly insufficient driver version: X" tells nothing either: it follows every
    # CUDNN_STATUS_NOT_INITIALIZED with the driver version read, whatever the cause (a driver
    # below the CUDA's minimum is driver_from_log's finding, by comparison)
    from tfgpu.diagnosis.checks.dnn_init_causes import build_cudnn_known

    if libs == ["cuDNN"] and (not ctx.cudnn_versions or not build_cudnn_known(ctx)):
        return _cudnn_handle_unknown(ctx, what, ev, fix_mem)
    return [catalogue.make(
        "dnn-handle-failed-gpu-memory", variant="unsure",
        library=what, evidence=ev,
        fix=(*fix_mem,
             # the command that tells the causes apart (the lines before the failure)
             "TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E \"out of memory|"
             "runtime cudnn|driver version|cudnn|cublas\"   # which cause: see above",
             "python -c \"import tensorflow as tf; print(tf.sysconfig.get_build_info())\"   "
             "# the cuDNN/CUDA this TensorFlow was built for",
             pip_list_grep("tensorflow", "nvidia-cudnn", "nvidia-cublas", "torch", "cupy", "jax",
                           windows=ctx.windows) + "   "
             "# other copies in this environment (two TensorFlow packages too: keep one)",
             # the CUDA JIT cache, the next cause in reports of this line (the
             # Linux folder the threads deleted), and the Windows folder too
             # (platform fact cuda-jit-cache-path, checks/_jit_cache.py)
             *jit_cache_clear_fix(ctx, "memory free and versions right: the CUDA JIT cache, "
                                  "rebuilt on the next run")),
    )]


# --- GPU memory settings TensorFlow rejects --------------------------------------------

#: What each rejected combination means and what to keep (context.py, gpu_device.cc).
_MEMORY_OPTIONS: dict[str, tuple[str, str]] = {
    "fraction": ("per_process_gpu_memory_fraction was set together with virtual (logical) "
                 "devices, which carry their own memory_limit",
                 "# keep one: the logical devices' memory_limit, or the fraction"),
    "unified": ("a per_process_gpu_memory_fraction above 1 asks for unified-memory "
                "oversubscription, which needs compute capability 6.0 (Pascal) or newer",
                "# use a fraction of at most 1 on this GPU"),
    "differ": ("memory growth was set on some GPUs but not on all; TensorFlow requires the same "
               "setting on every visible GPU (a program that sets it on GPU 0 only fails on a "
               "host with two or more GPUs)",
               "for g in tf.config.list_physical_devices('GPU'): "
               "tf.config.experimental.set_memory_growth(g, True)   # every GPU, or "
               "TF_FORCE_GPU_ALLOW_GROWTH=true; or, to use one GPU: "
               "tf.config.set_visible_devices(gpus[0], 'GPU') before setting growth on it"),
    "virtual": ("memory growth was asked for on a GPU that has logical devices with a "
                "memory_limit; the two exclude each other",
                "# keep one: memory growth, or the logical devices' memory_limit"),
}


def gpu_memory_options_conflict(ctx: Facts) -> list[Finding]:
    """GPU memory settings TensorFlow rejects together: a memory fraction or memory growth
    with logical devices, growth on some GPUs only, oversubscription before Pascal."""
    hits = ctx.h("mem.options").all()
    if not hits:
        return []
    kinds = [k for k in _MEMORY_OPTIONS if any(h.g(k) for h in hits)]
    return [catalogue.make(
        "gpu-memory-options-conflict",
        evidence=log_evidence(hits),
        cause="TensorFlow refused its GPU memory configuration: "
              + "; ".join(_MEMORY_OPTIONS[k][0] for k in kinds) + ".",
        fix=tuple(_MEMORY_OPTIONS[k][1] for k in kinds),
    )]


def cuda_malloc_async_unsupported(ctx: Facts) -> list[Finding]:
    """``TF_GPU_ALLOCATOR=cuda_malloc_async`` on a GPU, driver or OS without CUDA memory
    pools (gpu_cudamallocasync_allocator.cc: compute capability >= 6.0, CUDA >= 11.2 and a
    driver with memory-pool support)."""
    return c.from_log(ctx, "mem.malloc_async", lambda hits, _first: catalogue.make(
        "cuda-malloc-async-unsupported",
        evidence=log_evidence(hits),
        fix=(c.unset_env(ctx, "TF_GPU_ALLOCATOR") + "   # back to TensorFlow's own (BFC) "
             "allocator",
             "nvidia-smi   # or update the driver: memory pools need a recent driver"),
    ))


def cudnn_bug_detected(ctx: Facts) -> list[Finding]:
    """XLA's convolution autotuner caught a cuDNN algorithm writing outside its buffer or
    disagreeing with the others (gpu_conv_algorithm_picker.cc); it skips that algorithm."""
    return c.from_log(ctx, "cudnn.bug", lambda hits, _first: catalogue.make(
        "cudnn-bug-detected",
        evidence=log_evidence(hits),
        fix=('python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   '
             "# the cuDNN this TensorFlow was tested with: install that one",
             pip_list_grep("nvidia-cudnn", windows=ctx.windows)
             + "   # the cuDNN wheel installed"),
    ))


def _blas_execution_hedged(ctx: Facts, what: str, ev: tuple[Evidence, ...],
                           fix_mem: tuple[str, ...]) -> Finding:
    """``dnn-handle-failed-gpu-memory`` variant ``blas-execution`` (a hedge, category
    unknown): a cuBLAS kernel failed to launch or run (cuda_blas.cc "failed to run cuBLAS
    routine[ <name>]: CUBLAS_STATUS_EXECUTION_FAILED", matmul_op "Blas [x]GEMM[Batched|V]
    launch failed"), with nothing in the log or the host facts that decides the cause.

    Unlike a failed handle creation this is not mostly memory: in the issue threads the
    causes are a GPU newer than the CUDA the TensorFlow build uses (GeForce RTX 30 on TF 1.x
    / CUDA 10.0: NVlabs/stylegan2-ada#61, tensorflow/tensorflow#44832, qqwweee/keras-yolo3#332;
    RTX 2080 on CUDA 9: tensorflow/tensorflow#25403, #23027; A100 on CUDA 10.0:
    taoqi98/KIM#7; RTX 4090 on CUDA 10.0: YudongGuo/AD-NeRF#132), GPU memory taken (another
    session or process, or preallocation), a faulty CUDA install (reinstalling CUDA:
    PaddlePaddle/PGL#259), and, rarer, a cuBLAS bug of one CUDA release for one shape
    (tensorflow/tensorflow#54463: "Blas xGEMV launch failed" for a 1638400x3 matrix under
    CUDA 11.2; it ran under 11.1 and 11.4, and with smaller inputs).  When the GPU's compute
    capability is known the cause text gives its first CUDA release (``cuda_arch.toml``); the
    confident finding for a known build is
    :func:`~tfgpu.diagnosis.checks.dnn_init_causes.cuda_build_older_than_gpu`.

    Args:
        ctx: the facts view.
        what: the library name ("cuBLAS").
        ev: the evidence lines.
        fix_mem: the memory fix lines of :func:`rule_library_handle`.
    """
    from tfgpu.diagnosis.checks.dnn_init_causes import gpu_ccs
    from tfgpu.facts.view import cc_key

    here = ""
    for cc, _gpu_ev in gpu_ccs(ctx):
        ma, mi = cc_key(cc)
        row = ctx.kb.ptxas_first_cuda(f"sm_{ma}{mi}")
        if row is not None:
            here = (f" This GPU has compute capability {cc} ({row.arch}), first supported by "
                    f"CUDA {row.first_cuda} (knowledge row {row.ref}): a TensorFlow built "
                    f"with an older CUDA major has no cuBLAS code for it.")
            break
    unsupported = _not_supported_row(ctx)
    if unsupported is not None:
        return catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="blas-not-supported", here=here,
            ref=unsupported, knowledge_ref=unsupported, evidence=ev,
            fix=(
                "nvidia-smi --query-gpu=name --format=csv   # the GPU model (tfgpu doctor gives "
                "its compute capability)",
                "python -c \"import tensorflow as tf; print(tf.__version__, "
                "tf.sysconfig.get_build_info())\"   # the CUDA this TensorFlow was built with: "
                "for a GPU newer than it (compute capability 8.x with a CUDA 10 build: every "
                "TF 1.x and 2.0-2.3) use a TensorFlow built with a CUDA that supports the GPU "
                "(tfgpu plan; for TF 1.x code, NVIDIA's TF 1.15 builds or a move to TF 2)",
                "# the GPU is supported: the failing op's matrices (size, dtype, batch) are "
                "beyond this cuBLAS release: a newer TensorFlow/CUDA, or split the product",
            ),
        )
    return catalogue.make(
        "dnn-handle-failed-gpu-memory", variant="blas-execution", library=what, here=here,
        evidence=ev,
        fix=(
            *fix_mem,
            "nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv"
            "   # the GPU model (tfgpu doctor gives its compute capability) and memory in use",
            "python -c \"import tensorflow as tf; print(tf.__version__, "
            "tf.sysconfig.get_build_info())\"   # the CUDA this TensorFlow was built with: for "
            "a GPU newer than it (e.g. compute capability 8.x with a CUDA 10 build, every TF "
            "1.x release) use a TensorFlow built with a CUDA that supports the GPU (tfgpu "
            "plan; for TF 1.x code, NVIDIA's TF 1.15 builds or a move to TF 2)",
            "# none of those, and the op runs with smaller inputs (the shapes in the error "
            "line): a cuBLAS bug of this CUDA release for that shape: split the op into "
            "smaller ones, or use a TensorFlow release built with another CUDA",
        ),
    )


def _not_supported_row(ctx: Facts) -> str | None:
    """The knowledge ref of ``CUBLAS_STATUS_NOT_SUPPORTED`` (status_codes.toml) when every
    cuBLAS line of the log that prints a status names that one, else ``None``: cuBLAS refused
    the call as a configuration it does not support (cublas_api.h's meaning of the status),
    which is not a memory failure.  The lines read: a routine's failure (``mem.handle`` group
    ``gemm``: "failed to run cuBLAS routine: ..."), a failed handle creation ("failed to
    create cublas handle: ..." with its status word) and cuda_solvers' "cuBlas call failed
    status = 15"; lines that print no status (``... without BLAS support``) neither confirm
    nor deny it."""
    lines = [h for h in ctx.h("mem.handle").all()
             if h.g("gemm") or (h.g("code") and (h.g("lib") or "").lower()
                                in ("cublas", "cublaslt"))
             or _blas_status(ctx, h)]
    if not lines or not all("CUBLAS_STATUS_NOT_SUPPORTED" in h.text
                            or _blas_status(ctx, h) == "CUBLAS_STATUS_NOT_SUPPORTED"
                            for h in lines):
        return None
    return next((r.ref for r in ctx.kb.status_codes
                 if r.enum == "cublasStatus_t" and r.name == "CUBLAS_STATUS_NOT_SUPPORTED"),
                None)


# --- memory: "Blas GEMM launch failed" alone, memory first ------------------------

#: matmul_op's MatMul failure (TF 1.x-2.x: errors::Internal("Blas GEMM launch failed : a.shape=
#: ...")), not conv_ops' "Blas SGEMM" nor the batched/vector "xGEMM[Batched]"/"GEMV" forms
_PLAIN_GEMM = re.compile(r"\bBlas GEMM launch failed", re.IGNORECASE)


def _gemm_line_alone(ctx: Facts, found: list[Hit]) -> bool:
    """Whether the cuBLAS failure is matmul_op's "Blas GEMM launch failed" with no
    cuda_blas.cc status line (``CUBLAS_STATUS_EXECUTION_FAILED``) and no GPU known to be
    newer than a pre-CUDA-10 build (compute capability 7.5 or newer).

    Counted over every case set and the issue threads printing this line (2026-12-02):
    GPU memory held by another process, notebook or session in tensorflow/tensorflow#11812,
    #34069, amaiya/ktrain#141, d2l-ai/d2l-en#1768, rajarsheem/libsdae-autoencoder-tensorflow#7
    (5); a GPU newer than the build's CUDA in tensorflow/tensorflow#25403 (RTX 2080, CUDA 9),
    CHTC/templates-GPUs#10 (A100, CUDA 10; printed CUBLAS_STATUS_EXECUTION_FAILED first) and
    taoqi98/KIM#7 (A100, TF 1.13) (3).  The batched/x forms (tensorflow#23027, #44832,
    qqwweee/keras-yolo3#332) and the bare EXECUTION_FAILED status are mostly the newer GPU:
    those keep the ``blas-execution`` hedge.
    """
    from tfgpu.diagnosis.checks.dnn_init_causes import gpu_ccs
    from tfgpu.facts.view import cc_key

    if not all(_PLAIN_GEMM.search(h.text) for h in found):
        return False
    if any("EXECUTION_FAILED" in h.text for h in ctx.h("mem.handle").all()):
        return False
    return not any(cc_key(cc) >= (7, 5) for cc, _ev in gpu_ccs(ctx))


def _blas_gemm_memory_first(ctx: Facts, ev: tuple[Evidence, ...],
                            fix_mem: tuple[str, ...]) -> Finding:
    """``dnn-handle-failed-gpu-memory`` variant ``blas-gemm-memory-first`` (warning, a
    hedge that names GPU memory first): see :func:`_gemm_line_alone` for the count.

    Args:
        ctx: the facts view.
        ev: the evidence lines.
        fix_mem: the memory fix lines of :func:`rule_library_handle` (memory growth, the
            processes holding GPU memory, the TF 1.x session option).
    """
    return catalogue.make(
        "dnn-handle-failed-gpu-memory", variant="blas-gemm-memory-first",
        evidence=ev,
        fix=(
            *fix_mem,
            "# only this program on the GPU: its model at this batch size (or sequence length) "
            "fills the GPU's memory and cuBLAS gets none: reduce the batch size or the "
            "input/sequence length",
            "python -c \"import tensorflow as tf; print(tf.__version__, "
            "tf.sysconfig.get_build_info())\"   # GPU memory free and still failing: the CUDA "
            "this TensorFlow was built with; a GPU newer than it (e.g. an RTX 30 card or A100 "
            "with TF 1.x / CUDA 10) needs a newer TensorFlow (tfgpu plan)",
        ),
    )


# --- gpu stack ----------------------------------------------------------------------------


def _cudnn_init_unknown(ctx: Facts, what: str, ev: tuple[Evidence, ...],
                        fix_mem: tuple[str, ...]) -> list[Finding]:
    """conv_ops.cc's "Failed to get convolution algorithm. This is probably because cuDNN
    failed to initialize" with no line that says why (w8, cuDNN-init one-liners).

    ``CudnnSupport::Init`` (stream_executor/cuda/cuda_dnn.cc) fails on a failed cudnnCreate
    (GPU memory, usually) or on its version check; threads printing the bare line are close
    in number between the two (findings.toml, variant ``cudnn-init-unknown``), so both are
    named as hedges (warning), memory first, with the command that tells them apart.

    Args:
        ctx: the facts view.
        what: the library name ("cuDNN").
        ev: the evidence lines.
        fix_mem: the memory-growth fix lines of :func:`rule_library_handle`.

    Returns:
        Two findings: ``dnn-handle-failed-gpu-memory`` and ``cudnn-version-mismatch``, both
        variant ``cudnn-init-unknown``.
    """
    tell = ("TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E "
            "\"cudnn|out of memory\"   # 'Could not create cudnn handle' = most often memory; "
            "'Loaded runtime CuDNN library: X but source was compiled with: Y' = version")
    build = ("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the cuDNN this TensorFlow was built for")
    mem = fix_mem[:2]
    # conv_ops.cc's CHECK on GetConvolveAlgorithms is the TF 0.x-1.12 form of this
    # failure (1.13 made it the "Failed to get convolution algorithm" status): give the 1.x
    # memory option (fix_mem's ConfigProto line) and the 1.x builds' cuDNN
    if any("Check failed: stream->parent()->GetConvolveAlgorithms(" in e.text for e in ev):
        mem = fix_mem
        build = cudnn_builds_line(ctx.kb, "1.12")
    return [
        catalogue.make("dnn-handle-failed-gpu-memory", variant="cudnn-init-unknown",
                       library=what, evidence=ev, fix=(tell, *mem)),
        catalogue.make(
            "cudnn-version-mismatch", variant="cudnn-init-unknown", evidence=ev,
            fix=(tell, build,
                 pip_list_grep("tensorflow", "nvidia-cudnn", windows=ctx.windows)
                 + "   # a TensorFlow pinned by requirements.txt over the runtime's own",
                 "# on Colab or a container image: use the TensorFlow it ships (do not pip "
                 "install tensorflow/tensorflow-gpu over it; restart the runtime); elsewhere "
                 "install the cuDNN the build info names")),
    ]


def _no_blas_support(h: Hit) -> bool:
    """Whether ``h`` is StreamExecutor's "... without BLAS support" (stream.cc's warning
    "attempting to perform BLAS operation using StreamExecutor without BLAS support", the
    matmul ops' status "Attempting to perform BLAS operation using StreamExecutor without
    BLAS support").

    It is printed when the executor has no BLAS object: ``AsBlas()`` "Returns null if there
    was an error initializing the BLAS support for the underlying platform"
    (xla/stream_executor/stream_executor.h, TF 2.21 wheel headers), and ``CUDABlas::Init``
    fails only when ``cublasCreate`` (or the cuBLASLt start) fails, after logging "failed to
    create cublas handle" and "Failure to initialize cublas may be due to OOM ..."
    (xla/stream_executor/cuda/cuda_blas.cc).  So the line reports a cuBLAS start-up failure,
    like a failed handle, never a kernel that failed to run.
    """
    return "BLAS" in (h.g("nosupport") or "")


def _call_failed(h: Hit) -> str | None:
    """What failed, in words, for a library call failure with no telling status (variant
    ``call-failed``); ``None`` for other lines."""
    if h.g("noalgo"):
        return "'No algorithm worked!': every cuDNN convolution algorithm failed"
    if h.g("stream"):
        return "cudnnSetStream failed"
    if h.g("blas"):
        lib = "rocBLAS" if h.g("vendor") == "roc" else "cuBLAS"
        return f"a {lib} call of a linear-algebra op returned status {h.g('code')}"
    return None


def _blas_status(ctx: Facts, h: Hit) -> str | None:
    """The ``cublasStatus_t`` name of a "cuBlas call failed status = N" line (status_codes.toml,
    cublas_api.h), or ``None``."""
    code = h.g("code") if h.g("blas") and h.g("vendor") == "cu" else None
    if code is None:
        return None  # no cuBLAS line (rocBLAS numbers its statuses differently)
    return next((r.name for r in ctx.kb.status_codes
                 if r.enum == "cublasStatus_t" and r.code == int(code)), None)


def gpu_allocator_followup(ctx: Facts) -> list[Finding]:
    """The lines bfc_allocator.cc logs after "Allocator (...) ran out of memory": the
    fragmentation hint ("If the cause is memory fragmentation maybe ...
    TF_GPU_ALLOCATOR=cuda_malloc_async ...") and the occupancy map, when the ran-out line
    itself is not in the log (then :func:`rule_memory` reports it with its size)."""
    follow = ctx.h("mem.bfc_followup").all()
    if not follow or any(ctx.h(n).count for n in ALLOCATION_FAILED):
        return []
    # the dump's limit is the pinned host pool's cap: host RAM (pinned_host_pool.py)
    pinned = pinned_limit(ctx, [*follow, *ctx.h("mem.alloc_report").all()])
    if pinned is not None:
        return [pinned_pool_finding(ctx, None, pinned, follow[:1])]
    report = ctx.h("mem.alloc_report").all()
    if report and not taken_at_start(ctx):
        # bfc_allocator.cc dumps its memory (DumpMemoryLog: "Bin (N)", chunks, "Stats:") and
        # renders the map only with dump_log_on_failure, after the "ran out of memory" line of
        # an allocation that failed (AllocateRawInternal); the "caller indicates that this is
        # not a failure" path logs neither: with the dump beside the map, the headline cut off,
        # this is the allocation report of an out-of-memory error (google-research/deeplab2#40:
        # its "Stats:" block and the map, then CUDA_ERROR_ILLEGAL_ADDRESS)
        return _allocation_report(ctx, report, whole=True)
    return [catalogue.make(
        "gpu-allocator-ran-out",
        allocator="BFC (GPU)", size="a block whose size is not in this log",
        evidence=log_evidence(follow, limit=2),
        fix=(*c.growth_fix(ctx, "or reduce the batch size"),
             "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv",
             c.set_env(ctx, "TF_GPU_ALLOCATOR", "cuda_malloc_async") + "   # the allocator's own "
             "advice when memory is fragmented"),
    )]


def gpu_memory_near_limit(ctx: Facts) -> list[Finding]:
    """bfc_allocator.cc "Garbage collection: deallocate free memory regions ...": the
    allocator freed cached regions to fit a request (the model runs near the memory size)."""
    return c.from_log(ctx, "mem.bfc_gc", lambda hits, _first: catalogue.make(
        "gpu-memory-near-limit",
        evidence=log_evidence(hits, limit=1),
        fix=("# a smaller batch or mixed precision (float16 activations) gives headroom",
             c.set_env(ctx, "TF_ENABLE_GPU_GARBAGE_COLLECTION", "false") + "   # only silences "
             "the re-allocation (bfc_allocator.cc's own switch)"),
    ))


def gpu_memory_unavailable_at_start(ctx: Facts) -> list[Finding]:
    """gpu_device.cc InitScratchBuffers: "Failed to allocate scratch buffer for device N"
    (the GPU allocator had not even a small buffer to give), and "Failed to get memory
    allocator for TF GPU N with B bytes of memory." (gpu_process_state.cc returns no
    allocator when GPUOptions.allocator_type is not empty or "BFC", after "Invalid allocator
    type: X")."""
    out: list[Finding] = []
    hits = ctx.h("mem.device_memory").all()
    scratch = [h for h in hits if h.g("scratch") is not None]
    if scratch:
        out.append(catalogue.make(
            "gpu-memory-unavailable-at-start",
            gpu=scratch[0].need("scratch"),
            evidence=log_evidence(scratch),
            fix=("nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
                 "# another process holding the GPU's memory: stop it",
                 *c.growth_fix(ctx, "let TensorFlow take memory as needed"),
                 "# and check any memory_limit / per_process_gpu_memory_fraction set in code"),
        ))
    alloc = [h for h in hits if h.g("gpu") is not None]
    if alloc:
        kind = ctx.h("mem.allocator_type").first
        named = f" (this log: 'Invalid allocator type: {kind[0].g('type')}')" if kind else ""
        out.append(catalogue.make(
            "gpu-allocator-type-invalid",
            gpu=alloc[0].need("gpu"), named=named,
            evidence=log_evidence(kind, alloc),
        ))
    return out


# --- "DNN library is not found" printed by XLA/JAX or an unknown runtime ---
# Threads printing "DNN library is not found" and the cause each established (issues corpus,
# read 2026-12-01):
# * TensorFlow's op runtime printed it (Node:/[[{{node}}]]/OP_REQUIRES/UnimplementedError), 8
#   of 8 a cuDNN TensorFlow could not use (missing, or another version than its build):
#   googlecolab/colabtools#3012, #3013, #2818; apapiu/guided-diffusion-keras#8;
#   tensorflow/text#1167 and pytti-tools/pytti-notebook#56 and edwardyehuang/CAR#1 ("Loaded
#   runtime CuDNN library: X but source was compiled with: Y"); tensorflow/tensorflow#55468.
# * XLA/JAX printed it (RuntimeError/XlaRuntimeError "Unimplemented: DNN library is not
#   found."): 2 GPU memory taken by TensorFlow imported in the same process (for
#   tensorflow_datasets) before cuDNN started (jax-ml/jax#4920, jax-ml/jax#9454; JAX's GPU
#   memory guide, "Running JAX and GPU TensorFlow concurrently"), 1 cuDNN not installed
#   (allenai/unified-io-inference#5), 2 never settled (google-research/vision_transformer#73,
#   google-research/multinerf#52).
# So the op-runtime form keeps the confident cuDNN finding; the status-string form without
# TensorFlow's op wording (XLA's Python exception, or a one-line paste that cannot say which
# runtime printed it) and any JAX log get the hedged variant naming both causes.


def dnn_not_found_runtime_unknown(ctx: Facts) -> bool:
    """True when "DNN library is not found" is JAX's (``ctx.jax`` lines), or is printed in
    the status-string form XLA's Python binding raises (``ctx.status_form``: "Unimplemented:
    DNN library is not found.") with none of TensorFlow's op-runtime wording
    (``ctx.tf_op``) or Python paths (``ctx.tf_python``) in the log."""
    if ctx.h("ctx.jax").count:
        return True
    return bool(ctx.h("ctx.status_form").count and not ctx.h("ctx.tf_op").count
                and not ctx.h("ctx.tf_python").count)


def _dnn_not_found_hedged(ctx: Facts, ev: tuple[Evidence, ...]) -> Finding:
    """``dnn-library-not-found`` variant ``runtime-unknown``: cuDNN missing or another
    version, or (JAX next to TensorFlow in one process) GPU memory taken before cuDNN
    started; the log cannot tell which (counts above), the commands below do."""
    return catalogue.make(
        "dnn-library-not-found", variant="runtime-unknown",
        evidence=ev,
    )


# --- cudnn rnn call ---


def rnn_call_failure(ctx: Facts, h: Hit) -> bool:
    """Whether ``h`` reports a failed cuDNN RNN call on a created handle: the status line
    stream_executor/dnn.cc prints right before "in .../cuda_dnn.cc(N): 'cudnnRNN...('"
    (pattern ``cudnn.rnn_call``), the call line itself, or cudnn_rnn_ops.cc's "Failed to
    call ThenRnnForward/ThenRnnBackward".

    Such a failure happens mid-training, after cuDNN started: its threads' answers differ
    (mozilla/DeepSpeech#3088: a TensorFlow/cuDNN 7.5+ bug in the RNN path worked around by
    TF_CUDNN_RESET_RND_GEN_STATE=1, which cudnn_rnn_ops.cc reads; tensorflow/tensorflow
    #35950 and #17410: other RNN configurations), so neither GPU memory nor an older cuDNN
    (refused at start-up) is claimed for it; the unknown finding quotes the lines.
    """
    if "thenrnn" in h.text.casefold():  # a retyped line too
        return True
    calls = ctx.h("cudnn.rnn_call").all()
    return any(0 <= c.line - h.line <= 1 for c in calls)


def named_call_failure(ctx: Facts, h: Hit) -> str | None:
    """The cuDNN call that the "in .../cuda_dnn.cc(N): '<call>(" line right after ``h``
    (pattern ``ctx.cudnn_named_call``) names, when it is not cudnnCreate: a call on a
    handle cuDNN had created (TensorFlow's RETURN_IF_CUDNN_ERROR prints the status, then
    that line; a failed cudnnCreate prints "could not create cudnn handle" instead), so
    ``h`` is no handle-creation failure (tensorflow/tensorflow#41863: cudnnRNNBackwardData
    mid-training).  ``None`` when no such line follows ``h``."""
    for named in ctx.h("ctx.cudnn_named_call").all():
        call = named.g("call") or ""
        if 0 <= named.line - h.line <= 1 and call != "cudnnCreate":
            return call
    return None


def cudnn_rnn_call_failed(ctx: Facts) -> list[Finding]:
    """``cudnn-rnn-call-failed``: a cuDNN RNN call failed on a created handle (the lines
    :func:`rnn_call_failure` reads), which :func:`rule_library_handle` and the host-older
    cuDNN rule leave alone; category unknown: the causes reports name (findings.toml) are
    listed, none is claimed. Nothing when another framework's cuDNN is in the log."""
    if ctx.other_framework:
        return []
    found = [*ctx.h("mem.handle").all(), *ctx.h("cudnn.dnn_handle").all(),
             *ctx.h("cudnn.rnn_call").all()]
    rnn = sorted({h.line: h for h in found if rnn_call_failure(ctx, h)}.values(),
                 key=lambda h: h.line)
    if not rnn:
        return []
    calls = [h.g("call") for h in ctx.h("cudnn.rnn_call").all() if h.g("call")]
    status = next((m.group(0) for h in rnn
                   if (m := re.search(r"CUDNN_STATUS_[A-Z_]{2,40}", h.text))), None)
    what = (f"{calls[0]} returned {status}" if calls and status
            else f"{calls[0]} failed" if calls
            else "TensorFlow could not run the cuDNN RNN (Failed to call ThenRnn...)")
    if ctx.windows:
        # native Windows: most reports were fixed by the NVIDIA driver (findings.toml); the
        # launch failure that came with it is the same fault (quoted, so no post-pass
        # claims it as a kernel fault of its own)
        launch = [h for h in (*ctx.h("cuda.error").all(), *ctx.h("cuda.fault_text").all())
                  if re.search(r"LAUNCH_FAILED|LaunchFailure|unspecified launch failure",
                               h.text)]
        return [windows_rnn_driver_finding(
            ctx, what, sorted({h.line: h for h in (*rnn, *launch)}.values(),
                              key=lambda h: h.line))]
    # an unknown OS: the Windows driver reading is one more line of the fix
    return [catalogue.make("cudnn-rnn-call-failed", what=what,
                           variant="os-unknown" if ctx.os is None else None,
                           evidence=log_evidence(rnn[:3]))]


# --- the cuDNN handle failure and cuDNN's own memory reading -------------------------------

#: cuda_dnn.cc after a failed cudnnCreate (TF 2.4-2.21, messages_gpu_stack rows
#: cudnn-memory-usage and cudnn-memory-usage-legacy): the GPU's free and total memory, in bytes
_MEMORY_USAGE = re.compile(r"Memory usage: (?P<free>\d{1,20}) bytes free, (?P<total>\d{1,20}) "
                           r"bytes total")


def _cudnn_memory_usage(ctx: Facts, found: list[Hit]) -> tuple[float, float, Hit] | None:
    """``(free MiB, total MiB, line)`` of cuda_dnn.cc's "Memory usage: N bytes free, T bytes
    total." printed with the failed handle (a line of ``found``, pattern
    ``cudnn.dnn_handle``), the first such line; ``None`` when the log has none."""
    for h in found:
        m = _MEMORY_USAGE.search(h.text)
        if m and int(m.group("total")) > 0:
            return int(m.group("free")) / 2**20, int(m.group("total")) / 2**20, h
    return None


def _library_reserve_mib(ctx: Facts, total_mib: float) -> tuple[int, int, str]:
    """``(smallest, this GPU's, row)``: the GPU memory TensorFlow keeps out of its pool for
    the CUDA libraries (platform fact ``tf-gpu-min-system-memory``, gpu_device.cc
    MinSystemMemory), in MiB: the smallest it ever keeps (a GPU with under 2 GiB free) and
    the one for a GPU of ``total_mib`` and the compute capability the log shows (the largest
    of the table when it shows none or several)."""
    fact = ctx.kb.platform_fact("tf-gpu-min-system-memory")
    table: dict[str, int] = {}
    for entry in fact.items("reserve_mib"):
        name, _, mib = entry.partition("=")
        table[name] = int(mib)
    small = table.pop("small")
    ccs = {cc.split(".")[0] for cc in ctx.compute_capabilities}
    if total_mib < 2048:
        return small, small, fact.ref
    majors = sorted(int(k) for k in table)
    if len(ccs) == 1 and next(iter(ccs)).isdigit():
        have = int(next(iter(ccs)))
        key = max((m for m in majors if m <= have), default=majors[0])
        return small, table[str(key)], fact.ref
    return small, max(table.values()), fact.ref


#: The cuDNN status TensorFlow pairs with "Possibly insufficient driver version"
#: (cuda_dnn.cc, status_codes.toml row CUDNN_STATUS_NOT_INITIALIZED).
_DRIVER_STATUS = "CUDNN_STATUS_NOT_INITIALIZED"


def _cudnn_handle_status(ctx: Facts, found: list[Hit]) -> tuple[str, str, CudaError | None]:
    """The cuDNN status the handle failure prints, decoded with ``status_codes.toml``
    (cudnnStatus_t of cuDNN 9's cudnn_graph.h, and cuDNN 8's values 0-14 of
    cudnn_ops_infer.h as ``legacy_code``): ``(title words, cause sentence, row)``.

    TensorFlow prints a status its build has no name for as "<unknown cudnn status: N>"
    (CudnnStatusToString): a number of cuDNN 9 is decoded by its row, one of cuDNN 8 by its
    legacy value, and a number neither header defines stays "unknown status N", said so.
    ``("", "", None)`` when the line prints no cuDNN status."""
    code = next((h.g("code") for h in found if h.g("code")), None)
    if not code:
        return "", "", None
    rows = [r for r in ctx.kb.status_codes if r.enum == "cudnnStatus_t"]
    unnamed = _UNNAMED_CUDNN_STATUS.fullmatch(code)
    if not unnamed:
        return f" ({code})", "", next((r for r in rows if r.name == code), None)
    value = int(unnamed.group(1))
    row = next((r for r in rows if r.code == value), None)
    era = "cuDNN 9's numbering (cudnn_graph.h"
    if row is not None and row.alias_of:  # a deprecated cuDNN 9 name of the same value
        row = next((r for r in rows if r.name == row.alias_of), row)
    if row is None:  # cuDNN 8's own name for its value (a cuDNN 8 build's switch lacks it)
        row = next((r for r in rows if r.legacy_code == value), None)
        era = "cuDNN 8's numbering (cudnn_ops_infer.h"
    if row is None:
        return (f" (unknown status {value}: no cuDNN 8 or 9 status has that number)",
                f" The status TensorFlow printed, '{code}', is a number no cudnnStatus_t value "
                "of cuDNN 8 (cudnn_ops_infer.h) or cuDNN 9 (cudnn_graph.h) has "
                "(status_codes.toml): it cannot be decoded, so it says nothing about the "
                "cause.", None)
    return (f" ({row.name}, printed as '{code}')",
            f" The status TensorFlow printed, '{code}', is {row.name} in {era}; knowledge row "
            f"{row.ref}).", row)


def _memory_status_read(ctx: Facts, what: str, ev: tuple[Evidence, ...],
                        fix_mem: tuple[str, ...], found: list[Hit]) -> list[Finding] | None:
    """A cuDNN handle failure whose status row maps to GPU memory (``maps_to =
    "gpu-resource-exhausted"``, status_codes.toml: cuDNN 9's
    CUDNN_STATUS_INTERNAL_ERROR_DEVICE_ALLOCATION_FAILED), read with cuda_dnn.cc's Memory
    usage line (:func:`_read_memory_usage`): the findings that line decides; ``[]`` when the
    log has no such line or its number leaves it open (the status's own meaning, memory,
    stands); ``None`` when the status is no such row."""
    _status, _said, row = _cudnn_handle_status(ctx, found)
    if row is None or row.maps_to != _GPU_MEMORY_STATUS:
        return None
    usage = _cudnn_memory_usage(ctx, found)
    if usage is None:
        return []
    return _read_memory_usage(ctx, what, ev, fix_mem, usage, found)


def _read_memory_usage(ctx: Facts, what: str, ev: tuple[Evidence, ...],
                       fix_mem: tuple[str, ...],
                       usage: tuple[float, float, Hit], found: list[Hit]) -> list[Finding]:
    """The cuDNN handle failure read from cuda_dnn.cc's Memory usage line
    (:func:`_cudnn_memory_usage`): less free than the smallest reserve TensorFlow keeps for
    the CUDA libraries (:func:`_library_reserve_mib`: their share was taken) ->
    ``dnn-handle-failed-gpu-memory`` variant ``memory-usage-none`` (an error: memory, from
    the number); at least this GPU's reserve free -> ``cudnn-version-mismatch`` variant
    ``handle-memory-free`` first and ``dnn-handle-failed-gpu-memory`` variant
    ``handle-memory-free`` (the rarer causes, "Or:"), both warnings: not memory.  Between
    the two: ``[]``, and the hedge that names both stays."""
    free, total, hit = usage
    small, reserve, ref = _library_reserve_mib(ctx, total)
    nums = (f"{free:,.0f}" if free >= 1 else f"{free:.1f}", f"{total:,.0f}", str(hit.line))
    status, said, row = _cudnn_handle_status(ctx, found)
    if free < small:
        return [catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="memory-usage-none", knowledge_ref=ref,
            evidence=ev, fix=fix_mem, free=nums[0], total=nums[1], line=nums[2], ref=ref,
            library=what, floor=str(small), status=status)]
    if free < reserve:
        return []
    if row is not None and row.maps_to == _GPU_MEMORY_STATUS:
        # the status says a GPU allocation failed, the number says the GPU is not full:
        # neither is dropped, and no other cause is guessed
        return [catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="status-memory-free", knowledge_ref=row.ref,
            evidence=ev, free=nums[0], total=nums[1], line=nums[2], ref=ref, library=what,
            reserve=str(reserve), status=status, said=said,
            fix=("TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E \"out of "
                 "memory|cudnn|driver version\"   # the lines before the failure",
                 "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
                 "# other processes on this GPU while the script runs",
                 fix_mem[0]))]
    # CUDNN_STATUS_NOT_INITIALIZED with memory free: cuda_dnn.cc follows this status with
    # "Possibly insufficient driver version: X" (the driver version it read, printed whatever
    # the cause; the hint dates from cuDNN's 340.xx driver floor), so with memory ruled out
    # the driver is checked first, by comparing it, not by that line
    driver = (("nvidia-smi   # " + _DRIVER_STATUS + ": the driver's CUDA version (top right) "
               "must be at least the CUDA this TensorFlow was built with",)
              if row is not None and row.name == _DRIVER_STATUS else ())
    likely = "the cuDNN/CUDA loaded is not the one this TensorFlow was built for"
    if driver:
        said += (f" TensorFlow follows {_DRIVER_STATUS} with 'Possibly insufficient driver "
                 "version: X' whatever the cause (cuda_dnn.cc prints the driver version it "
                 "read); with memory free, an NVIDIA driver too old for the CUDA/cuDNN "
                 "loaded is checked first.")
        likely = ("an NVIDIA driver too old for the CUDA/cuDNN loaded, or a cuDNN/CUDA other "
                  "than this TensorFlow's build")
    build = ("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the CUDA/cuDNN this TensorFlow was built for "
             "(TF 1.x: the tested-build table of its install guide)")
    tell = ("TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E \"runtime cudnn|"
            "driver version|cudnn\"   # 'Loaded runtime CuDNN library: X but source was "
            "compiled with: Y' = version; 'Possibly insufficient driver version: X' = the driver "
            "read, a cause only below the CUDA's minimum")
    return [
        catalogue.make(
            "cudnn-version-mismatch", variant="handle-memory-free", knowledge_ref=ref,
            evidence=ev, free=nums[0], total=nums[1], line=nums[2], ref=ref, library=what,
            reserve=str(reserve), status=status, said=said, likely=likely,
            fix=(*driver, tell, build,
                 *(() if ctx.windows else (
                     "ldconfig -p | grep -E 'libcudnn|libcudart'   # the CUDA/cuDNN installed: "
                     "install the ones the build names",)),
                 pip_list_grep("tensorflow", "nvidia-cudnn", windows=ctx.windows)
                 + "   # a TensorFlow or cuDNN wheel pinned over the environment's own")),
        catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="handle-memory-free", knowledge_ref=ref,
            evidence=ev, free=nums[0], total=nums[1], line=nums[2], ref=ref, library=what,
            reserve=str(reserve),
            fix=(*jit_cache_clear_fix(ctx, "the CUDA JIT cache, rebuilt on the next run"),
                 "nvidia-smi   # the driver's CUDA version must be at least the CUDA this "
                 "TensorFlow was built with (its build info)",
                 pip_list_grep("tensorflow", "nvidia-cudnn", "nvidia-cublas", "torch", "cupy",
                               "jax", windows=ctx.windows) + "   "
                 "# other copies in this environment (two TensorFlow packages too: keep one)")),
    ]


# --- the cuDNN handle failure with no line that tells the causes apart ----------------------


def _cudnn_handle_unknown(ctx: Facts, what: str, ev: tuple[Evidence, ...],
                          fix_mem: tuple[str, ...]) -> list[Finding]:
    """cuda_dnn.cc's "Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR" (or
    NOT_INITIALIZED, or no status) with no line that says why: no out-of-memory line, no
    "Loaded runtime CuDNN library: X but source was compiled with: Y", no driver line, no host
    fact (those are read before this, in :func:`rule_library_handle` and dnn_init_causes.py).

    ``cudnnCreate`` fails the same way when GPU memory is taken and when the cuDNN/CUDA loaded
    is not the build's.  Counted over every case set (tfgpu's cases-*), the threads whose log
    had no telling line: GPU memory in 12 (TonY#486, medaka#70, tensorflow#6698,
    studioml/studio#202, faceswap#1025, textgenrnn#147, cnn_captcha#107,
    faceswap-playground#217, DeepLabCut#1299, EfficientDet#177,
    deep-learning-with-python-notebooks#108, tensorflow#24496); a CUDA/cuDNN install other than
    the build's (ludwig-ai/ludwig#271: TF 1.13 with the wrong CUDA/cuDNN), two TensorFlow
    packages (ibab/tensorflow-wavenet#214) and a stale ~/.nv cache
    (carpedm20/deep-rl-tensorflow#43) in 3.  Memory is not right on every such thread, so
    both usual causes are named as hedges (warning), memory first, with the command that tells
    them apart; the rarer causes stay in the memory finding's text and fix lines.

    Args:
        ctx: the facts view.
        what: the library name ("cuDNN").
        ev: the evidence lines.
        fix_mem: the memory fix lines of :func:`rule_library_handle`.

    Returns:
        Two findings: ``dnn-handle-failed-gpu-memory`` variant ``handle-unknown`` and
        ``cudnn-version-mismatch`` variant ``handle-unknown``, both warnings with the same
        evidence (the catalogue's ``hedge_partners``: the second goes when the first is
        superseded by a finding that names the cause).
    """
    tell = ("TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E \"out of memory|"
            "runtime cudnn|driver version|cudnn|cublas\"   # 'CUDA_ERROR_OUT_OF_MEMORY' = "
            "memory; 'Loaded runtime CuDNN library: X but source was compiled with: Y' = "
            "version; 'Possibly insufficient driver version: X' = the driver "
            "read, a cause only below the CUDA's minimum")
    build = ("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the CUDA/cuDNN this TensorFlow was built for "
             "(TF 1.x: the tested-build table of its install guide)")
    # cuda_dnn.cc destroys the handle it failed to create: its "could not destroy cudnn
    # handle: CUDNN_STATUS_BAD_PARAM" is part of the same failure, not another error
    first = min((e.line for e in ev if e.line is not None), default=0)
    destroy = sorted({h.line: h for hits in ctx.log.hits.values() for h in hits.all()
                      if h.line >= first and _DESTROY in h.text.lower()}.values(),
                     key=lambda h: h.line)
    ev = tuple(sorted((*ev, *log_evidence(destroy, limit=2)), key=lambda e: e.line or 0))
    return [
        catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="handle-unknown", library=what,
            evidence=ev, fix=(tell, *fix_mem,
                 pip_list_grep("tensorflow", "nvidia-cudnn", "nvidia-cublas", "torch", "cupy",
                               "jax", windows=ctx.windows) + "   "
                 "# other copies in this environment (two TensorFlow packages too: keep one)",
                 # the CUDA JIT cache, the next cause in reports of this line (the
                 # Linux folder the threads deleted), and the Windows folder too
                 # (platform fact cuda-jit-cache-path, checks/_jit_cache.py)
                 *jit_cache_clear_fix(ctx, "memory free and versions right: the CUDA JIT "
                                      "cache, rebuilt on the next run"))),
        catalogue.make(
            "cudnn-version-mismatch", variant="handle-unknown", library=what, evidence=ev,
            fix=(tell, build,
                 *(() if ctx.windows else (
                     "ldconfig -p | grep -E 'libcudnn|libcudart'   # the CUDA/cuDNN installed: "
                     "install the ones the build names",)),
                 pip_list_grep("tensorflow", "nvidia-cudnn", windows=ctx.windows)
                 + "   # a TensorFlow or cuDNN wheel pinned over the environment's own")),
    ]


# --- memory: allocator reports without the OOM headline ----------------------------


#: A GPU device in a report's device name: "/job:localhost/replica:0/task:0/device:GPU:0",
#: TF 1.x "/gpu:0"; not "XLA_GPU:0".
_GPU_DEVICE = re.compile(r"(?<![A-Za-z_])GPU:\d", re.IGNORECASE)
#: The BFC allocators of page-locked host memory beside a GPU ("gpu_host_bfc", TF 1.x
#: "cuda_host_bfc", "pluggable_device_host_bfc" and XLA's "xla_gpu_host_bfc" in the TF 2.21
#: wheel's strings): host RAM, though their names say gpu.
_HOST_ALLOCATOR = re.compile(r"host", re.IGNORECASE)


def gpu_oom_from_allocator_report(ctx: Facts) -> list[Finding]:
    """``gpu-resource-exhausted`` from the reports TensorFlow prints only after an allocation
    failed, when the headline itself ("OOM when allocating", "ran out of memory trying to
    allocate") is not in the log: step_stats_collector.cc ReportAllocsOnResourceExhausted
    ("Current usage from device: D, allocator: A", "Remaining N nodes with S"; it runs only
    for a RESOURCE_EXHAUSTED status) and bfc_allocator.cc DumpMemoryLog ("Bin (N): Total
    Chunks", "Sum Total of in-use chunks", ...; printed after "Allocator (...) ran out of
    memory"; several lines of one kind, such as the tail "N Chunks of size S totalling T",
    are as telling: DumpMemoryLog prints them only after that line).

    Variant ``allocator-report-gpu`` (error) when the report names a GPU device or a GPU
    allocator ("Current usage from device: ..., allocator: A", the dump's first line
    "BFCAllocator dump for GPU_0_bfc"); ``allocator-report`` (warning: the device is not in
    the log, though BFC is TensorFlow's GPU allocator) otherwise; nothing when the report
    names only CPU devices or a pinned-host allocator (``gpu_host_bfc``: host RAM).
    """
    hits = ctx.h("mem.alloc_report").all()
    if not hits or taken_at_start(ctx) or any(ctx.h(n).count for n in (
            *ALLOCATION_FAILED, "mem.bfc_followup")):
        return []
    return _allocation_report(ctx, hits)


def _whole_report(hits: list[Hit]) -> bool:
    """Whether the allocation-report lines ``hits`` are a report, not a fragment: a line that
    names the device or the tensors left ("Remaining N nodes"), or two lines or more (one line
    of a BFC dump is a fragment: the data calls it context alone)."""
    return any(h.g("nodes") or h.g("dev") for h in hits) or len(hits) >= 2


def _allocation_report(ctx: Facts, hits: list[Hit], *, whole: bool = False) -> list[Finding]:
    """The finding of an allocation report (:func:`gpu_oom_from_allocator_report`), also
    when the occupancy map or the fragmentation hint follows it (:func:`gpu_allocator_followup`:
    ``whole``, one line of the dump is enough beside them)."""
    if not whole and not _whole_report(hits):
        return []
    named = [(h.g("dev") or "", h.g("alloc") or h.g("bfc") or "") for h in hits
             if h.g("dev") or h.g("bfc")]
    gpu = any(_GPU_DEVICE.search(dev) or (re.search(r"gpu", alloc, re.IGNORECASE)
                                          and not _HOST_ALLOCATOR.search(alloc)
                                          and not CPU_BFC.search(alloc))
              for dev, alloc in named)
    pinned = None if gpu else pinned_limit(ctx, hits)
    host_named = next((alloc for _, alloc in named if _HOST_ALLOCATOR.search(alloc)), None)
    if not gpu and (pinned is not None or host_named):
        # the pinned host pool's report (its name, or its limit): host RAM for GPU copies
        return [pinned_pool_finding(ctx, host_named, pinned, hits[:2])]
    if named and not gpu:
        return []  # a CPU allocator's report: host memory, not this finding
    rem = next((h for h in hits if h.g("nodes")), None)
    held = (f" The report counts {rem.g('nodes')} more tensors holding {rem.g('rem')} beyond "
            "the largest ones it lists." if rem is not None else "")
    return [catalogue.make(
        "gpu-resource-exhausted", variant="allocator-report-gpu" if gpu else "allocator-report",
        held=held, evidence=log_evidence(hits, limit=2),
        fix=(*c.growth_fix(ctx, "then reduce the batch size (or sequence length / image size) "
                                "until it fits"),
             "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv   "
             "# another process holding GPU memory: stop it",
             "# the lines above the report's 'Remaining' line list the largest tensors by "
             "node: shrink what makes them large",
             "# a model server or a program holding several models: they share this process's "
             "one allocator per GPU and its pool, so load fewer models (or instances) per GPU"),
    )]


# --- a library CALL failed after its handle was created ---------------------------------------

#: cuda_solvers.cc TF_RETURN_IF_CUSOLVER_ERROR / TF_RETURN_IF_CUBLAS_ERROR (NVIDIA/tensorflow
#: r1.15 tensorflow/core/kernels/cuda_solvers.cc; tensorflow/core/util/cuda_solvers.cc in TF
#: 2.x, the same strings in the TF 2.21 wheel's libtensorflow_cc.so.2): a routine's status on
#: handles CudaSolverHandles already created (their creation is a CHECK: "Failed to create
#: cuSolverDN instance." / "Failed to create cuBlas instance.")
_SOLVER_CALL = re.compile(
    r"(?P<solver>cuSolverDN call failed with status =)\s*(?P<c1>\d{1,4})"
    r"|(?P<blas>cuBlas call failed status =)\s*(?P<c2>\d{1,4})")
#: the op an eager error names ("[Op:SelfAdjointEigV2]") or a graph node line ("= Conv2D[")
_OP_NAME = re.compile(r"\[Op:(?P<op>\w{1,80})\]|\}\} = (?P<node>\w{1,80})\[")
#: the statuses that mean memory outright on a call too (status_codes.toml rows)
_MEMORY_STATUSES = ("CUSOLVER_STATUS_ALLOC_FAILED", "CUBLAS_STATUS_ALLOC_FAILED")


def _op_of(ctx: Facts, found: list[Hit]) -> str:
    """The op a failed library call ran, from the failure line or the evidence around it
    ("[Op:X]" or a graph node's "= X["), else ``""``."""
    for h in found:
        m = _OP_NAME.search(h.text)
        if m:
            return m.group("op") or m.group("node") or ""
    for name in ("cudnn.dnn_handle", "mem.handle"):
        for h in ctx.h(name).all():
            m = _OP_NAME.search(h.text)
            if m:
                return m.group("op") or m.group("node") or ""
    return ""


def _run_on_cpu(op: str) -> str:
    """The command that runs ``op`` on the CPU (a bug of this release's GPU path)."""
    what = f"the {op} op" if op else "the failing op"
    return (f"with tf.device('/CPU:0'): ...   # run {what} on CPU: it works there when this "
            "TensorFlow release has a bug in its GPU path (then upgrade TensorFlow: pip install "
            "-U tensorflow)")


def _cudnn_call_hedged(ctx: Facts, found: list[Hit], what: str, ev: tuple[Evidence, ...],
                       fix_mem: tuple[str, ...]) -> list[Finding]:
    """A cuDNN CALL failed after cuDNN started: conv_ops.cc / conv_ops_3d.cc /
    fused_batch_norm_op.cc "cuDNN launch failure : input shape(...)" (NVIDIA/tensorflow r1.15
    tensorflow/core/kernels/conv_ops.cc: set when ThenConvolveWithAlgorithm returns false;
    the same string in the TF 2.21 wheel), pooling_ops_common.cc / pooling_ops_3d.cc "dnn
    PoolForward launch failed" (ThenPoolForward/Backward returned false; "cudnn ..." in TF
    1.x), lrn_op.cc "NormalizeWithDimensions launch failed" or a
    CUDNN_STATUS_EXECUTION_FAILED status.

    Not the handle-creation failure (mostly memory): the threads show GPU memory (a
    FusedBatchNormV3 on a small GPU) and a cuDNN older than the TF build (dhlab-epfl/dhSegment
    #22), and such a call can also hit a bug of the release for that op.  Two warnings, memory
    first, each naming the commands that tell them apart.

    Args:
        ctx: the facts view.
        found: the failure lines.
        what: the library name ("cuDNN").
        ev: the evidence lines.
        fix_mem: the memory fix lines of :func:`rule_library_handle`.

    Returns:
        ``dnn-handle-failed-gpu-memory`` variant ``execution`` and ``cudnn-version-mismatch``
        variant ``cudnn-call`` (both warnings); for the pooling and LRN lines one hedge,
        ``dnn-handle-failed-gpu-memory`` variant ``execution-unknown``.
    """
    op = _op_of(ctx, found)
    if not op and any("cudnn launch failure" in h.text.casefold() for h in found):
        # conv_ops*.cc print the filter shape; fused_batch_norm_op.cc only the input's
        conv = any("filter shape" in h.text for h in found)
        op = "a convolution" if conv else "a batch normalization"
    calls_named = any(" launch failed" in h.text for h in found)
    if not op and calls_named:
        # pooling_ops_common.cc / pooling_ops_3d.cc and lrn_op.cc name their cuDNN call
        pool = any("Pool" in h.text for h in found)
        op = "a pooling op" if pool else "a local response normalization"
    op_words = op if op.startswith("a ") else (f"the {op} op" if op else "an op")
    build = ("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the cuDNN/CUDA this TensorFlow was built "
             "with; compare: ldconfig -p | grep -E 'libcudnn|libcudart' (or "
             + pip_list_grep("nvidia-cudnn", windows=ctx.windows)
             + "): another cuDNN/CUDA loaded fails this way (install the tested one)")
    smaller = ("# GPU memory: run with memory growth and a smaller batch; if it then runs, "
               "memory was the cause")
    cpu = _run_on_cpu(op if not op.startswith("a ") else "")
    if calls_named:
        # pooling / LRN: one hedge (variant execution-unknown); the threads show memory and a
        # GPU newer than an old build
        return [catalogue.make(
            "dnn-handle-failed-gpu-memory", variant="execution-unknown", library=what,
            op=op_words, evidence=ev,
            fix=(*fix_mem[:2], smaller,
                 "nvidia-smi --query-gpu=name,compute_cap --format=csv   # the GPU: a compute "
                 "capability newer than the CUDA of this TensorFlow build (8.x with a CUDA 10 "
                 "build, every TF 1.x release) cannot run its kernels",
                 build, cpu))]
    return [
        catalogue.make("dnn-handle-failed-gpu-memory", variant="execution", library=what,
                       op=op_words, evidence=ev, fix=(*fix_mem[:2], smaller, cpu, build)),
        catalogue.make("cudnn-version-mismatch", variant="cudnn-call", library=what,
                       op=op_words, evidence=ev, fix=(build, cpu, smaller)),
    ]


def _solver_calls(ctx: Facts, found: list[Hit]) -> Finding | None:
    """``dnn-handle-failed-gpu-memory`` variant ``solver-call`` (warning, category unknown):
    every failure line is cuda_solvers.cc's "cuSolverDN call failed with status =N" or
    "cuBlas call failed status = N" (a routine failing on created handles), with a status
    that is not an allocation failure.  The status is decoded from ``status_codes.toml``
    (``cusolverStatus_t`` / ``cublasStatus_t``, cusolver_common.h / cublas_api.h).

    In tensorflow/tensorflow#47661 (status 7, CUSOLVER_STATUS_INTERNAL_ERROR, in
    SelfAdjointEigV2) the cause was a TF 2.3 bug fixed in later releases (CPU and graph mode
    worked): the hedge names that bug, GPU memory, and a CUDA/cuSOLVER other than the build's,
    with the commands that tell them apart.  ``None`` when another line failed too, or the
    status means memory (then the memory finding stands).
    """
    calls = [(h, m) for h in found if (m := _SOLVER_CALL.search(h.text))]
    if not calls or len(calls) != len(found):
        return None
    _h, m = calls[0]
    solver = m.group("solver") is not None
    code = int(m.group("c1") if solver else m.group("c2"))
    enum = "cusolverStatus_t" if solver else "cublasStatus_t"
    library = "cuSOLVER" if solver else "cuBLAS"
    row = next((r for r in ctx.kb.status_codes if r.enum == enum and r.code == code), None)
    if row is not None and row.name in _MEMORY_STATUSES:
        return None
    op = _op_of(ctx, [c[0] for c in calls])
    ev = log_evidence([c[0] for c in calls])
    return catalogue.make(
        "dnn-handle-failed-gpu-memory", variant="solver-call", library=library,
        op=op or "an op", code=str(code),
        name=f" = {row.name}" if row is not None else "",
        meaning=(f" ({row.meaning.rstrip('.')}; knowledge row {row.ref})"
                 if row is not None else ""),
        what="The op failed after", evidence=ev,
        knowledge_ref=row.ref if row is not None else None,
        fix=(_run_on_cpu(op),
             "pip install -U tensorflow   # the fix when the CPU run works: a later release",
             *c.growth_fix(ctx, "GPU memory: memory growth (and a smaller input); if it then "
                                "runs, memory was the cause"),
             "python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the CUDA this TensorFlow was built with; "
             "compare the CUDA libraries loaded ("
             + pip_list_grep("nvidia-cusolver", "nvidia-cublas", windows=ctx.windows)
             + ", ldconfig -p | grep -E 'libcusolver|libcublas')"),
    )
