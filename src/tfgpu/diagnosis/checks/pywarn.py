"""TensorFlow's and Keras' own Python-side training warnings: notices, never a GPU fault.

Users paste these lines into GPU bug reports because they stand next to the real error (or are
all the log holds). Each check turns one family of wordings (patterns ``pyw.*`` in
:mod:`tfgpu.logs.patterns`) into an ``info`` notice that says what the line means and when it
matters; none supersedes or hides another finding, so a log holding only them reads "harmless
notices only" (or "notes") with GPU usability unknown.

Sources (message rows ``py-*`` in ``knowledge/data/messages_tf_python.toml`` cite each):

* TensorFlow 2.21 wheel: ``tensorflow/python/framework/indexed_slices.py`` (IndexedSlices
  densified), ``eager/polymorphic_function/polymorphic_function.py`` (retracing),
  ``autograph/impl/api.py``, ``saved_model/save.py``, ``checkpoint/checkpoint.py``, and its
  tf.keras copy ``tensorflow/python/keras/`` (``optimizer_v2/utils.py``,
  ``engine/data_adapter.py``, ``callbacks.py``, ``engine/functional.py``,
  ``engine/sequential.py``).
* Keras 3.15: ``keras/src/optimizers/base_optimizer.py``, ``trainers/epoch_iterator.py``,
  ``saving/saving_api.py``, ``layers/layer.py``, ``callbacks/early_stopping.py``,
  ``reduce_lr_on_plateau.py``, ``model_checkpoint.py``, ``legacy/saving/legacy_h5_format.py``,
  ``trainers/data_adapters/py_dataset_adapter.py``, ``models/functional.py``.
* TensorFlow 2.21 wheel, more: ``util/deprecation.py``, ``ops/parallel_for/pfor.py``, the
  tf.keras copy's ``saving/hdf5_format.py`` and ``saving/saving_utils.py``, and tf.data's
  cache_dataset_ops.cc (its text read with ``strings`` in ``libtensorflow_cc.so.2``).
* Older wordings (TF 1.x-2.3 IndexedSlices "of unknown shape", TF 2.0-2.1 network.py
  "re-called on a Tensor", TF 1.14-2.0 AutoGraph "Entity ... could not be transformed",
  tf.keras 2.0-2.2 "Method (on_train_batch_end) is slow compared to the batch update", TF
  2.0-2.3 base_layer.py "Layer X is casting an input tensor from dtype float64").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import Check, from_log
from tfgpu.diagnosis.checks.model_inputs import input_shape_mismatch
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

if TYPE_CHECKING:
    from collections.abc import Callable

    from tfgpu.facts.log import Hit, Hits


def _log_check(name: str, doc: str, pattern: str,
               build: Callable[[Hits, Hit], Finding]) -> Check:
    """A check named ``name`` (docstring ``doc``) that returns ``from_log(ctx, pattern,
    build)``: ``[]`` without a line of ``pattern``, else the one finding ``build`` makes."""
    def check(ctx: Facts) -> list[Finding]:
        return from_log(ctx, pattern, build)

    check.__name__ = check.__qualname__ = name
    check.__doc__ = doc
    return check


def _notice_check(name: str, pattern: str, finding_id: str, what: str) -> Check:
    """The check ``name``: the notice ``finding_id`` (the log's first two lines of ``pattern``
    as evidence) when the log has such a line; ``what`` (what the line means) ends its
    docstring.  The id is a literal at each call, where the finding catalogue's test reads it.
    """
    return _log_check(name, f"``{finding_id}``: {what}.", pattern,
                      lambda hits, _first: catalogue.make(
                          finding_id, evidence=log_evidence(hits, limit=2)))


#: The functions Keras builds for fit/evaluate/predict: tf.keras's Model.make_*_function,
#: Keras 3's TensorFlowTrainer.make_*_function (keras/src/backend/tensorflow/trainer.py).
_KERAS_FUNCTION = re.compile(r"\b(?:Model|\w{0,40}Trainer)\.make_(?:train|test|predict)_function\b")


def function_retracing(ctx: Facts) -> list[Finding]:
    """``tf-function-retracing-notice``: (harmless) tf.function traced a function again;
    variant ``keras-function`` when the function is one Keras builds for fit/evaluate/predict
    (``Model.make_predict_function.<locals>.predict_function``): the calls, not a function of
    the user's, retrace (variable-length inputs retraced in TF 2.1-2.2, tensorflow#38561;
    models built or loaded in a loop; predict called per sample)."""
    hits = ctx.h("pyw.retracing").all()
    if not hits:
        return []
    keras = [h for h in hits if _KERAS_FUNCTION.search(h.g("fn") or "")]
    if keras:
        return [catalogue.make("tf-function-retracing-notice", variant="keras-function",
                               fn=keras[0].need("fn"), evidence=log_evidence(keras, limit=2))]
    return [catalogue.make("tf-function-retracing-notice", evidence=log_evidence(hits, limit=2))]


def monitor_missing(ctx: Facts) -> list[Finding]:
    """``keras-callback-monitor-missing-notice``: a callback's monitored metric not in the
    logs it was given (callbacks.py "Can save best model only with val_loss available",
    EarlyStopping's "conditioned on metric"); variant ``metric-logged`` when the Keras progress
    line right before it (pattern ``keras.step``) shows that metric: the epoch's logs had it, so
    the callback got other logs (a callback of another Keras than the model's, or one that
    runs per batch: ModelCheckpoint's save_freq as a number of batches); variant
    ``empty-logs`` when every "Available metrics are:" list the log prints is empty (or only
    ReduceLROnPlateau's 'lr'): the callback got no epoch logs at all, a hedge."""
    hits = ctx.h("pyw.monitor_missing").all()
    if not hits:
        return []
    metric = hits[0].g("metric") or hits[0].g("metric2") or ""
    # the epoch's own progress line: the last one before the warning (an earlier epoch's
    # val_loss says nothing of an epoch that ran no validation: validation_freq, or a
    # validation input that ran out)
    before = [h for h in ctx.h("keras.step").all() if h.line < hits[0].line][-1:]
    shown = [h for h in before if metric and f" - {metric}: " in h.text]
    if shown:
        return [catalogue.make("keras-callback-monitor-missing-notice", variant="metric-logged",
                               metric=metric, evidence=log_evidence(shown[-1:], hits[:1]))]
    # "Available metrics are: " with nothing after it (ReduceLROnPlateau's own 'lr' aside: it
    # sets logs['lr'] before it looks, keras v2.6.0 callbacks.py): the callback was handed
    # logs without even 'loss', which every fit() epoch logs, so validation data is not the
    # question (nayash/stock_cnn_blog_pub#3, keras-team/keras#13689)
    lists = [h for h in hits if "Available metrics are:" in h.text]
    if lists and all({n.strip(" \"'") for n in (h.g("avail") or "").split(",")} - {"lr", ""}
                     == set() for h in lists):
        return [catalogue.make("keras-callback-monitor-missing-notice", variant="empty-logs",
                               metric=metric or "its metric",
                               evidence=log_evidence(lists, limit=2))]
    return [catalogue.make("keras-callback-monitor-missing-notice",
                           evidence=log_evidence(hits, limit=2))]


#: Every check of this module, in the order LOG_CHECKS runs them: (check name, log pattern,
#: finding id, what the line means) per check.
PYWARN_CHECKS: tuple[Check, ...] = (
    _notice_check("indexed_slices_dense", "pyw.indexed_slices",
                  "indexedslices-dense-conversion-notice",
                  "(harmless) a sparse gradient made dense"),
    function_retracing,
    _notice_check("gradients_missing", "pyw.grad_missing",
                  "keras-gradients-missing-notice", "variables the loss does not depend on"),
    _notice_check("input_ran_out", "pyw.ran_out",
                  "keras-input-ran-out-of-data-notice",
                  "fit() asked for more batches than the input"),
    _notice_check("callback_slow", "pyw.callback_slow",
                  "keras-callback-slow-notice", "(harmless) a batch hook slower than the step"),
    input_shape_mismatch,
    _notice_check("autograph_fallback", "pyw.autograph",
                  "autograph-could-not-transform-notice", "(harmless) a function run unconverted"),
    _notice_check("untraced_functions", "pyw.untraced",
                  "saved-model-untraced-functions-notice",
                  "(harmless) SavedModel skipped functions"),
    _notice_check("checkpoint_unrestored", "pyw.ckpt_unrestored",
                  "checkpoint-unrestored-values-notice", "a checkpoint restored only in part"),
    _notice_check("hdf5_legacy", "pyw.hdf5_legacy",
                  "keras-hdf5-legacy-notice", "(harmless) model.save() to a .h5 path in Keras 3"),
    _notice_check("layer_input_shape_arg", "pyw.input_shape_arg",
                  "keras-layer-input-shape-arg-notice",
                  "(harmless) input_shape= on a Keras 3 layer"),
    _notice_check("optimizer_variables_skipped", "pyw.optimizer_skip",
                  "keras-optimizer-variables-skipped-notice",
                  "the optimizer state was not restored"),
    _notice_check("deprecation", "pyw.deprecation",
                  "tf-deprecation-notice", "(harmless) util/deprecation.py's notices"),
    monitor_missing,
    _notice_check("loaded_not_compiled", "pyw.loaded_not_compiled",
                  "keras-loaded-model-not-compiled-notice",
                  "(harmless) a loaded model's compile state"),
    _notice_check("pfor_fallback", "pyw.pfor_fallback",
                  "pfor-while-loop-fallback-notice",
                  "(harmless) vectorization fell back to a loop"),
    _notice_check("cache_partial", "pyw.cache_partial",
                  "tf-data-cache-partially-read-notice", "(harmless) a partial cache discarded"),
    _notice_check("input_casting", "pyw.input_casting",
                  "keras-layer-input-casting-notice",
                  "(harmless) TF 2.0-2.3 Keras cast float64 inputs"),
    _notice_check("pydataset_init", "pyw.pydataset_init",
                  "keras-pydataset-init-notice", "(harmless) a PyDataset without super().__init__"),
    _notice_check("inputs_structure", "pyw.inputs_structure",
                  "keras-inputs-structure-mismatch-notice", "Keras 3 inputs nested otherwise"),
    _notice_check("keras_data_notices", "pyw.keras_data_notices",
                  "keras-data-format-notice",
                  "(harmless) tf.keras data-adapter/Sequential notices"),
)
