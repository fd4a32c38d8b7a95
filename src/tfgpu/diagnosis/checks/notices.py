"""Harmless noise: messages that look alarming but need no action.

Sources of the notices with a check of their own:

* TensorFlow ``core/grappler/utils/graph_view.cc`` ``MutableGraphView::
  CheckKernelRegisteredForNodes()`` (https://github.com/tensorflow/tensorflow/blob/
  0f894876ea5fb46efa52d4fb90dfaaaf0e169e8b/tensorflow/core/grappler/utils/graph_view.cc):
  ``LOG(WARNING) << s.message()`` for a rewritten node without a kernel on its device, then
  ``return absl::OkStatus()``; the string is in TensorFlow 2.21's libtensorflow_framework.
* Keras 3 ``keras/src/trainers/trainer.py`` (keras-team/keras @3422977a): the ``jit_compile``
  setter warns "Model doesn't support `jit_compile=True`. Proceeding with `jit_compile=False`."
  when ``model_supports_jit()`` is false (TensorFlow on an Apple-silicon GPU, a layer whose
  ``supports_jit`` is False, or ``tf.config.experimental.enable_op_determinism()``), then
  trains without XLA.
* TensorFlow ``core/grappler/optimizers/implementation_selector.cc`` (TF 2.0-2.1, WARNING):
  "Skipping optimization due to error while loading function libraries: Invalid argument:
  Functions 'A' and 'B' both implement 'lstm_<uuid>' but their signatures do not match."
  (``function_api_info.cc``; both strings are in TensorFlow 2.21's libtensorflow_framework):
  the pass that swaps a Keras LSTM/GRU between its cuDNN and generic functions skipped the
  graph; the model runs unchanged, and maintainers called the line safe to ignore
  (tensorflow/tensorflow#30263).
* XLA ``xla/stream_executor/gpu/gpu_timer.cc`` (``GpuTimer::Create``, later
  ``CreateEventBasedTimer``): ``LOG(WARNING)`` "Skipping the delay kernel, measurement accuracy
  will be reduced" when a timer is created without its delay kernel, "... because the device
  does not support unified addressing" when the GPU lacks it; the autotuner then times
  without it (the string is in the TensorFlow 2.17 wheel only, of 2.4-2.21).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def rule_noise(ctx: Facts) -> list[Finding]:
    """Messages that look alarming but need no action."""
    out: list[Finding] = []
    # pattern -> finding id; each finding's words are its catalogue row
    specs = (
        ("noise.onednn", "onednn-notice"),
        ("noise.cpu_guard", "cpu-feature-guard-notice"),
        ("noise.trt", "tensorrt-not-found-notice"),
        ("noise.factory", "duplicate-factory-registration"),
        ("noise.absl", "absl-log-notice"),
        ("mem.host_notice", "host-allocation-notice"),
    )
    for name, fid in specs:
        hits = ctx.h(name)
        if not hits.count:
            continue
        used = ctx.h("trt.in_use").all() if name == "noise.trt" else []
        if used:
            # the program uses TF-TRT: TensorRT is needed, not optional
            out.append(catalogue.make("tensorrt-not-found-notice", variant="in-use",
                                      evidence=log_evidence(hits.all()[:1], used[:1])))
            continue
        out.append(catalogue.make(fid, evidence=log_evidence(hits, limit=2)))
    # --- more wordings of the notices above, and notices of their own
    universe = (
        ("noise.cpu_guard_notice", "cpu-feature-guard-notice"),
        ("noise.grappler_notice", "grappler-optimizer-notice"),
        ("cudnn.autotune_notice", "cudnn-autotune-notice"),
        ("keras.rnn_no_cudnn", "keras-rnn-not-using-cudnn"),
        ("grappler.impl_selector_skipped", "grappler-implementation-selector-skipped-notice"),
        ("xla.gpu_timer_delay", "xla-gpu-timer-delay-kernel-notice"),
    )
    made = {f.id for f in out}
    # oneDNN's INT64 fallback, an E-level line that needs no action
    int64 = ctx.h("noise.onednn_int64")
    if int64.count and "onednn-notice" not in made:
        made.add("onednn-notice")
        out.append(catalogue.make("onednn-notice", variant="int64",
                                  evidence=log_evidence(int64, limit=2)))
    for name, fid in universe:
        hits = ctx.h(name)
        kept = hits.all()
        if name == "cudnn.autotune_notice":
            kept = [h for h in kept if _autotune_skip_is_harmless(h.g("err"))]
        if kept and fid not in made:
            made.add(fid)
            out.append(catalogue.make(fid, evidence=log_evidence(kept, limit=2)))
    return out


#: The statuses gpu_utils.cc quotes when the redzone self-check had no GPU memory for its
#: buffers: the only ones the notice explains ("not enough free GPU memory").
_MEMORY_STATUS = re.compile(r"RESOURCE_EXHAUSTED|out of memory|CUDA_ERROR_OUT_OF_MEMORY",
                            re.IGNORECASE)


def _autotune_skip_is_harmless(err: str | None) -> bool:
    """Whether a "Failed to check cudnn convolutions for out-of-bounds reads and writes"
    line is the harmless notice: no status quoted, or a memory status (the check had no room
    for its buffers).  Any other status it quotes (TF 2.4's "Failed to load in-memory CUBIN:
    CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is available ...") is an error of its own,
    which the checks of that error read: the line is then no harmless notice, and its
    memory explanation would be wrong."""
    return err is None or bool(_MEMORY_STATUS.search(err))


def grappler_kernel_check(ctx: Facts) -> list[Finding]:
    """``grappler-kernel-check-notice`` (harmless): grappler's graph_view.cc warning that an op
    it placed on the GPU has no GPU kernel there; the placer runs the op where it has one."""
    hits = ctx.h("grappler.kernel_check")
    if not hits.count:
        return []
    ops = sorted({h.g("op") or "" for h in hits.all()} - {""})
    return [catalogue.make("grappler-kernel-check-notice", op=", ".join(ops[:3]) or "an op",
                           evidence=log_evidence(hits, limit=2))]


def keras_use_cudnn_forced(ctx: Facts) -> list[Finding]:
    """``keras-rnn-not-using-cudnn`` (variant ``use-cudnn-forced``, an error hedged between
    two causes): Keras 3.2+ LSTM/GRU built with ``use_cudnn=True`` raising "use_cudnn=True was
    specified, but cuDNN is not supported for this layer configuration with this backend"
    (keras/src/layers/rnn/lstm.py, gru.py).  The layer tries cuDNN only without
    recurrent_dropout, and the TensorFlow backend takes it only when the arguments meet the
    cuDNN criteria and TensorFlow lists a GPU (backend/tensorflow/rnn.py ``cudnn_ok``:
    ``_is_gpu_available()`` is ``tf.config.list_logical_devices("GPU")``)."""
    return from_log(ctx, "keras.use_cudnn_unsupported", lambda hits, first: catalogue.make(
        "keras-rnn-not-using-cudnn", variant="use-cudnn-forced",
        evidence=log_evidence(hits, limit=1)))


def keras_jit_fallback(ctx: Facts) -> list[Finding]:
    """``keras-jit-compile-fallback-notice`` (harmless): Keras 3 turned XLA off for this model
    (trainer.py ``model_supports_jit``) and trains without it."""
    return from_log(ctx, "keras.jit_fallback", lambda hits, _first: catalogue.make(
        "keras-jit-compile-fallback-notice", evidence=log_evidence(hits),
    ))
