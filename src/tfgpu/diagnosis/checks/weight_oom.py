"""An out-of-memory tensor that is a weight or an optimiser slot: the model's size, not the
batch (read by :func:`tfgpu.diagnosis.checks.memory.rule_memory`).

TensorFlow names the node whose allocation failed under the "OOM when allocating" line
("[[Node: h6/Adam_1/Assign = Assign[...]", "[[node h6/Adam_1/Assign (defined at ...)",
"{{node dense/kernel/Initializer/random_uniform}}"), and TF 1.x prints the Python stack that
created it ("Caused by op ..., defined at:") above the line.  A node that assigns or creates a
variable, or belongs to an optimiser's slots or update ops, allocates a tensor of a weight's
shape once, whatever the batch size:

* variables: ``Assign``/``AssignVariableOp``/``VarHandleOp``/``VariableV2`` and the
  ``*/Initializer/*`` ops ``tf.Variable`` builds for its initial value (TF 1.x
  ``tensorflow/python/ops/variables.py`` ``_init_from_args``, TF 2.x
  ``resource_variable_ops.py``);
* optimiser slots: TF 1.x ``tensorflow/python/training/adam.py`` ``_create_slots`` makes two
  slots per variable ("m" and "v", named ``<var>/Adam`` and ``<var>/Adam_1``: mozilla/
  DeepSpeech#1940's ``h6/Adam_1/Assign`` on a [2048,436631] output layer, out of memory even at
  batch size 1, PaddlePaddle/PaddleSpeech#309), momentum one; Keras's update ops sit under
  ``training/Adam/...`` (iperov/DeepFaceLab#683: ``training/adam/mul_73`` on [3,3,512,2048],
  fixed by a lighter model option); tf-keras's optimizer (TF 2.11-2.15) names them
  ``{variable_name}/{model_variable._shared_name}`` ("m/dense/kernel", "v/dense/kernel":
  keras-team/tf-keras dd0a723 tf_keras/optimizers/optimizer.py, adam.py), Keras 3
  ``dense_kernel_momentum`` (:data:`_KERAS3_SLOT`).  TF 2.x's BFC allocator names the op in
  "ran out of memory trying to allocate ... requested by op <name>" above the error, read as
  the node too (new-user report 48 LOW 7).  Gradients (``.../gradients/...``) are not weights: their
  activations grow with the batch.
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: A node name's last part that creates or assigns a variable.
_VARIABLE_OP = re.compile(r"^(?:Assign|AssignVariableOp|VarHandleOp|VariableV2|Variable)"
                          r"(?:_\d{1,6})?$")
#: A node name's part that is an optimiser's scope or slot (Adam's "Adam" and "Adam_1",
#: Keras's "training/Adam", TF 2's "Adam/update_...").
_OPTIMIZER = re.compile(r"^(?:Adam|Adamax|Nadam|AdamW|LazyAdam|Momentum|RMSProp|Adagrad"
                        r"|Adadelta|Ftrl|LAMB)(?:_\d{1,6})?$", re.IGNORECASE)
#: A Keras 3 optimiser variable: ``{reference_variable.path with '_'}_{name}`` (keras-team/keras
#: 3422977 keras/src/optimizers/base_optimizer.py ``add_variable_from_reference``; Adam's
#: "momentum"/"velocity"/"velocity_hat", SGD's "momentum", Adagrad's and Ftrl's "accumulator").
_KERAS3_SLOT = re.compile(r"^\w+_(?:momentum|velocity|velocity_hat|accumulator)(?:_\d{1,6})?$")
#: How many lines above the OOM line a weight-creating frame may stand (TF 1.x prints the op's
#: creation stack, "Caused by op ..., defined at:", just above the error).
_FRAMES_ABOVE = 80


def _node_kind(node: str) -> str | None:
    """What ``node`` allocates when it is a weight's or a slot's op, else ``None``."""
    parts = node.split("/")
    if any(p.lower() == "gradients" or p.startswith("gradients_") for p in parts):
        return None  # a gradient of an activation grows with the batch
    if any(_OPTIMIZER.match(p) or _KERAS3_SLOT.match(p) for p in parts):
        return "an optimiser slot or update"
    if "Initializer" in parts or _VARIABLE_OP.match(parts[-1]):
        return "a variable (a weight) being created or assigned"
    return None


def weight_allocation(ctx: Facts, oom: Hit) -> tuple[str, Hit] | None:
    """``(what, line)`` when the tensor the OOM line ``oom`` could not allocate is a weight or
    an optimiser slot: the failing node named up to four lines below the message (patterns
    ``tf.node_name``, ``tf1.node_op``), else a weight-creating frame (``mem.weight_frame``)
    up to :data:`_FRAMES_ABOVE` lines above it; ``None`` otherwise."""
    below = range(oom.line, oom.span[-1] + 5)
    for name in ("tf.node_name", "tf1.node_op"):
        for h in ctx.h(name).all():
            if h.line not in below:
                continue
            node = next((h.g(g) for g in ("n1", "n2", "n3", "n4", "n5", "node") if h.g(g)), None)
            kind = _node_kind(node) if node else None
            if kind is not None and node is not None:
                return f"{kind} (node {node})", h
    for h in ctx.h("mem.ran_out").all():
        # the BFC allocator's "requested by op <name>" above the error (TF 2.x), the same node
        node = h.g("op")
        kind = _node_kind(node) if node and 0 <= oom.line - h.line <= _FRAMES_ABOVE else None
        if kind is not None:
            return f"{kind} (op {node})", h
    frames = [f for f in ctx.h("mem.weight_frame").all()
              if 0 < oom.line - f.line <= _FRAMES_ABOVE]
    if frames:
        return "a weight or an optimiser slot being created (the traceback's variable " \
               "initialiser)", frames[-1]
    return None


__all__ = ["weight_allocation"]
