"""The NVIDIA driver and the CUDA version a diagnosis judges by: the driver the host facts
or the log name, and the CUDA this TensorFlow was built with.

Shared by the driver checks (driver_from_log.py), the cuDNN/cuBLAS start-up causes
(dnn_init_causes.py) and the compute-capability checks.

Sources of the facts used here:

* tensorflow ``stream_executor/cuda/cuda_dnn.cc`` prints the kernel driver after a failed
  ``cudnnCreate`` ("possibly insufficient driver version: X", three fields: ``384.69.0``).
* The CUDA each TensorFlow release was built with: ``tf_tested_configs.toml`` (2.x) and the
  platform fact ``tf1-gpu-build-cuda`` (1.x, the tested build configurations of
  tensorflow/docs ``site/en/install/source.md``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis.checks.tf1_era import tf1_build_cudas
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts
from tfgpu.knowledge import KnowledgeQueryError, parse_version


def printed_driver(ctx: Facts) -> tuple[str, list[Hit]] | None:
    """The NVIDIA driver version the log prints (``driver.kernel``, ``driver.libcuda``,
    nvidia-smi's banner, cuda_dnn.cc's "possibly insufficient driver version", the NVRM
    banner), with its lines; ``None`` when the log prints none."""
    # "Driver Version: 21.21.13.7651" (dxdiag, Device Manager) is Windows' form of
    # NVIDIA 376.51 (facts/driver_text.py); a number neither form is not a driver version
    found = ctx.log_driver()
    if found is not None:
        return found[0], [found[1]]
    for hit in ctx.h("driver.printed").all():
        v = hit.g("v") or hit.g("v2")
        if v:
            # cuda_dnn.cc prints three fields ("384.69.0"): the driver is 384.69
            parts = v.split(".")
            if (len(parts) == 3 and parts[2] == "0" and len(parts[0]) == 3
                    and "NVRM" not in hit.text):
                v = ".".join(parts[:2])
            return v, [hit]
    return None


def driver_version(ctx: Facts) -> tuple[str | None, str | None, tuple[str, list[Hit]] | None]:
    """``(driver, host_driver, printed)``: the NVIDIA driver version to judge by, the host
    facts' (``host_driver``) else the one the log prints (``printed``, from
    :func:`printed_driver`, with its lines); ``driver`` is ``None`` when neither names one."""
    printed = printed_driver(ctx)
    host_drv = (ctx.host.driver.version if ctx.host is not None and ctx.host.driver is not None
                else None)
    return host_drv or (printed[0] if printed else None), host_drv, printed


def cuda_of_dll_number(n: str) -> str:
    """The CUDA release the number of a Windows CUDA library names: major and minor before
    CUDA 11 (``cudart64_101.dll``: ``"101"`` -> ``"10.1"``; ``cudart64_80.dll``: ``"80"`` ->
    ``"8.0"``), from 11 three digits on cudart 11.0 (``cudart64_110.dll`` -> ``"11.0"``) and
    the major alone (``cublas64_11.dll``, ``cudart64_12.dll``: ``"12"`` -> ``"12"``)."""
    return f"{n[:-1]}.{n[-1]}" if len(n) == 3 or n in ("80", "90", "91", "92") else n


def tested_build_cuda(ctx: Facts) -> tuple[str, str] | None:
    """``(cuda, ref)``: the CUDA version the GPU build of the TensorFlow version (host facts or
    log) was built and tested with on this OS (``tf_tested_configs.toml``, TensorFlow's tested
    build configurations) and that row's reference; ``None`` when unknown (no version, one not
    starting ``X.Y``, a release or OS row the table lacks, a CPU-only row)."""
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    return (tested.cuda, tested.ref) if tested else None


def tf_build_cuda(ctx: Facts) -> tuple[str, str] | None:
    """``(cuda, why)``: the CUDA version TensorFlow was built with, from a libcudart the log
    shows it opened, else from the TensorFlow version (host facts or log) through the
    tested configurations (2.x) or the platform fact ``tf1-gpu-build-cuda`` (1.x); ``None``
    when unknown (no version, a garbled one, a release the tables lack, the 1.x platform fact
    missing: :func:`~tfgpu.diagnosis.checks.tf1_era.tf1_build_cudas`)."""
    for h in ctx.h("lib.opened").all():
        lib = h.g("lib") or ""
        m = re.match(r"libcudart\.so\.(\d{1,2}\.\d)$", lib)
        w = re.match(r"cudart64_(\d{2,3})\.dll$", lib, re.IGNORECASE)
        if m:
            return m.group(1), f"the log shows it opened {lib}"
        if w:
            return cuda_of_dll_number(w.group(1)), f"the log shows it opened {lib}"
    tf = ctx.tf_version
    if not tf:
        return None
    try:
        v = parse_version(tf)
    except KnowledgeQueryError:  # a garbled version string: unknown
        return None
    if v.major == 1:
        known = tf1_build_cudas(ctx.kb)
        if known is None:
            return None
        for series, cuda in known.builds:
            if series == f"{v.major}.{v.minor}":
                return cuda, (f"TensorFlow {tf} GPU builds use CUDA {cuda} (knowledge row "
                              f"{known.ref})")
        return None
    tested = tested_build_cuda(ctx)
    if tested:
        return tested[0], f"TensorFlow {tf} was built with CUDA {tested[0]} (tested configuration)"
    return None
