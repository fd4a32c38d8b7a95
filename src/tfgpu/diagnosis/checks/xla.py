"""XLA and ptxas: libdevice, ptxas missing/too old/buggy, PTX JIT."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity


def rule_xla(ctx: Facts) -> list[Finding]:
    """libdevice, ptxas missing/too old/buggy, PTX JIT."""
    out: list[Finding] = []
    linux_fix = (
        "pip install --upgrade nvidia-cuda-nvcc-cu12   # ships ptxas and libdevice",
        "or: conda install -c nvidia cuda-nvcc   # in a conda environment",
        "find / -name libdevice.10.bc 2>/dev/null",
        "export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda   # the folder that holds "
        "nvvm/libdevice",
    )
    lib = ctx.h("xla.libdevice")
    if lib.count:
        out.append(
            catalogue.make(
                "xla-libdevice-not-found",
                evidence=log_evidence(ctx.h("xla.service").first[:1], lib),
                fix=linux_fix,
            )
        )
    bug = ctx.h("xla.ptxas_bug")
    if bug.count:
        v = bug.first[0].g("v")
        out.append(
            catalogue.make(
                "ptxas-version-rejected",
                version=v,
                evidence=log_evidence(bug),
                fix=(
                    f'pip install "nvidia-cuda-nvcc-cu12!={v}"   # any other release',
                    "or put another CUDA toolkit's ptxas first on PATH / point "
                    "XLA_FLAGS=--xla_gpu_cuda_data_dir at it",
                ),
            )
        )
    miss = ctx.h("xla.ptxas_missing")
    if miss.count:
        out.append(
            catalogue.make(
                "ptxas-not-found",
                evidence=log_evidence(miss),
                fix=(*linux_fix[:2], "which ptxas && ptxas --version"),
            )
        )
    old = ctx.h("xla.ptxas_old")
    arch = ctx.h("xla.ptxas_arch")
    fallback = ctx.h("xla.driver_fallback")
    nvcc_fix = _nvcc_fix(ctx)
    if old.count:
        h = old.first[0]
        cause = "ptxas is older than the PTX XLA generates"
        if h.g("ptx"):
            cause += f" (PTX ISA {h.g('ptx')}, this ptxas supports up to {h.g('cur')})"
        elif h.g("v2"):
            cause = (
                f"The ptxas XLA found is {h.g('v2')}, older than {h.g('min')}; XLA warns that "
                f"ptxas before {h.g('min')} miscompiles its kernels (wrong results or "
                "invalid-address errors)"
            )
        if h.g("v2") and not h.g("ptx"):
            too_old = catalogue.make(
                "ptxas-too-old",
                variant="below-xla-minimum",
                version=h.g("v2"),
                minimum=h.g("min"),
                evidence=log_evidence(old),
                cause=cause + ".",
                fix=nvcc_fix,
            )
        else:
            too_old = catalogue.make(
                "ptxas-too-old", evidence=log_evidence(old), cause=cause + ".", fix=nvcc_fix
            )
        out.append(too_old)
    if arch.count:
        h = arch.first[0]
        sm = h.g("sm") or ("sm_" + (h.g("cc") or "").replace(".", ""))
        first_row = ctx.kb.ptxas_first_cuda(sm)
        first = first_row.first_cuda if first_row is not None else None
        cause = (
            f"The ptxas XLA found does not know the GPU architecture {sm}"
            + (f" (ptxas learned {sm} in CUDA {first})" if first else "")
            + ", so it cannot compile kernels for this GPU"
            + (
                "; XLA falls back to the driver's PTX JIT, which is slower to start and "
                "depends on the driver being new enough."
                if fallback.count
                else "."
            )
        )
        out.append(
            catalogue.make(
                "ptxas-does-not-support-gpu",
                severity=Severity.WARNING if fallback.count else Severity.ERROR,
                sm=sm,
                needs=f" (needs CUDA >= {first} ptxas)" if first else "",
                evidence=log_evidence(arch, fallback.first[:1]),
                cause=cause,
                fix=nvcc_fix,
            )
        )
    errs = ctx.h("cuda.error")
    unsupported = errs.by_key.get("CUDA_ERROR_UNSUPPORTED_PTX_VERSION")
    jit = ctx.h("xla.ptx_jit")
    if unsupported is not None or (jit.count and "CUDA_ERROR_INVALID_PTX" not in errs.by_key):
        out.append(
            catalogue.make(
                "ptx-newer-than-driver",
                variant="unsupported-ptx-version" if unsupported else None,
                evidence=log_evidence([unsupported] if unsupported else [], jit),
                fix=(
                    "upgrade the NVIDIA driver (nvidia-smi 'CUDA Version' must be >= the CUDA of "
                    "ptxas)",
                    "or use a ptxas/CUDA compiler no newer than the driver's CUDA version",
                ),
            )
        )
    return out


def _nvcc_fix(ctx: Facts) -> tuple[str, ...]:
    """Fixes that give XLA a new enough ptxas: the pip CUDA compiler wheel matching
    TensorFlow's CUDA major (tf_tested_configs row), a newer ptxas on PATH, or XLA_FLAGS."""
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    if tested is not None:
        major = tested.cuda.split(".")[0]
        wheel = (
            f'pip install -U "nvidia-cuda-nvcc-cu{major}"   # ptxas of CUDA {major}, the CUDA '
            f"TensorFlow {ctx.tf_version} was built with"
        )
    else:
        wheel = (
            'pip install -U "nvidia-cuda-nvcc-cu12"   # or -cu11: match the CUDA major '
            "TensorFlow was built with (tf.sysconfig.get_build_info()['cuda_version'])"
        )
    return (
        wheel,
        "or put a newer CUDA toolkit's bin first on PATH: which ptxas && ptxas --version",
        "or point XLA at that toolkit: export XLA_FLAGS=--xla_gpu_cuda_data_dir=/usr/local/cuda"
        "-12.x   # the folder holding bin/ptxas and nvvm/libdevice",
    )
