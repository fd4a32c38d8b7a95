"""Host-memory and device-query messages of one line each.

* ``host-ram-exhausted-process-killed`` (variant ``python-memoryerror``): a traceback ends in
  CPython's ``MemoryError`` (``Objects/exceptions.c``; raised by ``PyErr_NoMemory`` when a
  host allocation fails) or NumPy's ``_ArrayMemoryError`` ("Unable to allocate <size> for an
  array with shape ...", ``numpy/core/_exceptions.py``), and nothing in the log is a GPU,
  CUDA or library message: host RAM, not GPU memory (tensorflow/tensorflow#657).
* ``nvidia-driver-error`` (variant ``device-properties``, hedged): TensorFlow's grappler logs
  "Failed to get device properties, error code: <cudaError_t>"
  (``tensorflow/core/grappler/clusters/utils.cc`` GetLocalGPUInfo); the line is read only
  when its code is 30 (``cudaErrorUnknown`` in CUDA 10.0's and older ``driver_types.h``).
  999 is left alone: it is cudaErrorUnknown from CUDA 10.1 (the 2.21 wheel's
  ``third_party/gpus/cuda/include/driver_types.h``) but also hipErrorUnknown, and ROCm
  builds print the same line with a hipError_t. Other codes have other causes (3,
  initialization error: a process forked after CUDA started).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Pattern-name prefixes of GPU, CUDA, driver and library messages: any hit of them means the
#: log shows GPU work, so a MemoryError there is not read as host memory alone.
_GPU_PREFIXES = ("cuda", "gpu", "dnn", "blas", "lib", "cuinit", "xla", "nccl", "op.",
                 "dyld", "metal", "driver", "smi", "tf.gpu", "mem.gpu", "mem.oom", "mem.bfc",
                 "mem.alloc", "trt", "rocm")

#: cudaError_t values that mean cudaErrorUnknown (sources in the module docstring).
_UNKNOWN_CODES = {"30": "cudaErrorUnknown (30, CUDA 10.0 and older)"}


def _gpu_shown(ctx: Facts) -> bool:
    """True when any pattern of a GPU/CUDA/library message matched in the log."""
    return any(name.startswith(_GPU_PREFIXES) and hits.count
               for name, hits in ctx.log.hits.items())


def python_memoryerror(ctx: Facts) -> list[Finding]:
    """``host-ram-exhausted-process-killed`` (variant ``python-memoryerror``): the log's last
    hit of ``mem.py_memoryerror`` is a traceback's last line and no GPU message is shown.

    Returns:
        One finding, or nothing when the log shows GPU work (then the GPU findings speak).
    """
    hits = ctx.h("mem.py_memoryerror").all()
    if not hits or _gpu_shown(ctx):
        return []
    h = hits[-1]
    size = h.g("size")
    where = (f"NumPy could not allocate {size} for an array" if size else
             "the last line of the traceback is a bare MemoryError")
    return [catalogue.make(
        "host-ram-exhausted-process-killed", variant="python-memoryerror",
        size=f": {size}" if size else "", where=where,
        evidence=log_evidence([h]),
    )]


def device_properties_failed(ctx: Facts) -> list[Finding]:
    """``nvidia-driver-error`` (variant ``device-properties``): grappler's "Failed to get
    device properties, error code: 30" (cudaErrorUnknown): most likely a broken driver
    install (hedged: a warning naming the other causes)."""
    for h in ctx.h("gpu.device_props_failed").all():
        code = h.g("code") or ""
        name = _UNKNOWN_CODES.get(code)
        if name is None:
            continue
        return [catalogue.make(
            "nvidia-driver-error", variant="device-properties", name=name,
            code=code, evidence=log_evidence([h]),
        )]
    return []


__all__ = ["device_properties_failed", "python_memoryerror"]
