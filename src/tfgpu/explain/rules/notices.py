"""Harmless noise: messages that look alarming but need no action."""

from __future__ import annotations

from tfgpu.explain import _compat as K
from tfgpu.explain._context import Ctx, log_evidence
from tfgpu.explain.rules._common import I
from tfgpu.findings import Finding


def rule_noise(ctx: Ctx) -> list[Finding]:
    """Messages that look alarming but need no action."""
    out: list[Finding] = []
    specs = (
        (
            "noise.onednn",
            "onednn-notice",
            "notice",
            "oneDNN notice: harmless",
            "oneDNN optimisations are on for CPU ops; results may differ in the last bits. Nothing "
            "to do with the GPU (set TF_ENABLE_ONEDNN_OPTS=0 to silence it).",
            "https://github.com/tensorflow/tensorflow/releases/tag/v2.9.0",
        ),
        (
            "noise.cpu_guard",
            "cpu-feature-guard-notice",
            "notice",
            "CPU instruction notice: harmless",
            "Only says the wheel could use more CPU instructions if rebuilt; it does not mean the "
            "GPU is unused.",
            K.DOC_TF_PIP,
        ),
        (
            "noise.trt",
            "tensorrt-not-found-notice",
            "notice",
            "TF-TRT 'Could not find TensorRT': harmless unless you use TensorRT",
            "TensorRT is optional (only for TF-TRT inference); the GPU works without it.",
            "https://docs.nvidia.com/deeplearning/frameworks/tf-trt-user-guide/index.html",
        ),
        (
            "noise.factory",
            "duplicate-factory-registration",
            "notice",
            "'Unable to register cuDNN/cuFFT/cuBLAS factory' (and similar): harmless",
            "A known TensorFlow 2.14+ start-up message (the plugin is registered twice by XLA and "
            "TensorFlow); it does not mean a library conflict.",
            "https://github.com/tensorflow/tensorflow/issues/62075",
        ),
        (
            "noise.absl",
            "absl-log-notice",
            "notice",
            "absl logging notice: harmless",
            "Only says that messages before logging was set up go to stderr.",
            None,
        ),
    )
    for name, fid, cat, title, cause, doc in specs:
        hits = ctx.h(name)
        if hits.count:
            out.append(
                Finding(
                    id=fid,
                    severity=I,
                    category=cat,
                    title=title,
                    area="log",
                    evidence=log_evidence(hits, limit=2),
                    cause=cause,
                    doc=doc,
                    harmless=True,
                )
            )
    return out
