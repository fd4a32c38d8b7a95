"""An optimizer object made by one Keras handed to another Keras
(``keras-objects-from-two-kerases``).

Source (message format): every Keras's ``optimizers.get`` raises ``ValueError("Could not
interpret optimizer identifier: " + str(identifier))`` for an object that is not one of its own
optimizers (multi-backend keras ``keras/optimizers.py``, TensorFlow's
``tensorflow/python/keras/optimizers.py``, the keras package's ``keras/optimizers/__init__.py``
and ``keras/src/optimizers/__init__.py``); Python 2 and some releases print the two arguments
as a tuple.  The object's ``repr`` names the module that defined its class, and the traceback's
``in get`` frame names the Keras that refused it.  Which module belongs to which Keras: TensorFlow
kept its own copy of Keras as ``tensorflow.python.keras`` (up to 2.5 the tf.keras; from 2.6 tf.keras
is the separate keras package, and the copy stays unused), the keras package is ``keras.*``
(``keras.src.*`` from Keras 2.13, and Keras 3), tf-keras is ``tf_keras.*``.  Threads:
qubvel/segmentation_models#380 (standalone keras's Adam into a tf.keras model), ECP-CANDLE
(tf.keras's Adam into standalone keras's compile), OverLordGoldDragon/keras-adamw#64 (a library's
optimizer built on another Keras's internals).

keras-tuner (keras-team/keras-tuner v1.4.7 ``keras_tuner/engine/tuner.py`` ``_try_build``)
checks ``isinstance(model, keras.models.Model)`` against the keras package
(``keras_tuner/backend/config.py``: ``import keras``, whatever TF_USE_LEGACY_KERAS says) and
raises "Expected the model-building function, or HyperModel.build() to return a valid Keras
Model instance. Received: {model} of type {type(model)}." (1.0.0-1.1.x: "Model-building
function did not return a valid Keras Model instance, found {model}"): a model of tf-keras or
of TensorFlow's own tf.keras copy is another library's class (keras-team/keras-tuner#1039),
and ``None`` is a build function without ``return model``.

keras2onnx (onnx/keras-onnx ``keras2onnx/main.py`` ``convert_keras``) converts the models of one
Keras, chosen by the ``TF_KERAS`` environment variable when it is imported, and refuses a
tf.keras model in standalone mode: "This is a tensorflow keras model, but keras standalone
converter is used. Please set environment variable TF_KERAS = 1." The project is archived; its
README sends users to tf2onnx.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import set_env
from tfgpu.diagnosis.checks.keras_moves import VERSIONS_CMD
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The Keras a module path belongs to: (path or module prefix, words), first match wins.
_KERAS_OF = (
    (re.compile(r"^tensorflow(?:_core)?[./\\](?:python[./\\])?keras\b"),
     "TensorFlow's own tf.keras (tensorflow.python.keras)"),
    (re.compile(r"^tf_keras\b"), "tf-keras (Keras 2)"),
    (re.compile(r"^keras[./\\]src\b"), "the keras package (keras.src: Keras 2.13 or later)"),
    (re.compile(r"^keras\b"), "the keras package (standalone keras)"),
)


def _keras_of(module: str) -> str | None:
    """Which Keras defines ``module`` (a dotted module or a path under site-packages)."""
    for pattern, words in _KERAS_OF:
        if pattern.match(module):
            return words
    return None


def two_kerases_optimizer(ctx: Facts) -> list[Finding]:
    """``keras-objects-from-two-kerases``: "Could not interpret optimizer identifier: <m.C
    object at 0x..>" (pattern ``keras.optimizer_identifier``).  When the object's module and
    the Keras that refused it (the traceback's Keras frame nearest the error, pattern
    ``keras.frame``) are two Kerases, that is the cause; when the object comes from another
    library or the refusing Keras is not shown, variant ``unshown`` says what the line shows
    (the object was not made by the Keras that compiles the model)."""
    hits = ctx.h("keras.optimizer_identifier").all()
    if not hits:
        return []
    hit = hits[0]
    module = hit.g("mod") or ""
    obj = _keras_of(module)
    frames = [h for h in ctx.h("keras.frame").all() if h.line <= hit.line]
    refused = _keras_of(frames[-1].g("pkg") or "") if frames else None
    cls = hit.g("cls") or "the optimizer"
    if obj and refused and obj != refused:
        return [catalogue.make(
            "keras-objects-from-two-kerases", what=f"optimizer {cls}", obj=obj,
            model=refused, evidence=log_evidence([hit], frames[-1:]),
            fix=("# make the optimizer with the Keras that builds the model: import both from "
                 "tensorflow.keras (tf.keras), or both from keras; never mix the two in one "
                 "model",
                 "# a library built on one of them often has a switch for which Keras it "
                 "uses (an environment variable or setting named in its README): set it to the "
                 "Keras your model uses",
                 VERSIONS_CMD)),
        ]
    owner = obj or f"the module {module}"
    return [catalogue.make(
        "keras-objects-from-two-kerases", variant="unshown", what=f"optimizer {cls}",
        obj=owner, evidence=log_evidence([hit], frames[-1:]),
        fix=("# make the optimizer with the Keras that compiles the model (the traceback's "
             "compile() frame names it: tensorflow/python/keras, keras, keras/src or tf_keras)",
             "# an optimizer class from a library: use the library's release for this "
             "Keras/TensorFlow, or an optimizer of the Keras in use",
             VERSIONS_CMD)),
    ]


def keras2onnx_mode(ctx: Facts) -> list[Finding]:
    """``keras-objects-from-two-kerases`` variant ``converter-mode`` (pattern
    ``keras.keras2onnx_mode``): keras2onnx in standalone-Keras mode given a tf.keras model."""
    hits = ctx.h("keras.keras2onnx_mode").all()
    if not hits:
        return []
    return [catalogue.make(
        "keras-objects-from-two-kerases", variant="converter-mode", evidence=log_evidence(hits),
        fix=(set_env(ctx, "TF_KERAS", "1") + "   # before Python starts; or "
             "os.environ['TF_KERAS'] = '1' before import keras2onnx (it reads the variable "
             "when imported)",
             "# keras2onnx is no longer developed: tf2onnx converts tf.keras models "
             "(python -m tf2onnx.convert --saved-model <dir> --output model.onnx, or "
             "tf2onnx.convert.from_keras(model))"))]


def tuner_model_of_other_keras(ctx: Facts) -> list[Finding]:
    """keras-tuner refusing what the model-building function returned (pattern
    ``keras.tuner_not_a_model``): ``None`` is ``keras-tuner-build-returned-no-model``; a
    model whose class comes from tf-keras or TensorFlow's own tf.keras copy is
    ``keras-objects-from-two-kerases`` variant ``library-model`` (keras-tuner checks against
    the keras package).  Any other object is left unread."""
    hits = ctx.h("keras.tuner_not_a_model").all()
    if not hits:
        return []
    hit = hits[0]
    if hit.need("model").strip() == "None":
        return [catalogue.make("keras-tuner-build-returned-no-model",
                               evidence=log_evidence([hit], hits[-1:]))]
    obj = _keras_of(hit.g("type") or "")
    if obj is None or obj.startswith("the keras package"):
        return []
    return [catalogue.make("keras-objects-from-two-kerases", variant="library-model", obj=obj,
                           evidence=log_evidence([hit], hits[-1:]))]
