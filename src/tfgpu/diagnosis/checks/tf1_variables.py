"""TensorFlow 1's variable store refusing a variable: a name already in the graph, or a shared
variable asked for with another shape.

Source: tensorflow/python/ops/variable_scope.py (1.x; 2.21's tf.compat.v1), ``_VariableStore
._get_single_variable``: a name already in the store with ``reuse`` False raises "Variable %s
already exists, disallowed. Did you mean to set reuse=True or reuse=tf.AUTO_REUSE in
VarScope? Originally defined at: ..." (the graph holds it: the code that builds the model ran
twice into the same default graph); a reused name with another shape raises "Trying to share
variable %s, but specified shape %s and found shape %s.". TensorFlow 1.2's release notes
(RNN cells): a cell object holds its own variables, so ``MultiRNNCell([cell] * n)`` shares one
layer's weights with every layer, and a first layer with another input size cannot share
them; each layer needs its own cell object.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def variable_defined_twice(ctx: Facts) -> list[Finding]:
    """``tf1-variable-defined-twice`` (pattern ``tf1.variable_exists``: a variable's or a
    partitioned variable's wording)."""
    hits = ctx.h("tf1.variable_exists").all()
    if not hits:
        return []
    h = hits[0]
    return [catalogue.make(
        "tf1-variable-defined-twice", name=h.g("name") or h.need("name2"),
        evidence=log_evidence([h]),
        fix=("# a notebook: restart the kernel, or call tf.compat.v1.reset_default_graph() "
             "before the cell that builds the model, then run it once",
             "# two different layers (a helper creating 'weights' called twice, two RNNs): "
             "wrap each call in its own scope, with tf.compat.v1.variable_scope('fc1'): ...",
             "# a second copy meant to share the first one's weights (an evaluation graph): "
             "build it under tf.compat.v1.variable_scope(scope, reuse=True)",
             "# TF 1's reference variables print 'Originally defined at' lines: they name "
             "where the first one was made",
             "# a project's code that runs once for its authors: try the TensorFlow 1.x "
             "release its README or requirements name"))]


def variable_shared_other_shape(ctx: Facts) -> list[Finding]:
    """``tf1-variable-shared-with-other-shape`` (pattern ``tf1.variable_shape_shared``),
    variant ``multi-rnn-cell`` when the name is a MultiRNNCell layer's (one cell object
    repeated for every layer)."""
    hits = ctx.h("tf1.variable_shape_shared").all()
    if not hits:
        return []
    h = hits[0]
    name = h.need("name")
    ev = log_evidence([h])
    if "multi_rnn_cell/cell_" in name:
        return [catalogue.make(
            "tf1-variable-shared-with-other-shape", variant="multi-rnn-cell", name=name,
            want=h.need("want"), found=h.need("found"), evidence=ev,
            fix=("# one cell object per layer: cells = [tf.compat.v1.nn.rnn_cell.LSTMCell(n) "
                 "for _ in range(num_layers)]; tf.compat.v1.nn.rnn_cell.MultiRNNCell(cells)",
                 "# not MultiRNNCell([cell] * num_layers), which repeats one object"))]
    return [catalogue.make(
        "tf1-variable-shared-with-other-shape", name=name, want=h.need("want"),
        found=h.need("found"), evidence=ev,
        fix=("# the second use asks for the variable with another shape: give that layer (or "
             "scope) its own name, or feed it inputs of the size it was built for",
             "# a notebook that builds the model again with other sizes: "
             "tf.compat.v1.reset_default_graph() (or restart the kernel) first"))]


__all__ = ["variable_defined_twice", "variable_shared_other_shape"]
