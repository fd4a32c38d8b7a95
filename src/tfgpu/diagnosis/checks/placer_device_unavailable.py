"""An op pinned to a GPU that TensorFlow has not registered (the placer's "was explicitly
assigned to <device> but available devices are [ ... ]", tensorflow
core/common_runtime/colocation_graph.cc; placer.cc in TF 1.x).

* With the placer's own suffix "The requested device appears to be a GPU, but CUDA is not
  enabled." (appended only when ``!IsGoogleCudaEnabled()``: a build without CUDA) ->
  ``tensorflow-cpu-only-build`` (variant ``log``), with the fix of every CPU-only build
  (:func:`~tfgpu.diagnosis.checks.tf_install.cpu_only_build_fix`: the CPU-only package out,
  the CUDA build of the same release in); kshitizrimal/deepStyle#2 printed it with the CPU
  package installed and was fixed by installing the GPU one.
* With no GPU among the available devices and no suffix -> ``tensorflow-sees-no-gpu`` variant
  ``placer`` (hedged, category unknown): TensorFlow registered no GPU in this process, and the
  reason (GPU libraries that did not load, CUDA_VISIBLE_DEVICES, the driver) is printed at
  start-up, not here; iperov/DeepFaceLab-style scripts that list GPUs by their own probe then
  pin ops to /device:GPU:0 show this line whatever the reason was.
* the device manager's "<device> unknown device." (device_mgr.cc /
  dynamic_device_mgr.cc LookupDevice; eager copies and TF 2.0's FindDeviceByName) for GPU 0
  -> ``tensorflow-sees-no-gpu`` variant ``unknown-device`` (hedged): GPU 0 is the first GPU
  TensorFlow registers, so no GPU was registered; why is printed at start-up. Threads:
  kamalkraj/ALBERT-TF2.0#17 (a CUDA version mismatch: the GPUs were not initialised),
  610265158/face_landmark#23 (MirroredStrategy's GPU:0), deepjavalibrary/djl#2554 (the
  user's local set-up). A CPU name (tensorflow/tensorflow#34718: CPU:1 under tf.device
  'GPU:1', a TF 2.0 bug) and a GPU index above 0 (another GPU count) are not this kind.
* XLA's "Invalid device ordinal value (N). Valid range is [0, M]. while setting up
  XLA_GPU_JIT device number N" (TF 1.15/2.0) -> ``xla-gpu-device-ordinal-out-of-range``.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.tf_install import cpu_only_build_fix
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A GPU device name in the placer's text: "/device:GPU:0", TF 1.x "/gpu:0"; not "XLA_GPU:0".
_GPU_DEV = re.compile(r"(?<![A-Za-z_])GPU:\d+", re.IGNORECASE)


def placer_device_unavailable(ctx: Facts) -> list[Finding]:
    """``tensorflow-cpu-only-build`` (``log``) or ``tensorflow-sees-no-gpu`` (``placer``) for
    the placer's "explicitly assigned to <GPU> but available devices are [ ... ]" when the
    list holds no GPU; ``[]`` when the requested device is no GPU, when the list holds a GPU
    (another index: not this kind), or when the log shows TensorFlow created or listed a GPU
    device."""
    asks = [h for h in ctx.h("placer.device_unavailable").all()
            if _GPU_DEV.search(h.g("dev") or "")]
    if not asks or ctx.h("gpu.created").count or ctx.tf_gpu_listed:
        return []
    hit = asks[0]
    if _GPU_DEV.search(hit.g("devs") or ""):
        return []
    dev = hit.g("dev") or "GPU:0"
    no_cuda = ctx.h("placer.no_cuda").first[:1]
    if no_cuda:
        return [catalogue.make(
            "tensorflow-cpu-only-build", variant="log",
            evidence=log_evidence([hit], no_cuda),
            cause=(f"An op was pinned to {dev}, and TensorFlow's placer added 'The requested "
                   "device appears to be a GPU, but CUDA is not enabled': it says that only "
                   "when this TensorFlow was built without CUDA (colocation_graph.cc, "
                   "IsGoogleCudaEnabled() false), so it can never use an NVIDIA GPU."),
            fix=cpu_only_build_fix(ctx),
        )]
    return [catalogue.make(
        "tensorflow-sees-no-gpu", variant="placer", dev=dev,
        evidence=log_evidence([hit]),
        fix=(*_NO_GPU_FIX, _SOFT_PLACEMENT_FIX),
    )]


# --- "<device> unknown device." for GPU 0 ------------------------------------------

#: GPU 0 in a device name: "/job:localhost/replica:0/task:0/device:GPU:0", "/device:GPU:0",
#: TF 1.x "/gpu:0"; not "XLA_GPU:0".
_GPU0 = re.compile(r"(?<![A-Za-z_])GPU:0$", re.IGNORECASE)


def unknown_gpu_device(ctx: Facts) -> list[Finding]:
    """``tensorflow-sees-no-gpu`` (variant ``unknown-device``, hedged) for the device
    manager's "<GPU 0> unknown device." (tensorflow core/common_runtime/device_mgr.cc,
    dynamic_device_mgr.cc): GPU 0 is the first GPU TensorFlow registers, so this process
    registered none; the reason is printed at start-up. ``[]`` for another device (a CPU, a
    GPU index above 0), when the log shows TensorFlow created a GPU device, or when the
    VLOG line "Unknown device: ... all devices: ..." lists a GPU."""
    if ctx.h("gpu.created").count:
        return []
    hits = ctx.h("placer.unknown_device").all()
    if any(_GPU_DEV.search(h.g("devs") or "") for h in hits):
        return []
    asks = [h for h in hits if _GPU0.search(h.g("dev") or h.g("vdev") or "")]
    if not asks:
        return []
    dev = asks[0].g("dev") or asks[0].g("vdev") or "GPU:0"
    return [catalogue.make(
        "tensorflow-sees-no-gpu", variant="unknown-device", dev=dev,
        evidence=log_evidence(asks[:2]),
        fix=_NO_GPU_FIX,
    )]


# --- XLA's GPU backend has fewer GPUs than TensorFlow sets up (TF 1.15/2.0) ---------


def xla_gpu_device_ordinal(ctx: Facts) -> list[Finding]:
    """``xla-gpu-device-ordinal-out-of-range`` for xla/service/backend.cc's "Invalid device
    ordinal value (N). Valid range is [0, M]." with TF 1.15/2.0's "while setting up
    XLA_GPU_JIT device number N" (compiler/jit/xla_gpu_device.cc): TensorFlow made an XLA_GPU
    device for every GPU CUDA lists, and XLA's GPU backend holds only GPUs 0..M, so device
    creation failed as a whole. Threads: tensorflow/tensorflow#32793 (GTX 760 beside an RTX
    2070), tensorflow/tensorflow#35672 (GT 710 beside two GTX 1080 Ti, labelled a bug),
    deezer/spleeter#26 (maintainer: TensorFlow's device numbering; the workaround
    CUDA_VISIBLE_DEVICES naming one GPU), google/automl#111 (not reproduced). XLA leaves a
    GPU out when it cannot create a CUDA context on it or its compute capability is below 3.5
    (xla/service/platform_util.cc); the row's ``defers_to`` points at the finding of XLA's
    reason line when the log shows it. Later
    xla_gpu_device.cc logs "Ignoring visible XLA_GPU_JIT device" and carries on. Why XLA has
    fewer GPUs is not on the line (hedged). ``[]`` without the XLA_GPU_JIT suffix (another XLA
    caller: not this kind)."""
    hits = [h for h in ctx.h("xla.gpu_ordinal_out_of_range").all() if h.g("xla")]
    if not hits:
        return []
    hit = hits[0]
    ordinal, last = hit.g("ordinal") or "?", hit.g("last") or "?"
    return [catalogue.make(
        "xla-gpu-device-ordinal-out-of-range", ordinal=ordinal, last=last,
        evidence=log_evidence(hits[:1]),
        fix=("nvidia-smi -L   # the GPUs CUDA lists, with their models: a mixed set (an old or "
             "small GPU beside newer ones) is the pattern in reports",
             "nvidia-smi --query-gpu=index,name,memory.used,compute_mode --format=csv   # "
             "another process holding that GPU (its memory, or Exclusive_Process mode) also "
             "makes XLA leave it out",
             "export CUDA_VISIBLE_DEVICES=0   # list only the GPUs to use (indices as "
             "nvidia-smi -L shows them); the other GPU is then not set up",
             "# or a newer TensorFlow: its xla_gpu_device.cc skips such a GPU ('Ignoring "
             "visible XLA_GPU_JIT device') instead of failing"),
    )]


#: The placer's way out when the machine has no GPU (or a CPU run is wanted): soft placement
#: moves an op pinned to a device that is not registered onto one that is ("no GPU devices
#: are known or registered", tf.config.set_soft_device_placement's docstring in TF 2.x,
#: python/framework/config.py; ConfigProto.allow_soft_placement in TF 1.x sessions).
_SOFT_PLACEMENT_FIX = (
    "# no GPU in this machine, or a CPU run wanted: the program itself pins this op (its own "
    "GPU option or tf.device): set that option to the CPU, or let TensorFlow place the op "
    "elsewhere: tf.config.set_soft_device_placement(True) (TF 1.x sessions: "
    "tf.compat.v1.ConfigProto(allow_soft_placement=True))")

#: The commands that show why TensorFlow registered no GPU (both variants above). The build
#: check works on every release: tf.test.is_built_with_cuda() exists in 1.x and 2.x,
#: tf.sysconfig.get_build_info() from 2.3 (python/platform/build_info, sysconfig.py). A
#: notebook's kernel may run another Python than its shell, so the commands are run in it, and
#: `conda list` of that environment prints the TensorFlow build string tfgpu reads back
#: (Anaconda's gpu_/mkl_/eigen_, conda-forge's cuda<ver>/cpu_: messages_tools.toml rows).
_NO_GPU_FIX = (
    "TF_CPP_MIN_LOG_LEVEL=0 python -c \"import tensorflow as tf; "
    "print(tf.config.list_physical_devices('GPU'))\"   # the start-up lines say why "
    "no GPU was registered ('Could not load dynamic library ...', cuInit errors)",
    "python -c \"import tensorflow as tf; print(tf.__version__, "
    "tf.test.is_built_with_cuda())\"   # False: a TensorFlow built without CUDA (a CPU-only "
    "package or conda build); TF 2.3+: tf.sysconfig.get_build_info() names the CUDA/cuDNN "
    "it needs",
    "echo $CUDA_VISIBLE_DEVICES; nvidia-smi   # GPUs hidden, or no driver",
    "# in a notebook (Jupyter, a cloud notebook's preinstalled conda environment): run these "
    "in its kernel, whose Python can differ from the shell's: import sys, tensorflow as tf; "
    "print(sys.executable, tf.__version__, tf.test.is_built_with_cuda()), then "
    "!conda list -p {sys.prefix} | grep -iE 'tensorflow|cudatoolkit|cudnn' (that "
    "environment's TensorFlow build and CUDA: mkl_, eigen_ or cpu_ in its build string is a "
    "CPU-only build) and give the output to tfgpu explain",
    "tfgpu doctor",
)
