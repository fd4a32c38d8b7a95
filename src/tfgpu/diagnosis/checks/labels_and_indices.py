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
* The matrix product's size check (matmul_op_impl.h): "Matrix size-incompatible: In[0]:
  [32,784], In[1]: [1024,10]"; the reshape kernel's count (reshape_op.h): "Input to reshape is
  a tensor with N values, but the requested shape has M" / "requires a multiple of K".
"""

from __future__ import annotations

import math
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
#: A graph node inside one of Keras's built-in losses or accuracy metrics (tf.keras names each
#: function's ops under its name: "categorical_crossentropy/mul", "gradient_tape/
#: mean_squared_error/BroadcastGradientArgs", "metrics/acc/Equal"): those ops combine the labels
#: with the model's output.  A custom loss's own scope ("vae_loss/add") is not one: its ops
#: may combine anything.
_BUILTIN_LOSS = re.compile(
    r"(?:^|/)(?:categorical_crossentropy|binary_crossentropy|mean_squared_error"
    r"|mean_absolute_error|mean_absolute_percentage_error|mean_squared_logarithmic_error"
    r"|squared_hinge|categorical_hinge|hinge|huber(?:_loss)?|kl_divergence"
    r"|kullback_leibler_divergence|poisson|log_cosh|logcosh|cosine_similarity)(?:_\d+)?/")
_BUILTIN_METRIC = re.compile(
    r"(?:^|/)(?:accuracy|acc|categorical_accuracy|binary_accuracy|sparse_categorical_accuracy"
    r"|top_k_categorical_accuracy|sparse_top_k_categorical_accuracy)(?:_\d+)?/")
#: Keras 2's target placeholder among a TF 1.x node's inputs ("Mul[...](dense_6_target,
#: loss/dense_6_loss/Log)", "_arg_dense_6_target_0_1"): the labels are one of the two tensors.
_TARGET_INPUT = re.compile(r"\]\(.{0,300}?_target\b|\]\(.{0,300}?_target_\d")
#: How far a node line may stand from the message: the TF 2.x "[[{{node X}}]]" line and TF
#: 1.x's "[[Node: X = ...]]" under it, TF 2.8+'s "Node: 'X'" just above it.
_NODE_BEFORE, _NODE_AFTER = 2, 3


def loss_target_shapes(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` from TensorFlow's shape check of the labels
    against the output (pattern ``keras.loss_shapes``).  Variant ``target``: Keras 3's own
    words (target first); "Shapes ... are incompatible" under a crossentropy frame or its code
    line (pattern ``keras.loss_frame``: target first) or a metric's (pattern
    ``keras.metric_frame``: the confusion-matrix metrics put y_pred first, the accuracy
    metrics y_true).  Variant ``loss-op`` (which is which not read): no frame, and both shapes
    with a ``None`` batch axis (:func:`_symbolic_pair`).  Any other "Shapes ... are
    incompatible" is the hedge ``op-input-shapes-incompatible`` variant ``shape-check`` (a
    loss's labels, or a weight loaded into a model built otherwise: the log does not say)."""
    hedge: Finding | None = None
    shape_hits = ctx.h("keras.loss_shapes").all()
    for h in shape_hits:
        if h.g("got3"):
            got, want, loss = h.need("got3"), h.need("want3"), "loss crossentropy"
            frames = []
        else:
            first, second = h.need("got"), h.need("want")
            frames = [f for f in ctx.h("keras.loss_frame").all()
                      if 0 <= h.line - f.line <= _LOSS_WINDOW]
            metrics = [f for f in ctx.h("keras.metric_frame").all()
                       if 0 <= h.line - f.line <= _LOSS_WINDOW]
            if metrics and (not frames or metrics[-1].line > frames[-1].line):
                pred_first = not metrics[-1].g("true_first")
                got, want = (second, first) if pred_first else (first, second)
                frames, loss = metrics[-1:], "a metric"
            elif frames:
                named = [f.need("loss") for f in frames if f.g("loss")]
                got, want = first, second
                loss = f"loss {named[-1]}" if named else "loss crossentropy"
            elif _symbolic_pair(first, second):
                a, b = printed_dims(first), printed_dims(second)
                return [catalogue.make(
                    "keras-input-shape-mismatch-notice", variant="loss-op",
                    where="loss or metric", node="a Keras shape check", a=first, b=second,
                    evidence=log_evidence([h], _repeats(shape_hits, h)),
                    fix=_pair_fix([int(a[-1])], [int(b[-1])], sparse=False)
                    if a[-1].isdigit() and b[-1].isdigit() else None)]
            else:
                hedge = hedge or catalogue.make(
                    "op-input-shapes-incompatible", variant="shape-check", a=first, b=second,
                    evidence=log_evidence([h], _repeats(shape_hits, h)))
                continue
        return [catalogue.make(
            "keras-input-shape-mismatch-notice", variant="target",
            layer=f"the model ({loss})", want=want, found=got,
            evidence=log_evidence(frames[-1:], [h], _repeats(shape_hits, h)),
            fix=target_fix(want, got))]
    return [hedge] if hedge else []


def _symbolic_pair(first: str, second: str) -> bool:
    """Two printed shapes of two axes whose first is ``None`` (TF 1.x: ``?``) in both
    (``(None, 1)`` and ``(None, 10)``): Keras tensors with their batch axis unknown, so the
    check was a loss's or a metric's (labels against output), not a weight's (a weight's shape
    is always whole).  More axes (images, sequences) stay unread: their last axis need not be
    classes."""
    a, b = printed_dims(first), printed_dims(second)
    return len(a) == len(b) == 2 and a[0] == b[0] and a[0] in ("None", "?")


def logits_labels_dimension(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice`` variant ``target`` from the sparse cross-entropy
    kernel's first-dimension check (pattern ``tf.logits_labels_dim``): as many labels as
    batch x classes is one-hot labels given to a sparse loss."""
    hits = ctx.h("tf.logits_labels_dim")
    if not hits.count:
        return []
    # (a hard wrap may leave the labels' shape on a line of its own: the match that read it)
    h = next((x for x in hits.all() if x.g("n")), hits.first[0])
    batch, classes = int(h.need("batch")), int(h.need("classes"))
    n = int(h.g("n") or 0) or None
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
        found=(f"{n} labels" if n
               else "another number of labels (not read: the line breaks before it)"),
        evidence=log_evidence(hits), fix=fix)]


#: The token-type (segment) table of a transformer's input (huggingface/transformers
#: modeling_tf_bert.py TFBertEmbeddings: token_type_embeddings of config.type_vocab_size rows,
#: BertConfig default 2; CyberZHG/keras-bert's Embedding(input_dim=2, name='Embedding-Segment')).
#: Not the position table: an index
#: past max_position_embeddings is a sequence longer than the model takes.
#: The least index read as a token id reaching the token-type table: BERT's vocabulary keeps
#: ids 0-99 for [PAD] and [unusedN], its [CLS]/[SEP] are 101/102 (bert-base-uncased vocab.txt);
#: a smaller index just past a 1-2 row table is a segment id (variant ``segment-ids``).
_TOKEN_IDS = 100
#: A token-type table's rows: type_vocab_size, 2 in BertConfig, 1 in RoBERTa's config
#: (huggingface/transformers configuration_bert.py; roberta-base config.json
#: "type_vocab_size": 1); how far (lines) the code line or the Call-arguments block may be.
_SIDE_ROWS = 2
_SIDE_NEAR = 12
_SIDE_TABLE = re.compile(r"(?i)(?:token_type|segment)_?embeddings?(?![a-z])|Embedding-Segment\b")


def gather_index_out_of_range(ctx: Facts) -> list[Finding]:
    """``lookup-index-out-of-range`` from the gather kernels' index check (pattern
    ``tf.gather_index``); variant ``minus-one`` for the index -1 (the ``default_value=-1``
    that tf.lookup's index tables give an unknown key, lookup_ops.py index_table_from_file /
    index_table_from_tensor, or -1 used as padding); ``garbage-index`` (a hedge) for an index
    otherwise negative or far
    beyond the table (:data:`_FAR` times its size: corrupt ids, not a table too small),
    ``embedding`` when an embedding lookup's node stands on the line or within a few lines
    (pattern ``tf.embedding_node``); first ``other-input`` when that node is a transformer's
    token-type (segment) table (:data:`_SIDE_TABLE`): ids of another input (token ids) reach
    it; for a table of 1-2 rows also when a token-type input (not None) stands on the
    traceback's code line or in Keras's "Call arguments received" block (pattern
    ``ctx.token_type_input``), as RoBERTa's embeddings layer names its node by the layer."""
    hits = ctx.h("tf.gather_index")
    if not hits.count:
        return []
    h = hits.first[0]
    again = _repeats(hits.all(), h)
    index, size = h.need("index"), h.need("size")
    if int(index) == -1:
        # the value an unknown key gets from TensorFlow's vocabulary tables, or a padding value
        return [catalogue.make("lookup-index-out-of-range", variant="minus-one", size=size,
                               evidence=log_evidence([h], again))]
    nodes = [n for n in ctx.h("tf.embedding_node").all() if abs(n.line - h.line) <= 6]
    side = [n for n in [h, *nodes] if _SIDE_TABLE.search(n.text)]
    if not side and int(size) <= _SIDE_ROWS:
        # the node's name is the layer's own (".../embeddings/Gather_2"): a token-type input
        # on the traceback's code line or in Keras's "Call arguments received" block, given
        # a table of 1-2 rows (no vocabulary or position table is that small)
        side = [n for n in ctx.h("ctx.token_type_input").all()
                if abs(n.line - h.line) <= _SIDE_NEAR and not n.g("none")][:1]
    if side and int(index) >= 0:
        # a transformer's token-type (segment) table (BERT: 2 rows) given
        # an id of another input: the inputs arrive in another order or under other names
        table = _SIDE_TABLE.search(side[0].text)
        # token ids only when the index is far above the table (BERT's special ids begin at
        # 100, [SEP] = 102, huggingface/transformers#8538); an index just past a 1-2 row table
        # is a segment id (RoBERTa's 1-row table and a pair's segment id 1,
        # huggingface/transformers#1538, #2445, PR #2432)
        return [catalogue.make(
            "lookup-index-out-of-range",
            variant="other-input" if int(index) >= _TOKEN_IDS else "segment-ids",
            index=index, size=size,
            table=table.group(0) if table else "token_type_embeddings",
            evidence=log_evidence([h], [n for n in side if n is not h][:1], again))]
    if int(index) < 0 or int(index) > _FAR * max(int(size), 1):
        # no table one row short: the ids themselves are garbage (a hedge)
        return [catalogue.make("lookup-index-out-of-range", variant="garbage-index",
                               index=index, size=size, evidence=log_evidence([h], again))]
    if h.g("emb") or nodes:
        return [catalogue.make(
            "lookup-index-out-of-range", variant="embedding", index=index, size=size,
            evidence=log_evidence([h], nodes[:1], again))]
    return [catalogue.make("lookup-index-out-of-range", index=index, size=size,
                           evidence=log_evidence([h], again))]


# --- two shapes that do not broadcast --------------------------------------------------------

def _ints(text: str) -> list[int]:
    """``"32,10"`` -> ``[32, 10]``; ``""`` (a scalar) -> ``[]``."""
    return [int(d) for d in text.split(",") if d]


def _node_near(ctx: Facts, hit: Hit) -> Hit | None:
    """The graph-node line the op runtime prints with ``hit`` (pattern ``tf.node_name``): the
    nearest within :data:`_NODE_AFTER` lines below (the "[[{{node X}}]]" line), else within
    :data:`_NODE_BEFORE` above (TF 2.8+'s "Node: 'X'"); ``None`` when neither (an eager op's
    error, or a paste without it).  TF 2.8+'s "Detected at node" far above is not read: a
    notebook's earlier error prints one too."""
    nodes = [n for n in ctx.h("tf.node_name").all()
             if -_NODE_BEFORE <= n.line - hit.line <= _NODE_AFTER and not n.g("n5")]
    after = [n for n in nodes if n.line >= hit.line]
    if after:
        return min(after, key=lambda n: n.line)
    return max(nodes, key=lambda n: n.line) if nodes else None


def _node_name(n: Hit) -> str:
    """The node's name from whichever form matched."""
    return n.g("n1") or n.g("n2") or n.g("n3") or n.need("n4")


def _labels_node(n: Hit | None) -> str | None:
    """``"loss"`` or ``"metric"`` when the node ``n`` is inside a built-in Keras loss or
    accuracy metric (:data:`_BUILTIN_LOSS`, :data:`_BUILTIN_METRIC`), or a node printed with
    its inputs (TF 1.x) one of which is Keras 2's target placeholder (:data:`_TARGET_INPUT`);
    else ``None``."""
    if n is None:
        return None
    name = _node_name(n)
    if _BUILTIN_METRIC.search(name + "/"):
        return "metric"
    if _BUILTIN_LOSS.search(name + "/") or _TARGET_INPUT.search(n.text):
        return "loss"
    return None


def _repeats(hits: list[Hit], h: Hit) -> list[Hit]:
    """The last later hit of the same message with the same values as ``h`` (the op's
    OP_REQUIRES warning repeated under the exception, or a notebook cell run again), for
    evidence: the finding then quotes the line the program died on too."""
    same = [x for x in hits if x.line > h.line and x.groups == h.groups]
    return same[-1:]


def _axis_differs(a: list[int], b: list[int]) -> str | None:
    """Which axis two shapes that do not broadcast differ in: ``"last"`` (two or more axes,
    the same leading ones and another last one: a class or feature axis; or one shape is the
    other without its last axis), ``"batch"`` (the same axes but the first; one axis each: the
    number of samples), else ``None``."""
    if len(a) == len(b) >= 1:
        if len(a) >= 2 and a[:-1] == b[:-1] and a[-1] != b[-1]:
            return "last"
        if a[0] != b[0] and a[1:] == b[1:]:
            return "batch"
        return None
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if len(long_) - len(short) == 1 and short and long_[:-1] == short:
        return "last"
    return None


def _pair_fix(a: list[int], b: list[int], sparse: bool) -> tuple[str, ...]:
    """Fix lines for labels and an output that differ in their last axis, whichever is which.
    ``sparse``: the node is a sparse loss or metric, whose labels have no class axis (the
    last axes are then time steps or positions).  One shape with an extra trailing axis of 1
    is an axis to squeeze; one number per sample against rows is class indices for a loss
    that takes one-hot rows; one column against k (a shape check, which needs no broadcast) is
    either side's encoding; two widths above 1 are two class counts."""
    if len(a) != len(b) and max(a, b, key=len)[-1] == 1:
        return ("# one of the two has an extra trailing axis of 1 (labels (batch, n, 1) "
                "against an output (batch, n), or the reverse): np.squeeze(y, -1) or "
                "y.reshape(...) to the output's shape (print y.shape and model.output_shape)",)
    if sparse:
        return ("# a sparse loss or metric takes labels with the output's shape without its "
                "class axis: print y.shape and model.output_shape (sequence labels must be as "
                "long as the output's time steps)",)
    if len(a) != len(b):
        width = max(a, b, key=len)[-1]
        return (f"# one number per sample against rows of {width}: class indices with a loss "
                "that takes one-hot rows: loss='sparse_categorical_crossentropy', or "
                f"keras.utils.to_categorical(y, {width}); or, for one output per sample, a "
                "last layer of 1 unit",)
    lo, hi = sorted((a[-1], b[-1]))
    if lo == 1:
        return (f"# one column against {hi}: class indices (one number per sample) against an "
                f"output of {hi} units: loss='sparse_categorical_crossentropy', or "
                f"keras.utils.to_categorical(y, {hi})",
                f"# or one-hot labels of {hi} classes against a last layer of 1 unit: "
                f"Dense({hi}) with softmax")
    return (f"# {lo} against {hi} classes: the last layer's units and the labels' classes "
            "must be one number (Dense(num_classes) with num_classes = the classes in the "
            "labels, e.g. y.shape[-1]); check which of the two is the data's count",)


def _flattened(a: list[int], b: list[int]) -> str | None:
    """``"7600 = 400 x 19"`` when one shape is one axis holding exactly the values of the
    other's two or more axes (one side the other flattened: keras-team/keras 2.2.3-2.2.4
    metrics.py sparse_categorical_accuracy compared ``K.flatten(y_true)`` with
    ``K.argmax(y_pred, axis=-1)``, fixed in 2.2.5); else None."""
    short, long_ = (a, b) if len(a) < len(b) else (b, a)
    if len(short) != 1 or len(long_) < 2 or min(long_) < 2:
        return None
    product = 1
    for d in long_:
        product *= d
    if short[0] != product:
        return None
    return f"{short[0]} = " + " x ".join(str(d) for d in long_)


def _tf2_era(ctx: Facts, hit: Hit, near: Hit | None) -> bool:
    """True when the log shows TensorFlow 2 around ``hit`` (review 49a P7): a TensorFlow 2
    version, TF 2.8+'s "Graph execution error" on the line before, or a tf.function's
    "[Op:__inference_" on the node line.  Standalone Keras 2.2.x (the flattened-accuracy bug,
    keras-team/keras#11749) ran on TensorFlow 1 only: the Keras 2.2.5 release notes call it "the
    last release to only support TensorFlow 1", and 2.3.0 "the first release of multi-backend
    Keras that supports TensorFlow 2.0" (github.com/keras-team/keras/releases/tag/2.3.0)."""
    mm = ctx.tf_mm
    if mm is not None and mm[0] >= 2:
        return True
    texts = (hit.before, hit.text, near.text if near else "")
    return any("Graph execution error" in t or "[Op:__inference_" in t for t in texts)


def op_shapes_incompatible(ctx: Facts) -> list[Finding]:
    """Two shapes an element-wise op cannot broadcast (pattern ``tf.incompatible_shapes``),
    each message read with the graph node printed with it (:func:`_node_near`).  In a
    built-in Keras loss or metric node (:func:`_labels_node`) whose shapes differ in the last
    axis: ``keras-input-shape-mismatch-notice`` variant ``loss-op`` (the labels against the
    output; which is which is not read).  Otherwise ``op-input-shapes-incompatible`` (a
    hedge): variant ``batch`` when they differ in the first axis only, else the general
    reading.  A log with several such errors (a notebook's cells) gives the first reading of
    each id."""
    out: dict[str, Finding] = {}
    hits = ctx.h("tf.incompatible_shapes").all()
    for h in hits:
        a, b = _ints(h.g("a") or ""), _ints(h.g("b") or "")
        shown_a, shown_b = f"[{h.g('a') or ''}]", f"[{h.g('b') or ''}]"
        near = _node_near(ctx, h)
        node = _node_name(near) if near else None
        axis = _axis_differs(a, b)
        where = _labels_node(near)
        evidence = log_evidence([h], [near] if near else [], _repeats(hits, h))
        flat = _flattened(a, b)
        if flat is not None:
            out.setdefault("flat", catalogue.make(
                "op-input-shapes-incompatible",
                variant="flattened-tf2" if _tf2_era(ctx, h, near) else "flattened",
                node=node or "an element-wise op", a=shown_a, b=shown_b, product=flat,
                evidence=evidence))
            continue
        if where and axis == "last" and node:
            out.setdefault("labels", catalogue.make(
                "keras-input-shape-mismatch-notice", variant="loss-op", where=where, node=node,
                a=shown_a, b=shown_b, evidence=evidence,
                fix=_pair_fix(a, b, sparse="sparse" in node.lower())))
        else:
            out.setdefault("hedge", catalogue.make(
                "op-input-shapes-incompatible", variant="batch" if axis == "batch" else None,
                node=node or "an element-wise op", a=shown_a, b=shown_b, evidence=evidence))
    return list(out.values())


def matmul_sizes(ctx: Facts) -> list[Finding]:
    """The matrix product's size check (pattern ``tf.matmul_sizes``), with the node printed
    with it: ``op-input-shapes-incompatible`` variant ``matmul`` (a hedge: a Dense layer or
    a matmul given rows of another width than its weights take; why is not in the log)."""
    hits = ctx.h("tf.matmul_sizes").all()
    if not hits:
        return []
    h = hits[-1]
    near = _node_near(ctx, h)
    return [catalogue.make(
        "op-input-shapes-incompatible", variant="matmul",
        node=_node_name(near) if near else "a matrix product (MatMul)",
        a=f"[{h.need('a')}]", b=f"[{h.need('b')}]",
        evidence=log_evidence(hits[:1], [h], [near] if near else []))]


def reshape_count(ctx: Facts) -> list[Finding]:
    """The reshape kernel's element count (pattern ``tf.reshape_count``), with the node
    printed with it: ``op-input-shapes-incompatible`` variant ``reshape`` (a hedge: a shape
    written for other data)."""
    hits = ctx.h("tf.reshape_count").all()
    if not hits:
        return _numpy_reshape(ctx)
    h = hits[-1]
    near = _node_near(ctx, h)
    want = h.g("m")
    shown = f"{want} values" if want else f"a multiple of {h.need('k')} values"
    if near is not None and _DECODE_RAW_INPUT.search(near.text):
        # the reshape's first input is DecodeRaw's output (TF 1.x prints a node with its
        # inputs: "Reshape[...](input/DecodeRaw/_2099, input/Reshape/shape)"): the stored
        # records hold another number of values than the reader's shape
        return [catalogue.make(
            "op-input-shapes-incompatible", variant="decode-raw", node=_node_name(near),
            a=f"{h.need('n')} values", b=shown, evidence=log_evidence(hits[:1], [h], [near]))]
    return [catalogue.make(
        "op-input-shapes-incompatible", variant="reshape",
        node=_node_name(near) if near else "A reshape (Reshape)",
        a=f"{h.need('n')} values", b=shown,
        evidence=log_evidence(hits[:1], [h], [near] if near else []))]


#: A TF 1.x node printed with its inputs whose first input is a DecodeRaw op's output.
_DECODE_RAW_INPUT = re.compile(r"=\s*Reshape\[[^\]]{0,300}\]\(\s*[^,()]{0,200}DecodeRaw\b")


def _numpy_reshape(ctx: Facts) -> list[Finding]:
    """NumPy's reshape refusing an array whose size the requested shape does not hold
    (pattern ``np.reshape_count``): ``op-input-shapes-incompatible`` variant
    ``numpy-reshape`` (the numbers prove the shape was written for other data)."""
    hits = ctx.h("np.reshape_count").all()
    if not hits:
        return []
    h = hits[-1]
    dims = [int(d) for d in re.findall(r"-?\d+", h.need("shape"))]
    known = math.prod(d for d in dims if d != -1)
    holds = (f"a multiple of {known} values" if -1 in dims else f"{known} values")
    return [catalogue.make(
        "op-input-shapes-incompatible", variant="numpy-reshape",
        a=f"{h.need('n')} values", b=f"{h.need('shape')} ({holds})",
        evidence=log_evidence([h]))]


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
            evidence=log_evidence(hits[:1], [h]), fix=target_fix(want, found))]
    return [catalogue.make("op-input-shapes-incompatible",
                           variant="batch" if axis == "batch" else None,
                           node="softmax cross-entropy (logits vs. labels)",
                           a=f"[{h.need('logits')}]", b=f"[{h.need('labels')}]",
                           evidence=log_evidence(hits[:1], [h]))]


__all__ = ["gather_index_out_of_range", "logits_labels_dimension", "loss_target_shapes",
           "matmul_sizes", "op_shapes_incompatible", "reshape_count", "xent_sizes"]
