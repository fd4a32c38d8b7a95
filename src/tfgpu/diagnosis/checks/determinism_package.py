"""NVIDIA's determinism package (``tensorflow-determinism``, imported as ``tfdeterminism``;
``framework-reproducibility`` from 0.4.0, imported as ``fwr13y``) refusing to patch a
TensorFlow it has no patch for.

Source: NVIDIA/framework-reproducibility, tags v0.2.0-v0.6.0:

* ``tfdeterminism/patch.py`` (0.2.0, 0.3.0): ``raise Exception("tfdeterminism: No patch
  available for version %s of TensorFlow")`` unless the version matches
  ``(1\\.(14|15)|2\\.0)``; ``"tfdeterminism: TensorFlow inside NGC containers does not require
  patching"`` when ``NVIDIA_TENSORFLOW_VERSION`` is set.
* ``fwr13y/d9m/tensorflow/patch.py`` (0.4.0+; ``fwd9m.tensorflow.patch`` before the rename):
  the same two messages as ``TypeError("%s: ..." % __name__)``, patching stock TensorFlow 1.14
  to 2.0 only; ``patch`` is deprecated for ``enable_determinism``.
* ``fwr13y/d9m/tensorflow/enable_determinism.py``: the way per version: TensorFlow 2.8+
  ``tf.config.experimental.enable_op_determinism()``; 2.1+ (or an NGC container 19.06+)
  ``TF_DETERMINISTIC_OPS=1``; 1.14-2.0 ``TF_CUDNN_DETERMINISTIC=1`` and the bias_add patch;
  nothing for older releases.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

#: the package's own helper that picks the way for each TensorFlow version (0.4.0+)
_ENABLE = ("or let the package pick it: pip install framework-reproducibility, then "
           "from fwr13y.d9m.tensorflow import enable_determinism; enable_determinism() "
           "(replaces patch())")


def determinism_patch_unavailable(f: Facts) -> list[Finding]:
    """``determinism-patch-not-for-this-tensorflow``: the determinism package's ``patch()``
    raised because it has no patch for the TensorFlow in use (pattern
    ``eco.d9m_no_patch``, its version in the message) or because TensorFlow runs in an NGC
    container (variant ``ngc``).  The fix names the way this TensorFlow enables
    deterministic GPU ops (module docstring)."""
    hits = f.h("eco.d9m_no_patch").all()
    if not hits:
        return []
    hit = hits[0]
    if hit.g("ngc"):
        return [catalogue.make(
            "determinism-patch-not-for-this-tensorflow", variant="ngc",
            evidence=log_evidence(hits[:1]),
            fix=("# drop the patch() call; NGC's TensorFlow has deterministic GPU ops built in "
                 "(containers 19.06 and later): export TF_DETERMINISTIC_OPS=1 before "
                 "starting Python",
                 f"# {_ENABLE}"))]
    version = hit.need("v")  # the pattern's other alternative is the ngc one, taken above
    mm = tf_minor(version)
    if mm is not None and mm >= (2, 8):
        way = ("TensorFlow 2.8 and later have deterministic GPU ops built in, switched on with "
               "tf.config.experimental.enable_op_determinism()")
        fix = ["tf.config.experimental.enable_op_determinism()   # instead of patch(), right "
               "after importing TensorFlow (with tf.keras.utils.set_random_seed(seed))"]
    elif mm is not None and mm >= (2, 1):
        way = ("TensorFlow 2.1 to 2.7 have deterministic GPU ops built in, switched on with "
               "the environment variable TF_DETERMINISTIC_OPS=1")
        fix = ["export TF_DETERMINISTIC_OPS=1   # instead of patch(), before starting Python "
               "(or os.environ['TF_DETERMINISTIC_OPS'] = '1' before importing TensorFlow)"]
    elif mm is not None and mm < (1, 14):
        way = ("releases before 1.14 have neither the patch nor deterministic GPU ops built in: "
               "upgrade TensorFlow to 1.14-2.0 (patch()) or, better, 2.1 or later")
        fix = ["# upgrade TensorFlow: 2.8+ (tf.config.experimental.enable_op_determinism()) or "
               "2.1-2.7 (TF_DETERMINISTIC_OPS=1); 1.14-2.0 take patch()"]
    else:
        way = ("the version it printed is not one it knows: a nightly or a custom build; "
               "from 2.1 TensorFlow has deterministic GPU ops built in")
        fix = ["python -c \"import tensorflow as tf; print(tf.version.VERSION)\"   # 2.8+: "
               "tf.config.experimental.enable_op_determinism(); 2.1-2.7: "
               "TF_DETERMINISTIC_OPS=1"]
    fix.append(f"# {_ENABLE}")
    return [catalogue.make(
        "determinism-patch-not-for-this-tensorflow", version=version,
        evidence=log_evidence(hits[:1]),
        cause=(f"NVIDIA's determinism package patches stock TensorFlow 1.14 to 2.0 only "
               f"(its patch() raises for any other version; tensorflow-determinism / "
               f"framework-reproducibility patch.py), and this is TensorFlow {version}: "
               f"{way}. Nothing is wrong with the GPU set-up; the call to patch() stops the "
               "program."),
        fix=tuple(fix))]
