"""Kinds grown from the census of 97 public reports (census3, docs/census3.md): each from the
source that prints the message.

Sources:

* TensorFlow ``core/grappler/utils/graph_view.cc`` ``MutableGraphView::
  CheckKernelRegisteredForNodes()`` (https://github.com/tensorflow/tensorflow/blob/
  0f894876ea5fb46efa52d4fb90dfaaaf0e169e8b/tensorflow/core/grappler/utils/graph_view.cc):
  ``LOG(WARNING) << s.message()`` for a rewritten node without a kernel on its device, then
  ``return absl::OkStatus()``; the string is in TensorFlow 2.21's libtensorflow_framework.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def grappler_kernel_check(ctx: Facts) -> list[Finding]:
    """``grappler-kernel-check-notice`` (harmless): grappler's graph_view.cc warning that an op
    it placed on the GPU has no GPU kernel there; the placer runs the op where it has one."""
    hits = ctx.h("c3.grappler_kernel_check")
    if not hits.count:
        return []
    ops = sorted({h.g("op") or "" for h in hits.all()} - {""})
    return [catalogue.make("grappler-kernel-check-notice", op=", ".join(ops[:3]) or "an op",
                           evidence=log_evidence(hits, limit=2))]
