"""Saved models that will not load for reasons of the file, not of TensorFlow's version: a
file that is not HDF5, an object its config names that the loader lacks, a Lambda layer's
bytecode of another Python, a global its function uses that the loader lacks, and Keras 3's
safe mode refusing a lambda.  Never the GPU; one section per fault below.

Sources:

* libhdf5's "file signature not found" and "truncated file: eof = ..." (in the HDF5 1.14
  library h5py 3.14 bundles, with "unable to synchronously open file"): h5py 3.14 says
  "Unable to synchronously open file (file signature not found)" for a Git LFS pointer file
  and for random bytes alike (reproduced; Keras 3's load_model passes it on); h5py 2.x said
  "Unable to open file (file signature not found)".
* tf.keras ``utils/generic_utils.py`` ("Unknown layer: X. Please ensure this object is
  passed to the `custom_objects` argument"; Keras 2.0-2.3 "Unknown loss function:X"), Keras
  3 ``legacy/saving/serialization.py`` (the name quoted) and ``saving/serialization_lib.py``
  ("Could not locate class 'X'"), tf.keras ``saving/saved_model/load.py`` ("Unable to restore
  custom object of type _tf_keras_metric currently"); which names are Keras's own: platform
  fact ``keras-builtin-object-names`` (scripts/probe_keras_builtin_names.py, per module).
* tf.keras ``generic_utils.py`` ``func_dump``/``func_load`` (Keras 3 ``python_utils.py``):
  a Lambda layer's function is stored as ``marshal.dumps(func.__code__)``; CPython's marshal
  says "bad marshal data (unknown type code)" for bytecode of another Python version.
* Keras 3.15 ``keras/src/layers/core/lambda_layer.py`` ``_raise_for_lambda_deserialization``:
  a Python lambda is not rebuilt from a file in safe mode.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

# --- a model file that is not HDF5 ----------------------------------------------------------


def model_file_not_hdf5(ctx: Facts) -> list[Finding]:
    """``model-file-not-hdf5``: h5py found no HDF5 signature in the file it opened (pattern
    ``h5.no_signature``); variant ``git-lfs`` when the log shows Git LFS (a pointer file's
    first line, git-lfs output, an LFS quota refusal: ``h5.git_lfs``); variant ``truncated``
    for HDF5's "truncated file: eof = ..." (an HDF5 file cut short)."""
    hits = ctx.h("h5.no_signature").all()
    if not hits:
        return []
    lfs = ctx.h("h5.git_lfs").all()
    look = ("Get-Content <the model file> -TotalCount 3   # the file's first lines" if ctx.windows
            else "head -c 300 <the model file>; echo; ls -l <the model file>   # its first "
                 "bytes and its size")
    fix = (look + ": 'version https://git-lfs.github.com/spec/v1' is a Git LFS pointer, "
           "'<html' a saved web page, 'PK' a zip (a Keras 3 .keras file under an .h5 name: "
           "rename it to .keras); an HDF5 file starts with bytes \\x89HDF",
           "git lfs install && git lfs pull   # a Git LFS pointer: fetch the real file inside "
           "the clone (a repository over its LFS quota, or with LFS disabled, serves only "
           "pointers: take the file from the project's other download link)",
           "# otherwise download the file again and compare its size with the original's (an "
           "interrupted download or a failed upload leaves a short file)")
    if any(h.g("truncated") for h in hits):
        cut = [h for h in hits if h.g("truncated")]
        again = fix[2].replace("# otherwise download", "# download", 1)
        cached = ctx.h("keras.cache_download").all()
        if cached:
            # a file Keras downloaded into its cache (keras.applications weights, get_file):
            # get_file returns a cached file as is unless the call gives a file hash (tf.keras
            # utils/data_utils.py get_file; Keras 3 utils/file_utils.py), so a rerun loads the
            # same cut-short copy (fastai/courses#64, keras-team/keras#6221)
            rm = ("del %USERPROFILE%\\.keras\\models\\<the weights file>" if ctx.windows
                  else "rm ~/.keras/models/<the weights file>")
            return [catalogue.make(
                "model-file-not-hdf5", variant="truncated", evidence=log_evidence(cut[:1],
                                                                                cached[:1]),
                fix=(rm + "   # Keras cached the cut-short download there (datasets: "
                     "~/.keras/datasets; /tmp/.keras when ~/.keras is not writable; "
                     "$KERAS_HOME in Keras 3): get_file reuses a cached file unless the call "
                     "gives a file hash, so rerunning alone loads the same bad copy; the next "
                     "run downloads it again", again))]
        return [catalogue.make("model-file-not-hdf5", variant="truncated",
                               evidence=log_evidence(cut[:1]), fix=(again, fix[0]))]
    if lfs:
        return [catalogue.make("model-file-not-hdf5", variant="git-lfs",
                               evidence=log_evidence(lfs[:1], hits[:1]), fix=fix)]
    return [catalogue.make("model-file-not-hdf5", evidence=log_evidence(hits[:1]), fix=fix)]


# --- an object the loader lacks; a Lambda layer of another Python -------------------------


def keras_savedmodel_restore(f: Facts) -> list[Finding]:
    """``keras-custom-object-not-registered`` variant ``savedmodel-restore``: the Keras
    SavedModel loader met a custom object it cannot rebuild (pattern
    ``keras.restore_custom``: tf.keras saving/saved_model/load.py "Unable to restore custom
    object of type _tf_keras_metric currently"); the kind comes from the type's name."""
    restore = f.h("keras.restore_custom").all()
    if not restore or f.h("keras.unknown_object").count:
        return []
    return [catalogue.make(
        "keras-custom-object-not-registered", variant="savedmodel-restore",
        kind=restore[0].need("kind").replace("_", " "), evidence=log_evidence(restore[:1]),
        fix=("# pass the custom class or function when loading: keras.models.load_model(path, "
             "custom_objects={'<its name>': <the class or function>}) (the names the training "
             "code used)",
             "# custom layers and metrics: give them get_config / from_config before saving; "
             "to predict only: load_model(path, compile=False)"))]


def keras_lambda_other_python(f: Facts) -> list[Finding]:
    """``keras-lambda-bytecode-from-other-python``: "bad marshal data (unknown type code)"
    (pattern ``py.bad_marshal``) where the log shows Keras rebuilding a Lambda layer's
    function (pattern ``keras.func_load``: a func_load frame, a Lambda layer): the model was
    saved under another Python version (Keras stores the function as marshalled bytecode,
    which only that version reads), or CPython's "unknown opcode" (pattern
    ``py.unknown_opcode``) under a Lambda layer's call; variant ``hedged`` (a warning) for bad
    marshal data without the Keras side: a .pyc file written by another Python gives the same
    error."""
    keras = f.h("keras.func_load").all()
    # CPython's "unknown opcode" (ceval.c) too, when a Lambda layer ran the function
    hits = f.h("py.bad_marshal").all() or (f.h("py.unknown_opcode").all() if keras else [])
    if not hits:
        return []
    if keras:
        return [catalogue.make("keras-lambda-bytecode-from-other-python",
                               evidence=log_evidence(keras[-1:], hits[:1]))]
    return [catalogue.make("keras-lambda-bytecode-from-other-python", variant="hedged",
                           evidence=log_evidence(hits[:1]))]


# --- a Lambda layer's function rebuilt without a global it uses ------------------------------
# keras-team/keras v2.9.0 keras/layers/core/lambda_layer.py _parse_function_from_config: a
# lambda's bytecode is rebuilt (func_load) with the globals of Keras's own module, of the
# module that defined it when that module is imported, and the custom_objects given to
# load_model; any other global name the function uses (K for keras.backend, np, tf) is not
# defined when the layer is called.


#: A printed config naming a module that is not Keras's (a custom class registered from
#: __main__ or the project's own package: "'module': '__main__'", "'registered_name':
#: 'Custom>Attention'"): the class is the project's, whatever its name.
_CUSTOM_CONFIG = re.compile(r"'module': '(?!keras\b)[\w.]+'|'registered_name': '\w+>")


def keras_saved_config_argument(f: Facts) -> list[Finding]:
    """``keras-model-saved-with-other-keras``: Keras rebuilding a layer from a config (pattern
    ``keras.deserialize_class``, "Error when deserializing class 'X' using config=...", Keras
    2.12+ and 3; or Keras 3's ``from_config`` frame, ``keras.from_config_frame``, within 12
    lines above) met an argument the class refuses (pattern ``keras.unrecognized_kwargs`` on
    that line or the next three, or under the frame), and the argument dates the config: a
    Keras 1 argument name (platform fact ``keras1-argument-names``, and Keras 1's
    input_dtype), or one that another Keras release writes for that class (platform fact
    ``keras-config-arguments-of-other-releases``: Keras 2's, or a later Keras 3's). Any
    other argument is not read: a project's own layer whose get_config and __init__ disagree
    gives the same message, whatever its class is named (and a config naming a module of its
    own, :data:`_CUSTOM_CONFIG`, or custom_objects naming the class, is the project's)."""
    keras1 = {item.split(":", 1)[0]
              for item in f.kb.platform_fact("keras1-argument-names").items("renamed")}
    across = f.kb.platform_fact("keras-config-arguments-of-other-releases")
    writers = dict(item.partition("=")[::2] for item in across.items("names"))
    args = f.h("keras.unrecognized_kwargs").all()
    found: list[tuple[Hit, Hit, str, str]] = []
    for h in f.h("keras.deserialize_class").all():
        near = [a for a in args if 0 <= a.line - h.line <= 3]
        if near:
            found.append((h, near[0], h.need("cls"), h.g("config") or ""))
    for fr in f.h("keras.from_config_frame").all():
        near = [a for a in args if a.g("cls") and 0 < a.line - fr.line <= 12]
        if near:
            found.append((fr, near[0], near[0].need("cls"), ""))
    given = " ".join(m.text for m in f.h("ctx.model_loading").all())
    for h, a, cls, config in sorted(found, key=lambda x: x[1].line):
        if _CUSTOM_CONFIG.search(config) or re.search(rf"['\"]{cls}['\"]\s*:", given):
            continue  # the project's own class (custom_objects names it), whatever its name
        kw = a.need("kw")
        writer = writers.get(f"{cls}:{kw}")
        if kw in keras1 or kw == "input_dtype":
            way = ("an argument of Keras 1 (Keras 2 renamed or dropped it): the file was saved "
                   "by Keras 1 and is loaded by a later Keras")
            fix: tuple[str, ...] = (
                "# load it with the Keras that saved it (the project's pinned requirements, "
                "often keras 1.x and its backend, in a fresh environment), then save the "
                "weights and rebuild the model in code with this Keras",)
        elif writer == "keras2":
            way = (f"Keras 2 writes {kw} for {cls} and Keras 3 has no such argument (knowledge "
                   f"row {across.ref}): the file was saved by Keras 2 and is loaded by Keras 3")
            fix = ("# load it with Keras 2 (tf-keras with TF_USE_LEGACY_KERAS=1, or TensorFlow "
                   "<= 2.15), then save the weights and rebuild the model in Keras 3 code",
                   f"# or load it here with custom_objects={{'{cls}': a subclass of {cls} whose "
                   f"__init__ drops {kw}}}, when its saved value is the default")
        elif writer:
            way = (f"Keras {writer} and later write {kw} for {cls} (knowledge row "
                   f"{across.ref}): the file was saved by a Keras 3 release newer than the one "
                   "loading it")
            fix = (f'pip install -U "keras>={writer}"   # at least the Keras that saved the '
                   "file",)
        else:
            continue
        return [catalogue.make(
            "keras-model-saved-with-other-keras", evidence=log_evidence([h], [a]),
            knowledge_ref=across.ref if writer else None,
            cause=(f"Keras rebuilt {cls}, one of its own classes, from a saved config and "
                   f"refused its argument '{kw}': {way}. The model was saved by another Keras "
                   "than the one loading it."),
            fix=(pip_list_grep("keras", "tensorflow", "tf-keras", anchored=True)
                 + "   # the Keras loading it; the project's requirements name the one that "
                 "saved it", *fix,
                 "# or build the model in code with this Keras and load only the weights"))]
    return []


def keras_lambda_global_missing(f: Facts) -> list[Finding]:
    """``keras-custom-object-not-registered`` variant ``lambda-global``: a Lambda layer's call
    failed (pattern ``keras.lambda_call``) with "name 'X' is not defined" (pattern
    ``py.name_undefined``) within the 8 lines below, and a load_model call (pattern
    ``ctx.load_model_call``) inside the failing traceback (after its header, ``ctx.tb_header``;
    with no header shown, within the 40 lines above): the function was rebuilt from the file
    without that global. A Lambda built in the session itself is the code's own NameError."""
    loads = f.h("ctx.load_model_call").all()
    if not loads:
        return []
    heads = f.h("ctx.tb_header").all()
    for call in f.h("keras.lambda_call").all():
        names = [n for n in f.h("py.name_undefined").all() if 0 <= n.line - call.line <= 8]
        # the load_model call inside the failing traceback (after its header), or, with no
        # header shown, within the 40 lines above it
        head = max((h.line for h in heads if h.line < call.line), default=None)
        loaded = any((head is not None and head < x.line < call.line)
                     or (head is None and 0 < call.line - x.line <= 40) for x in loads)
        if names and loaded:
            name = names[0].need("name")
            return [catalogue.make(
                "keras-custom-object-not-registered", variant="lambda-global", name=name,
                layer=call.need("layer"), evidence=log_evidence([call], names[:1]),
                fix=(f"keras.models.load_model(path, custom_objects={{'{name}': <the object "
                     f"the function means by {name}>}})   # e.g. from keras import backend as "
                     "K, then custom_objects={'K': K}",
                     "# or import it inside the function (def f(x): from keras import backend "
                     "as K; ...) and save the model again"))]
    return []


def keras3_lambda_safe_mode(f: Facts) -> list[Finding]:
    """``keras3-lambda-safe-mode`` (pattern ``keras.lambda_safe_mode``): Keras 3 refused to
    rebuild a Lambda layer's Python lambda from a saved file in safe mode (keras/src/layers/
    core/lambda_layer.py ``_raise_for_lambda_deserialization``)."""
    return from_log(f, "keras.lambda_safe_mode", lambda hits, first: catalogue.make(
        "keras3-lambda-safe-mode", evidence=log_evidence(hits, limit=1)))


#: The kinds Keras's "Unknown <kind>: <name>" names that are a loss or a metric (needed only
#: to train: load_model(compile=False) skips them).
_TRAINING_ONLY = frozenset({"loss function", "metric function", "loss", "metric"})
#: Where Keras looks each kind up: the modules of platform fact keras-builtin-object-names
#: whose names count as Keras's own for it (a metric may name a loss; a layer a nested model).
_MODULES_OF_KIND = {
    "layer": ("layers", "models"), "initializer": ("initializers",),
    "loss function": ("losses",), "loss": ("losses",),
    "metric function": ("metrics", "losses"), "metric": ("metrics", "losses"),
    "activation function": ("activations",), "activation": ("activations",),
    "optimizer": ("optimizers",), "regularizer": ("regularizers",),
    "constraint": ("constraints",),
}
#: The kinds that name functions: a built-in name among them may also be the saving code's
#: own function of that name (swish, leaky_relu, gelu became built-ins late).
_FUNCTION_KINDS = frozenset({"loss function", "loss", "metric function", "metric",
                             "activation function", "activation", "function"})
#: Every module of the fact: where a kind the table does not list ("object", "class") looks.
_ALL_MODULES = tuple(dict.fromkeys(m for mods in _MODULES_OF_KIND.values() for m in mods))


#: The keys of a Sequential model's config since Keras 2.2.3 (keras-team/keras PR #11280).
_SEQUENTIAL_CONFIG_KEYS = frozenset({"name", "layers", "build_input_shape"})
#: tf.keras's engine-internal layer classes (base_layer.py AddMetric, AddLoss,
#: TensorFlowOpLayer; layers/core.py TFOpLambda, SlicingOpLambda; engine/functional.py
#: Functional): Keras's own, written into a saved model by the release that made them.
_KERAS_ENGINE_LAYERS = frozenset({"AddMetric", "AddLoss", "TensorFlowOpLayer", "TFOpLambda",
                                  "SlicingOpLambda", "Functional"})


def keras_unknown_object(f: Facts) -> list[Finding]:
    """A saved model's config naming an object the loading Keras does not know (pattern
    ``keras.unknown_object``): a name of Keras's own (platform fact
    ``keras-builtin-object-names``) is a file of another Keras release or package
    (``keras-model-saved-with-other-keras``); any other name is a custom object the loader
    was not given (``keras-custom-object-not-registered``: custom_objects, compile=False for
    a loss or metric)."""
    # (TensorFlow.js's own loader says it with its two reasons: tfjs_models.py)
    tfjs = {t.line for t in f.h("tfjs.unknown_class").all()}
    hits = [h for h in f.h("keras.unknown_object").all() if h.line not in tfjs]
    if not hits:
        return []
    h = hits[0]
    # (the pattern's name is an identifier: a paste's quotes and Markdown stay outside it)
    name, kind = h.g("name") or h.need("located"), h.g("kind") or h.need("obj")
    fact = f.kb.platform_fact("keras-builtin-object-names")
    listing = pip_list_grep("keras", "tensorflow", "tf-keras", windows=f.windows,
                            anchored=not f.windows)
    builtin = any(name in fact.items(m) for m in _MODULES_OF_KIND.get(kind, _ALL_MODULES))
    if kind == "layer" and name in _SEQUENTIAL_CONFIG_KEYS:
        # Keras 2.2.3 made Sequential.get_config() a dict ({"name", "layers",
        # "build_input_shape"}; keras-team/keras#11275, PR #11280): an older Keras iterates
        # over that dict and reads its keys as layer class names
        return [catalogue.make(
            "keras-model-saved-with-other-keras", evidence=log_evidence([h]),
            cause=(f"'{name}' is no layer class: it is a key of a Sequential model's config "
                   "as Keras 2.2.3 and later write it (a dict with 'name' and 'layers'; "
                   "keras-team/keras#11275, PR #11280). An older Keras reads that config as a "
                   "list and takes its keys for layer names: the file was saved by a newer "
                   "Keras (or tf.keras) than the one loading it. Not a custom object."),
            fix=(listing + "   # the Keras that loads it",
                 "pip install --upgrade keras   # at least the Keras that saved the file "
                 "(2.2.3 or later), or load it with tf.keras of the TensorFlow that saved it"))]
    if kind == "layer" and not builtin and (
            name in _KERAS_ENGINE_LAYERS or any(name in fact.items(m) for m in _ALL_MODULES)):
        # Keras's own object, but no layer class the loader knows: an engine-internal layer
        # (AddMetric for model.add_metric, TFOpLambda) of another tf.keras release, or a metric
        # tracked by a subclassed model written into an HDF5 layer list (keras.metrics.Mean,
        # tensorflow/tensorflow#43498: passing it in custom_objects did not help): not a
        # custom object, and which case the line alone does not tell
        return []
    if builtin and "Invalid layer" in h.text:
        # Keras 1's wording ("Invalid layer: X" of get_from_module): the table is of Keras 2.6
        # and later, so a name in it is a later Keras's own layer (a model saved by Keras 2)
        # or a custom layer of that name (Attention): the log does not tell which
        return []
    # Keras 2.11's optimizers, registered by @register_keras_serializable() under its default
    # package "Custom" (keras-team/keras v2.11.0 keras/optimizers/optimizer_experimental/*.py,
    # keras/saving/object_registration.py; none at v2.10.0): a model saved by Keras 2.11+ names
    # its optimizer "Custom>Adam", which an older Keras does not know
    if kind == "optimizer" and name.startswith("Custom>") and name[len("Custom>"):] in \
            fact.items("optimizers"):
        return [catalogue.make(
            "keras-model-saved-with-other-keras", evidence=log_evidence([h]),
            knowledge_ref=fact.ref,
            cause=(f"The saved model names its optimizer '{name}': Keras 2.11 and later "
                   "register their own optimizers under the package 'Custom' "
                   "(@register_keras_serializable()), so a model saved by Keras 2.11+ "
                   f"(TensorFlow 2.11+) writes '{name}', which a Keras older than 2.11 does "
                   "not know. The file was saved by a newer Keras than the one loading it; "
                   "it is Keras's own optimizer, no custom object."),
            fix=(listing + "   # the Keras that loads it",
                 "# load it with Keras 2.11 or later (TensorFlow 2.11+), the release that saved "
                 "it, or keras.models.load_model(path, compile=False) and compile it again",))]
    # a class name only tf.keras of TensorFlow 1.13 wrote (BatchNormalizationV1): Keras's own
    tf113 = f.kb.platform_fact("keras-tf113-class-names")
    if kind == "layer" and name in tf113.items("names"):
        return [catalogue.make(
            "keras-model-saved-with-other-keras", evidence=log_evidence([h]),
            knowledge_ref=tf113.ref,
            cause=(f"The saved model names the layer class '{name}', a name tf.keras of "
                   "TensorFlow 1.13 wrote for its BatchNormalization layer (knowledge row "
                   f"{tf113.ref}); tf.keras of later TensorFlow releases reads it as an alias, "
                   "but the Keras loading it here (standalone Keras 2.x, or Keras 3) does not "
                   "know it: the file was saved by tf.keras. Not a custom object to register."),
            fix=(listing + "   # the Keras that loads it",
                 "# load it with tf.keras: tf.keras.models.load_model(path) under TensorFlow "
                 "2.x up to 2.15 (or tf-keras with TF_USE_LEGACY_KERAS=1 from 2.16), then save "
                 "it again"))]
    if builtin and kind in _FUNCTION_KINDS:
        return [catalogue.make(
            "keras-custom-object-not-registered", variant="builtin-name", kind=kind, name=name,
            line=h.line, ref=fact.ref, evidence=log_evidence([h]), knowledge_ref=fact.ref,
            fix=(listing + "   # the Keras that loads it",
                 f"# the saving code's own {name}: pass it when loading: "
                 f"keras.models.load_model(path, custom_objects={{'{name}': <the function>}})"
                 + (" (or compile=False to predict only)" if kind in _TRAINING_ONLY else ""),
                 "# or load the file with the Keras release that saved it (the project's "
                 "requirements name it)"))]
    if builtin:
        return [catalogue.make(
            "keras-model-saved-with-other-keras", evidence=log_evidence([h]),
            knowledge_ref=fact.ref,
            cause=(f"The saved model names the {kind} '{name}', one Keras itself defines "
                   f"(knowledge row {fact.ref}), and the Keras loading it does not know that "
                   "name: the file was written by another Keras release, or by the other "
                   "Keras package (tf.keras against standalone keras, or a library that uses "
                   "one while the code uses the other). Not a custom object to register."),
            fix=(listing + "   # the Keras that loads it; the one that saved it is where the "
                 "file came from",
                 "# load it with the same Keras package and release that saved it (tf.keras "
                 "or keras; the TensorFlow release the project names), then save it again",
                 "# code mixing `import keras` and `from tensorflow import keras`: use one (a "
                 "library may have a setting for which, such as TF_KERAS=1)"))]
    fix = [f"# pass it when loading: keras.models.load_model(path, custom_objects={{'{name}': "
           "<the class or function>}) (import it from the code or library that saved the "
           "model)"]
    if name == "KerasLayer":
        fix = ["# tensorflow_hub's layer: import tensorflow_hub as hub; "
               "keras.models.load_model(path, custom_objects={'KerasLayer': hub.KerasLayer})"]
    if kind in _TRAINING_ONLY:
        fix.append("# to predict only: keras.models.load_model(path, compile=False) (a loss or "
                   "metric is needed only to train)")
    fix.append("# Keras 2.13+ and 3: decorate the class with "
               "@keras.saving.register_keras_serializable() and import its module before "
               "loading")
    return [catalogue.make(
        "keras-custom-object-not-registered", kind=kind, name=name, line=h.line,
        ref=fact.ref, evidence=log_evidence([h]), knowledge_ref=fact.ref, fix=tuple(fix))]


__all__ = [
    "keras3_lambda_safe_mode",
    "keras_lambda_global_missing",
    "keras_lambda_other_python",
    "keras_savedmodel_restore",
    "keras_unknown_object",
    "model_file_not_hdf5",
]
