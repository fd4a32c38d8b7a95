"""TensorFlow's own messages about placing ops on devices: an op pinned to a device that
cannot run it, a colocation conflict, tensors on conflicting devices, TPU code without a TPU.

Sources (the tensorflow 2.21.0 wheel; rows in ``knowledge/data/messages_tf_python.toml``):

* ``libtensorflow_cc.so.2`` (eager placement): "Could not satisfy device specification '",
  "'. enable_soft_placement=", ". Supported device types [", "]. All available devices [".
* ``libtensorflow_framework.so.2`` (``common_runtime/colocation_graph.cc``): "Cannot colocate
  nodes ", "Cannot merge devices with incompatible types: '", "Cannot place the graph because
  a reference or resource edge connects colocation groups with incompatible assigned|resource
  devices: ".
* ``libtensorflow_cc.so.2`` (eager execute): "Tensors on conflicting devices: cannot compute ",
  " was expected to be on ", " but is actually on ", " Tensors can be copied explicitly
  using: ... set_device_policy('silent') ..." (read in checks/conflicting_devices.py).
* ``tensorflow/python/tpu/client/client.py``: "Please provide a TPU Name to connect to."
  (no ``tpu`` argument and none of TPU_NAME, KUBE_GOOGLE_CLOUD_TPU_ENDPOINTS, TPU_CONFIG);
  ``tpu/tpu_strategy_util.py``: "TPUs not found in the cluster. Failed in initialization: ";
  ``distribute/cluster_resolver/tpu/tpu_cluster_resolver.py``: "Failed to connect to master.
  The TPU might not be ready (e.g. still scheduling) or the master address is incorrect".
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.conflicting_devices import (  # re-exported: checks/__init__.py
    tensors_on_conflicting_devices as tensors_on_conflicting_devices,
)
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

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
    hits = ctx.h("placer.device_spec").all()
    if not hits:
        return _listed_gpu_missing(ctx) or _bare_device_spec(ctx) or _reason_cut(ctx)
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
    elif want and not listed:
        # (a device that does not exist: which types have a kernel for the op says nothing)
        return [catalogue.make(
            "device-spec-unsatisfied", variant="no-such-device", evidence=log_evidence(hits[:2]),
            dev=dev, avail=avail or "none",
            fix=("python -c \"import tensorflow as tf; print(tf.config.list_logical_devices())\""
                 "   # the device names to use",))]
    elif want and want in have and supported and want not in supported:
        variant = "no-kernel"
        fix = ("tf.config.set_soft_device_placement(True)   # run such ops where a kernel "
               "exists",)
    else:
        fix = ("tf.config.set_soft_device_placement(True)",)
    return [catalogue.make(
        "device-spec-unsatisfied", variant=variant, evidence=log_evidence(hits[:2]),
        dev=dev, types=types or "none", avail=avail or "none", fix=fix,
    )]


def _listed_gpu_missing(ctx: Facts) -> list[Finding]:
    """The placer's "Could not satisfy explicit device specification '<GPU N>' because no
    devices matching that specification are registered in this process; available devices:
    ..." when the list names a GPU: the process has GPUs, not the index asked for
    (``device-spec-unsatisfied`` variant ``no-such-device``)."""
    hits = [h for h in ctx.h("placer.no_gpu_device").all()
            if h.g("dev") and "GPU:" in (h.g("avail") or "").upper()]
    if not hits:
        return []
    h = hits[0]
    avail = ", ".join(d.strip().rsplit("/", 1)[-1] for d in (h.g("avail") or "").split(",")
                      if d.strip())
    return [catalogue.make(
        "device-spec-unsatisfied", variant="no-such-device", evidence=log_evidence(hits[:2]),
        dev=h.need("dev"), avail=avail or "none",
        fix=("python -c \"import tensorflow as tf; print(tf.config.list_logical_devices())\""
             "   # the device names to use",
             "# pin ops only to GPUs this process has (CUDA_VISIBLE_DEVICES and "
             "tf.config.set_visible_devices renumber them from 0), or "
             "tf.config.set_soft_device_placement(True)"),
    )]


def _bare_device_spec(ctx: Facts) -> list[Finding]:
    """TF 0.x-1.x's "Could not satisfy explicit device specification '/gpu:2'" with no reason
    after it: what TensorFlow's "Using GPUs" guide of those releases says a device that does
    not exist gives (``device-spec-unsatisfied`` variant ``no-such-device``); the highest
    device the log names is the one quoted."""
    hits = ctx.h("placer.device_spec_bare").all()
    if not hits:
        return []
    def index(h: Hit) -> int:
        m = _DEVICE.search(h.g("dev") or "")
        return int(m.group("idx")) if m else -1
    h = max(hits, key=index)
    created = sorted({f"GPU:{g.g('idx')}" for g in ctx.h("gpu.created").all() if g.g("idx")},
                     key=lambda d: int(d[4:]) if d[4:].isdigit() else 0)
    if f"GPU:{index(h)}" in created:
        return []  # the device exists: the bare message does not say what else failed
    avail = (f"the message does not list them; this log shows TensorFlow creating "
             f"{', '.join(created)}" if created else "the message does not list them")
    return [catalogue.make(
        "device-spec-unsatisfied", variant="no-such-device",
        evidence=log_evidence([h], [x for x in hits if x is not h][:2]),
        dev=h.need("dev"), avail=avail,
        fix=("python -c \"from tensorflow.python.client import device_lib; "
             "print([d.name for d in device_lib.list_local_devices()])\"   # the devices "
             "this process has",
             "# pin ops only to devices that exist (a GPU index below the GPU count, or "
             "'/cpu:0' when there is no GPU), or create the session with "
             "tf.ConfigProto(allow_soft_placement=True) so TensorFlow picks an existing one",
             "tfgpu doctor   # no GPU listed at all: why this TensorFlow sees none"),
    )]


def _reason_cut(ctx: Facts) -> list[Finding]:
    """placer.cc's "Cannot assign a device for operation '<op>'" with the reason cut off
    (pattern ``placer.reason_cut``), when no other line of the log gives the reason:
    ``device-spec-unsatisfied`` variant ``reason-cut`` (hedged: the reason decides between no
    such device and no kernel for it, and the fix lines tell them apart)."""
    hits = ctx.h("placer.reason_cut").all()
    if not hits or any(ctx.h(name).count for name in (
            "placer.no_gpu_device", "placer.no_gpu_kernel", "placer.device_spec_bare")):
        return []  # another line gives the reason
    return [catalogue.make(
        "device-spec-unsatisfied", variant="reason-cut", op=hits[0].need("op"),
        evidence=log_evidence(hits[:2]),
        fix=("python -c \"from tensorflow.python.client import device_lib; "
             "print([d.name for d in device_lib.list_local_devices()])\"   # no GPU listed: "
             "this TensorFlow sees none (tfgpu doctor says why)",
             "# the message's full line says which: 'no devices matching that specification' "
             "(a device this process lacks) or 'no supported kernel for GPU devices' (the op "
             "has no GPU kernel)",
             "# either way: pin ops only to devices that exist, or allow soft placement "
             "(tf.ConfigProto(allow_soft_placement=True); "
             "tf.config.set_soft_device_placement(True) in TF 2)"),
    )]


def colocation_devices_conflict(ctx: Facts) -> list[Finding]:
    """Ops that must share a device were pinned to different devices (colocation_graph.cc):
    ``colocation-devices-conflict``, hedged about where the pins come from."""
    hits = ctx.h("placer.colocation_merge").all()
    if not hits:
        return []
    h = hits[0]
    detail = ("two colocated nodes name devices of different types"
              if h.g("what") == "types" else
              "two colocated nodes name different devices of one type" if h.g("what") else
              f"a reference or resource edge joins groups with different {h.g('what2')} devices")
    return [catalogue.make(
        "colocation-devices-conflict", evidence=log_evidence(hits[:2]), detail=detail,
    )]


def tpu_not_found(ctx: Facts) -> list[Finding]:
    """TPU code (TPUClusterResolver, TPUStrategy, initialize_tpu_system) ran where it found
    no TPU (tpu/client/client.py, tpu/tpu_strategy_util.py, tpu_cluster_resolver.py):
    ``tpu-not-found``; the variant follows the message."""
    hits = ctx.h("tpu.missing").all()
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


# ------------------------------------------- one TensorFlow GPU mapped to two devices


def gpu_mapped_to_two_devices(ctx: Facts) -> list[Finding]:
    """tsl device_id_manager "TensorFlow device (GPU:0) is being mapped to multiple (CUDA)
    devices (0 now, and 1 previously)": one process asked for the same TensorFlow GPU with
    two different visible-device settings -> ``gpu-mapped-to-multiple-devices``.  The message
    names the TF 1.x cause (Sessions created with different ``gpu_options.
    visible_device_list``, tensorflow/tensorflow#19083); TensorFlow 2.2's Keras
    mixed-precision policy also prints it after ``tf.config.set_visible_devices`` picked a
    GPU other than the first (its compute-capability check ignored the visible devices;
    fixed in 2.3, tensorflow/tensorflow#39775, variant ``tf22-mixed-precision``).  TF
    1.5-1.9 said it as gpu_id_manager.cc's CHECK "TfGpuId: N Existing mapped CUDA GPU id: A
    CUDA GPU id being tried to map to: B"."""
    hits = ctx.h("gpu.mapped_twice").all()
    if not hits:
        return []
    h = hits[0]
    dev = h.g("dev") or (f"GPU:{h.g('tfid')}" if h.g("tfid") else "GPU:0")
    now, before = h.g("now") or "?", h.g("before") or "?"
    fix = ["# choose the GPU once, before TensorFlow starts: CUDA_VISIBLE_DEVICES=<index> "
           f"python train.py (here {now} or {before}; it is then GPU:0 inside the process)",
           "# TF 1.x: give every Session in the process the same gpu_options."
           "visible_device_list (or set it only through CUDA_VISIBLE_DEVICES)"]
    if ctx.h("ctx.mpi_rank").count:
        # mpirun/horovodrun ranks ("[1,1]<stderr>:", tensorflow/tensorflow#60810): one
        # process per rank, each its own GPU, so no one index fits every rank
        fix = ["# under mpirun/horovodrun every rank is a process of its own: in each, every "
               "Session must get the same visible_device_list = str(hvd.local_rank()), the "
               "Estimator's own Sessions too: tf.estimator.RunConfig(session_config=config) "
               "(Horovod's Estimator examples)",
               "# or pin each rank's GPU before TensorFlow starts, with a wrapper script run by "
               "mpirun: CUDA_VISIBLE_DEVICES=$OMPI_COMM_WORLD_LOCAL_RANK python train.py "
               "(Open MPI's local rank; then leave visible_device_list unset or '0')"]
    elif ctx.h("ctx.tf_c_program").count and not ctx.h("ctx.tf_python").count \
            and ctx.log_script is None:
        # a C/C++ program through TensorFlow's C API (FFmpeg's dnn_tensorflow filter,
        # livepeer/go-livepeer#1980): one process serving several GPUs, so one
        # CUDA_VISIBLE_DEVICES index does not fit; unanswered there, so only the rule
        fix = ["# a program using TensorFlow's C API (no Python): every TF_NewSession in the "
               "process must pass the same ConfigProto gpu_options.visible_device_list (e.g. "
               "all GPUs, '0,1'); pick each session's GPU by placing its graph on /device:GPU:N "
               "instead of a different visible_device_list",
               "# or run one process per GPU, each started with CUDA_VISIBLE_DEVICES=<index>"]
    if ctx.tf_mm == (2, 2):
        fix.insert(0, 'pip install "tensorflow>=2.3"   # the mixed-precision fix '
                      "(tensorflow/tensorflow#39775)")
        return [catalogue.make(
            "gpu-mapped-to-multiple-devices", variant="tf22-mixed-precision", dev=dev,
            now=now, before=before, evidence=log_evidence(hits[:1]), fix=tuple(fix))]
    return [catalogue.make(
        "gpu-mapped-to-multiple-devices", dev=dev, now=now, before=before,
        evidence=log_evidence(hits[:1]), fix=tuple(fix))]


# --- a tf.data dataset's variant tensor sent to (or from) a device ---------------------------

#: variant_op_registry.h VariantDeviceCopyDirection: the number the message prints.
_COPY_DIRECTIONS = {"1": ("HOST_TO_DEVICE", "to the GPU"), "2": ("DEVICE_TO_HOST", "from the GPU"),
                    "3": ("DEVICE_TO_DEVICE", "between devices")}


def dataset_variant_device_copy(ctx: Facts) -> list[Finding]:
    """``dataset-variant-copied-to-gpu-in-tf-function`` for variant_op_registry.cc's "No unary
    variant device copy function found for direction: N and Variant type_index: ..." naming
    the dataset's ``DatasetVariantWrapper`` (pattern ``variant.no_device_copy``; g++ and MSVC
    type spellings); another variant type (one with a copy function of its own, or a custom
    one) is left alone.  The direction is read with variant_op_registry.h's enum."""
    hits = [h for h in ctx.h("variant.no_device_copy").all()
            if (h.g("type") or "").rstrip().endswith("DatasetVariantWrapper")]
    if not hits:
        return []
    first = hits[0]
    d = first.g("dir") or "?"
    dirname, towards = _COPY_DIRECTIONS.get(d, ("unknown direction", "across devices"))
    return [catalogue.make(
        "dataset-variant-copied-to-gpu-in-tf-function", direction=d, dirname=dirname,
        towards=towards, evidence=log_evidence(hits, limit=2),
    )]
