"""cuDNN messages of TensorFlow/XLA's GPU stack that name no cause themselves.

* XLA's convolution autotuner's "Failed to determine best cudnn convolution algorithm for:"
  (xla/service/gpu/conv_algorithm_picker.cc ``RunOnInstruction``: the HLO, then "Original
  error: <status>", the reason, which its own finding reads: an out-of-memory status is
  gpu-resource-exhausted) with the reason cut off by the paste: ``dnn-handle-failed-gpu-memory``
  variant ``xla-autotune-cut`` (hedged).  Reports of the bare headline: jax-ml/jax#9454
  (TensorFlow's pool in the same process held the GPU; held-out case 13001) and two public
  repositories' notes found through the code index (a Slurm job's memory pressure on shared
  GPUs, status 5003; a V100 whose container cuDNN did not run the convolution, status 5003
  at run time too): memory first, cuDNN itself second.

* XLA's GPU compiler ``RET_CHECK failure (<path>/gpu_compiler.cc:N) dnn != nullptr``
  (tensorflow/compiler/xla/service/gpu/gpu_compiler.cc in TF 2.x; the same file under
  external/org_tensorflow/ in jaxlib): ``StreamExecutor::AsDnn()`` returned null, which it does
  when the DNN support (cuDNN) failed to initialise ("null if there was an error initializing
  the DNN support", xla/stream_executor/stream_executor.h).  Later XLA returns
  FailedPrecondition "DNN library initialization failed. Look at the errors above for more
  details." at the same place (openxla/xla xla/service/gpu/gpu_compiler.cc
  OptimizeHloModule).  Threads printing it: tensorflow/tfx#5966 (a TFX image's cuDNN 8.2 under
  TF 2.12, built with 8.6), tensorflow/tensorflow#59582 (a tf-nightly on Colab, not the
  runtime's TensorFlow), jax-ml/jax#14801 ("Could not create cudnn handle:
  CUDNN_STATUS_INTERNAL_ERROR" before it, CUDA/cuDNN reinstalls), jax-ml/jax#14893 (Colab,
  "CUDNN_STATUS_NOT_INITIALIZED" before it; memory-fraction advice did not help).  The cause
  is on the lines TensorFlow printed before it: when the log has them, their findings name it
  (the cuDNN handle, version and library checks) and this check adds nothing; with the host's
  cuDNN older than the build's it is ``cudnn-version-mismatch`` variant ``host-older``
  (dnn_init_causes.py); alone, ``dnn-library-not-found`` variant ``xla-dnn-null`` (hedged:
  cuDNN missing, too old/another version, or rarely GPU memory, and the command that tells).
* The cuDNN wrapper's ``Check failed: narrow == wide (A vs. B)checked narrowing failed; values
  not equal post-conversion`` (stream_executor/cuda/cuda_dnn.cc ``CheckedNarrowing``, every
  release): a dimension, stride or element count (an int64 B) passed to cuDNN, which takes a
  32-bit int, changed on conversion (to A): one tensor of the call is too large for cuDNN.
  Threads: tensorflow/tensorflow#35609 (the dimension "won't fit in a signed 32-bit integer",
  use smaller images), juglab/cryoCARE_pip#53 (a tomogram predicted in one piece: more tiles
  made it work) -> ``cudnn-int32-size-limit-tile-input``.
* The same wrapper's ``Check failed: cudnnSetTensorNdDescriptor(...) == CUDNN_STATUS_SUCCESS
  (9 vs. 0)`` (cuDNN 8's number of CUDNN_STATUS_NOT_SUPPORTED): cuDNN's API reference gives
  that status of cudnnSetTensorNdDescriptor for "nbDims outside the range [4, CUDNN_DIM_MAX],
  or the total size of the tensor descriptor exceeds the maximum limit of 2 Giga-elements";
  TensorFlow passes 4 or more dimensions, so the tensor is too large.  Thread:
  vanvalenlab/deepcell-tf#553 (Mesmer predicting a 10k x 10k image with batch_size=300; 50
  worked) -> ``cudnn-int32-size-limit-tile-input`` variant ``descriptor``.
"""

from __future__ import annotations

import math
import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.library_failures import handle_failures
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The largest value of cuDNN's int (32-bit signed), for the narrowing check's values.
INT32_MAX = 2**31 - 1


def xla_dnn_null(ctx: Facts) -> list[Finding]:
    """``dnn-library-not-found`` variant ``xla-dnn-null`` for XLA's ``RET_CHECK ... dnn !=
    nullptr`` when nothing else in the log or the host facts says why cuDNN did not start;
    nothing when a cuDNN handle/start failure, a cuDNN version line, a missing libcudnn, a
    context out-of-memory or the host's older cuDNN is there (their own findings name it)."""
    hits = ctx.h("xla.dnn_null").all()
    if not hits:
        return []
    if handle_failures(ctx) or ctx.h("cudnn.mismatch").count or ctx.h("mem.cuda_oom").count:
        return []
    if any("cudnn" in (h.g("lib") or "").lower() for h in ctx.h("lib.missing").all()):
        return []
    from tfgpu.diagnosis.checks.dnn_init_causes import cudnn_host_older

    if cudnn_host_older(ctx):
        return []
    return [catalogue.make(
        "dnn-library-not-found", variant="xla-dnn-null", evidence=log_evidence(hits, limit=2),
    )]


def xla_autotune_cut(ctx: Facts) -> list[Finding]:
    """``dnn-handle-failed-gpu-memory`` variant ``xla-autotune-cut``: XLA's autotuner headline
    with no reason after it on its line and no "Original error:" line in the log (module
    docstring); nothing when the reason is there (its own finding reads it) or another line
    names a cuDNN handle, version, library or out-of-memory failure."""
    hits = [h for h in ctx.h("xla.autotune_failed").all() if not h.g("rest")]
    if not hits or ctx.h("xla.autotune_reason").count:
        return []
    if (handle_failures(ctx) or ctx.h("cudnn.mismatch").count or ctx.h("mem.cuda_oom").count
            or any(ctx.h(n).count for n in ("mem.exhausted", "mem.oom_tensor", "mem.ran_out"))):
        return []
    return [catalogue.make(
        "dnn-handle-failed-gpu-memory", variant="xla-autotune-cut", library="cuDNN",
        evidence=log_evidence(hits, limit=2),
    )]


def cudnn_narrowing(ctx: Facts) -> list[Finding]:
    """``cudnn-int32-size-limit-tile-input``: the cuDNN wrapper's narrowing check failed; the
    values (``narrow``: the int cuDNN got, ``wide``: the real size) are quoted when the line
    has them, with how far the size is past 2^31-1."""
    hits = ctx.h("cudnn.narrowing").all()
    if not hits:
        return []
    h = next((x for x in hits if x.g("wide")), hits[0])
    narrow, wide = h.g("narrow"), h.g("wide")
    if wide is not None and narrow is not None:
        w = int(wide)
        past = (f"{w:,} is more than cuDNN's 32-bit int holds (2^31-1 = {INT32_MAX:,})"
                if w > INT32_MAX or w < -INT32_MAX - 1 else
                f"{w:,} did not survive the conversion to cuDNN's 32-bit int")
        values = f"{past}: it became {int(narrow):,}"
    else:
        values = "the values are not on the line this log shows"
    return [catalogue.make(
        "cudnn-int32-size-limit-tile-input", values=values, evidence=log_evidence(hits, limit=2),
    )]


#: A cuDNN descriptor set-up call in a failed CHECK_EQ (cuda_dnn.cc: one per descriptor kind).
_SET_DESCRIPTOR = re.compile(r"\bcudnnSet(?:Tensor|Filter)\w{0,20}Descriptor\b")

#: The batch count of the descriptor TensorFlow prints after the status, also when a wrap
#: broke "batch_descriptor: {" from "count: N" (stream_executor dnn.cc
#: BatchDescriptor::ToString).
_COUNT = re.compile(r"(?:batch_descriptor: )?\{\s{0,4}count: (?P<n>\d{1,20})\b"
                    r"(?: feature_map_count: (?P<maps>\d{1,20}) spatial:(?P<sp>(?: {1,2}\d{1,20})"
                    r"{1,4}))?")


def cudnn_descriptor_too_large(ctx: Facts) -> list[Finding]:
    """``cudnn-int32-size-limit-tile-input`` variant ``descriptor``: TensorFlow aborted because
    cuDNN refused a tensor or filter descriptor with CUDNN_STATUS_NOT_SUPPORTED (9 in cuDNN
    8's numbering, 3000 in cuDNN 9's; decoded through ``status_codes.toml``), which
    cudnnSetTensorNdDescriptor returns for a tensor of more than 2^31 elements (NVIDIA's
    cuDNN API reference).  The batch count printed with it is quoted."""
    for h in ctx.h("cuda.lib_check_eq").all():
        call = (h.g("call") or h.g("call2") or "")
        raw = h.g("code") or h.g("code2")
        if not _SET_DESCRIPTOR.search(call) or raw is None:
            continue
        row = ctx.kb.status_code("cudnnStatus_t", int(raw))
        if row is None or row.name != "CUDNN_STATUS_NOT_SUPPORTED":
            continue
        m = _COUNT.search(h.text) or next(
            (_COUNT.search(d.text) for d in ctx.h("cudnn.batch_descriptor").all()
             if h.line <= d.line <= h.span.stop + 1), None)
        if m and int(m.group("n")) == 0:
            continue  # an empty batch holds no elements: not a tensor too large
        sizes = [int(x) for x in ((m.group("maps") or "") + " " + (m.group("sp") or "")).split()
                 ] if m else []
        elements = int(m.group("n")) * math.prod(sizes) if m and sizes else None
        if elements is not None and elements <= INT32_MAX:
            continue  # the printed tensor fits: NOT_SUPPORTED for another reason
        values = (f"the descriptor TensorFlow printed holds {elements:,} elements (batch "
                  f"{int(m.group('n')):,} x {' x '.join(f'{x:,}' for x in sizes)})"
                  if m and elements is not None else
                  f"the descriptor TensorFlow printed has a batch count of {int(m.group('n')):,}"
                  if m else "the descriptor's sizes are not on the line this log shows")
        return [catalogue.make(
            "cudnn-int32-size-limit-tile-input", variant="descriptor", values=values,
            evidence=log_evidence([h]), knowledge_ref=row.ref,
        )]
    return []
