"""tf.contrib.estimator.replicate_model_fn with a batch that does not split evenly over the GPUs.

Source: tensorflow/contrib/estimator/python/estimator/replicate_model_fn.py (TensorFlow 1.5-1.14;
deprecated in favour of ``tf.contrib.distribute.MirroredStrategy``, gone in 2.x):
``_split_batch`` splits the features and labels along dimension 0 into one shard per device
(tower) with ``array_ops.split(tensor, number_of_shards)`` inside ``name_scope('split_inputs')``.
Three wordings of one fault, a batch of N examples that K towers cannot share equally:

* the Split kernel at run time (batch size unknown when the graph was built, the usual
  ``tf.data`` input): "Number of ways to split should evenly divide the split dimension, but
  got split_dim 0 (size = N) and num_split K" (``tensorflow/core/kernels/split_op.cc``, every
  release to 2.21) with the node ``split_inputs/split`` (``split_inputs/split_1``... for the
  labels and dict features);
* shape inference with a static batch (before the check below): "Dimension size must be evenly
  divisible by K but is N for 'split_inputs/split' (op: 'Split')";
* the check of TensorFlow 1.6 and later (``ensure_divisible_by_shards``): "Batch size N needs
  to be divisible by the number of GPUs, which is K."

The Split error without the ``split_inputs`` node is any ``tf.split`` of user code: not claimed,
unless TF 1.x's node dump shows that Split's parts sent to GPU 1 or higher (a ``_Recv`` /
``_HostRecv`` of its output with that ``recv_device``): a program splitting its batches over
GPU towers of its own (tensor2tensor's ``--worker_gpu`` data parallelism:
``T2TModel._shard_features`` in ``tensor2tensor/utils/t2t_model.py`` calls
``tf.split(v, self._num_datashards, 0)``), variant ``towers``.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def replicate_batch_split(ctx: Facts) -> list[Finding]:
    """``replicate-model-fn-batch-not-divisible-by-gpu-count``: replicate_model_fn's own
    check, or a Split error in a log that names its ``split_inputs/split`` node.

    Args:
        ctx: the facts view.

    Returns:
        One finding, or none.
    """
    if ctx.other_framework:
        return []
    checked = ctx.h("estimator.batch_not_divisible_by_gpus").all()
    if checked:
        h = checked[0]
        return [catalogue.make(
            "replicate-model-fn-batch-not-divisible-by-gpu-count", variant="graph-check",
            size=(h.g("size") or "?").rstrip(".,"), n=h.g("n") or "?",
            evidence=log_evidence(checked[:1]))]
    nodes = ctx.h("estimator.split_inputs_node").all()
    if not nodes:
        return _towers(ctx)
    # shape inference names its node; a run-time Split error is paired with the node line
    split = [h for h in ctx.h("estimator.split_uneven").all()
             if not h.g("size2") or "split_inputs/split" in (h.g("node") or "")]
    if not split:
        return []
    h = split[0]
    size = h.g("size") or h.g("size2") or "?"
    n = h.g("n") or h.g("n2") or "?"
    near = [x for x in nodes if x.line != h.line]
    return [catalogue.make(
        "replicate-model-fn-batch-not-divisible-by-gpu-count", size=size, n=n,
        evidence=log_evidence([h], near[:1]))]


def _towers(ctx: Facts) -> list[Finding]:
    """Variant ``towers``: the run-time Split error of dimension 0 (the batch), its node
    (``[[Node: X = Split[... num_split=K``, K as in the error) and a Recv of X's output on
    GPU 1 or higher."""
    # dimension 0 only: a split of another dimension is no batch (a model-parallel split)
    errors = [h for h in ctx.h("estimator.split_uneven").all()
              if h.g("size") and h.g("dim") == "0"]
    if not errors:
        return []
    h = errors[0]
    split = next((s for s in ctx.h("estimator.split_node").all() if s.g("n") == h.g("n")), None)
    if split is None:
        return []
    part = next((r for r in ctx.h("estimator.split_part_to_gpu").all()
                 if r.g("node") == split.g("node") and int(r.g("gpu") or 0) >= 1), None)
    if part is None:
        return []
    return [catalogue.make(
        "replicate-model-fn-batch-not-divisible-by-gpu-count", variant="towers",
        size=h.need("size"), n=h.need("n"), gpu=part.g("gpu") or "?",
        evidence=log_evidence([h, split, part]))]


__all__ = ["replicate_batch_split"]
