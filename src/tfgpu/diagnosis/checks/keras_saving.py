"""Fault kind KERAS VERSIONS around TensorFlow: which Keras ``tf.keras`` is, and models saved
by one Keras and loaded by another.

* ``Keras cannot be imported``: ``tensorflow/python/util/lazy_loader.py``
  (``KerasLazyLoader``) imports tf_keras when ``TF_USE_LEGACY_KERAS`` is set, else keras,
  and hides why that import failed.
* Keras 3 (``keras/src/saving/saving_api.py``) saves and loads only ``.keras`` and ``.h5``:
  "File format not supported ... Keras 3 only supports V3 `.keras` files" (load_model of a
  SavedModel folder; newer wording "`.keras` and `.weights.h5` files, or legacy V1/V2 `.h5`
  files"), "Invalid filepath extension for saving" (model.save of a folder name).
* Models written by another Keras: Keras 3 reading Keras 2 module paths ("Could not
  deserialize class 'Functional' because its parent module keras.src.engine.functional
  cannot be imported", keras-team/keras#19089), Keras <= 2.12 unpickling objects of Keras
  >= 2.13 (``No module named 'keras.src'``, keras-team/keras#18878), Keras 2 reading Keras
  3's ``InputLayer`` config (``Unrecognized keyword arguments: ['batch_shape']``).
* NumPy >= 1.20 with TensorFlow <= 2.4 ("Cannot convert a symbolic Tensor ... to a numpy
  array", tensorflow/tensorflow#47242; TF 2.4 required numpy~=1.19.2).

Facts: platform fact ``keras3-switch`` (Keras 3 from TensorFlow 2.16, Keras 2 as tf-keras with
``TF_USE_LEGACY_KERAS=1``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._common import E, W
from tfgpu.diagnosis.checks._numpy_origin import numpy_call_origin, user_code_headers
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.diagnosis.checks.frozen_apps import bundled_keras_missing
from tfgpu.diagnosis.checks.keras_modules import keras3_series, read_keras_src
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def keras_not_importable(f: Facts) -> list[Finding]:
    """``Keras cannot be imported. Check that it is installed.`` (TensorFlow's lazy tf.keras).

    When the log also shows TensorFlow's "TF_USE_LEGACY_KERAS set to True, but you do not
    have the tf_keras package" warning, ``keras3-needs-tf-keras`` names that cause instead."""
    hits = f.h("eco.keras_import")
    if not hits.count or any("TF_USE_LEGACY_KERAS" in h.text
                             for h in f.h("keras.needs_tf_keras").all()):
        return []
    fact = f.kb.platform_fact("keras3-switch")
    mm = f.tf_mm
    tf_keras = (f'"{fact.value("legacy_package")}~={mm[0]}.{mm[1]}.0"' if mm else
                f'"{fact.value("legacy_package")}~=<your TensorFlow major.minor>.0"')
    return [catalogue.make(
        "keras-not-importable", evidence=log_evidence(hits),
        fix=(c.python_cmd(f, "import keras") + "   # shows the import error TensorFlow hides",
             c.python_cmd(f, 'import os; print(os.environ.get("TF_USE_LEGACY_KERAS"))'),
             f"# TF_USE_LEGACY_KERAS set: pip install {tf_keras} (tf-keras of TensorFlow's "
             "own minor), or unset it",
             "# not set: pip install --force-reinstall \"tensorflow==<your version>\"   # puts "
             "back the keras it requires"),
        knowledge_ref=fact.ref,
    )]


def keras3_savedmodel_format(f: Facts) -> list[Finding]:
    """Keras 3 refusing a TF SavedModel folder (load_model) or a path without ``.keras`` /
    ``.h5`` (model.save)."""
    hits = f.h("eco.keras3_format").all()
    if not hits:
        return []
    fact = f.kb.platform_fact("keras3-switch")
    # load_model's words; "File format not supported" alone where the rest was wrapped away
    load = any("only supports" in h.text or "format not supported" in h.text for h in hits)
    legacy = f"pip install {fact.value('legacy_package')} && export {fact.value('legacy_env')}"
    fix: tuple[str, ...]
    if load:
        fix = ("layer = keras.layers.TFSMLayer(path, call_endpoint='serving_default')   # "
               "inference on the SavedModel folder in Keras 3",
               f"# or load it with Keras 2 and re-save as .keras: {legacy} (or TensorFlow "
               f"{keras3_series(f.kb)[1]}), then model.save('model.keras')")
    else:
        if any("bentoml" in h.text.lower() for h in hits) or any(
                (h.g("pkg") or "") == "bentoml" for h in f.h("ctx.pkg_path").all()):
            # BentoML's bentoml.keras.save_model saves into a model-store folder
            # (bentoml_model_* temp path): fixed in BentoML 1.3.3 (PR #4922, first in tag
            # v1.3.3), which passes zipped=False, a Keras 3.4+ argument (bentoml/BentoML#4921)
            return [catalogue.make(
                "keras3-savedmodel-format", variant="library-save", library="BentoML",
                call="bentoml.keras.save_model", ref=fact.ref, evidence=log_evidence(hits),
                knowledge_ref=fact.ref,
                fix=('pip install -U "bentoml>=1.3.3" "keras>=3.4"   # BentoML 1.3.3 saves '
                     "Keras 3 models with zipped=False, which Keras 3.4+ takes "
                     "(bentoml/BentoML#4921)",
                     f"# or keep Keras 2 behaviour: {legacy}"))]
        fix = ("model.save('model.keras')   # the Keras 3 format (or 'model.h5')",
               "model.export('saved_model_dir')   # a TF SavedModel for TF Serving / TFLite",
               f"# or keep Keras 2 behaviour: {legacy}")
    # a path with another extension (model.pkl, liveness.model) is no SavedModel
    # folder for sure: name the three possibilities and the command that tells them apart
    path = next((h.g("path") for h in f.h("keras.keras3_path").all() if h.g("path")), None)
    path = (path or "").rstrip(".").rstrip("/\\")
    ext = path.rsplit(".", 1)[-1].lower() if "." in path.rsplit("/", 1)[-1] else ""
    weights = any("load_weights" in h.text for h in f.h("ctx.pkg_path").all()) or re.search(
        r"(?:\.ckpt(?:-\d+)?|[/\\]ckpt-\d+|[/\\]cp-\d+)$", path) is not None
    if load and weights and ext not in ("keras", "h5", "hdf5"):
        # a TF-format weights checkpoint (Keras 2's save_weights without .h5, a
        # ModelCheckpoint's cp-0010.ckpt), given to Keras 3's load_weights
        return [catalogue.make(
            "keras3-savedmodel-format", variant="tf-checkpoint", path=path, ref=fact.ref,
            evidence=log_evidence(hits),
            fix=(f"# Keras 2 wrote {path} (a TensorFlow checkpoint prefix, its .index and "
                 f".data-* files): load it there and save it again: {legacy}, then "
                 f"model.load_weights('{path}'); model.save_weights('model.weights.h5')",
                 "model.load_weights('model.weights.h5')   # in Keras 3; from now on save "
                 "weights as *.weights.h5 (ModelCheckpoint(filepath='cp-{epoch:04d}"
                 ".weights.h5', save_weights_only=True))"),
            knowledge_ref=fact.ref,
        )]
    if load and ext and ext not in ("keras", "h5", "hdf5", "pb") and len(ext) <= 8:
        return [catalogue.make(
            "keras3-savedmodel-format", variant="other-file", path=path, ref=fact.ref,
            evidence=log_evidence(hits),
            fix=(f"ls -ld '{path}'; head -c 8 '{path}' | od -c   # a folder with "
                 "saved_model.pb: a SavedModel; '\\211 H D F': HDF5 (rename it to .h5); "
                 "anything else: not a Keras model file",
                 f"mv '{path}' model.h5   # an HDF5 model saved under another name",
                 *fix),
            knowledge_ref=fact.ref,
        )]
    return [catalogue.make(
        "keras3-savedmodel-format", what="load" if load else "save",
        api="load_model" if load else "model.save", ref=fact.ref,
        evidence=log_evidence(hits), fix=fix, knowledge_ref=fact.ref,
    )]


#: The module a Keras config names ("Full object config: {'module': 'keras.src.models.functional',
#: ...").
_CONFIG_MODULE = re.compile(r"""['"]module['"]:\s*(?:['"](?P<mod>[\w.]{0,160})['"]|None)""")


def _keras_module_or_unprinted(text: str) -> bool:
    """Whether the config on ``text`` names a Keras module (keras, keras.src..., tf_keras,
    tensorflow.python.keras) or no config is printed."""
    m = _CONFIG_MODULE.search(text)
    if m is None:
        return True
    mod = m.group("mod") or ""
    return mod.split(".")[0] in ("keras", "tf_keras") or mod.startswith("tensorflow.")


def _package_import_failed(f: Facts) -> bool:
    """Whether the log shows a package being imported where a ``keras.src`` module was
    missing: a traceback's ``from keras.src... import`` code line, or, before the first
    ``No module named 'keras.src...'``, an import of a package other than Keras and TensorFlow
    themselves (a traceback's code line, or "from <package> import <name>" in a reporter's
    words or a REPL line: tensorflow-addons, vit-keras, tf-models written for Keras 2 under
    Keras 3, google-ai-edge/mediapipe#5229, faustomorales/vit-keras#43)."""
    if f.h("ctx.keras_src_import").count:
        return True
    src = [h for h in f.h("eco.keras_other_saver").all() if h.g("src") is not None]
    if not src:
        return False
    first = src[0].line
    mods = [(h.line, h.g("from") or h.g("imp") or "") for h in f.h("py.import_code").all()]
    mods += [(h.line, h.g("mod") or "") for h in f.h("ctx.from_import_words").all()]
    return any(line <= first and mod.split(".")[0] not in ("keras", "tensorflow", "tf_keras")
               for line, mod in mods if mod)


def keras_model_saved_with_other_keras(f: Facts) -> list[Finding]:
    """A model or pickle written by another Keras than the one loading it (four readings, from
    what the message names: Keras 2 module paths under Keras 3, Keras 3's batch_shape under
    Keras 2, keras.src objects under Keras <= 2.12, tf.keras's InputLayer 'ragged' under an
    older Keras)."""
    hits = f.h("eco.keras_other_saver").all()
    if bundled_keras_missing(f):
        return []  # a frozen bundle without part of Keras: frozen_apps.py reads it
    # a missing keras.src is not a model saved by another Keras when
    # the traceback shows a package's own "from keras.src... import" and nothing being loaded
    # (load_model, pickle, joblib, deserialize): that is keras-private-api-moved
    if _package_import_failed(f) and not f.h("ctx.model_loading").count \
            and not f.h("py.import_by_name").count:
        hits = [h for h in hits if h.g("src") is None]
    # the model class not located is another Keras's only when the config names a Keras
    # module or none is printed: 'module': '__main__' (or None) is the user's own class,
    # which the message's registration advice is right about
    hits = [h for h in hits if h.g("locate") is None or _keras_module_or_unprinted(h.text)]
    if not hits:
        return []
    fact = f.kb.platform_fact("keras3-switch")
    legacy = f"pip install {fact.value('legacy_package')} && export {fact.value('legacy_env')}"
    k2_tf = keras3_series(f.kb)[1]
    h = hits[0]
    fix: tuple[str, ...]
    if h.g("mod") is not None:
        cause = (f"The saved model names {h.g('cls')} in module {h.g('mod')}, a Keras 2 "
                 "module path; the Keras loading it is Keras 3 (TensorFlow >= "
                 f"{fact.value('tf_version')}), which has no such module "
                 "(keras-team/keras#19089): the file was saved by Keras 2 (TensorFlow <= "
                 f"{k2_tf}).")
        fix = (f"# load it with the Keras that saved it: {legacy} (or TensorFlow {k2_tf}), then "
               "model.save_weights('m.weights.h5')",
               "# rebuild the same model in Keras 3 code and model.load_weights('m.weights.h5')",
               f"# or pin TensorFlow <= {k2_tf} for this project")
    elif h.g("locate") is not None:
        cause = (f"Keras could not locate the model's own class, {h.g('locate')}, which every "
                 "Keras has: serialization_lib.py looks a class up by the module path the file "
                 "records, and this file records the path of another Keras (Keras 2's "
                 "keras.engine / keras.src.engine, or Keras 3's keras.src.models), so the file "
                 "was saved by Keras 2 and is loaded by Keras 3 (TensorFlow >= "
                 f"{fact.value('tf_version')}), the other way round, or by a Keras 3 release whose "
                 "keras.src paths differ from this one's. Not a custom class "
                 "to register, despite the message's advice.")
        fix = (pip_list_grep("keras", "tensorflow", "tf-keras", windows=f.windows,
                             anchored=not f.windows)
               + "   # the Keras that loads it; the one that saved it is where the file came "
               "from",
               f"# a Keras 2 file under Keras 3: {legacy} (or TensorFlow {k2_tf}), load it, "
               "model.save_weights('m.weights.h5'), rebuild the model in Keras 3 code and "
               "load_weights",
               f"# or pin TensorFlow <= {k2_tf} for this project (Keras 2), or load a Keras 3 "
               "file with Keras 3")
    elif h.g("ragged") is not None or h.g("ragged2") is not None:
        cause = ("The model's InputLayer config has 'ragged', an argument of tf.keras's "
                 "InputLayer (as at keras-team/keras v2.6.0) that the Keras loading it does "
                 "not take (standalone Keras 2.3.1's and older tf.keras releases' InputLayer "
                 "have no such argument): the file was saved by a newer tf.keras/TensorFlow "
                 "than the one loading it.")
        fix = (pip_list_grep("keras", "tensorflow", anchored=True)
               + "   # the loading side; the saving side wrote a newer tf.keras",
               "pip install -U tensorflow   # load it with a TensorFlow at least as new as the "
               "one that saved it",
               "# or, where the file was saved: model.save_weights('m.h5'); here, build the "
               "same model in code and model.load_weights('m.h5')")
    elif h.g("src") is not None:
        cause = _other_keras_src_cause(f, h.g("src") or "keras.src")
        fix = (pip_list_grep("keras", "tensorflow", "tf-keras", anchored=True)
               + "   # here and where the object was saved",
               "# install the same TensorFlow/Keras versions on both sides, or save the model "
               "with model.save('m.keras') / 'm.h5' instead of pickling it")
    else:
        cause = ("The InputLayer config has 'batch_shape', which only Keras 3 writes; Keras 2 "
                 f"(tf-keras, TensorFlow <= {k2_tf}) knows 'batch_input_shape' and rejects it: the "
                 f"model was saved with Keras 3 (TensorFlow >= {fact.value('tf_version')}) "
                 "and is loaded with Keras 2.")
        fix = (f'pip install "tensorflow>={fact.value("tf_version")}"   # load it with Keras 3, '
               "as it was saved (and unset TF_USE_LEGACY_KERAS)",
               "# or save weights only in Keras 3 and rebuild the model in Keras 2 code")
    return [catalogue.make(
        "keras-model-saved-with-other-keras", evidence=log_evidence(hits), cause=cause,
        fix=fix, knowledge_ref=fact.ref,
    )]


#: The tensor names of Keras's recurrent layers, whose build called np.prod on a symbolic
#: shape in TensorFlow <= 2.4 (tensorflow/tensorflow#47242: "lstm/strided_slice:0").
_RNN_TENSOR = re.compile(r"(?i)(?:^|/)(?:lstm|gru|rnn|simple_rnn|bidirectional|cu_dnn_\w+)"
                         r"(?:_\d+)?/")


def numpy_pairing(f: Facts) -> tuple[str | None, bool] | None:
    """``(NumPy version shown or None, whether both versions are known)`` when "Cannot
    convert a symbolic Tensor ... to a numpy array" reads as NumPy 1.20+ with TensorFlow <=
    2.4 (tensorflow/tensorflow#47242): TensorFlow <= 2.4 known (NumPy not known to be older
    than 1.20), or TensorFlow unknown and the tensor a recurrent layer's (the layers that
    call np.prod while building) or array_ops.py's own np.prod frame shown; ``None`` when it
    reads as code handing a symbolic tensor to NumPy (checks/symbolic_tensor.py), always
    when the program's own frame calls NumPy (checks/_numpy_origin.py)."""
    hits = f.h("eco.numpy_symbolic").all()
    if not hits:
        return None
    mm = f.tf_mm
    if mm is not None and mm >= (2, 5):
        return None
    origin = numpy_call_origin(f)
    if origin is not None and origin[0] == "code":
        return None  # the program's own frame calls NumPy: that fails with every NumPy
    np_v = f.dist_version("numpy") or next(
        (h.g("v") for h in f.h("eco.numpy_version").all() if h.g("v")), None)
    np_mm = tuple(int(x) for x in re.findall(r"\d+", np_v)[:2]) if np_v else None
    if np_mm is not None and np_mm < (1, 20):
        return None
    sure = mm is not None and np_mm is not None
    if mm is None and origin is None and not any(_RNN_TENSOR.search(h.g("tensor") or "")
                                                 for h in hits):
        return None  # TensorFlow unknown and no recurrent layer's tensor: the code's NumPy call
    return np_v, sure


def numpy_too_new_for_tensorflow(f: Facts) -> list[Finding]:
    """``Cannot convert a symbolic Tensor (...) to a numpy array`` with TensorFlow <= 2.4 (or
    an unknown TensorFlow) and NumPy >= 1.20 (or an unknown NumPy): tensorflow/tensorflow#47242
    (the LSTM/RNN layers call ``np.prod`` on a symbolic shape; TF 2.4 pinned numpy~=1.19.2).
    With TensorFlow >= 2.5 known, or NumPy < 1.20 known, the message is the user's code
    (a Keras symbolic tensor passed to NumPy), not a version pairing: no finding."""
    hits = f.h("eco.numpy_symbolic").all()
    pairing = numpy_pairing(f)
    if not hits or pairing is None:
        return []
    np_v, sure = pairing
    cause = ("TensorFlow " + (f.tf_version or "(version not in the log)") + " with NumPy "
             + (np_v or "(version not in the log)") + ": TensorFlow 2.4 and older were built "
             "for NumPy < 1.20 (2.4 requires numpy~=1.19.2), and with NumPy 1.20+ their "
             "tf.zeros/tf.ones (array_ops.py _constant_if_small, which LSTM/GRU layers reach "
             "while the model is built) run np.prod on a shape holding a symbolic tensor "
             "(tensorflow/tensorflow#47242)."
             + ("" if sure else " If TensorFlow here is 2.5 or newer, this is the code passing "
                "a Keras symbolic tensor to a NumPy function instead." if f.tf_mm is None
                else " The log does not show NumPy's version: with NumPy older than 1.20 "
                "this is the code passing a graph tensor to a NumPy function instead."))
    return [catalogue.make(
        "numpy-too-new-for-tensorflow", severity=E if sure else W,
        evidence=log_evidence(user_code_headers(f, hits[0]), hits,
                              f.h("eco.numpy_version").first[:1],
                              [h for h in f.h("eco.numpy_frame").all() if h.g("tf")][:1]),
        cause=cause,
        fix=(c.python_cmd(f, "import tensorflow as tf, numpy as np; print(tf.__version__, "
                             "np.__version__)"),
             c.pip(f, "install", "numpy<1.20") + "   # with TensorFlow <= 2.4",
             "# or upgrade TensorFlow to 2.5+ (built for NumPy 1.20+)"),
    )]


# --- ----------------------------------------------------------------------------------


def _other_keras_src_cause(f: Facts, src: str) -> str:
    """The cause of a missing ``keras.src`` module while a model or pickle is loaded, from the
    series that have the module (``keras-src-*`` rows of platform_facts.toml): Keras-3-only
    modules mean the object came from Keras 3; Keras-2.13-2.15-only ones that it came from
    Keras 2; modules from 2.13 on that the loading Keras is <= 2.12 (keras-team/keras#18878);
    a module the table does not list names no direction."""
    reading = read_keras_src(f, src)
    pickled = "an object pickled (joblib, pickle, cloudpickle) or code written with"
    if reading is None or reading.kind == "unlisted":
        since = reading.since if reading is not None else "is a private Keras module"
        return (f"'{src}' {since}: {pickled} one Keras series is loaded with another "
                "(keras-team/keras#18878); compare the Keras versions on both sides.")
    if reading.kind == "keras3-only":
        return (f"'{src}' {reading.since}: {pickled} Keras 3 is loaded with Keras 2 "
                f"(knowledge row {reading.fact.ref}).")
    if reading.kind == "keras2-only":
        return (f"'{src}' {reading.since}: {pickled} Keras 2 is loaded with a Keras that lacks "
                f"it, Keras 3 or <= 2.12 (knowledge row {reading.fact.ref}).")
    return (f"'{src}' {reading.since}: {pickled} Keras >= 2.13 is loaded with Keras <= 2.12 "
            f"(keras-team/keras#18878; knowledge row {reading.fact.ref}).")
