"""What Keras's training loop refuses in fit()'s arguments before any step runs: a validation
split of data it cannot slice, a generator without a step count, and (Keras 2.x) a weight
without a gradient. Model code, never the GPU. (A checkpoint file name naming a metric the
logs lack is checks/keras_training_loop.py's.)

Sources (keras-team/keras at its tags):

* tf.keras/Keras 2.6-2.15 ``keras/engine/data_adapter.py`` ``train_validation_split``:
  "`validation_split` is only supported for Tensors or NumPy arrays, found following types in
  the input: [...]"; Keras 3 ``keras/src/trainers/data_adapters/array_slicing.py``: "Argument
  `validation_split` is only supported for tensors or NumPy arrays.Found incompatible type in
  the input: [...]";
* Keras 2.2.4-2.3.1 ``keras/engine/training_generator.py``: "`steps_per_epoch=None` is only
  valid for a generator based on the `keras.utils.Sequence` class. Please specify
  `steps_per_epoch` or use the `keras.utils.Sequence` class." (and ``validation_steps``,
  ``steps``); tf.keras/Keras 2.6 ``data_adapter.py``: "When passing an infinitely repeating
  dataset, please specify a `steps_per_epoch` value ..."; the graph-era loop
  (``training_utils_v1.py``): "`validation_split` argument is not supported when input `x` is
  a dataset or a dataset iterator." and "If your data is in the form of a Python generator,
  you cannot use `validation_split`.";
* Keras 2.2.4-2.3.1 ``keras/optimizers.py`` ``get_gradients``: "An operation has `None` for
  gradient. Please make sure that all of your ops have a gradient defined (i.e. are
  differentiable). Common ops without gradient: K.argmax, K.round, K.eval."
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The split fix for each kind of input the message names (a type's repr, lower-cased).
_SPLIT_FIXES = (
    ("dataframe", "x_train.to_numpy(), y_train.to_numpy()   # pandas: give fit() NumPy arrays, "
                  "then validation_split works"),
    ("dataset", "val = ds.take(n_val); train = ds.skip(n_val)   # a tf.data.Dataset: split it "
                "yourself (before batching) and pass validation_data=val"),
    ("generator", "validation_data=<a second generator or Sequence>   # a generator cannot be "
                  "split: give the validation batches separately"),
    ("sequence", "validation_data=<a second Sequence>   # a Sequence cannot be split: give the "
                 "validation batches separately"),
)


def validation_split_unsupported(ctx: Facts) -> list[Finding]:
    """``keras-validation-split-unsupported-input``: fit(validation_split=...) given data
    Keras cannot slice (pattern ``keras.validation_split``): a pandas DataFrame, a
    tf.data.Dataset, a generator or Sequence; the fix names the input's own way."""
    hits = ctx.h("keras.validation_split").all()
    if not hits:
        return []
    h = hits[0]
    types = (h.g("types") or h.g("types2") or h.g("types3") or "").strip()
    low = types.lower()
    fix = [line for key, line in _SPLIT_FIXES if key in low]
    if h.g("values") is not None:
        # TF 2.2-2.3 printed (x, y, sample_weight) themselves, not the odd one's type
        # (tensorflow/tensorflow#38613: y a Python list; the answer there was np.array)
        types = "a value that is no NumPy array or tensor: a Python list, a number"
        fix.append("x = np.asarray(x); y = np.asarray(y)   # a Python list of samples (or of "
                   "arrays of one shape) as one array; a list holding other things (a "
                   "number) does not belong in x")
    fix.append("model.fit(x, y, validation_data=(x_val, y_val))   # or split the arrays "
               "yourself (sklearn.model_selection.train_test_split) and pass validation_data")
    return [catalogue.make(
        "keras-validation-split-unsupported-input", types=types or "another type",
        evidence=log_evidence(hits), fix=tuple(fix))]


def steps_per_epoch_required(ctx: Facts) -> list[Finding]:
    """``keras-steps-per-epoch-required``: Keras 2.2-2.3's fit_generator/evaluate_generator
    refused ``steps_per_epoch=None`` (or ``validation_steps``, ``steps``) for a generator
    that is not a ``keras.utils.Sequence`` (pattern ``keras.steps_none``)."""
    hits = ctx.h("keras.steps_none").all()
    if not hits:
        return []
    h = hits[0]
    arg = h.g("arg") or h.g("arg2") or "steps_per_epoch"
    if h.g("arg2") is not None:
        return [catalogue.make(
            "keras-steps-per-epoch-required", variant="infinite-dataset", arg=arg,
            evidence=log_evidence(hits),
            fix=(f"model.fit(ds, {arg}=math.ceil(n_samples / batch_size))   # the dataset "
                 ".repeat()s forever: say how many batches make an epoch",
                 "# or drop .repeat() from the pipeline, so that an epoch ends when the data "
                 "does"))]
    idg = _image_data_generator_sequence(ctx, arg, hits)
    if idg is not None:
        return [idg]
    return [catalogue.make(
        "keras-steps-per-epoch-required", arg=arg, evidence=log_evidence(hits),
        fix=(f"{arg}=math.ceil(n_samples / batch_size)   # a plain generator (and "
             "ImageDataGenerator.flow in older Keras) does not say how many batches it holds",
             "# or make the data a keras.utils.Sequence (its __len__ gives the count)"))]


#: The lines of multi-backend Keras's keras/engine/training_generator.py that raise the
#: refusal in the releases that test ``isinstance(generator, Sequence)`` with keras-preprocessing
#: 1.0.5+ (keras-team/keras tags 2.2.3 and 2.2.4: 55 steps_per_epoch, 68 validation_steps,
#: evaluate_generator 300/301, predict_generator 405/406); from 2.2.5 ``is_sequence`` tests the
#: Sequence API instead (keras PR #11468, commit d6b5c5eb).
_KERAS_RAISE_LINES = {
    ("fit_generator", "55"): "2.2.3-2.2.4", ("fit_generator", "68"): "2.2.3-2.2.4",
    ("evaluate_generator", "300"): "2.2.3", ("evaluate_generator", "301"): "2.2.4",
    ("predict_generator", "405"): "2.2.3", ("predict_generator", "406"): "2.2.4",
}


def _image_data_generator_sequence(ctx: Facts, arg: str, hits: list[Hit]) -> Finding | None:
    """Variant ``image-data-generator``: Keras 2.2.3-2.2.4 (the raising frame's line,
    :data:`_KERAS_RAISE_LINES`) refused an ImageDataGenerator iterator (pattern
    ``ctx.image_data_generator``), which is a Sequence, but keras-preprocessing's, based on
    the Sequence of whichever Keras registered itself last (``keras_preprocessing/image``
    ``IteratorType = get_keras_submodule('utils').Sequence``, 1.0.4-1.1.0): with TensorFlow
    1.11+ installed, tf.keras's (keras-team/keras#11452, keras-preprocessing#80). ``None``
    otherwise, or when the log shows a TensorFlow older than 1.11."""
    frames = ctx.h("ctx.keras_generator_raise_frame").all()
    release = next((r for f in frames if (r := _KERAS_RAISE_LINES.get(
        (f.g("fn") or "", f.g("n") or ""))) is not None), None)
    idg = ctx.h("ctx.image_data_generator").all()
    if release is None or not idg or (ctx.tf_mm is not None and ctx.tf_mm < (1, 11)):
        return None
    return catalogue.make(
        "keras-steps-per-epoch-required", variant="image-data-generator", arg=arg,
        release=release, evidence=log_evidence(idg[:1], frames[-1:], hits),
        fix=('pip install "keras==2.2.5"   # Keras 2.2.5 and later take any object with the '
             "Sequence API (keras-team/keras PR #11468), so ImageDataGenerator's iterators "
             "count their batches again",
             f"{arg}=len(gen)   # or keep Keras {release}: gen = datagen.flow(...) (or "
             "flow_from_directory) has a length, its batches per epoch",
             "# or build the whole program on tf.keras (tensorflow.keras's ImageDataGenerator "
             "and model), one Keras only"))


def keras2_none_gradient(ctx: Facts) -> list[Finding]:
    """``keras-gradients-missing-notice`` variant ``keras2-op``: Keras 2.2-2.3's optimizer
    refusing any weight without a gradient (pattern ``keras.none_gradient``)."""
    hits = ctx.h("keras.none_gradient").all()
    if not hits:
        return []
    return [catalogue.make("keras-gradients-missing-notice", variant="keras2-op",
                           evidence=log_evidence(hits))]


__all__ = ["keras2_none_gradient", "steps_per_epoch_required", "validation_split_unsupported"]
