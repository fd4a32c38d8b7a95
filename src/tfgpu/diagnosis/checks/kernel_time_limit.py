"""A GPU kernel killed by the GPU's kernel run-time limit (the display watchdog).

Sources (status_codes.toml rows mapped to ``gpu-watchdog-kernel-launch-timeout``):

* cuda.h ``CUDA_ERROR_LAUNCH_TIMEOUT`` (CUresult 702) and driver_types.h
  ``cudaErrorLaunchTimeout`` (cudaError_t 702), both "the launch timed out and was
  terminated" (cuGetErrorString / cudaGetErrorString).  The header: "This indicates that the
  device kernel took too long to execute.  This can only occur if timeouts are enabled - see
  the device attribute CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT ... This leaves the process in
  an inconsistent state and any further CUDA work will return the same error."
* Without a display GPU shown, the same code comes from the driver ending a hung GPU's
  work: pytorch/pytorch#10853 (702 with an Xid in dmesg at the same time),
  facebookresearch/unbiased-teacher#80 (Tesla K80s, which have no display output; another
  GPU fixed it); NVIDIA's Xid catalog
  (docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html): Xid 8,
  ROBUST_CHANNEL_FIFO_ERROR_IDLE_TIMEOUT, "GPU stopped processing".  Variant
  ``display-not-shown`` hedges between the two; deviceQuery's "Run time limit on kernels",
  nvidia-smi's Disp.A / WDDM columns, or Windows decide it.
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


_HANG = (
    "sudo dmesg | grep -i xid   # Linux: an 'NVRM: Xid ... 8' line at that time: the driver "
    "stopped a GPU that had stopped processing (NVIDIA's Xid catalog); Xids again and again "
    "on one board point at that GPU or its driver, not the program",
)


def _display_shown(ctx: Facts) -> tuple[bool | None, list[Hit]]:
    """Whether the log shows this GPU with a kernel run-time limit: ``True`` on Windows
    (WDDM's TDR), with deviceQuery's "Run time limit on kernels: Yes", nvidia-smi's Disp.A
    "On" or driver model WDDM; ``False`` with "Run time limit on kernels: No" (no watchdog:
    the driver ended the kernel for another reason); ``None`` when the log does not say."""
    limit = ctx.h("ctx.devicequery_time_limit").all()
    if any(h.g("v") == "Yes" for h in limit):
        return True, [h for h in limit if h.g("v") == "Yes"][:1]
    smi = [h for h in ctx.h("ctx.smi_display").all() if h.g("disp") == "On" or h.g("wddm")]
    if smi:
        return True, smi[:1]
    if ctx.windows:
        return True, []
    if limit:
        return False, limit[:1]
    return None, []


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
    display, shown = _display_shown(ctx)
    if display is not True:
        # the log shows no display GPU (or one without a time limit): CUDA reports the same
        # code when the driver ends a hung or faulting GPU's work (pytorch/pytorch#10853: an
        # Xid in dmesg at the same time; facebookresearch/unbiased-teacher#80: Tesla K80s,
        # which drive no display, fixed by another GPU)
        no_limit = ("deviceQuery says this GPU has no kernel run-time limit, so no watchdog "
                    "ended the kernel: " if display is False else
                    "This log does not show whether the GPU drives a display. With one "
                    "(Windows' TDR, 2 seconds by default, or a display server on that GPU "
                    "under Linux), a kernel ran longer than that limit and was killed. "
                    "Without one, ")
        cause = (f"{name} ({row.code}, knowledge row {row.ref}): a GPU kernel did not "
                 "finish and the driver ended it; the process's CUDA context is lost. "
                 + no_limit
                 + ("the driver stopped a GPU that had stopped processing (a hang: NVIDIA's "
                    "Xid 8 in the kernel log), which points at that GPU, its driver, power or "
                    "cooling rather than at TensorFlow or the model (reports: a datacenter "
                    "Tesla K80 with no display output, fixed by using another GPU)."))
        return [catalogue.make(
            "gpu-watchdog-kernel-launch-timeout", variant="display-not-shown", name=name,
            evidence=log_evidence(hits, ctx.h("cuda.gpu_async"), shown, limit=4),
            cause=cause,
            fix=(*_HANG, *(() if display is False else _fix(ctx))),
            knowledge_ref=row.ref,
        )]
    cause = (f"{name} ({row.code}, knowledge row {row.ref}): a GPU kernel took too long to "
             "execute. CUDA returns it only where kernel time-outs are enabled "
             "(CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT), that is on a GPU that also drives a "
             "display: Windows' display watchdog (TDR, 2 seconds by default) or a display "
             "server on that GPU under Linux. The kernel ran longer than that limit, so the "
             "driver killed it and the process's CUDA context is lost. Neither TensorFlow, the "
             "model nor the CUDA install is at fault.")
    return [catalogue.make(
        "gpu-watchdog-kernel-launch-timeout", name=name,
        evidence=log_evidence(hits, ctx.h("cuda.gpu_async"), shown, limit=4),
        cause=cause,
        fix=_fix(ctx),
        knowledge_ref=row.ref,
    )]


__all__ = ["gpu_watchdog_launch_timeout"]
