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
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.model_inputs import target_fix
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: An index this many times the table's size (or negative) is no vocabulary one short of its
#: data: the ids are garbage.
_FAR = 10
#: How many lines above the shapes message a loss frame (or its code line) may stand.
_LOSS_WINDOW = 12


def loss_target_shapes(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` variant ``target`` from a Keras loss refusing the
    labels' shape against the output's (pattern ``keras.loss_shapes``): Keras 3's own words,
    or TensorFlow's "Shapes ... are incompatible" with a crossentropy frame or its code line
    just above (pattern ``keras.loss_frame``; the same words come from any shape check)."""
    for h in ctx.h("keras.loss_shapes").all():
        if h.g("got3"):
            got, want, loss = h.need("got3"), h.need("want3"), "crossentropy"
            frames = []
        else:
            frames = [f for f in ctx.h("keras.loss_frame").all()
                      if 0 <= h.line - f.line <= _LOSS_WINDOW]
            if not frames:
                continue
            got, want = h.need("got"), h.need("want")
            named = [f.need("loss") for f in frames if f.g("loss")]
            loss = named[-1] if named else "crossentropy"
        return [catalogue.make(
            "keras-input-shape-mismatch-notice", variant="target",
            layer=f"the model (loss {loss})", want=want, found=got,
            evidence=log_evidence(frames[-1:], [h]), fix=target_fix(want, got))]
    return []


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
    ``tf.gather_index``); variant ``garbage-index`` (a hedge) for an index negative or far
    beyond the table (:data:`_FAR` times its size: corrupt ids, not a table too small),
    ``embedding`` when an embedding lookup's node stands on the line or within a few lines
    (pattern ``tf.embedding_node``)."""
    hits = ctx.h("tf.gather_index")
    if not hits.count:
        return []
    h = hits.first[0]
    index, size = h.need("index"), h.need("size")
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


__all__ = ["gather_index_out_of_range", "logits_labels_dimension", "loss_target_shapes"]
