"""TensorFlow Lite's GPU delegate run on another thread than the one that prepared it.

Sources: tensorflow/lite/delegates/gpu/gl_delegate.cc (the OpenGL ES delegate, kernel name
``TfLiteGlDelegate``/``TfLiteGpuDelegate``): ``Invoke`` compares the EGL context current at
invoke with the one created at initialisation and fails with "Delegate should run on the same
thread where it was initialized."; tensorflow/lite/delegates/gpu/delegate.cc (the V2 delegate,
``TfLiteGpuDelegateV2``): ``Invoke`` compares the thread id with the one ``Prepare`` ran on,
logs "GpuDelegate invoke thread != prepare thread" and, when the delegate enforces it, fails
with "GpuDelegate must run on the same thread where it was initialized.".  Both are reported
as "<kernel name> Invoke: <message>" then "Node number N (<kernel name>) failed to invoke.".
TensorFlow Lite's GPU delegate guide: "The GPU delegate must be created on the same thread
that runs it. Otherwise, you may see the following error, `TfLiteGpuDelegate Invoke:
GpuDelegate must run on the same thread where it was initialized.`"

Variant ``flutter`` (the log is a Flutter app's: ``E/flutter``, ``dart_isolate.cc``,
``package:tflite_flutter``; tensorflow/flutter-tflite#172, the same report as
am15h/tflite_flutter_plugin#184): the threads are Dart isolates.  tensorflow/flutter-tflite
lib/src/isolate_interpreter.dart (46c4925): ``IsolateInterpreter`` runs an interpreter made
elsewhere through ``Interpreter.fromAddress(address)`` inside its own spawned isolate, i.e. on
another thread than the one that applied the delegate; the Dart fix is to create the
Interpreter with its ``GpuDelegateV2`` inside the isolate that runs it, or keep GPU inference
on the root isolate (Flutter runs it on its UI thread), not Android executors.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def tflite_gpu_delegate_wrong_thread(ctx: Facts) -> list[Finding]:
    """``tflite-gpu-delegate-wrong-thread`` from ``tflite.gpu_wrong_thread`` (either
    delegate's wording), naming the delegate kernel when the line carries it."""
    flutter = ctx.h("ctx.flutter_host").first[:1]
    return from_log(ctx, "tflite.gpu_wrong_thread", lambda hits, first: catalogue.make(
        "tflite-gpu-delegate-wrong-thread", variant="flutter" if flutter else None,
        delegate=first.g("delegate") or "TensorFlow Lite's GPU delegate",
        evidence=log_evidence(hits, flutter, limit=3),
    ))


def tflite_gpu_opencl_not_loaded(ctx: Facts) -> list[Finding]:
    """``tflite-gpu-delegate-opencl-not-loaded`` from ``tflite.opencl_not_loaded``
    (opencl_wrapper.cc's "Can not open OpenCL library on this device - <dlerror>"); the
    OpenGL ES fallback's errors that follow are its consequence (the cause says so)."""
    def make(hits: Hits, first: Hit) -> Finding:
        why = (first.g("why") or "").strip() or (
            f"Windows error code {first.g('code')}" if first.g("code") else "no reason given")
        return catalogue.make("tflite-gpu-delegate-opencl-not-loaded", why=why[:160],
                              evidence=log_evidence(hits, limit=2))
    return from_log(ctx, "tflite.opencl_not_loaded", make)


__all__ = ["tflite_gpu_delegate_wrong_thread", "tflite_gpu_opencl_not_loaded"]
