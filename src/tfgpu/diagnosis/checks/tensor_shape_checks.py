"""TensorFlow aborting on one of its own tensor-shape CHECKs inside an op: the op's kernel
read its input with another rank or size than the tensor has, and instead of an
InvalidArgumentError the process died.

Sources (the TensorFlow 2.21 wheel: libtensorflow_framework.so.2's strings and
``include/tensorflow/core/framework/tensor_shape.h``): ``TensorShape::CheckDimsEqual``
("Check failed: NDIMS == dims() (2 vs. 1)Asking for tensor of 2 dimensions from a tensor of 1
dimensions"), ``CheckDimsAtMost`` ("NDIMS >= dims() ... Asking for tensor of at most"),
``dim_size`` (documented "REQUIRES: 0 <= d < dims()", and "Use [dim_size_or_error] if unsure
... to prevent CHECK-crashes": "d < dims() (2 vs. 2)", "d >= 0"), ``AddDim`` ("size >= 0"),
tensor.cc's scalar access ("1 == NumElements() (1 vs. 0)Must have a one element tensor") and
reshape ("new_num_elements == NumElements()").  A kernel is meant to check its inputs
(OP_REQUIRES) before it reaches these; where one does not, the abort is a bug of that op in
that release, met with an input of a rank or size the op does not take (tensorflow/tensorflow
#94379: BiasAdd with data_format NCHW and a rank-2 input, only in its GPU kernel, fixed by an
OP_REQUIRES rank check).  The log does not name the op, so the finding is a hedge that says
how to find it.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The variant of each check that is not about a rank: a negative dimension index or size
#: (dim_size, AddDim), a one-element tensor expected, a reshape to another element count.
_VARIANT = {"d >= 0": "negative", "size >= 0": "negative", "1 == NumElements()": "scalar",
            "new_num_elements == NumElements()": "element-count"}


def tensor_shape_check_failed(f: Facts) -> list[Finding]:
    """``op-tensor-shape-check-failed``: the first tensor-shape CHECK in the log
    (``tf.shape_check``), hedged (category unknown: the op and its input are not in the log).
    Variants: ``negative`` (a negative dimension index or size), ``scalar`` (a one-element
    tensor expected), ``element-count`` (a reshape to another element count); the default is
    a rank the tensor does not have.  ``{check}`` is the failed check with its values as
    printed (``d < dims() (2 vs. 2)``)."""
    hits = f.h("tf.shape_check").all()
    if not hits:
        return []
    h = hits[0]
    check = h.g("check") or ""
    values = f" ({h.g('a')} vs. {h.g('b')})" if h.g("a") is not None else ""
    return [catalogue.make("op-tensor-shape-check-failed", variant=_VARIANT.get(check),
                           check=f"{check}{values}", evidence=log_evidence(hits[:1]))]
