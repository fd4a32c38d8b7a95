"""keras.applications models built against their ImageNet weights: an input shape or a
number of classes the weights fix, and a copied early application script calling the private
``_obtain_input_shape`` with an argument Keras renamed.  Model code, not the GPU; one section
per fault below.

Sources: keras-team/keras at its tags (keras/applications/imagenet_utils.py: 2.0.0-2.0.7
``_obtain_input_shape(..., include_top)``, 2.0.8 on ``require_flatten``; v2.9.0
``obtain_input_shape``'s "When setting `include_top=True` and loading `imagenet` weights,
`input_shape` should be <default>", nasnet.py passing ``require_flatten=True``); Keras 3.15
keras/src/applications/*.py ("`classes` should be 1000").
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

# --- keras.applications' fixed input size with imagenet weights -------------------------------
# keras-team/keras v2.9.0 keras/applications/imagenet_utils.py obtain_input_shape: with
# weights='imagenet' and require_flatten (the applications pass include_top; nasnet.py passes
# True always), an input_shape other than the default raises "When setting `include_top=True`
# and loading `imagenet` weights, `input_shape` should be <default>".


def _shape_hints(h: Hit) -> tuple[str, ...]:
    """Fix lines the two shapes call for: a default shape with the channels first (3 or 1 as
    its first number) is Keras's image_data_format set to channels_first; a received shape
    of one channel where the default has three is grayscale images."""
    want = [int(x) for x in re.findall(r"\d+", h.need("shape"))]
    got = [int(x) for x in re.findall(r"\d+", h.g("got") or "")]
    out: list[str] = []
    if len(want) == 3 and want[0] in (1, 3) and want[1] > 3 and want[2] > 3:
        out.append("# the default shape is channels-first: Keras's image_data_format is "
                   "channels_first (~/.keras/keras.json, or set in the code); set "
                   "\"image_data_format\": \"channels_last\" there, or "
                   "keras.backend.set_image_data_format('channels_last') before building")
    if len(got) == 3 and got[-1] == 1 and want[-1] == 3:
        out.append("# one-channel (grayscale) images: repeat the channel to three "
                   "(tf.image.grayscale_to_rgb, or np.repeat(x, 3, axis=-1)) to use the "
                   "ImageNet weights")
    return tuple(out)


def keras_app_classes(f: Facts) -> list[Finding]:
    """``keras-application-weights-need-default-input-shape`` variant ``classes`` (pattern
    ``keras.app_classes``): imagenet weights with include_top=True and another number of
    classes than ImageNet's 1000 (Keras 3 keras/src/applications/*.py)."""
    return from_log(f, "keras.app_classes", lambda hits, first: catalogue.make(
        "keras-application-weights-need-default-input-shape", variant="classes",
        evidence=log_evidence(hits, limit=1),
        fix=("base = keras.applications.<Model>(weights='imagenet', include_top=False, "
             "input_shape=..., pooling='avg'); outputs = keras.layers.Dense(<your classes>, "
             "activation='softmax')(base.output)   # your own classifier on the ImageNet "
             "features",
             "# or weights=None to train the whole model on your classes")))


def keras_app_input_shape(f: Facts) -> list[Finding]:
    """``keras-application-weights-need-default-input-shape`` (pattern
    ``keras.app_input_shape``): a keras.applications model built with imagenet weights and an
    input shape other than the one its full (include_top) form was trained on."""
    return from_log(f, "keras.app_input_shape", lambda hits, first: catalogue.make(
        "keras-application-weights-need-default-input-shape", shape=first.need("shape"),
        evidence=log_evidence(hits, limit=1),
        fix=(*_shape_hints(first),
             f"# keep the top (the 1000 ImageNet classes): resize the images to "
             f"{first.need('shape')} and build with input_shape={first.need('shape')}",
             "# your own size with imagenet weights: include_top=False, input_shape=<yours>, "
             "and a new classifier on top (NASNet refuses any other size with imagenet "
             "weights, include_top=False too)",
             "# or weights=None to train from scratch at any size"),
    ))


def keras_obtain_input_shape_renamed(f: Facts) -> list[Finding]:
    """``keras-internal-helper-argument-renamed`` (pattern
    ``keras.obtain_input_shape_include_top``): a copy of an early application script calls
    keras.applications' private ``_obtain_input_shape(..., include_top=...)``, an argument
    Keras 2.0.8 renamed ``require_flatten`` (keras-team/keras imagenet_utils.py at 2.0.7 and
    2.0.8)."""
    return from_log(f, "keras.obtain_input_shape_include_top", lambda hits, first:
                    catalogue.make("keras-internal-helper-argument-renamed",
                                   evidence=log_evidence(hits, limit=1)))


__all__ = ["keras_app_classes", "keras_app_input_shape", "keras_obtain_input_shape_renamed"]
