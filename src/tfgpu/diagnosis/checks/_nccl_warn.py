"""NCCL's own WARN lines as the evidence of an NCCL error, and the program whose NCCL it is.

NCCL prints every failure it returns as a WARN line at the place it happened: src/debug.cc
formats "<host>:<pid>:<tid> [<dev>] <file>:<line> NCCL WARN <message>" (v2.8.4-1 and current),
and the file names the subsystem: ``graph/`` topology detection, ``transport/p2p.cc`` GPU
peer-to-peer, ``transport/shm.cc`` and ``misc/shmutils.cc`` shared memory, ``transport/
net*`` and ``misc/socket.cc`` the network, ``bootstrap.cc`` the ranks' rendezvous,
``proxy.cc`` the proxy thread, ``misc/nvmlwrap.cc`` NVML, ``misc/cudawrap.cc`` the CUDA driver
(the source tree of NVIDIA/nccl v2.18.3-1: src/graph, src/transport, src/misc). The return
trace after it ("NCCL INFO graph/xml.cc:469 -> 2") only unwinds. So a WARN line in the log is
the cause to name before any guess, with two limits:

* Some WARNs are advisories after which NCCL goes on (:data:`ADVISORY`): NVIDIA/nccl
  src/graph/search.cc ncclTopoCompute ``WARN("Could not find a path for pattern %d, falling
  back to simple order")`` then builds a one-channel graph and ``return ncclSuccess`` (v2.7-
  v2.18 source); RCCL src/init.cc ncclInit ``WARN("NUMA auto balancing enabled which can lead
  to variability in the RCCL performance! ...")``, ``WARN("Missing \"iommu=pt\" from kernel
  command line ...")`` and ``WARN("Missing \"HSA_FORCE_FINE_GRAIN_PCIE=1\" from environment
  ...")``, each followed by the next init step, printed on healthy runs too. Such a line is not
  the failure; a log whose only WARNs are these keeps the error-code reading.
* With several WARNs (one per rank, an advisory first), the one that failed is the last
  before the error line, where the return trace starts (:func:`warn_lines` keeps that order).

One WARN has a known cause: "Could not find real path of /sys/class/pci_bus/<bus>/../../<id>"
(src/graph/xml.cc getPciPath). NCCL reads the GPU's PCI device in /sys to build its topology;
where /sys has none for the GPU (WSL2, whose GPU is no PCI device of the Linux VM: "lspci
shows nothing", NVIDIA/nccl#573; a sandbox hiding /sys) NCCL before 2.10.3 returns
ncclSystemError (v2.8.4-1..v2.9.9-1 ``NCCLCHECK(getPciPath(...))`` in ncclTopoGetXmlFromSys);
v2.10.3-1 calls getPciPath unchecked with that WARN silenced and goes on without the path
(NVIDIA/nccl commit 7e51592, xml.cc). Maintainers: "we don't support NCCL in WSL2 environments
currently" (NVIDIA/nccl-tests#69, 2021-02), "WSL2 is not supported by NCCL 2.7.6. You may want
to try NCCL 2.10" (sjeaugey, NVIDIA/nccl#511, 2021-07).

The NCCL a Python wheel brought: PyTorch's c10d ("NCCL error in: .../ProcessGroupNCCL.cpp",
DistBackendError), vLLM's and SGLang's pynccl_wrapper.py (``raise RuntimeError(f"NCCL error:
{error_str}")``) and a Ray cluster's worker prefix ("(RayWorkerWrapper pid=N, ip=A.B.C.D)";
Ray's "[repeated Nx across cluster]" tail is stripped by the reader): the NCCL there is
the framework's (the nvidia-nccl-cu* wheel), so a system libnccl2 built for another CUDA (the
Horovod reading) is not what failed; across a cluster one bad node can fail every rank
(vllm-project/vllm#7896: removing the bad node fixed it).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: NCCL's WARN line: the source file (and line) it was printed at, and its message.
_WARN = re.compile(r"(?P<file>[\w./-]{1,80}\.(?:cc|cu|h|c))(?::\d{1,6})? NCCL WARN "
                   r"(?P<msg>[^\n]{1,240})")
#: NCCL/RCCL WARN messages after which the library goes on (module docstring): advisories,
#: not the failure.
ADVISORY = re.compile(r"falling back to simple order|NUMA auto balancing enabled"
                      r"|Missing \"?iommu=pt|Missing \"?HSA_FORCE_FINE_GRAIN_PCIE",
                      re.IGNORECASE)
#: The subsystem a WARN line's source file belongs to (NVIDIA/nccl src/ tree), first match.
_PARTS: tuple[tuple[str, str], ...] = (
    ("graph/", "its topology detection (graph/)"),
    ("transport/p2p", "its GPU peer-to-peer transport (P2P: CUDA IPC over NVLink/PCIe)"),
    ("transport/shm", "its shared-memory transport"),
    ("shmutils", "its shared memory segments (/dev/shm)"),
    ("include/shm", "its shared memory segments (/dev/shm)"),
    ("transport/nvls", "NVLink SHARP (NVLS)"),
    ("transport/coll_net", "its CollNet (SHARP) transport"),
    ("net_ib", "its InfiniBand transport"),
    ("ibvwrap", "the InfiniBand verbs library"),
    ("net_socket", "its socket network transport"),
    ("transport/net", "its network transport"),
    ("socket", "its sockets between ranks"),
    ("os/linux", "its sockets or shared memory (os/linux.cc)"),
    ("bootstrap", "its bootstrap (the ranks' rendezvous over TCP)"),
    ("proxy", "its proxy thread (network progress)"),
    ("nvmlwrap", "NVML (the driver's management library)"),
    ("cudawrap", "the CUDA driver API"),
    ("enqueue", "launching its kernels"),
    ("alloc", "allocating its buffers"),
    ("init.cc", "creating the communicator"),
    ("group.cc", "a group call"),
)
#: The first NCCL release whose topology detection goes on without the GPU's /sys path.
_TOPO_TOLERANT = (2, 10, 3)


def _part(file: str) -> str:
    return next((what for key, what in _PARTS if key in file), f"NCCL's {file}")


def advisory_lines(err: Hits) -> set[int]:
    """The line numbers of the advisory WARN lines (:data:`ADVISORY`) among ``err``."""
    return {h.line for h in err.all() if _WARN.search(h.text) and ADVISORY.search(h.text)}


def warn_lines(err: Hits) -> list[tuple[Hit, str, str]]:
    """``(hit, file, message)`` of each NCCL WARN line among ``err`` (NCCL's error lines,
    the libibverbs probe already taken out) that is not an advisory (:data:`ADVISORY`), the
    one that failed first: the last WARN before the first error line that is no WARN (the
    error the WARN's return trace ends in), else the last WARN in the log."""
    out = []
    for h in err.all():
        m = _WARN.search(h.text)
        if m is not None and not ADVISORY.search(h.text):
            out.append((h, m.group("file"), m.group("msg").strip()))
    stop = min((h.line for h in err.all() if not _WARN.search(h.text)), default=None)
    before = [w for w in out if stop is None or w[0].line < stop]
    lead = (before or out)[-1:] if out else []
    return [*lead, *(w for w in out if w not in lead)]


def _version(ctx: Facts) -> tuple[str, tuple[int, ...]] | None:
    hits = ctx.h("nccl.version").first
    v = hits[0].g("v") if hits else None
    return (v, tuple(int(p) for p in v.split("."))) if v else None


def topology_sysfs(ctx: Facts, system: Hits, err: Hits) -> Finding | None:
    """``nccl-error`` variant ``topology-sysfs``: NCCL's "Could not find real path of
    /sys/class/pci_bus/..." (pattern ``nccl.topo_sysfs``), with an NCCL error beside it."""
    topo = ctx.h("nccl.topo_sysfs").all()
    if not topo or not (system.count or err.count):
        return None
    path = topo[0].g("path") or "/sys/class/pci_bus/..."
    ver = _version(ctx)
    old = ver is not None and ver[1] < _TOPO_TOLERANT
    if ver is not None and not old:
        return _tolerant_topology(ctx, topo, ver[0], path, system, err)
    # from here the log names no NCCL version, or one before 2.10.3
    wsl = ctx.wsl
    cause = (f"NCCL builds its view of the machine from the GPU's PCI device in /sys, and "
             f"{path} does not exist here (src/graph/xml.cc getPciPath: WARN 'Could not find "
             "real path of ...'): the topology detection failed and the error after it is the "
             "consequence, not /dev/shm, InfiniBand or the network. /sys has no PCI device for "
             "the GPU "
             + ("under WSL2, which this log shows: the GPU is no PCI device of WSL2's Linux "
                "(lspci lists nothing, NVIDIA/nccl#573)" if wsl else
                "under WSL2 (the GPU is no PCI device of WSL2's Linux: lspci lists nothing, "
                "NVIDIA/nccl#573, #442) or in a sandbox or VM that hides /sys")
             + ". "
             + (f"This NCCL is {ver[0]}: releases before 2.10.3 stop on a missing path, from "
                "2.10.3 NCCL goes on without it (NVIDIA's answer for WSL2: 'try NCCL 2.10', "
                "NVIDIA/nccl#511)." if ver is not None else
                "NCCL releases before 2.10.3 stop on a missing path; from 2.10.3 NCCL goes on "
                "without it (NVIDIA/nccl#511)."))
    return catalogue.make(
        "nccl-error", variant="topology-sysfs", path=path,
        older=f" (NCCL {ver[0]} stops on it; 2.10.3 and later go on)" if old and ver else "",
        evidence=log_evidence(topo[:1], ctx.h("nccl.version").first[:1], system.first[:1],
                              err.first[:1]),
        why=cause,
        fix=(f"ls -l {path}; lspci | grep -i nvidia   # nothing: this system has no PCI device "
             "for the GPU in /sys (WSL2)",
             "# NCCL 2.10.3 or newer: a newer release of the framework (its bundled NCCL), or "
             "the newer libnccl2 / nvidia-nccl-cu* it links",
             "# or, until then, train on one GPU or with a backend without NCCL (PyTorch: "
             "backend='gloo'; TensorFlow: a cross-device op without NCCL)"),
    )


def _tolerant_topology(ctx: Facts, topo: list[Hit], ver: str, path: str, system: Hits,
                       err: Hits) -> Finding | None:
    """The missing /sys path beside an NCCL of 2.10.3 or later, which goes on without it and
    logs the message as INFO (v2.10.3-1 .. v2.18.1-1 src/graph/xml.cc: ``ncclDebugNoWarn =
    NCCL_GRAPH`` around both ``getPciPath`` calls; src/debug.cc turns such a WARN into
    INFO): an INFO line is no cause (``None``: the error's other readings stay); a WARN line
    came from another, older NCCL than the one the log names, or the failure is elsewhere:
    variant ``topology-sysfs-newer``, which offers no NCCL upgrade (new-user report 48 LOW 8)."""
    warned = [h for h in topo if "WARN" in h.text]
    if not warned:
        return None
    fix = ["NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH,NET python train.py   # the WARN "
           "lines just before the error: the step that failed",
           "python -c \"import torch; print(torch.cuda.nccl.version())\"; ldconfig -p | grep "
           "libnccl; echo $LD_PRELOAD   # the NCCL the framework was built with and the "
           "system copies that may load instead (PyTorch shown; other frameworks: their NCCL)"]
    if ctx.wsl:
        fix.append("# under WSL2 (no PCI device of the GPU in /sys): train on one GPU or with a "
                   "backend without NCCL (PyTorch: backend='gloo')")
    return catalogue.make(
        "nccl-error", variant="topology-sysfs-newer", path=path, nccl=ver,
        line=str(warned[0].line),
        evidence=log_evidence(warned[:1], ctx.h("nccl.version").first[:1], system.first[:1],
                              err.first[:1]),
        fix=tuple(fix))


def warn_named(ctx: Facts, warns: list[tuple[Hit, str, str]], system: Hits,
               err: Hits) -> Finding:
    """``nccl-error`` variant ``warn``: NCCL's own WARN line (the first of
    :func:`warn_lines`: the last before the error) names the step that failed; the cause
    quotes it instead of guessing."""
    h, file, msg = warns[0]
    part = _part(file)
    fix = ["NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,GRAPH,NET python train.py   # the steps "
           "around the WARN line and the transport each rank picked"]
    if "p2p" in file:
        fix.append("NCCL_P2P_DISABLE=1 python train.py   # the same run without GPU "
                   "peer-to-peer: if it passes, the P2P path (PCIe ACS/IOMMU, a "
                   "virtualised host) is the fault; nvidia-smi topo -m")
    elif "shm" in file:
        fix.append("df -h /dev/shm   # in a container: docker run --shm-size=1g (or "
                   "--ipc=host); stop-gap NCCL_SHM_DISABLE=1")
    elif any(k in file for k in ("net", "socket", "bootstrap", "proxy", "os/linux")):
        fix.append("NCCL_SOCKET_IFNAME=<the interface the ranks share> python train.py   # "
                   "and allow TCP between the nodes")
    return catalogue.make(
        "nccl-error", variant="warn", part=part,
        msg=re.sub(r" +(?=[:;,.])", "", msg)[:160],  # NCCL writes "Broadcast : invalid ..."
        evidence=log_evidence([h], system.first[:1], ctx.h("nccl.version").first[:1],
                              [x for x in err.all() if x is not h][:1]),
        why=(f"NCCL's own WARN line (line {h.line}, {file}) says what failed: '{msg}', in "
               f"{part}. NCCL prints a WARN where a call fails and then returns its error code "
               "up the stack (the 'NCCL INFO file:line -> N' lines only unwind), so this line, "
               "not a guess from the error code alone, is the cause to act on; the NCCL error "
               "after it is the consequence."),
        fix=tuple(fix),
    )


def python_nccl_host(ctx: Facts) -> list[Hit]:
    """The lines that show the NCCL a Python wheel brought (PyTorch c10d, vLLM/SGLang pynccl,
    a Ray cluster's de-duplicated line; pattern ``ctx.nccl_py_host``)."""
    return ctx.h("ctx.nccl_py_host").all()


def bundled_cuda_error(ctx: Facts, hosts: list[Hit], system: Hits, err: Hits) -> Finding:
    """``nccl-error`` variant ``cuda-bundled``: "unhandled cuda error" from the NCCL a Python
    framework's wheel brought: no system-NCCL (Horovod, apt libnccl2) reading."""
    cluster = next((h for h in hosts if h.g("ray")), None)
    return catalogue.make(
        "nccl-error", variant="cuda-bundled",
        why=("A CUDA call inside NCCL failed while creating the communicator or running a "
               "collective. This NCCL is the one the Python framework brought (PyTorch's c10d "
               "or a pynccl wrapper, with the nvidia-nccl-cu* wheel), not a system libnccl2, so "
               "an NCCL built for another CUDA is not the first suspect; NCCL_DEBUG=INFO names "
               "the failing call (memory, a P2P or NVLS binding, a GPU in an error state)."
               + (f" The log is a Ray cluster's (line {cluster.line}), whose workers on "
                  "several nodes fail the same way when one node is bad: one bad node "
                  "(a GPU with Xid errors, a wedged driver) fails every rank; removing it "
                  "fixed vllm-project/vllm#7896." if cluster is not None else "")),
        evidence=log_evidence(system, err.first[:1], hosts[:1]),
        fix=("NCCL_DEBUG=INFO python train.py   # the WARN line names the failing CUDA call "
             "and the rank/GPU",
             "nvidia-smi && sudo dmesg | grep -i -E 'xid|nvrm' | tail   # on every node: a GPU "
             "in an error state or Xid errors",
             "# several nodes: run the job without the node whose GPU reports errors; one "
             "node: NCCL_P2P_DISABLE=1 tests the peer-to-peer path"),
    )
