"""Labels that do not fit the model's output, and lookup indices outside a table: the data or
the model's last layer, never the GPU.

Sources (read in the TensorFlow 2.21 wheel, Keras 3.15 and keras-team/keras at v2.15.0):

* Keras 2's ``categorical_crossentropy`` / ``binary_crossentropy`` (keras/backend.py) call
  ``target.shape.assert_is_compatible_with(output.shape)``, whose refusal is TensorFlow's
  "Shapes (target) and (output) are incompatible" (tensorflow/python/framework/
  tensor_shape.py); Keras 3 (keras/src/backend/tensorflow/nn.py) says "Arguments `target`
  and `output` must have the same shape. Received: target.shape=..., output.shape=...".
* The sparse softmax cross-entropy kernel: "logits and labels must have the same first
  dimension, got logits shape [B,C] and labels shape [N]" (libtensorflow_cc.so.2).
* The gather kernels an Embedding layer's lookup runs: "indices[i,j] = K is not in [0, N)"
  (the pieces "indices[" and " is not in [0, " in the 2.21 wheel's libraries).
* The element-wise ops' broadcast check (cwise_ops_common.cc BinaryOpState, bcast_ops.cc
  BroadcastGradientArgs): "Incompatible shapes: [32,10] vs. [32,1]", with the graph node
  the op runtime names around it ("[[{{node loss/dense_loss/mul}}]]"); in a Keras loss or
  metric the two tensors are the labels and the model's output (Keras 2 losses.py: the
  crossentropy's ``target * log(output)``, mean_squared_error's
  ``squared_difference(y_pred, y_true)``), so their order differs by loss and is not read.
* The softmax cross-entropy kernel (xent_op.cc): "logits and labels must be broadcastable:
  logits_size=[654,4] labels_size=[436,4]" (TF 1.x logs: "must be same size").
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.model_inputs import printed_dims, target_fix
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: An index this many times the table's size (or negative) is no vocabulary one short of its
#: data: the ids are garbage.
_FAR = 10
#: How many lines above the shapes message a loss frame (or its code line) may stand.
_LOSS_WINDOW = 12
#: A graph node of a Keras loss (the loss scope "loss/dense_loss", Keras 3 "compile_loss",
#: or a loss function's name scope) or a metric; the gradient of either ("gradient_tape/...")
#: is the same op's.
_LOSS_NODE = re.compile(
    r"(?i)loss|crossentropy|mean_squared|mean_absolute|squareddifference|hinge|huber"
    r"|kl_?div|kullback|poisson|log_?cosh|cosine_similarity")
_METRIC_NODE = re.compile(r"(?i)(?:^|/)metrics?/|accuracy|(?:^|/)acc(?:/|_)|(?:^|/)auc")
#: How far a node line may stand from the message: the TF 2.x "[[{{node X}}]]" line under
#: it, TF 2.8+'s "Node: 'X'" just above, TF 1.x's "[[Node: X = ...]]" under it.
_NODE_BEFORE, _NODE_AFTER = 2, 3
#: How far above the message TF 2.8+'s "Detected at node 'X' defined at" may stand (the
#: traceback of the op's definition lies between).
_DETECTED_WINDOW = 80


def loss_target_shapes(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` variant ``target`` from a Keras loss refusing the
    labels' shape against the output's (pattern ``keras.loss_shapes``): Keras 3's own words,
    or TensorFlow's "Shapes ... are incompatible" with a crossentropy frame or its code line
    just above (pattern ``keras.loss_frame``; the same words come from any shape check), or
    without one when both shapes have a ``None`` batch axis (:func:`_symbolic_pair`).  Any
    other "Shapes ... are incompatible" is the hedge ``op-input-shapes-incompatible``
    variant ``shape-check`` (a loss's labels, or a weight loaded into a model built
    otherwise: the log does not say)."""
    hedge: Finding | None = None
    for h in ctx.h("keras.loss_shapes").all():
        if h.g("got3"):
            got, want, loss = h.need("got3"), h.need("want3"), "crossentropy"
            frames = []
        else:
            frames = [f for f in ctx.h("keras.loss_frame").all()
                      if 0 <= h.line - f.line <= _LOSS_WINDOW]
            got, want = h.need("got"), h.need("want")
            if not frames and not _symbolic_pair(got, want):
                hedge = hedge or catalogue.make(
                    "op-input-shapes-incompatible", variant="shape-check", a=got, b=want,
                    evidence=log_evidence([h]))
                continue
            named = [f.need("loss") for f in frames if f.g("loss")]
            loss = named[-1] if named else "crossentropy"
        return [catalogue.make(
            "keras-input-shape-mismatch-notice", variant="target",
            layer=f"the model (loss {loss})", want=want, found=got,
            evidence=log_evidence(frames[-1:], [h]), fix=target_fix(want, got))]
    return [hedge] if hedge else []


def _symbolic_pair(first: str, second: str) -> bool:
    """Two printed shapes of one rank whose first axis is ``None`` (TF 1.x: ``?``) in both and
    that differ only in the last (``(None, 1)`` and ``(None, 10)``): Keras tensors with their
    batch axis unknown, so the check was a loss's (labels against output), not a weight's (a
    weight's shape is always whole)."""
    a, b = printed_dims(first), printed_dims(second)
    return len(a) == len(b) >= 2 and a[0] == b[0] and a[0] in ("None", "?") and a[:-1] == b[:-1]


def logits_labels_dimension(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` variant ``target`` from the sparse cross-entropy
    kernel's first-dimension check (pattern ``tf.logits_labels_dim``): as many labels as
    batch x classes is one-hot labels given to a sparse loss."""
    hits = ctx.h("tf.logits_labels_dim")
    if not hits.count:
        return []
    h = hits.first[0]
    batch, classes, n = int(h.need("batch")), int(h.need("classes")), int(h.need("n"))
    if n == batch * classes:
        fix: tuple[str, ...] = (
            "# one-hot labels with a sparse loss: use loss='categorical_crossentropy', or give "
            "the labels as class indices: y = np.argmax(y, axis=-1)",)
    else:
        fix = ("# the labels must be one class index per sample (shape (batch,)) for a sparse "
               "loss: print(y.shape); a sequence's labels need an output per time step",)
    return [catalogue.make(
        "keras-input-shape-mismatch-notice", variant="target",
        layer="the model (a sparse categorical loss)", want=f"{batch} labels, one per sample",
        found=f"{n} labels", evidence=log_evidence(hits), fix=fix)]


def gather_index_out_of_range(ctx: Facts) -> list[Finding]:
    """``lookup-index-out-of-range`` from the gather kernels' index check (pattern
    ``tf.gather_index``); variant ``minus-one`` for the index -1 (the ``default_value=-1``
    that tf.lookup's index tables give an unknown key, lookup_ops.py index_table_from_file /
    index_table_from_tensor, or -1 used as padding); ``garbage-index`` (a hedge) for an index
    otherwise negative or far
    beyond the table (:data:`_FAR` times its size: corrupt ids, not a table too small),
    ``embedding`` when an embedding lookup's node stands on the line or within a few lines
    (pattern ``tf.embedding_node``)."""
    hits = ctx.h("tf.gather_index")
    if not hits.count:
        return []
    h = hits.first[0]
    index, size = h.need("index"), h.need("size")
    if int(index) == -1:
        # the value an unknown key gets from TensorFlow's vocabulary tables, or a padding value
        return [catalogue.make("lookup-index-out-of-range", variant="minus-one", size=size,
                               evidence=log_evidence([h]))]
    if int(index) < 0 or int(index) > _FAR * max(int(size), 1):
        # no table one row short: the ids themselves are garbage (a hedge)
        return [catalogue.make("lookup-index-out-of-range", variant="garbage-index",
                               index=index, size=size, evidence=log_evidence([h]))]
    nodes = [n for n in ctx.h("tf.embedding_node").all() if abs(n.line - h.line) <= 6]
    if h.g("emb") or nodes:
        return [catalogue.make(
            "lookup-index-out-of-range", variant="embedding", index=index, size=size,
            evidence=log_evidence([h], nodes[:1]))]
    return [catalogue.make("lookup-index-out-of-range", index=index, size=size,
                           evidence=log_evidence([h]))]


# --- two shapes that do not broadcast --------------------------------------------------------

def _ints(text: str) -> list[int]:
    """``"32,10"`` -> ``[32, 10]``; ``""`` (a scalar) -> ``[]``."""
    return [int(d) for d in text.split(",") if d]


def _node_near(ctx: Facts, hit: Hit) -> str | None:
    """The graph node the op runtime names around ``hit`` (pattern ``tf.node_name``): on a
    line from :data:`_NODE_BEFORE` above to :data:`_NODE_AFTER` below, else TF 2.8+'s
    "Detected at node" up to :data:`_DETECTED_WINDOW` lines above; ``None`` when neither."""
    nodes = ctx.h("tf.node_name").all()
    for n in nodes:
        if -_NODE_BEFORE <= n.line - hit.line <= _NODE_AFTER:
            return n.g("n1") or n.g("n2") or n.g("n3") or n.g("n4") or n.g("n5")
    for n in reversed(nodes):
        if n.g("n5") and 0 <= hit.line - n.line <= _DETECTED_WINDOW:
            return n.g("n5")
    return None


def _axis_differs(a: list[int], b: list[int]) -> str | None:
    """Which axis two shapes that do not broadcast differ in: ``"last"`` (the same leading
    axes, another last one: a class or feature axis; or one shape is the other without its
    last axis: one number per sample against a row), ``"batch"`` (the same axes but the
    first), else ``None``."""
    if len(a) == len(b) >= 1:
        if a[:-1] == b[:-1] and a[-1] != b[-1]:
            return "last"
        if len(a) >= 2 and a[0] != b[0] and a[1:] == b[1:]:
            return "batch"
        return None
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if len(long_) - len(short) == 1 and short and long_[:-1] == short:
        return "last"
    return None


def _pair_fix(a: list[int], b: list[int]) -> tuple[str, ...]:
    """Fix lines for labels and an output that differ in their last axis, whichever is which:
    one number per sample (or a last axis of 1) against a wider row is class indices for a
    loss that takes one-hot rows; two widths above 1 are a class count that differs."""
    last = [s[-1] if len(s) == max(len(a), len(b)) else 1 for s in (a, b)]
    if min(last) == 1 and max(last) > 1:
        return (f"# one number per sample against rows of {max(last)}: class indices with a "
                "loss that takes one-hot rows: loss='sparse_categorical_crossentropy', or "
                f"keras.utils.to_categorical(y, {max(last)}); or, for one output per sample, "
                "a last layer of 1 unit",)
    lo, hi = sorted(last)
    return (f"# {lo} against {hi} classes: the last layer's units and the labels' classes "
            "must be one number (Dense(num_classes) with num_classes = the classes in the "
            "labels, e.g. y.shape[-1]); check which of the two is the data's count",)


def op_shapes_incompatible(ctx: Facts) -> list[Finding]:
    """Two shapes an element-wise op cannot broadcast (pattern ``tf.incompatible_shapes``),
    with the graph node named around the message (:func:`_node_near`).  In a loss or metric
    node (:data:`_LOSS_NODE`, :data:`_METRIC_NODE`) whose shapes differ in the last axis:
    ``keras-input-shape-mismatch-notice`` variant ``loss-op`` (the labels against the output;
    which is which is not read).  Otherwise ``op-input-shapes-incompatible`` (a hedge):
    variant ``batch`` when they differ in the first axis only, else the general reading."""
    hits = ctx.h("tf.incompatible_shapes").all()
    if not hits:
        return []
    h = hits[-1]
    a, b = _ints(h.g("a") or ""), _ints(h.g("b") or "")
    shown_a, shown_b = f"[{h.g('a') or ''}]", f"[{h.g('b') or ''}]"
    node = _node_near(ctx, h)
    axis = _axis_differs(a, b)
    where = ("loss" if node and _LOSS_NODE.search(node)
             else "metric" if node and _METRIC_NODE.search(node) else None)
    evidence = log_evidence([h])
    if where and axis == "last":
        return [catalogue.make(
            "keras-input-shape-mismatch-notice", variant="loss-op", where=where, node=node,
            a=shown_a, b=shown_b, evidence=evidence, fix=_pair_fix(a, b))]
    return [catalogue.make("op-input-shapes-incompatible",
                           variant="batch" if axis == "batch" else None,
                           node=node or "an element-wise op", a=shown_a, b=shown_b,
                           evidence=evidence)]


def xent_sizes(ctx: Facts) -> list[Finding]:
    """The softmax cross-entropy kernel's size check (pattern ``tf.xent_sizes``): logits and
    labels that differ in the last axis are ``keras-input-shape-mismatch-notice`` variant
    ``target`` (the labels' classes against the logits'); any other difference (the number
    of samples) is the hedge ``op-input-shapes-incompatible`` variant ``batch`` or general."""
    hits = ctx.h("tf.xent_sizes").all()
    if not hits:
        return []
    h = hits[-1]
    logits, labels = _ints(h.need("logits")), _ints(h.need("labels"))
    want, found = f"({', '.join(map(str, logits))})", f"({', '.join(map(str, labels))})"
    axis = _axis_differs(logits, labels)
    if axis == "last":
        return [catalogue.make(
            "keras-input-shape-mismatch-notice", variant="target",
            layer="the model (softmax cross-entropy)", want=want, found=found,
            evidence=log_evidence([h]), fix=target_fix(want, found))]
    return [catalogue.make("op-input-shapes-incompatible",
                           variant="batch" if axis == "batch" else None,
                           node="softmax cross-entropy (logits vs. labels)",
                           a=f"[{h.need('logits')}]", b=f"[{h.need('labels')}]",
                           evidence=log_evidence([h]))]


__all__ = ["gather_index_out_of_range", "logits_labels_dimension", "loss_target_shapes",
           "op_shapes_incompatible", "xent_sizes"]
