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

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def indexed_slices_dense(ctx: Facts) -> list[Finding]:
    """``indexedslices-dense-conversion-notice`` (harmless): a sparse gradient made dense."""
    return from_log(ctx, "pyw.indexed_slices", lambda hits, _first: catalogue.make(
        "indexedslices-dense-conversion-notice", evidence=log_evidence(hits, limit=2)))


def function_retracing(ctx: Facts) -> list[Finding]:
    """``tf-function-retracing-notice`` (harmless): tf.function traced a function again."""
    return from_log(ctx, "pyw.retracing", lambda hits, _first: catalogue.make(
        "tf-function-retracing-notice", evidence=log_evidence(hits, limit=2)))


def gradients_missing(ctx: Facts) -> list[Finding]:
    """``keras-gradients-missing-notice``: variables the loss does not depend on."""
    return from_log(ctx, "pyw.grad_missing", lambda hits, _first: catalogue.make(
        "keras-gradients-missing-notice", evidence=log_evidence(hits, limit=2)))


def input_ran_out(ctx: Facts) -> list[Finding]:
    """``keras-input-ran-out-of-data-notice``: fit() asked for more batches than the input."""
    return from_log(ctx, "pyw.ran_out", lambda hits, _first: catalogue.make(
        "keras-input-ran-out-of-data-notice", evidence=log_evidence(hits, limit=2)))


def callback_slow(ctx: Facts) -> list[Finding]:
    """``keras-callback-slow-notice`` (harmless): a batch hook slower than the step."""
    return from_log(ctx, "pyw.callback_slow", lambda hits, _first: catalogue.make(
        "keras-callback-slow-notice", evidence=log_evidence(hits, limit=2)))


def input_shape_mismatch(ctx: Facts) -> list[Finding]:
    """``keras-input-shape-mismatch-notice``: a model called on inputs of another shape."""
    return from_log(ctx, "pyw.input_shape_mismatch", lambda hits, _first: catalogue.make(
        "keras-input-shape-mismatch-notice", evidence=log_evidence(hits, limit=2)))


def autograph_fallback(ctx: Facts) -> list[Finding]:
    """``autograph-could-not-transform-notice`` (harmless): a function run unconverted."""
    return from_log(ctx, "pyw.autograph", lambda hits, _first: catalogue.make(
        "autograph-could-not-transform-notice", evidence=log_evidence(hits, limit=2)))


def untraced_functions(ctx: Facts) -> list[Finding]:
    """``saved-model-untraced-functions-notice`` (harmless): SavedModel skipped functions."""
    return from_log(ctx, "pyw.untraced", lambda hits, _first: catalogue.make(
        "saved-model-untraced-functions-notice", evidence=log_evidence(hits, limit=2)))


def checkpoint_unrestored(ctx: Facts) -> list[Finding]:
    """``checkpoint-unrestored-values-notice``: a checkpoint restored only in part."""
    return from_log(ctx, "pyw.ckpt_unrestored", lambda hits, _first: catalogue.make(
        "checkpoint-unrestored-values-notice", evidence=log_evidence(hits, limit=2)))


def hdf5_legacy(ctx: Facts) -> list[Finding]:
    """``keras-hdf5-legacy-notice`` (harmless): model.save() to a .h5 path in Keras 3."""
    return from_log(ctx, "pyw.hdf5_legacy", lambda hits, _first: catalogue.make(
        "keras-hdf5-legacy-notice", evidence=log_evidence(hits, limit=2)))


def layer_input_shape_arg(ctx: Facts) -> list[Finding]:
    """``keras-layer-input-shape-arg-notice`` (harmless): input_shape= on a Keras 3 layer."""
    return from_log(ctx, "pyw.input_shape_arg", lambda hits, _first: catalogue.make(
        "keras-layer-input-shape-arg-notice", evidence=log_evidence(hits, limit=2)))


def optimizer_variables_skipped(ctx: Facts) -> list[Finding]:
    """``keras-optimizer-variables-skipped-notice``: the optimizer state was not restored."""
    return from_log(ctx, "pyw.optimizer_skip", lambda hits, _first: catalogue.make(
        "keras-optimizer-variables-skipped-notice", evidence=log_evidence(hits, limit=2)))


def deprecation(ctx: Facts) -> list[Finding]:
    """``tf-deprecation-notice`` (harmless): util/deprecation.py's notices."""
    return from_log(ctx, "pyw.deprecation", lambda hits, _first: catalogue.make(
        "tf-deprecation-notice", evidence=log_evidence(hits, limit=2)))


def monitor_missing(ctx: Facts) -> list[Finding]:
    """``keras-callback-monitor-missing-notice``: a callback's monitored metric not logged."""
    return from_log(ctx, "pyw.monitor_missing", lambda hits, _first: catalogue.make(
        "keras-callback-monitor-missing-notice", evidence=log_evidence(hits, limit=2)))


def loaded_not_compiled(ctx: Facts) -> list[Finding]:
    """``keras-loaded-model-not-compiled-notice`` (harmless): a loaded model's compile state."""
    return from_log(ctx, "pyw.loaded_not_compiled", lambda hits, _first: catalogue.make(
        "keras-loaded-model-not-compiled-notice", evidence=log_evidence(hits, limit=2)))


def pfor_fallback(ctx: Facts) -> list[Finding]:
    """``pfor-while-loop-fallback-notice`` (harmless): vectorization fell back to a loop."""
    return from_log(ctx, "pyw.pfor_fallback", lambda hits, _first: catalogue.make(
        "pfor-while-loop-fallback-notice", evidence=log_evidence(hits, limit=2)))


def cache_partial(ctx: Facts) -> list[Finding]:
    """``tf-data-cache-partially-read-notice`` (harmless): a partial cache discarded."""
    return from_log(ctx, "pyw.cache_partial", lambda hits, _first: catalogue.make(
        "tf-data-cache-partially-read-notice", evidence=log_evidence(hits, limit=2)))


def input_casting(ctx: Facts) -> list[Finding]:
    """``keras-layer-input-casting-notice`` (harmless): TF 2.0-2.3 Keras cast float64 inputs."""
    return from_log(ctx, "pyw.input_casting", lambda hits, _first: catalogue.make(
        "keras-layer-input-casting-notice", evidence=log_evidence(hits, limit=2)))


def pydataset_init(ctx: Facts) -> list[Finding]:
    """``keras-pydataset-init-notice`` (harmless): a PyDataset without super().__init__."""
    return from_log(ctx, "pyw.pydataset_init", lambda hits, _first: catalogue.make(
        "keras-pydataset-init-notice", evidence=log_evidence(hits, limit=2)))


def inputs_structure(ctx: Facts) -> list[Finding]:
    """``keras-inputs-structure-mismatch-notice``: Keras 3 inputs nested otherwise."""
    return from_log(ctx, "pyw.inputs_structure", lambda hits, _first: catalogue.make(
        "keras-inputs-structure-mismatch-notice", evidence=log_evidence(hits, limit=2)))


def keras_data_notices(ctx: Facts) -> list[Finding]:
    """``keras-data-format-notice`` (harmless): tf.keras data-adapter/Sequential notices."""
    return from_log(ctx, "pyw.keras_data_notices", lambda hits, _first: catalogue.make(
        "keras-data-format-notice", evidence=log_evidence(hits, limit=2)))


#: Every check of this module, in the order LOG_CHECKS runs them.
PYWARN_CHECKS = (
    indexed_slices_dense,
    function_retracing,
    gradients_missing,
    input_ran_out,
    callback_slow,
    input_shape_mismatch,
    autograph_fallback,
    untraced_functions,
    checkpoint_unrestored,
    hdf5_legacy,
    layer_input_shape_arg,
    optimizer_variables_skipped,
    deprecation,
    monitor_missing,
    loaded_not_compiled,
    pfor_fallback,
    cache_partial,
    input_casting,
    pydataset_init,
    inputs_structure,
    keras_data_notices,
)
