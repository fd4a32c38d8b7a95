"""A function loaded from a SavedModel called with inputs of a dtype none of its traces takes.

Source: tensorflow/python/saved_model/function_deserialization.py ``restored_function_body``
(TF 2.0-2.21): a function loaded from a SavedModel (tf.saved_model.load, a Keras model loaded
from the SavedModel format, TF Hub's KerasLayer, serving wrappers built on them) runs only the
concrete functions saved with it and is never traced again; a call that matches none of them
fails with "Could not find matching (concrete) function to call loaded from the SavedModel.
Got: ... Expected these arguments to match one of the following N option(s): ...", each
option's TensorSpec naming the dtype its trace takes. A half-precision argument is the
mixed-precision reading (mixed_precision.py ``savedmodel_float32_only``); any other dtype that
no option takes (int32 or float64 data for float32 traces: bentoml/BentoML#1016, #1188) is
this one.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: How far below the message its "Got:" and "Expected" blocks may reach (lines).
_REACH = 80

#: A TensorSpec's dtype in an option line.
_SPEC_DTYPE = re.compile(r"dtype=tf\.(\w{2,12})")

#: Half-precision dtypes: mixed_precision.py reads those calls.
_HALF = frozenset({"half", "float16", "bfloat16"})


def savedmodel_call_dtype_untraced(ctx: Facts) -> list[Finding]:
    """``savedmodel-input-dtype-not-traced``: the "Got:" block's tensors (pattern
    ``savedmodel.got_tensor``) are of a dtype that no option's TensorSpec
    (``savedmodel.expected_spec``) takes, none of them half precision; none when the blocks
    are not in the log or every dtype given is one the traces take (a shape or structure
    mismatch, which the message alone does not tell apart)."""
    for head in ctx.h("savedmodel.no_matching_function").all():
        below = range(head.line, head.line + _REACH)
        specs = [h for h in ctx.h("savedmodel.expected_spec").all() if h.line in below]
        if not specs:
            continue
        first_spec = min(h.line for h in specs)
        got = [h for h in ctx.h("savedmodel.got_tensor").all()
               if head.line <= h.line < first_spec]
        # (a bool tensor is a flag such as training=, which the traces take as a Python bool
        # the message prints as "* False": not an input of another dtype)
        taken = {dt for h in specs for dt in _SPEC_DTYPE.findall(h.text)} - {"bool"}
        given = [h.need("dt") for h in got if h.need("dt") != "bool"]
        if not given or taken & _HALF or set(given) & _HALF:
            continue
        odd = [dt for dt in dict.fromkeys(given) if dt not in taken]
        if not odd:
            continue
        want = ", ".join(sorted(taken))
        return [catalogue.make(
            "savedmodel-input-dtype-not-traced", got=", ".join(odd), want=want,
            evidence=log_evidence([head], got[:1], specs[:1]),
            fix=(f"# cast the inputs to the dtype the saved traces take before the call: "
                 f"loaded(tf.cast(x, tf.{sorted(taken)[0]})), or x.astype('{sorted(taken)[0]}') "
                 "for NumPy data (in a serving wrapper, where it builds the request tensor)",
                 "# or save the model again with a tf.function input_signature of the dtype "
                 "the callers send"))]
    return []
