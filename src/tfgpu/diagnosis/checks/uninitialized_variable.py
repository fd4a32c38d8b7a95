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

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow's own LOCAL_VARIABLES, which tf.global_variables_initializer() leaves out
#: (tensorflow/python/training/input.py: limit_epochs "creates local counter `epochs`. Use
#: `local_variables_initializer()`", the num_epochs counter of string_input_producer,
#: slice_input_producer, range_input_producer and input_producer; match_filenames_once's
#: "matching_filenames" variable; tensorflow/python/ops/metrics_impl.py metric_variable:
#: "Create variable in `GraphKeys.(LOCAL|METRIC_VARIABLES)` collections", the tf.metrics
#: totals and counts). Group what: what made it.
_LOCAL = re.compile(
    r"(?:^|/)(?P<epochs>limit_epochs/epochs)(?:_\d+)?$"
    r"|(?:^|/)(?P<files>matching_filenames)(?:_\d+)?$"
    r"|(?:^|/)(?P<metric>(?:accuracy|mean|mean_iou|mean_per_class_accuracy|auc|precision"
    r"|recall|mean_absolute_error|mean_squared_error|root_mean_squared_error)(?:_\d+)?/"
    r"(?:total|count|total_confusion_matrix|true_positives|false_positives|true_negatives"
    r"|false_negatives)(?:/count)?)(?:_\d+)?$")


def variable_uninitialized(ctx: Facts) -> list[Finding]:
    """``tf1-variable-uninitialized``: the executor's words, the variable it names; variant
    ``local`` when that is one of TensorFlow's own local variables (:data:`_LOCAL`), which
    only tf.local_variables_initializer() initialises (tensorflow/tensorflow#3168)."""
    hits = ctx.h("tf.uninitialized_value").all()
    if not hits:
        return []
    h = hits[-1]
    if h.g("rvar"):
        # the resource form: the variable holds no value in the session or device reading it
        return [catalogue.make(
            "tf1-variable-uninitialized", variant="resource", evidence=log_evidence(hits),
            var=h.g("rvar"), line=h.line)]
    var = h.need("var")
    local = _LOCAL.search(var.split(":")[0])
    if local is not None:
        what = ("the epoch counter num_epochs makes (string_input_producer, "
                "slice_input_producer, input_producer)" if local.group("epochs")
                else "match_filenames_once's file list" if local.group("files")
                else "a tf.metrics (tf.compat.v1.metrics) total or count")
        return [catalogue.make(
            "tf1-variable-uninitialized", variant="local", evidence=log_evidence(hits),
            var=var, line=h.line, what=what)]
    return [catalogue.make(
        "tf1-variable-uninitialized", evidence=log_evidence(hits),
        var=h.g("var"), line=h.line)]
