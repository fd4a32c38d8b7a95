"""TensorFlow 2.21's own user-facing messages about devices that no other check reads
(tf-sweep): tf.config calls TensorFlow rejects, an op pinned to a device that cannot run it,
a colocation conflict, and a function XLA cannot compile.

Sources (the tensorflow 2.21.0 wheel; rows in ``knowledge/data/messages_tf_python.toml``):

* ``tensorflow/python/eager/context.py``: ``set_logical_device_configuration`` ("Setting memory
  limit is required for GPU virtual devices", "Virtual devices are not supported for %s",
  "Setting memory limit on CPU virtual devices is currently not supported"),
  ``_compute_device_options`` ("priority/device_ordinals must be specified for all virtual
  devices"), ``set_memory_growth`` ("Cannot set memory growth on non-GPU and non-Pluggable
  devices"), ``set_visible_devices`` ("Invalid visible device index: %s"), the
  ``intra_op_parallelism_threads``/``inter_op_parallelism_threads`` setters ("... cannot be
  modified after initialization."), ``configure_collective_ops`` ("Collective ops must be
  configured at program startup"), ``set_logical_cpu_devices`` ("Virtual CPUs already set").
* ``libtensorflow_cc.so.2`` (eager placement): "Could not satisfy device specification '",
  "'. enable_soft_placement=", ". Supported device types [", "]. All available devices [".
* ``libtensorflow_framework.so.2`` (``common_runtime/colocation_graph.cc``): "Cannot colocate
  nodes ", "Cannot merge devices with incompatible types: '", "Cannot place the graph because
  a reference or resource edge connects colocation groups with incompatible assigned|resource
  devices: ".
* ``tensorflow/python/framework/config.py`` ``list_physical_devices``: "TensorFlow GPU support
  is not available on native Windows for TensorFlow >= 2.11. ..."; ``set_device_policy``:
  "Invalid argument `device_policy`: %r. ...".
* ``libtensorflow_cc.so.2`` (eager execute): "Tensors on conflicting devices: cannot compute ",
  " was expected to be on ", " but is actually on ", " Tensors can be copied explicitly
  using: ... set_device_policy('silent') ...".
* ``tensorflow/python/tpu/client/client.py``: "Please provide a TPU Name to connect to."
  (no ``tpu`` argument and none of TPU_NAME, KUBE_GOOGLE_CLOUD_TPU_ENDPOINTS, TPU_CONFIG);
  ``tpu/tpu_strategy_util.py``: "TPUs not found in the cluster. Failed in initialization: ";
  ``distribute/cluster_resolver/tpu/tpu_cluster_resolver.py``: "Failed to connect to master.
  The TPU might not be ready (e.g. still scheduling) or the master address is incorrect".
* ``libtensorflow_cc.so.2`` (tf2xla): "Detected unsupported operations when trying to compile
  graph ", "XLA compilation requires a fixed tensor list size ...", "XLA compilation requires
  a fixed stack size upper bound ...", "XLA can't deduce compile time constant output shape
  for strided slice: ".
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.visibility import _windows_native
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: (what, why, fix) by the named group of ``tfsweep.config_rejected`` that matched.
_CONFIG: dict[str, tuple[str, str, str]] = {
    "limit": (
        "a GPU logical device without memory_limit",
        "tf.config.set_logical_device_configuration was given a LogicalDeviceConfiguration "
        "without memory_limit for a GPU; every logical (virtual) GPU needs its own memory limit "
        "(context.py set_logical_device_configuration).",
        "tf.config.set_logical_device_configuration(gpu, "
        "[tf.config.LogicalDeviceConfiguration(memory_limit=4096)])   # MiB, one per device",
    ),
    "cpulimit": (
        "memory_limit/priority/ordinal on a CPU logical device",
        "A LogicalDeviceConfiguration for the CPU set memory_limit, experimental_priority or "
        "experimental_device_ordinal; CPU logical devices take none of these (context.py).",
        "tf.config.set_logical_device_configuration(cpu, "
        "[tf.config.LogicalDeviceConfiguration()] * 2)   # no memory_limit on CPUs",
    ),
    "partial": (
        "priority/device_ordinal set on only some logical GPUs",
        "experimental_priority or experimental_device_ordinal was given for some of a GPU's "
        "logical devices but not all; TensorFlow requires it on all or none (context.py "
        "_compute_device_options).",
        "# give experimental_priority / experimental_device_ordinal to every "
        "LogicalDeviceConfiguration of the GPU, or to none",
    ),
    "vtype": (
        "logical devices for a device type that has none",
        "tf.config.set_logical_device_configuration was called on a device of type {vtype}; "
        "only CPUs and GPUs can be split into logical devices (context.py).",
        "# call it with a device from tf.config.list_physical_devices('GPU') or ('CPU')",
    ),
    "growthtype": (
        "memory growth on a device that is not a GPU",
        "tf.config.experimental.set_memory_growth was called on a device that is neither a GPU "
        "nor a pluggable device (a CPU from list_physical_devices() without a type); memory "
        "growth exists only for GPU memory (context.py set_memory_growth).",
        "for g in tf.config.list_physical_devices('GPU'): "
        "tf.config.experimental.set_memory_growth(g, True)",
    ),
    "index": (
        "set_visible_devices with a device that is not one of the listed ones",
        "tf.config.set_visible_devices was given a device index ({index}) outside the "
        "physical devices TensorFlow lists (context.py set_visible_devices); "
        "CUDA_VISIBLE_DEVICES already renumbers the GPUs this process sees from 0.",
        "gpus = tf.config.list_physical_devices('GPU'); "
        "tf.config.set_visible_devices(gpus[:1], 'GPU')   # pass listed devices",
    ),
    "threads": (
        "thread settings changed after the runtime started",
        "tf.config.threading.set_intra_op/inter_op_parallelism_threads ran after TensorFlow's "
        "runtime was initialised (an op, a model, or an imported module that builds one); "
        "these settings are frozen from then on (context.py).",
        "# call tf.config.threading.set_*_parallelism_threads right after `import "
        "tensorflow`, before any op runs",
    ),
    "collective": (
        "collective ops configured after the runtime started",
        "Collective ops (tf.distribute's all-reduce settings, context.configure_collective_ops)"
        " were configured after TensorFlow's runtime was initialised; they must be set at "
        "program startup (context.py).",
        "# create the tf.distribute strategy (or configure collectives) right after `import "
        "tensorflow`, before any op runs",
    ),
    "policy": (
        "an unknown device policy",
        "tf.config.experimental.set_device_policy was given {policy}; it takes 'explicit', "
        "'warn', 'silent', 'silent_for_int32' or None (framework/config.py).",
        "tf.config.experimental.set_device_policy('silent')   # or None: TensorFlow's default",
    ),
    "vcpu": (
        "virtual CPUs set twice",
        "The logical CPU devices were already set in this process and cannot be changed "
        "(context.py set_logical_cpu_devices).",
        "# set logical CPU devices once, at program startup",
    ),
}


def tf_config_call_rejected(ctx: Facts) -> list[Finding]:
    """A tf.config call TensorFlow rejected with an argument or ordering error whose text
    names its rule (eager/context.py): ``tf-config-call-rejected``, one finding for the
    first such line."""
    hits = ctx.h("tfsweep.config_rejected").all()
    if not hits:
        return []
    first = hits[0]
    key = next(k for k in _CONFIG if first.g(k))
    what, why, fix = _CONFIG[key]
    fields = {"vtype": first.g("vtype") or "?", "index": first.g("index") or "?",
              "policy": first.g("policy") or "?"}
    return [catalogue.make(
        "tf-config-call-rejected", evidence=log_evidence(hits[:3]),
        what=what, why=why.format(**fields), fix=(fix,),
    )]


_DEVICE = re.compile(r"(?:device:)?(?P<type>[A-Za-z_]+):(?P<idx>\d+)\s*$")


def _device_type(spec: str) -> str:
    """The upper-case device type of a device string ('/job:x/device:GPU:0' -> 'GPU'); ''
    when the string names none."""
    m = _DEVICE.search(spec)
    return m.group("type").upper() if m else ""


def device_spec_unsatisfied(ctx: Facts) -> list[Finding]:
    """An op pinned (tf.device) to a device that cannot run it, soft placement off (eager
    placement in libtensorflow_cc): ``device-spec-unsatisfied``. The variant follows the
    lists the error prints: no GPU among the available devices (``no-gpu``: the process sees
    no GPU, cause not in the line), the device exists but the op's kernels are for other
    types (``no-kernel``), the device is not among the available ones (``no-such-device``)."""
    hits = ctx.h("tfsweep.device_spec").all()
    if not hits:
        return []
    h = hits[0]
    dev, types, avail = h.g("dev") or "?", h.g("types") or "", h.g("avail") or ""
    want = _device_type(dev)
    have = {_device_type(d) for d in avail.split(",") if d.strip()}
    supported = {t.strip().upper() for t in types.split(",") if t.strip()}
    canonical = dev.lower().replace("/device:", "/").split("/")[-1]
    listed = any(d.strip().lower().replace("/device:", "/").endswith("/" + canonical)
                 for d in avail.split(","))
    variant: str | None = None
    fix: tuple[str, ...]
    if want == "GPU" and "GPU" not in have:
        variant = "no-gpu"
        fix = ("tfgpu doctor   # why this TensorFlow process sees no GPU",
               "python -c \"import tensorflow as tf; "
               "print(tf.config.list_physical_devices('GPU'))\"")
    elif want and want in have and supported and want not in supported:
        variant = "no-kernel"
        fix = ("tf.config.set_soft_device_placement(True)   # run such ops where a kernel "
               "exists",)
    elif want and not listed:
        variant = "no-such-device"
        fix = ("python -c \"import tensorflow as tf; print(tf.config.list_logical_devices())\""
               "   # the device names to use",)
    else:
        fix = ("tf.config.set_soft_device_placement(True)",)
    return [catalogue.make(
        "device-spec-unsatisfied", variant=variant, evidence=log_evidence(hits[:2]),
        dev=dev, types=types or "none", avail=avail or "none", fix=fix,
    )]


def colocation_devices_conflict(ctx: Facts) -> list[Finding]:
    """Ops that must share a device were pinned to different devices (colocation_graph.cc):
    ``colocation-devices-conflict``, hedged about where the pins come from."""
    hits = ctx.h("tfsweep.colocation").all()
    if not hits:
        return []
    h = hits[0]
    detail = ("two colocated nodes name devices of different types"
              if h.g("what") == "types" else
              "two colocated nodes name different devices of one type" if h.g("what") else
              f"a reference or resource edge joins groups with different {h.g('what2')} devices")
    return [catalogue.make(
        "colocation-devices-conflict", evidence=log_evidence(hits[:2]), detail=detail,
        fix=("tf.config.set_soft_device_placement(True)   # TF 2.x; TF 1.x: "
             "tf.compat.v1.ConfigProto(allow_soft_placement=True)",
             "tf.compat.v1.train.import_meta_graph(path, clear_devices=True)   # when "
             "restoring a graph saved on another machine",
             "# or remove the conflicting tf.device(...) scopes"),
    )]


def xla_cannot_compile_function(ctx: Facts) -> list[Finding]:
    """A function XLA must compile (``jit_compile=True``, a TPU or an XLA device) holds an
    op with no XLA kernel on that device, or a shape XLA needs at compile time
    (tf2xla): ``xla-cannot-compile-function``. Not a GPU setup fault. Keras 3's
    ``Model.compile(jit_compile="auto")`` turns XLA on when a non-CPU device is listed and no
    distribution strategy is set (keras/src/trainers/trainer.py ``_resolve_auto_jit_compile``,
    Keras 3.15.1 as installed with TensorFlow 2.21)."""
    hits = ctx.h("tfsweep.xla_uncompilable").all()
    if not hits:
        return []
    h = hits[0]
    if h.g("op"):
        what = f"{h.g('op')} has no XLA kernel for {h.g('dev')}"
        why = (f"The function {h.g('fn')} must be compiled by XLA (jit_compile=True, which "
               "Keras 3's model.compile also turns on by default ('auto') when a GPU is "
               f"present; or it runs on a TPU/XLA device), and XLA registers no kernel for the op "
               f"{h.g('op')} on {h.g('dev')}; TensorFlow's own kernels are not used inside an "
               "XLA cluster. Not a GPU setup fault.")
        fix: tuple[str, ...] = (
            "# drop jit_compile=True from that tf.function (or compile only the part without "
            f"{h.g('op')})",
            "model.compile(..., jit_compile=False)   # Keras 3: its default 'auto' compiles "
            "with XLA when a GPU is present",
            f"# or replace {h.g('op')} by ops XLA supports")
    elif h.g("fixed"):
        what = "a loop or list without a fixed size"
        why = ("A function XLA compiles (jit_compile=True or a TPU) builds a TensorArray, "
               "tensor list or stack in a loop without a fixed maximum size; XLA needs static "
               "sizes. Not a GPU setup fault.")
        fix = ("# set maximum_iterations on tf.while_loop / a fixed size on the TensorArray",
               "# or drop jit_compile=True from that tf.function (Keras 3: "
               "model.compile(..., jit_compile=False))")
    else:
        what = "a shape that is not a compile-time constant"
        why = ("A function XLA compiles (jit_compile=True or a TPU) slices a tensor with "
               "bounds that depend on runtime values; XLA needs them at compile time. Not a "
               "GPU setup fault.")
        fix = ("# make the slice bounds constants (or pad to a fixed shape)",
               "# or drop jit_compile=True from that tf.function (Keras 3: "
               "model.compile(..., jit_compile=False))")
    return [catalogue.make(
        "xla-cannot-compile-function", evidence=log_evidence(hits[:2]), what=what, why=why,
        fix=fix,
    )]


def windows_native_warning(ctx: Facts) -> list[Finding]:
    """TensorFlow's own warning that it has no GPU support on native Windows
    (framework/config.py ``list_physical_devices``, printed once when ``platform.system()``
    is Windows): ``tensorflow-windows-native-no-gpu``, the same finding the host and version
    checks give."""
    hits = ctx.h("tfsweep.windows_no_gpu").all()
    if not hits:
        return []
    return [_windows_native(ctx, log_evidence(hits[:1]))]


def tensors_on_conflicting_devices(ctx: Facts) -> list[Finding]:
    """An op's input is on another device than the op and TensorFlow refused to copy it
    (eager/execute.cc): ``tensors-on-conflicting-devices``."""
    hits = ctx.h("tfsweep.conflicting_devices").all()
    if not hits:
        return []
    h = hits[0]
    return [catalogue.make(
        "tensors-on-conflicting-devices", evidence=log_evidence(hits[:2]),
        op=h.g("op") or "an op", n=h.g("n") or "?", want=h.g("want") or "?",
        have=h.g("have") or "?",
        fix=("tf.config.experimental.set_device_policy('silent')   # let TensorFlow copy "
             "inputs between devices (its default)",
             "# or copy it yourself: with tf.device(device_name): x = tf.identity(x)"),
    )]


def tpu_not_found(ctx: Facts) -> list[Finding]:
    """TPU code (TPUClusterResolver, TPUStrategy, initialize_tpu_system) ran where it found
    no TPU (tpu/client/client.py, tpu/tpu_strategy_util.py, tpu_cluster_resolver.py):
    ``tpu-not-found``; the variant follows the message."""
    hits = ctx.h("tfsweep.tpu_missing").all()
    if not hits:
        return []
    h = hits[0]
    variant = "no-name" if h.g("noname") else "not-initialised" if h.g("noinit") else None
    return [catalogue.make(
        "tpu-not-found", variant=variant, evidence=log_evidence(hits[:2]),
        fix=("python -c \"import tensorflow as tf; print(tf.config.list_logical_devices())\""
             "   # TPU devices, or only CPU/GPU",
             "# on a GPU machine: tf.distribute.MirroredStrategy() (or the default strategy) "
             "instead of TPUStrategy",
             "# on a Cloud TPU VM: tf.distribute.cluster_resolver.TPUClusterResolver("
             "tpu='local')"),
    )]
