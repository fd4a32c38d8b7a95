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
from tfgpu.diagnosis.checks.op_registry import core_op_types
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
    for h in hits:
        for name in [*re.split(r"[,\s]+", h.g("ops") or h.g("ops2") or h.g("cops") or ""),
                     h.g("op") or ""]:
            if name and name not in ops:
                ops.append(name)
        for name in re.split(r"[,\s]+", h.g("cops") or ""):
            if name and name not in verdict:
                verdict.append(name)
    core = core_op_types(ctx)
    # the converter's own verdict first: its custom-op lines, then ops TensorFlow does not
    # register and those that call back into Python
    flagged = any(h.g("custom") for h in hits) and not any(h.g("flex") for h in hits)
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
    builtin = _with_builtin(ctx, [h.g("op") or "" for h in hits])
    table = ctx.kb.platform_fact("tflite-builtin-operators")
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
                 _SELECT))]
    fix = (_SELECT,
           "# or keep the model builtin-only: replace or drop those ops before converting "
           "(a training-only op such as random noise or dropout has no place in the "
           "inference graph)")
    if not ops:
        return [catalogue.make("tflite-converter-op-needs-select-tf-ops", variant="unnamed",
                               evidence=evidence, fix=fix)]
    return [catalogue.make("tflite-converter-op-needs-select-tf-ops", ops=shown,
                           evidence=evidence, fix=fix)]


def _with_builtin(ctx: Facts, named: list[str]) -> list[str]:
    """The ops of ``named`` (the MLIR converter's "'tf.X' op is neither a custom op nor a flex
    op") that have a TensorFlow Lite builtin of the same name, case and underscores aside
    (platform fact ``tflite-builtin-operators``: ResizeNearestNeighbor is
    RESIZE_NEAREST_NEIGHBOR)."""
    names = {n.replace("_", "").lower()
             for n in ctx.kb.platform_fact("tflite-builtin-operators").items("names")}
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
