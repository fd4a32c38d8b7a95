"""IOMMU probe (Linux): is an IOMMU active, and in passthrough mode?

Multi-GPU NCCL peer-to-peer traffic breaks when PCIe ACS redirects it through the root
complex, which happens with an active IOMMU that is not in passthrough mode (NVIDIA NCCL
troubleshooting guide, "PCI Access Control Services (ACS)":
https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html).

Sources: ``/sys/class/iommu`` (one entry per active IOMMU unit), ``/sys/kernel/iommu_groups``,
``/proc/cmdline`` (``iommu=pt``, ``intel_iommu=``, ``amd_iommu=``).  The answer is the
record's ``message``: ``"enabled (N groups)"``, ``"enabled, passthrough (iommu=pt)"`` or
``"disabled"``.
"""

from __future__ import annotations

import time

from tfgpu.facts import ProbeRecord, ProbeStatus
from tfgpu.probes import ProbeContext, ProbeResult

NAME = "iommu"
ORDER = 60


def describe(units: list[str], groups: int, cmdline: str) -> str:
    """Say whether the IOMMU is active and in passthrough mode (pure).

    Args:
        units: names in ``/sys/class/iommu``.
        groups: number of entries in ``/sys/kernel/iommu_groups``.
        cmdline: ``/proc/cmdline``.
    """
    words = cmdline.split()
    units = [u for u in units if not u.startswith(".")]
    if not units and groups == 0:
        return "disabled"
    if "iommu=pt" in words or "iommu.passthrough=1" in words:
        return "enabled, passthrough (iommu=pt)"
    return f"enabled ({groups} groups)"


def run(ctx: ProbeContext) -> ProbeResult:
    """Probe the IOMMU state on Linux; ``SKIPPED`` elsewhere; never raises."""
    start = time.perf_counter()
    if ctx.system != "Linux":
        return ProbeResult(records=(ProbeRecord(NAME, ProbeStatus.SKIPPED,
                                                message="not Linux"),))
    cmdline = ctx.fs.read_text("/proc/cmdline") or ""
    units = ctx.fs.listdir("/sys/class/iommu")
    groups = len([g for g in ctx.fs.listdir("/sys/kernel/iommu_groups") if not g.startswith(".")])
    state = describe(units, groups, cmdline)
    record = ProbeRecord(NAME, ProbeStatus.OK, ("/sys/class/iommu", "/proc/cmdline"),
                         duration_s=round(time.perf_counter() - start, 4), message=state,
                         raw_excerpt=" ".join(w for w in cmdline.split() if "iommu" in w) or None)
    return ProbeResult(records=(record,))
