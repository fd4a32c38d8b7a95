"""An op pinned to a GPU that TensorFlow has not registered (the placer's "was explicitly
assigned to <device> but available devices are [ ... ]", tensorflow
core/common_runtime/colocation_graph.cc; placer.cc in TF 1.x).

* With the placer's own suffix "The requested device appears to be a GPU, but CUDA is not
  enabled." (appended only when ``!IsGoogleCudaEnabled()``: a build without CUDA) ->
  ``tensorflow-cpu-only-build`` (variant ``log``); kshitizrimal/deepStyle#2 printed it with the
  CPU package installed and was fixed by installing the GPU one.
* With no GPU among the available devices and no suffix -> ``tensorflow-sees-no-gpu`` variant
  ``placer`` (hedged, category unknown): TensorFlow registered no GPU in this process, and the
  reason (GPU libraries that did not load, CUDA_VISIBLE_DEVICES, the driver) is printed at
  start-up, not here; iperov/DeepFaceLab-style scripts that list GPUs by their own probe then
  pin ops to /device:GPU:0 show this line whatever the reason was.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A GPU device name in the placer's text: "/device:GPU:0", TF 1.x "/gpu:0"; not "XLA_GPU:0".
_GPU_DEV = re.compile(r"(?<![A-Za-z_])GPU:\d+", re.IGNORECASE)


def placer_device_unavailable(ctx: Facts) -> list[Finding]:
    """``tensorflow-cpu-only-build`` (``log``) or ``tensorflow-sees-no-gpu`` (``placer``) for
    the placer's "explicitly assigned to <GPU> but available devices are [ ... ]" when the
    list holds no GPU; ``[]`` when the requested device is no GPU, when the list holds a GPU
    (another index: not this kind), or when the log shows TensorFlow created a GPU device."""
    asks = [h for h in ctx.h("placer.device_unavailable").all()
            if _GPU_DEV.search(h.g("dev") or "")]
    if not asks or ctx.h("gpu.created").count:
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
        )]
    return [catalogue.make(
        "tensorflow-sees-no-gpu", variant="placer", dev=dev,
        evidence=log_evidence([hit]),
        fix=("TF_CPP_MIN_LOG_LEVEL=0 python -c \"import tensorflow as tf; "
             "print(tf.config.list_physical_devices('GPU'))\"   # the start-up lines say why "
             "no GPU was registered ('Could not load dynamic library ...', cuInit errors)",
             "python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the CUDA/cuDNN this TensorFlow needs",
             "echo $CUDA_VISIBLE_DEVICES; nvidia-smi   # GPUs hidden, or no driver",
             "tfgpu doctor"),
    )]
