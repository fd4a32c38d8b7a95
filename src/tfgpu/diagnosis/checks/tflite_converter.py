"""The TensorFlow Lite converter meeting ops TensorFlow Lite has no builtin kernel for.

Sources (the texts are in the TensorFlow 2.21 wheel's ``libtensorflow_cc.so.2``):

* TOCO (TensorFlow 1.x's converter): "Some of the operators in the model are not supported by
  the standard TensorFlow Lite runtime and are not recognized by TensorFlow. If you have a
  custom implementation for them you can disable this error with --allow_custom_ops ..."
  (before Select TF ops) and "Some of the operators in the model are not supported by the
  standard TensorFlow Lite runtime. If those are native TensorFlow operators, you might be
  able to use the extended runtime by passing --enable_select_tf_ops, or by setting
  target_ops=TFLITE_BUILTINS,SELECT_TF_OPS ...", each followed by "Here is a list of
  operators for which you will need custom implementations: <ops>".
* The MLIR converter (TensorFlow 2.x): "'tf.<Op>' op is neither a custom op nor a flex op"
  and "Some ops are not supported by the native TFLite runtime, you can enable TF kernels
  fallback using TF Select. See instructions: https://www.tensorflow.org/lite/guide/ops_select".
* Select TF ops (the Flex delegate): TensorFlow's guide "Select TensorFlow operators"
  (converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS,
  tf.lite.OpsSet.SELECT_TF_OPS]; the app links the Flex delegate), for the TensorFlow ops on
  the delegate's allowlist. The MLIR converter says which verdict it reached: "Error code:
  ERROR_NEEDS_FLEX_OPS" with "Some ops are not supported by the native TFLite runtime", or
  "Error code: ERROR_NEEDS_CUSTOM_OPS" with "Some ops in the model are custom ops, See
  instructions to implement custom ops" and "Custom ops: <ops>" (checked on TF 2.21 with a
  tf.py_function model and SELECT_TF_OPS set). An op TensorFlow does not register (platform
  fact ``tf-core-op-types``) or one that calls back into Python is a custom op: it needs
  ``allow_custom_ops`` and a kernel of the app's own.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._tfjs_tflite import TFJS_NO_SELECT, tfjs_tflite_hit
from tfgpu.diagnosis.checks.op_registry import core_op_types
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

_SELECT = ("converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS, "
           "tf.lite.OpsSet.SELECT_TF_OPS]   # TensorFlow's own ops run through the Flex "
           "delegate (the app links it: the tensorflow-lite-select-tf-ops package on Android)")


#: Ops that call back into the Python interpreter (tf.py_function, tf.numpy_function): no
#: TensorFlow Lite runtime can run them, Select TF ops included.
_NEEDS_PYTHON = frozenset({"PyFunc", "PyFuncStateless", "EagerPyFunc"})


def tflite_ops_without_builtin(ctx: Facts) -> list[Finding]:
    """``tflite-converter-op-needs-select-tf-ops`` (pattern ``tflite.ops_unsupported``): the
    converter found ops with no TensorFlow Lite builtin. Variant ``custom-op`` (allow_custom_ops
    and a kernel of one's own) when the MLIR converter itself says they are custom ops
    ("Custom ops: ...", ERROR_NEEDS_CUSTOM_OPS: not on the Flex delegate's allowlist), or an
    op named is none of TensorFlow's own or calls back into Python; else the row (Select TF
    ops, which the converter suggests for its flex verdict and TOCO for native ops)."""
    hits = ctx.h("tflite.ops_unsupported").all()
    if not hits:
        return []
    ops: list[str] = []
    verdict: list[str] = []
    # the flex verdict's own list ("TF Select ops: Conv2D, Mul")
    select: list[str] = []
    for h in hits:
        for name in re.split(r"[,\s]+", h.g("sops") or h.g("sops2") or ""):
            if name and name not in select:
                select.append(name)
        for name in [*re.split(r"[,\s]+", h.g("ops") or h.g("ops2") or h.g("cops") or ""),
                     h.g("op") or "", *select]:
            if name and name not in ops:
                ops.append(name)
        for name in re.split(r"[,\s]+", h.g("cops") or ""):
            if name and name not in verdict:
                verdict.append(name)
    core = core_op_types(ctx)
    # the converter's own verdict first: its custom-op lines, then ops TensorFlow does not
    # register and those that call back into Python
    flagged = any(h.g("custom") for h in hits) and not any(
        h.g("flex") or h.g("flex2") or h.g("sops") for h in hits)
    custom = (verdict or (ops if flagged else [])
              or [op for op in ops if (core and op not in core) or op in _NEEDS_PYTHON])
    shown = ", ".join(ops[:6]) + (f" and {len(ops) - 6} more" if len(ops) > 6 else "")
    evidence = log_evidence(hits, limit=3)
    if custom:
        python = ("# tf.py_function / tf.numpy_function run Python, which no TensorFlow Lite "
                  "runtime has: write that step with TensorFlow ops before converting",)
        return [catalogue.make(
            "tflite-converter-op-needs-select-tf-ops", variant="custom-op",
            ops=", ".join(custom[:6]), evidence=evidence,
            fix=(*(python if _NEEDS_PYTHON & set(custom) else ()),
                 "# build the model without those ops (their TensorFlow equivalents, or ops "
                 "TensorFlow Lite has builtins for)",
                 "converter.allow_custom_ops = True   # or convert them as custom ops: the app "
                 "must then register a TensorFlow Lite kernel for each"))]
    web = tfjs_tflite_hit(ctx)
    select_line = TFJS_NO_SELECT if web is not None else _SELECT
    table = ctx.kb.platform_fact("tflite-builtin-operators")
    if select and (listed := _select_listed(ctx, select, hits, web, table.ref)) is not None:
        return [listed]
    # a mixed "TF Select ops:" list: the verdict is per op, and "no builtin" is said only of
    # the ops that have none (those with one could not be lowered in this form)
    kept = _with_builtin(ctx, select)
    if kept and len(kept) < len(ops):
        ops = [op for op in ops if op not in kept]
        shown = (", ".join(ops[:6]) + (f" and {len(ops) - 6} more" if len(ops) > 6 else "")
                 + f" ({', '.join(kept[:6])} {'has' if len(kept) == 1 else 'have'} a builtin"
                 ", not used for the form this model has)")
    builtin = _with_builtin(ctx, [h.g("op") or "" for h in hits])
    if builtin and len(builtin) == len(ops):
        return [catalogue.make(
            "tflite-converter-op-needs-select-tf-ops", variant="builtin-not-lowered",
            ops=", ".join(builtin[:6]), evidence=evidence, ref=table.ref,
            knowledge_ref=table.ref,
            fix=("python -c \"import tensorflow as tf; print(tf.__version__)\"   # the "
                 "converter's release: a later one lowers more forms of these ops",
                 "pip install --upgrade tensorflow   # then convert again",
                 "converter.experimental_new_converter = False   # the older TOCO converter: "
                 "the workaround of the TensorFlow 2.2-era releases whose new converter did "
                 "not lower these ops, where the installed release still honours it",
                 "# or let these ops run as TensorFlow's own, through Select TF ops:",
                 select_line))]
    fix = (select_line,
           "# or keep the model builtin-only: replace or drop those ops before converting "
           "(a training-only op such as random noise or dropout has no place in the "
           "inference graph)")
    if web is not None:
        return [catalogue.make(
            "tflite-converter-op-needs-select-tf-ops", variant="web-runtime",
            which=shown or "ops the log does not name", evidence=log_evidence(
                [web], hits, limit=4),
            fix=("# keep the model builtin-only: replace or drop those ops before converting "
                 "(static shapes, the dtypes TensorFlow Lite's builtins take)",
                 TFJS_NO_SELECT))]
    if not ops:
        return [catalogue.make("tflite-converter-op-needs-select-tf-ops", variant="unnamed",
                               evidence=evidence, fix=fix)]
    return [catalogue.make("tflite-converter-op-needs-select-tf-ops", ops=shown,
                           evidence=evidence, fix=fix)]


def _select_listed(ctx: Facts, select: list[str], hits: list[Hit], web: Hit | None,
                   ref: str) -> Finding | None:
    """Variant ``select-listed-builtin`` when every op of the converter's "TF Select ops:" list
    has a TensorFlow Lite builtin of the same name: the converter could not lower this form of
    them (the Details lines show a dimension unknown at conversion, "?", when that is the form;
    leondgarse/keras_cv_attention_models#74 and tensorflow/tensorflow#57550: a Conv2D on an
    unknown channel count, fixed by a static shape in the model), so Select TF ops is only a
    fallback, and none on tfjs-tflite (``_tfjs_tflite``). ``None`` otherwise."""
    same = _with_builtin(ctx, select)
    if not same or len(same) != len(select):
        return None
    details = [d for d in ctx.h("ctx.tflite_select_detail").all() if d.g("op") in same]
    dynamic = [d for d in details if "?" in (d.g("args") or "").split("->")[0]]
    wide = [d for d in details if _F64.search((d.g("args") or "").split("->")[0])]
    nchw = [d for d in details if _CHANNELS_FIRST.search(d.g("args") or "")]
    if nchw:
        d = nchw[0]
        shape = (f" The Details line (line {d.line}) shows {d.need('op')} with data_format "
                 "NCHW (channels first), which TensorFlow Lite's builtin convolutions do not "
                 "take: the converter lowers a convolution only in NHWC (channels last).")
        dynamic = wide = []
    elif dynamic:
        d = dynamic[0]
        shape = (f" The Details line (line {d.line}) shows {d.need('op')} with operands whose "
                 "dimensions are unknown at conversion (question marks in its operand types), a "
                 "form the builtin does not take here.")
    elif wide:
        d = wide[0]
        shape = (f" The Details line (line {d.line}) shows {d.need('op')} on float64 (f64) "
                 "operands, a dtype these builtins do not take: a float64 model keeps them as "
                 "TensorFlow ops.")
    else:
        shape = ""
    tail = (TFJS_NO_SELECT if web is not None else
            "# fallback only: " + _SELECT)
    return catalogue.make(
        "tflite-converter-op-needs-select-tf-ops", variant="select-listed-builtin",
        ops=", ".join(same[:6]), shape=shape, knowledge_ref=ref,
        ref=f"{ref}, {ctx.kb.platform_fact('tflite-tf-op-lowerings').ref}",
        evidence=log_evidence(hits, nchw[:1] or dynamic[:1] or wide[:1],
                              [web] if web is not None else [], limit=4),
        fix=(("# build the model channels-last before converting (data_format='channels_last' "
              "in its layers, or tf.keras.backend.set_image_data_format('channels_last'), "
              "inputs of (N, H, W, C)), or tf.transpose to NHWC before those ops: TensorFlow "
              "Lite's builtin convolutions take NHWC only"
              if nchw else
              "# build the model in float32 before converting (tf.keras.backend.set_floatx("
              "'float32'), or tf.cast the float64 inputs and weights to tf.float32)"
              if wide and not dynamic else
              "# give those ops static shapes before converting: a fixed Input(shape=...) in "
              "the model, tf.ensure_shape / tf.reshape to the known sizes before the layer, or "
              "a layer that builds the op from its static shape rather than tf.shape(x)"),
             "python -c \"import tensorflow as tf; print(tf.__version__)\"   # a later "
             "converter lowers more forms of these ops: upgrade and convert again",
             tail))


#: A channels-first attribute in a Details line ('data_format = "NCHW"'): the MLIR converter's
#: prepare_tf.cc ConvertTFConvOp lowers Conv2D / DepthwiseConv2dNative only when "The
#: 'data_format' attribute must exist and be of value "NHWC"" (tensorflow/tensorflow 002ddbb
#: tensorflow/compiler/mlir/lite/transforms/prepare_tf.cc); review 49b item 10.
_CHANNELS_FIRST = re.compile(r'data_format = "NC(?:D?HW)"')


#: A float64 operand in a Details line's MLIR types ("tensor<1x10xf64>", "tensor<f64>"): the
#: TensorFlow 2.21 converter keeps AddV2, Mul, RealDiv and Sigmoid on float64 as TF Select ops
#: (checked: a float64 tf.function of them gives "TF Select ops: AddV2, Mul, RealDiv, Sigmoid").
_F64 = re.compile(r"tensor<(?:[?\dx]{0,40}x)?f64>")


def _with_builtin(ctx: Facts, named: list[str]) -> list[str]:
    """The ops of ``named`` (the MLIR converter's "'tf.X' op is neither a custom op nor a flex
    op") that have a TensorFlow Lite builtin of the same name, case and underscores aside
    (platform fact ``tflite-builtin-operators``: ResizeNearestNeighbor is
    RESIZE_NEAREST_NEIGHBOR)."""
    names = {n.replace("_", "").lower()
             for n in ctx.kb.platform_fact("tflite-builtin-operators").items("names")}
    # and the ops the converter lowers to a builtin of another name (AddV2 to ADD, Sigmoid to
    # LOGISTIC: platform fact tflite-tf-op-lowerings, from legalize_patterns.td)
    names |= {r.split(" ", 1)[0].lower()
              for r in ctx.kb.platform_fact("tflite-tf-op-lowerings").items("lowerings")}
    out: list[str] = []
    for op in named:
        if op and op.lower() in names and op not in out:
            out.append(op)
    return out


def tflite_tensor_list_lowering(ctx: Facts) -> list[Finding]:
    """``tflite-converter-tensor-list-lowering-failed`` (pattern ``tflite.tensor_list``): the
    converter could not lower TensorList ops (a loop over a list: RNN layers, dynamic
    sequences) to builtins; its own message names the fix."""
    hits = ctx.h("tflite.tensor_list").all()
    if not hits:
        return []
    return [catalogue.make("tflite-converter-tensor-list-lowering-failed",
                           evidence=log_evidence(hits[:1]))]


__all__ = ["tflite_ops_without_builtin", "tflite_tensor_list_lowering"]
