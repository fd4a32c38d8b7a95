"""``.numpy()`` called on a symbolic tensor, or a symbolic tensor given to NumPy:
``tensor-numpy-in-graph``.

Source (TensorFlow 2.21 wheel): ``python/framework/ops.py`` gives ``numpy()`` to
``_EagerTensorBase`` only; the graph tensor (``SymbolicTensor`` from TensorFlow 2.13-2.14,
``Tensor`` before) has none, so Python says "'Tensor' object has no attribute 'numpy'"
('SymbolicTensor' in newer releases) for a tensor built in a graph: TensorFlow 1.x's graph
mode (its default), ``tf.compat.v1.disable_eager_execution()``, or TensorFlow 2 code that
runs as a graph (a ``tf.function``, ``Dataset.map``, a Keras model's own train/predict
functions).  Model code, never the GPU.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._numpy_origin import numpy_call_origin, user_code_headers
from tfgpu.diagnosis.checks.keras_saving import numpy_pairing
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tensor_numpy_in_graph(ctx: Facts) -> list[Finding]:
    """``tensor-numpy-in-graph`` (pattern ``tf.symbolic_numpy``); variant ``tf1`` when the
    log or host names TensorFlow 1.x (graph mode is its default)."""
    hits = ctx.h("tf.symbolic_numpy").all()
    if not hits:
        return []
    evidence = log_evidence(hits[:1])
    mm = ctx.tf_mm
    if mm is not None and mm[0] < 2:
        return [catalogue.make("tensor-numpy-in-graph", variant="tf1", tf=f"{mm[0]}.{mm[1]}",
                               evidence=evidence)]
    return [catalogue.make("tensor-numpy-in-graph", evidence=evidence)]


def numpy_on_symbolic_tensor(ctx: Facts) -> list[Finding]:
    """``tensor-numpy-in-graph`` variant ``numpy-call``: "Cannot convert a symbolic Tensor
    (...) to a numpy array" (pattern ``eco.numpy_symbolic``; array_ops.py / ops.py
    ``__array__`` of a graph tensor) when it does not read as NumPy 1.20+ under TensorFlow
    <= 2.4 (:func:`~tfgpu.diagnosis.checks.keras_saving.numpy_pairing`): code handed a
    graph tensor (a Keras layer's output, a tf.function's value) to a NumPy function, with
    TensorFlow 2.5+ named; variant ``numpy-call-hedged`` (a warning) when no TensorFlow
    version is shown: TensorFlow <= 2.4's own ops (a map_fn's while loop, not only its
    recurrent layers) meet NumPy 1.20+ the same way; variant ``numpy-call-frame`` (a
    warning, whatever the versions) when the program's own frame calls NumPy on it
    (checks/_numpy_origin.py): that fails with every NumPy release."""
    hits = ctx.h("eco.numpy_symbolic").all()
    if not hits or numpy_pairing(ctx) is not None:
        return []
    tensor = hits[0].g("tensor") or "a graph tensor"
    origin = numpy_call_origin(ctx)
    if origin is not None and origin[0] == "code" and origin[1] is not None:
        call = origin[1]
        fn = call.g("fn")
        return [catalogue.make(
            "tensor-numpy-in-graph", variant="numpy-call-frame", tensor=tensor,
            call=f"np.{fn}" if fn else "a NumPy ufunc",
            evidence=log_evidence(user_code_headers(ctx, hits[0]), [call], hits[:1]))]
    if ctx.tf_mm is None:
        # TensorFlow <= 2.4's own ops call np.prod on symbolic shapes too (not only its
        # recurrent layers): with no version shown, both readings stand
        return [catalogue.make("tensor-numpy-in-graph", variant="numpy-call-hedged",
                               tensor=tensor, evidence=log_evidence(hits[:1]))]
    return [catalogue.make("tensor-numpy-in-graph", variant="numpy-call", tensor=tensor,
                           evidence=log_evidence(hits[:1]))]


__all__ = ["numpy_on_symbolic_tensor", "tensor_numpy_in_graph"]
