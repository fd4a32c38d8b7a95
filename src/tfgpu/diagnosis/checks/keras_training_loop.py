"""The Keras training loop as GPU-TensorFlow users meet it between releases: a metric key
History no longer has, a checkpoint file name with a key the logs lack, an optimizer given
variables it was not built for, Keras 1 argument names, Keras 3's float learning rate, data
fit() has no adapter for, a subclassed model saved before it was built, and TensorBoard's
histograms without array validation data, a callback hook without the logs argument. Model
code and Keras releases, never the GPU.

Sources (keras-team/keras at the tags named; TensorFlow 2.21's legacy tf.keras copy in its
wheel for TensorFlow's own):

* History keys: standalone Keras 2.0.0-2.2.5 ``engine/training.py`` logs ``'accuracy'`` as
  ``acc``; 2.3.0's ``training_utils.get_metric_name`` keeps the string compile was given,
  as tf.keras does with TF 2 behaviour (``tf2.enabled()``) and Keras 3 (``compile_utils``).
* ``ModelCheckpoint._get_file_path`` (v2.6.0-v2.15.0 ``callbacks.py``, Keras 3
  ``callbacks/model_checkpoint.py``): 'Failed to format this callback filepath: "<path>".
  Reason: <missing key>'.
* The optimizers' slot index: v2.11.0-v2.15.0 ``optimizers/optimizer.py`` ``_update_step``
  "The optimizer cannot recognize variable X. This usually means you are trying to call the
  optimizer to update different parts of the model separately. Please call
  `optimizer.build(variables)` ..." (2.8-2.10 other wordings); Keras 3
  ``base_optimizer.py`` "Unknown variable: X. This optimizer can only be called for the
  variables it was originally built with."
* Keras 1 names: platform fact ``keras1-argument-names`` (keras/legacy/interfaces.py at
  2.3.1); Python's "got an unexpected keyword argument", tf.keras's validate_kwargs
  "('Keyword argument not understood:', X)".
* Keras 3 ``BaseOptimizer.__init__``: "Argument `learning_rate` should be float, or an
  instance of LearningRateSchedule, or a callable ..." (``isinstance(learning_rate, float)``).
* v2.6.0-v2.15.0 ``engine/data_adapter.py`` ``select_data_adapter``: "Failed to find data
  adapter that can handle input: <x>, <y>" (lists only as lists of scalars, x and y both).
* ``saving_utils.raise_model_input_error`` (TF 2.21 wheel, v2.6.0-v2.15.0): "Model X cannot
  be saved because the input shapes have not been set", "... because the input shape is not
  available", "... either because the input shape is not available or because the forward
  pass of the model is not defined".
* Standalone Keras 2.0.7-2.3.1 ``TensorBoard.on_epoch_end``: "If printing histograms,
  validation_data must be provided, and cannot be a generator."
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import package_frames_above
from tfgpu.diagnosis.checks._common import from_log, set_env, tf_run_shown
from tfgpu.diagnosis.checks.keras_sequence_adapter import sequence_of_other_keras
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

# --- a metric key History does not have -----------------------------------------------------


def _logged_metrics(ctx: Facts, before: int) -> set[str] | None:
    """The metric names the last Keras progress line before log line ``before`` shows
    (``- accuracy: 0.93`` -> ``accuracy``), or None when no progress line is there."""
    steps = [h for h in ctx.h("keras.step").all() if h.line < before]
    if not steps:
        return None
    return set(re.findall(r" - ([A-Za-z_][\w]*): ", steps[-1].text))


def _printed_keys(ctx: Facts) -> list[str] | None:
    """The History's keys the log prints (``dict_keys(['loss', 'val_loss', ...])``, pattern
    ``ctx.history_keys``; the last listing that holds 'loss', which every fit() logs), or
    None when it prints none."""
    for h in reversed(ctx.h("ctx.history_keys").all()):
        keys = re.findall(r"'([^'\n]{1,80})'", h.g("keys") or "")
        if "loss" in keys:
            return keys
    return None


def _keys_shown(ctx: Facts, key: str, ev: tuple[Evidence, ...]) -> list[Finding] | None:
    """The finding when the log prints the History's keys and ``key`` is not among them
    (None otherwise): variant ``no-validation`` for a val_ key with no val_ key printed, else
    ``keys-shown``, naming the printed key that holds the same metric (an accuracy under
    another name: a metric given as a function is logged under the function's name,
    keras-team/keras 2.2.4 engine/training.py ``metric_fn.__name__``, 2.3.1
    training_utils.get_metric_name)."""
    keys = _printed_keys(ctx)
    if keys is None or key in keys:
        return None
    val = key.startswith("val_")
    if val and not any(k.startswith("val_") for k in keys):
        return [catalogue.make("keras-history-metric-key-renamed", variant="no-validation",
                               key=key, evidence=ev)]
    side = [k for k in keys if k.startswith("val_") == val and k.removeprefix("val_") != "loss"]
    if not any(k.removeprefix("val_") != "loss" for k in keys):
        # the History holds only loss (and val_loss): compile was given no metric
        return [catalogue.make("keras-history-metric-key-renamed", variant="no-metric",
                               key=key, evidence=ev)]
    same = [k for k in side if "acc" in k.lower()]
    shown = ", ".join(f"'{k}'" for k in keys)
    fix: tuple[str, ...]
    if len(same) == 1:
        fix = (f"# read history.history['{same[0]}'], the key the log's "
               "history.history.keys() shows",
               f"# or compile with the name the code reads: metrics=['{key.removeprefix('val_')}']"
               " (a string; a function is logged under its own name)")
    else:
        fix = (f"# read one of the keys the log shows ({shown}), or compile with the name the "
               "code reads",)
    return [catalogue.make("keras-history-metric-key-renamed", variant="keys-shown", key=key,
                           shown=shown, evidence=ev, fix=fix)]


def history_metric_key(ctx: Facts) -> list[Finding]:
    """``keras-history-metric-key-renamed``: ``KeyError: 'acc'`` (or ``val_acc``,
    ``accuracy``, ``val_accuracy``) with a line of the log reading that key from a History
    (pattern ``keras.history_key``; ``self.history`` only in a log that shows a TensorFlow/Keras
    run). The names the last progress line shows decide: a val_ key with no val_ metric logged
    is no validation data (variant ``no-validation``); a key the line does not show, with the
    names it does show, is variant ``compile-name``; a line (or printed keys) with only loss and
    val_loss means compile was given no metric at all (variant ``no-metric``). Without such a
    line the release's naming:
    ``acc`` read from Keras 2.3+ / TF 2 (the row), ``accuracy`` from an older one (variant
    ``old-keras``, only with TensorFlow 1.x shown; with nothing shown a hedge,
    ``unknown-names``, for ``accuracy``, and for ``acc`` the rename as a warning that names
    the other readings, ``likely-rename``; ``acc`` on TensorFlow 1.x a hedge). Keys the log prints
    (``dict_keys([...])``) come first: variant ``keys-shown`` names the one that is there."""
    hits = ctx.h("keras.history_key").all()
    errors = [h for h in hits if h.g("key")]
    if not errors:
        return []
    key = errors[-1].g("key") or "acc"
    # fit()'s History read as `<name>.history[...]`; an object's own `self.history` dict only
    # in a log that shows a TensorFlow/Keras run
    read = [h for h in hits if h.g("read") == key and h.line <= errors[-1].line
            and (h.g("obj") != "self" or tf_run_shown(ctx))]
    if not read:
        return []
    # every KeyError of a History key is this finding's (a notebook reads 'acc' and 'val_acc')
    ev = log_evidence(read[-1:], errors[-3:])
    val = "val_" if key.startswith("val_") else ""
    base = key.removeprefix("val_")
    other = f"{val}accuracy" if base == "acc" else f"{val}acc"
    shown = _keys_shown(ctx, key, ev)
    if shown is not None:
        return shown
    logged = _logged_metrics(ctx, errors[-1].line)
    if logged is not None and val and not any(m.startswith("val_") for m in logged):
        return [catalogue.make("keras-history-metric-key-renamed", variant="no-validation",
                               key=key, evidence=ev)]
    if logged is not None and base not in logged:
        names = sorted(m for m in logged if m != "loss" and not m.startswith("val_"))
        if not names:
            # the progress line shows only loss (and val_loss): compile was given no metric,
            # so no name of accuracy is in the History (keras.io Model.compile `metrics`)
            return [catalogue.make("keras-history-metric-key-renamed", variant="no-metric",
                                   key=key, evidence=ev)]
        if names:
            return [catalogue.make(
                "keras-history-metric-key-renamed", variant="compile-name", key=key,
                logged=", ".join(names), evidence=ev)]
    new_keras = base == "acc"
    tf = ctx.tf_mm
    if new_keras and logged is None and tf is None:
        # 'acc' read with nothing that shows what was logged: the release's rename, the
        # usual case, as a warning that names the others (a metric given as a function is
        # logged under its name on every release; a val_ key needs validation data)
        return [catalogue.make("keras-history-metric-key-renamed", variant="likely-rename",
                               key=key, other=other, evidence=ev)]
    if new_keras and logged is None and tf is not None and tf < (2, 0):
        # 'acc' read on TensorFlow 1.x (which logs 'acc' itself; standalone Keras 2.3 on it
        # logs 'accuracy'): a newer standalone Keras, a metric given as a function, or no
        # validation data for a val_ key (fchollet/deep-learning-with-python-notebooks#16)
        return [catalogue.make("keras-history-metric-key-renamed", variant="unknown-names",
                               key=key, other=other, evidence=ev)]
    if not new_keras and logged is None and (tf is None or tf >= (2, 0)):
        # 'accuracy' read with nothing that shows the names logged: an older Keras, a
        # compile given 'acc' (or no accuracy at all), or no validation data for a val_ key
        return [catalogue.make("keras-history-metric-key-renamed", variant="unknown-names",
                               key=key, other=other, evidence=ev)]
    if not new_keras and tf is not None and tf >= (2, 0):
        # TensorFlow 2 names the key after compile's string: 'acc' was compiled
        return [catalogue.make("keras-history-metric-key-renamed", variant="compile-name",
                               key=key, logged=other.removeprefix("val_"), evidence=ev)]
    return [catalogue.make(
        "keras-history-metric-key-renamed", variant=None if new_keras else "old-keras",
        key=key, other=other, evidence=ev,
        fix=(f"# read history.history['{other}'], the key this Keras logs "
             "(print(history.history.keys()) lists them)",
             (f"# or compile with metrics=['{base}'] so that the key is '{key}' again"
              if new_keras else
              "# or upgrade to a Keras (2.3+, TensorFlow 2.x) that logs the name compile was "
              "given")))]


def checkpoint_path_key(ctx: Facts) -> list[Finding]:
    """``keras-callback-monitor-missing-notice`` variant ``filepath``: ModelCheckpoint's file
    name has a placeholder the epoch's logs do not hold (pattern
    ``keras.checkpoint_path_key``)."""
    hits = ctx.h("keras.checkpoint_path_key").all()
    if not hits:
        return _bare_checkpoint_key(ctx)
    h = hits[0]
    path = h.g("path") or "?"
    key = (h.g("key") or "").strip("'\\")
    if key:
        what = "{" + key + "}"
    else:
        # the reason cut off: the placeholders other than epoch and batch are the candidates
        names = [n for n in dict.fromkeys(re.findall(r"\{(\w+)", path))
                 if n not in ("epoch", "batch")]
        what = ("one of " + ", ".join("{" + n + "}" for n in names) if len(names) > 1
                else "{" + names[0] + "}" if names else "a key")
    return [catalogue.make(
        "keras-callback-monitor-missing-notice", variant="filepath", what=what, path=path,
        evidence=log_evidence(hits))]


#: How many lines below ModelCheckpoint's format call a bare KeyError may stand (the call's
#: code line, a notebook's context lines and blank line, the exception).
_FORMAT_WINDOW = 6


def _bare_checkpoint_key(ctx: Facts) -> list[Finding]:
    """The same for Keras 2.0-2.3 (``callbacks.py``: ``filepath =
    self.filepath.format(epoch=epoch + 1, **logs)``, 2.0.x ``epoch=epoch``, raised a bare
    KeyError): the KeyError line
    (pattern ``keras.bare_key_error``) right under that code line
    (``ctx.checkpoint_format_call``), the file name itself not printed."""
    calls = [h.line for h in ctx.h("ctx.checkpoint_format_call").all()]
    for h in ctx.h("keras.bare_key_error").all():
        if any(0 < h.line - line <= _FORMAT_WINDOW for line in calls):
            key = h.need("key").strip("'")
            return [catalogue.make(
                "keras-callback-monitor-missing-notice", variant="filepath",
                what="{" + key + "}", path="the filepath given to ModelCheckpoint",
                evidence=log_evidence([h]))]
    return []


# --- an optimizer given variables it was not built for --------------------------------------


def optimizer_unknown_variable(ctx: Facts) -> list[Finding]:
    """``keras-optimizer-unknown-variable`` from the Keras 2.8-2.15 optimizers' slot index and
    Keras 3's ``_check_variables_are_known`` (pattern ``keras.optimizer_unknown_variable``);
    variant ``keras3``; variant ``r`` for a log from R's keras (``Facts.r_host``: the fix in
    R's ``$`` syntax)."""
    hits = ctx.h("keras.optimizer_unknown_variable")
    if not hits.count:
        return []
    h = hits.first[0]
    k3 = [x for x in hits.all() if x.g("path3") or x.g("k3tail")]
    if k3:
        paths = [x.g("path3") for x in k3 if x.g("path3")]
        return [catalogue.make(
            "keras-optimizer-unknown-variable", variant="keras3",
            var=paths[0] if paths else "a variable",
            evidence=log_evidence(hits),
            fix=("# one optimizer instance per set of variables: a GAN's generator and "
                 "discriminator, or each part trained separately, each get their own "
                 "keras.optimizers.Adam(...)",
                 "# or build it once for every variable before the loop: "
                 "optimizer.build(model.trainable_variables)"))]
    if ctx.r_host:
        # R's keras (reticulate): the same calls through `$`; the old optimizers are
        # keras$optimizers$legacy$Adam() (rstudio/keras3 NEWS.md, "keras 2.11.0", commit
        # 4571bff1befc425ee812faf247e3732ffc510607)
        return [catalogue.make(
            "keras-optimizer-unknown-variable", variant="r", var=h.g("var") or "a variable",
            evidence=log_evidence(hits))]
    return [catalogue.make(
        "keras-optimizer-unknown-variable", var=h.g("var") or "a variable",
        evidence=log_evidence(hits),
        fix=("optimizer.build(model.trainable_variables)   # before the training loop: every "
             "variable any apply_gradients call will update",
             "# or one optimizer instance per part of the model (a GAN's generator and "
             "discriminator each their own)",
             "# or the old optimizer, which takes any variable: tf.keras.optimizers.legacy.Adam "
             "(TensorFlow 2.11-2.15)"))]


# --- Keras 1 argument names -----------------------------------------------------------------

#: Keras 1 names also common outside Keras: read only in Keras's own "Keyword argument not
#: understood" message, not in Python's generic one.
_GENERIC = frozenset({"bias", "init", "input", "output", "p", "length", "stride", "sigma",
                      "subsample", "input_dtype"})


#: Keras 1 names whose Keras 2 name counts batches where the Keras 1 one counted samples
#: (keras/legacy/interfaces.py 2.3.1: "steps_per_epoch = samples_per_epoch/batch_size").
_SAMPLES_TO_STEPS = frozenset({"samples_per_epoch", "nb_val_samples", "val_samples"})
#: Keras 2 names Keras 3's fit/evaluate/predict dropped (keras.utils.PyDataset takes them).
_PYDATASET_ARGS = frozenset({"workers", "use_multiprocessing", "max_queue_size"})
#: The callables Python names in a refusal that are Keras's own: a class's constructor
#: (``__init__()``, ``Dense.__init__()``), fit and its kin, Keras 3's trainers' methods.
#: (``_obtain_input_shape``: keras/applications/imagenet_utils.py, which took dim_ordering in
#: Keras 1.2 and data_format from Keras 2.0; model code of Keras 1 calls it directly)
_KERAS_CALLABLE = re.compile(r"^(?:[\w.]*\.)?(?:__init__|__new__|fit|fit_generator|evaluate"
                             r"|evaluate_generator|predict|predict_generator|train_on_batch"
                             r"|compile|Model|Sequential|_obtain_input_shape)$|Trainer\.")


def keras1_argument(ctx: Facts) -> list[Finding]:
    """``keras1-argument-renamed``: a keyword argument Keras 2 renamed from Keras 1 (platform
    fact ``keras1-argument-names``), refused by tf.keras or Keras 3 (pattern
    ``keras.unexpected_kwarg``: Python's refusal of a Keras callable, tf.keras's "Keyword
    argument not understood", Keras 3's "Unrecognized keyword arguments passed to <Layer>").
    A short name (:data:`_GENERIC`) only in Keras's own messages; a count of samples renamed to
    a count of batches (:data:`_SAMPLES_TO_STEPS`) gets the division; a Keras 2 name Keras 3
    dropped too (:data:`_PYDATASET_ARGS`) is not advised to Keras 3."""
    hits = ctx.h("keras.unexpected_kwarg").all()
    if not hits:
        return []
    fact = ctx.kb.platform_fact("keras1-argument-names")
    renamed = dict(item.split(":", 1) for item in fact.items("renamed"))
    for h in hits:
        kw = h.g("kw") or h.g("kw2") or h.g("kw3") or ""
        keras_own = bool(h.g("kw2") or h.g("kw3"))
        func = h.g("func") or ""
        if kw not in renamed or (kw in _GENERIC and not keras_own):
            continue
        if not keras_own and func and not _KERAS_CALLABLE.search(func):
            continue  # another library's function refusing a name it does not take
        names = renamed[kw].split("|")
        new = renamed[kw].replace("|", " or ")
        keras3 = "Trainer." in func or bool(h.g("kw3"))
        if kw in _SAMPLES_TO_STEPS:
            first = (f"# write {names[-1]}= instead of {kw}=, and divide: Keras 2 counts "
                     f"batches where Keras 1 counted samples ({names[-1]} = {kw} // "
                     "batch_size)")
        elif keras3 and names[-1] in _PYDATASET_ARGS:
            first = (f"# drop {kw}=: its Keras 2 name {names[-1]}= is gone from Keras 3's fit "
                     "too; a keras.utils.PyDataset subclass takes it in super().__init__()")
        else:
            first = (f"# write {names[-1]}= instead of {kw}= (Keras 2's name; {new} where the "
                     "class differs), and port the rest of the Keras 1 call")
        return [catalogue.make(
            "keras1-argument-renamed", kw=kw, new=new, ref=fact.ref,
            evidence=log_evidence([h]), knowledge_ref=fact.ref,
            fix=(first,
                 "# or run the code with the Keras it was written for: Keras 1.x, or Keras "
                 "2.0-2.3, which still translated Keras 1 names with a warning"))]
    return []


# --- Keras 3's float learning rate ----------------------------------------------------------


#: A value that is a bare Python name (not a number, a schedule's or a tensor's repr, None or a
#: bool): Keras 3's check prints learning_rate={learning_rate}, and a str prints bare.
_BARE_NAME = re.compile(r"^(?!(?:None|True|False|nan|inf)$)[A-Za-z_]\w{0,59}$")


def learning_rate_not_float(ctx: Facts) -> list[Finding]:
    """``keras3-learning-rate-not-float`` from Keras 3's optimizer check (pattern
    ``keras.learning_rate_not_float``); variant ``name-passed`` when the value is a bare name
    (an optimizer's own name: Keras 2's Optimizer took ``name`` first, Keras 3's
    BaseOptimizer takes ``learning_rate`` first, keras/src/optimizers/base_optimizer.py v3.0.0;
    cloudxlab/ml#34's MySGDOptimizer calling super().__init__(name, **kwargs))."""
    hits = ctx.h("keras.learning_rate_not_float")
    if not hits.count:
        return []
    value = hits.first[0].need("value")
    if not _BARE_NAME.match(value):
        return [catalogue.make("keras3-learning-rate-not-float", value=value,
                               evidence=log_evidence(hits))]
    return [catalogue.make(
        "keras3-learning-rate-not-float", variant="name-passed", value=value,
        evidence=log_evidence(hits),
        fix=("# port the optimizer to Keras 3's API: super().__init__(learning_rate=learning_rate, "
             "name=name, **kwargs); make its slots in build(self, var_list) with "
             "self.add_variable_from_reference(...), do the update in update_step(self, gradient, "
             "variable, learning_rate); Keras 3 has no _set_hyper, _create_slots or "
             "_resource_apply_dense",
             set_env(ctx, "TF_USE_LEGACY_KERAS", "1") + "   # or keep Keras 2 for it: pip "
             "install tf-keras, set this before TensorFlow is imported (a notebook: "
             "os.environ['TF_USE_LEGACY_KERAS'] = '1' first), and write import tf_keras as "
             "keras where the code imports keras itself"))]


# --- data fit() has no adapter for ----------------------------------------------------------


def no_data_adapter(ctx: Facts) -> list[Finding]:
    """``keras-no-data-adapter`` from tf.keras's ``select_data_adapter`` (pattern
    ``keras.no_data_adapter``); variant ``list`` when a Python list is among the types."""
    hits = ctx.h("keras.no_data_adapter")
    if not hits.count:
        return []
    h = hits.first[0]
    seq = sequence_of_other_keras(ctx, h)  # a generator class: a Sequence of another Keras
    if seq is not None:
        return [seq]
    y = f"<class '{h.g('y')}'>" if h.g("y") else f"({h.g('yl')})" if h.g("yl") else ""
    types = f"{h.g('x')}, {y}" if h.g("x") and y else (h.g("types") or "").strip()
    listed = "<class 'list'>" in types or "<class 'tuple'>" in types
    return [catalogue.make(
        "keras-no-data-adapter", variant="list" if listed else None,
        types=types[:200], evidence=log_evidence(hits))]


# --- a subclassed model saved before it was built -------------------------------------------


def save_unbuilt_model(ctx: Facts) -> list[Finding]:
    """``keras-model-not-built-for-save`` from saving_utils' check (pattern
    ``keras.save_unbuilt``)."""
    return from_log(ctx, "keras.save_unbuilt", lambda hits, h: catalogue.make(
        "keras-model-not-built-for-save", model=h.g("model") or "the model",
        evidence=log_evidence(hits)))


# --- TensorBoard histograms without array validation data -----------------------------------


def tensorboard_histograms(ctx: Facts) -> list[Finding]:
    """``keras-tensorboard-histograms-need-arrays`` from standalone Keras 2.0.7-2.3.1's
    TensorBoard (pattern ``keras.tensorboard_histograms``)."""
    return from_log(ctx, "keras.tensorboard_histograms", lambda hits, _h: catalogue.make(
        "keras-tensorboard-histograms-need-arrays", evidence=log_evidence(hits)))


# --- a callback hook without the logs argument Keras passes -------------------------------
# Keras calls each hook with the logs dict (callbacks.py CallbackList, Keras 3 callbacks/
# callback_list.py: callback.on_epoch_end(epoch, logs), on_train_batch_end(batch, logs),
# on_train_begin(logs)); a hook written def on_epoch_end(self, epoch) takes one too few.


#: The packages whose frames may call a callback hook: Keras's (standalone, tf.keras, tf-keras).
_KERAS_PACKAGES = frozenset({"keras", "tensorflow", "tensorflow_core", "tf_keras"})


def callback_hook_signature(ctx: Facts) -> list[Finding]:
    """``keras-callback-hook-signature`` (pattern ``keras.callback_signature``): a custom
    callback's hook takes fewer arguments than Keras passes it (the logs dict); only when the
    nearest installed package's frame above the error is Keras's (or the log shows none): the
    same hook names are other libraries' too (PyTorch Lightning, Transformers), with other
    arguments."""
    hits = ctx.h("keras.callback_signature").all()
    if not hits:
        return []
    h = hits[0]
    frames = package_frames_above(ctx, h.line)
    if frames and (frames[-1].g("pkg") or "") not in _KERAS_PACKAGES:
        return []
    # Keras passes (batch or epoch, logs) to the batch and epoch hooks and (logs) to the
    # begin/end of training, testing and predicting: with self, 3 and 2 arguments; any other
    # count is another library's hooks (PyTorch Lightning's on_train_batch_end takes trainer,
    # pl_module, outputs, batch, batch_idx: Lightning-AI/pytorch-lightning#4350's "takes 6
    # positional arguments but 7 were given"), as are Lightning's or Transformers' names
    hook = h.g("hook") or ""
    given = 3 if "batch_" in hook or "epoch_" in hook else 2
    if h.g("m") != str(given) or (not frames and ctx.h("ctx.callback_framework").count):
        return []
    return [catalogue.make("keras-callback-hook-signature", hook=h.g("hook") or "on_epoch_end",
                           evidence=log_evidence(frames[-1:], [h]))]


__all__ = [
    "callback_hook_signature",
    "checkpoint_path_key",
    "history_metric_key",
    "keras1_argument",
    "learning_rate_not_float",
    "no_data_adapter",
    "optimizer_unknown_variable",
    "save_unbuilt_model",
    "tensorboard_histograms",
]
