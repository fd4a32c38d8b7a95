"""A weights file that does not fit the model the code built: Keras refuses to load it because
the layers, their weight counts or their shapes differ. Never the GPU.

Sources (keras-team/keras at its tags):

* Keras 2.3 ``keras/engine/saving.py`` and tf.keras/Keras 2.6-2.12
  ``keras/saving/hdf5_format.py``: "You are trying to load a weight file containing N layers
  into a model with M layers.", "Layer #k (named "X" in the current model) was found to
  correspond to layer Y in the save file. However the new layer X expects N weights, but the
  saved weights have M elements.", "GRU(reset_after=True) is not compatible with
  GRU(reset_after=False)" (preprocess_weights_for_loading, converting a GRU's weights), by
  name: "Layer #k (named "X") expects N weight(s), but the
  saved weights have M element(s)." and "Layer #k (named "X"), weight <w> has shape (a, b),
  but the saved weight has shape (c, d).";
* Keras 2.13+ ``keras/saving/legacy/hdf5_format.py`` and Keras 3
  ``keras/src/legacy/saving/legacy_h5_format.py``: "Layer count mismatch when loading weights
  from file. Model expected N layers, found M saved layers.", "Weight count mismatch for layer
  #k (...). Layer expects N weight(s). Received M saved weight(s)" (and the model's top-level
  weights);
* Keras 3 ``keras/src/layers/layer.py`` ``_check_load_own_variables``: "Layer 'X' expected N
  variables, but received M variables during loading." and "Layer 'X' was never built and thus
  it doesn't have any variables. However the weights file lists N variables"; Keras 2.13+ and
  Keras 3's legacy H5 ``_set_weights``: "Shape mismatch in layer #k (named X)for weight ...
  Weight expects shape (a, b). Received saved weight with shape (c, d)".
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The layer a message names: 'named "dense_1"', "named dense_1 in", "Layer 'dense_1'".
_LAYER = re.compile(r"""named "?(?P<a>[^"\s,()]{1,100})"?|Layer '(?P<b>[^'\n]{1,100})'""")
#: Keras 3's advice under its never-built message (layer.py: a parent's build() must build its
#: children, or the layer needs build_from_config).
_UNBUILT_NOTE = (" A layer that was never built has no variables to load into: a custom layer "
                 "whose parent's build() does not build it, or one that needs "
                 "build_from_config (Keras 3's own message says so).")


#: The two layers a positional weight message pairs: the current model's and the file's
#: ('(named "dense_3" in the current model) was found to correspond to layer dense_2 in the
#: save file', '(named batch_normalization in the current model, dense_2 in the save file)').
_PAIRED = re.compile(r"""named "?(?P<model>[^"\s,()]{1,100})"? in the current model"""
                     r"""(?:\) was found to correspond to layer |, )"""
                     r"""(?P<file>[^\s,()]{1,100}) in the save file""")


def _other_kinds_paired(text: str) -> bool:
    """Whether the message pairs a layer of the model with a layer of the file of another kind
    (their names without Keras's ``_N`` suffix differ: batch_normalization against dense):
    Keras pairs weighted layers by position, so the models' layers are not in the same order."""
    m = _PAIRED.search(text)
    if m is None:
        return False
    base = [re.sub(r"_\d+$", "", n) for n in (m.group("model"), m.group("file"))]
    return base[0] != base[1]


def _first(h: Hit, *names: str) -> str | None:
    """The first of the groups ``names`` that matched (one wording's each)."""
    return next((v for n in names if (v := h.g(n)) is not None), None)


def _what(h: Hit) -> str:
    """What the message says does not fit, in a few words."""
    layer = _LAYER.search(h.text)
    name = (layer.group("a") or layer.group("b")) if layer else None
    of = f"layer {name}" if name else "a layer"
    if (in_file := _first(h, "layers_file", "layers_file2")) is not None:
        return (f"the file holds {in_file} layer{'' if in_file == '1' else 's'} with weights, "
                f"the model {_first(h, 'layers_model', 'layers_model2')}")
    if h.g("gru_file") is not None:
        return (f"the file's GRU weights are a {h.g('gru_file')}'s, the layer a "
                f"{h.g('gru_model')}")
    if (shape := _first(h, "shape_model", "shape_model2")) is not None:
        return (f"{of} has a weight of shape {shape}, the file's is "
                f"{_first(h, 'shape_file', 'shape_file2')}")
    if h.g("unbuilt") is not None:
        return (f"{of} was never built, so it has no weights, and the file has "
                f"{h.g('unbuilt')} for it")
    if "top-level" in h.text:
        of = "the model itself (its top-level weights)"
    want = _first(h, "want", "want2", "want3")
    return (f"{of} has {want} weight{'' if want == '1' else 's'}, the file "
            f"{_first(h, 'got', 'got2', 'got3')}")


def _loads(ctx: Facts) -> tuple[bool, bool, bool]:
    """Which load the log shows: ``(load_weights called, load_model called, custom_objects
    given)`` (patterns ``ctx.load_weights`` and ``ctx.model_loading``)."""
    loading = [m.text for m in ctx.h("ctx.model_loading").all()]
    return (bool(ctx.h("ctx.load_weights").count), any("load_model" in t for t in loading),
            any("custom_objects" in t for t in loading))


def _cause_note(h: Hit) -> str:
    """The sentence the message itself adds to the cause: a GRU of another reset_after, a
    layer never built, a file of no layer weights or of one (a wrapped model); else ``""``."""
    in_file = _first(h, "layers_file", "layers_file2")
    if h.g("gru_file") is not None:
        return (" A GRU's weights differ by its reset_after: TensorFlow 2's GRU (and cuDNN's) "
                "takes reset_after=True by default, standalone Keras 2.3's and TensorFlow "
                "1.x's reset_after=False (keras-team/keras 2.3.1 layers/recurrent.py, v2.6.0 "
                "layers/recurrent_v2.py), and Keras converts between the two True kinds only: "
                "build the GRU with the saving side's reset_after.")
    if h.g("unbuilt") is not None:
        return _UNBUILT_NOTE
    if in_file == "0":
        return (" A file with no layer weights at all is not in the layout this loader reads: "
                "a Keras 3 .weights.h5 file read by Keras 2's loader, a model saved before it "
                "was built, or a TensorFlow checkpoint given as an HDF5 file.")
    if in_file == "1":
        return (" A file with one layer of weights is a whole model saved inside another "
                "(keras.utils.multi_gpu_model's wrapper, or a model used as a layer): save the "
                "inner model's weights, or load into the same wrapper.")
    return ""


def keras_weights_do_not_fit(ctx: Facts) -> list[Finding]:
    """``keras-weights-do-not-fit-model``: Keras refused a weights file (pattern
    ``keras.weights_misfit``) because the model the code built has other layers, another
    number of weights in a layer, or another weight shape than the model that saved them:
    another architecture or configuration, other layer code, or the same code under another
    Keras/TensorFlow release whose layers create other weights; a file holding one layer of
    weights is a whole model saved inside another (``keras.utils.multi_gpu_model``'s wrapper,
    a model used as a layer).  When a whole model was being loaded (load_model shown, no
    load_weights: :func:`_loads`) the model is the file's own, rebuilt by this Keras:
    ``keras-model-saved-with-other-keras`` (the file written by another Keras/TensorFlow
    release); Keras 3's per-layer variables message with neither load shown is hedged
    (variant ``keras3-unsure``).  One finding, for the first such line."""
    # skip_mismatch=True's warning ("Skipping loading of weights for layer #k ... due to
    # mismatch in number of weights. Layer expects N weight(s). Received M saved weight(s)"):
    # the partial load the code asked for, not a failure
    hits = [h for h in ctx.h("keras.weights_misfit").all() if "Skipping loading" not in h.text]
    if not hits:
        return []
    h = hits[0]
    what = _what(h)
    weights, model, custom = _loads(ctx)
    whole = model and not weights
    if h.g("want3") is not None and not weights and (custom or not whole):
        # Keras 3's Layer.load_own_variables prints it for load_model(.keras) and
        # load_weights(.weights.h5) alike, and the log shows neither call (or a whole model
        # with custom objects, whose own build() may not create their variables): hedged
        return [catalogue.make(
            "keras-weights-do-not-fit-model", variant="keras3-unsure", what=what,
            evidence=log_evidence(hits),
            fix=("# which call failed? load_weights: build the model with the code, "
                 "configuration and Keras release that saved the weights; load_model: load "
                 "the file with the Keras release that saved it",
                 "# a custom layer: its build() must create every variable (and those of "
                 "its child layers), or it needs build_from_config",
                 'python -c "import keras; print(keras.__version__)"   # compare with the '
                 "release that saved the file"))]
    if whole and h.g("layers_model") == "0" and h.g("layers_file") != "0":
        # load_model rebuilt a model with no layers at all from the file's configuration
        return [catalogue.make(
            "keras-weights-do-not-fit-model", variant="empty-model",
            n=h.need("layers_file"), evidence=log_evidence([h]),
            fix=("# build the same model in code (the layers, in order, with the first "
                 "layer's input shape), then model.load_weights(path): the file holds the "
                 "weights",
                 "# or give the Sequential model's first layer input_shape= (or start it with "
                 "keras.Input) and save it again, so its configuration rebuilds its layers",
                 pip_list_grep("keras", "tensorflow", anchored=True)
                 + "   # here and where the model was saved: another Keras release may "
                 "rebuild it otherwise"))]
    if whole and h.g("unbuilt") is None:
        return [catalogue.make(
            "keras-model-saved-with-other-keras", evidence=log_evidence([h]),
            cause=(f"Keras rebuilt the model from the file's own configuration and the file's "
                   f"weights did not fit it ({what}): the Keras loading the file builds its "
                   "layers differently from the Keras that saved it (a Keras 2 .h5 or "
                   "SavedModel under Keras 3, a .keras file of another Keras release), or a "
                   "custom layer's code differs from the saving side's."),
            fix=(pip_list_grep("keras", "tensorflow", "tf-keras", anchored=True)
                 + "   # here and where the model was saved",
                 "# load it with the Keras/TensorFlow release that saved it (a Keras 2 file: "
                 "pip install tf-keras and set TF_USE_LEGACY_KERAS=1, or TensorFlow <= 2.15), "
                 "then model.save_weights('m.weights.h5')",
                 "# in this Keras: build the model in code and model.load_weights("
                 "'m.weights.h5'); load_model(path, compile=False) when only the optimizer "
                 "state does not fit"),
        )]
    # one layer with another number of weights: the layers match, the layer is built otherwise
    # (unless the message pairs layers of other kinds: a layer order or architecture change)
    count = (_first(h, "want", "want2", "want3") is not None and "top-level" not in h.text
             and not _other_kinds_paired(h.text))
    return [catalogue.make(
        "keras-weights-do-not-fit-model", variant="weight-count" if count else None,
        what=what, note=_cause_note(h),
        evidence=log_evidence([h]),
        fix=("# build the model with the exact code, configuration and Keras/TensorFlow "
             "release that saved the weights (the project's README or requirements name "
             "them; a config such as the number of classes or the vocabulary must match)",
             'python -c "import tensorflow as tf, keras; print(tf.__version__, '
             'keras.__version__)"   # compare with the release that saved the file',
             "model.load_weights(path, by_name=True, skip_mismatch=True)   # Keras 2 .h5 "
             "files: only when a partial load is what you want (the layers that do not fit "
             "keep their fresh weights)",
             "# or save and load the whole model (model.save, keras.models.load_model), so "
             "the architecture travels with its weights"),
    )]


__all__ = ["keras_weights_do_not_fit"]
