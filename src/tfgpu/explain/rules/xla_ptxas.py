"""XLA and ptxas: libdevice, ptxas missing/too old/buggy, PTX JIT."""

from __future__ import annotations

from tfgpu.explain import _compat as K
from tfgpu.explain._context import Ctx, log_evidence
from tfgpu.explain.rules._common import E, W
from tfgpu.findings import Finding


def rule_xla(ctx: Ctx) -> list[Finding]:
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
            Finding(
                id="xla-libdevice-not-found",
                severity=E,
                category="xla-ptxas",
                title="XLA cannot find libdevice (CUDA compiler files)",
                area="cuda",
                evidence=log_evidence(ctx.h("xla.service").first[:1], lib),
                cause=(
                    "XLA JIT-compiles GPU kernels and needs nvvm/libdevice/libdevice.10.bc and "
                    "ptxas "
                    "from a full CUDA toolkit; runtime-only installs (conda cudatoolkit, some pip "
                    "setups) lack them, or XLA looks in the wrong folder."
                ),
                fix=linux_fix,
                doc=K.DOC_XLA_FLAGS,
            )
        )
    bug = ctx.h("xla.ptxas_bug")
    if bug.count:
        v = bug.first[0].g("v")
        out.append(
            Finding(
                id="ptxas-version-rejected",
                severity=E,
                category="xla-ptxas",
                title=f"XLA refuses ptxas {v} (known miscompilation bug)",
                area="cuda",
                evidence=log_evidence(bug),
                cause=(
                    f"ptxas {v} has a bug XLA knows about, so XLA aborts (a Jupyter kernel "
                    f"restart). "
                    "It came with the CUDA compiler wheel or toolkit first on PATH."
                ),
                fix=(
                    f'pip install "nvidia-cuda-nvcc-cu12!={v}"   # any other release',
                    "or put another CUDA toolkit's ptxas first on PATH / point "
                    "XLA_FLAGS=--xla_gpu_cuda_data_dir at it",
                ),
                doc=K.DOC_XLA_FLAGS,
            )
        )
    miss = ctx.h("xla.ptxas_missing")
    if miss.count:
        out.append(
            Finding(
                id="ptxas-not-found",
                severity=E,
                category="xla-ptxas",
                title="XLA cannot find or run ptxas",
                area="cuda",
                evidence=log_evidence(miss),
                cause="XLA needs the ptxas binary of a CUDA toolkit to compile GPU kernels; none "
                "was found.",
                fix=(*linux_fix[:2], "which ptxas && ptxas --version"),
                doc=K.DOC_XLA_FLAGS,
            )
        )
    old = ctx.h("xla.ptxas_old")
    arch = ctx.h("xla.ptxas_arch")
    fallback = ctx.h("xla.driver_fallback")
    nvcc_fix = _nvcc_fix(ctx)
    if old.count:
        h = old.first[0]
        title = "ptxas too old"
        cause = "ptxas is older than the PTX XLA generates"
        if h.g("ptx"):
            cause += f" (PTX ISA {h.g('ptx')}, this ptxas supports up to {h.g('cur')})"
        elif h.g("v2"):
            title = f"ptxas {h.g('v2')} is older than {h.g('min')}, the minimum XLA accepts"
            cause = (
                f"The ptxas XLA found is {h.g('v2')}, older than {h.g('min')}; XLA warns that "
                f"ptxas before {h.g('min')} miscompiles its kernels (wrong results or "
                "invalid-address errors)"
            )
        out.append(
            Finding(
                id="ptxas-too-old",
                severity=E,
                category="xla-ptxas",
                title=title,
                area="cuda",
                evidence=log_evidence(old),
                cause=cause + ".",
                fix=nvcc_fix,
                doc=K.DOC_XLA_FLAGS,
            )
        )
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
            Finding(
                id="ptxas-does-not-support-gpu",
                severity=W if fallback.count else E,
                category="xla-ptxas",
                title=f"ptxas does not support {sm}"
                + (f" (needs CUDA >= {first} ptxas)" if first else ""),
                area="cuda",
                evidence=log_evidence(arch, fallback.first[:1]),
                cause=cause,
                fix=nvcc_fix,
                doc=K.DOC_XLA_FLAGS,
            )
        )
    errs = ctx.h("cuda.error")
    unsupported = errs.by_key.get("CUDA_ERROR_UNSUPPORTED_PTX_VERSION")
    jit = ctx.h("xla.ptx_jit")
    if unsupported is not None or (jit.count and "CUDA_ERROR_INVALID_PTX" not in errs.by_key):
        out.append(
            Finding(
                id="ptx-newer-than-driver",
                severity=E,
                category="xla-ptxas",
                title="PTX JIT failed: PTX newer than the driver supports"
                if unsupported
                else "PTX JIT compilation failed",
                area="driver",
                evidence=log_evidence([unsupported] if unsupported else [], jit),
                cause=(
                    "CUDA_ERROR_UNSUPPORTED_PTX_VERSION (222): the PTX was generated by a CUDA "
                    "compiler newer than the driver's JIT compiler supports."
                    if unsupported
                    else "The driver could not JIT-compile PTX: usually PTX from a newer CUDA "
                    "compiler "
                    "than the driver supports."
                ),
                fix=(
                    "upgrade the NVIDIA driver (nvidia-smi 'CUDA Version' must be >= the CUDA of "
                    "ptxas)",
                    "or use a ptxas/CUDA compiler no newer than the driver's CUDA version",
                ),
                doc=K.DOC_CUDA_TYPES,
            )
        )
    return out


def _nvcc_fix(ctx: Ctx) -> tuple[str, ...]:
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
