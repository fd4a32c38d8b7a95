"""The CUDA driver API: ``failed call to cuInit`` errors and
``Could not find cuda drivers on your machine``.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import E, W, _slug, and_cuda_fix, windows_gpu_last
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

_CUINIT_HELP: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "CUDA_ERROR_NO_DEVICE": (
        "gpu-not-visible",
        "the CUDA driver sees no CUDA-capable GPU: none is installed, CUDA_VISIBLE_DEVICES hides "
        "them, or (WSL2/containers) the GPU is not passed through",
        ("nvidia-smi", "echo $CUDA_VISIBLE_DEVICES   # empty or -1 hides every GPU"),
    ),
    "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED": (
        "gpu-not-visible",
        "the driver library (libcuda) failed to initialise: no NVIDIA kernel driver is loaded",
        ("nvidia-smi", "docker run --gpus all ...   # inside a container"),
    ),
    "CUDA_ERROR_INSUFFICIENT_DRIVER": (
        "version-mismatch",
        "the installed NVIDIA driver is older than the CUDA runtime TensorFlow uses",
        ("nvidia-smi   # 'CUDA Version' is the newest CUDA this driver supports",),
    ),
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": (
        "version-mismatch",
        "the display driver and the CUDA driver library have different versions",
        ("reboot after a driver upgrade", "nvidia-smi"),
    ),
    "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE": (
        "version-mismatch",
        "a CUDA forward-compatibility package (cuda-compat) is in use on a GPU that does not "
        "support it (forward compatibility is for data-centre GPUs)",
        ("echo $LD_LIBRARY_PATH   # remove the cuda-compat folder from it",),
    ),
    "CUDA_ERROR_STUB_LIBRARY": (
        "gpu-not-visible",
        "the stub libcuda.so from the toolkit's lib64/stubs folder was loaded instead of the "
        "driver's libcuda",
        ("echo $LD_LIBRARY_PATH   # remove .../lib64/stubs from it",),
    ),
    "CUDA_ERROR_DEVICE_UNAVAILABLE": (
        "gpu-not-visible",
        "the GPU is busy or unavailable (exclusive-process compute mode held by another process)",
        (
            "nvidia-smi --query-gpu=compute_mode --format=csv",
            "nvidia-smi --query-compute-apps=pid,process_name,used_memory --format=csv",
        ),
    ),
    "CUDA_ERROR_UNKNOWN": (
        "gpu-not-visible",
        "the driver reported an unknown error (often a driver in a bad state after suspend, or a "
        "broken WSL2 GPU passthrough)",
        ("nvidia-smi", "reboot"),
    ),
}


#: cuInit errors that restate a fault another pattern's finding already reports (that
#: finding quotes the cuInit line too), so only one finding is given.
_CUINIT_REPORTED_BY: dict[str, str] = {
    "CUDA_ERROR_INSUFFICIENT_DRIVER": "driver.insufficient",
    "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH": "driver.mismatch",
}


def rule_cuinit(ctx: Facts) -> list[Finding]:
    """``failed call to cuInit: CUDA_ERROR_...`` or ``UNKNOWN ERROR (303)``."""
    hits = ctx.h("cuinit")
    out: list[Finding] = []
    done: set[str] = set()
    for hit in hits.all():
        name = hit.g("name")
        code = hit.g("code")
        if name is None and code is not None:
            row = ctx.kb.cuda_error(int(code))
            name = row.name if row is not None else None
        if name is None or name in done:
            continue
        done.add(name)
        if name == "CUDA_ERROR_OUT_OF_MEMORY":
            continue
        restated = _CUINIT_REPORTED_BY.get(name)
        if restated is not None and ctx.h(restated).count:
            continue  # that pattern's finding reports this fault, with this line as evidence
        cat, why, fix = _CUINIT_HELP.get(
            name, ("gpu-not-visible", "see the CUresult description", ("nvidia-smi",))
        )
        named = ctx.kb.cuda_error_named(name)
        num = code or (str(named.code) if named is not None else None)
        num = num or "code not in tfgpu's CUresult table"
        libcuda_v = ctx.h("driver.libcuda").last
        kernel_v = ctx.h("driver.kernel").last
        sev_override: Severity | None = None
        if name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED" and (libcuda_v or kernel_v):
            lv = libcuda_v.g("v") if libcuda_v else None
            kv = kernel_v.g("v") if kernel_v else None
            cat = "version-mismatch"
            sev_override = E
            if lv and kv:
                why = (
                    f"the kernel driver is loaded (kernel reported version {kv}) and libcuda "
                    f"reports {lv}, yet libcuda failed to initialise: the libcuda this process "
                    "loaded does not belong to the running driver or cannot talk to it (a "
                    "container's or WSL's libcuda, or a stale libcuda.so on LD_LIBRARY_PATH)"
                    + ("; the two versions differ" if lv != kv else "")
                )
            else:
                why = (
                    f"the log reports a driver version ({kv or lv}), so a driver is installed, "
                    "but libcuda failed to initialise: a user-space libcuda that does not "
                    "match the kernel driver (container/WSL libcuda, stale copy on "
                    "LD_LIBRARY_PATH)"
                )
            fix = (
                "ldconfig -p | grep libcuda; echo $LD_LIBRARY_PATH   # which libcuda is "
                "found first",
                "cat /proc/driver/nvidia/version   # the kernel driver version",
                "remove the stale libcuda folder from LD_LIBRARY_PATH (a toolkit's "
                "lib64/stubs or compat folder, a copied libcuda.so)",
                "in a container: docker run --gpus all ... (the NVIDIA Container Toolkit "
                "mounts the host's matching libcuda); in WSL2 use /usr/lib/wsl/lib only",
            )
        stub = ctx.h("cuda.drivers").first
        if (
            name == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"
            and ctx.has_nvidia_gpu is None
            and not (libcuda_v or kernel_v)
            and stub
            and stub[0].line < hit.line
        ):
            # TensorFlow's cudart stub found no libcuda at all ("Could not find cuda
            # drivers"), and nothing in the log shows a GPU or a driver: cuInit's 303 is the
            # stub's own follow-up on a host with no NVIDIA driver, not a second fault.
            out.append(
                catalogue.make(
                    "cuinit-{error}",
                    variant="after-stub",
                    error=_slug(name.replace("CUDA_ERROR_", "")),
                    name=name,
                    num=num,
                    line=stub[0].line,
                    category=cat,
                    evidence=log_evidence([stub[0], hit]),
                    fix=("tfgpu doctor   # only if this host has an NVIDIA GPU",),
                )
            )
            continue
        no_gpu = ctx.has_nvidia_gpu is False
        if no_gpu and name in ("CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"):
            out.append(
                catalogue.make(
                    "cuinit-{error}",
                    variant="no-gpu",
                    error=_slug(name.replace("CUDA_ERROR_", "")),
                    name=name,
                    num=num,
                    why=why,
                    category=cat,
                    evidence=log_evidence([hit]),
                )
            )
            continue
        if ctx.wsl and name in ("CUDA_ERROR_NO_DEVICE", "CUDA_ERROR_UNKNOWN"):
            cat = "wsl2"
            why += "; in WSL2 this usually follows a Windows or Windows-driver update"
            fix = (
                "nvidia-smi   # inside WSL",
                "wsl --shutdown   # from Windows, then reopen",
                "wsl --update",
                "reinstall the Windows NVIDIA driver (never a Linux driver inside WSL)",
            )
        # Error only when a GPU is known to be there; unknown host: a warning that says so.
        sev = sev_override or (E if ctx.has_nvidia_gpu else W)
        out.append(
            catalogue.make(
                "cuinit-{error}",
                error=_slug(name.replace("CUDA_ERROR_", "")),
                name=name,
                num=num,
                severity=sev,
                category=cat,
                evidence=log_evidence([hit], [x for x in (libcuda_v, kernel_v) if x is not None]),
                cause=f"cuInit returned {name} = {num}: {why}."
                + (
                    ""
                    if ctx.has_nvidia_gpu or sev_override
                    else " If this host has no NVIDIA GPU, this is expected."
                ),
                fix=fix,
                doc="cuda-wsl-guide" if cat == "wsl2" else None,
            )
        )
    return out


def _windows_cudart_fix(ctx: Facts) -> list[str]:
    _, last, keep, build = windows_gpu_last(ctx)
    return [
        "where cudart64_*.dll",
        f"native Windows GPU support ends at TensorFlow {last}: use WSL2 for newer "
        f'releases, or pip install "{keep}" with {build} on PATH',
    ]


def rule_cuda_drivers(ctx: Facts) -> list[Finding]:
    """``Could not find cuda drivers on your machine, GPU will not be used``."""
    hits = ctx.h("cuda.drivers")
    if not hits.count:
        return []
    gpu = ctx.has_nvidia_gpu
    tf = ctx.tf_version
    if gpu:
        tested = ctx.kb.tested_gpu_build(tf, "windows" if ctx.windows else "linux")
        have = ctx.cuda_versions
        if tested and have and not any(v.split(".")[0] == tested[0].split(".")[0] for v in have):
            return [
                catalogue.make(
                    "tf-cuda-runtime-missing",
                    variant="cuda-major-missing",
                    tf=tf,
                    cuda=tested[0],
                    have=", ".join(have),
                    evidence=log_evidence(hits) + tuple(ctx.fact_evidence()),
                    cause=(
                        f"TensorFlow {tf} was built with CUDA {tested[0]} / cuDNN {tested[1]} and "
                        f"loads the CUDA {tested[0].split('.')[0]} runtime; "
                        f"only CUDA {', '.join(have)} "
                        "is installed, so the runtime stub prints this misleading 'could not find "
                        "cuda drivers'"
                        + (
                            f" (the NVIDIA driver {ctx.driver_version} itself is present)."
                            if ctx.driver_known
                            else "; the facts hold no driver data, so check the driver too."
                        )
                    ),
                    fix=(
                        f"install CUDA {tested[0]} + cuDNN {tested[1]} (or the pip nvidia-*-cu"
                        f"{tested[0].split('.')[0]} wheels) and put their lib folders on "
                        f"LD_LIBRARY_PATH",
                        "or upgrade: " + and_cuda_fix(ctx),
                        *(() if ctx.driver_known else ("nvidia-smi   # the driver version",)),
                    ),
                    knowledge_ref=tested.ref,
                )
            ]
        gev = ctx.gpu_log_evidence()
        where = (
            f"the log itself shows an NVIDIA GPU (lines {', '.join(str(h.line) for h in gev[:3])})"
            if gev
            else "the host facts show an NVIDIA GPU"
        )
        drv = ctx.driver_version
        fix_list = (
            _windows_cudart_fix(ctx)
            if ctx.windows
            else [
                and_cuda_fix(ctx),
                "ldconfig -p | grep -E 'libcuda|libcudart'   # the driver's libcuda and the "
                "CUDA runtime",
                'python -c "import tensorflow as tf; print(tf.sysconfig.get_build_info())"   '
                "# the CUDA version TensorFlow needs",
            ]
        )
        return [
            catalogue.make(
                "tf-cuda-runtime-missing",
                evidence=log_evidence(hits, gev),
                cause=(
                    f"'Could not find cuda drivers' comes from TensorFlow's CUDA runtime stub, "
                    f"and {where}"
                    + (f" with driver {drv}" if drv else "")
                    + ": so this is not the harmless no-GPU notice. TensorFlow could not load "
                    "its CUDA runtime libraries (the CUDA version it was built for: a CPU-only "
                    "install, missing nvidia-* wheels, or libcuda not found)."
                ),
                fix=tuple(fix_list),
                doc="tf-pip-windows-native" if ctx.windows else None,
            )
        ]
    return [
        catalogue.make(
            "cuda-drivers-not-found-notice",
            variant="no-gpu" if gpu is False else None,
            evidence=log_evidence(hits),
            fix=() if gpu is False else ("tfgpu doctor",),
        )
    ]
