"""Two machines of one NCCL job with the same host name.

Source: NVIDIA/nccl ``src/misc/utils.cc`` ``getHostHash`` (read in its history).  NCCL
decides which ranks share a machine (and so may reach each other through CUDA IPC and shared
memory) by a hash of the machine's identity: before 2.5.6 the host name and the process's
UTS (from November 2018 also mount) namespace links, the same on every machine's host
namespace (d7a58cfa); from 2.5.6 (299c554d, November 2019) the host name and the boot id
(``/proc/sys/kernel/random/boot_id``), which ``NCCL_HOSTID`` overrides.  With the older
identity, two machines named alike are one machine to NCCL: it connects their ranks through
CUDA IPC, and ``cudaIpcOpenMemHandle`` of another machine's buffer fails ("failed to open CUDA
IPC handle", transport/p2p.cu).  Horovod's troubleshooting guide quotes that line for this
cause (horovod/horovod#148).

The log shows it when NCCL's INFO lines (``NCCL_DEBUG=INFO``) give one host name with two
addresses on the same interface and the IPC open fails, and no NCCL of 2.5.6 or later is shown
(there two containers on one machine, which share its boot id, give the same lines: their
CUDA IPC needs a shared IPC namespace).
"""

from __future__ import annotations

from collections import defaultdict

from packaging.version import Version

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The first NCCL whose machine identity holds the boot id (NVIDIA/nccl 299c554d, 2.5.6-1).
BOOT_ID_NCCL = Version("2.5.6")


#: The fix lines after ``hostname`` when no NCCL version is shown (variant ``unversioned``).
_UNVERSIONED_FIX = (
    "NCCL_DEBUG=INFO python train.py 2>&1 | grep 'NCCL version'   # 2.5.6 or later: the host "
    "name is not the cause",
    "# containers on one machine: start them with --ipc=host (docker run --ipc=host, "
    "Kubernetes hostIPC), or NCCL_P2P_DISABLE=1 for the job; machines of one name: give each "
    "its own (hostnamectl set-hostname)",
)


def nccl_hosts_share_hostname(ctx: Facts) -> list[Finding]:
    """``nccl-hosts-share-hostname``: NCCL's INFO lines show one host name with two or more
    addresses on one interface (``nccl.net_iface``), NCCL failed to open a CUDA IPC handle
    (``nccl.ipc_open``), and no NCCL of :data:`BOOT_ID_NCCL` or later is shown
    (``nccl.version``).  One finding, or none (a machine with two addresses on an interface
    and no IPC failure says nothing)."""
    failed = ctx.h("nccl.ipc_open").all()
    if not failed:
        return []
    shown = [Version(v) for h in ctx.h("nccl.version").all()
             if (v := h.g("v")) is not None]
    if any(v >= BOOT_ID_NCCL for v in shown):
        return []  # the machine's identity holds its boot id: not a host name alone
    seen: dict[tuple[str, str], dict[str, Hit]] = defaultdict(dict)
    for h in ctx.h("nccl.net_iface").all():
        seen[(h.g("host") or "", h.g("iface") or "")].setdefault(h.g("ip") or "", h)
    for (host, _iface), by_ip in seen.items():
        if len(by_ip) < 2:
            continue
        ips = sorted(by_ip)[:4]
        # no NCCL version in the log: containers on one machine (NCCL 2.5.6 or later, one
        # boot id) without a shared IPC namespace give the same lines
        fix = _UNVERSIONED_FIX if not shown else (
            "# on each machine that shares it: sudo hostnamectl set-hostname <a name of its "
            "own> (and update /etc/hosts), then start the job again",
            "# or use NCCL 2.5.6 or newer (a newer TensorFlow, Horovod or NCCL build), whose "
            "machine identity holds each machine's boot id")
        return [catalogue.make(
            "nccl-hosts-share-hostname", variant=None if shown else "unversioned", host=host,
            addresses=", ".join(ips),
            evidence=log_evidence([by_ip[ip] for ip in ips[:2]], failed[:1]),
            fix=(f"hostname   # on each machine or container of the job: machines must not "
                 f"share the name {host}", *fix),
        )]
    return []


__all__ = ["nccl_hosts_share_hostname"]
