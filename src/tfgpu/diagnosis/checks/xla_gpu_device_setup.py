"""XLA left a GPU out: "device CUDA:N not supported by XLA service", or every GPU: "no
supported devices found for platform CUDA" (``xla-gpu-device-not-initialised``).

Sources (TensorFlow's XLA, tensorflow/compiler/xla/service; the text is in the 2.21 wheel's
libtensorflow_cc.so.2):

* ``backend.cc`` ``Backend::stream_executor``: an ordinal above the last kept GPU's is "Invalid
  device ordinal value (N). Valid range is [0, M]." (checks/placer_device_unavailable.py); an
  ordinal inside the range that no kept StreamExecutor has is "device %s not supported by XLA
  service", ``device_name()`` being the platform's name and the ordinal ("CUDA:0"). The
  ``Backend`` constructor drops the GPUs ``GetStreamExecutors`` left out and needs at least
  one, so this message means XLA kept another GPU.
* ``platform_util.cc`` ``GetStreamExecutors``: a GPU is left out when ``GetExecutor`` fails
  (no CUDA context: logged at WARNING as "unable to create StreamExecutor for CUDA:N: <the
  error>", e.g. cuDevicePrimaryCtxRetain's CUDA_ERROR_OUT_OF_MEMORY when another process holds
  the memory, CUDA_ERROR_DEVICE_UNAVAILABLE in Exclusive Process mode) or when
  ``IsDeviceSupported`` refuses it (compute capability below 3.5, at INFO: "StreamExecutor
  cuda device (N) is of insufficient compute capability: 3.5 required, device is X.Y"); with
  none kept it returns "no supported devices found for platform CUDA".
* ``tensorflow/compiler/jit/xla_gpu_device.cc``: releases that set up an XLA_GPU device for
  every visible GPU at start-up appended "while setting up XLA_GPU_JIT device number N" and
  stopped; later ones log "Ignoring visible XLA_GPU_JIT device. Device number is N, reason:
  <status>" at INFO and carry on (not a failure: ignored here).

Threads: IndicoDataSolutions/finetune#423 (TF 1.14; the GPU busy with another process,
confirmed by the reporter), tensorflow/tensorflow#30594 (no GPU kept: other users' processes
held the memory of a shared server's GPU).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: What the XLA_GPU_JIT suffix says happened, as the start of the finding's cause.
_SETUP = ("This TensorFlow sets up an XLA_GPU device for every visible GPU when it starts "
          "(releases 1.x to 2.3) and stopped when one failed:")
#: The same without the suffix (another XLA caller asked for the GPU).
_OTHER_CALLER = "An XLA computation asked for a GPU that XLA does not hold:"
#: The same when XLA kept no GPU and no XLA_GPU_JIT suffix says who asked.
_NONE_KEPT = "TensorFlow (or another XLA user) created XLA's CUDA platform and it failed:"


def xla_gpu_device_not_initialised(ctx: Facts) -> list[Finding]:
    """``xla-gpu-device-not-initialised`` for backend.cc's "device <PLATFORM>:<N> not
    supported by XLA service": variant ``below-xla-floor`` (an error, category
    compute-capability) when XLA's own "StreamExecutor cuda device (N) is of insufficient
    compute capability" line names the same GPU, else the hedge (a warning of category
    unknown) that lists the causes and the checks that tell them apart; the catalogue row's
    ``defers_to`` lowers it when the reason's own finding is present (out of memory at
    context creation, a CUDA error naming the compute mode). ``[]`` without the message,
    when every line is the later releases' "Ignoring visible XLA_GPU_JIT device" notice
    (TensorFlow carried on without that GPU), or for another platform than CUDA (ROCm's
    reasons to leave a GPU out are not these)."""
    hits = [h for h in ctx.h("xla.device_not_supported").all()
            if not h.g("ign") and (h.g("platform") or "").upper() == "CUDA"]
    if not hits:
        return _no_gpu_kept(ctx)
    hit = hits[0]
    ordinal = hit.g("ordinal") or "0"
    device = hit.g("device") or f"CUDA:{ordinal}"
    setup = _SETUP if hit.g("xla") else _OTHER_CALLER
    during = " (setting up TensorFlow's XLA_GPU device)" if hit.g("xla") else ""
    floor = [h for h in ctx.h("cc.xla_floor").all() if h.g("idx") == ordinal]
    if floor:
        f = floor[0]
        return [catalogue.make(
            "xla-gpu-device-not-initialised", variant="below-xla-floor",
            ordinal=ordinal, device=device, setup=setup, during=during,
            cc=f.g("cc") or f.need("cc2"), minimum=f.g("min") or f.need("min2"),
            evidence=log_evidence(floor[:1], [hit]),
        )]
    return [catalogue.make(
        "xla-gpu-device-not-initialised",
        ordinal=ordinal, device=device, setup=setup, during=during,
        evidence=log_evidence([hit]),
    )]


def refused_for_xla_floor(ctx: Facts, idx: str) -> bool:
    """Whether the log's "device <PLATFORM>:<idx> not supported by XLA service" (not the
    "Ignoring visible" notice) names GPU ``idx``: :func:`xla_gpu_device_not_initialised`
    then reports XLA's compute-capability refusal of that GPU, so the compute-capability
    check leaves it to that finding."""
    return any(h.g("ordinal") == idx and not h.g("ign")
               for h in ctx.h("xla.device_not_supported").all())


def _no_gpu_kept(ctx: Facts) -> list[Finding]:
    """Variant ``no-gpu-kept`` for platform_util.cc's "no supported devices found for
    platform CUDA" (XLA kept no GPU; with or without TF 1.13-2.3's XLA_GPU_JIT suffix, or in
    statusor.cc's fatal "Attempting to fetch value instead of handling error"): the hedge
    that lists the causes, lowered by the row's ``defers_to`` when XLA's reason line has a
    finding. ``[]`` without the message, and when XLA's compute-capability refusal is in the
    log (checks/compute_capability.py reports that abort itself)."""
    hits = ctx.h("cc.xla_no_devices").all()
    if not hits or ctx.h("cc.xla_floor").count:
        return []
    hit = hits[0]
    return [catalogue.make(
        "xla-gpu-device-not-initialised", variant="no-gpu-kept",
        setup=_SETUP if hit.g("xla") else _NONE_KEPT,
        during=" (setting up TensorFlow's XLA_GPU device)" if hit.g("xla") else "",
        evidence=log_evidence([hit]),
    )]
