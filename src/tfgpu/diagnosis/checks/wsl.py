"""WSL2 and NUMA: busy/unavailable devices, NUMA notices, the WSL libcuda symlink notice."""

from __future__ import annotations

from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding


def rule_wsl_numa(ctx: Facts) -> list[Finding]:
    """Busy/unavailable devices, NUMA notices (harmless), WSL libcuda symlink notice."""
    out: list[Finding] = []
    busy = ctx.h("cuda.busy")
    if busy.count:
        if ctx.wsl:
            out.append(
                catalogue.make(
                    "wsl2-cuda-context-fails",
                    evidence=log_evidence(busy),
                    fix=(
                        "nvidia-smi   # inside WSL",
                        "wsl --update   # from Windows",
                        "wsl --shutdown   # then reopen the distribution",
                        "update, or roll back, the Windows build / Windows NVIDIA driver; never "
                        "install "
                        "a Linux NVIDIA driver inside WSL",
                    ),
                )
            )
        else:
            out.append(
                catalogue.make(
                    "gpu-busy-or-unavailable",
                    evidence=log_evidence(busy),
                    fix=(
                        "nvidia-smi --query-gpu=compute_mode --format=csv",
                        "nvidia-smi --query-compute-apps=pid,process_name --format=csv",
                    ),
                )
            )
    unread = ctx.h("numa.unreadable")
    neg = ctx.h("numa.negative")
    unidentified = ctx.h("numa.unidentified")
    if unread.count or neg.count or unidentified.count:
        wsl = ctx.wsl
        out.append(
            catalogue.make(
                "numa-node-notice",
                variant="unreadable" if unread.count else (
                    "unidentified" if unidentified.count and not neg.count else None),
                category="wsl2" if wsl else "notice",
                evidence=log_evidence(unread, ctx.h("numa.no_support"), neg, unidentified,
                                      limit=3),
            )
        )
    sym = ctx.h("wsl.libcuda_symlink")
    if sym.count:
        out.append(
            catalogue.make(
                "wsl2-libcuda-symlink-notice",
                evidence=log_evidence(sym, limit=2),
            )
        )
    return out


def wsl1(f: Facts) -> Iterator[Finding]:
    """WSL1 has no GPU support; CUDA needs WSL2 (NVIDIA CUDA on WSL user guide)."""
    facts = f.host
    if facts is None:
        return
    if not (facts.os.is_wsl and facts.os.wsl_version == 1):
        return
    yield catalogue.make(
        "wsl1-has-no-gpu", evidence=(Evidence("os.kernel", facts.os.kernel or "?"),),
        fix=("wsl --set-version <distro> 2   # in Windows PowerShell", "wsl --shutdown"),
    )




def wsl1_log(f: Facts) -> list[Finding]:
    """``wsl1-has-no-gpu`` from a log: a WSL1 kernel release (``4.4.0-<build>-Microsoft``, as
    ``cat /proc/version`` or ``uname -r`` print it) and host facts that do not show WSL2.
    WSL1 translates Linux calls and has no GPU (NVIDIA CUDA on WSL user guide); the host
    check :func:`wsl1` gives the same id from the facts."""
    hits = f.h("ctx.wsl1")
    if not hits.count or not f.wsl1:
        return []
    return [catalogue.make(
        "wsl1-has-no-gpu", evidence=log_evidence(hits, limit=2),
        fix=("wsl --set-version <distro> 2   # in Windows PowerShell", "wsl --shutdown"),
    )]
