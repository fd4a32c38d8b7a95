"""WSL2 and NUMA: busy/unavailable devices, NUMA notices, the WSL libcuda symlink notice."""

from __future__ import annotations

import re
from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding


def rule_wsl_numa(ctx: Facts) -> list[Finding]:
    """Busy/unavailable devices, NUMA notices (harmless), WSL libcuda symlink notice."""
    out: list[Finding] = []
    busy = ctx.h("cuda.busy")
    if busy.count:
        if ctx.wsl:
            out.append(
                catalogue.make(
                    "wsl2-cuda-context-fails",
                    evidence=log_evidence(busy),
                )
            )
        elif _vgpu_guest(ctx):
            out.append(
                catalogue.make(
                    "vgpu-license-unlicensed-blocks-cuda",
                    evidence=log_evidence(busy, ctx.h("vgpu.shown"), limit=3),
                )
            )
        else:
            out.append(
                catalogue.make(
                    "gpu-busy-or-unavailable",
                    evidence=log_evidence(busy),
                )
            )
    unread = ctx.h("numa.unreadable")
    neg = ctx.h("numa.negative")
    unidentified = ctx.h("numa.unidentified")
    if unread.count or neg.count or unidentified.count:
        wsl = ctx.wsl
        # view.wsl counts this very notice as WSL evidence; the WSL2 reason needs
        # WSL shown by something else (host facts, a WSL path or kernel, the libcuda link)
        wsl_shown = (ctx.host.os.is_wsl if ctx.host is not None else
                     bool(ctx.h("ctx.wsl").count or ctx.h("wsl.libcuda_symlink").count))
        out.append(
            catalogue.make(
                "numa-node-notice",
                variant=("unreadable-wsl" if wsl_shown else "unreadable") if unread.count else (
                    "unidentified" if unidentified.count and not neg.count else None),
                category="wsl2" if wsl else "notice",
                evidence=log_evidence(unread, ctx.h("numa.no_support"), neg, unidentified,
                                      limit=3),
            )
        )
    sym = ctx.h("wsl.libcuda_symlink")
    if sym.count:
        out.append(
            catalogue.make(
                "wsl2-libcuda-symlink-notice",
                evidence=log_evidence(sym, limit=2),
            )
        )
    return out


#: The fix of ``wsl1-has-no-gpu`` from host facts or a WSL1 kernel in a log (the nvidia-smi
#: check words its own, naming the Windows build that WSL2 needs).
_WSL1_FIX = ("wsl --set-version <distro> 2   # in Windows PowerShell", "wsl --shutdown")


def wsl1(f: Facts) -> Iterator[Finding]:
    """WSL1 has no GPU support; CUDA needs WSL2 (NVIDIA CUDA on WSL user guide)."""
    facts = f.host
    if facts is None:
        return
    if not (facts.os.is_wsl and facts.os.wsl_version == 1):
        return
    yield catalogue.make(
        "wsl1-has-no-gpu", evidence=(Evidence("os.kernel", facts.os.kernel or "?"),),
        fix=_WSL1_FIX,
    )




def wsl1_log(f: Facts) -> list[Finding]:
    """``wsl1-has-no-gpu`` from a log: a WSL1 kernel release (``4.4.0-<build>-Microsoft``, as
    ``cat /proc/version`` or ``uname -r`` print it) and host facts that do not show WSL2.
    WSL1 translates Linux calls and has no GPU (NVIDIA CUDA on WSL user guide); the host
    check :func:`wsl1` gives the same id from the facts."""
    hits = f.h("ctx.wsl1")
    if not hits.count or not f.wsl1:
        return []
    return [catalogue.make(
        "wsl1-has-no-gpu", evidence=log_evidence(hits, limit=2),
        fix=_WSL1_FIX,
    )]


# --- NVML refused by Windows, unreachable GPUs, libcuda not found ---------------------------


def _wsl_only_by_driver_folder(f: Facts) -> bool:
    """The log's only sign of WSL is the /usr/lib/wsl driver folder (no host facts, no WSL
    kernel release, prompt, NUMA notice or the word WSL).  A Hyper-V GPU-PV Linux VM with the
    dxgkrnl module keeps the host's driver files in the same folder (staralt/dxgkrnl-dkms
    README: "sudo mv ~/wsl /usr/lib/wsl", ld.so.conf.d "/usr/lib/wsl/lib"; issue #7: "GPU
    access blocked by the operating system" there, fixed by copying the host's complete driver
    files), so the folder alone does not tell WSL2 from such a VM."""
    if f.host is not None or f.h("ctx.wsl_prompt").count or f.h("numa.unreadable").count:
        return False
    return not any(re.search(r"(?i)\bwsl|microsoft-standard",
                             h.text.replace("/usr/lib/wsl", ""))
                   for h in f.h("ctx.wsl").all())


def wsl2_gpu_access_blocked(f: Facts) -> list[Finding]:
    """``Failed to initialize NVML: GPU access blocked by the operating system``: WSL2's NVML
    (``/usr/lib/wsl/lib/libnvidia-ml.so.1`` over ``/dev/dxg``) refused by Windows
    (microsoft/WSL#9938, #9952, #12835, #9166)."""
    wsl_fix = ("wsl --shutdown   # from Windows, then reopen the distribution",
               "wsl --update   # and update the Windows NVIDIA driver",
               "nvidia-smi   # on Windows: the GPU must be in WDDM mode (TCC GPUs are not "
               "shared with WSL2)",
               "# inside WSL: remove Linux NVIDIA driver/nvidia-utils packages; the WSL "
               "nvidia-smi is /usr/lib/wsl/lib/nvidia-smi")

    # WSL2 only when the facts or the log show it (the message also comes from
    # containers and compatibility layers elsewhere; see the catalogue row's variants)
    def make(hits: Hits, _first: Hit) -> Finding:
        ev = log_evidence(hits, limit=2)
        if f.wsl and _wsl_only_by_driver_folder(f):
            return catalogue.make(
                "wsl2-gpu-access-blocked", variant="wsl-or-gpu-pv", evidence=ev,
                fix=("uname -r   # '...-microsoft-standard-WSL2': WSL2, then the wsl lines "
                     "below; another kernel: a Hyper-V GPU-PV VM (dxgkrnl), then the last "
                     "line",
                     *wsl_fix,
                     "# a Hyper-V GPU-PV VM: copy the host's current NVIDIA driver folder "
                     "(C:\\Windows\\System32\\DriverStore\\FileRepository\\nv...) and "
                     "C:\\Windows\\System32\\lxss\\lib, complete, into /usr/lib/wsl again, "
                     "then sudo ldconfig and reboot the VM (staralt/dxgkrnl-dkms README)"))
        if f.wsl:
            return catalogue.make("wsl2-gpu-access-blocked", evidence=ev, fix=wsl_fix)
        if f.host is None:
            return catalogue.make(
                "wsl2-gpu-access-blocked", variant="unconfirmed", evidence=ev,
                fix=("uname -r   # a kernel named '...-microsoft-standard-WSL2' is WSL2: then "
                     "the commands below", *wsl_fix))
        return catalogue.make(
            "wsl2-gpu-access-blocked", variant="not-wsl", evidence=ev)

    return from_log(f, "wsl.nvml_blocked", make)


def gpu_device_handle_unknown(f: Facts) -> list[Finding]:
    """``Unable to determine the device handle for GPU...: Unknown Error`` (nvidia-smi): a GPU
    the driver lists but cannot open.  Native Linux: a GPU fallen off the bus, a half-loaded
    module, BIOS settings; WSL2 (known from the log or facts): a GPU in TCC mode
    (microsoft/WSL#13027)."""
    return from_log(f, "eco.device_handle", lambda hits, _first: catalogue.make(
        "nvidia-smi-device-handle-unknown-error", variant="wsl2" if f.wsl else None,
        evidence=log_evidence(hits, limit=4),
        fix=(("nvidia-smi -q | findstr /i \"mode\"   # on Windows: Driver Model must be WDDM",
              "nvidia-smi -g 0 -dm 0   # on Windows, as Administrator, where the GPU supports "
              "WDDM; then reboot",
              "# data-center GPUs without WDDM: use native Linux for TensorFlow")
             if f.wsl else
             ("sudo dmesg | grep -i -E 'xid|nvrm' | tail   # Xid 79: the GPU fell off the bus",
              "sudo reboot   # the only way to recover a GPU that fell off the bus",
              "# if it recurs: power, cooling and PCIe seating; after a kernel update, rebuild "
              "the driver module (Secure Boot: sign it)")),
    ))


def wsl2_libcuda_not_found(f: Facts) -> list[Finding]:
    """``libcuda.so.1`` not loadable in WSL2, where the Windows driver provides it in
    ``/usr/lib/wsl/lib`` (tensorflow/tensorflow#45882).  Only when the log or the facts show
    WSL2; elsewhere ``library-not-loaded-libcuda-*`` (checks/libraries.py) says it."""
    if not f.wsl or f.wsl1:
        return []
    from tfgpu.diagnosis.checks.libraries import dependency_failures

    # the unversioned libcuda.so named only as another library's missing dependency (cuDNN
    # 8's "Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so: ...") is
    # library-dependency-missing's: the link name, not the driver's libcuda.so.1
    dep_lines = {n for dep, hit in dependency_failures(f).values()
                 if dep == "libcuda.so" for n in hit.span}
    hits = [h for h in f.libcuda_hits() if not (h.g("lib") == "libcuda.so"
                                                and h.line in dep_lines)]
    if not hits:
        return []
    return [catalogue.make(
        "wsl2-libcuda-not-found", evidence=log_evidence(hits),
    )]


def cuda_500_other_runtime(f: Facts) -> list[Finding]:
    """CUDA error 500 (``CUDA_ERROR_NOT_FOUND`` / ``cudaErrorSymbolNotFound``, "named symbol
    not found") as other runtimes in the same container print it (onnxruntime's "CUDA
    failure 500", PyTorch's "CUDA error: named symbol not found"): the same fault as
    TensorFlow's cuInit ``CUDA_ERROR_NOT_FOUND`` (NVIDIA/nvidia-container-toolkit#520), so
    the same finding, from :func:`tfgpu.diagnosis.checks.driver._cuinit_not_found`."""
    from tfgpu.diagnosis.checks.driver import _cuinit_not_found

    hits = f.h("eco.cuda_500").all()
    if not hits or (f.host is not None and not f.wsl):
        return []
    return [_cuinit_not_found(f, hits[0])]


#: vGPU names in host facts: the OS/VM description or a GPU's name ("GRID V100-8Q",
#: "NVIDIA A100-4C", "vGPU").
_VGPU_NAME = re.compile(r"\bv ?GPU\b|\bGRID [A-Z]\d{1,4}\w{0,8}-\d{1,3}[QABC]\b", re.IGNORECASE)


def _vgpu_guest(ctx: Facts) -> bool:
    """The host is a guest with an NVIDIA vGPU: the log shows one (nvidia-smi -q
    "Virtualization Mode : VGPU", a GRID vGPU product name) or host facts name one."""
    if ctx.h("vgpu.shown").count:
        return True
    host = ctx.host
    if host is None:
        return False
    names = [host.os.name or "", *(g.name or "" for g in host.gpus)]
    return any(_VGPU_NAME.search(n) for n in names)
