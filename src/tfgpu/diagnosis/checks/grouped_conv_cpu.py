"""A grouped convolution that reached one of TensorFlow's CPU convolution kernels.

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
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def grouped_conv_cpu(ctx: Facts) -> list[Finding]:
    """``grouped-conv-on-cpu`` from ``conv.grouped_cpu`` (variant ``gradients`` for the
    backprop's wording)."""
    return from_log(ctx, "conv.grouped_cpu", lambda hits, first: catalogue.make(
        "grouped-conv-on-cpu", variant="gradients" if first.g("grad") else None,
        evidence=log_evidence(hits, limit=2),
    ))


__all__ = ["grouped_conv_cpu"]
