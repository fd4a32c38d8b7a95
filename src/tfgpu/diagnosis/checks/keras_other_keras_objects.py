"""Layers, tensors and models of one Keras handed to another Keras
(``keras-objects-from-two-kerases``; ``keras3-needs-tf-keras`` for tfmot under Keras 3).

Sources (message formats; patterns in logs/patterns.py):

* Sequential.add: "The added layer must be an instance of class Layer. Found: <obj>"
  (multi-backend keras 2.2-2.3 ``keras/engine/sequential.py``; tf.keras of TF 1.x-2.5
  ``tensorflow/python/keras/engine/sequential.py``); Keras 2.6-2.15 ``keras/engine/
  sequential.py``: "... Received: layer={layer} of type {type(layer)}." The object's repr names
  the module of its class: a Keras's own module, or a library's layer (kapre, keras-bert, tcn),
  built on another Keras than the Sequential's (keunwoochoi/kapre#73). A tensor, a function or
  a class of ``__main__`` is the code's own mistake, and then nothing is said.
* "'tuple' object has no attribute 'layer'": tf.keras reads ``t._keras_history.layer``
  (``tensorflow/python/keras/engine/base_layer.py``, ``node.py``), and a tensor made by
  multi-backend keras <= 2.3 carries a plain tuple there (``keras/engine/base_layer.py``
  ``_add_inbound_node``): keunwoochoi/kapre#66, yongzhuo/Keras-TextClassification#77,
  tensorflow/probability#478.
* "'Model' object has no attribute '_get_distribution_strategy'": TF 2.1's tf.keras
  TensorBoard.set_model (``tensorflow_core/python/keras/callbacks.py``) given a multi-backend
  keras 2.3 model through keras's ``callbacks/tensorboard_v2.py``, which delegates to it
  (fizyr/keras-retinanet#1239; guarded by hasattr since tensorflow/tensorflow PR #34870).
* tensorflow_model_optimization's type checks (``quantization/keras/quantize.py``,
  ``sparsity/keras/prune.py``) test against its own keras: tf.keras, and tf_keras when tf.keras
  is Keras 3 (``python/core/keras/compat.py`` ``_get_keras_instance``, commit 17fe3a49;
  tensorflow/model-optimization#1181).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import ADDON_WINDOW
from tfgpu.diagnosis.checks._raising_frame import keras_frame, raising_frame
from tfgpu.diagnosis.checks.keras_moves import VERSIONS_CMD
from tfgpu.diagnosis.checks.keras_two_kerases import _keras_of
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

#: "<pkg.mod.Class object at 0x...>" (a Python object's default repr)
_OBJ = re.compile(r"<(?P<mod>[A-Za-z_][\w.]{0,160})\.(?P<cls>\w{1,80}) object at 0x[0-9a-fA-F]+>")
#: objects that are no layer at all: the code passed a tensor or a function
_NOT_A_LAYER = re.compile(r"^\s*(?:<?tf\.Tensor|Tensor\(|<?KerasTensor|<function|<bound method"
                          r"|<class |None\b|\[|\()")

_ONE_KERAS_FIX = (
    "# build the whole model with one Keras: every layer, Input, Model/Sequential and callback "
    "from tensorflow.keras (tf.keras), or all from keras; never mix `import keras` and "
    "`from tensorflow import keras`",
    "# a library's layer (kapre, keras-bert, tcn, ...) needs the model built with the Keras "
    "that library is built on (its README or requirements name it; some read an environment "
    "variable such as TF_KERAS=1 to pick one)",
    VERSIONS_CMD,
)


def added_layer_of_other_keras(f: Facts) -> list[Finding]:
    """``keras-objects-from-two-kerases`` variant ``layer``: Sequential.add refused an object
    whose class comes from a module (pattern ``keras.added_layer_not_layer``)."""
    hits = f.h("keras.added_layer_not_layer").all()
    if not hits:
        return []
    hit = hits[0]
    obj = hit.g("obj") or ""
    m = _OBJ.search(obj)
    typ = hit.g("type") or ""
    if _NOT_A_LAYER.match(obj) or (m is None and "." not in typ):
        return []
    mod = m.group("mod") if m else typ.rsplit(".", 1)[0]
    cls = m.group("cls") if m else typ.rsplit(".", 1)[-1]
    if mod.split(".")[0] in ("__main__", "builtins", "numpy", "tensorflow") \
            and _keras_of(mod) is None:
        return []
    frames = [h for h in f.h("keras.frame").all() if h.line <= hit.line]
    owner = _keras_of(mod) or f"the library module {mod}"
    seq = _keras_of(frames[-1].g("pkg") or "") if frames else None
    if seq is not None and seq == _keras_of(mod):
        return []
    return [catalogue.make(
        "keras-objects-from-two-kerases", variant="layer", cls=cls, obj=owner,
        model=(f"the Sequential is {seq}" if seq
               else "the Sequential comes from another Keras than the layer's class"),
        evidence=log_evidence([hit], frames[-1:]), fix=_ONE_KERAS_FIX)]


def tensor_of_other_keras(f: Facts) -> list[Finding]:
    """``keras-objects-from-two-kerases`` variant ``tensor``: tf.keras reading a plain-tuple
    ``_keras_history`` (pattern ``keras.history_tuple``): a tensor of multi-backend keras,
    when the raising frame is a Keras's own file (:func:`keras_frame`).  Another frame
    shown (the program's own ``encoder.layer`` on a tuple: a PyTorch / transformers idiom)
    gives nothing; no frame shown gives variant ``tensor-unshown``, a hedge, except in
    another framework's log without TensorFlow."""
    hits = f.h("keras.history_tuple").all()
    if not hits:
        return []
    h = hits[0]
    frame = raising_frame(f, h.line, ADDON_WINDOW)
    if frame is not None:
        # the statement that raised is shown: only a Keras's own file reads _keras_history
        # (a user's `encoder.layer` on a model's output tuple, another package's code: no)
        if not keras_frame(frame):
            return []
        return [catalogue.make("keras-objects-from-two-kerases", variant="tensor",
                               evidence=log_evidence([frame, h]), fix=_ONE_KERAS_FIX)]
    if f.other_framework is not None and not f.h("ctx.tensorflow").count:
        return []  # another framework's log (PyTorch, ...): its own code's tuple
    return [catalogue.make("keras-objects-from-two-kerases", variant="tensor-unshown",
                           evidence=log_evidence([h]),
                           fix=("# the traceback's last frame tells: a file of tf.keras / "
                                "keras (base_layer.py, node.py, functional.py reading "
                                "t._keras_history.layer) is two Kerases mixed; the program's "
                                "own line (x.layer on a tuple, e.g. a model's output tuple) is "
                                "that code's own mistake",
                                *_ONE_KERAS_FIX))]


def callback_model_of_other_keras(f: Facts) -> list[Finding]:
    """``keras-objects-from-two-kerases`` variant ``callback-model`` (pattern
    ``keras.no_distribution_strategy``): tf.keras code given a multi-backend keras model."""
    hits = f.h("keras.no_distribution_strategy").all()
    if not hits:
        return []
    return [catalogue.make(
        "keras-objects-from-two-kerases", variant="callback-model",
        cls=hits[0].need("cls"), evidence=log_evidence(hits[:1]),
        fix=("# build the model and its callbacks with one Keras: from tensorflow.keras import "
             "... for both (tf.keras), or keras for both",
             "# a training script built on standalone keras (keras-retinanet and the like): "
             "leave its TensorBoard callback out (its --tensorboard-dir \"\" or similar), or use "
             "the TensorFlow/keras releases its requirements name",
             VERSIONS_CMD))]


def tfmot_layer_of_other_keras(f: Facts) -> list[Finding]:
    """tensorflow_model_optimization refusing a Keras class (pattern
    ``keras.tfmot_other_keras``): a class of another Keras than tfmot's.  Keras 3 (TensorFlow
    2.16+ known) is ``keras3-needs-tf-keras`` variant ``tfmot``: tfmot works on tf-keras
    there; a TensorFlow before 2.16 known, or tfmot's earlier wording with "tf.", is
    ``keras-objects-from-two-kerases`` variant ``tfmot``; the later wording with no TensorFlow
    version known is variant ``tfmot-unsure`` (a hedge: tfmot 0.8 prints it on TensorFlow
    2.15 too, where TF_USE_LEGACY_KERAS changes nothing).  A class that is not one of Keras's
    own (a subclassed model) is left unread."""
    hits = f.h("keras.tfmot_other_keras").all()
    if not hits:
        return []
    hit = hits[0]
    typ = hit.need("type")
    fact = f.kb.platform_fact("keras-builtin-object-names")
    builtin = typ in ("Sequential", "Functional", "Model") or typ in fact.items("layers")
    if not builtin:
        return []
    mm = f.tf_mm
    old_wording = bool(hit.g("tf") or hit.g("tf2"))
    k3 = f.kb.platform_fact("keras3-switch")
    switch = tf_minor(k3.value("tf_version")) or (2, 16)
    env = k3.value("legacy_env")
    legacy = k3.value("legacy_package")
    if mm is None and not old_wording:
        # the later wording is tfmot 0.8's on TensorFlow 2.15 too (Keras 2): without the
        # TensorFlow version, both readings and both fixes
        return [catalogue.make(
            "keras3-needs-tf-keras", variant="tfmot-unsure", cls=typ, legacy=legacy, env=env,
            evidence=log_evidence([hit]), knowledge_ref=k3.ref,
            fix=('python -c "import tensorflow as tf, keras; print(tf.__version__, '
                 'keras.__version__)"   # which of the two: TensorFlow 2.16+ (Keras 3) or older',
                 f"# TensorFlow 2.16 or later: pip install {legacy}; export {env} before "
                 "Python imports TensorFlow; build the model with import tf_keras as keras",
                 "# TensorFlow 2.15 or older: build the model with tf.keras (from "
                 "tensorflow.keras import layers, Sequential), not the standalone keras "
                 "package"))]
    if mm is not None and mm >= switch:
        return [catalogue.make(
            "keras3-needs-tf-keras", variant="tfmot", cls=typ, legacy=legacy, env=env,
            evidence=log_evidence([hit]), knowledge_ref=k3.ref,
            fix=(f"pip install {legacy}   # the Keras 2 that tfmot builds on",
                 f"export {env}   # before Python imports TensorFlow; then build the model "
                 "with import tf_keras as keras (keras.Sequential, keras.layers.Dense), not the "
                 "keras package",
                 VERSIONS_CMD))]
    return [catalogue.make(
        "keras-objects-from-two-kerases", variant="tfmot", cls=typ,
        evidence=log_evidence([hit]),
        fix=("# build the model for tfmot with tf.keras: from tensorflow.keras import layers, "
             "Sequential (not the standalone keras package)",
             VERSIONS_CMD))]


__all__ = [
    "added_layer_of_other_keras",
    "callback_model_of_other_keras",
    "tensor_of_other_keras",
    "tfmot_layer_of_other_keras",
]
