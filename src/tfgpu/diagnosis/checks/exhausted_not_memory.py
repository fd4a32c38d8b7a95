"""RESOURCE_EXHAUSTED that is not memory: a file-system limit, a gRPC message size, a TPU's HBM.

TensorFlow's status RESOURCE_EXHAUSTED (``ResourceExhaustedError``) is not only "out of
memory"; the text around it tells which resource ran out:

* ``tensorflow/core/platform/errors.cc`` ``ErrnoToCode``: its file systems turn ENOSPC, EDQUOT,
  EMFILE, ENFILE, EMLINK, ENOBUFS and EUSERS into RESOURCE_EXHAUSTED, the message being
  "<path>; <strerror>" (:mod:`tfgpu.diagnosis.checks.file_system_limits` reads which).
* gRPC's status 8 for a message over the channel's limit (grpc core's message size filter:
  "Received message larger than max (%u vs. %d)"; 4 MiB by default): the TensorBoard debugger
  (tensorflow/tensorboard#1103: send_traceback_and_source_code=False), TF Serving clients.
* A checkpoint file op (RestoreV2, SaveV2, SaveSlices, MergeV2Checkpoints) named as the
  failing node of a status that names no memory: those ops read and write files on the CPU
  (tensorflow/core/kernels/save_restore_v2_ops.cc), tensorflow/tensorflow#10162.
* A TPU's own memory, HBM (XLA's TPU compiler: "Ran out of memory in memory space hbm. Used
  8.38G of 8.00G hbm. Exceeded hbm capacity by 385.25M.", tensorflow/tpu#385; the TPU
  runtime's "HBM capacity 8.00G:" report): memory, but of the TPU, where GPU tools do not
  apply.

:func:`not_memory_lines` gives :mod:`tfgpu.diagnosis.checks.memory` the status lines these
readings explain, so that no GPU out-of-memory finding is made of them.  TensorFlow appends
its "Hint: If you want to see a list of allocated tensors when OOM happens, add
report_tensor_allocations_upon_oom to RunOptions" to an op's RESOURCE_EXHAUSTED whatever the
resource, so that hint is no evidence of memory either.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.file_system_limits import file_system_limit, os_file_system_limit
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: How many lines a reason may stand from the status line it explains (a message wrapped, or
#: cut at the status with the strerror on the line before).
_NEAR = 3

#: How far below its reason TensorFlow's allocation hint may stand (the node's description
#: between them can take several lines).
_HINT_NEAR = 12

#: How far below TensorFlow 2.9+'s "ResourceExhaustedError: Graph execution error:" its
#: message may stand: the "Detected at node ... defined at (most recent call last):" block of
#: Python frames comes between them (tensorflow/python/eager/execute.py quick_execute).
_DETECTED_NEAR = 150

#: IPython's traceback header ("ResourceExhaustedError     Traceback (most recent call last)"):
#: the exception's message stands at the traceback's end, below it.
_NOTEBOOK_HEADER = re.compile(r"ResourceExhaustedError\s{2,}Traceback \(most recent call last\)")

#: Patterns of GPU or host memory running out: one of them between a "Graph execution error:"
#: and a reason below it makes the reason another failure's.
_MEMORY = ("mem.oom_tensor", "mem.ran_out", "mem.cuda_alloc_oom", "mem.cuda_oom")

#: The largest message protobuf and gRPC allow (2 GiB - 1): no channel option goes above it.
_PROTOBUF_CEILING = 2**31 - 1



def _reasons(ctx: Facts) -> list[Hit]:
    """The lines that name a resource other than GPU memory: an errno's text in TensorFlow's
    own form ("<path>; <strerror>", or on a RESOURCE_EXHAUSTED line: a Python OSError's
    "[Errno 28] No space left on device" nearby is another program's), a bare path as the
    status's message, gRPC's message size, a TPU's memory space."""
    status = {h.line for h in ctx.h("mem.exhausted").all()}
    errno = [h for h in ctx.h("exhausted.errno").all() if h.g("tf") or h.line in status]
    return sorted([*errno, *ctx.h("exhausted.path").all(), *_file_op_reasons(ctx),
                   *ctx.h("exhausted.grpc_size").all(), *ctx.h("exhausted.tpu_hbm").all()],
                  key=lambda h: h.line)


#: Groups of ``mem.exhausted`` whose line names memory itself ("Dst tensor is not
#: initialized", "Out of memory while trying to allocate", ...).
_MEMORY_GROUPS = ("dst", "bytes", "req", "eigen")


def _file_op_reasons(ctx: Facts) -> list[Hit]:
    """The checkpoint file-op nodes (pattern ``exhausted.file_op``: RestoreV2, SaveV2,
    SaveSlices, MergeV2Checkpoints, RestoreSlice) named on a RESOURCE_EXHAUSTED status's line
    or up to :data:`_NEAR` lines below it, when no memory failure stands within :data:`_NEAR`
    lines of that status (an "OOM when allocating" restore into host RAM is memory).  These
    ops read and write files on the CPU (tensorflow/core/kernels/save_restore_v2_ops.cc), so
    their RESOURCE_EXHAUSTED without a memory message is a file system's
    (tensorflow/tensorflow#10162: a relative checkpoint path as the whole message)."""
    ops = ctx.h("exhausted.file_op").all()
    if not ops:
        return []
    statuses = ctx.h("mem.exhausted").all()
    memory = {h.line for name in _MEMORY for h in ctx.h(name).all()}
    memory |= {h.line for h in statuses if any(h.g(g) for g in _MEMORY_GROUPS)}
    out = []
    for op in ops:
        near = [s.line for s in statuses if 0 <= op.line - s.line <= _NEAR]
        if near and not any(abs(m - s) <= _NEAR for s in near for m in memory):
            out.append(op)
    return out


def not_memory_lines(ctx: Facts) -> set[int]:
    """The lines of RESOURCE_EXHAUSTED reports (pattern ``mem.exhausted``) that a resource
    other than GPU memory explains: a reason (an errno's text, a bare path, gRPC's message
    size, a TPU's HBM) on the line or up to :data:`_NEAR` lines from it; TensorFlow's
    allocation hint up to :data:`_HINT_NEAR` lines below a reason; TensorFlow 2.9+'s
    "Graph execution error:" and IPython's traceback header when the first reason or memory
    report below them (up to :data:`_DETECTED_NEAR` lines) is a reason."""
    reasons = _reasons(ctx)
    if not reasons:
        return set()
    out = {r.line for r in reasons}
    reason_lines = set(out)
    marks = reason_lines | {h.line for name in _MEMORY for h in ctx.h(name).all()}
    for h in ctx.h("mem.exhausted").all():
        hint = "report_tensor_allocations_upon_oom" in h.text
        if any(abs(h.line - r.line) <= _NEAR or (hint and 0 < h.line - r.line <= _HINT_NEAR)
               for r in reasons):
            out.add(h.line)
        elif "graph execution error" in h.text.lower() or _NOTEBOOK_HEADER.search(h.text):
            below = [m for m in marks if 0 < m - h.line <= _DETECTED_NEAR]
            if below and min(below) in reason_lines:
                out.add(h.line)
    return out


def _status_near(ctx: Facts, r: Hit) -> bool:
    """Whether reason ``r`` explains a failure: gRPC's message size, a TPU's memory report and
    a bare path are one; an errno's text needs a RESOURCE_EXHAUSTED report on its line or near
    it (alone it is another program's: pip's own ENOSPC)."""
    if any(r.g(g) for g in ("path", "max", "space", "space2", "over", "cap", "reserve", "alloc",
                            "alloc2", "early")):
        return True  # gRPC's size message and a TPU's memory report say it themselves
    return any(abs(h.line - r.line) <= _NEAR for h in ctx.h("mem.exhausted").all())


def exhausted_not_memory(ctx: Facts) -> list[Finding]:
    """``tpu-out-of-memory``, ``grpc-message-too-large`` or ``file-system-limit-reached``
    (:mod:`.file_system_limits`) for the first RESOURCE_EXHAUSTED report a reason of
    :func:`not_memory_lines` explains; with none, the operating system's own report of a
    file-system limit when no memory failure stands in the log."""
    reasons = [r for r in _reasons(ctx) if _status_near(ctx, r)]
    if not reasons:
        if any(ctx.h(name).count for name in _MEMORY):
            return []  # a memory failure the log shows: that is the run's (memory.py)
        return os_file_system_limit(ctx)
    tpu = [r for r in reasons if r.line in {x.line for x in ctx.h("exhausted.tpu_hbm").all()}]
    scratch = next((r.g("space") or r.need("space2") for r in tpu
                    if (r.g("space") or r.g("space2")) in ("vmem", "smem")), None)
    if scratch is not None:
        # the TensorCore's on-chip scratch memories: a compiler limit, which XLA's own
        # message asks to report ("Please file a bug against XLA", tensorflow/tensorflow#26893)
        return [catalogue.make(
            "tpu-out-of-memory", variant="compiler-scratch", space=scratch,
            evidence=log_evidence(tpu, limit=3),
            fix=("# report it to XLA (or to the library whose kernel it is: a Pallas kernel's "
                 "block sizes) with the shapes that fail; XLA's own message asks for that",
                 "# meanwhile: other shapes or block sizes for that computation, or another "
                 "JAX / torch-xla / TensorFlow release whose compiler handles it"))]
    if tpu:
        return [catalogue.make(
            "tpu-out-of-memory", evidence=log_evidence(tpu, limit=3),
            fix=("# a smaller batch per TPU core (the global batch divided by the cores), or a "
                 "smaller model or sequence length",
                 "# or more HBM: rematerialisation (gradient checkpointing), sharding the model "
                 "over more cores, bfloat16, or a TPU generation/slice with more memory per "
                 "core"))]
    grpc = [r for r in reasons if r.g("max") is not None]
    if grpc:
        g = grpc[0]
        if int(g.need("max")) >= _PROTOBUF_CEILING:
            return [catalogue.make(
                "grpc-message-too-large", size=g.need("size"), max=g.need("max"),
                direction="received" if g.need("dir") == "Received" else "sent",
                evidence=log_evidence(grpc, limit=2),
                fix=("# the limit is already the largest a message can be (protobuf messages "
                     "stop at 2 GiB): send less per call, in smaller batches or chunks",))]
        return [catalogue.make(
            "grpc-message-too-large", size=g.need("size"), max=g.need("max"),
            direction="received" if g.need("dir") == "Received" else "sent",
            evidence=log_evidence(grpc, limit=2),
            fix=("# raise the channel's limit where the message is received (and sent): "
                 "grpc.insecure_channel(addr, options=[('grpc.max_receive_message_length', "
                 "-1), ('grpc.max_send_message_length', -1)]) (-1: no limit)",
                 "# or send less per call: smaller batches of requests, a smaller response "
                 "(TensorBoard's debugger: send_traceback_and_source_code=False)"))]
    return file_system_limit(ctx, reasons)
