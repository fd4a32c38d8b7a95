"""Every CUDA-stack status code a log prints is looked up and explained.

Issue 10 section 1 asks that every code of ``CUresult``, ``cudaError_t``,
``cublasStatus_t``, ``cudnnStatus_t``, ``ncclResult_t``, ``cusolverStatus_t`` and
``cufftResult`` be reachable from a log line that prints it, with what it means to a
TensorFlow user.  The specific checks (memory, driver, compute capability, NCCL...) know the
wordings TensorFlow wraps around the common codes; this post-pass catches the rest: a code
name on a line no other finding quotes is looked up in ``status_codes.toml`` (rows read from
the headers named in its ``[sources]``) and reported with the row's meaning.
"""

from __future__ import annotations

from collections.abc import Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._code_claims import CODE_CLAIMS, code_claim
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import CudaError

#: What to run next, by the ``maps_to`` of a ``new:<id>`` row (the fault the table names;
#: the row's ``meaning`` states cause and fix in words).  Sources: the header texts quoted in
#: status_codes.toml (ECC/NVLink/contained errors, MPS, vGPU licensing,
#: the fabric manager, the libcuda stub, cuDNN 9 sub-libraries, NCCL timeouts).
_NEXT: dict[str, tuple[str, ...]] = {
    "new:gpu-hardware-error": (
        "nvidia-smi -q -d ECC,PAGE_RETIREMENT,ROW_REMAPPER   # uncorrectable/retired pages",
        "sudo dmesg | grep -i -E 'xid|nvrm'   # the driver's record of the fault",
        "# reset the GPU (nvidia-smi -r, or reboot); if the errors come back, the GPU or its "
        "NVLink needs service: not a TensorFlow problem",
    ),
    "new:cuda-mps-error": (
        "echo get_server_list | nvidia-cuda-mps-control   # is the MPS daemon/server up?",
        "# or run without MPS: unset CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY",
    ),
    "new:invalid-device-ordinal": (
        "nvidia-smi -L   # the GPUs the driver sees",
        "echo $CUDA_VISIBLE_DEVICES   # ordinals count from 0 among the visible GPUs",
        # Horovod's GPU pinning (docs "Usage": visible_device_list = str(hvd.local_rank()))
        "# one process a GPU (Horovod, MPI, Slurm tasks): pick the GPU by the process's rank "
        "on its node (hvd.local_rank(), OMPI_COMM_WORLD_LOCAL_RANK, SLURM_LOCALID), not its "
        "global rank, which passes the node's GPU count on a second node",
    ),
    "new:vgpu-not-licensed": (
        "nvidia-smi -q | grep -i -A2 licen   # the vGPU license state",
        "# license the vGPU (NVIDIA License System client configuration) and restart",
    ),
    "new:fabric-manager-not-running": (
        "systemctl status nvidia-fabricmanager   # NVSwitch systems (HGX/DGX): must run, at "
        "the driver's exact version",
    ),
    "new:libcuda-stub-loaded": (
        "ldconfig -p | grep libcuda.so   # the real driver library, not .../lib64/stubs",
        "# remove the CUDA toolkit's stubs folder from LD_LIBRARY_PATH",
        # the stub also answers where no driver library is there at all (platform fact
        # gpu-image-stub-libcuda: TensorFlow's GPU images register it to start without one)
        "cat /proc/driver/nvidia/version; nvidia-smi   # missing: no NVIDIA driver here "
        "(expected without a GPU); in a container: start it with GPU access (docker run "
        "--gpus all, Kubernetes nvidia.com/gpu)",
    ),
    "new:cudnn-sublibrary-missing": (
        pip_list_grep("cudnn", "nvrtc") + "   # cuDNN 9 loads its engine "
        "sub-libraries and NVRTC at run time",
        "# install the complete cuDNN for this CUDA major and put its lib folder on the "
        "loader path",
    ),
    "new:cudnn-runtime-prerequisite-missing": (
        pip_list_grep("cudnn", "nvrtc") + "   # cuDNN 9 needs NVRTC for "
        "runtime-compiled engines",
        "# install the NVRTC of the same CUDA major (pip: nvidia-cuda-nvrtc-cu12) next to "
        "cuDNN",
    ),
    "new:nccl-timeout": (
        "NCCL_DEBUG=INFO python train.py   # which rank stalls",
        "# one worker is stuck or much slower (data loading, a hang): every rank must reach "
        "the same collective",
    ),
    "new:cuda-compat-on-unsupported-gpu": (
        "echo $LD_LIBRARY_PATH   # a cuda-compat folder on it?",
        "# CUDA forward compatibility works on data-center GPUs only: remove the compat "
        "libraries from the loader path, or upgrade the driver",
    ),
}

#: What to run next for a code that names no host fault (an API-usage or internal error) or
#: a code whose usual finding did not match this log's wording.
_GENERIC: tuple[str, ...] = (
    "TF_CPP_MIN_LOG_LEVEL=0 python train.py   # every log line: the first CUDA error names "
    "the fault",
    "CUDA_LAUNCH_BLOCKING=1 python train.py   # kernels run one at a time: the error names "
    "the op",
    "search the exact line in the TensorFlow issue tracker",
)


def status_code_hits(ctx: Facts, covered: set[int]) -> list[tuple[Hit, CudaError]]:
    """The status codes the log names (first line of each name) on lines not in
    ``covered``, with their ``status_codes.toml`` rows; codes the table marks ``harmless``
    or ``context`` are left out.  In line order."""
    hits = ctx.h("cuda.status_code")
    if not hits.count:
        return []
    rows = {r.name: r for r in ctx.kb.status_codes}
    out = []
    for h in hits.by_key.values():
        row = rows.get(h.g("name") or "")
        if row is not None and h.line not in covered and row.maps_to not in (
                "harmless", "context", ""):
            out.append((h, row))
    return sorted(out, key=lambda t: t[0].line)


def describe(row: CudaError, printed: str = "") -> str:
    """``"cuFFT returned CUFFT_EXEC_FAILED (6): <meaning>"`` from the row (no final period).
    ``printed``: how the log printed the status when not by its name (TensorFlow's
    "<unknown cudnn status: 3005>" for a cuDNN 9 value its cuDNN 8 table lacks), shown after
    the code: ``"... (3005, printed as '<unknown cudnn status: 3005>'): ..."``."""
    shown = f", printed as '{printed}'" if printed and printed != row.name else ""
    return (f"{row.library or row.enum} returned {row.name} ({row.code}{shown}): "
            f"{row.meaning.rstrip('.')}")


def rule_status_codes(ctx: Facts, found: Sequence[Finding]) -> list[Finding]:
    """``cuda-status-code``: a status code whose ``status_codes.toml`` row names a host
    fault no check covers; a code that states its fault whatever call returned it
    (:data:`~tfgpu.diagnosis.checks._code_claims.CODE_CLAIMS`) gives that fault's finding
    instead (``maps_to = "new:<id>"``: ECC/NVLink errors, MPS, a vGPU
    license, the fabric manager, the libcuda stub, cuDNN 9
    sub-libraries, an NCCL timeout), on a line no finding in ``found`` quotes.

    A post-pass, run by the engine after the checks and before ``unrecognised-error``;
    that one names the other codes (API-usage codes, codes whose usual wording is missing)
    with their meanings.  Returns at most one finding (the first such code; the others
    are quoted as evidence), an error with the row's meaning and the fault's next steps.
    """
    covered = {e.line for f in found for e in f.evidence if e.line is not None}
    hits = status_code_hits(ctx, covered)
    # a code that names its fault whatever call returned it (the Exclusive_Thread compute
    # mode, a sticky kernel fault): that fault's own finding
    claims = [(h, r) for h, r in hits if r.maps_to in CODE_CLAIMS]
    if claims:
        claim = code_claim(claims[0][1], lead="A CUDA call returned ",
                           evidence=log_evidence([h for h, _ in claims], limit=4))
        return [claim] if claim is not None else []
    faults = [(h, r) for h, r in hits if r.maps_to.startswith("new:")]
    if not faults:
        return []
    row = faults[0][1]
    others = [r.name for _, r in faults[1:4] if r.name != row.name]
    also = f" The log also names {', '.join(others)}." if others else ""
    return [new_fault_finding(ctx, row, [x for x, _ in faults], also=also)]


def new_fault_finding(ctx: Facts, row: CudaError, hits: Sequence[Hit], *, printed: str = "",
                      also: str = "") -> Finding:
    """``cuda-status-code`` for the status ``row`` whose ``maps_to`` is ``new:<fault>``
    (a host fault no other check names), quoted from ``hits``: the row's meaning and the
    fault's next steps (:data:`_NEXT`).  ``printed`` is how the log printed the status when
    not by its name (TensorFlow's "<unknown cudnn status: 1008>" for a cuDNN 9 value its
    table lacks); ``also`` ends the cause (the other codes the log names)."""
    cause = describe(row, printed) + f" (knowledge row {row.ref}).{also}"
    return catalogue.make(
        "cuda-status-code",
        category=row.category or "gpu-not-visible",  # status_codes.toml [new_faults]
        name=row.name, library=row.library or row.enum,  # [enums.<enum>] library
        evidence=log_evidence(list(hits), limit=4),
        cause=cause,
        fix=c.show_env_lines(ctx, _NEXT.get(row.maps_to, _GENERIC)),
        knowledge_ref=row.ref,
    )
