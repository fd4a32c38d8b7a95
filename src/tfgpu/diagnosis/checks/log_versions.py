"""cuDNN and driver versions: a cuDNN older than TensorFlow was built with, a driver
too old for the CUDA runtime, and a kernel module that differs from the driver library.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.libraries import parse_library
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import DriverMinimum, KnowledgeQueryError, docs


def _cudnn_num(text: str) -> tuple[int, int, int] | None:
    if "." in text:
        parts = [int(p) for p in text.split(".") if p.isdigit()]
        parts += [0] * (3 - len(parts))
        return parts[0], parts[1], parts[2]
    if not text.isdigit():
        return None
    n = int(text)
    return n // 1000, (n % 1000) // 100, n % 100


def _ver(t: tuple[int, int, int]) -> str:
    return f"{t[0]}.{t[1]}.{t[2]}"


def rule_cudnn_mismatch(ctx: Facts) -> list[Finding]:
    """``Loaded runtime CuDNN library: X but source was compiled with: Y``."""
    hits = ctx.h("cudnn.mismatch")
    hit = hits.first[0] if hits.first else None
    if hit is None:
        return []
    rt, src = _cudnn_num(hit.g("rt") or ""), _cudnn_num(hit.g("src") or "")
    if rt is None or src is None:
        return []
    cause = f"TensorFlow was compiled against cuDNN {_ver(src)} but loaded cuDNN {_ver(rt)}"
    fix: list[str] = []
    want = f"{src[0]}.{src[1]}.{src[2]}"
    if rt[0] == src[0] and rt[:2] < src[:2]:
        cause += (
            f": an older cuDNN {rt[0]}.{rt[1]} copy was found first (cuDNN needs the same "
            "major and an equal or newer minor)."
        )
        if ctx.conda:
            fix += ["conda list cudnn", f"conda install cudnn={want}   # inside that environment"]
        if ctx.windows:
            fix += [
                f"where cudnn64_{rt[0]}.dll",
                f"remove or move the stale cuDNN {rt[0]}.{rt[1]} DLL so the {want} one comes "
                f"first on PATH",
            ]
        elif not ctx.conda:
            fix += [
                "ldconfig -p | grep libcudnn; echo $LD_LIBRARY_PATH",
                f"put cuDNN {want}'s lib folder first on LD_LIBRARY_PATH or remove the old copy",
            ]
        if not ctx.conda:
            cu = _runtime_major(ctx)
            cu_major = (cu or "").split(".")[0] or ("12" if src[0] >= 9 else "11")
            fix += [
                "pip list 2>/dev/null | grep -i cudnn   # another framework's wheel may bring "
                "the older copy"
                if not ctx.windows
                else "pip list | findstr /i cudnn   # another framework's wheel may bring the "
                "older copy",
                f'pip install -U "nvidia-cudnn-cu{cu_major}>={src[0]}.{src[1]}"   # cuDNN '
                f"{src[0]}.{src[1]} or newer {src[0]}.x as a pip wheel (CUDA {cu_major} build)",
            ]
    elif rt[0] != src[0]:
        cause += f": the major versions differ ({rt[0]} vs {src[0]}), which never works."
        fix.append(f"install cuDNN {src[0]}.{src[1]} (the version TensorFlow was built with)")
        fix.append(
            f"or keep cuDNN and install a TensorFlow release built for cuDNN {rt[0]}.{rt[1]} "
            "(no root needed)"
        )
    else:
        cause += (
            f". This TensorFlow build demands the exact compatibility version it was built "
            f"with ({hit.g('srcc') or f'{src[0]}{src[1]}00'}), so a different minor is "
            "rejected even when newer."
        )
        if ctx.conda:
            fix.append(f"conda install cudnn={want}   # inside the environment")
        fix.append(
            f"install cuDNN {src[0]}.{src[1]} (what TensorFlow was built with), or install a "
            f"TensorFlow release built for cuDNN {rt[0]}.{rt[1]} instead of changing cuDNN"
        )
    if ctx.conda:
        cause += (
            " A conda environment ships its own cuDNN, which shadows the system one: change "
            "cuDNN inside the environment, not system-wide."
        )
    return [
        catalogue.make(
            "cudnn-version-mismatch",
            loaded=_ver(rt),
            built=_ver(src),
            evidence=log_evidence(hits),
            cause=cause,
            fix=tuple(fix),
            doc="tf-source-windows-gpu" if ctx.windows else None,
        )
    ]


def _runtime_major(ctx: Facts) -> str | None:
    for name in ("lib.opened",):
        for key in ctx.h(name).by_key:
            base, _, expected = parse_library(key)
            if base == "cudart" and expected:
                return expected.replace("CUDA ", "")
    mm = ctx.tf_mm
    os = "windows" if ctx.windows else "linux"
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, os) if mm else None
    return tested[0] if tested else None


def _min_driver(ctx: Facts, cuda: str) -> DriverMinimum | None:
    """Minimum driver for CUDA ``cuda`` (``"12"`` means 12.0) on the host's OS
    (cuda_min_driver), or ``None`` when the table has none or the version does not parse."""
    try:
        return ctx.kb.min_driver(cuda if "." in cuda else f"{cuda}.0",
                                 "windows" if ctx.windows else "linux")
    except KnowledgeQueryError:
        return None


def rule_driver_insufficient(ctx: Facts) -> list[Finding]:
    """``CUDA driver version is insufficient for CUDA runtime version``."""
    hits = ctx.h("driver.insufficient")
    if not hits.count:
        return []
    rt = _runtime_major(ctx)
    drv = ctx.driver_version
    minimum = _min_driver(ctx, rt) if rt else None
    floor = minimum.version if minimum else None
    cause = "The NVIDIA driver is older than the CUDA runtime TensorFlow loaded"
    if rt:
        cause += f" (CUDA {rt}"
        opened = [h for h in ctx.h("lib.opened").all() if "cudart" in (h.g("lib") or "")]
        cause += (
            ", from the libcudart it opened)"
            if opened
            else ", what this TensorFlow was built with)"
        )
    if floor:
        cause += f"; CUDA {rt} needs driver >= {floor}"
    if drv:
        cause += f"; this driver is {drv}"
    cause += "."
    fix = []
    if floor:
        fix.append(
            f"upgrade the NVIDIA driver to >= {floor}"
            + (
                f" ({docs.url('nvidia-drivers-short')})"
                if ctx.windows
                else ", e.g. sudo ubuntu-drivers install   # Ubuntu"
            )
        )
    else:
        fix.append("upgrade the NVIDIA driver (nvidia-smi shows the newest CUDA it supports)")
    fix.append(
        "or install a TensorFlow build for the CUDA version your driver supports "
        "(nvidia-smi: 'CUDA Version')"
    )
    return [
        catalogue.make(
            "driver-too-old-for-cuda-runtime",
            evidence=log_evidence(
                hits,
                [
                    h
                    for h in ctx.h("cuinit").all()
                    if h.g("name") == "CUDA_ERROR_INSUFFICIENT_DRIVER"
                ],
                ctx.h("lib.opened").first[:2],
            ),
            cause=cause,
            fix=tuple(fix),
            knowledge_ref=minimum.row.ref if minimum else None,
        )
    ]


def rule_driver_mismatch(ctx: Facts) -> list[Finding]:
    """Kernel module and user-space driver library of different versions."""
    hits = ctx.h("driver.mismatch")
    if not hits.count:
        return []
    h = hits.first[0]
    cause = "The loaded NVIDIA kernel module and the user-space driver library differ"
    if h.g("k"):
        cause += f" (kernel {h.g('k')}, library {h.g('dso')})"
    cause += ", usually after a driver upgrade without a reboot."
    return [
        catalogue.make(
            "driver-library-mismatch",
            evidence=log_evidence(
                hits,
                [
                    h
                    for h in ctx.h("cuinit").all()
                    if h.g("name") == "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" or h.g("code") == "803"
                ],
            ),
            cause=cause,
            fix=(
                "reboot (loads the new kernel module)",
                "nvidia-smi   # must print the table again",
            ),
        )
    ]
