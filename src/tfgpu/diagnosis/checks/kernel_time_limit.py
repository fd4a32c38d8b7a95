"""A GPU kernel killed by the GPU's kernel run-time limit (the display watchdog).

Sources (status_codes.toml rows mapped to ``gpu-watchdog-kernel-launch-timeout``):

* cuda.h ``CUDA_ERROR_LAUNCH_TIMEOUT`` (CUresult 702) and driver_types.h
  ``cudaErrorLaunchTimeout`` (cudaError_t 702), both "the launch timed out and was
  terminated" (cuGetErrorString / cudaGetErrorString).  The header: "This indicates that the
  device kernel took too long to execute.  This can only occur if timeouts are enabled - see
  the device attribute CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT ... This leaves the process in
  an inconsistent state and any further CUDA work will return the same error."
* The limit is on for a GPU that drives a display: on Windows the display driver model's
  Timeout Detection and Recovery (TDR; the ``TdrDelay`` registry value under
  HKLM\\System\\CurrentControlSet\\Control\\GraphicsDrivers, default 2 seconds: Microsoft's
  "TDR registry keys"), on Linux a display server running on that GPU.

TensorFlow prints the code wherever a CUDA call next synchronises (stream_executor
cuda_driver.cc / cuda_event.cc / stream.cc in every release, XLA's in TF >= 2.11: "failed to
query event: CUDA_ERROR_LAUNCH_TIMEOUT: the launch timed out and was terminated"), then
gpu_event_mgr.cc aborts with "Unexpected Event status: 1"; TF 1.x's ToString printed the name
alone.  Runtime-API callers (custom ops, NCCL's "Cuda failure '...'") print the text only.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The ``maps_to`` of the status_codes.toml rows of this kind (the finding's id).
_MAPS_TO = "gpu-watchdog-kernel-launch-timeout"

_WINDOWS = (
    "nvidia-smi --query-gpu=index,name,display_active,driver_model.current --format=csv   "
    "# display_active Enabled or driver model WDDM: Windows' TDR watchdog limits this GPU's "
    "kernels",
    "# Windows: run on a GPU that drives no display (plug the monitor into the other GPU), or "
    "raise the TDR delay: DWORD TdrDelay (seconds, default 2) under "
    "HKLM\\System\\CurrentControlSet\\Control\\GraphicsDrivers, then reboot "
    "(Microsoft: TDR registry keys)",
)
_LINUX = (
    "nvidia-smi --query-gpu=index,name,display_active --format=csv   # display_active "
    "Enabled: a display server runs on this GPU and limits its kernels' run time",
    "# Linux: train on a GPU that drives no display (CUDA_VISIBLE_DEVICES=<its index>), or "
    "stop the display server for the run (sudo systemctl isolate multi-user.target)",
)
_ANY = (
    "# or make each GPU step shorter so every kernel ends within the limit: a smaller batch "
    "size (or smaller inputs)",
    "# the process's CUDA context is lost after this error: restart the program",
)


def _fix(ctx: Facts) -> tuple[str, ...]:
    """The watchdog fixes of the host's OS (both OSes' when the log does not show it)."""
    if ctx.windows:
        return _WINDOWS + _ANY
    if ctx.os == "linux":
        return _LINUX + _ANY
    return (_LINUX[0], _WINDOWS[1], _LINUX[1], *_ANY)


def gpu_watchdog_launch_timeout(ctx: Facts) -> list[Finding]:
    """``gpu-watchdog-kernel-launch-timeout`` from ``cuda.launch_timeout`` (the code's name
    or its error string, any library that prints it); the row's meaning is read from
    status_codes.toml by name (or by cudaGetErrorString text).  gpu_event_mgr.cc's
    "Unexpected Event status" / gpu_util.cc's "GPU sync failed" that follow are quoted too.
    """
    hits: list[Hit] = ctx.h("cuda.launch_timeout").all()
    if not hits:
        return []
    first = hits[0]
    rows = {r.name: r for r in ctx.kb.status_codes if r.maps_to == _MAPS_TO}
    row = rows.get(first.g("name") or "") or ctx.kb.runtime_error_by_text(first.g("text") or "")
    if row is None or row.maps_to != _MAPS_TO:
        return []
    name = first.g("name") or row.name
    cause = (f"{name} ({row.code}, knowledge row {row.ref}): a GPU kernel took too long to "
             "execute. CUDA returns it only where kernel time-outs are enabled "
             "(CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT), that is on a GPU that also drives a "
             "display: Windows' display watchdog (TDR, 2 seconds by default) or a display "
             "server on that GPU under Linux. The kernel ran longer than that limit, so the "
             "driver killed it and the process's CUDA context is lost. Neither TensorFlow, the "
             "model nor the CUDA install is at fault.")
    return [catalogue.make(
        "gpu-watchdog-kernel-launch-timeout", name=name,
        evidence=log_evidence(hits, ctx.h("cuda.gpu_async"), limit=4),
        cause=cause,
        fix=_fix(ctx),
        knowledge_ref=row.ref,
    )]


__all__ = ["gpu_watchdog_launch_timeout"]
