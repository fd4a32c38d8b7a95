"""Graph code as tf.function, AutoGraph and the gradient machinery see it: Python control flow
on a symbolic tensor, a graph tensor used outside its graph, an op without a gradient, TF
1.15-2.3's eager-variable assertion, Keras symbolic tensors fed to eager ops, and a gast too
new for AutoGraph. Model code and releases, not the GPU. One section per fault.

Sources (TensorFlow's Python sources in its wheels, read per release: 1.13.1, 1.14.0, 1.15.0,
2.0.0-2.16.1 and the installed 2.21.0; C++ texts with ``strings`` on their .so files):

* OperatorNotAllowedInGraphError: ``framework/ops.py`` ``_disallow_in_graph_mode`` ("{task}
  is not allowed in Graph execution. Use Eager execution or decorate this function with
  @tf.function."), ``_disallow_when_autograph_enabled`` ("...: AutoGraph did not convert this
  function" in 1.15-2.2, "...: AutoGraph did convert this function. This might indicate you
  are trying to use an unsupported feature." in 2.3-2.13), ``_disallow_when_autograph_disabled``
  and ``_disallow_when_autograph_unavailable`` (2.7+); 2.14+ ``framework/tensor.py`` one
  text ("... is not allowed. You can attempt the following resolutions ..."); TF <= 1.14 a
  TypeError ("Using a `tf.Tensor` as a Python `bool` is not allowed. Use `if t is not
  None:` ...", "Tensor objects are only iterable when eager execution is enabled."). TF 2
  behaviour compares tensors element-wise (``Tensor._USE_EQUALITY = tf2.enabled()``, 1.15+;
  ``tf.compat.v1.disable_tensor_equality`` restores identity), so ``==`` and ``in`` on
  tensors in TF 1 code make a tensor a Python bool. AutoGraph converts ``if``/``while``/``for``
  statements and conditional expressions (autograph/converters/control_flow.py,
  conditional_expressions.py), not comprehensions.
* "An op outside of the function building code is being passed a "Graph" tensor" (C++
  op-input conversion, TF 1.14-2.6), "tf.Graph captured an external symbolic tensor" (2.7).
* ``ops/gradients_util.py``: "No gradient defined for operation '%s' (op type: %s)"
  (1.13-2.6; 2.7+ adds "In general every operation must have an associated
  `@tf.RegisterGradient`"). The gradient of op ``AddV2`` is registered from TF 1.15.0
  (``ops/math_grad.py``; 1.14.0 registers only ``Add``), and ``+`` emits AddV2 from 1.15.
* ``ops/resource_variable_ops.py`` (1.15.0-2.3.0): the assertion ``EagerVariableNameReuse``
  on each new eager variable's handle; 2.4.0 creates eager handles without it.
* ``eager/execute.py`` (1.15-2.21): "Inputs to eager execution function cannot be Keras
  symbolic tensors, but found [...]".
* gast (serge-sans-paille/gast ``gast/gast.py``): 0.3.0 (2019-09-07) gave ``Name`` a fourth
  field (``type_comment``), so AutoGraph written for gast 0.2.x fails "Bad argument number
  for Name: 3, expecting 4"; TensorFlow 2.3's setup.py pins ``gast == 0.3.3``.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

# --- Python control flow on a symbolic tensor -----------------------------------------------

_CONTROL_FIX = (
    "# a condition on a tensor's value: tf.cond / tf.where / tf.reduce_any(...) instead of "
    "Python if, and `if t is not None:` only to test that a tensor is there",
    "# a loop over a tensor: tf.map_fn or a for statement over tf.range inside a tf.function "
    "(AutoGraph converts if/for/while statements, not comprehensions); a bound known in "
    "Python (a static shape, x.shape[1]) can stay a Python range()",
)


def operator_not_allowed(ctx: Facts) -> list[Finding]:
    """``tensor-used-as-python-value`` from OperatorNotAllowedInGraphError and TF 1.x's
    TypeError (pattern ``graph.operator_not_allowed``): variants ``keras3-layer`` (Keras 3's
    "Exception encountered when calling <Layer>.call()" just above: a layer's call() traced
    on symbolic inputs), ``graph-mode`` (graph code
    outside any tf.function: TF 1 style code, a Keras model being built; TF 1's ``==``/``in``
    on tensors named) and ``autograph`` (inside a tf.function whose AutoGraph did not turn
    that Python control flow into graph ops); TensorFlow <= 1.14's TypeError and 2.14+'s one
    wording, which tell neither, the row."""
    hits = ctx.h("graph.operator_not_allowed")
    if not hits.count:
        return []
    h = hits.first[0]
    what = ("iterated over" if (h.g("what") or "").lower().startswith("iterat") or h.g("iter1")
            else "used as a Python bool")
    ev = log_evidence(hits)
    calls = [c for c in ctx.h("keras.k3_call_context").all() if 0 <= h.line - c.line <= 6]
    if calls:
        return [catalogue.make(
            "tensor-used-as-python-value", variant="keras3-layer", what=what,
            layer=calls[-1].g("layer") or "a layer", evidence=log_evidence(calls[-1:], hits),
            fix=("# in the layer's call(), write the computation with keras.ops (ops.shape, "
                 "ops.where, ops.cond, ops.arange) instead of TensorFlow ops and Python if/for "
                 "on their results: Keras 3 runs call() on symbolic inputs when it builds the "
                 "model",
                 "# or keep Keras 2 for code written for it: pip install tf-keras and export "
                 "TF_USE_LEGACY_KERAS=1 (TensorFlow 2.16+)"))]
    if h.g("ag"):
        return [catalogue.make(
            "tensor-used-as-python-value", variant="autograph", what=what, evidence=ev,
            fix=("# decorate the function that holds the loop or condition directly with "
                 "@tf.function (the message's advice): AutoGraph then converts it; a function "
                 "reached through a lambda (dataset.map(lambda x: f(x))) or another library "
                 "may not be converted",
                 *_CONTROL_FIX))]
    if h.g("graph"):
        return [catalogue.make(
            "tensor-used-as-python-value", variant="graph-mode", what=what, evidence=ev,
            fix=(*_CONTROL_FIX,
                 "# code written for TensorFlow 1.x (== and `in` on tensors compared identity "
                 "there; TF 2 compares element-wise): run it with the TensorFlow 1.x it was "
                 "written for, or call tf.compat.v1.disable_tensor_equality() first"))]
    return [catalogue.make("tensor-used-as-python-value", what=what, evidence=ev,
                           fix=_CONTROL_FIX)]


# --- a graph tensor used outside its graph --------------------------------------------------


def graph_tensor_leak(ctx: Facts) -> list[Finding]:
    """``graph-tensor-used-outside-its-function`` from TF 1.14-2.6's "An op outside of the
    function building code is being passed a Graph tensor" and 2.7's "tf.Graph captured an
    external symbolic tensor" (pattern ``graph.tensor_leak``)."""
    hits = ctx.h("graph.tensor_leak").all()
    main = [h for h in hits if h.g("leak") or h.g("name2")]
    if not main:
        return []
    names = [h.g("name") or h.g("name2") for h in hits if h.g("name") or h.g("name2")]
    name = names[0] if names else "a graph tensor"
    return [catalogue.make(
        "graph-tensor-used-outside-its-function", name=name,
        evidence=log_evidence(main[:1], [h for h in hits if h.g("name")][:1]))]


# --- an op without a gradient ---------------------------------------------------------------


def no_gradient(ctx: Facts) -> list[Finding]:
    """``op-has-no-gradient`` from gradients_util's LookupError (pattern
    ``graph.no_gradient``): variants ``xla-op`` (an ``Xla*`` op type: a graph XLA rewrote,
    jit_compile), ``addv2-before-1-15`` (AddV2 with TensorFlow <= 1.14 named: a graph made by
    TensorFlow 1.15+), else the row (the op type has no registered gradient)."""
    hits = ctx.h("graph.no_gradient")
    if not hits.count:
        return []
    h = hits.first[0]
    op, kind = h.g("op") or "?", h.g("type") or "?"
    ev = log_evidence(hits)
    if kind.startswith("Xla"):
        return [catalogue.make("op-has-no-gradient", variant="xla-op", op=op, type=kind,
                               evidence=ev)]
    tf = ctx.tf_mm
    if kind == "AddV2" and tf is not None and tf < (1, 15):
        return [catalogue.make("op-has-no-gradient", variant="addv2-before-1-15", op=op,
                               tf=f"{tf[0]}.{tf[1]}", evidence=ev)]
    return [catalogue.make("op-has-no-gradient", op=op, type=kind, evidence=ev)]


# --- TF 1.15-2.3's assertion on each new eager variable -------------------------------------


def eager_variable_name_reuse(ctx: Facts) -> list[Finding]:
    """``eager-variable-name-reuse-assertion`` from the ``EagerVariableNameReuse`` Assert
    (pattern ``graph.eager_variable_name_reuse``)."""
    hits = ctx.h("graph.eager_variable_name_reuse")
    if not hits.count:
        return []
    return [catalogue.make("eager-variable-name-reuse-assertion", evidence=log_evidence(hits))]


# --- Keras symbolic tensors fed to an eager op ----------------------------------------------


def keras_symbolic_in_eager(ctx: Facts) -> list[Finding]:
    """``tf1-api-on-tf2`` variant ``keras-symbolic-eager`` from execute.py's refusal of Keras
    graph tensors (pattern ``graph.keras_symbolic_eager``)."""
    hits = ctx.h("graph.keras_symbolic_eager")
    if not hits.count:
        return []
    name = hits.first[0].g("name") or "a Keras layer's output"
    return [catalogue.make("tf1-api-on-tf2", variant="keras-symbolic-eager",
                           name=f"the Keras tensor {name} reached an eagerly run op",
                           evidence=log_evidence(hits))]


# --- a gast too new for AutoGraph -----------------------------------------------------------


def gast_too_new(ctx: Facts) -> list[Finding]:
    """``gast-too-new-for-autograph`` from gast's node constructor refusing AutoGraph's field
    count (pattern ``graph.gast_fields``: ``Name: 3, expecting 4``)."""
    hits = [h for h in ctx.h("graph.gast_fields").all()
            if h.g("node") == "Name" and h.g("got") == "3" and h.g("want") == "4"]
    if not hits:
        return []
    return [catalogue.make("gast-too-new-for-autograph", evidence=log_evidence(hits[:1]))]


__all__ = [
    "eager_variable_name_reuse",
    "gast_too_new",
    "graph_tensor_leak",
    "keras_symbolic_in_eager",
    "no_gradient",
    "operator_not_allowed",
]
