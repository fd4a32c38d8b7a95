"""TensorFlow.js's layers-model loader meeting a class its Layers API does not have.

Source: tfjs-layers ``src/utils/generic_utils.ts`` ``deserializeKerasObject``: "Unknown
${printableModuleName}: ${identifier}. This may be due to one of the following reasons: 1. The
${printableModuleName} is defined in Python, in which case it needs to be ported to
TensorFlow.js or your JavaScript code. 2. The custom ${printableModuleName} is defined in
JavaScript, but is not registered properly with tf.serialization.registerClass()." The
converter (tensorflowjs_converter, keras format) writes each layer's class name and config,
never its code: a Python-defined layer must exist in JavaScript under the same className. A
Lambda layer is Python code (Keras serialises its function as Python bytecode), which no
TensorFlow.js runs. "Functional" is the class name tf.keras writes for a functional model from
TensorFlow 2.4 (keras/engine/functional.py; earlier releases wrote "Model"). TensorFlow 1.13's
tf.keras wrote "BatchNormalizationV1" and "BatchNormalizationV2" as the class names of its two
BatchNormalization versions (keras-team/keras v2.6.0 keras/layers/serialization.py keeps them as
deserialization aliases "for backward compatibility"); a loader without those aliases does not
know them.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Layer classes that wrap Python code or a TensorFlow function, not a layer of their own: Keras's
#: Lambda, tf.keras's TFOpLambda and SlicingOpLambda (keras/layers/core/tf_op_layer.py, Keras
#: 2.6+: a tf.* call or a slice applied to a Keras tensor in a functional model), TF Hub's
#: KerasLayer (tensorflow_hub/keras_layer.py: a SavedModel as a layer), Keras 3's TFSMLayer (a
#: SavedModel), TorchModuleWrapper, JaxLayer and FlaxLayer (torch or JAX code; Keras 3.15's
#: keras/src/export/tfsm_layer.py, utils/torch_utils.py, utils/jax_layer.py).
_PYTHON_CODE_LAYERS = frozenset({"Lambda", "TFOpLambda", "SlicingOpLambda", "KerasLayer",
                                 "TFSMLayer", "TorchModuleWrapper", "JaxLayer", "FlaxLayer"})


def tfjs_unknown_class(ctx: Facts) -> list[Finding]:
    """``tfjs-layer-not-known`` (pattern ``tfjs.unknown_class``), variants ``lambda`` (a
    Keras Lambda layer), ``functional`` (tf.keras's functional-model class name from
    TensorFlow 2.4, unknown to an older TensorFlow.js) and ``keras-builtin`` (one of Keras's
    own layers, platform fact ``keras-builtin-object-names``, that the TensorFlow.js release
    has not ported)."""
    hits = ctx.h("tfjs.unknown_class").all()
    if not hits:
        return []
    h = hits[0]
    what, name = h.need("what").strip(), h.need("name").strip("'\"")
    ev = log_evidence(hits[:1])
    if name in _PYTHON_CODE_LAYERS:
        return [catalogue.make(
            "tfjs-layer-not-known", variant="lambda", name=name, evidence=ev,
            fix=(f"# in the Python model: replace the {name} layer (a Lambda's function, a tf.* "
                 "call on a Keras tensor) by built-in layers (Reshape, Rescaling, a Dense...) "
                 "or a custom layer class, save and convert again",
                 "# a custom layer then needs a JavaScript class extending tf.layers.Layer, "
                 "with static className equal to the Python class name, registered with "
                 "tf.serialization.registerClass(MyLayer) before tf.loadLayersModel",
                 "# or convert a SavedModel as a graph model (tensorflowjs_converter "
                 "--input_format=tf_saved_model) and load it with tf.loadGraphModel"))]
    if name == "Functional" and what == "layer":
        return [catalogue.make(
            "tfjs-layer-not-known", variant="functional", evidence=ev,
            fix=("npm ls @tensorflow/tfjs @tensorflow/tfjs-layers   # the TensorFlow.js that "
                 "loads the model",
                 "npm install @tensorflow/tfjs@latest   # a current TensorFlow.js, which reads "
                 "tf.keras's 'Functional' class name",
                 "# (older route: convert the model with a tensorflowjs converter of the same "
                 "era as the TensorFlow.js that loads it)"))]
    if name in ("BatchNormalizationV1", "BatchNormalizationV2") and what == "layer":
        return [catalogue.make(
            "tfjs-layer-not-known", variant="tf113-class-name", name=name, evidence=ev,
            fix=("# in model.json, rename the layer's \"class_name\": \"" + name + "\" to "
                 "\"BatchNormalization\" (the same layer under its canonical name)",
                 "# or save the Keras model with a TensorFlow that writes BatchNormalization "
                 "(not 1.13) and convert it again"))]
    if what == "layer" and name in ctx.kb.platform_fact("keras-builtin-object-names").items(
            "layers"):
        # one of Keras's own layers: TensorFlow.js ports them one by one (a release without
        # it, not a custom layer of the program)
        return [catalogue.make(
            "tfjs-layer-not-known", variant="keras-builtin", name=name, evidence=ev,
            fix=("npm ls @tensorflow/tfjs @tensorflow/tfjs-layers   # the TensorFlow.js that "
                 "loads the model",
                 "npm install @tensorflow/tfjs@latest   # a later release may have ported "
                 f"'{name}' (its layers list tells)",
                 f"# or leave '{name}' out of the Python model before converting and do its "
                 "work in JavaScript on the input (scaling, resizing, augmentation only in "
                 "training), or convert a SavedModel as a graph model and load it with "
                 "tf.loadGraphModel"))]
    if what in ("regularizer", "constraint"):
        return [catalogue.make(
            "tfjs-layer-not-known", what=what, name=name, evidence=ev,
            fix=(f"# a {what} acts only in training: remove it from the layers (or set it to "
                 "None) in the Python model before converting, or train in TensorFlow.js with "
                 f"a registered {what} class of the same className",))]
    return [catalogue.make(
        "tfjs-layer-not-known", what=what, name=name, evidence=ev,
        fix=(f"# write '{name}' in JavaScript: class extending tf.layers.Layer (or the "
             f"matching tf.serialization.Serializable) with static className = '{name}', and "
             "call tf.serialization.registerClass(ThatClass) before tf.loadLayersModel",
             "# or rebuild the Python model from built-in Keras layers before converting, or "
             "convert a SavedModel as a graph model and load it with tf.loadGraphModel"))]


__all__ = ["tfjs_unknown_class"]
