"""Distributed training: NCCL kernels missing (Windows, ROCm builds without them), NCCL
runtime errors, NCCL's shared-memory transport out of /dev/shm, IOMMU faults blocking GPU
peer-to-peer, and the harmless peer-access limit of more than eight GPUs.

NCCL kernels on ROCm: tensorflow/core/kernels/nccl_ops.cc is compiled under ``GOOGLE_CUDA ||
TENSORFLOW_USE_ROCM`` and includes ``rocm/include/rccl/rccl.h`` on ROCm, so a ROCm build's NCCL
ops run on RCCL when it has them; ROCm/tensorflow-upstream#285 (r1.12-rocm: MirroredStrategy's
NcclAllReduce had no GPU kernel) shows a tensorflow-rocm release without them.

Sources: NCCL troubleshooting guide ("Shared memory": Docker's 64 MB /dev/shm default,
``--shm-size``/``--ipc=host``, ``NCCL_SHM_DISABLE``; "PCI Access Control Services" /
IOMMU); CUDA Runtime API ``cudaDeviceEnablePeerAccess`` (a device has a limited number of
peers; TensorFlow ``gpu_device.cc`` logs "Unable to enable peer access" and carries on).

A CUDA call on NCCL's mapped shared-memory segment failing (``nccl_shm_cuda_failed``):

* NVIDIA/nccl ``src/include/shm.h`` (v2.4.2-1 to v2.11: ``shmOpen``) and
  ``src/misc/shmutils.cc`` (v2.12.12-1+: ``ncclShmOpen``): the segment is created
  (``posix_fallocate``), mapped, then ``CUDACHECKGOTO(cudaHostRegister(...))``, whose failure
  prints ``WARN("Cuda failure '%s'")`` at that file:line and skips the "Error while creating
  shared memory segment" warning; v2.3 ``shm.h``: ``WARN("failed to register host buffer %p :
  %s")``. NCCL's environment variables page: NCCL_SHM_DISABLE=1 disables the SHM transport.

A TF 1.x reference variable used on another device than its own.

Sources: tensorflow/core/framework/op_def_util.cc ``ValidateAttrValue``: a ``type`` attr may
not hold a reference dtype, "AttrValue must not have reference type value of <dtype>", to
which the node check appends " for attr '<name>'" (the text is in TensorFlow 2.21's
libtensorflow_framework.so.2 and in TF 0.x logs).  Attr ``tensor_type`` is the one of
``_Recv``/``_Send`` (graph_partition.cc builds them with the edge's own dtype), so the line
says a ref edge, an op reading a TF 1.x variable directly rather than through its read, crosses
devices.  The _Recv NodeDef printed with it names ``recv_device`` and ``send_device``.  Threads:
tensorflow/tensorflow#1570 (TF 0.7: SparseApplyAdagrad had only a CPU kernel, soft placement
moved it off the GPU that held the embedding); a keras ``multi_gpu_model`` report (TF 1.x:
_Recv from GPU:0 to GPU:1; building the model under ``tf.device('/cpu:0')`` fixed it, as
Keras' multi_gpu_model docstring builds the template model).  Resource variables (TensorFlow
2's default) have no reference dtype.

The TF Object Detection API's legacy trainer with fewer images per batch than clones.

Source: tensorflow/models research/object_detection/legacy/trainer.py (object_detection/
trainer.py before the move): ``train`` gives each clone ``train_config.batch_size //
num_clones`` images (divided again by ``replicas_to_aggregate`` with ``sync_replicas``) and
builds the input queue with that batch size; ``_create_losses`` unpacks
``zip(*map(extract_images_and_targets, input_queue.dequeue()))``.  With ``batch_size`` below
``--num_clones`` the per-clone size is 0, the dequeued list is empty and the unpack fails:
Python 2 "ValueError: need more than 0 values to unpack", Python 3 "ValueError: not enough
values to unpack (expected N, got 0)".  Thread: tensorflow/models#2407 (batch_size 1 with
--num_clones=2; a batch size of at least num_clones fixed it, confirmed by others).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.diagnosis.checks._nccl_warn import (
    advisory_lines,
    bundled_cuda_error,
    python_nccl_host,
    topology_sysfs,
    warn_lines,
    warn_named,
)
from tfgpu.diagnosis.checks.status_codes import new_fault_finding
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import CudaError

#: NCCL's libibverbs probe line: a missing InfiniBand library, not an NCCL failure.
_IBV_PROBE = re.compile(r"Failed to open libibverbs\.so")

#: An InfiniBand line that reports, not fails. NVIDIA/nccl src/debug.cc prefixes every
#: message with its level ("host:pid:tid [dev] NCCL INFO ..." vs "... file:line NCCL WARN
#: ..."; v2.8.4-1 and current), and the IB transport logs its set-up at INFO: "NET/IB : No
#: device found." (no IB device: NCCL goes on with NET/Socket) and "NET/IB : Using [0]mlx5_0:1/IB
#: ; OOB ..." (src/transport/net_ib.cc v2.8.4-1, net_ib/init.cc current), plus per-QP details
#: and retries ("Call to ibv_modify_qp failed ..., retrying", ibvwrap.cc). An INFO line
#: counts as IB trouble only as a return trace of a failed call ("NCCL INFO ib_plugin.c:196 ->
#: 2", NCCLCHECK's "%s:%d -> %d"); the two set-up wordings are informational even without
#: the prefix.
_IB_INFO = re.compile(r"NCCL INFO (?!\S{1,200}:\d{1,6} -> \d)"
                      r"|NET/IB ?: (?:No device found|Using\b)")


def _without(hits: Hits, lines: set[int]) -> Hits:
    """``hits`` less the hits on ``lines`` (a new bounded record, keys kept)."""
    out = Hits()
    for h in hits.all():
        if h.line not in lines:
            key = next((k for k, v in hits.by_key.items() if v is h), None)
            out.add(h, key)
    return out
#: What connect()'s error in NCCL's socket WARN line says (strerror of ETIMEDOUT,
#: ECONNREFUSED, EHOSTUNREACH, ENETUNREACH; the lines of NVIDIA/nccl include/socket.h v2.8,
#: misc/socket.cc v2.12-2.21, os/linux.cc current); "" when the line names none.
_SOCKET_WHY = {
    "Connection timed out": (
        "nothing answered, so the packets were dropped on the way: a firewall or cloud "
        "security group blocks TCP between the nodes, or NCCL picked an interface/address the "
        "other node cannot reach (a docker0, virtual or management interface)."),
    "Connection refused": (
        "that host answered but nothing listened on the port: the other rank had not started "
        "or had already exited (its own log shows why), or the address is of another "
        "interface of that host."),
    "No route to host": (
        "this host has no route to that address (or a firewall rejects it): NCCL picked an "
        "interface that is not on the network the ranks share."),
    "Network is unreachable": (
        "this host has no route to that address: NCCL picked an interface that is not on "
        "the network the ranks share."),
    "": (
        "NCCL picked a network interface the ranks do not share, a firewall blocks the "
        "ports, or the other rank is not (yet) running."),
}

#: Words of NCCL's shm lines that show the segment's allocation, mapping or opening failing
#: (include/shm.h, misc/shmutils.cc: posix_fallocate, ftruncate "failed to extend", mmap,
#: shm_open), as opposed to the CUDA registration of a mapped segment (nccl_shm_cuda_failed).
_SHM_ALLOC_FAILED = ("posix_fallocate", "failed to extend", "No space left", "Could not map",
                     "failure in mmap", "shm_open", "Permission denied", "Unable to allocate")


#: Words of NCCL's shm lines that show CREATING or EXTENDING the segment failing, the only ones
#: that say /dev/shm may be out of space: NVIDIA/nccl v2.4.2-1..v2.11 include/shm.h
#: (SYSCHECK(shm_allocate(...), "posix_fallocate"), "Error while creating shared memory
#: segment"), v2.12+ src/misc/shmutils.cc ncclShmOpen (v2.26.2-1: "Error: failed to create
#: shared memory file", "Error: failed to extend %s to %ld bytes", "Error while creating").
_SHM_SPACE = ("posix_fallocate", "failed to extend", "No space left", "Error while creating",
              "failed to create shared memory file", "failed to create shm", "Unable to allocate")

#: NCCL's attach-side line with ENOENT. v2.12+ src/misc/shmutils.cc ncclShmOpen: the peer
#: (refcount -1) opens the creator's /dev/shm/nccl-XXXXXX without O_CREAT
#: (SYSCHECKGOTO(open(shmPath, O_RDWR, ...), "open") -> "Call to open failed: %s"), then
#: WARN("Error while %s shared memory segment %s (size %ld), error: %s (%d)", "attaching to").
#: ENOENT: the name does not exist in this process's /dev/shm (another IPC namespace / /dev/shm
#: mount), or the peer's descriptor was a cuMem host handle read as a path (NCCL 2.23+,
#: NCCL_CUMEM_HOST_ENABLE: NVIDIA/nccl#1589, PR #2059).
_SHM_ATTACH_MISSING = re.compile(
    r"Error while attaching to shared memory segment [^\n]{0,200}No such file or directory")


def _shm_space(shm: Hits) -> bool:
    """Whether an NCCL shm line shows the segment's creation or extension failing."""
    return any(w in h.text for h in shm.all() for w in _SHM_SPACE)


def _shm_attach_missing(shm: Hits) -> list[Hit]:
    """NCCL's lines attaching to a peer's segment that is not there (ENOENT), with the
    'Call to open failed: No such file or directory' line before them."""
    attach = [h for h in shm.all() if _SHM_ATTACH_MISSING.search(h.text)]
    if not attach:
        return []
    opened = [h for h in shm.all() if "Call to open failed: No such file" in h.text]
    return opened[:1] + attach[:1]


def _rocm_build(ctx: Facts, devs: list[Hit]) -> str | None:
    """Why this TensorFlow is a ROCm build, or ``None``: the log shows AMD's ROCm stack
    (:attr:`Facts.rocm_log`), or the host's GPUs are all AMD's, the host is not Windows or
    macOS (tensorflow-rocm is Linux-only; DirectML and Metal plugins list GPU devices too), no
    plugin route shows (:func:`_plugin_gpu`) and the error's "Registered devices" list a GPU,
    which for an AMD GPU only a ROCm build registers then."""
    if ctx.rocm_log:
        return "the log shows AMD's ROCm stack"
    gpus = ctx.host.gpus if ctx.host is not None else ()
    listed = {d.strip() for h in devs for d in (h.g("devs") or "").split(",")}
    if (gpus and all(g.vendor == "amd" for g in gpus) and ctx.os not in ("windows", "macos")
            and "GPU" in listed and not _plugin_gpu(ctx)):
        return "a GPU device registered on a host whose GPUs are AMD's"
    return None


def _plugin_gpu(ctx: Facts) -> bool:
    """A GPU device another route than ROCm may register for an AMD GPU: WSL2 (DirectML's
    plugin runs there), a pluggable device the log shows created, DirectML's own lines, or the
    DirectML plugin among the host's packages."""
    dists = ctx.host.python.distributions if ctx.host is not None else ()
    return (ctx.wsl or bool(ctx.h("gpu.pluggable_created").count)
            or any(ctx.h(n).count for n in ("eco.dml_adapters", "eco.dml_plugin_missing"))
            or any("directml" in d.name.lower() for d in dists))


def rule_nccl(ctx: Facts) -> list[Finding]:
    """NCCL kernels missing (Windows, ROCm builds without them), NCCL shared memory, IOMMU
    faults, NCCL errors."""
    out: list[Finding] = []
    # the error's "Registered devices: [CPU, XLA_CPU]" lists no GPU at all: the
    # NCCL op has no kernel because TensorFlow registered no GPU, not for want of NCCL
    devs = ctx.h("placer.registered_devices").all()
    if ctx.h("nccl.no_kernel").count and devs and not any(
            "GPU" in (h.g("devs") or "") for h in devs):
        return [catalogue.make(
            "nccl-not-available", variant="no-gpu-device",
            op=ctx.h("nccl.no_kernel").first[0].g("op"),
            devices=devs[0].g("devs") or "",
            evidence=log_evidence(ctx.h("nccl.no_kernel"), devs[:1]),
        )]
    rocm = _rocm_build(ctx, devs)
    out += from_log(ctx, "nccl.no_kernel", lambda nok, first: catalogue.make(
        "nccl-not-available",
        op=first.g("op"),
        evidence=log_evidence(nok),
    ) if rocm is None else catalogue.make(
        "nccl-not-available", variant="rocm", op=first.g("op"), why=rocm,
        evidence=log_evidence(nok, devs[:1], ctx.h("ctx.rocm").first[:1]),
    ))
    err = ctx.h("nccl.error")
    ib = ctx.h("nccl.ib")
    # NCCL's probe for the InfiniBand verbs library ("misc/ibvwrap.cc NCCL WARN Failed to
    # open libibverbs.so[.1]", NCCL 2.3-2.17; INFO from 2.18, NVIDIA/nccl@9b7d5ed
    # src/misc/ibvwrap.cc) is no failure: without it NCCL uses its socket transport
    # ("NET/Socket : Using ..."). Its line counts neither as an NCCL error nor as IB trouble.
    probe = {h.line for h in ib.all() if _IBV_PROBE.search(h.text)}
    if probe:
        err, ib = _without(err, probe), _without(ib, probe)
    # NCCL/RCCL advisory WARNs after which NCCL goes on ("falling back to simple order",
    # RCCL's NUMA-balancing / iommu=pt notices; _nccl_warn.py): no failure of their own
    if advisory := advisory_lines(err):
        err = _without(err, advisory)
    # IB set-up lines at INFO level ("NET/IB : No device found.") show no IB failure: only
    # a WARN line of the IB transport or verbs wrapper, or a failed call's return trace, does
    info = {h.line for h in ib.all() if _IB_INFO.search(h.text)}
    if info:
        ib = _without(ib, info)
    system = ctx.h("nccl.system")
    invalid = ctx.h("nccl.invalid_usage")
    shm = ctx.h("nccl.shm")
    iommu = ctx.h("iommu.fault")
    # a CUDA call on the mapped segment failed (cudaHostRegister), not its
    # allocation: those shm lines say nothing about /dev/shm's size (nccl_shm_cuda_failed)
    # (2.14+ also prints "Error while creating shared memory segment" after it: no size
    # evidence either); only a failed allocation/map/open line keeps nccl-shm-too-small
    if ctx.h("nccl.shm_cuda_register").count and not any(
            w in h.text for h in shm.all() for w in _SHM_ALLOC_FAILED):
        shm = Hits()

    def transport(hits: Hits) -> tuple[Evidence, ...]:
        """The evidence of a transport NCCL could not use: its first two ``hits`` with NCCL's
        first error and system line."""
        return log_evidence(hits.first[:2], err.first[:1], system.first[:1])

    if iommu.count:
        out.append(catalogue.make(
            "multi-gpu-p2p-check", variant="iommu-faults", evidence=transport(iommu),
        ))
    elif (topo := topology_sysfs(ctx, system, err)) is not None:
        # the GPU's PCI device missing from /sys (WSL2): NCCL's topology WARN (_nccl_warn.py)
        out.append(topo)
    elif (attach := _shm_attach_missing(shm)) and not _shm_space(shm):
        # the peer's segment is not there for this process (ENOENT on the attach side, NCCL's
        # own line; no create/extend failure beside it): not /dev/shm's size (_shm_attach_missing)
        out.append(catalogue.make(
            "nccl-shm-too-small", variant="attach-missing",
            evidence=log_evidence(attach[:2], err.first[:1], system.first[:1]),
        ))
    elif shm.count and (err.count or system.count) and any(
            "Permission denied" in h.text for h in shm.all()):
        # the segment could not be created for lack of permission, not of space
        out.append(catalogue.make(
            "nccl-shm-too-small", variant="permission", evidence=transport(shm),
        ))
    elif shm.count and (err.count or system.count) and _shm_space(shm):
        out.append(catalogue.make(
            "nccl-shm-too-small", evidence=transport(shm),
        ))
    elif shm.count and (err.count or system.count):
        # shm lines with an NCCL failure, but none that shows creating or extending the
        # segment failing: the log does not show that /dev/shm is too small
        out.append(catalogue.make(
            "nccl-shm-too-small", variant="unclear", evidence=transport(shm),
        ))
    elif ib.count and (err.count or system.count):
        calls = sorted({c for h in ib.all() if (c := h.g("call"))})
        out.append(
            catalogue.make(
                "nccl-error",
                variant="infiniband",
                calls_failed=f" ({', '.join(calls)} failed)" if calls else "",
                calls_returned=f": {', '.join(calls)} returned an error" if calls else "",
                evidence=log_evidence(system, ib.first[:2], err.first[:1]),
            )
        )
    elif (err.count or system.count) and (mismatch := _nccl_cuda_newer(ctx)) is not None:
        nccl_v, nccl_cuda, cuda_used = mismatch
        out.append(
            catalogue.make(
                "nccl-cuda-version-mismatch", nccl=nccl_v, nccl_cuda=nccl_cuda, cuda=cuda_used,
                evidence=log_evidence(ctx.h("nccl.version").first[:1], system, err.first[:1]),
                fix=(f"# install the NCCL build for CUDA {cuda_used} (apt: libnccl2=<version>"
                     f"+cuda{cuda_used} libnccl-dev=<same>), then rebuild what links it (Horovod)",
                     "NCCL_DEBUG=INFO python train.py   # check the 'NCCL version' line again"),
            )
        )
    elif (err.count or system.count) and any(
            not h.g("closed") for h in ctx.h("nccl.socket").all()):
        # NCCL's socket WARN line names the failing connection
        sock = [h for h in ctx.h("nccl.socket").all() if not h.g("closed")]
        named = next((h for h in sock if h.g("err")), None)
        addr = (named.g("peer") or "") if named else ""
        said = (named.g("err") or "") if named else ""
        out.append(catalogue.make(
            "nccl-error", variant="socket",
            at=f" ({addr}: {said})" if said else "",
            said=f" ('{said}' connecting to {addr})" if said else "",
            why=_SOCKET_WHY.get(said, _SOCKET_WHY[""]),
            evidence=log_evidence(sock[:2], system.first[:1], err.first[:1]),
        ))
    elif any("RemoteError" in (h.g("code") or "") or "remote process exited" in h.text
             for h in err.all()) or ((err.count or system.count)
                                     and ctx.h("nccl.socket").count):
        out.append(
            catalogue.make(
                "nccl-error", variant="remote",
                evidence=log_evidence(err),
            )
        )
    elif invalid.count:
        same = any(h.g("same") for h in invalid.all())
        versions = any(h.g("version") for h in invalid.all())
        out.append(catalogue.make(
            "nccl-error",
            variant="same-gpu" if same else "versions" if versions else "invalid-usage",
            evidence=log_evidence(invalid, err.first[:1], limit=2),
        ))
    elif (err.count or system.count) and (oom := [
            h for h in ctx.h("nccl.cuda_failure").all() if h.g("err") == "out of memory"
            and not re.search(r"shm", h.g("file") or "")]):
        # NCCL's own CUDACHECK says cudaMalloc ran out of GPU memory (cudaErrorMemoryAllocation's
        # string): its buffers found none left beside TensorFlow's pool
        out.append(catalogue.make(
            "nccl-error", variant="cuda-out-of-memory",
            evidence=log_evidence(oom[:1], system, err.first[:1]),
        ))
    elif not ctx.h("cuinit").count and (nocode := [
            h for h in ctx.h("nccl.cuda_failure").all() if h.g("err") in _NO_GPU_CODE]):
        # (a failed cuInit in the log is the driver's fault: CUDA_ERROR_NOT_FOUND prints the
        # same "named symbol not found", WSL2's missing libnvdxgdmal among its causes)
        # NCCL's own kernels have no code for this GPU: a libnccl built with an NVCC_GENCODE
        # list without its compute capability (NVIDIA/nccl#1372)
        out.append(catalogue.make(
            "nccl-error", variant="no-gpu-code", err=nocode[0].need("err"),
            evidence=log_evidence(nocode[:2], system, err.first[:1], limit=3),
        ))
    elif (err.count or system.count) and (named_status := _nccl_cuda_status(ctx)) is not None:
        # NCCL's own CUDACHECK line names the CUDA error by its string: a status whose row
        # names a fault of its own (status_codes.toml "new:", e.g. "invalid device ordinal":
        # a rank using a GPU index its process does not see) is that fault, with its next steps
        row, hits = named_status
        out.append(new_fault_finding(ctx, row, [*hits, *err.first[:1]]))
    elif err.count or system.count:
        cuda = any(h.g("what") == "cuda" for h in system.all())
        # NCCL's own WARN line names the failing step: read it before any guess
        warns = warn_lines(err)
        if warns:
            out.append(warn_named(ctx, warns, system, err))
            return out
        # "unhandled system error" with no NCCL WARN line: variant system (its
        # causes in order; which one, NCCL_DEBUG=WARN says); with nothing showing a
        # container, variant system-host, whose list does not lead with a container's /dev/shm
        sys_only = not cuda and any(h.g("what") == "system" for h in system.all())
        ver = ctx.h("nccl.version").first
        if sys_only:
            contained = bool(ctx.in_container or ctx.h("docker.run_cmd").count
                             or ctx.h("docker.gpus_cmd").count
                             or ctx.h("ctx.container_prompt").count)
            out.append(catalogue.make(
                "nccl-error", variant="system" if contained else "system-host",
                evidence=log_evidence(system, err, ver[:1])))
            return out
        hosts = python_nccl_host(ctx)
        if cuda and hosts and not ctx.h("cuinit").count:
            # the NCCL of PyTorch / vLLM / a Ray cluster: no system-NCCL reading
            out.append(bundled_cuda_error(ctx, hosts, system, err))
            return out
        cuinit = ctx.h("cuinit").all()
        if cuda and cuinit:
            # cuInit failed in this log: NCCL's CUDA calls fail after it (the driver's
            # CUDA_ERROR_NOT_FOUND, WSL2's missing libnvdxgdmal among the causes), and the
            # cuInit finding names why
            out.append(catalogue.make(
                "nccl-error", variant="after-cuinit", line=str(cuinit[0].line),
                evidence=log_evidence(system, err, cuinit[:1], limit=3)))
            return out
        if ctx.other_framework not in (None, "NCCL"):
            # another framework's own NCCL (PyTorch bundles its own: pytorch/pytorch#111187,
            # an NCCL bug fixed in 2.18.6): the TensorFlow readings below do not apply; the
            # unknown finding quotes the line
            return out
        out.append(
            catalogue.make(
                "nccl-error",
                variant="cuda" if cuda else None,
                evidence=log_evidence(system, err, ver[:1]),
                fix=(
                    ("NCCL_DEBUG=INFO python train.py   # the line 'NCCL version X+cudaY' names "
                     "the CUDA this NCCL was built for",
                     "# it must not be newer than the CUDA runtime/driver TensorFlow uses; with a "
                     "system NCCL (Horovod), install the build for your CUDA, e.g. "
                     "libnccl2=<version>+cuda<your CUDA>",
                     "nvidia-smi   # the driver's CUDA version")
                    if cuda else
                    ("NCCL_DEBUG=INFO python train.py   # rerun to see the failing transport",
                     "nvidia-smi topo -m",
                     "test without peer-to-peer: NCCL_P2P_DISABLE=1 python train.py",
                     "docker run --shm-size=1g ...   # in containers")
                ),
            )
        )
    peer = ctx.h("gpu.peer_access")
    if not peer.count and not out:
        out += _no_peer_pairs(ctx)
    if peer.count and not out:
        # cuda.h: CUDA_ERROR_TOO_MANY_PEERS = the peer-mapping resources of a device are used up
        many = any(h.g("err") == "CUDA_ERROR_TOO_MANY_PEERS" for h in peer.all())
        fatal = [h for h in peer.all() if _PEER_FATAL.search(h.text)]
        if fatal:
            status = next((e for h in peer.all() if (e := h.g("err"))), "an error")
            out.append(catalogue.make(
                "gpu-peer-access-limit", variant="fatal", err=status,
                evidence=log_evidence(fatal, limit=2),
                fix=("nvidia-smi -L   # how many GPUs this process sees",
                     "CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 python train.py   # at most 8 GPUs per "
                     "process (CUDA's peer limit); several processes for more GPUs",
                     "# or a later TensorFlow release, which logs a pair it cannot enable and "
                     "goes on"),
            ))
            return out
        top = _top_ordinal(peer.all())
        if many and top is not None and top >= _PEER_LIMIT:
            out.append(catalogue.make("gpu-peer-access-limit", variant="over-eight-gpus",
                                      top=top, evidence=log_evidence(peer, limit=2)))
            return out
        out.append(catalogue.make("gpu-peer-access-limit",
                                  variant="too-many-peers" if many else None,
                                  evidence=log_evidence(peer, limit=2)))
    return out


def _no_peer_pairs(ctx: Facts) -> list[Finding]:
    """``gpu-peer-access-limit`` (variant ``no-peer-pairs``, harmless) when the device
    interconnect matrix TensorFlow prints at start-up (``gpu.peer_matrix_row``, one row per
    GPU) covers two or more GPUs and marks no pair of different GPUs Y: the driver allows peer
    access between none of them. ``[]`` for one GPU, a cut matrix, or any Y off the
    diagonal."""
    rows: dict[int, list[str]] = {}
    for h in ctx.h("gpu.peer_matrix_row").all():
        rows.setdefault(int(h.need("row")), h.need("cells").split())
    n = len(rows)
    if n < 2 or sorted(rows) != list(range(n)) or any(len(c) != n for c in rows.values()):
        return []
    if any(cells[j] == "Y" for i, cells in rows.items() for j in range(n) if j != i):
        return []
    return [catalogue.make("gpu-peer-access-limit", variant="no-peer-pairs", gpus=str(n),
                           evidence=log_evidence(ctx.h("gpu.peer_matrix_row"), limit=4))]


#: The peer connections CUDA gives one device (CUDA C++ Programming Guide, peer-to-peer memory
#: access: a system-wide maximum of eight per device on systems without NVSwitch): a device
#: ordinal of this or more means the process has more GPUs than one device can map.
_PEER_LIMIT = 8


def _top_ordinal(hits: list[Hit]) -> int | None:
    """The highest device ordinal the peer-access warnings name (gpu_device.cc "between device
    ordinals A and B", XLA's "between GPUs A and B"), or ``None`` when none names one."""
    ords = [int(v) for h in hits for v in (h.g("a"), h.g("b")) if v and v.isdigit()]
    return max(ords) if ords else None


#: A peer-access failure that stopped the program rather than a logged warning: TensorFlow
#: 0.x's gpu_init.cc ``LOG(FATAL) << "could not enable peer access for GPU devices: "``, or
#: the status gpu_device.cc's EnablePeerAccess returned in releases before it only warned,
#: raised as a Python exception ("InternalError: Internal: failed to enable peer access from
#: ... to ...: CUDA_ERROR_TOO_MANY_PEERS", tensorflow/tensorflow#5362 on a 16-GPU machine).
_PEER_FATAL = re.compile(r"could not enable peer access for GPU devices"
                         r"|\b\w*Error: (?:Internal: )?failed to enable peer access")


def _nccl_cuda_newer(ctx: Facts) -> tuple[str, str, str] | None:
    """(NCCL version, the CUDA it was built for, the CUDA in use) when the log's "NCCL
    version X+cudaY" names a newer CUDA than the one the host or log shows, else None."""
    ver = ctx.h("nccl.version").first
    if not ver or not ctx.cuda_versions:
        return None
    built = ver[0].g("cuda") or ""
    used = ctx.cuda_versions[0]
    b, u = tf_minor(built), tf_minor(used)
    if b is None or u is None or b[0] <= u[0]:
        return None  # same CUDA major: minor-version compatibility applies
    return ver[0].g("v") or "?", built, used


# --- gpu stack ----------------------------------------------------------------------------


def gpu_peer_access_failed(ctx: Facts) -> list[Finding]:
    """gpu_device.cc EnablePeerAccess: "N potential peer access pairs were reported by the
    driver, but no peering could be enabled." This status ends GPU device creation (its
    caller returns it), unlike one failed pair, which TensorFlow only logs
    (gpu-peer-access-limit)."""
    return from_log(ctx, "gpu.peer_none", lambda hits, first: catalogue.make(
        "gpu-peer-access-failed",
        pairs=first.g("pairs") or "some",
        evidence=log_evidence(hits, ctx.h("gpu.peer_access").first[:1]),
    ))


# -------------------------------------------------------------- collective groups


#: A device of a multi-worker job (/job:worker/..., /job:chief/...): not one process's
#: /job:localhost devices.
_WORKER_DEVICE = re.compile(r"/job:(?!localhost/)\w{1,40}/")


def collective_group_mismatch(ctx: Facts) -> list[Finding]:
    """``collective-group-size-mismatch``: the members of one collective group disagree on
    its size or ranks.

    Sources: tensorflow core/common_runtime/collective_param_resolver_local.cc
    (``CompleteGroupLocal``: "Device D is joining a group with size N, but that group has
    size M (group_key=K)", "... that is already full", "... with incompatible device
    type", "User Provided rank is invalid"; TF 2.4 and earlier "Collective Op <name> has
    group_size N and group_key K but that group has size M"); NCCL src/init.cc ("Invalid
    rank requested : r/n", ncclInvalidArgument).  Collective keys are per process: two tf.distribute
    strategies over different device sets created one after another in the same process
    register the same group key with different sizes (a maintainer's answer in
    tensorflow/tensorflow#61314); across workers, the TF_CONFIG clusters or the GPUs each
    worker sees differ.
    """
    hits = ctx.h("collective.group")
    if not hits.count:
        return []
    first = hits.first[0]
    mixed = [h for h in hits.all() if h.g("dtype") and _WORKER_DEVICE.match(h.g("dev") or "")]
    if mixed:
        # "... is joining a group with incompatible device type<T>" from a multi-worker job:
        # the workers contribute different device types (CPU and GPU workers), not the
        # group's size (tensorflow#60847); in one process (/job:localhost) it is the
        # strategies-over-different-devices reading below
        h = mixed[0]
        return [catalogue.make(
            "collective-group-mixed-cpu-gpu-devices", dev=h.need("dev"), dtype=h.need("dtype"),
            key=h.g("key") or "not shown", evidence=log_evidence(mixed))]
    nccl_rank = first.g("rank") is not None
    if first.g("size"):
        what = (f"{first.g('dev')} joined collective group with size {first.g('size')}, but "
                f"the group was created with size {first.g('has')}")
    elif first.g("size2"):
        what = (f"A collective op of group size {first.g('size2')} joined a group created "
                f"with size {first.g('has2')}")
    elif nccl_rank:
        what = (f"NCCL was asked for rank {first.g('rank')} of {first.g('nranks')} ranks, "
                "outside 0..ranks-1")
    else:
        what = "a device joined a collective group that does not fit it"
    return [catalogue.make(
        "collective-group-size-mismatch",
        variant="nccl-rank" if nccl_rank else None,
        evidence=log_evidence(hits),
        cause=(what + ": the participants of one collective (same group key) disagree on "
               "how many devices take part. In one process this is several "
               "tf.distribute strategies over different GPU sets created one after another "
               "(they share collective keys, and a pending all-reduce of the first collides "
               "with the second); across workers, TF_CONFIG's cluster or the GPUs visible to "
               "each worker differ."),
        fix=("# create ONE strategy per process (build every model inside its scope); to "
             "change the GPU set, start a new process",
             "# in tests: reset between strategies: tf.keras.backend.clear_session() and "
             "context._reset_context() (tensorflow.python.eager), as TensorFlow's own "
             "strategy tests do",
             "# multi-worker: every worker must get the same TF_CONFIG cluster, its own "
             "task index < the worker count, and see the same number of GPUs "
             "(CUDA_VISIBLE_DEVICES)"),
    )]


# --- NCCL headers and Open MPI plugins ---
# Sources: horovod/horovod@2626dc87a3a8eb8fb7d2216198ce45bce0f9e65a docs/troubleshooting.rst
# ("NCCL 2 is not found during installation": HOROVOD_NCCL_HOME, or HOROVOD_NCCL_INCLUDE and
# HOROVOD_NCCL_LIB); open-mpi/ompi@8efebee745e15516a7f5f1f295df86c78014c76c
# docs/installing-open-mpi/installation-location.rst and updating.rst (uninstall the old Open
# MPI before installing another), docs/tuning-apps/dynamic-loading.rst (RTLD_GLOBAL).


def nccl_header_missing(ctx: Facts) -> list[Finding]:
    """``fatal error: nccl.h: No such file or directory`` or Horovod's "NCCL 2.0 library or
    its later version was not found": NCCL's development files are not where the build
    looks (``nccl-header-not-found``); the variant names the build the log shows (pattern
    ``ctx.nccl_build``: nccl-tests' make and its NCCL_HOME, Horovod's setup and
    HOROVOD_NCCL_HOME, a CMake build and NCCL_ROOT), the row none when it shows none."""
    hits = ctx.h("nccl.header")
    if not hits.count:
        return []
    first = hits.first[0]
    builds = ctx.h("ctx.nccl_build").all()
    # Horovod's own setup wording; then the build the context names (nccl-tests' common.h
    # includes nccl.h itself: "common.h:7:18: fatal error: nccl.h")
    variant = ("horovod" if "library or its later version" in first.text
               or any(b.g("hvd") for b in builds)
               else "nccl-tests" if any(b.g("tests") for b in builds)
               or re.match(r"\s*common\.h:\d+:\d+: fatal error", first.text)
               else "cmake" if any(b.g("cmake") for b in builds) else None)
    named = [b for b in builds if variant and b.g({"horovod": "hvd", "nccl-tests": "tests",
                                                   "cmake": "cmake"}[variant])]
    return [catalogue.make("nccl-header-not-found", variant=variant,
                           evidence=log_evidence(named[:1], hits))]


def openmpi_plugin_symbol(ctx: Facts) -> list[Finding]:
    """An Open MPI plugin (``mca_*.so``) needs an Open MPI core symbol the loaded libraries
    lack (``openmpi-plugin-symbol-missing``, hedged between mixed installations and libmpi
    loaded without RTLD_GLOBAL)."""
    def build(hits: Hits, first: Hit) -> Finding:
        plugin, sym = first.g("plugin"), first.g("sym")
        return catalogue.make(
            "openmpi-plugin-symbol-missing",
            plugin=f" ({plugin})" if plugin else "", sym=f" ({sym})" if sym else "",
            evidence=log_evidence(hits),
        )
    return from_log(ctx, "dist.ompi_plugin_symbol", build)


def nccl_shm_cuda_failed(ctx: Facts) -> list[Finding]:
    """``nccl-shm-cuda-register-failed`` (hedged, category unknown): NCCL's shm lines show a
    CUDA call on the mapped segment failing (cudaHostRegister), not its allocation."""
    hits = ctx.h("nccl.shm_cuda_register")
    if not hits.count:
        return []
    first = hits.first[0]
    error = (first.g("err") or first.g("err2") or "").strip() or "a CUDA error"
    return [catalogue.make(
        "nccl-shm-cuda-register-failed", error=error,
        evidence=log_evidence(hits, ctx.h("nccl.system").first[:1], limit=3),
    )]


# --- TF 1.x reference variables read on another GPU -------------------------------------------


#: The attr of _Recv/_Send that carries the edge's dtype.
_RECV_ATTR = "tensor_type"


def ref_variable_devices(ctx: Facts) -> list[Finding]:
    """``ref-variable-read-on-another-gpu`` when the _Recv NodeDef shows a GPU sending to
    another GPU, else the ``ref-edge`` variant of ``op-has-no-gpu-kernel`` (an op moved off
    the variable's device, most often for want of a GPU kernel).  Nothing for a ref dtype in
    another attr (not a device crossing)."""
    hits = [h for h in ctx.h("op.ref_attr").all() if (h.g("attr") or _RECV_ATTR) == _RECV_ATTR]
    if not hits:
        return []
    dtype = hits[0].g("dtype") or "a _ref dtype"
    devs = [h for h in ctx.h("op.ref_recv_devices").all() if h.line >= hits[0].line]
    send = (devs[0].g("send") or "").upper() or None if devs else None
    recv = (devs[0].g("recv") or "").upper() or None if devs else None
    evidence = log_evidence(hits, devs[:1], limit=2)
    if send and recv and send.startswith("GPU:") and recv.startswith("GPU:"):
        return [catalogue.make("ref-variable-read-on-another-gpu", dtype=dtype, send=send,
                               recv=recv, evidence=evidence)]
    where = (f"from {send} to {recv}" if send and recv else "between two devices")
    why = (f"TensorFlow had to send a reference tensor (a TF 1.x variable, dtype {dtype}) "
           f"{where}, and a reference dtype is not allowed in the _Recv node that would "
           "carry it (op_def_util.cc): an op that uses the variable itself (an optimizer's "
           "update, an embedding lookup or scatter on it) was placed on another device than "
           "the variable. Either that op has no kernel on the variable's device and soft "
           "placement moved it (a GPU variable updated by an op with only a CPU kernel, such "
           "as SparseApplyAdagrad in early releases), or device scopes split the variable "
           "from its users; the op and the devices are in the _Recv node this error prints "
           "(recv_device, send_device).")
    return [catalogue.make(
        "op-has-no-gpu-kernel", variant="ref-edge", dtype=dtype, why=why,
        evidence=evidence,
        fix=("# put the variable and the ops that use it on one device: create it (the "
             "embedding, the model) inside with tf.device('/cpu:0'): ... when one of its ops "
             "has no GPU kernel, or use an optimizer whose update has a GPU kernel",
             "# or use resource variables, which have no reference dtype: "
             "tf.compat.v1.enable_resource_variables() before building the graph (TensorFlow "
             "2 uses them by default)",
             "# log_device_placement=True in the session's ConfigProto shows which op runs "
             "on which device"),
    )]


# --- the Object Detection API trainer's batch per clone ---------------------------------------


#: How many lines below the _create_losses frame the unpack error may stand (the frame's code
#: lines, a get_inputs frame, then the error).
_REACH = 6


def od_clone_batch(ctx: Facts) -> list[Finding]:
    """``multi-gpu-batch-size-smaller-than-replicas``: an empty-unpack ValueError right under
    the Object Detection trainer's ``_create_losses`` frame."""
    frames = ctx.h("od.trainer_losses_frame").all()
    errors = [h for h in ctx.h("py.unpack_none").all()
              if any(0 < h.line - f.line <= _REACH for f in frames)]
    if not errors:
        return []
    return [catalogue.make("multi-gpu-batch-size-smaller-than-replicas",
                           evidence=log_evidence(frames[-1:], errors[:1]))]


#: The CUDA error strings (cudaGetErrorString, driver_types.h) of a kernel with no code for
#: the GPU it is launched on: cudaErrorNoKernelImageForDevice, cudaErrorInvalidDeviceFunction,
#: and cudaErrorSymbolNotFound, which NCCL's enqueue.cc prints when its kernels were built
#: without this GPU's architecture (NVIDIA/nccl#1372: NVCC_GENCODE for sm_80 only, run on an
#: H100; the same error of binaries built for other architectures: NVIDIA/stdexec#888,
#: fatlipp/cuda-tree#1). Not when cuInit failed in the same log: the driver's
#: CUDA_ERROR_NOT_FOUND reads "named symbol not found" too.
_NO_GPU_CODE = frozenset({"no kernel image is available for execution on the device",
                          "invalid device function", "named symbol not found"})


def _nccl_cuda_status(ctx: Facts) -> tuple[CudaError, list[Hit]] | None:
    """The ``cudaError_t`` row whose error string an NCCL "Cuda failure '<string>'" line
    names (``nccl.cuda_failure``; status_codes.toml ``error_string``), when that row names a
    fault of its own (``maps_to`` ``new:...``), with the lines naming it; else ``None``."""
    hits = [h for h in ctx.h("nccl.cuda_failure").all() if h.g("err") != "out of memory"]
    for h in hits:
        row = next((r for r in ctx.kb.status_codes if r.enum == "cudaError_t"
                    and r.error_string == h.g("err") and r.maps_to.startswith("new:")), None)
        if row is not None:
            return row, [x for x in hits if x.g("err") == h.g("err")]
    return None
