"""A TF 1.x variable read before its initializer ran: ``tf1-variable-uninitialized``.

Source (``knowledge/data/messages_tf_python.toml`` row ``executor-uninitialized-value``):
TensorFlow's executor (``core/common_runtime/executor.cc`` ``PrepareInputs``) returns
``FailedPrecondition("Attempting to use uninitialized value ", <input>)`` when an op that is
not the variable's initializer reads a reference (TF 1.x graph) variable that holds no value
in this session; ``resource_variable_ops.cc`` (``ReadVariableOp``) says "Error while reading
resource variable <name> from Container: <c>. This could mean that the variable was
uninitialized." for a resource variable the reading session or device has no value of.  The
fault is in the graph's set-up (or a project run with another
TensorFlow/Keras than it was written for), never the GPU.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def variable_uninitialized(ctx: Facts) -> list[Finding]:
    """``tf1-variable-uninitialized``: the executor's words, the variable it names."""
    hits = ctx.h("tf.uninitialized_value").all()
    if not hits:
        return []
    h = hits[-1]
    if h.g("rvar"):
        # the resource form: the variable holds no value in the session or device reading it
        return [catalogue.make(
            "tf1-variable-uninitialized", variant="resource", evidence=log_evidence(hits),
            var=h.g("rvar"), line=h.line)]
    return [catalogue.make(
        "tf1-variable-uninitialized", evidence=log_evidence(hits),
        var=h.g("var"), line=h.line)]
