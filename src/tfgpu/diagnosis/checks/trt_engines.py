"""TF-TRT's engine creation refusing the graph's shapes
(``tftrt-static-mode-needs-fully-defined-input-shape``).

Sources:

* tensorflow/compiler/tf2tensorrt/convert/convert_nodes.cc ``ValidateTensorProperties``
  (TF 1.x: tensorflow/contrib/tensorrt/convert/convert_nodes.cc): at engine creation, in
  implicit-batch mode, every input dimension after the first (the batch) must be known, else
  "Input tensor with shape [?,?,?,3] has an unknown non-batch dimension at dim 1" (the contrib
  copy misspelt "dimemension").
* TensorFlow 2.21's trt_convert.py: ``TrtGraphConverter`` and ``create_inference_graph``
  default to ``is_dynamic_op=False`` (a static engine built at conversion time); "If
  is_dynamic_op is True, each TRTEngineOp will contain a serialized subgraph GraphDef, which
  will be converted to a TRT engine at execution time"; TF 2.x raises "is_dynamic_op is either
  None or True for TF2".
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def trt_static_engine_shape(ctx: Facts) -> list[Finding]:
    """``tftrt-static-mode-needs-fully-defined-input-shape`` for convert_nodes.cc's "Input
    tensor with shape [...] has an unknown non-batch dimension at dim N" (pattern
    ``trt.unknown_non_batch_dim``), naming the shape and the dimension; ``[]`` without it."""
    hits = ctx.h("trt.unknown_non_batch_dim").all()
    if not hits:
        return []
    first = hits[0]
    return [catalogue.make(
        "tftrt-static-mode-needs-fully-defined-input-shape",
        shape=first.g("shape") or "[?]", dim=first.g("dim") or "?",
        evidence=log_evidence(hits[:2]),
    )]
