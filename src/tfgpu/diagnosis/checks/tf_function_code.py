"""Graph code as tf.function, AutoGraph and the gradient machinery see it: Python control flow
on a symbolic tensor, a graph tensor used outside its graph, an op without a gradient, TF
1.15-2.3's eager-variable assertion, Keras symbolic tensors fed to eager ops, a gast too
new for AutoGraph, variables made after a tf.function's first call, and a tensor of unknown
rank asked for its shape. Model code and releases, not the GPU. One section per fault.

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
* tf.function's variables (``eager/polymorphic_function/polymorphic_function.py`` of 2.21:
  "tf.function only supports singleton tf.Variables created on the first call. Make sure the
  tf.Variable is only created once or created outside tf.function. See
  https://www.tensorflow.org/guide/function#creating_tfvariables", "Creating variables on a
  non-first call to a function decorated with tf.function."; ``eager/def_function.py`` of
  2.0-2.4: "tf.function-decorated function tried to create variables on non-first call.").
* ``framework/tensor_shape.py`` (2.21): "as_list() is not defined on an unknown
  TensorShape.", "Cannot iterate over a shape with unknown rank.", "Cannot take the length
  of shape with unknown rank.": a shape of unknown rank, as tf.py_function,
  tf.numpy_function, tf.io.decode_image and tf.io.parse_tensor return.
* ``ops/resource_variable_ops.py`` (1.15.0-2.3.0): the assertion ``EagerVariableNameReuse``
  on each new eager variable's handle; 2.4.0 creates eager handles without it.
* ``eager/execute.py`` (1.15-2.21): "Inputs to eager execution function cannot be Keras
  symbolic tensors, but found [...]".
* gast (serge-sans-paille/gast ``gast/gast.py``): 0.3.0 (2019-09-07) gave ``Name`` a fourth
  field (``type_comment``), so AutoGraph written for gast 0.2.x fails "Bad argument number
  for Name: 3, expecting 4", and removed ``Str``, ``Num``, ``Bytes``, ``NameConstant`` and
  ``Ellipsis`` (``Constant`` instead); TensorFlow 2.3's setup.py pins ``gast == 0.3.3``.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import ADDON_WINDOW, package_frames_above
from tfgpu.diagnosis.checks.tensor_key_library import library_tensor_key
from tfgpu.facts.log import Hit
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


#: The advice of the messages that end "Try decorating it directly with @tf.function".
_DECORATE = (
    "# decorate the function that holds the loop or condition directly with @tf.function (the "
    "message's advice): AutoGraph then converts it; a function reached through a lambda "
    "(dataset.map(lambda x: f(x))) or another library, or under autograph=False / "
    "do_not_convert, is not converted")

#: Packages whose frames are where TensorFlow runs the user's code, not where it comes from.
_RUNNERS = frozenset({"tensorflow", "tensorflow_core", "keras", "tf_keras"})
#: Keras layers and models that run the program's own functions or layers inside their call.
_WRAPPERS = frozenset({"Lambda", "TFOpLambda", "SlicingOpLambda", "RNN", "TimeDistributed",
                       "Bidirectional", "Functional", "Sequential", "Model", "Wrapper"})


def _library_owner(ctx: Facts, line: int) -> tuple[str, str, list[Hit]] | None:
    """``(pip name, what raised, evidence hits)`` when the Python control flow that met the
    tensor on log line ``line`` is a library's own code: Keras 3's "Arguments received by
    <Layer>.call()" / "Exception encountered when calling <Layer>.call()" near it naming one
    of Keras's own layers (platform fact ``keras-builtin-object-names``), or the traceback's
    frame nearest above it in an installed package other than TensorFlow and Keras, with no
    frame of the program's own below it."""
    fact = ctx.kb.platform_fact("keras-builtin-object-names")
    for c in ctx.h("keras.k3_call_context").all():
        layer = c.g("layer") or c.g("layer2") or ""
        # "Exception encountered when calling X.call()" stands above the message, "Arguments
        # received by X.call():" below it
        if (-3 <= line - c.line <= 12 and layer in fact.items("layers")
                and layer not in _WRAPPERS):
            return "keras", f"Keras's {layer} layer", [c]
    # the traceback's frames above the error, TensorFlow's own raising frames at its end
    # (framework/ops.py's __bool__ / _disallow_* that raise the error) left out: the frame
    # before them is where the tensor met Python (tensorflow/tensorflow#3167: skflow's own
    # trainer.py "if summaries:")
    own = [o for o in ctx.h("ctx.own_frame").all() if 0 < line - o.line <= ADDON_WINDOW]
    frames = sorted([*package_frames_above(ctx, line), *own], key=lambda h: h.line)
    while frames and (frames[-1].g("pkg") or "") in ("tensorflow", "tensorflow_core"):
        frames.pop()
    if not frames or not frames[-1].g("pkg"):
        return None  # no frame, or the program's own code met the tensor
    last = frames[-1]
    pkg = last.need("pkg")
    if pkg in _RUNNERS:
        return None
    if len(frames) > 1 and not frames[-2].g("pkg"):
        # the program's own frame called that package with the tensor (a tqdm over
        # tf.range inside a tf.function): the program handed it the tensor, not its bug
        return None
    return pkg.replace("_", "-"), f"the package {pkg}", [last]


def operator_not_allowed(ctx: Facts) -> list[Finding]:
    """``tensor-used-as-python-value`` from OperatorNotAllowedInGraphError and TF 1.x's
    TypeError (pattern ``graph.operator_not_allowed``), by where the tensor met Python:
    ``in-keras-layer`` (one of Keras's own layers: a hedge between a Keras bug and TensorFlow
    ops fed to a Keras 3 layer), ``in-library`` (another package's code:
    :func:`_library_owner`), ``keras3-layer`` (a layer of the program's under Keras 3's
    "Exception encountered when calling <Layer>.call()": call() traced on symbolic inputs),
    ``autograph`` / ``autograph-no-source`` (inside a tf.function, by AutoGraph's status in
    the message), ``graph-mode`` (graph code outside any tf.function: a hedge between TF 1
    code's ``==``/``in`` on tensors and Python control flow in graph-building code); TensorFlow
    <= 1.14's TypeError and 2.14+'s single wording, which tell neither, the row."""
    hits = ctx.h("graph.operator_not_allowed")
    if not hits.count:
        return []
    # the message itself, else the exception's name alone (its message cut off)
    h = next((x for x in hits.all() if not x.g("cls_only")), hits.first[0])
    ev = log_evidence(hits)
    if h.g("cls_only"):
        # the exception's name alone: whose code and which use the message would say
        return [catalogue.make(
            "tensor-used-as-python-value", variant="message-cut", evidence=ev,
            what="used as a Python value",
            fix=("# the exception's message (the traceback's last line) and its last frames "
                 "(a notebook hides them as 'N frames') tell the readings apart",
                 "# TensorFlow 1 code on TensorFlow 2 (`==` or `in` on tensors, a library "
                 "written for TF 1.x): run it on the TensorFlow 1.x it was written for",
                 "# a library's metric, loss or layer: upgrade that library; meanwhile "
                 "model.compile(..., run_eagerly=True) runs it without a graph",
                 *_CONTROL_FIX))]
    what = ("iterated over" if (h.g("what") or "").lower().startswith("iterat") or h.g("iter1")
            else "used as a Python bool")
    owner = _library_owner(ctx, h.line)
    if owner is not None and owner[0] == "keras":
        # Keras's own layer raised: a bug of that release on this path, or TensorFlow tensors
        # given to a Keras 3 layer by code written for tf.keras 2: the log does not tell
        return [catalogue.make(
            "tensor-used-as-python-value", variant="in-keras-layer", what=what,
            where=owner[1], evidence=log_evidence(owner[2], hits),
            fix=("# code of yours that builds the layer's inputs with TensorFlow ops (tf.shape, "
                 "tf.range, ...) for Keras 3: write it with keras.ops, which Keras 3 traces",
                 "python -m pip install -U keras   # else a Keras release whose layer does not "
                 "fail on this path (search the error in keras-team/keras's issues)"))]
    if owner is not None:
        lib, where, ev_hits = owner
        return [catalogue.make(
            "tensor-used-as-python-value", variant="in-library", what=what, lib=lib,
            where=where, evidence=log_evidence(ev_hits, hits),
            fix=(f"python -m pip install -U {lib}   # a release whose own code does not use "
                 "a symbolic tensor in Python control flow (search the error in its issue "
                 "tracker for the release that fixed it)",
                 f"# or pin TensorFlow to the release this {lib} version was written for"))]
    calls = [c for c in ctx.h("keras.k3_call_context").all()
             if c.g("layer") and 0 <= h.line - c.line <= 6]
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
    ag = h.g("ag") or ""
    if ag == "did not convert":
        # TensorFlow 1.15-2.2's wording (framework/ops.py); 2.3+ word this status otherwise
        return [catalogue.make(
            "tensor-used-as-python-value", variant="autograph-1-15-2-2", what=what,
            evidence=ev,
            fix=(_DECORATE,
                 "# or run the code on the TensorFlow release it was written for: this "
                 "message's words are TensorFlow 1.15-2.2's, and code written for a later "
                 "release can rely on that release's AutoGraph",
                 *_CONTROL_FIX))]
    if ag == "is disabled in":
        return [catalogue.make("tensor-used-as-python-value", variant="autograph", what=what,
                               evidence=ev, fix=(_DECORATE, *_CONTROL_FIX))]
    if ag == "is unavailable in":
        return [catalogue.make(
            "tensor-used-as-python-value", variant="autograph-no-source", what=what,
            evidence=ev,
            fix=("# define the function in a .py file and import it: AutoGraph reads a "
                 "function's source, which code typed into an interactive shell or run through "
                 "exec() has not",
                 *_CONTROL_FIX))]
    if ag:
        # "AutoGraph did convert this function. This might indicate you are trying to use an
        # unsupported feature" (2.3-2.13): converted, and the construct is not supported
        return [catalogue.make("tensor-used-as-python-value", variant="autograph", what=what,
                               evidence=ev, fix=_CONTROL_FIX)]
    if h.g("graph"):
        return [catalogue.make(
            "tensor-used-as-python-value", variant="graph-mode", what=what, evidence=ev,
            fix=(*_CONTROL_FIX,
                 "# code written for TensorFlow 1.x (== and `in` on tensors compared identity "
                 "there; TF 2 compares element-wise): run it with the TensorFlow 1.x it was "
                 "written for, or call tf.compat.v1.disable_tensor_equality() first"))]
    return [catalogue.make("tensor-used-as-python-value", what=what, evidence=ev,
                           fix=_CONTROL_FIX)]


# --- a tensor or variable as a dict key under TensorFlow 2's tensor equality ---------------
# TensorFlow 2 behaviour compares tensors element-wise (Tensor._USE_EQUALITY = tf2.enabled(),
# 1.15+), so Tensor.__hash__ and Variable.__hash__ refuse: code written for TensorFlow 1 that
# keys a dict (a feed_dict with K.learning_phase(), a map of variables) or a set by them fails.


def unhashable_tensor(ctx: Facts) -> list[Finding]:
    """A tensor or variable used as a dict key or set member (pattern ``graph.unhashable``):
    ``tf1-api-on-tf2`` variant ``unhashable`` when the traceback's code shows TensorFlow 1
    graph idioms (a feed_dict, K.learning_phase(), a session's run: pattern
    ``ctx.tf1_graph_code``), else ``tensor-used-as-dict-key`` (TensorFlow 2 code keying by
    tensors); variant ``library`` first, when the frame that hashed is an installed
    library's (checks/tensor_key_library.py)."""
    hits = ctx.h("graph.unhashable").all()
    if not hits:
        return []
    first = hits[0]
    what = (first.g("what") or first.g("what2") or "Tensor").lower()
    ref = ("# key by the reference instead: d[t.ref()] (t.experimental_ref() on TensorFlow "
           "2.0-2.1), a set of t.ref(), and r.deref() to get the tensor back")
    last = max(x.line for x in hits)
    lib = library_tensor_key(ctx, hits, what)  # a library's own code keyed by the tensor
    if lib is not None:
        return [lib]
    tf1 = [c for c in ctx.h("ctx.tf1_graph_code").all() if 0 < last - c.line <= 40]
    if tf1:
        return [catalogue.make(
            "tf1-api-on-tf2", variant="unhashable", what=what,
            evidence=log_evidence(tf1[-1:], hits[:2]),
            fix=("# TensorFlow 1 graph code (a session's feed_dict keyed by tensors, "
                 "K.learning_phase()): run it on the TensorFlow 1.x it was written for, or "
                 "call tf.compat.v1.disable_v2_behavior() (or disable_tensor_equality()) "
                 "before building the graph", ref))]
    # the program's own frame in view: its code keys by tensors; else the log shows neither
    # whose code it is nor its era (a hedge naming both readings)
    own = [o for o in ctx.h("ctx.own_frame").all() if 0 < last - o.line <= 12]
    return [catalogue.make(
        "tensor-used-as-dict-key", variant=None if own else "unsure", what=what,
        evidence=log_evidence(own[-1:], hits[:2]),
        fix=(ref,) if own else (
            ref, "# code written for TensorFlow 1 (a session's feed_dict keyed by tensors, "
                 "standalone Keras of that era): run it on the TensorFlow 1.x it was written "
                 "for, or port it to TensorFlow 2"))]


# --- arithmetic on None in traced code: a static shape's unknown dimension -----------------
# AutoGraph's "in user code:" (autograph/pyct/error_utils.py) or Keras's "Exception encountered
# when calling" stands above an error raised while TensorFlow traced the code into a graph;
# there a tensor's static shape (x.shape) has None for each dimension not known until the
# graph runs (the batch first), and tf.shape(x) is the tensor that holds it (TensorFlow's
# tf.shape docstring: "tf.shape(x) ... returns the dynamic shape").

#: How far above the TypeError the tracing marker may stand (the traced frames between).
_TRACE_WINDOW = 60


def static_shape_none(ctx: Facts) -> list[Finding]:
    """``static-shape-none-in-graph-code`` (a hedge: "most often"): Python arithmetic met
    None (pattern ``py.none_operand`` with ``NoneType`` on one side) in code TensorFlow was
    tracing into a graph (AutoGraph's "in user code:" within :data:`_TRACE_WINDOW` lines
    above, no other traceback between): a static shape's unknown dimension when a traced code
    line reads one, else (variant ``unsure``, a hedge) most often."""
    hits = [h for h in ctx.h("py.none_operand").all() if "NoneType" in (h.g("a"), h.g("b"))]
    if not hits:
        return []
    h = hits[0]
    # AutoGraph's marker of this traceback (no other traceback's header between; a Keras
    # layer-call context alone is printed for eager calls too)
    headers = [t.line for t in ctx.h("ctx.tb_header").all()]
    marks = [m for m in ctx.h("ctx.ag_user_code").all() if 0 < h.line - m.line <= _TRACE_WINDOW
             and not any(m.line < t < h.line for t in headers)]
    if not marks:
        return []
    mark = marks[-1]
    # a code line of the traced frames that reads a static shape makes it a claim; without
    # one the None may come from anything the code computed (a hedge)
    # (the failing frame's own code line: right above the error, a blank line at most between)
    shape = [c for c in ctx.h("ctx.shape_code").all()
             if mark.line < c.line < h.line and h.line - c.line <= 2]
    # the Keras layer-call line of the same traceback, quoted with it
    calls = [c for name in ("keras.k3_call_context", "keras.k2_call_context")
             for c in ctx.h(name).all() if 0 < h.line - c.line <= _TRACE_WINDOW
             and not any(c.line < t < h.line for t in headers)]
    return [catalogue.make(
        "static-shape-none-in-graph-code", variant=None if shape else "unsure",
        op=h.g("op") or "+", evidence=log_evidence(calls[:1], [mark], shape[-1:], [h]))]


# --- a graph tensor used outside its graph --------------------------------------------------


#: A Keras Input's placeholder tensor: a named Input's "<name>_input:0" (Sequential's
#: "<first layer>_input:0"), an unnamed one's "input_N:0".
_KERAS_INPUT = re.compile(r"^(?:\w{1,80}_input(?:_\d{1,3})?|input_\d{1,3}):0$")


def graph_tensor_leak(ctx: Facts) -> list[Finding]:
    """``graph-tensor-used-outside-its-function`` from TF 1.14-2.6's "An op outside of the
    function building code is being passed a Graph tensor" and 2.7's "tf.Graph captured an
    external symbolic tensor" (pattern ``graph.tensor_leak``); variant ``captured`` for the
    latter, a hedge: code that ran on an older release, or a tensor of the program's own kept
    across graphs."""
    hits = ctx.h("graph.tensor_leak").all()
    main = [h for h in hits if h.g("leak") or h.g("name2")]
    if not main:
        return []
    names = [h.g("name") or h.g("name2") for h in hits if h.g("name") or h.g("name2")]
    name = names[0] if names else "a graph tensor"
    if main[0].g("name2"):
        # TF 2.7+'s capture check: code that ran on an older release can fail it (a hedge)
        return [catalogue.make("graph-tensor-used-outside-its-function", variant="captured",
                               name=name, evidence=log_evidence(main[:1]))]
    # variant keras-input: a Keras Input's placeholder, a loss or metric of the program's own
    # closing over a model input, the Keras 2 / TF 1 pattern (tensorflow/tensorflow#43650:
    # "when I pass extra inputs to the loss function with the help of the Input layer";
    # run_eagerly=True avoids it there)
    return [catalogue.make(
        "graph-tensor-used-outside-its-function",
        variant="keras-input" if name and _KERAS_INPUT.match(name) else None, name=name,
        evidence=log_evidence(main[:1], [h for h in hits if h.g("name")][:1]))]


# --- an op without a gradient ---------------------------------------------------------------


#: C#'s exception class of TensorFlow.NET (SciSharp/TensorFlow.NET gradients_util.cs:
#: ``throw new LookupError($"No gradient defined for operation '{op.name}' (op type:
#: {op.type})")`` in namespace Tensorflow), as .NET prints it: "Tensorflow.LookupError : ...".
_DOTNET_LOOKUP = re.compile(r"\bTensorflow\.LookupError\b")

#: SHAP releases whose DeepExplainer op_handlers gained an op type (shap/shap
#: shap/explainers/_deep/deep_tf.py: ``op_handlers["AddV2"] = passthrough`` first in v0.46.0,
#: absent in v0.45.1).
_SHAP_HANDLER_SINCE = {"AddV2": "0.46.0"}


def _shap_no_handler(ctx: Facts) -> list[Finding]:
    """``op-has-no-gradient`` variant ``shap`` (pattern ``graph.shap_no_handler``): SHAP's
    DeepExplainer has no handler for the op type (``shap-upgrade`` when a later SHAP release
    added one: :data:`_SHAP_HANDLER_SINCE`)."""
    hits = ctx.h("graph.shap_no_handler").all()
    if not hits:
        return []
    kind = hits[0].need("type")
    since = _SHAP_HANDLER_SINCE.get(kind)
    if since is not None:
        return [catalogue.make("op-has-no-gradient", variant="shap-upgrade", type=kind,
                               since=since, evidence=log_evidence(hits[:1]))]
    return [catalogue.make("op-has-no-gradient", variant="shap", type=kind,
                           evidence=log_evidence(hits[:1]))]


def no_gradient(ctx: Facts) -> list[Finding]:
    """``op-has-no-gradient`` from gradients_util's LookupError (pattern
    ``graph.no_gradient``): variants ``xla-op`` (an ``Xla*`` op type: a graph XLA rewrote,
    jit_compile), ``addv2-before-1-15`` (AddV2 with TensorFlow <= 1.14 named: a graph made by
    TensorFlow 1.15+), ``registered-in-later-release`` (TensorFlow's own Python registers the
    op type's gradient from a release after the one named, or, none named, in the releases
    read: platform fact ``tf-gradient-registrations``), else the row (no release registers
    it: a custom op, or one TensorFlow does not differentiate). First: ``dotnet`` (C#'s
    ``Tensorflow.LookupError``: TensorFlow.NET's own gradient table), ``mlc-op`` (an ``MLC*``
    op of Apple's tensorflow_macos fork); SHAP's "gradient registry has no entry for:
    shap_X" is :func:`_shap_no_handler`'s."""
    hits = ctx.h("graph.no_gradient")
    if not hits.count:
        return _shap_no_handler(ctx)
    h = hits.first[0]
    kind = h.need("type")
    op = f"the node {h.need('op')}"
    ev = log_evidence(hits)
    if _DOTNET_LOOKUP.search(h.text):
        # TensorFlow.NET's own gradients_util.cs raises it (C#'s Tensorflow.LookupError) from
        # its own gradient table: Python TensorFlow's registrations say nothing of it
        return [catalogue.make("op-has-no-gradient", variant="dotnet", op=op, type=kind,
                               evidence=ev)]
    if kind.startswith("MLC"):
        return [catalogue.make("op-has-no-gradient", variant="mlc-op", op=op, type=kind,
                               evidence=ev)]
    if kind.startswith(("Xla", "_Xla")):
        return [catalogue.make("op-has-no-gradient", variant="xla-op", op=op, type=kind,
                               evidence=ev)]
    tf = ctx.tf_mm
    if h.g("new") and (tf is None or tf < (2, 7)):
        tf = (2, 7)  # the wording of TensorFlow 2.7 and later
    if kind == "AddV2" and tf is not None and tf < (1, 15):
        return [catalogue.make("op-has-no-gradient", variant="addv2-before-1-15", op=op,
                               tf=f"{tf[0]}.{tf[1]}", evidence=ev)]
    fact = ctx.kb.platform_fact("tf-gradient-registrations")
    since = dict(item.split(":", 1) for item in fact.items("since")).get(kind)
    if since is not None:
        first = tuple(int(p) for p in since.split(".")[:2])
        if tf is not None and tf >= first:
            # this release registers it: the gradient path is not the op's own (a hedge-free
            # reading is not possible; the row's general words hold)
            return [catalogue.make("op-has-no-gradient", op=op, type=kind, evidence=ev)]
        oldest = str(fact.value("oldest"))
        if tf is None:
            # no release shown: an older TensorFlow, or a newer one whose registration was
            # bypassed (a gradient override, a module not imported): a hedge
            return [catalogue.make(
                "op-has-no-gradient", variant="registered-version-unknown", op=op, type=kind,
                since=since if since != oldest else f"{since} (the oldest release read) or "
                "earlier", ref=fact.ref, knowledge_ref=fact.ref, evidence=ev)]
        return [catalogue.make(
            "op-has-no-gradient", variant="registered-in-later-release", op=op, type=kind,
            since=since, have=f"TensorFlow {tf[0]}.{tf[1]}", ref=fact.ref,
            knowledge_ref=fact.ref, evidence=ev)]
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
    count (pattern ``graph.gast_fields``: ``Name: 3, expecting 4``) or AutoGraph reading a node
    class gast 0.3 removed (``module 'gast' has no attribute 'Str'``); variant ``too-old`` for
    the reverse count (``Name: 4, expecting 3``: gast 0.2 under TensorFlow 2.2+), and
    ``too-old-constant`` for a node gast 0.3 added (``no attribute 'Constant'``: gast 0.2.x,
    tensorflow/tensorflow#47802), with the pin of the release the log shows."""
    every = ctx.h("graph.gast_fields").all()
    old = [h for h in every if h.g("node") == "Name" and h.g("got") == "4" and h.g("want") == "3"]
    if old:
        return [catalogue.make("gast-too-new-for-autograph", variant="too-old",
                               evidence=log_evidence(old[:1]))]
    added = [h for h in every if h.g("added")]
    if added:
        # a node gast 0.3 added (Constant) missing: gast 0.2.x under an AutoGraph written for
        # gast 0.3+ (TensorFlow 2.2 and later), the reverse of the removed names below
        tf = ctx.tf_version
        minor = ".".join(tf.split(".")[:2]) if tf else None
        pin = _gast_pins(ctx).get(minor) if minor else None
        if pin is not None and "0.2.2" in pin:
            pin = None  # 1.15-2.1 read gast 0.2's nodes: not this clash, no pin offered
        fix = ([f'python -m pip install "{pin}"   # the gast TensorFlow {minor}\'s setup.py'
                " requires"] if pin and minor else
               ["python -m pip show tensorflow   # the installed release picks the pin below",
                "# TensorFlow 2.2-2.4: python -m pip install \"gast==0.3.3\" (their setup.py"
                " pins gast == 0.3.3); later releases: python -m pip install \"gast>=0.3.3\""
                " within the range pip check names"])
        return [catalogue.make(
            "gast-too-new-for-autograph", variant="too-old-constant",
            fix=["python -m pip check   # names the gast range the installed TensorFlow requires",
                 *fix],
            evidence=log_evidence(added[:1]))]
    hits = [h for h in every
            if h.g("gone") or (h.g("node") == "Name" and h.g("got") == "3"
                               and h.g("want") == "4")]
    if not hits:
        return []
    # only AutoGraph's notice ("... will be executed as-is ... Cause: ..."): the functions run
    # unconverted, the program goes on
    notice = all("Cause:" in h.text or "as-is" in h.text for h in hits)
    gone = next((h.g("gone") for h in hits if h.g("gone") in _GAST_04_REMOVED), None)
    if gone is not None:
        # gast 0.4 over an AutoGraph written for gast 0.3 (TensorFlow 2.2-2.4's)
        tf = ctx.tf_version
        minor = ".".join(tf.split(".")[:2]) if tf else None
        pins = _gast_pins(ctx)
        pin = pins.get(minor) if minor else None
        said = (f" TensorFlow {minor}'s setup.py pins {_spaced(pin)}." if pin and minor else
                " TensorFlow 1.15 to 2.1's setup.py pin gast == 0.2.2, 2.2 to 2.4's"
                " gast == 0.3.3.")
        return [catalogue.make(
            "gast-too-new-for-autograph", variant="gast-04", gone=gone, pin=said,
            fix=_gast_fix(minor, pin), evidence=log_evidence(hits[:1]))]
    return [catalogue.make("gast-too-new-for-autograph", variant="notice" if notice else None,
                           evidence=log_evidence(hits[:1]))]


#: gast's syntax nodes that 0.4.0 removed, as Python 3.9's ast did (serge-sans-paille/gast#53).
_GAST_04_REMOVED = frozenset({"Index", "ExtSlice"})

def _gast_pins(ctx: Facts) -> dict[str, str]:
    """The gast requirement of each TensorFlow release's setup.py (platform fact
    ``tf-release-gast-pins``, rows "<major.minor> <requirement>"), by ``major.minor``."""
    rows = ctx.kb.platform_fact("tf-release-gast-pins").items("pins")
    return dict(r.split(" ", 1) for r in rows if " " in r)


def _spaced(req: str) -> str:
    """``gast>=0.2.1,<=0.4.0`` as setup.py writes it (``gast >= 0.2.1, <= 0.4.0``)."""
    return re.sub(r"\s*(==|>=|<=)\s*", r" \1 ", req).replace(",", ", ")


def _gast_fix(minor: str | None, pin: str | None) -> list[str]:
    """The fix lines of variant ``gast-04``: the pin of the release the log shows (never
    another release's: gast 0.3.3 breaks TensorFlow 2.0/2.1's AutoGraph, which reads gast.Num
    and Str), or, with no release shown or one the table lacks, each pin by release range."""
    check = "python -m pip check   # names the gast range the installed TensorFlow requires"
    upgrade = ("# or upgrade TensorFlow to a release whose AutoGraph reads gast 0.4's nodes"
               " (TensorFlow 2.12's setup.py allows gast >= 0.2.1, <= 0.4.0)")
    if pin and minor:
        return [check, f'python -m pip install "{pin}"   # the gast TensorFlow {minor}\'s'
                       " setup.py requires", upgrade]
    return [
        check,
        "python -m pip show tensorflow   # the installed release picks the pin below",
        "# TensorFlow 2.2-2.4: python -m pip install \"gast==0.3.3\" (their setup.py pins"
        " gast == 0.3.3); TensorFlow 1.15-2.1: python -m pip install \"gast==0.2.2\""
        " (gast 0.3 removed the Num and Str nodes their AutoGraph reads)",
        upgrade,
    ]


#: A source line a traceback quotes ("    raise ValueError(\"as_list() is not defined ...\")"),
#: not the error itself.
_SOURCE_LINE = re.compile(
    r"^\s*(?:raise\b|-{1,8}>\s{0,12}\d{0,6}\s{0,12}raise\b|\d{1,6}\s{1,12}raise\b)")


def function_new_variables(ctx: Facts) -> list[Finding]:
    """``tf-function-variables-after-first-call`` (pattern ``tf.function_new_variables``):
    a tf.function created variables after its first call (polymorphic_function.py of 2.21,
    def_function.py of 2.0-2.4: three wordings of one rule)."""
    hits = ctx.h("tf.function_new_variables").all()
    if not hits:
        return []
    return [catalogue.make(
        "tf-function-variables-after-first-call", evidence=log_evidence(hits[:1]),
        fix=("# a tf.Variable(...) in the function's body: create it once outside (or in "
             "__init__) and assign to it inside (v.assign(...))",
             "# build every layer, model and optimizer once, before the decorated function "
             "runs: layers in __init__ (a subclassed layer's weights in build(), not in call())",
             "# a custom training step: create the optimizer before the loop; a Keras 3 "
             "optimizer: optimizer.build(model.trainable_variables) before the first step",
             "# one tf.function per model and optimizer: calling the same decorated function "
             "with a second model or optimizer creates new variables",
             "# saving a subclassed model (tf.saved_model.save) traces it again: make its "
             "weights in build() or write it with the functional API"))]


def _shape_reader_package(ctx: Facts, line: int) -> tuple[str, Hit] | None:
    """``(pip name, frame)`` when the traceback frame nearest above the error at ``line``
    (TensorFlow's own frames left out) is an installed package's other than Keras's, with no
    frame of the program's own below it: that package read the shape."""
    own = [o for o in ctx.h("ctx.own_frame").all() if 0 < line - o.line <= ADDON_WINDOW]
    frames = sorted([*package_frames_above(ctx, line), *own], key=lambda f: f.line)
    while frames and (frames[-1].g("pkg") or "") in ("tensorflow", "tensorflow_core"):
        frames.pop()
    conv = [f for f in ctx.h("ctx.converter_frame").all() if 0 < line - f.line <= 40]
    if conv and (not frames or frames[-1].line <= conv[-1].line):
        return conv[-1].need("pkg").replace("_", "-"), conv[-1]
    if not frames or not frames[-1].g("pkg"):
        return None
    pkg = frames[-1].need("pkg")
    if pkg in _RUNNERS:
        return None
    return pkg.replace("_", "-"), frames[-1]


def unknown_rank(ctx: Facts) -> list[Finding]:
    """``tensor-rank-unknown`` (pattern ``tf.unknown_rank``): a tensor whose rank is unknown
    asked for its dimensions (tensor_shape.py of 2.21: ``as_list``, ``__iter__``,
    ``__len__``)."""
    # (not TensorFlow's own source line a traceback quotes: 'raise ValueError("as_list() ...")')
    hits = [h for h in ctx.h("tf.unknown_rank").all() if not _SOURCE_LINE.match(h.text)]
    if not hits:
        return []
    h = hits[-1]
    lib = _shape_reader_package(ctx, h.line)
    if lib is not None:
        # the frame that read the shape is a package's (onnx/onnx-tensorflow#1067: onnx_tf's
        # Resize handler, x.get_shape().as_list()): that package meets a tensor of unknown
        # shape, the program's data pipeline is not where it was lost
        pkg, frame = lib
        return [catalogue.make(
            "tensor-rank-unknown", variant="library", said=h.need("said"), package=pkg,
            evidence=log_evidence([frame], [h]),
            fix=(f"python -m pip install -U {pkg}   # a release whose code handles inputs of "
                 "unknown shape; else report it to the package with the traceback",
                 "# give the source model static input shapes (an ONNX model: fixed input "
                 "dimensions instead of symbolic ones) so the converted tensors keep their "
                 "rank"))]
    reads = [r for r in ctx.h("ctx.static_shape_read").all()
             if 0 < h.line - r.line <= 12 and not _SOURCE_LINE.match(r.text)]
    if reads:
        # the program's own line reads the static shape (Breta01/handwriting-ocr#103: a TF 1
        # notebook's targets.get_shape().as_list()[1]): a size known only at run time
        return [catalogue.make(
            "tensor-rank-unknown", variant="own-shape-read", said=h.need("said"),
            evidence=log_evidence(reads[-1:], [h]),
            fix=("tf.shape(t)[1]   # a size known only when the graph runs: read it as a tensor "
                 "instead of t.get_shape().as_list()[1]",
                 "# or give the tensor its rank where it is made: tf.compat.v1.placeholder(..., "
                 "shape=[None, None]), set_shape in a dataset's map function"))]
    return [catalogue.make(
        "tensor-rank-unknown", said=h.need("said"), evidence=log_evidence([h]),
        fix=("# in the dataset's map function, where the tensor is made: "
             "image.set_shape([None, None, 3])   # (or image = tf.ensure_shape(image, "
             "[None, None, 3])): at least the rank and the channels",
             "# tf.py_function / tf.numpy_function outputs: set_shape on each output after the "
             "call; tf.io.decode_image: decode_jpeg/decode_png(..., channels=3) or "
             "decode_image(..., expand_animations=False), which keep a rank",
             "# Dataset.from_generator: give output_signature=(tf.TensorSpec(shape=(None, None, "
             "3), dtype=tf.float32), ...) instead of output_types alone",
             "# to see which tensor: print(ds.element_spec) in the script, where ds is the "
             "dataset; a TensorSpec(shape=<unknown>) is such a tensor (a TF 1 "
             "tf.placeholder without shape=, or a custom op without a shape function, too)"))]


__all__ = [
    "eager_variable_name_reuse",
    "function_new_variables",
    "gast_too_new",
    "graph_tensor_leak",
    "keras_symbolic_in_eager",
    "no_gradient",
    "operator_not_allowed",
    "static_shape_none",
    "unhashable_tensor",
    "unknown_rank",
]
