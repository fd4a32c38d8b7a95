"""Faults of Grappler's graph rewrites that read like a variable or resource fault.

* ``grappler-temporary-variable-exists``: Grappler's memory optimizer (memory_optimizer.cc, its
  scheduling pass) rewrites a sum (an AddN or AccumulateNV2 of more than two inputs) into an
  accumulator when its estimate of a device's peak memory is above 0.8 of the device's
  memory: a TemporaryVariable named ``<sum node>/tmp_var``, AssignAdds and a
  DestroyTemporaryVariable.  Inside a while loop (an RNN's gradients), iterations that run side
  by side create the same per-step resource, and variable_ops.cc's TemporaryVariableOp fails
  with "Already exists: Resource __per_step_N/<sum node>/tmp_var/N10tensorflow19Temporary
  VariableOp6TmpVarE".  The sum is often one the arithmetic optimizer made (its AddOpsRewrite
  names it ``.../ArithmeticOptimizer/AddOpsRewrite_<name>``).  Reports on TF 1.12-1.14, GPU
  and CPU (tensorflow/tensorflow#23780, open; #33713): a TensorFlow bug, not a setup fault.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow 1.x's switch for the memory optimizer (rewriter_config.proto's
#: memory_optimization, MemOptType NO_MEM_OPT), under plain sessions and Keras.
_TF1_NO_MEM_OPT = (
    "# TensorFlow 1.x: turn Grappler's memory optimizer off: config = tf.ConfigProto(); "
    "config.graph_options.rewrite_options.memory_optimization = "
    "rewriter_config_pb2.RewriterConfig.NO_MEM_OPT (from tensorflow.core.protobuf import "
    "rewriter_config_pb2); then tf.Session(config=config), or under Keras "
    "tf.keras.backend.set_session(tf.Session(config=config)) before building the model")
#: TensorFlow 2.x has no option for the memory optimizer alone (framework/config.py
#: set_experimental_options); disable_meta_optimizer turns all of Grappler off.
_TF2_NO_GRAPPLER = (
    "tf.config.optimizer.set_experimental_options({'disable_meta_optimizer': True})   "
    "# TensorFlow 2.x has no switch for the memory optimizer alone: this turns all of "
    "Grappler off (slower graphs)")


def grappler_temporary_variable_exists(ctx: Facts) -> list[Finding]:
    """``grappler-temporary-variable-exists`` from variable_ops.cc's "Already exists:
    Resource __per_step_N/<node>/tmp_var..." (raised: "AlreadyExistsError: Resource ...";
    pattern ``grappler.tmp_var_exists``), variant ``arithmetic`` when the sum's name shows the
    arithmetic optimizer made it.  Fix: the memory optimizer off (TF 1.x RewriterConfig
    NO_MEM_OPT; TF 2.x only all of Grappler), a smaller batch or model (the rewrite needs
    memory pressure), or another TensorFlow release."""
    hits = ctx.h("grappler.tmp_var_exists")
    if not hits.count:
        return []
    node = hits.first[0].g("node") or "a node"
    arithmetic = "/ArithmeticOptimizer/AddOpsRewrite_" in f"/{node}"
    # the reports are TensorFlow 1.x's: its session's line first unless the log shows TF 2
    mm = ctx.tf_mm
    tf1 = mm is None or mm[0] == 1
    lines = (_TF1_NO_MEM_OPT, _TF2_NO_GRAPPLER) if tf1 else (_TF2_NO_GRAPPLER, _TF1_NO_MEM_OPT)
    fix = (*lines,
           "# or a smaller batch (or model): Grappler makes this rewrite only when its estimate "
           "of the step's peak memory is above 80% of the GPU's",
           *(("# or, TensorFlow 1.x, rewrite_options.arithmetic_optimization = "
              "rewriter_config_pb2.RewriterConfig.OFF: the sum rewritten was the arithmetic "
              "optimizer's (AddOpsRewrite)",) if arithmetic else ()),
           "# or another TensorFlow release (reports on 1.12-1.14; one went from 1.14 back to "
           "1.13)")
    return [catalogue.make(
        "grappler-temporary-variable-exists", variant="arithmetic" if arithmetic else None,
        node=node, evidence=log_evidence(hits), fix=fix)]
