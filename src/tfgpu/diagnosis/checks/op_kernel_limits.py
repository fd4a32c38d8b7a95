"""Ops whose kernel refuses an input it cannot take: a limit of one kernel (GPU or CPU), not a
setup fault.  One section per kernel below.

SparseTensorDenseMatMul's GPU kernel refusing an input past its 32-bit indexing.

Source: tensorflow/core/kernels/sparse_tensor_dense_matmul_op.cc (both strings are in the
TensorFlow 2.21 wheel's libtensorflow_cc.so.2; keras-gcn reports of TF 1.x print the same).
Only for the GPU device (``std::is_same<Device, GPUDevice>``), before any work, the kernel
returns INVALID_ARGUMENT:

* "Cannot use GPU for > 2^31 entry inputs" when a dimension of A or B, B's element count,
  the output's element count (rows x columns) or nnz(a) is not below 2^31-1;
* "Cannot use GPU when output.shape[1] * nnz(a) > 2^31" when nnz(a) times the output's
  column count is not below it.

The comment above the check says why: "The GPU implementation is optimized to use 32 bit
indexing".  The CPU kernel of the same op has no such check (it loops with ``size_t``), so
running the product on the CPU, or splitting it so each piece stays below 2^31, avoids it.

A masked LSTM/GRU whose mask the cuDNN kernel cannot take.

Keras runs an LSTM/GRU with a mask on the fused cuDNN kernel (``CudnnRNNV3``) with one
sequence length per sample, the count of ``True`` in its mask
(``calculate_sequence_by_mask`` / ``_compute_sequence_length_from_mask``). cuDNN takes only
masks that are strictly right-padded (Keras's cuDNN criteria: "Inputs, if use masking, are
strictly right-padded") and errors out on a sample whose every step is masked (Keras's
``has_fully_masked_sequence``: "Cudnn kernel will error out if the input sequence contains any
fully masked data", tensorflow/tensorflow#33148). Two wordings:

* TensorFlow's cuDNN call (``stream_executor/cuda/cuda_dnn.cc``, TF 1.13-2.21; tf.keras
  releases without the fully-masked check, and the raw CudnnRNNV3 op):
  ``CUDNN_STATUS_BAD_PARAM`` then ``in .../cuda_dnn.cc(N): 'cudnnSetRNNDataDescriptor(
  data_desc.get(), ..., seq_lengths_array, (void*)&padding_fill)'``: the descriptor refused
  the lengths (tensorflow/tensorflow#33069, #33148, #40982: all masked LSTM/GRU on a GPU);
* Keras 3's own check before it calls cuDNN (``keras/src/backend/tensorflow/rnn.py``
  ``_assert_valid_mask``, Keras >= 3.2): "You are passing a RNN mask that does not correspond
  to right-padded sequences, while using cuDNN, which is not supported."

A grouped convolution that reached one of TensorFlow's CPU convolution kernels.

Sources: tensorflow/core/kernels/conv_ops.cc ("Generic conv implementation does not support
grouped convolutions for now.") and conv_ops_fused_impl.h ("Fused conv implementation does not
support grouped convolutions for now."), TensorFlow 2.x; the backprop's "Gradients for grouped
convolutions are not supported on CPU. Please file a feature request if you run into this
issue. Computed input depth %d doesn't match filter input depth %d" (in the 2.21 wheel's
libtensorflow_cc.so.2).  TensorFlow treats a Conv2D whose input depth is a multiple of the
filter's input depth as grouped (Keras ``Conv2D(groups=...)``, ConvNeXt/ResNeXt-style blocks);
cuDNN runs it on a GPU, these CPU kernels refuse it.  So the op ran on the CPU (no GPU used in
the process, or the op placed there), or the input's channel count is not the one the layer was
built for (then TensorFlow reads it as grouped) - reports of the line name the first (a ConvNeXt
model on a CPU) and the second (a visualisation feeding another input shape).

The NCHW (channels-first) layout that one of TensorFlow's CPU kernels refuses.

Sources (each string in the TensorFlow 2.21 wheel's libtensorflow_cc.so.2 unless noted):
maxpooling_op.cc / avgpooling_op.cc ``errors::Unimplemented("Default MaxPoolingOp only
supports NHWC ", "on device type ", ...)`` (AvgPoolingOp, the GradOp and MaxPoolingGradGradOp
twins), conv_ops.cc "The Conv2D op currently only supports the NHWC tensor format on the CPU.
The op was given the format: " (TF 1.x: "Generic conv implementation only supports NHWC tensor
format for now."), conv_grad_input_ops.cc / conv_grad_filter_ops.cc
"Conv2DCustomBackpropInputOp only supports NHWC." and "Conv2DBackpropFilterOp [CPU] only
supports NHWC data format.", conv_ops_3d.cc "CPU implementation of Conv3D currently only
supports the NHWC tensor format.", conv_ops_fused_impl.h "Fused conv implementation only
supports NHWC tensor format for now.", fused_batch_norm_op.cc "The CPU implementation of
FusedBatchNorm only supports NHWC tensor format for now." (TF 1.x-2.x).  The GPU versions of
these kernels take NCHW through cuDNN, so the op ran on the CPU.  Except when the line is
executor.cc's ``LOG(ERROR) << "Executor failed to create kernel. " << s`` for a node whose
own ``_device`` is a GPU: common_runtime/constant_folding.cc evaluates constant-foldable nodes
with a local executor on the CPU device (``GetCPUDevice``; ``NewLocalExecutor`` failing makes
it return without folding), so that CPU kernel was folding's, and the session runs the node on
its GPU.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.diagnosis.checks.op_kernel_gpu_build import GPU_STACK_REASONS
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

# --- SparseTensorDenseMatMul's GPU kernel: 32-bit indexing ------------------------------------


def sparse_matmul_gpu_limit(ctx: Facts) -> list[Finding]:
    """``sparse-dense-matmul-gpu-int32-limit`` from ``sparse.gpu_int32_limit``: variant
    ``entries`` for "Cannot use GPU for > 2^31 entry inputs", the default for the
    output.shape[1] * nnz(a) check."""
    return from_log(ctx, "sparse.gpu_int32_limit", lambda hits, first: catalogue.make(
        "sparse-dense-matmul-gpu-int32-limit",
        variant="entries" if first.g("entries") else None,
        evidence=log_evidence(hits, limit=2),
    ))


# --- cuDNN's RNN kernel: right-padded masks only ----------------------------------------------


def cudnn_rnn_mask_rejected(ctx: Facts) -> list[Finding]:
    """``cudnn-rnn-mask-rejected``: cuDNN's RNN data descriptor refused the sequence lengths
    taken from a mask (a ``CUDNN_STATUS_BAD_PARAM`` line on or right before the
    ``cudnnSetRNNDataDescriptor`` call line), or Keras 3's mask check before cuDNN (variant
    ``keras3-check``).  Another framework's log is left alone (its RNN API differs).

    Args:
        ctx: the facts view.

    Returns:
        One finding, or none.
    """
    if ctx.other_framework:
        return []
    keras3 = ctx.h("keras.rnn_mask_cudnn").all()
    if keras3:
        return [catalogue.make("cudnn-rnn-mask-rejected", variant="keras3-check",
                               evidence=log_evidence(keras3[:1]))]
    calls = ctx.h("cudnn.rnn_data_desc").all()
    status = [h for h in ctx.h("cudnn.bad_param").all()
              if any(0 <= c.line - h.line <= 1 for c in calls)]
    said = [c for c in calls if "CUDNN_STATUS_BAD_PARAM" in c.text]
    if not status and not said:
        return []
    return [catalogue.make("cudnn-rnn-mask-rejected",
                           evidence=log_evidence(status[:1], (said or calls)[:1]))]


# --- the CPU convolution kernels: no grouped convolution --------------------------------------


def grouped_conv_cpu(ctx: Facts) -> list[Finding]:
    """``grouped-conv-on-cpu`` from ``conv.grouped_cpu`` (variant ``gradients`` for the
    backprop's wording); variant ``gpu-device-created`` when the log shows TensorFlow created
    a GPU device, which refutes "the model ran without the GPU" (as for
    :func:`nchw_on_cpu`): the op placed on the CPU, or the input's channel count, is left."""
    created = ctx.h("gpu.created").all()

    def make(hits: Hits, first: Hit) -> Finding:
        if created:
            what = ("Training a grouped convolution" if first.g("grad")
                    else "A grouped convolution")
            device = f"line {created[0].line}: GPU:{created[0].g('idx') or '0'}"
            return catalogue.make("grouped-conv-on-cpu", variant="gpu-device-created",
                                  what=what, device=device,
                                  evidence=log_evidence(hits, created[:1], limit=2))
        return catalogue.make("grouped-conv-on-cpu",
                              variant="gradients" if first.g("grad") else None,
                              evidence=log_evidence(hits, limit=2))

    return from_log(ctx, "conv.grouped_cpu", make)


# --- the CPU kernels of pooling, convolution and fused batch norm: NHWC only ----------------
#
# One check owns every answer to these lines (:func:`nchw_on_cpu`): constant folding's
# harmless try on a GPU run, the hedge that names a CPU-only build first, the op placed on the
# CPU beside a created GPU device, and the plain refusal.


#: The executor's log line for a kernel it could not create (TF 1.x executor.cc
#: ``LOG(ERROR) << "Executor failed to create kernel. " << s``), constant folding's too.
_EXECUTOR_LOG = re.compile(r"Executor failed to create kernel\.")


def executor_line(hit: Hit) -> bool:
    """Whether ``hit`` is executor.cc's "Executor failed to create kernel." log line: on its
    own text, or on the line before it when a hard wrap put the message's start there
    (:attr:`tfgpu.facts.log.Hit.before`; "... Executor failed to create" / "kernel. ...")."""
    return bool(_EXECUTOR_LOG.search(hit.text)
                or _EXECUTOR_WRAPPED.search(f"{hit.before} {hit.text}"[-400:]))


#: The executor's words split by a hard wrap (the join of :func:`executor_line`).
_EXECUTOR_WRAPPED = re.compile(r"Executor failed\s+to\s+create\s+kernel\.")
#: Lines after an NCHW error its node line's ``_device`` may stand on (the node line is
#: under the error; a hard wrap spreads its attrs over more lines).
NODE_SPAN = 6


def gpu_node_after(ctx: Facts, line: int) -> Hit | None:
    """The first node line within :data:`NODE_SPAN` lines after ``line`` whose ``_device``
    names a GPU (``placer.node_device``, or ``nchw.node_on_gpu`` for the TF 1.0-1.3
    "/gpu:0" spelling and a node line a wrap split before its ``_device``)."""
    found = [n for n in ctx.h("placer.node_device").all() if n.g("dev") == "GPU"]
    found += ctx.h("nchw.node_on_gpu").all()
    near = [n for n in found if 0 <= n.line - line <= NODE_SPAN]
    return min(near, key=lambda n: n.line) if near else None


def cpu_node_after(ctx: Facts, line: int) -> Hit | None:
    """The first node line within :data:`NODE_SPAN` lines after ``line`` whose ``_device``
    names a CPU (``placer.node_device``), when none there names a GPU
    (:func:`gpu_node_after`): the node itself was placed on the CPU."""
    if gpu_node_after(ctx, line) is not None:
        return None
    near = [n for n in ctx.h("placer.node_device").all()
            if n.g("dev") == "CPU" and 0 <= n.line - line <= NODE_SPAN]
    return min(near, key=lambda n: n.line) if near else None


def _nchw_hits(ctx: Facts, *, executor: bool = False) -> list[Hit]:
    """The ``opk.nhwc_only_cpu`` lines that show an NCHW op failing on a CPU kernel: not the
    executor's own log line (constant folding also prints it; :func:`executor_line`) unless
    ``executor`` (:func:`_info_shown_without_gpu` ruled that out), not a device type other
    than the CPU, and none whose node line (:func:`gpu_node_after`) names a GPU
    ``_device``."""
    return [h for h in ctx.h("opk.nhwc_only_cpu").all()
            if (executor or not executor_line(h)) and h.g("dev") in (None, "CPU")
            and gpu_node_after(ctx, h.line) is None]


#: A glog line at INFO level from TensorFlow's C++ ("I tensorflow/core/...cc:137]", absl's
#: "I1223 04:20:49.872825  1234 cpu_feature_guard.cc:137]").
_INFO_LINE = re.compile(r"(?:^|[\s:])I(?:\d{4} [\d:.]+ +\d+)? +[\w./-]{0,200}\.cc:\d+\]")


def _info_shown_without_gpu(ctx: Facts, hits: list[Hit]) -> bool:
    """Whether TensorFlow's INFO lines show before the executor's NCHW line (cpu_feature_guard's
    "I ... Your CPU supports instructions" / "This TensorFlow binary is optimized" line,
    printed when TensorFlow starts) and no GPU device was created: a GPU build that makes a
    GPU device logs it at INFO (gpu_device.cc "Created TensorFlow device (/device:GPU:0 ...)"
    / TF 1.x "Creating TensorFlow device") before any kernel of the run, so the executor that
    refused the layout was the run's own CPU executor, not constant folding's on a GPU run."""
    guard = [g for g in ctx.h("noise.cpu_guard").all() if _INFO_LINE.search(g.text)]
    return bool(guard and hits) and guard[0].line < hits[0].line and not ctx.h("gpu.created").count


def _windows_past_gpu_builds(ctx: Facts) -> bool:
    """Native Windows with a TensorFlow newer than its last GPU release (platform fact
    ``windows-native-gpu-last``), as the log's version or Keras 3's ``keras/src/ops`` paths
    (``ctx.keras3_path``: 2.16 and later) show it."""
    if not ctx.windows:
        return False
    last = tf_minor(ctx.kb.platform_fact("windows-native-gpu-last").value("tf_version"))
    have = tf_minor(ctx.tf_version)
    if have is not None and last is not None:
        return have > last
    return bool(ctx.h("ctx.keras3_path").count)


def _cpu_build_hedge(ctx: Facts, *, executor: bool = False) -> list[Finding]:
    """``nchw-op-on-cpu`` (variant ``cpu-build-likely``, hedged) for a channels-first
    (NCHW) op refused by one of TensorFlow's CPU kernels (:func:`_nchw_hits`): the op ran on
    the CPU, most often because TensorFlow is a CPU-only build.  Nothing when the log or the
    host shows a CUDA GPU in use (a created device, a listed GPU), a line says why a GPU build
    made no GPU device (those findings lead), or another framework printed it.  Instead of
    the hedge: the placed-on-the-CPU reading beside a plugin's GPU device (variant
    ``gpu-device-created``), and the plain reading after a CUDA library opened (a GPU build)
    or on native Windows past its last GPU release (:func:`_windows_past_gpu_builds`).
    ``executor``: the executor's own line counts (:func:`_info_shown_without_gpu`)."""
    hits = _nchw_hits(ctx, executor=executor)
    if not hits or ctx.other_framework or ctx.host_gpu_works:
        return []
    if ctx.h("gpu.created").count or ctx.tf_gpu_listed \
            or any(ctx.h(name).count for name in GPU_STACK_REASONS):
        return []
    h = hits[0]
    op = next((h.g(k) for k in ("op", "op2", "op4", "op6") if h.g(k)), None)
    op = op or {"Generic": "Conv2D", "Fused": "_FusedConv2D",
                "Depthwise": "DepthwiseConv2dNative"}.get(h.g("op3") or h.g("op5") or "",
                                                           "The op")
    # a CUDA library TensorFlow opened (a CPU-only build opens none), a plugin's GPU device
    # (tensorflow-metal, DirectML), or native Windows past its last GPU release (CPU-only
    # whatever is installed, the TF 1.x package advice does not apply): the plain reading
    pluggable = [x for x in ctx.h("gpu.pluggable_created").all() if x.g("type") == "GPU"]
    if pluggable:
        return [catalogue.make("nchw-op-on-cpu", variant="gpu-device-created", what=op,
                               device=f"line {pluggable[0].line}: GPU:{pluggable[0].g('idx')}",
                               evidence=log_evidence(hits, pluggable[:1], limit=2))]
    if ctx.h("lib.opened").count or _windows_past_gpu_builds(ctx):
        return [catalogue.make("nchw-op-on-cpu", what=op, evidence=log_evidence(hits, limit=2))]
    int32 = (" (this op's message also covers int32 data on the GPU, which its GPU kernel "
             "refuses too)" if "GPU" in (h.g("devs") or "") else "")
    return [catalogue.make(
        "nchw-op-on-cpu", variant="cpu-build-likely", op=op, int32=int32,
        evidence=log_evidence(hits, limit=2),
    )]


def nchw_on_cpu(ctx: Facts) -> list[Finding]:
    """Every answer to a CPU kernel refusing the NCHW (channels-first) layout, in one place.

    * ``nchw-op-on-cpu`` variant ``constant-folding`` (harmless) when every ``nchw.cpu_only``
      line is executor.cc's "Executor failed to create kernel." (:func:`executor_line`: also
      split by a hard wrap) and a node line under it (within :data:`NODE_SPAN` lines,
      ``nchw.node_on_gpu``) places the node on a GPU: the CPU executor was constant
      folding's, not the run's;
    * ``nchw-op-on-cpu`` variant ``cpu-build-likely`` (:func:`_cpu_build_hedge`: the op
      ran on the CPU, most often a CPU-only TensorFlow) when nothing in the log or on the
      host shows a GPU in use or says why a GPU build made no GPU device;
    * nothing for the executor's line without the node line that places the node (constant
      folding on a GPU run prints it as well), unless TensorFlow's INFO lines show before it
      and no GPU device was created (:func:`_info_shown_without_gpu`: then the hedge above);
      a node line that places it on the CPU
      (:func:`cpu_node_after`) makes it this op's fault, as below;
    * ``nchw-op-on-cpu`` variant ``gpu-device-created`` when the log shows TensorFlow created
      a GPU device: the op itself was placed on the CPU;
    * else ``nchw-op-on-cpu`` (the line does not say why the op ran on the CPU).
    """
    hedge = _cpu_build_hedge(ctx)
    hits = ctx.h("nchw.cpu_only").all()
    if not hits:
        return hedge  # a wording only opk.nhwc_only_cpu knows (depthwise, "Only NHWC ...")
    first = hits[0]
    what = (first.g("what") or "A CPU kernel").removeprefix("The ")
    gpu_nodes = ctx.h("nchw.node_on_gpu").all()
    folding = all(executor_line(h) and any(0 <= n.line - h.line <= NODE_SPAN for n in gpu_nodes)
                  for h in hits)
    if folding:
        node = next(n for n in gpu_nodes if 0 <= n.line - first.line <= NODE_SPAN)
        device = node.text.split("_device=", 1)[1].strip('\\"').split('"', 1)[0].strip("\\")
        return [catalogue.make("nchw-op-on-cpu", variant="constant-folding", what=what,
                               device=device, evidence=log_evidence(hits[:1], [node])), *hedge]
    if hedge:
        return hedge
    if all("Executor failed to create kernel" in h.text and cpu_node_after(ctx, h.line) is None
           for h in hits):
        if _info_shown_without_gpu(ctx, hits):
            return _cpu_build_hedge(ctx, executor=True)
        return []  # the executor's line alone: constant folding's on a GPU run prints it too
    op = _nchw_op_name(what)
    created = ctx.h("gpu.created").all() or [
        h for h in ctx.h("gpu.pluggable_created").all() if h.g("type") == "GPU"]
    if created:
        # the log shows a GPU device: only "this op was placed on the CPU" is left
        device = f"line {created[0].line}: GPU:{created[0].g('idx') or '0'}"
        return [catalogue.make("nchw-op-on-cpu", variant="gpu-device-created", what=op,
                               device=device,
                               evidence=log_evidence(hits, created[:1], limit=2))]
    return [catalogue.make("nchw-op-on-cpu", what=op, evidence=log_evidence(hits, limit=2))]


def _nchw_op_name(what: str) -> str:
    """The op a ``nchw.cpu_only`` line names, without the message's own words around it:
    ``"Conv2D op currently"`` (conv_ops.cc "The Conv2D op currently only supports ...") ->
    ``"Conv2D"``, ``"CPU implementation of FusedBatchNorm currently"`` -> ``"CPU
    implementation of FusedBatchNorm"``; other names (``"Default MaxPoolingOp"``) as they
    are."""
    return what.removesuffix(" currently").removesuffix(" op")


__all__ = ["cudnn_rnn_mask_rejected", "grouped_conv_cpu", "nchw_on_cpu",
           "sparse_matmul_gpu_limit"]
