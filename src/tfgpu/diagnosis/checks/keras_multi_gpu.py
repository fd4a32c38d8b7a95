"""Keras 2's ``multi_gpu_model`` and its device checks, and Keras 2's device-scope helper
under a TensorFlow that changed the private API it implements.

Sources (keras-team/keras at its tags; tf.keras's copy in tensorflow/python/keras/utils/
multi_gpu_utils.py has the same checks and texts):

* ``keras/utils/training_utils.py`` (master from 2017-10-11, releases 2.0.9-2.1.5) and
  ``keras/utils/multi_gpu_utils.py`` (2.1.6-2.3.1): ``multi_gpu_model(model, gpus)`` needs
  ``['/cpu:0', '/gpu:0', ..., '/gpu:<gpus-1>']`` among the devices it reads from TensorFlow and
  otherwise raises "To call `multi_gpu_model` with `gpus=N`, we expect the following devices
  to be available: [...]. However this machine only has: [...]. Try reducing `gpus`."  It
  reads the devices with ``device_lib.list_local_devices()`` / ``session.list_devices()``
  (Keras 2.3: the backend's ``_get_available_gpus()`` plus ``'/cpu:0'``) and, from 2.0.9,
  shortens each name (``_normalize_device_name``: ``/job:localhost/replica:0/task:0/device:
  GPU:0`` -> ``/gpu:0``).  With ``gpus`` < 2 it raises "For multi-gpu usage to be effective,
  call `multi_gpu_model` with `gpus >= 2`" (``len(gpus) >= 2`` for a list); from 2.1.4
  ("Allowing auto GPU selection for multi_gpu_model", keras-team/keras#9226) a call without
  ``gpus`` counts the GPUs TensorFlow lists.
* That count, in Keras 2.1.4-2.2.4, takes every listed name containing ``gpu``
  (``len([x for x in available_devices if 'gpu' in x])``), so a TensorFlow built with XLA,
  which also lists an ``XLA_GPU`` device per GPU (``/xla_gpu:0``), makes it ask for more GPUs
  than there are and then fail its own device check; "Ignore `xla_gpu` which is specially
  reserved by TF" (keras-team/keras#12928, commit cd3f27b5, released in 2.2.5) counts only
  ``'/gpu:'`` names.
  Only that inference counts XLA_GPU devices (``if not gpus:``): a call that passed
  ``gpus`` (``multi_gpu_model(model, gpus=2)``, or positionally ``multi_gpu_model(model,
  2)``: the signature is ``multi_gpu_model(model, gpus=None, cpu_merge=True,
  cpu_relocation=False)``) asked for that many GPUs itself, and the message reads the same
  for both when ``gpus`` equals the GPUs plus the XLA_GPU devices: the call line a traceback
  quotes tells them apart.
* Two Keras faults print the device message although TensorFlow lists every GPU:
  the master branch of October 2017 (before "Normalize device names in multi_gpu_model",
  keras-team/keras#8240, released in 2.0.9) compared the short names with TensorFlow 1.4's
  long ones ('/device:GPU:0'; keras-team/keras#8213); the master branch between "TF-2: Remove
  get_session() call in multi_gpu_utils.py" (#12465, 2019-03-13) and "Add back CPU to
  multi_gpu_utils available devices" (commit 88ca804d, 2019-09-10, released in 2.3.0) listed
  the GPUs without '/cpu:0' (keras-team/keras#13302).
* ``keras/backend/tensorflow_backend.py`` ``_TfDeviceCaptureOp``: Keras captures the current
  ``tf.device`` scope by passing this stand-in op to the graph's private
  ``_apply_device_functions``.  Up to 2.2.5 it implements only ``_set_device``; TensorFlow
  1.14 calls ``_set_device_from_string`` on it, so Keras older than 2.3.0 fails there
  ("'_TfDeviceCaptureOp' object has no attribute '_set_device_from_string'",
  tensorflow/tensorflow#30728, often inside multi_gpu_model).  Keras 2.3.0 added the method
  ("sync changes to _TfDeviceCaptureOp", keras-team/keras#13255).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.library_majors import _gpu_build
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding

#: A quoted device name in Keras's printed list.
_QUOTED = re.compile(r"'([^']{1,200})'")


def _normalize(name: str) -> str:
    """Keras's ``_normalize_device_name``: ``/job:x/replica:0/task:0/device:GPU:1`` and
    ``/device:GPU:1`` -> ``/gpu:1``; a short name stays as it is."""
    return "/" + ":".join(name.lower().replace("/", "").split(":")[-2:])


def _gpus(names: list[str]) -> list[str]:
    return [n for n in names if re.fullmatch(r"/gpu:\d+", n)]


def _xla_gpu_counted(gpus: str, have: list[str]) -> bool:
    """Whether ``gpus`` is the count Keras 2.1.4-2.2.4 infers when ``gpus`` is not passed
    (every listed name containing ``gpu``) and that count took in TensorFlow's XLA_GPU
    devices: the listed names hold a ``/xla_gpu:N``, and ``gpus`` equals the real GPUs plus
    them."""
    xla = [n for n in have if n.startswith("/xla_gpu:")]
    return bool(xla) and gpus.isdigit() and int(gpus) == len([n for n in have if "gpu" in n])


#: A literal that leaves Keras's ``if not gpus:`` inference to run (``gpus=None``, ``0``).
_FALSY = frozenset({"None", "0", "False"})


def _call_args(text: str) -> list[str] | None:
    """The top-level arguments of a call whose text after ``(`` is ``text`` (``"model,
    gpus=2)"`` -> ``["model", "gpus=2"]``), or ``None`` when the call does not close on the
    line (a call split over lines, a cut paste): brackets and quotes nest, a comma inside
    them splits nothing."""
    args: list[str] = []
    depth, quote, cur = 0, "", []
    for ch in text:
        if quote:
            cur.append(ch)
            if ch == quote:
                quote = ""
            continue
        if ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                last = "".join(cur).strip()
                return [*args, last] if last or args else args
            depth -= 1
        elif ch == "," and depth == 0:
            args.append("".join(cur).strip())
            cur = []
            continue
        cur.append(ch)
    return None


def _quoted_calls(ctx: Facts, before: int) -> list[Hit]:
    """The ``multi_gpu_model(...)`` call lines the log quotes up to line ``before`` (pattern
    ``keras.multi_gpu_model`` with its ``args`` group), in log order."""
    return [h for h in ctx.h("keras.multi_gpu_model").all()
            if h.g("args") is not None and (h.line or 0) <= before]


def _gpus_passed(ctx: Facts, before: int) -> bool | None:
    """Whether the ``multi_gpu_model(...)`` call the log quotes last before line ``before``
    (pattern ``keras.multi_gpu_model``, group ``args``: a traceback's source line) passed
    ``gpus``: ``True`` for a value (``gpus=2``, a second positional argument), ``False`` for
    none or a literal that leaves Keras's inference to run (``gpus=None``, ``0``), ``None``
    when the log does not tell (no call line, a call split over lines, ``*args`` /
    ``**kwargs``, an expression such as ``gpus=args.gpus`` that may be ``None``)."""
    calls = _quoted_calls(ctx, before)
    if not calls:
        return None
    args = _call_args(calls[-1].g("args") or "")
    if args is None or any(a.startswith("*") for a in args):
        return None
    named = [a.split("=", 1)[1].strip() for a in args
             if re.match(r"gpus\s*=(?!=)", a)]
    positional = [a for a in args if a and not re.match(r"\w+\s*=(?!=)", a)]
    value = named[0] if named else positional[1] if len(positional) > 1 else None
    if value is None or value in _FALSY:
        return False
    return True if re.fullmatch(r"\d+|\[[\d\s,]*\]", value) else None


def _xla_gpu_only(ctx: Facts, gpus: str, listed: str, ev: tuple[Evidence, ...]) -> Finding:
    """Variant ``xla-gpu-only``: XLA_GPU devices listed and no GPU device. TensorFlow up to
    2.3 registered an XLA_GPU device per GPU it found (2.4 stopped by default: r2.4
    RELEASE.md, "XLA:CPU and XLA:GPU devices are no longer registered by default"), and
    created its own GPU device only when its CUDA/cuDNN libraries loaded (tensorflow#30748,
    #32851: "If TF detected a /device:GPU:0 then you're good to go"). When the log names a
    CUDA and the TensorFlow release (a version line, or a package named with it:
    ``tensorflow2.0-gpu-beta1``), the CUDA that release was built for
    (:func:`library_majors._gpu_build`: tf_tested_configs, platform fact
    ``tf1-gpu-build-cuda``) is set beside it."""
    named = ctx.h("ctx.tf_gpu_named").first
    tf = ctx.tf_version or (named[0].g("v") or named[0].g("v2") if named else None)
    build = _gpu_build(ctx, tf, "windows" if ctx.windows else "linux") if tf else None
    cudas = ctx.log_cuda_versions
    if build is not None and cudas and all(
            c.split(".")[:2] != build.cuda.split(".")[:2] for c in cudas):
        return catalogue.make(
            "keras-multi-gpu-model-devices", variant="xla-gpu-only-cuda", gpus=gpus,
            listed=listed, tf=tf, want=build.cuda, have=", ".join(cudas),
            ref=build.cuda_ref, knowledge_ref=build.cuda_ref, evidence=ev)
    return catalogue.make("keras-multi-gpu-model-devices", variant="xla-gpu-only", gpus=gpus,
                          listed=listed, evidence=ev)


def multi_gpu_model_devices(ctx: Facts) -> list[Finding]:
    """``keras-multi-gpu-model-devices`` from multi_gpu_model's device check: variant
    ``device-names`` (the listed devices hold every one it needs, in TensorFlow 1.4's long
    names: a Keras from before 2.0.9), ``cpu-not-listed`` (every GPU listed, '/cpu:0' not:
    a Keras master of 2019 before 2.3.0), ``xla-gpu-counted`` (``gpus`` is the real GPUs
    plus the XLA_GPU devices listed, and the call the log quotes passed no ``gpus``: Keras
    2.1.4-2.2.4 inferred it), ``xla-gpu-counted-unsure`` (the same count, and the log shows
    no call line that tells whether ``gpus`` was passed: a hedge naming both readings),
    ``xla-gpu-only`` / ``xla-gpu-only-cuda`` (only XLA_GPU devices: the GPU was found and
    its libraries did not load; the second when the log's CUDA is not the one its TensorFlow
    was built for), ``no-gpu`` (TensorFlow lists no GPU), else the row (TensorFlow lists
    fewer GPUs than ``gpus`` asks for; so too when the call passed that count itself).
    ``too-few`` from the ``gpus >= 2`` check.

    Args:
        ctx: the facts view.

    Returns:
        One finding, or none.
    """
    hits = ctx.h("keras.multi_gpu_devices").all()
    if hits:
        h = hits[0]
        want = _QUOTED.findall(h.g("want") or "")
        have_raw = _QUOTED.findall(h.g("have") or "")
        have = [_normalize(n) for n in have_raw]
        gpus = (h.g("gpus") or "?").strip()
        listed = ", ".join(have_raw) or "no device"
        need_gpus, count = _gpus(want), len(_gpus(have))
        ev = log_evidence(hits[:1])
        if any("device:" in n.lower() for n in have_raw) and set(want) <= set(have):
            return [catalogue.make("keras-multi-gpu-model-devices", variant="device-names",
                                   gpus=gpus, evidence=ev)]
        if need_gpus and set(need_gpus) <= set(have) and "/cpu:0" not in have:
            return [catalogue.make("keras-multi-gpu-model-devices", variant="cpu-not-listed",
                                   gpus=gpus, count=count, evidence=ev)]
        passed = _gpus_passed(ctx, h.line or 0)
        if count and passed is not True and _xla_gpu_counted(gpus, have):
            xla = len([n for n in have if n.startswith("/xla_gpu:")])
            calls = _quoted_calls(ctx, h.line or 0)
            return [catalogue.make(
                "keras-multi-gpu-model-devices",
                variant="xla-gpu-counted" if passed is False else "xla-gpu-counted-unsure",
                gpus=gpus, count=count, xla=xla, listed=listed,
                evidence=log_evidence(calls[-1:], hits[:1]))]
        if not count and any(n.startswith("/xla_gpu:") for n in have):
            return [_xla_gpu_only(ctx, gpus, listed, ev)]
        if not count:
            return [catalogue.make("keras-multi-gpu-model-devices", variant="no-gpu",
                                   gpus=gpus, listed=listed, evidence=ev)]
        return [catalogue.make("keras-multi-gpu-model-devices", gpus=gpus, count=count,
                               listed=listed, evidence=ev)]
    few = ctx.h("keras.multi_gpu_too_few").all()
    if few:
        return [catalogue.make("keras-multi-gpu-model-devices", variant="too-few",
                               gpus=(few[0].g("gpus") or "?").strip(),
                               evidence=log_evidence(few[:1]))]
    return []


def keras_device_capture_api(ctx: Facts) -> list[Finding]:
    """``keras-version-mismatch-tensorflow`` (variant ``device-capture``): standalone Keras
    older than 2.3.0 under TensorFlow 1.14 or later, whose graph calls
    ``_set_device_from_string`` on Keras's ``_TfDeviceCaptureOp``."""
    hits = ctx.h("keras.device_capture_api").all()
    if not hits:
        return []
    return [catalogue.make("keras-version-mismatch-tensorflow", variant="device-capture",
                           attr=hits[0].g("attr") or "_set_device_from_string",
                           evidence=log_evidence(hits[:1]))]
