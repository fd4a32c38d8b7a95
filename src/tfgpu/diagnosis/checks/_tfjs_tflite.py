"""Whether the log's TensorFlow Lite runtime is tfjs-tflite, TensorFlow.js's TensorFlow Lite for
the browser (pattern ``ctx.tfjs_tflite``).

Sources: tensorflow/tfjs ``tfjs-tflite/scripts/download-tflite-web-api.sh`` (the runtime is a
prebuilt TensorFlow Lite WASM bundle, ``tflite_web_api.zip``), ``tfjs-tflite/src/types/
tflite_web_api.ts`` (its API: setWasmPath and model runners, no delegate of the app's, so no
Flex delegate for Select TF ops; its README names XNNPACK only), tensorflow/tfjs#5844 (Select TF
ops asked for in tfjs-tflite, "stat:contributions welcome"). The npm package's last release is
0.0.1-alpha.10 (``npm view @tensorflow/tfjs-tflite versions``, checked for session 49):
no newer runtime to upgrade to.
"""

from __future__ import annotations

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts


def tfjs_tflite_hit(ctx: Facts) -> Hit | None:
    """The first line naming tfjs-tflite or a .tflite model for the web, or ``None``."""
    hits = ctx.h("ctx.tfjs_tflite").all()
    return hits[0] if hits else None


#: The fix line for a tfjs-tflite host, in place of Select TF ops.
TFJS_NO_SELECT = ("# tfjs-tflite (TensorFlow Lite in the browser) runs a prebuilt WASM runtime "
                  "with no Flex delegate: Select TF ops do not run there; convert builtin-only, "
                  "or convert the SavedModel with tensorflowjs_converter and run it with "
                  "TensorFlow.js (tf.loadGraphModel)")

__all__ = ["TFJS_NO_SELECT", "tfjs_tflite_hit"]
