"""Harmless noise: messages that look alarming but need no action."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
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
        if hits.count:
            out.append(catalogue.make(fid, evidence=log_evidence(hits, limit=2)))
    # --- universe: more wordings of the notices above, and notices of their own
    universe = (
        ("uni.cpu_guard_notice", "cpu-feature-guard-notice"),
        ("uni.grappler_notice", "grappler-optimizer-notice"),
        ("uni.autotune_notice", "cudnn-autotune-notice"),
        ("uni.rnn_no_cudnn", "keras-rnn-not-using-cudnn"),
    )
    made = {f.id for f in out}
    # falsepos: oneDNN's INT64 fallback, an E-level line that needs no action
    int64 = ctx.h("noise.onednn_int64")
    if int64.count and "onednn-notice" not in made:
        made.add("onednn-notice")
        out.append(catalogue.make("onednn-notice", variant="int64",
                                  evidence=log_evidence(int64, limit=2)))
    for name, fid in universe:
        hits = ctx.h(name)
        if hits.count and fid not in made:
            made.add(fid)
            out.append(catalogue.make(fid, evidence=log_evidence(hits, limit=2)))
    return out
