"""Model code a Keras release refuses: layers written for Keras 2 run under Keras 3, a
subclass that sets layers or weights before calling super().__init__(), a custom layer with
``__init__`` arguments and no ``get_config()`` saved whole, a functional model whose outputs do
not lead back to its inputs, a loss that does not depend on the weights, a symbolic Keras 2
tensor given to a TensorFlow API without dispatch.  One section per fault below.

Keras 3 (tf.keras from TensorFlow 2.16) meeting model code written for Keras 2: a model or
layer that was never called has no input/output.

Keras 3 raises ``The layer {name} has never been called and thus has no defined {input,
output}`` (keras/src/ops/operation.py ``_get_node_attribute_at_index``); Keras 2 built a
Sequential model with an input shape at once and gave it ``.input``.  The finding is the
``never-called`` variant of ``keras3-needs-tf-keras`` (platform fact ``keras3-switch``), a
warning: the code may be the user's own (build it on ``keras.Input``) or a library's
written for Keras 2 (keep Keras 2 with tf-keras).  Only when Keras 3 is known to be in use:
TensorFlow >= the switch (host facts or the log), or the traceback runs through Keras 3's
``keras/src/ops``; never for a TensorFlow known to predate the switch.

A Keras subclass that sets attributes before calling its base class's ``__init__``.

Sources (keras-team/keras at its tags; the tf.keras copy in the TensorFlow 2.21 wheel):
Keras 2.2.0-2.3.1 ``keras/engine/network.py`` ``Network.__setattr__`` raises, when a Layer or
Network is assigned before ``_is_graph_network`` exists, "It looks like you are subclassing
`Model` and you forgot to call `super(YourClass, self).__init__()`. Always start with this
line." (Keras 2.1.6 has no such check); tf.keras and Keras 2.4-2.15 ``training.py`` raise the
same with `super().__init__()`; Keras 3 ``layer.py`` / ``base_optimizer.py`` raise "In layer
'<class>', you forgot to call `super().__init__()` as the first statement in the `__init__()`
method. Go add it!", and Keras 3 ``metric.py`` "You forgot to call `super().__init__()` in
the `__init__()` method. Go add it!".  Code written for Keras 2.1 that assigns sub-models
before calling ``Model.__init__`` (the multi-GPU ``ParallelModel`` of matterport's Mask
R-CNN, whose thread fixed it by moving ``super().__init__()`` first or by pinning keras 2.1.x)
meets the check in every later Keras.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

# --- Keras 2 layer code under Keras 3 ---------------------------------------------------------


def keras3_never_called(f: Facts) -> list[Finding]:
    """See the module docstring."""
    hits = f.h("keras.keras3_never_called")
    if not hits.count:
        return []
    fact = f.kb.platform_fact("keras3-switch")
    switch = tf_minor(str(fact.value("tf_version")))
    mm = f.tf_mm
    if switch is None or (mm is not None and mm < switch):
        return []
    if mm is None and not f.h("ctx.keras3_path").count:
        return []
    h = hits.first[0]
    legacy, env = fact.value("legacy_package"), fact.value("legacy_env")
    pin = (f'pip install "{legacy}~={mm[0]}.{mm[1]}.0"   # a library written for Keras 2: keep '
           f"Keras 2 (the tf-keras of TensorFlow {mm[0]}.{mm[1]})" if mm is not None else
           f"pip install {legacy}   # a library written for Keras 2: keep Keras 2 (the release "
           "of your TensorFlow minor)")
    return [catalogue.make(
        "keras3-needs-tf-keras", variant="never-called",
        layer=h.g("layer") or "the model", attr=h.g("attr") or "input",
        tf=fact.value("tf_version"), legacy=legacy, env=env,
        evidence=log_evidence(hits, f.h("ctx.keras3_path").first[:1]),
        fix=("# your own model: build it on an input first, e.g. keras.Sequential("
             "[keras.Input(shape=(...)), ...]), or call it once on a batch before reading "
             ".input/.output",
             pin,
             f"export {env}   # before importing TensorFlow: tf.keras is then Keras 2"),
        knowledge_ref=fact.ref,
    )]


# --- a subclass that sets layers before super().__init__() ------------------------------------


def keras_subclass_init(ctx: Facts) -> list[Finding]:
    """``keras-subclass-init-order``: Keras refused an attribute set on a Model (or, in
    Keras 3, a layer, optimizer or metric) subclass before its base ``__init__`` ran; the
    Keras 3 layer and optimizer wordings name the class."""
    return from_log(ctx, "keras.super_init", lambda hits, first: catalogue.make(
        "keras-subclass-init-order",
        what=(f"{first.g('base3')} class {first.g('cls')}" if first.g("cls")
              else "Metric subclass" if first.g("metric") else "Model subclass"),
        evidence=log_evidence(hits, limit=1),
    ))


# --- a custom layer with __init__ arguments and no get_config() ---------------------------
# keras-team/keras v2.6.0-v2.10.0 keras/engine/base_layer.py Layer.get_config raises when
# __init__ takes arguments and get_config is Keras's own; v2.11.0-v2.15.0 and Keras 3
# (keras/src/ops/operation.py) build the config from the __init__ arguments themselves and
# raise only when one of their values is not serializable.


#: The TensorBoard callback's warning around a model.to_json() that failed.
_TB_JSON = "Model failed to serialize as JSON"


def layer_get_config_missing(ctx: Facts) -> list[Finding]:
    """``keras-custom-layer-missing-get-config`` (pattern ``keras.get_config_missing``):
    Keras was asked for a custom layer's config (saving the whole model) and the layer takes
    ``__init__`` arguments but has no ``get_config()``; variant ``non-serializable`` for Keras
    2.11+ and 3, which fill the config in themselves unless an argument's value is an object
    they cannot serialize; variant ``tensorboard-graph`` (a warning) when the message stands
    only inside the TensorBoard callback's "Model failed to serialize as JSON. Ignoring..."."""
    hits = ctx.h("keras.get_config_missing").all()
    if hits and all(_TB_JSON in h.text for h in hits):
        # the TensorBoard callback's model graph, not a save: keras v2.6.0 callbacks.py
        # keras_model_summary (TensorFlow 2.x python/ops/summary_ops_v2.py keras_model before;
        # Keras 3 callbacks/tensorboard.py) catches model.to_json()'s error, logs "Model failed
        # to serialize as JSON. Ignoring... <error>" and writes no Keras graph; training goes on
        return [catalogue.make(
            "keras-custom-layer-missing-get-config", variant="tensorboard-graph",
            cls=hits[0].g("cls") or hits[0].g("cls2") or "the layer",
            evidence=log_evidence(hits, limit=1))]
    return from_log(ctx, "keras.get_config_missing", lambda hits, first: catalogue.make(
        "keras-custom-layer-missing-get-config",
        variant="non-serializable" if first.g("cls2") else None,
        cls=first.g("cls") or first.g("cls2") or "the layer",
        evidence=log_evidence(hits, limit=1),
    ))


# --- every gradient None -------------------------------------------------------------------
# tf.keras optimizer_v2/utils.py filter_empty_gradients raises "No gradients provided for any
# variable: [names]." (TensorFlow 2.21 wheel), Keras 3 base_optimizer.py "No gradients
# provided for any variable." when no trainable variable got a gradient: the loss does not
# depend on the model's weights at all.


def no_gradients(ctx: Facts) -> list[Finding]:
    """``keras-gradients-missing-notice`` variant ``none`` (an error): the optimizer got no
    gradient for any variable, so fit() stops; model code, never the GPU."""
    hits = ctx.h("keras.no_gradients").all()
    if not hits:
        return []
    return [catalogue.make("keras-gradients-missing-notice", variant="none",
                           evidence=log_evidence(hits[:1]), line=hits[0].line)]


# --- a symbolic Keras 2 tensor given to a TensorFlow API without dispatch ---------------------
# keras-team/keras v2.7.0-v2.15.0 keras/engine/keras_tensor.py KerasTensor.__array__: "You are
# passing {tensor}, an intermediate Keras symbolic input/output, to a TF API that does not
# allow registering custom dispatchers, such as `tf.cond`, `tf.function`, gradient tapes, or
# `tf.map_fn`. ... You can work around this limitation by putting the operation in a custom
# Keras layer `call` and calling that layer on this symbolic input/output." (Keras 3's own
# wording is keras3-needs-tf-keras's kerastensor variant.)


def keras_tensor_without_dispatch(ctx: Facts) -> list[Finding]:
    """``keras-tensor-to-tf-api-without-dispatch`` (pattern ``keras.tensor_no_dispatch``): a
    functional model's code called a TensorFlow API that cannot take a symbolic KerasTensor
    (tf.cond, tf.function, a gradient tape, tf.map_fn) while the model was built."""
    return from_log(ctx, "keras.tensor_no_dispatch", lambda hits, first: catalogue.make(
        "keras-tensor-to-tf-api-without-dispatch", evidence=log_evidence(hits, limit=1)))


# --- a functional model whose outputs do not lead back to its inputs ------------------------
# keras-team/keras 2.2.4 keras/engine/network.py, v2.6.0-v2.15.0 keras/engine/functional.py
# ('Graph disconnected: cannot obtain value for tensor X at layer "name". The following
# previous layers were accessed without issue: [...]'); Keras 3 keras/src/ops/function.py
# ("... cannot find parent for tensor X at operation '<Op>'. The following previous operations
# were accessed without issue: [...]").

#: How much of the tensor's printed form goes into the title.
_TENSOR_CHARS = 120


def graph_disconnected(ctx: Facts) -> list[Finding]:
    """``keras-graph-disconnected`` (pattern ``keras.graph_disconnected``); variant
    ``input-not-given`` when the unreachable tensor is the named Input layer's own (that
    Input is missing from Model(inputs=...)), ``no-layer-reached`` when the message lists no
    layer reached without issue (``[]``): the very first layer's input is not among the
    model's inputs.  Keras 3's operation repr is read for its name."""
    hits = ctx.h("keras.graph_disconnected").all()
    if not hits:
        return []
    h = hits[0]
    tensor = h.need("tensor")
    layer = h.g("layer") or _operation_name(h.need("op"))
    if len(tensor) > _TENSOR_CHARS:
        tensor = tensor[:_TENSOR_CHARS] + "..."
    if _input_of(h.need("tensor")) == layer:
        variant: str | None = "input-not-given"  # the tensor is that Input layer's own
    else:
        variant = "no-layer-reached" if h.g("none") else None
    return [catalogue.make("keras-graph-disconnected", variant=variant, layer=layer,
                           tensor=tensor, evidence=log_evidence(hits[:1], hits[-1:]))]


#: Keras 3's operation repr (``<Dense name=dense_2, built=True>``): its name.
_OP_NAME = re.compile(r"\bname=(?P<name>[\w.-]{1,120})")
#: The Input layer a tensor's printed form names: Keras 2's ``Tensor("input_2:0", ...)``,
#: tf.keras's ``KerasTensor(..., description="created by layer 'input_2'")``.
_TENSOR_INPUT = re.compile(
    r"^Tensor\(\"(?P<t>[\w.-]{1,120}):0\"|created by layer '(?P<k>[\w.-]{1,120})'")


def _operation_name(op: str) -> str:
    """The name in Keras 3's operation repr, or the repr itself."""
    m = _OP_NAME.search(op)
    return m.group("name") if m else op


def _input_of(tensor: str) -> str | None:
    """The layer that made ``tensor`` when its printed form says (:data:`_TENSOR_INPUT`)."""
    m = _TENSOR_INPUT.search(tensor)
    return (m.group("t") or m.group("k")) if m else None


__all__ = [
    "graph_disconnected", "keras3_never_called", "keras_subclass_init",
    "keras_tensor_without_dispatch", "layer_get_config_missing", "no_gradients",
]
