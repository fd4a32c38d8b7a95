"""A tf.distribute PerReplica value used as one tensor.

Source: tensorflow/python/distribute/values.py (2.21): ``PerReplica`` "Holds a map from
replica to unsynchronized values" (what ``Strategy.run`` returns and a distributed dataset
yields); it has no ``numpy`` or other tensor methods, and its tensor conversion outside a
replica context raises "It looks like you are using a PerReplica object while not inside a
replica context, which is not supported. Try running your op or function inside a replica
context by using `strategy.run`". distribute_lib.py: ``Strategy.reduce``,
``Strategy.experimental_local_results``, ``Strategy.gather`` turn one into tensors.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def per_replica_used_as_tensor(ctx: Facts) -> list[Finding]:
    """``per-replica-value-used-as-tensor`` (pattern ``strategy.per_replica_used``)."""
    hits = ctx.h("strategy.per_replica_used").all()
    if not hits:
        return []
    h = hits[0]
    attr = h.g("attr")
    what = (f"value.{attr}" + ("()" if attr == "numpy" else "") if attr
            else "converted to a tensor outside strategy.run")
    fix = ["# a loss or metric: strategy.reduce(tf.distribute.ReduceOp.SUM, per_replica_value, "
           "axis=None)   # (MEAN for an average)",
           "# the tensors of each replica: strategy.experimental_local_results(value) gives a "
           "tuple of tensors (then .numpy() on each); strategy.gather(value, axis=0) "
           "concatenates them"]
    if not attr:
        fix.append("# ops on distributed inputs belong inside strategy.run(step_fn, args=(batch,))")
    return [catalogue.make(
        "per-replica-value-used-as-tensor", what=what, evidence=log_evidence(hits[:1]),
        fix=tuple(fix))]


__all__ = ["per_replica_used_as_tensor"]
