"""GPU op determinism: an op without a deterministic GPU (or XLA) implementation, asked for
with ``TF_DETERMINISTIC_OPS=1`` or ``tf.config.experimental.enable_op_determinism()``; and the
XLA GPU runtime's harmless CUDA-graph op-by-op notice.

Sources (rows ``d9m-*`` of platform_facts.toml carry the versions, with their sources):

* TensorFlow 2.21's ``libtensorflow_cc.so.2`` strings: "Deterministic GPU implementation of
  {unsorted,sorted} segment reduction op not available.", "Deterministic GPU implementation of
  CropAndResizeBackprop{Image,Boxes} not available.", "A deterministic GPU implementation of
  {AdjustContrast, AdjustContrastv2, ResizeNearestNeighborGrad, SparseTensorDenseMatmulOp} is
  not currently available.", "A deterministic GPU implementation of DepthwiseConvBackpropFilter
  is not available with this version of cuDNN. Please build with cuDNN version 7.6.3 or
  later.", "A deterministic GPU implementation of fused batch-norm backprop, when training is
  disabled, is not currently available.", "Determinism is not yet supported in GPU
  implementation of {Bincount, DenseBincount, FakeQuant..., Scatter ops with ref inputs}",
  "Determinism is not yet supported for {Dilation2DBackprop*, MaxPoolGradWithArgmax, SVD of
  matrices with 1 column}", "The GPU implementation of (Sparse)SoftmaxCrossEntropyWithLogits
  that would have been executed is not deterministic", tf2xla's "GPU MaxPool gradient ops do
  not yet have a deterministic XLA implementation." and XLA's "HLO instruction %s does not have
  a deterministic implementation, but run-to-run determinism is required"; the env vars
  TF_DISABLE_SEGMENT_REDUCTION_OP_DETERMINISM_EXCEPTIONS (read there too).
* Older wordings from the threads: TF 2.6 "Deterministic GPU implementation of
  SparseSoftmaxXentWithLogitsOp not available." (tensorflow/tensorflow#51596, fixed in 2.7 by
  #50070), TF 2.7 "A deterministic GPU implementation of DepthwiseConvBackpropFilter is not
  currently available." (#47174, fixed in 2.10 by #55657), TF 2.6/2.8-Windows unsorted segment
  reduction (#51978, #54276: the Windows wheels kept the atomics kernels, #51392/#57855).
* Versions per op: NVIDIA/framework-reproducibility doc/d9m/tensorflow_status.md (NVIDIA's
  determinism maintainer); ops it lists without a solution keep their message in 2.21.
* Keras 3 (keras/src/trainers/trainer.py ``model_supports_jit``): XLA is turned off with op
  determinism since keras-team/keras#20315 (October 2024); before, Keras 3's default
  ``jit_compile='auto'`` hit tf2xla's MaxPool message (tensorflow/tensorflow#69417: users
  confirmed ``jit_compile=False``).
* XLA's graph_launch.cc (tensorflow/tensorflow third_party/xla/xla/service/gpu/runtime/
  graph_launch.cc @3b26963a: ``RunGraphOpByOp`` runs the graph capture function op by op when
  a CUDA graph cannot be used or updated); "Fallback to op-by-op mode because memset node
  breaks graph update" (graph_launch.cc:671, TF 2.15-2.16 logs) is a warning on a run that
  continues: keras-io examples log it and train on; keras-team/keras#19081 (Keras triage: the
  TensorFlow/XLA backend, shown since Keras 3 jit-compiles by default).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import PlatformFact

#: Op words in the message -> the platform fact naming the release that made it deterministic.
_FAMILIES: tuple[tuple[tuple[str, ...], str], ...] = (
    (("sparsesoftmaxxent", "sparsesoftmaxcrossentropy"), "d9m-sparse-xent-deterministic"),
    (("segment reduction",), "d9m-segment-reduction-deterministic"),
    (("depthwiseconvbackpropfilter",), "d9m-depthwise-filter-deterministic"),
)

#: Ops whose refusal is still in TensorFlow 2.21 (libtensorflow_cc.so.2 strings), lower case.
_STILL_IN_221: tuple[str, ...] = (
    "adjustcontrast", "resizenearestneighborgrad", "sparsetensordensematmulop",
    "fused batch-norm backprop", "cropandresizebackprop", "bincount", "densebincount",
    "fakequantwithminmaxvars", "scatter ops with ref inputs", "dilation2dbackprop",
    "maxpoolgradwithargmax", "svd of matrices with 1 column", "debugnumericsummaryv2",
)

_HOW_ON = ("TF_DETERMINISTIC_OPS=1 or tf.config.experimental.enable_op_determinism() asked "
           "every op to be deterministic")
_DROP = ("# or, when run-to-run determinism is not needed: unset TF_DETERMINISTIC_OPS / drop "
         "tf.config.experimental.enable_op_determinism()")
_CPU = "with tf.device('/CPU:0'): ...   # run that op on the CPU, whose kernel is deterministic"


def _env_off(env: str, *, verb: str = "export", only: str | None = None) -> str:
    """The fix line that sets ``env`` (a TF_DISABLE_*_DETERMINISM_EXCEPTIONS variable) to 1;
    ``verb`` is ``export`` (POSIX shells) or ``set`` (cmd.exe); ``only`` names the one
    TensorFlow series that reads the variable, when the row says so."""
    turns = f"TensorFlow {only} only: turns" if only else "turns"
    return f"{verb} {env}=1   # {turns} this exception off; that op then runs nondeterministically"


def _family(op: str) -> str | None:
    low = op.lower()
    for words, fact in _FAMILIES:
        if any(w in low for w in words):
            return fact
    return None


def _series_text(mm: tuple[int, int]) -> str:
    return f"{mm[0]}.{mm[1]}"


def _versioned(ctx: Facts, op: str, fact_id: str, cudnn: bool) -> tuple[str, tuple[str, ...],
                                                                      PlatformFact]:
    """Cause and fix lines for an op whose determinism arrived in a known release."""
    first, row = ctx.kb.fact_series(fact_id)
    env = row.value("disable_env")
    only = row.values.get("disable_env_only")
    tf = ctx.tf_mm
    first_s = _series_text(first)
    pr = ctx.kb.sources_of(row)[0].url.rsplit("/", 1)[-1]
    segment = fact_id == "d9m-segment-reduction-deterministic"
    if cudnn:
        cause = (f"{_HOW_ON}. This TensorFlow has a deterministic GPU kernel for {op} (since "
                 f"{first_s}), but only with cuDNN 7.6.3 or later, and the cuDNN it uses is "
                 "older, so it throws UnimplementedError instead of running the "
                 "nondeterministic kernel.")
        fix: list[str] = ["# use cuDNN 7.6.3 or later (the one this TensorFlow was built and "
                          "tested with: tf.sysconfig.get_build_info())", _CPU, _DROP]
        return cause, tuple(fix), row
    where = f"TensorFlow {tf[0]}.{tf[1]}" if tf else "this TensorFlow"
    if segment and ctx.windows:
        cause = (f"{_HOW_ON}, and {where}'s native-Windows wheel has no deterministic GPU "
                 f"kernel for {op}: the deterministic segment-reduction kernel of TensorFlow "
                 f"{first_s} (tensorflow/tensorflow#51392) was not built on Windows (an nvcc "
                 "build error), so Windows kept the atomics-based kernel and throws "
                 "UnimplementedError where Linux runs. It was enabled for Windows only after "
                 "the last native-Windows GPU release (2.10; tensorflow/tensorflow#57855).")
        fix = [f"# run under WSL2 or Linux: TensorFlow {first_s}+ has the deterministic kernel "
               "there",
               _env_off(env, verb="set"),
               _CPU, _DROP]
        return cause, tuple(fix), row
    if tf is not None and tf >= first:
        # A release that has the deterministic kernel refused anyway: not the usual case
        cause = (f"{_HOW_ON}, and {op} refused to run deterministically on the GPU, although "
                 f"TensorFlow {tf[0]}.{tf[1]} is at least {first_s}, the release that added a "
                 f"deterministic GPU implementation (tensorflow/tensorflow#{pr}). This "
                 "TensorFlow build does not use it here: a native-Windows wheel"
                 + (" (they kept the atomics-based kernels)" if segment else "")
                 + ", a source or vendor build, or another TensorFlow than the one the host "
                 "facts name; the version and platform of the process tell them apart.")
        fix = ["python -c \"import tensorflow as tf, platform; print(tf.__version__, "
               "tf.__file__, platform.system())\"   # the TensorFlow that ran"]
        if not isinstance(only, str):
            fix.append(_env_off(env))
        fix += [_CPU, _DROP]
        return cause, tuple(fix), row
    if tf is not None and tf < first:
        cause = (f"{_HOW_ON}, and TensorFlow {tf[0]}.{tf[1]} has no deterministic GPU kernel "
                 f"for {op}, so it throws UnimplementedError rather than run the "
                 f"nondeterministic one (the same code ran on older releases only because they "
                 f"did not check). TensorFlow {first_s} added a deterministic GPU "
                 f"implementation (tensorflow/tensorflow#{pr}).")
    else:
        cause = (f"{_HOW_ON}, and {where} has no deterministic GPU kernel for {op}, so it "
                 "throws UnimplementedError rather than run the nondeterministic one. "
                 f"TensorFlow {first_s} and later have a deterministic GPU implementation "
                 f"(tensorflow/tensorflow#{pr}"
                 + ("; native-Windows wheels excepted" if segment else "") + ").")
    fix = [f"python -m pip install -U 'tensorflow>={first_s}'   # {op} is deterministic on "
           f"the GPU from {first_s}"]
    if isinstance(only, str):
        if tf is None or _series_text(tf) == only:
            fix.append(_env_off(env, only=only))
    else:
        fix.append(_env_off(env))
    fix += [_CPU, _DROP]
    return cause, tuple(fix), row


def gpu_op_determinism(ctx: Facts) -> list[Finding]:
    """``gpu-op-determinism-unavailable`` for a kernel's "Deterministic GPU implementation of
    <op> not available" / "A deterministic GPU implementation of <op> is not currently
    available" / "Determinism is not yet supported ..." (variant none: the fix is the release
    that made the op deterministic when there is one, the env var that turns the exception
    off, the CPU, or no determinism) and for tf2xla's / XLA's "... do not yet have a
    deterministic XLA implementation" / "HLO instruction X does not have a deterministic
    implementation" (variant ``xla``: jit_compile=False). ``[]`` without such a line."""
    xla = ctx.h("determinism.xla_no_impl").all() + ctx.h("determinism.xla_hlo").all()
    if xla:
        hit = xla[0]
        op = hit.g("op") or "an op"
        if ctx.jax_log:
            # JAX's own XLA flag (--xla_gpu_deterministic_ops, XLA_FLAGS): no Keras, no
            # TensorFlow in the program (google/flax#4233: select-and-scatter, max pooling's
            # gradient)
            return [catalogue.make(
                "gpu-op-determinism-unavailable", variant="xla", op=op,
                evidence=log_evidence(xla[:2]),
                cause=(f"XLA was asked for run-to-run determinism (--xla_gpu_deterministic_ops "
                       f"in XLA_FLAGS) and has no deterministic GPU implementation of {op}: "
                       "the program uses an operation XLA can only run nondeterministically "
                       "there (select-and-scatter is max pooling's gradient)."),
                fix=("# drop --xla_gpu_deterministic_ops (or "
                     "--xla_gpu_exclude_nondeterministic_ops) from XLA_FLAGS when run-to-run "
                     "determinism is not needed",
                     "# or write that step without the operation (for select-and-scatter: "
                     "average pooling, or a strided convolution, instead of max pooling), or "
                     "run it on the CPU"))]
        keras = ("Keras 3 compiles the train step with XLA by default (jit_compile='auto'; "
                 "Keras 2 / tf-keras did not), so a model that trained deterministically there "
                 "stops here. Keras releases after keras-team/keras#20315 (October 2024) turn "
                 "XLA off themselves when op determinism is on.")
        cause = (f"{_HOW_ON}, and the step is compiled with XLA, which has no deterministic "
                 f"implementation of {op} on the GPU. " + keras)
        xfix = ("model.compile(..., jit_compile=False)   # Keras 3: run the step without "
                "XLA, on TensorFlow's deterministic GPU kernels",
                "# tf.function(..., jit_compile=False) for your own compiled functions; or "
                "python -m pip install -U keras (newer Keras 3 does this itself)",
                _DROP)
        return [catalogue.make("gpu-op-determinism-unavailable", variant="xla", op=op,
                               evidence=log_evidence(xla[:2]), cause=cause, fix=xfix)]
    xent_hits = ctx.h("determinism.xent_kernel").all()
    hits = (ctx.h("determinism.no_gpu_impl").all() + ctx.h("determinism.not_supported").all()
            + xent_hits)
    if not hits:
        return []
    hit = min(hits, key=lambda h: h.line)
    op = (hit.g("op") or "an op").strip()
    xent = hit in xent_hits
    fact_id = None if xent else _family(op)
    if fact_id is not None:
        cause, vfix, row = _versioned(ctx, op, fact_id, bool(hit.g("cudnn")))
        return [catalogue.make("gpu-op-determinism-unavailable", op=op,
                               evidence=log_evidence(hits[:2]), cause=cause, fix=vfix,
                               knowledge_ref=row.ref)]
    fix: tuple[str, ...]
    if xent:
        cause = (f"{_HOW_ON}, and the fused {op} GPU kernel is not deterministic; TensorFlow's "
                 "Python API (tf.nn.softmax_cross_entropy_with_logits and its sparse form) "
                 "takes another, deterministic GPU path when determinism is on, but this graph "
                 "calls the kernel itself (tf.raw_ops or an imported graph).")
        fix = ("# call tf.nn.(sparse_)softmax_cross_entropy_with_logits instead of the raw op",
               _CPU, _DROP)
    else:
        scatter = "scatter" in op.lower()
        still = any(op.lower().startswith(x) for x in _STILL_IN_221)
        cause = (f"{_HOW_ON}, and {op} has no deterministic GPU implementation in this "
                 "TensorFlow, so it throws UnimplementedError rather than run it "
                 "nondeterministically. "
                 + ("No release has one yet: TensorFlow 2.21 still prints this message."
                    if still else
                    "Whether a newer release has one: NVIDIA's determinism status page "
                    "(NVIDIA/framework-reproducibility, doc/d9m/tensorflow_status.md)."))
        fix = ((("# use resource variables (tf.Variable in TF 2.x) instead of ref variables: "
                 "their scatter ops are deterministic",) if scatter else ())
               + (_CPU, _DROP))
    return [catalogue.make("gpu-op-determinism-unavailable", op=op,
                           evidence=log_evidence(hits[:2]), cause=cause, fix=fix)]


def xla_graph_op_by_op(ctx: Facts) -> list[Finding]:
    """``xla-cuda-graph-op-by-op-notice`` (harmless) for graph_launch.cc's "Fallback to
    op-by-op mode because <why>": XLA's GPU runtime runs the compiled function's operations one
    by one instead of as a CUDA graph; results are the same."""
    hits = ctx.h("xla.graph_op_by_op").all()
    if not hits:
        return []
    return [catalogue.make("xla-cuda-graph-op-by-op-notice",
                           why=(hits[0].g("why") or "the graph could not be updated").rstrip("."),
                           evidence=log_evidence(hits[:2]))]
