"""Eager execution's "Tensors on conflicting devices: cannot compute <op> as input #<n> was
expected to be on <want> but is actually on <have> (operation running on <on>)":
``tensors-on-conflicting-devices``, read by which device the message names where, and by the
release its wording dates.

Sources:

* TensorFlow 1.x contrib eager, ``tensorflow/c/eager/c_api.cc`` (the wording "Tensors can be
  copied explicitly using .gpu() or .cpu(), or transparently copied by using
  tfe.enable_eager_execution(tfe.DEVICE_PLACEMENT_SILENT)"): ``expected_device =
  memtypes[i] == tensorflow::HOST_MEMORY ? host_device : op_device``.  So an expected device
  other than the one the op runs on is the host CPU, for an input the op's kernel takes in host
  memory (``REGISTER_KERNEL_BUILDER(Name("SplitV").Device(DEVICE_GPU)...
  .HostMemory("size_splits").HostMemory("split_dim"))``, core/kernels/split_v_op.cc): sizes,
  shapes, axes.  TensorFlow 2.x (``core/common_runtime/eager/execute.cc`` at
  tensorflow/tensorflow@00b9ea941eed50d2219a1b4ad4a16fe8530d3ef8) reads it as
  ``kernel->InputDevice(i)``, the same for a primitive op (a function's arguments may be
  expected elsewhere: that case is left unexplained).
* The error is raised only under the EXPLICIT policy, or SILENT_FOR_INT32 for a tensor that
  is not int32 (the same switch, both files).  TensorFlow 2.x's default is SILENT
  (``immediate_execution_context.h``: "This is the default policy"), so there the error means
  a stricter policy was set.  TensorFlow 1.x eager's default was not: ``c_api_internal.h``'s
  ``TFE_ContextOptions`` default was ``TFE_DEVICE_PLACEMENT_EXPLICIT`` in the first contrib
  eager releases, then ``TFE_DEVICE_PLACEMENT_SILENT_FOR_INT32`` (context.py's docstring:
  "Defaults to tf.contrib.eager.DEVICE_PLACEMENT_SILENT_FOR_INT32"), before SILENT.
  ``tf.config.experimental.set_device_policy`` does not exist there; the policy is
  ``enable_eager_execution``'s keyword ``device_policy`` (its first positional argument is
  ``config``: tensorflow/tensorflow#14739).
* Threads: tensorflow/tensorflow#14144 (SplitV's size_splits made by NumPy as int64 and
  placed on the GPU; the maintainer's fix: int32 or a Python list), #18477 (TF 1.7: a Cast
  named ToInt32 inside tf.gather's gradient, TensorFlow's own code).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The local job's device prefix, which the title leaves out ("/job:localhost/replica:0/
#: task:0/device:GPU:0" -> "GPU:0").
_LOCAL = ("/job:localhost/replica:0/task:0/device:", "/job:localhost/replica:0/task:0/")


def _short(dev: str) -> str:
    """A local device's type and index (``GPU:0``); another job's name unchanged."""
    for prefix in _LOCAL:
        if dev.startswith(prefix):
            return dev[len(prefix):]
    return dev


def _kind(dev: str) -> str:
    """The device type of a device name (``"GPU"``), upper-case; ``""`` when not shown."""
    tail = dev.rsplit("/", 1)[-1]
    tail = tail.removeprefix("device:")
    return tail.split(":", 1)[0].upper() if ":" in tail else ""


def tensors_on_conflicting_devices(ctx: Facts) -> list[Finding]:
    """``tensors-on-conflicting-devices``: the input is on another device than the op's kernel
    expects and the device policy did not copy it.  Variants: ``host-memory`` (the expected
    device is the host CPU while the op runs on another device: an input the kernel takes in
    host memory), ``other-device`` (expected neither where the op runs nor on the CPU: not
    explained), ``tf1-eager`` (TensorFlow 1.x eager's wording, whose default policy did not
    copy); the row itself: TensorFlow 2.x, whose default copies, so a stricter policy."""
    hits = ctx.h("placer.conflicting_devices").all()
    if not hits:
        return []
    h = hits[0]
    op, n = h.g("op") or "an op", h.g("n") or "?"
    want, have, on = h.g("want") or "?", h.g("have") or "?", h.g("on")
    hint = ctx.h("ctx.tf1_eager_policy_hint").all()
    tfe = any(x.g("tfe") for x in hint)
    ev = log_evidence(hits[:2])
    policy = _tf1_policy_line(tfe) if hint else (
        "tf.config.experimental.set_device_policy('silent')   # or let TensorFlow copy it")
    if on and on != want and _kind(want) == "CPU" and _kind(on) not in ("", "CPU"):
        return [catalogue.make(
            "tensors-on-conflicting-devices", variant="host-memory", op=op, n=n,
            on=_short(on), have=_short(have), evidence=ev,
            fix=("# pass that argument as a Python list or an int32 tensor, e.g. "
                 "tf.split(x, [2, 3]) or tf.constant(sizes, dtype=tf.int32): NumPy integers "
                 "are int64, which a GPU device scope places on the GPU "
                 "(tensorflow/tensorflow#14144)",
                 "# or make it on the CPU: with tf.device('/cpu:0'): sizes = tf.constant(...)"
                 "   # not tf.identity under the GPU scope, which keeps it on the GPU",
                 f"{policy.split('   #')[0]}   # or let TensorFlow copy it to the host"),
        )]
    if on and on != want:
        return [catalogue.make(
            "tensors-on-conflicting-devices", variant="other-device", op=op, n=n,
            on=_short(on), want=_short(want), have=_short(have), evidence=ev,
            fix=(policy,
                 "# or make the input on the device the message expects: with "
                 "tf.device(<that device>): x = tf.identity(x)"),
        )]
    if hint:
        return [catalogue.make(
            "tensors-on-conflicting-devices", variant="tf1-eager", op=op, n=n,
            want=_short(want), have=_short(have), evidence=ev,
            wording=("tfe.enable_eager_execution" if tfe else "tf.enable_eager_execution"),
            default=_TF1_DEFAULT[tfe],
            fix=(policy,
                 "# or move your own tensor first: x.gpu() / x.cpu() (TensorFlow 1.x eager "
                 "tensors), or make it under the op's device scope",
                 "# an op your code does not call (in a gradient function, e.g. a Cast named "
                 "ToInt32 in tf.gather's gradient: tensorflow/tensorflow#18477) is TensorFlow's "
                 "own: set the policy above, or upgrade TensorFlow (2.x copies by default)"),
        )]
    return [catalogue.make(
        "tensors-on-conflicting-devices", op=op, n=n, want=_short(want), have=_short(have),
        evidence=ev,
    )]


#: What the default device policy was in the releases of each TensorFlow 1.x wording: contrib
#: eager's ``tfe`` one (c_api.cc; c_api_internal.h's default EXPLICIT, then SILENT_FOR_INT32)
#: and the later ``tf.enable_eager_execution(device_policy=...)`` one (eager/execute.cc), whose
#: releases moved the default on to SILENT.
_TF1_DEFAULT = {
    True: ("In the contrib-eager releases that print this wording the default device policy "
           "did not copy tensors between devices (explicit at first, then silent_for_int32, "
           "which copies int32 tensors only), so this error comes without any policy having "
           "been set."),
    False: ("Eager's default device policy was explicit at first, then silent_for_int32 (int32 "
            "tensors only), and silent only in later releases: so this error may come with no "
            "policy set, or from device_policy=DEVICE_PLACEMENT_EXPLICIT (or SILENT_FOR_INT32) "
            "in the program."),
}


def _tf1_policy_line(tfe: bool) -> str:
    """The TensorFlow 1.x eager call that makes the policy silent, for the message's wording:
    contrib eager's ``tfe`` module (``tfe`` true) or ``tf.enable_eager_execution``; always
    the keyword argument (the first positional one is ``config``)."""
    if tfe:
        return ("tfe.enable_eager_execution(device_policy=tfe.DEVICE_PLACEMENT_SILENT)   # at "
                "program start (the keyword: a positional argument is taken as config, "
                "tensorflow/tensorflow#14739)")
    return ("tf.enable_eager_execution(device_policy=tf.contrib.eager.DEVICE_PLACEMENT_SILENT)"
            "   # at program start (the keyword: a positional argument is taken as config)")
