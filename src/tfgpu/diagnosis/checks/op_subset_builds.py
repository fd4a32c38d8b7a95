"""The placer's "No OpKernel was registered to support Op '<op>' ... Registered kernels: <no
registered kernels>" for one of TensorFlow's own ops, in a build that leaves kernels out:
``op-kernel-not-in-this-build`` variants ``mobile-build`` (the log is an Android or iOS app's)
and ``reduced-build`` (no mobile line, no pip TensorFlow in sight: a hedge).

Sources:

* TensorFlow Mobile's "Preparing models for mobile deployment" (tensorflow/tensorflow@
  0f4829a13fc9669ac67c4fc69668f67a24e9692d tensorflow/docs_src/mobile/prepare_models.md,
  "What ops should you include on mobile?"): "by default only a subset of ops and data types
  are included", so a desktop model gives "No OpKernel was registered to support Op" on
  mobile; strip training-only nodes first (the error occurs at load time even for an op
  never run); add the kernel's .cc file (found with ``grep 'REGISTER.*"Mul"'
  tensorflow/core/kernels/*.cc``) to ``android_extended_ops_group1``/``2`` (Bazel, Android)
  or to ``tensorflow/contrib/makefile/tf_op_files.txt`` (the makefile: iOS, Raspberry Pi).
* Selective registration (core/framework/selective_registration.h: ``-DSELECTIVE_REGISTRATION``
  with an ``ops_to_register.h`` that python/tools/print_selective_registration_header.py
  writes from the graphs): only the listed ops' kernels are registered.
* Threads: tensorflow/tensorflow#11296 (an Android app, r1.2's inference library: LessEqual
  with no kernel), JieHe96/iOS_Tensorflow_ObjectDetection_Example#8 (an iOS makefile build
  without the All kernel).
* TensorFlow's own ops: platform fact ``tf-core-op-types``; the ops its full GPU build
  registers kernels for: ``tf-gpu-kernel-dtypes`` (a full build has a kernel for them).
  TensorFlow Mobile's builds were tf.contrib's (contrib/android, contrib/makefile), which
  TensorFlow 2.0 removed (platform fact ``tf-contrib-span``); TensorFlow Lite replaced them.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.gpu_kernels import gpu_placeable_ops
from tfgpu.diagnosis.checks.op_kernel_gpu_build import gpu_build_only_ops
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding

#: Words of a ``ctx.op_subset_build`` / ``ctx.mobile_tf`` line that name a mobile build, and
#: the platform each shows.
_MOBILE_WORDS = (("iOS", "iOS"), ("build_all_ios", "iOS"), ("Android", "Android"),
                 ("TensorFlowInferenceInterface", "Android"),
                 ("libtensorflow_inference", "Android"), ("AndroidRuntime", "Android"),
                 ("contrib/makefile", "contrib/makefile"),
                 ("libtensorflow-core", "contrib/makefile"),
                 ("libtensorflow_core", "contrib/makefile"))


def mobile_build(ctx: Facts) -> str | None:
    """``"Android"``, ``"iOS"`` or ``"contrib/makefile"`` when the log is a mobile build's
    (pattern ``ctx.mobile_app``: a logcat line, Android's packages, the iOS build scripts and
    framework, Xcode; ``ctx.mobile_tf``'s TF Mobile names, not the desktop Java bindings'
    ``org.tensorflow.``; ``ctx.op_subset_build``'s Android/iOS/makefile words, not a C++
    ``tensorflow_cc`` or a JNI library); ``None`` otherwise."""
    for h in ctx.h("ctx.mobile_app").all():
        return "iOS" if h.g("ios") else "Android"
    for name in ("ctx.mobile_tf", "ctx.op_subset_build"):
        for h in ctx.h(name).all():
            shown = next((p for w, p in _MOBILE_WORDS if w in h.text), None)
            if shown is not None:
                return shown
    return None


def subset_build_reading(ctx: Facts, op: str, devs: list[str],
                         ev: tuple[Evidence, ...]) -> Finding | None:
    """``op-kernel-not-in-this-build`` variant ``mobile-build`` for an empty kernel list of
    one of TensorFlow's own ops in a mobile app's log (:func:`mobile_build`), or variant
    ``reduced-build`` when the op is one a full build registers kernels for and no pip
    TensorFlow is in sight; ``None`` otherwise (the row's own reading)."""
    from tfgpu.diagnosis.checks.op_registry import _python_tensorflow, core_op_types

    if (op not in core_op_types(ctx) or _python_tensorflow(ctx)
            or op.startswith(gpu_build_only_ops(ctx))):
        return None  # (an op only GPU builds have kernels for: the GPU readings')
    build = mobile_build(ctx)
    devices = ", ".join(devs) or "none listed"
    if build is not None:
        return catalogue.make(
            "op-kernel-not-in-this-build", variant="mobile-build", op=op, devs=devices,
            build=build, evidence=ev, fix=_mobile_fix(op, build))
    if op not in gpu_placeable_ops(ctx):
        return None  # an op a full build may also lack kernels for (TPU, plugin ops)
    return catalogue.make(
        "op-kernel-not-in-this-build", variant="reduced-build", op=op, devs=devices,
        evidence=ev,
        fix=(f"# {op} is one of TensorFlow's own ops and full builds register kernels for it: "
             "find which build this program links (a mobile app's library, a static or "
             "selective-registration build)",
             *_mobile_fix(op, "")[:3],
             "# a C++ program linking a static TensorFlow library: link it whole "
             "(-Wl,--whole-archive ... -Wl,--no-whole-archive; -force_load on Apple) so that "
             "the kernels' registrations are kept"))


def _mobile_fix(op: str, build: str) -> tuple[str, ...]:
    """The fix lines of a mobile build lacking ``op``'s kernel: the files to add, in the
    order of ``build`` (``"iOS"``, ``"contrib/makefile"``: the makefile first)."""
    find = (f"grep -l 'REGISTER.*\"{op}\"' tensorflow/core/kernels/*.cc   # in the TensorFlow "
            f"source the app's library was built from: the files of {op}'s kernels")
    bazel = ("# Android (Bazel): add those files to android_extended_ops_group1 or _group2 in "
             "tensorflow/core/kernels/BUILD, or build with selective registration "
             "(print_selective_registration_header --graphs=<model>.pb > ops_to_register.h, "
             "--copt=-DSELECTIVE_REGISTRATION), then rebuild libtensorflow_inference.so")
    make = ("# iOS and other makefile builds: add them to "
            "tensorflow/contrib/makefile/tf_op_files.txt, then rebuild (build_all_ios.sh)")
    tail = ("# strip training-only nodes first (the Graph Transform Tool's strip_unused_nodes):"
            " the mobile library fails on every op in the graph, run or not",
            "# or convert the model to TensorFlow Lite (TensorFlow Mobile's builds left with "
            "tf.contrib in TensorFlow 2.0), with Select TF ops for ops TFLite lacks")
    order = (make, bazel) if build in ("iOS", "contrib/makefile") else (bazel, make)
    return (find, *order, *tail)
