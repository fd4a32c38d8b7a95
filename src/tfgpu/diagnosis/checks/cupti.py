"""CUPTI: the profiler library did not load (only the TensorBoard profiler is affected)."""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def rule_cupti(ctx: Facts) -> list[Finding]:
    """CUPTI not loaded: only the TensorBoard profiler is affected."""
    root = ctx.h("cupti.privilege").all()
    hits = [*ctx.h("cupti.failed").all(), *root]
    libs = [h for h in ctx.h("lib.missing").all() if "cupti" in (h.g("lib") or "")]
    if not hits and not libs:
        return []
    priv = bool(root) or any("INSUFFICIENT_PRIVILEGES" in (h.g("code") or "") for h in hits)
    want = next((h.g("lib") for h in libs), None)
    # a CUPTI_ERROR_* code with no load failure in the log: CUPTI loaded and a call
    # failed; only INSUFFICIENT_PRIVILEGES has a known cause here, others are named, not guessed
    codes = [h.g("code") for h in hits if h.g("code")]
    if not priv and not libs and codes and len(codes) == len(hits):
        code = codes[0] or "CUPTI_ERROR"
        return [catalogue.make(
            "cupti-not-loaded", variant="call-failed", code=code,
            evidence=log_evidence(hits),
            cause=(f"CUPTI, the library the TensorBoard profiler traces the GPU with, was "
                   f"loaded, and a call returned {code}. tfgpu does not know this code's cause "
                   "in this setting; training itself is not affected."),
            fix=(f"# look up {code} in CUPTI's CUptiResult reference (NVIDIA CUPTI docs)",
                 "# profile one process at a time: no other profiler (Nsight Systems, another "
                 "tf.profiler session) attached",
                 "nvidia-smi   # the driver the CUDA/CUPTI version needs"),
        )]
    if priv:
        cause = "CUPTI may not read GPU performance counters as a non-admin user."
        # NVIDIA's ERR_NVGPUCTRPERM page: the driver option on Linux, the Control Panel's
        # developer setting on Windows (also for WSL2, whose driver is the Windows one)
        fix: tuple[str, ...] = ((
            "# NVIDIA Control Panel (as administrator): Desktop > Enable Developer Settings, then "
            "Developer > Manage GPU Performance Counters > Allow access to the GPU performance "
            "counters to all users",
        ) if ctx.windows or ctx.wsl else (
            "echo 'options nvidia NVreg_RestrictProfilingToAdminUsers=0' | sudo tee "
            "/etc/modprobe.d/nvidia-profiling.conf && sudo update-initramfs -u && reboot",
        ))
    else:
        cause = (
            "TensorFlow loads CUPTI by its exact versioned name"
            + (f" ({want})" if want else "")
            + " for the TensorBoard profiler; it was not found on the loader path. Training "
            "itself is not affected."
        )
        fix = (
            (
                "export LD_LIBRARY_PATH=/usr/local/cuda/extras/CUPTI/lib64:$LD_LIBRARY_PATH",
                "ls /usr/local/cuda/extras/CUPTI/lib64   # if only a dated libcupti.so.20XX file "
                "exists, symlink the exact name TensorFlow asks for to it",
            )
            if not ctx.windows
            else (
                'dir "%CUDA_PATH%\\extras\\CUPTI\\lib64"   # CUDA 11.0 Update 1 and newer '
                "name the DLL by date, e.g. cupti64_2020.1.1.dll",
                "add %CUDA_PATH%\\extras\\CUPTI\\lib64 to PATH; if only a dated "
                f"cupti64_20XX.*.dll is there, copy it to the exact name TensorFlow asks for"
                f" ({want or 'cupti64_110.dll'})",
            )
        )
    return [
        catalogue.make(
            "cupti-not-loaded",
            evidence=log_evidence(hits, libs),
            cause=cause,
            fix=fix,
        )
    ]
