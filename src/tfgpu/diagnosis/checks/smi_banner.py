"""nvidia-smi lists the GPU, yet CUDA finds no device: what the host and nvidia-smi's banner say.

nvidia-smi's banner carries two versions: ``NVIDIA-SMI x`` (the nvidia-smi tool and NVML
library) and ``Driver Version: y`` (the driver).  Under WSL2 they differ by design: the
distribution sees the Linux-branch nvidia-smi that ships with the Windows driver, and the
Windows driver's own number (``NVIDIA-SMI 555.52.01  Driver Version: 555.99`` on a working
WSL2, microsoft/WSL#11277; ``545.46`` / ``546.80``, microsoft/WSL#11589).  On native Linux
both come from one driver package.

* WSL2 (host facts or the log) and CUDA finds no device although nvidia-smi sees the GPU:
  ``wsl2-linux-side-driver-packages-break-gpu``.  NVIDIA's CUDA on WSL User Guide: the
  Windows driver's CUDA driver appears in WSL2 as ``libcuda.so`` (``/usr/lib/wsl/lib``),
  so no Linux NVIDIA driver may be installed inside WSL2, and the default CUDA Toolkit
  packages bring one (use the WSL-Ubuntu ``cuda-toolkit-X-Y`` package).
* Native Linux (host facts) with the two banner versions different and a CUDA failure:
  ``nvidia-driver-library-mismatch`` (parts of two driver releases).
* Host unknown, the banner's versions different and no CUDA device: the same WSL2 finding
  in its ``host-unknown`` variant, which states both readings.
* TensorFlow's own CUDA diagnostics (stream_executor cuda_diagnostics.cc) print
  ``libcuda reported version is: X`` and ``kernel reported version is: Y``; different
  numbers are the same split of user-space library and kernel module
  (``nvidia-driver-library-mismatch``) even when the line that says so ("kernel version Y
  does not match DSO version X") is cut off: :func:`tfgpu.diagnosis.checks.driver.
  driver_library_mismatch_log` reads those two lines.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: CUresult / cudaError_t names of "no device" (cuda.h CUDA_ERROR_NO_DEVICE = 100,
#: driver_types.h cudaErrorNoDevice = 100).
_NO_DEVICE_CODE = "100"


def _no_device(f: Facts) -> list[Hit]:
    """Log lines where CUDA found no device (cuInit ``CUDA_ERROR_NO_DEVICE`` / 100, the
    runtime's ``no CUDA-capable device is detected`` / ``cudaErrorNoDevice``)."""
    out = [h for h in f.h("cuinit").all()
           if h.g("name") == "CUDA_ERROR_NO_DEVICE" or h.g("code") == _NO_DEVICE_CODE]
    out += f.h("gpu.no_device").first[:2]
    return out


def _banner_split(f: Facts) -> Hit | None:
    """The first banner whose ``NVIDIA-SMI`` version differs from its ``Driver Version``."""
    for h in f.h("smi.banner").all():
        if h.g("smi") and h.g("drv") and h.g("smi") != h.g("drv"):
            return h
    return None


_WSL_FIX = (
    "ldconfig -p | grep 'libcuda.so'   # under WSL2 only /usr/lib/wsl/lib/libcuda.so* belongs "
    "here",
    "apt list --installed 2>/dev/null | grep -E "
    "'nvidia-driver|nvidia-utils|libnvidia-compute|cuda-drivers'   # Linux driver packages: "
    "none belong inside WSL2",
    "sudo apt-get purge 'nvidia-driver-*' 'nvidia-utils-*' 'libnvidia-compute-*' "
    "'cuda-drivers*'   # keep nvidia-container-toolkit if you use Docker",
    "# the CUDA toolkit inside WSL2: only the WSL-Ubuntu repository's cuda-toolkit-X-Y "
    "package (never the 'cuda' or 'cuda-drivers' meta packages, which bring a Linux driver)",
    "# then update (clean install) the Windows NVIDIA driver and run: wsl --shutdown",
    "python3 -c \"import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))\"",
)


def smi_sees_gpu_cuda_does_not(f: Facts) -> list[Finding]:
    """See the module docstring.  Reads the log (banner, nvidia-smi GPU rows, CUDA's "no
    device") and the host facts (WSL2, native Linux, GPUs)."""
    no_dev = _no_device(f)
    if not no_dev:
        return []
    banner = f.h("smi.banner").first[:1]
    rows = f.h("smi.gpu").first[:2]
    split = _banner_split(f)
    smi_sees = bool(banner or rows)
    if f.wsl and not f.wsl1 and (smi_sees or f.has_nvidia_gpu):
        seen = "nvidia-smi inside WSL2 lists the GPU" if smi_sees else \
            "the host facts show an NVIDIA GPU"
        note = ""
        if split is not None:
            note = (f" (its banner's NVIDIA-SMI {split.g('smi')} and Driver Version "
                    f"{split.g('drv')} differ, which is normal under WSL2)")
        return [catalogue.make(
            "wsl2-linux-side-driver-packages-break-gpu",
            seen=seen, note=note,
            evidence=log_evidence(banner, rows, no_dev, limit=5) + tuple(f.fact_evidence()),
            fix=_WSL_FIX,
        )]
    if split is None:
        return []
    smi, drv = split.g("smi") or "?", split.g("drv") or "?"
    if f.host is not None and f.os == "linux" and not f.wsl:
        return [catalogue.make(
            "nvidia-driver-library-mismatch",
            variant="from-log",
            why=(f"nvidia-smi's banner says NVIDIA-SMI {smi} but Driver Version {drv}, and CUDA "
                 "finds no device: on native Linux both come from one driver package, so "
                 "files of two driver releases are in use (an upgrade without a reboot, or "
                 "a mixed install)"),
            evidence=log_evidence([split], no_dev, limit=4) + tuple(f.fact_evidence()),
            fix=("sudo reboot   # loads the kernel module of the installed driver",
                 "# if it persists: reinstall one driver release, e.g. sudo apt install "
                 "--reinstall nvidia-driver-<version>",
                 "nvidia-smi   # both banner versions must then be the same"),
        )]
    if f.host is not None and f.os is not None and f.os != "linux":
        return []
    return [catalogue.make(
        "wsl2-linux-side-driver-packages-break-gpu",
        variant="host-unknown",
        smi=smi, drv=drv,
        evidence=log_evidence([split], rows, no_dev, limit=5),
        fix=("uname -r   # ends in -microsoft-standard-WSL2 under WSL2",
             *("# WSL2: " + line.removeprefix("# ") for line in _WSL_FIX[:5]),
             "# native Linux: sudo reboot; if it persists reinstall one driver release "
             "(sudo apt install --reinstall nvidia-driver-<version>)"),
    )]

