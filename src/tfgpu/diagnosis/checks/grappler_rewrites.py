"""Faults of Grappler's graph rewrites that read like a variable or resource fault.

* ``grappler-temporary-variable-exists``: Grappler's ArithmeticOptimizer (its AddOpsRewrite
  stage) rewrites a sum of gradients into an accumulator whose rewrite holds a
  TemporaryVariable, named ``<node>/ArithmeticOptimizer/AddOpsRewrite_<name>/tmp_var``; inside a
  while loop (an RNN's gradients), iterations that run side by side create the same per-step
  resource, and variable_ops.cc's TemporaryVariableOp fails with "Already exists: Resource
  __per_step_N/.../tmp_var/N10tensorflow19TemporaryVariableOp6TmpVarE".  Reports on TF 1.12,
  1.13 and 1.14, on the GPU and on the CPU (tensorflow/tensorflow#23780, open; #33713, TF
  1.14, CPU): a TensorFlow bug in that rewrite, not a memory or setup fault.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def grappler_temporary_variable_exists(ctx: Facts) -> list[Finding]:
    """``grappler-temporary-variable-exists`` from variable_ops.cc's "Already exists:
    Resource __per_step_N/<node>/ArithmeticOptimizer/AddOpsRewrite_<name>/tmp_var..." (the
    pattern ``grappler.tmp_var_exists``; the node's path names the rewrite that made the
    TemporaryVariable).  Fix: the arithmetic optimizer off (TF 1.x through the session's
    RewriterConfig, TF 2.x through ``tf.config.optimizer.set_experimental_options``), or
    another TensorFlow release."""
    hits = ctx.h("grappler.tmp_var_exists")
    if not hits.count:
        return []
    first = hits.first[0]
    # the reports are TensorFlow 1.x's: its session's line first unless the log shows TF 2
    mm = ctx.tf_mm
    tf1 = mm is None or mm[0] == 1
    fix = (
        ("# TensorFlow 1.x: config = tf.ConfigProto(); config.graph_options.rewrite_options."
         "arithmetic_optimization = rewriter_config_pb2.RewriterConfig.OFF (from "
         "tensorflow.core.protobuf import rewriter_config_pb2); tf.Session(config=config)",
         "tf.config.optimizer.set_experimental_options({'arithmetic_optimization': False})"
         "   # the same on TensorFlow 2.x")
        if tf1 else
        ("tf.config.optimizer.set_experimental_options({'arithmetic_optimization': False})"
         "   # before building the model",
         "# TensorFlow 1.x: config.graph_options.rewrite_options.arithmetic_optimization = "
         "rewriter_config_pb2.RewriterConfig.OFF in the session's ConfigProto")
    ) + ("# or another TensorFlow release (one report: 1.14 failed where 1.13 worked; others "
         "saw it on 1.12-1.14)",)
    return [catalogue.make(
        "grappler-temporary-variable-exists", node=first.g("node") or "a node",
        evidence=log_evidence(hits), fix=fix)]
