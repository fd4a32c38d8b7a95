"""Distributed training: NCCL kernels missing (Windows) or NCCL runtime errors."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def rule_nccl(ctx: Facts) -> list[Finding]:
    """NCCL kernels missing (Windows) or NCCL runtime errors."""
    out: list[Finding] = []
    nok = ctx.h("nccl.no_kernel")
    if nok.count:
        op = nok.first[0].g("op")
        out.append(
            catalogue.make(
                "nccl-not-available",
                op=op,
                evidence=log_evidence(nok),
                fix=(
                    "strategy = tf.distribute.MirroredStrategy("
                    "cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())",
                    "or train multi-GPU on Linux / WSL2",
                ),
            )
        )
    err = ctx.h("nccl.error")
    ib = ctx.h("nccl.ib")
    system = ctx.h("nccl.system")
    if ib.count and (err.count or system.count):
        calls = sorted({c for h in ib.all() if (c := h.g("call"))})
        out.append(
            catalogue.make(
                "nccl-error",
                variant="infiniband",
                calls_failed=f" ({', '.join(calls)} failed)" if calls else "",
                calls_returned=f": {', '.join(calls)} returned an error" if calls else "",
                evidence=log_evidence(system, ib.first[:2], err.first[:1]),
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
            )
        )
    elif err.count or system.count:
        out.append(
            catalogue.make(
                "nccl-error",
                evidence=log_evidence(system, err),
                fix=(
                    "NCCL_DEBUG=INFO python train.py   # rerun to see the failing transport",
                    "nvidia-smi topo -m",
                    "test without peer-to-peer: NCCL_P2P_DISABLE=1 python train.py",
                    "docker run --shm-size=1g ...   # in containers",
                ),
            )
        )
    return out
