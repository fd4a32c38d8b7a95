"""A TensorFlow Lite model newer than the runtime that loads it.

Sources:

* TensorFlow Lite's ``GetRegistrationFromOpCode`` (tensorflow/lite/core/api/op_resolver.cc;
  TensorFlow 2.21's ``libpywrap_tflite_common.so`` holds the text): for each operator of the
  model it asks the runtime's op resolver for the builtin op at the version the model
  records, and fails with "Didn't find op for builtin opcode '<OP>' version '<N>'" (later
  releases add "An older version of this builtin might be supported. Are you using an old
  TFLite binary with a newer model?"), or, for an op code the runtime's enum does not have,
  "Op builtin_code out of range: <N>. Are you using old TFLite binary with newer model?".
  The converter of a TensorFlow release writes the newest version of each op that release
  has, so a model converted by a newer TensorFlow than the runtime's (tflite-runtime, an
  older TensorFlow's tf.lite, a mobile app's TensorFlow Lite, the Edge TPU compiler, which
  links its own TensorFlow Lite) fails there.
* The Edge TPU runtime (libedgetpu) refusing a model compiled for a newer runtime: "Package
  requires runtime version (<need>), which is newer than this runtime version (<have>)"
  (Coral's documentation, "Compiler and runtime versions": each compiler version targets a
  runtime version, and ``edgetpu_compiler -m <version>`` compiles for an older one).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tflite_model_newer_than_runtime(ctx: Facts) -> list[Finding]:
    """``tflite-model-newer-than-runtime`` from ``tflite.op_version`` (the op and its version,
    or the op code out of the runtime's range); variant ``edgetpu-compiler`` when the log
    shows the Edge TPU compiler's banner (``tflite.edgetpu_compiler``): the compiler's own
    TensorFlow Lite is the old runtime.  One finding for the log, or none."""
    hits = ctx.h("tflite.op_version").all()
    if not hits:
        return []
    h = hits[0]
    op = (f"{h.g('op')} version {h.g('version')}" if h.g("op")
          else f"op code {h.g('code')}")
    banner = ctx.h("tflite.edgetpu_compiler").all()
    if banner:
        return [catalogue.make(
            "tflite-model-newer-than-runtime", variant="edgetpu-compiler", op=op,
            compiler=banner[0].need("version"),
            evidence=log_evidence(banner[:1], hits, limit=3),
            fix=("edgetpu_compiler --version   # the compiler's version; Coral's documentation "
                 "lists the TensorFlow each one supports",
                 "# install the newest edgetpu-compiler (Coral's package repository); when it "
                 "still refuses the op, convert the model with the TensorFlow release that "
                 "compiler supports"),
        )]
    return [catalogue.make(
        "tflite-model-newer-than-runtime", op=op, evidence=log_evidence(hits, limit=3),
        fix=('python -c "import tensorflow as tf; print(tf.__version__)"   # in the '
             "environment that converted the model: the runtime must be that release or newer",
             "python -m pip install -U tflite-runtime   # a newer runtime (or upgrade the "
             "TensorFlow, or the app's TensorFlow Lite dependency, that loads the model)",
             "# or convert the model again with the TensorFlow release of the runtime"),
    )]


def edgetpu_runtime_older_than_model(ctx: Facts) -> list[Finding]:
    """``edgetpu-runtime-older-than-model`` from ``tflite.edgetpu_runtime``: the model was
    compiled for Edge TPU runtime ``need``, the installed runtime is ``have``."""
    hits = ctx.h("tflite.edgetpu_runtime").all()
    if not hits:
        return []
    need, have = hits[0].g("need") or "?", hits[0].g("have") or "?"
    return [catalogue.make(
        "edgetpu-runtime-older-than-model", need=need, have=have,
        evidence=log_evidence(hits, limit=2),
        fix=(f"edgetpu_compiler -m {have} model.tflite   # compile the model for the installed "
             f"runtime version {have}",
             "# or upgrade the Edge TPU runtime (the libedgetpu1-std or libedgetpu1-max package "
             "from Coral's repository) to the version the compiler targets"),
    )]


__all__ = ["edgetpu_runtime_older_than_model", "tflite_model_newer_than_runtime"]
