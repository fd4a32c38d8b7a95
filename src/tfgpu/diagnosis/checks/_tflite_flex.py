"""Which TensorFlow Lite interpreter failed on a model's Select TensorFlow (Flex) ops, and
whether TensorFlow's own ``tf.lite.Interpreter`` of that release could have run them
(``tflite-runtime-without-flex-delegate``; checks/tflite_versions.py calls it).

Sources (platform fact ``tflite-python-interpreter-flex``): TensorFlow Lite's guide "Select
TensorFlow operators" ("available in the TensorFlow pip package version since 2.3 for Linux
and 2.4 for other environments", quoted in tensorflow/tflite-support#237); TensorFlow 2.3's
interpreter_builder.cc takes the delegate from ``_pywrap_tensorflow_internal.so`` only off
Android, Apple and Windows; google-ai-edge/LiteRT#6458 (TF 2.20's tf.lite.Interpreter and
ai_edge_litert 2.1.3 fail where 2.16.2 and 2.18.1 ran); the wheels themselves, run on a Select
TF ops model (tensorflow 2.19.1 and tensorflow-cpu 2.18.1 run it; tensorflow 2.20.0, 2.21.0
and tensorflow-cpu 2.19.0/2.19.1 do not); the deprecation warning "Please use the LiteRT
interpreter from the ai_edge_litert package" of TensorFlow 2.18.1 and later (release notes
2.18.1, 2.19.0).  A traceback through ``tensorflow_core/`` is a 1.15-2.1 package (platform
fact ``tf-api-module-spelling-tensorflow-core``), through ``tensorflow/contrib/lite`` a 1.x
one.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

_FACT = "tflite-python-interpreter-flex"
_BUILTINS = ("# or convert again with builtin ops only (converter.target_spec.supported_ops = "
             "[tf.lite.OpsSet.TFLITE_BUILTINS]): the converter then names the ops to replace")


def _window(ctx: Facts) -> tuple[dict[str, str], str]:
    """The release window's values (platform fact) and its wording."""
    fact = ctx.kb.platform_fact(_FACT)
    v = {k: fact.value(k) for k in ("first_linux", "first_other", "last", "last_cpu",
                                    "last_python")}
    v["ref"] = fact.ref
    words = (f"{v['first_linux']}-{v['last']} on Linux, {v['first_other']}-{v['last']} on "
             f"macOS and Windows (tensorflow-cpu only to {v['last_cpu']})")
    return v, words


def window_words(ctx: Facts) -> str:
    """The release window in words, for the row's own cause."""
    return _window(ctx)[1]


def _interpreter(ctx: Facts, err: Hit) -> tuple[Hit | None, Hit | None]:
    """The interpreter file nearest above the error (a traceback frame or a warning's path:
    pattern ``ctx.tflite_interpreter``), else the nearest anywhere; and the 2.18.1+
    deprecation warning's line, if any."""
    hits = ctx.h("ctx.tflite_interpreter").all()
    files = [h for h in hits if h.g("pkg") or h.g("tf")]
    warn = next((h for h in hits if h.g("warn")), None)
    above = [h for h in files if h.line <= err.line]
    near = above[-1] if above else (files[0] if files else None)
    return near, warn


def _pin(ctx: Facts, v: dict[str, str], why: str) -> str:
    """The pip line that installs the last tensorflow package with Flex, with the Python it
    needs when the log shows a newer one."""
    line = (f'python -m pip install "tensorflow=={v["last"]}.*"   # {why}: the tensorflow '
            f"package itself (the CPU-only package of {v['last']} has no Flex delegate: "
            f"uninstall it first); wheels for Python up to {v['last_python']}")
    return line + _newer_python(ctx, v)


def tf_interpreter_finding(ctx: Facts, err: Hit, hits: list[Hit]) -> Finding | None:
    """The finding when the interpreter that failed is TensorFlow's own (its
    ``lite/python/interpreter.py`` in the log); ``None`` for another interpreter (or none
    named), whose fix :func:`other_interpreter_fix` writes."""
    near, warn = _interpreter(ctx, err)
    if near is None or not near.g("tf"):
        return None
    v, window = _window(ctx)
    shown = ("tensorflow/contrib/lite/python/interpreter.py" if near.g("contrib")
             else f"{near.need('tf')}/lite/python/interpreter.py")
    how = f"line {near.line}: {shown}"
    ev = log_evidence([near], [warn] if warn else [], hits, limit=4)
    os = ctx.os
    first_here = (v["first_other"] if os in ("macos", "windows") else v["first_linux"]
                  if os == "linux" else f"{v['first_linux']} on Linux, {v['first_other']} "
                  "on macOS and Windows")
    floor = tf_minor(v["first_other"] if os in ("macos", "windows") else v["first_linux"])
    mm = ctx.tf_mm
    release = ("1.x" if near.g("contrib") else _core_span(ctx)
               if near.g("tf") == "tensorflow_core"
               else ctx.tf_version if mm is not None and floor is not None and mm < floor
               else None)
    if release is not None:
        return catalogue.make(
            "tflite-runtime-without-flex-delegate", variant="tf-before-flex", release=release,
            first=first_here, how=how, window=window, knowledge_ref=v["ref"], evidence=ev,
            fix=(f'python -m pip install -U "tensorflow>={v["first_other"]},<'
                 f'{_after(v["last"])}"   # a TensorFlow whose tf.lite.Interpreter links the '
                 f"Flex delegate (the tensorflow package {window}), then run the model with "
                 "its tf.lite.Interpreter",
                 _BUILTINS))
    last = tf_minor(v["last"])
    version = ctx.tf_version
    if version is not None and mm is not None and last is not None and mm > last:
        return catalogue.make(
            "tflite-runtime-without-flex-delegate", variant="tf-after-flex", version=version,
            last=v["last"], how=how, window=window, knowledge_ref=v["ref"], evidence=ev,
            fix=(_pin(ctx, v, f"the last release whose tf.lite.Interpreter runs Select TF "
                              f"ops; {version}'s has no Flex delegate"),
                 _BUILTINS,
                 "# LiteRT's ai-edge-litert interpreter has no Flex delegate either "
                 "(google-ai-edge/LiteRT#6458)"))
    if warn is not None and mm is None:
        return catalogue.make(
            "tflite-runtime-without-flex-delegate", variant="tf-deprecated", last=v["last"],
            how=how, window=window, knowledge_ref=v["ref"], evidence=ev,
            fix=(_pin(ctx, v, "the last release whose tf.lite.Interpreter runs Select TF "
                              "ops"),
                 _BUILTINS,
                 pip_list_grep("tensorflow", windows=ctx.windows)
                 + "   # which TensorFlow ran it: tensorflow-cpu, or a release after "
                 + v["last"]))
    return catalogue.make(
        "tflite-runtime-without-flex-delegate", variant="tf-interpreter", how=how,
        window=window, last=v["last"], knowledge_ref=v["ref"], evidence=ev,
        fix=(pip_list_grep("tensorflow", windows=ctx.windows)
             + f"   # which TensorFlow ran it: only the tensorflow package {window} has "
             "the Flex delegate",
             _pin(ctx, v, "the last release whose tf.lite.Interpreter runs Select TF ops"),
             _BUILTINS))


def _core_span(ctx: Facts) -> str:
    """The releases whose pip packages keep their code in tensorflow_core ("1.15-2.1")."""
    core = ctx.kb.platform_fact("tf-api-module-spelling-tensorflow-core")
    return f"{core.value('releases_from')}-{core.value('releases_until')}"


def _after(last: str) -> str:
    """The release after ``last`` ("2.19" -> "2.20")."""
    major, _, minor = last.partition(".")
    return f"{major}.{int(minor) + 1}"


def other_interpreter_fix(ctx: Facts) -> tuple[str, ...]:
    """The fix lines when the failing interpreter is not TensorFlow's own (tflite-runtime,
    ai-edge-litert, a mobile app, or none named)."""
    v, window = _window(ctx)
    return (f"# run it with TensorFlow's own interpreter (tf.lite.Interpreter of the tensorflow "
            f"package {window}: later releases have none), which links the Flex "
            "delegate; Android: add the org.tensorflow:tensorflow-lite-select-tf-ops "
            "dependency; iOS: TensorFlowLiteSelectTfOps",
            _BUILTINS,
            f'python -m pip install "tensorflow>={v["first_other"]},<{_after(v["last"])}"   '
            "# that TensorFlow, where it installs (tflite-runtime and LiteRT's ai-edge-litert "
            f"have no Flex delegate); wheels for Python up to {v['last_python']}"
            + _newer_python(ctx, v))


def _newer_python(ctx: Facts, v: dict[str, str]) -> str:
    """" (this Python is 3.13, line 5: make a Python 3.12 environment for it)" when the log
    shows a Python newer than the last one the Flex window's releases have wheels for."""
    py = ctx.fix_python
    lp = tf_minor(v["last_python"])
    if py is not None and lp is not None and (mm := tf_minor(py[0])) is not None and mm > lp:
        return (f" (this Python is {py[0]}, {py[1]}: make a Python {v['last_python']} "
                "environment for it)")
    return ""


__all__ = ["other_interpreter_fix", "tf_interpreter_finding", "window_words"]
