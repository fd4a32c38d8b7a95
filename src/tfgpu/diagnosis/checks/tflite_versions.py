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
  links its own TensorFlow Lite) fails there.  TensorFlow Lite is LiteRT now: Python's
  tflite-runtime is replaced by ai-edge-litert (ai.google.dev/edge/litert/migration).
  Version 1 is every op's first: a runtime missing it lacks the op itself (an op newer than
  the runtime, or a resolver built with selected ops). TensorFlow Lite Micro
  (tensorflow/tflite-micro ``micro_allocator.cc``: "Failed to get registration from op code
  <OP>") registers only the ops the program adds to its ``MicroMutableOpResolver``, so there
  the same line most often means an op the program did not add, or one TensorFlow Lite Micro
  has no kernel for.
* TensorFlow Lite's interpreter given a model with Select TensorFlow ops (the converter's
  SELECT_TF_OPS: ops named Flex<Op>, run only by the Flex delegate) without that delegate
  linked: "Regular TensorFlow ops are not supported by this interpreter. Make sure you invoke
  (older: apply/link) the Flex delegate before inference", "Select TensorFlow op(s), included
  in the given model, is(are) not supported by this interpreter" (TensorFlow 2.21's
  ``libpywrap_tflite_common.so``); a custom op without a registered kernel: "Encountered
  unresolved custom op: <op>." TensorFlow's own Python ``tf.lite.Interpreter`` links the Flex
  delegate only in the tensorflow pip package 2.3-2.19 (2.4-2.19 on macOS and Windows; not
  tensorflow-cpu 2.19: platform fact ``tflite-python-interpreter-flex``, checks/_tflite_flex.py);
  tflite-runtime, ai-edge-litert, mobile and plugin runtimes do not unless built or packaged
  with it (tensorflow.org/lite/guide/ops_select; on Android the message names
  org.tensorflow:tensorflow-lite-select-tf-ops).
* The Edge TPU runtime (libedgetpu) refusing a model compiled for a newer runtime: "Package
  requires runtime version (<need>), which is newer than this runtime version (<have>)"
  (Coral's documentation, "Compiler and runtime versions": each compiler version targets a
  runtime version, and ``edgetpu_compiler -m <version>`` compiles for an older one).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._tfjs_tflite import tfjs_tflite_hit
from tfgpu.diagnosis.checks._tflite_flex import (
    other_interpreter_fix,
    tf_interpreter_finding,
    window_words,
)
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A line that is a Python exception (``ValueError: Didn't find op ...``): a program's
#: interpreter, not the Edge TPU compiler, printed it.
_PY_EXC = re.compile(r"\s*(?:[\w.]+\.)?\w+(?:Error|Exception): ")


def tflite_model_newer_than_runtime(ctx: Facts) -> list[Finding]:
    """``tflite-model-newer-than-runtime`` from ``tflite.op_version`` (the op and its version,
    or the op code out of the runtime's range); variant ``edgetpu-compiler`` when the log
    shows the Edge TPU compiler's banner (``tflite.edgetpu_compiler``): the compiler's own
    TensorFlow Lite is the old runtime; variant ``op-missing`` (a hedge) for an op's version
    1; ``tflite-micro-op-not-registered`` when TensorFlow Lite Micro's allocator lines follow
    (``tflite.micro``).  One finding for the log, or none."""
    hits = ctx.h("tflite.op_version").all()
    if not hits:
        return []
    h = hits[0]
    name = h.g("op")
    op = f"{name} version {h.g('version')}" if name else f"op code {h.g('code')}"
    micro = ctx.h("tflite.micro").all()
    if name and micro:
        return [_micro_resolver(name, op, hits, micro)]
    if name and h.g("version") == "1":
        # version 1 is every op's first: no newer version of it is missing, the op is
        return [catalogue.make(
            "tflite-model-newer-than-runtime", variant="op-missing", op=name,
            evidence=log_evidence(hits, limit=3),
            fix=('python -c "import tensorflow as tf; print(tf.__version__)"   # in the '
                 "environment that converted the model; the runtime must be that release or "
                 "newer",
                 "# a program that builds its own op resolver (selected ops, a reduced mobile "
                 f"build) must register {name} too; else upgrade the runtime (python -m pip "
                 "install -U ai-edge-litert, tflite-runtime's successor; the app's TensorFlow "
                 "Lite / LiteRT dependency)"),
        )]
    compiler = ctx.h("tflite.edgetpu_compiler").all()
    banner = [b for b in compiler if b.g("version")]
    # the compiler's own failure: its banner, no success line, and the op line no Python
    # exception of a program (a runtime on the device loading the compiled model)
    if banner and not any(b.g("ok") for b in compiler) and not _PY_EXC.match(h.text):
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
    web = tfjs_tflite_hit(ctx)
    if web is not None:
        # tfjs-tflite's runtime is a prebuilt WASM bundle; its last release is 0.0.1-alpha.10
        # (checks/_tfjs_tflite.py): no newer runtime, and ai-edge-litert is Python's
        return [catalogue.make(
            "tflite-model-newer-than-runtime", variant="tfjs-tflite", op=op,
            evidence=log_evidence([web], hits, limit=3),
            fix=("# convert the model again with an older TensorFlow (in its own virtual "
                 "environment), going back a release at a time until tfjs-tflite loads it: "
                 "tfjs-tflite's TensorFlow Lite is not upgraded (0.0.1-alpha.10 is its last "
                 "release)",
                 "# or convert the SavedModel with tensorflowjs_converter and run it with "
                 "TensorFlow.js (tf.loadGraphModel) instead of tfjs-tflite"),
        )]
    return [catalogue.make(
        "tflite-model-newer-than-runtime", op=op, evidence=log_evidence(hits, limit=3),
        fix=('python -c "import tensorflow as tf; print(tf.__version__)"   # in the '
             "environment that converted the model: the runtime must be that release or newer",
             "python -m pip install -U ai-edge-litert   # a newer runtime: LiteRT, "
             "tflite-runtime's successor (from ai_edge_litert.interpreter import Interpreter); "
             "or upgrade the TensorFlow, or the app's TensorFlow Lite / LiteRT dependency, "
             "that loads the model",
             "# or convert the model again with the TensorFlow release of the runtime"),
    )]


def _micro_resolver(name: str, op: str, hits: list[Hit], micro: list[Hit]) -> Finding:
    """``tflite-micro-op-not-registered``: TensorFlow Lite Micro's allocator failed after its op
    resolver found no ``name`` (``tflite.micro``): a micro program registers only the ops it
    adds (MicroMutableOpResolver's ``Add<Op>()``, for most ops the op's name in CamelCase;
    micro_mutable_op_resolver.h has the exact name), and its template size bounds how many; or
    TensorFlow Lite Micro has no kernel for that op."""
    method = "Add" + "".join(part.capitalize() if not part[:1].isdigit() else part.upper()
                             for part in name.split("_"))
    return catalogue.make(
        "tflite-micro-op-not-registered", op=op,
        evidence=log_evidence(hits, micro[:1], limit=3),
        fix=(f"# add {name} to the program's resolver with its Add method in "
             "micro_mutable_op_resolver.h (for most ops the op's name in CamelCase: "
             f"op_resolver.{method}();), and raise the MicroMutableOpResolver<N> template "
             "size to the number of ops added",
             f"# if TensorFlow Lite Micro has no {method}() for it (its kernel list, "
             "micro_mutable_op_resolver.h; AllOpsResolver registers every kernel it has), "
             "use a TensorFlow Lite Micro (or Arduino library) release that added the kernel, "
             "or convert the model without that op"),
    )


def tflite_runtime_without_flex(ctx: Facts) -> list[Finding]:
    """``tflite-runtime-without-flex-delegate`` (pattern ``tflite.flex_missing``): the model
    holds Select TensorFlow (Flex) ops and the interpreter has no Flex delegate; variant
    ``custom-op`` for an unresolved custom op whose name is not a Flex op's; the ``tf-*``
    variants when the interpreter is TensorFlow's own, by its release (checks/_tflite_flex.py:
    only the tensorflow package 2.3-2.19 links the Flex delegate)."""
    hits = ctx.h("tflite.flex_missing").all()
    if not hits:
        return []
    h = next((x for x in hits if not x.g("op")), hits[0])
    op = h.g("op")
    if op == "edgetpu-custom-op":
        # a model the Edge TPU compiler wrote: its ops run only through the Edge TPU delegate
        return [catalogue.make(
            "tflite-runtime-without-flex-delegate", variant="edgetpu", evidence=log_evidence(hits),
            fix=("interpreter = tflite.Interpreter(model_path, experimental_delegates=["
                 "tflite.load_delegate('libedgetpu.so.1')])   # (macOS: libedgetpu.1.dylib, "
                 "Windows: edgetpu.dll); or pycoral.utils.edgetpu.make_interpreter(model_path)",
                 "# the Edge TPU connected and its runtime (libedgetpu) installed; or run the "
                 "model compiled before edgetpu_compiler (the plain .tflite) on the CPU"))]
    if op and not op.startswith("Flex"):
        return [catalogue.make(
            "tflite-runtime-without-flex-delegate", variant="custom-op", op=op,
            evidence=log_evidence(hits),
            fix=(f"# register {op}'s kernel with the interpreter (the op resolver of the "
                 "program or app: AddCustom), from the code that defines the op; an op a "
                 "model exporter wrote (the Object Detection API's TFLite_Detection_PostProcess) "
                 "is registered by newer TensorFlow Lite runtimes: upgrade the runtime",
                 f"# or convert again without it ({op} is written by converter.allow_custom_ops "
                 "= True, or comes from a library's op); with Select TF ops a TensorFlow op "
                 "runs through the Flex delegate instead"))]
    # TensorFlow's own tf.lite.Interpreter failed: its release decides (_tflite_flex.py)
    own = tf_interpreter_finding(ctx, h, hits)
    if own is not None:
        return [own]
    return [catalogue.make(
        "tflite-runtime-without-flex-delegate", window=window_words(ctx),
        evidence=log_evidence(hits), fix=other_interpreter_fix(ctx))]


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


__all__ = ["edgetpu_runtime_older_than_model", "tflite_model_newer_than_runtime",
           "tflite_runtime_without_flex"]
