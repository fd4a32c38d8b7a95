"""A TF 1.x graph given a tensor of another graph: ``tf1-graph-element-from-another-graph``.

Source (TensorFlow 2.21 wheel, the same words in TF 1.x): ``python/framework/ops.py``
``Graph._as_graph_element_locked`` raises "Tensor %s is not an element of this graph." (and
"Operation %s ...") when a session run or a feed names a tensor whose graph is not the
session's; ``client/session.py`` wraps it ("Fetch argument %r cannot be interpreted as a
Tensor. (...)" in TF 1.x, "Argument `fetch` = ... cannot be interpreted as a Tensor" in 2.x,
"Cannot interpret feed_dict key as Tensor: ..."); ``ops.py`` ``_get_graph_from_inputs`` says
"%s must be from the same graph as %s (graphs are %s and %s)." when one op mixes tensors of
two graphs.  Every tensor lives in the graph it was created in: a Keras model loaded in one
thread and called from another (each thread has its own default graph: a web server's
request threads), or a model built again in one process after Keras moved to a new graph,
hands a session tensors of another graph.  Graph code only (TF 1.x, tf.compat.v1, Keras 2 in
graph mode); never the GPU.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def graph_element_elsewhere(ctx: Facts) -> list[Finding]:
    """``tf1-graph-element-from-another-graph`` (pattern ``tf.other_graph``); variant
    ``func-graph`` when one of the graphs is a TensorFlow 2 FuncGraph (a tensor made outside
    a tf.function captured into it); variant ``server-thread`` when the traceback runs
    through a web server or thread module (pattern ``ctx.server_thread_frame``: flask,
    werkzeug, django, socketserver, tornado, gunicorn, uvicorn, starlette, threading.py)."""
    # (a traceback's echoed raise line, "Tensor %s is not an element of this graph." % obj,
    # is no hit: its group holds the placeholder, logs/engine.py source_template)
    hits = ctx.h("tf.other_graph").all()
    if not hits:
        return []
    evidence = log_evidence(hits[:1])
    func = [h for h in hits if h.g("func")]
    if func:
        # TensorFlow 2: a tensor made outside a tf.function (Keras's train_function) captured
        # into it ("graphs are FuncGraph(name=train_function, ...) and <Graph ...>")
        return [catalogue.make("tf1-graph-element-from-another-graph", variant="func-graph",
                               line=func[0].line, evidence=log_evidence(func[:1]))]
    server = [h for h in ctx.h("ctx.server_thread_frame").all() if h.line < hits[0].line]
    if server:
        return [catalogue.make("tf1-graph-element-from-another-graph", variant="server-thread",
                               line=hits[0].line, evidence=log_evidence(server[-1:], hits[:1]))]
    return [catalogue.make("tf1-graph-element-from-another-graph", line=hits[0].line,
                           evidence=evidence)]


__all__ = ["graph_element_elsewhere"]
