"""WSL2 and NUMA: busy/unavailable devices, NUMA notices, the WSL libcuda symlink notice."""

from __future__ import annotations

from tfgpu.explain import _compat as K
from tfgpu.explain._context import Ctx, log_evidence
from tfgpu.explain.rules._common import E, I
from tfgpu.findings import Finding


def rule_wsl_numa(ctx: Ctx) -> list[Finding]:
    """Busy/unavailable devices, NUMA notices (harmless), WSL libcuda symlink notice."""
    out: list[Finding] = []
    busy = ctx.h("cuda.busy")
    if busy.count:
        if ctx.wsl:
            out.append(
                Finding(
                    id="wsl2-cuda-context-fails",
                    severity=E,
                    category="wsl2",
                    title="WSL2: the GPU is listed but CUDA cannot create a context",
                    area="environment",
                    evidence=log_evidence(busy),
                    cause=(
                        "Inside WSL2 every CUDA context creation failed ('all CUDA-capable "
                        "devices are "
                        "busy or unavailable') although the GPU is enumerated: the Windows-side "
                        "GPU "
                        "paravirtualisation is broken (typically a Windows build or Windows driver "
                        "regression); nothing in the Linux distribution or TensorFlow causes it."
                    ),
                    fix=(
                        "nvidia-smi   # inside WSL",
                        "wsl --update   # from Windows",
                        "wsl --shutdown   # then reopen the distribution",
                        "update, or roll back, the Windows build / Windows NVIDIA driver; never "
                        "install "
                        "a Linux NVIDIA driver inside WSL",
                    ),
                    doc=K.DOC_WSL,
                )
            )
        else:
            out.append(
                Finding(
                    id="gpu-busy-or-unavailable",
                    severity=E,
                    category="gpu-not-visible",
                    title="All CUDA devices busy or unavailable",
                    area="driver",
                    evidence=log_evidence(busy),
                    cause=(
                        "CUDA could not create a context on any GPU: in exclusive-process compute "
                        "mode another process holds it, or the GPU is in a bad state."
                    ),
                    fix=(
                        "nvidia-smi --query-gpu=compute_mode --format=csv",
                        "nvidia-smi --query-compute-apps=pid,process_name --format=csv",
                    ),
                    doc=K.DOC_CUDA_TYPES,
                )
            )
    unread = ctx.h("numa.unreadable")
    neg = ctx.h("numa.negative")
    if unread.count or neg.count:
        wsl = ctx.wsl
        out.append(
            Finding(
                id="numa-node-notice",
                severity=I,
                category="wsl2" if wsl else "notice",
                title="NUMA-node notice: harmless",
                area="log",
                evidence=log_evidence(unread, ctx.h("numa.no_support"), neg, limit=3),
                cause=(
                    "Harmless. "
                    + (
                        "WSL2's kernel exposes no numa_node file for the paravirtualised GPU"
                        if unread.count
                        else "The kernel reports NUMA node -1 for the GPU (common on "
                        "single-socket machines and VMs)"
                    )
                    + "; TensorFlow uses node 0 and the GPU still works. Not an error: if the GPU "
                    "is "
                    "unusable, the cause is elsewhere (see the other findings, or run `tfgpu "
                    "doctor`)."
                ),
                fix=(),
                doc=K.DOC_NUMA,
                harmless=True,
            )
        )
    sym = ctx.h("wsl.libcuda_symlink")
    if sym.count:
        out.append(
            Finding(
                id="wsl2-libcuda-symlink-notice",
                severity=I,
                category="wsl2",
                title="WSL2: 'libcuda.so.1 is not a symbolic link' is harmless",
                area="log",
                evidence=log_evidence(sym, limit=2),
                cause="ldconfig notices WSL's read-only /usr/lib/wsl/lib; CUDA still works.",
                doc=K.DOC_WSL,
                harmless=True,
            )
        )
    return out
