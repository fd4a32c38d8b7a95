"""Distributed training: NCCL kernels missing (Windows) or NCCL runtime errors."""

from __future__ import annotations

from tfgpu.explain import _compat as K
from tfgpu.explain._context import Ctx, log_evidence
from tfgpu.explain.rules._common import E
from tfgpu.findings import Finding


def rule_nccl(ctx: Ctx) -> list[Finding]:
    """NCCL kernels missing (Windows) or NCCL runtime errors."""
    out: list[Finding] = []
    nok = ctx.h("nccl.no_kernel")
    if nok.count:
        op = nok.first[0].g("op")
        out.append(
            Finding(
                id="nccl-not-available",
                severity=E,
                category="multigpu-nccl",
                title=f"No NCCL kernel for {op}: this build has no NCCL",
                area="runtime",
                evidence=log_evidence(nok),
                cause=(
                    "MirroredStrategy all-reduces gradients with NCCL by default, but this "
                    "TensorFlow "
                    "build has no NCCL kernels (native Windows builds never ship NCCL)."
                ),
                fix=(
                    "strategy = tf.distribute.MirroredStrategy("
                    "cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())",
                    "or train multi-GPU on Linux / WSL2",
                ),
                doc=K.DOC_MIRRORED,
            )
        )
    err = ctx.h("nccl.error")
    ib = ctx.h("nccl.ib")
    system = ctx.h("nccl.system")
    if ib.count and (err.count or system.count):
        calls = sorted({c for h in ib.all() if (c := h.g("call"))})
        out.append(
            Finding(
                id="nccl-error",
                severity=E,
                category="multigpu-nccl",
                title="NCCL failed in its InfiniBand transport"
                + (f" ({', '.join(calls)} failed)" if calls else ""),
                area="runtime",
                evidence=log_evidence(system, ib.first[:2], err.first[:1]),
                cause=(
                    "NCCL's InfiniBand (verbs) transport failed"
                    + (f": {', '.join(calls)} returned an error" if calls else "")
                    + ", and the collective op ended with 'unhandled system error'. Creating "
                    "queue pairs / completion queues fails when the locked-memory limit (memlock) "
                    "is too low, typical under Slurm and in containers, or when the IB device is "
                    "not usable from this process."
                ),
                fix=(
                    "NCCL_IB_DISABLE=1 python train.py   # test without InfiniBand (falls back to "
                    "sockets)",
                    "ulimit -l   # must print unlimited; raise memlock: ulimit -l unlimited "
                    "(Slurm: "
                    "PropagateResourceLimits / slurmd's LimitMEMLOCK=infinity; Docker: --ulimit "
                    "memlock=-1)",
                    "NCCL_DEBUG=INFO python train.py   # shows the failing transport and device",
                    "ibv_devinfo   # the IB device must be visible in the job/container",
                ),
                doc=K.DOC_NCCL,
            )
        )
    elif err.count or system.count:
        out.append(
            Finding(
                id="nccl-error",
                severity=E,
                category="multigpu-nccl",
                title="NCCL reported an error",
                area="runtime",
                evidence=log_evidence(system, err),
                cause=(
                    "A collective operation failed inside NCCL; the log line names the NCCL error. "
                    "Common causes: broken GPU peer-to-peer (PCIe ACS/IOMMU), shared memory limits "
                    "in containers, mismatched NCCL versions."
                ),
                fix=(
                    "NCCL_DEBUG=INFO python train.py   # rerun to see the failing transport",
                    "nvidia-smi topo -m",
                    "test without peer-to-peer: NCCL_P2P_DISABLE=1 python train.py",
                    "docker run --shm-size=1g ...   # in containers",
                ),
                doc=K.DOC_NCCL,
            )
        )
    return out
