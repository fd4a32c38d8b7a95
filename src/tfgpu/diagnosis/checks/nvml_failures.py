"""NVML's own failures as nvidia-smi and the NVML bindings print them, when a log shows them
(``explain``): the NVIDIA Management Library could not be loaded, may not open the GPU, or
found no kernel module.

Sources: the ``nvmlErrorString`` texts of NVML's return codes (NVIDIA/DCGM
``sdk/nvidia/nvml/nvml_error_strings.h``: NVML_ERROR_LIBRARY_NOT_FOUND "NVML Shared Library
Not Found", NVML_ERROR_NO_PERMISSION "Insufficient Permissions", NVML_ERROR_DRIVER_NOT_LOADED
"Driver Not Loaded"); pynvml's exception classes ``NVMLError_<Code>`` (nvidia-ml-py
``pynvml.py``); nvidia-smi's own "NVIDIA-SMI couldn't find libnvidia-ml.so library in your
system" (the threads cited in ``messages_nvidia_tools.toml``).

* ``nvml-library-not-found``: nvidia-smi (or pynvml, or a Go tool) could not load
  libnvidia-ml.  Hedged: the threads show several causes; the variant follows the host the
  log shows (WSL2: ``/usr/lib/wsl/lib``; a container: the host driver's mount; pynvml alone:
  no driver on this machine or an old binding on Windows; else a bare host).
* ``nvml-insufficient-permissions``: "Failed to initialize NVML: Insufficient Permissions":
  device-file permissions or SELinux (hedged; container variant when the log shows one).
* ``nvidia-driver-not-loaded`` (variant ``python``): pynvml's / nvml-wrapper's
  DriverNotLoaded (nvidia-smi's own words for it are read by
  :func:`tfgpu.diagnosis.checks.nvidia_tools.smi_cannot_reach_driver`).
* ``nvidia-inforom-corrupted`` (a notice, not a claimed cause): nvidia-smi's "WARNING: infoROM
  is corrupted at gpu ..." (NVML_ERROR_CORRUPTED_INFOROM; nvidia-smi exits with 14).
* pynvml's NVMLError_GpuIsLost is read by the pattern ``eco.gpu_off_bus`` and reported by
  :func:`tfgpu.diagnosis.checks.kernel_module.gpu_fell_off_bus`.

Fix lines are suggestions for the user to run; tfgpu runs none of them.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Log patterns that show the log comes from (or is about) a container: a docker/podman run
#: line, a Docker prompt (12-hex-digit host name); :attr:`Facts.in_container` adds the NVIDIA
#: Container Toolkit's errors.
_CONTAINER_HINTS = ("eco.docker_run", "docker.gpus_cmd", "nvml.ctx_podman_run",
                    "ctx.container_prompt")


def _container(f: Facts) -> bool:
    """The log shows a container (host facts do not say; see :data:`_CONTAINER_HINTS`)."""
    return f.in_container or any(f.h(n).count for n in _CONTAINER_HINTS)


def own_glibc_python(f: Facts) -> str | None:
    """``"Linuxbrew"`` or ``"Nix"`` when the log shows a Python of that toolchain (pattern
    ``ctx.own_glibc_python``): its own glibc's loader does not search the system's loader
    cache, so the NVIDIA driver's libraries (in /usr/lib/x86_64-linux-gnu, /usr/lib64) are
    not found from it although the driver is installed (wookayin/gpustat#134); ``None``
    otherwise.  Conda's Python uses the system's glibc and loader: not such a toolchain."""
    for h in f.h("ctx.own_glibc_python").all():
        return "Linuxbrew" if h.g("brew") else "Nix"
    return None


def nvml_load_lines(f: Facts) -> list[Hit]:
    """The loader's own lines of libnvidia-ml.so.1 missing (``lib.fatal_load``, pynvml's
    ctypes OSError): nvml-library-not-found quotes them, library_load.py leaves them."""
    if not f.h("nvml.lib_not_found").count:
        return []
    return [h for h in f.h("lib.fatal_load").all()
            if (h.g("lib") or "").startswith("libnvidia-ml.so")]


def nvml_library_not_found(f: Facts) -> list[Finding]:
    """``nvml-library-not-found``: libnvidia-ml.so (nvml.dll) could not be loaded.

    Variant by the host the log (or the host facts) shows: ``macos`` (macOS's dyld wording:
    macOS has no NVML at all), ``own-loader`` (pynvml in a Linuxbrew or Nix Python:
    :func:`own_glibc_python`), ``wsl2`` (WSL2, not WSL1), ``container`` (a container hint,
    or the Go tools' wording, which runs in Kubernetes pods), ``python`` (only pynvml's
    NVMLError_LibraryNotFound), else the bare-host row."""
    hits = f.h("nvml.lib_not_found")
    if not hits.count:
        return []
    groups = {k for h in hits.all() for k in ("smi", "py", "go", "mac") if h.g(k)}
    loads = nvml_load_lines(f)
    if "mac" in groups:
        return [catalogue.make(
            "nvml-library-not-found", variant="macos",
            evidence=log_evidence([h for h in hits.all() if h.g("mac")], limit=2),
        )]
    wsl2 = f.wsl and not f.wsl1
    container = not wsl2 and (_container(f) or "go" in groups)
    toolchain = own_glibc_python(f) if not (wsl2 or container) else None
    if toolchain is not None:
        return [catalogue.make(
            "nvml-library-not-found", variant="own-loader", toolchain=toolchain,
            evidence=log_evidence(loads, f.h("ctx.own_glibc_python").first[:1], hits,
                                  limit=4),
        )]
    variant = ("wsl2" if wsl2 else "container" if container
               else "python" if groups == {"py"} else None)
    hints = [h for n in _CONTAINER_HINTS for h in f.h(n).first[:1]]
    return [catalogue.make(
        "nvml-library-not-found", variant=variant,
        evidence=log_evidence(hits, loads, hints if variant == "container" else [], limit=4),
    )]


def nvml_insufficient_permissions(f: Facts) -> list[Finding]:
    """``nvml-insufficient-permissions``: NVML_ERROR_NO_PERMISSION at init (device-file
    permissions or SELinux; the ``container`` variant when the log shows a container)."""
    hits = f.h("nvml.no_permission")
    if not hits.count:
        return []
    return [catalogue.make(
        "nvml-insufficient-permissions", variant="container" if _container(f) else None,
        evidence=log_evidence(hits, limit=2),
    )]


def nvml_driver_not_loaded(f: Facts) -> list[Finding]:
    """``nvidia-driver-not-loaded`` (variant ``python``) from an NVML binding's
    NVML_ERROR_DRIVER_NOT_LOADED (pynvml ``NVMLError_DriverNotLoaded``, nvml-wrapper
    ``DriverNotLoaded``): the kernel module is not loaded.  WSL1 has no GPU at all:
    ``wsl1-has-no-gpu``."""
    hits = f.h("nvml.driver_not_loaded")
    if not hits.count:
        return []
    ev = log_evidence(hits, limit=2)
    if f.wsl1:
        return [catalogue.make(
            "wsl1-has-no-gpu", evidence=ev,
            fix=("wsl --set-version <distro> 2   # in Windows PowerShell", "wsl --shutdown"),
        )]
    fix: tuple[str, ...]
    if _container(f):
        fix = ("nvidia-smi   # on the HOST: must print the GPU table (else fix the host driver)",
               "docker run --gpus all ...   # give the container the GPU (NVIDIA Container "
               "Toolkit on the host)")
    elif f.wsl:
        fix = ("# update the NVIDIA driver on WINDOWS, then in PowerShell: wsl --update; "
               "wsl --shutdown", "nvidia-smi   # inside WSL2")
    else:
        fix = ("lsmod | grep -E '^(nvidia|nouveau)'   # is the NVIDIA module (or nouveau) loaded?",
               "dkms status   # is the module built for this kernel (uname -r)?",
               "mokutil --sb-state   # Secure Boot on blocks an unsigned module",
               "# reinstall the driver for the running kernel, then reboot; check: nvidia-smi")
    return [catalogue.make(
        "nvidia-driver-not-loaded", variant="python", evidence=ev, fix=fix,
        message=hits.first[0].text.strip()[:200],
    )]


def nvml_inforom_corrupted(f: Facts) -> list[Finding]:
    """``nvidia-inforom-corrupted`` (a notice): nvidia-smi's "WARNING: infoROM is corrupted at
    gpu <bus id>" or pynvml's NVMLError_CorruptedInforom (NVML_ERROR_CORRUPTED_INFOROM)."""
    hits = f.h("nvml.inforom_corrupted")
    if not hits.count:
        return []
    return [catalogue.make("nvidia-inforom-corrupted", evidence=log_evidence(hits, limit=2))]
