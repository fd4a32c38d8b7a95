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

import re

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


#: NVML error strings (nvmlErrorString) whose own readings live elsewhere: a library not
#: found, a driver not loaded, no permission (faceswap's other branch prints those), a
#: driver/library version mismatch (driver.mismatch), and pynvx's CUDA errors on macOS.
_INIT_READ_ELSEWHERE = ("library not found", "not loaded", "permission", "mismatch", "cuda",
                        # the GPU fell off the bus: kernel_module.gpu_fell_off_bus
                        "gpu is lost")

#: What str() of pynvml's NVMLError gives (lower case): the strings of its
#: ``NVMLError._errcode_to_string`` (nvidia-ml-py pynvml.py, the 2025 release mirrored at
#: XuehaiPan/nvidia-ml-py@1651f73c), for other codes NVML's own ``nvmlErrorString``
#: (NVIDIA/DCGM sdk/nvidia/nvml/nvml_error_strings.h @0869351a, whose wording differs for a few
#: codes), and "NVML Error with code N" when even that fails.  faceswap's catch-all prints
#: str(err) of ANY exception, so only these are NVML's (review b50b P3).
_NVML_STRINGS = frozenset({
    "uninitialized", "invalid argument", "not supported", "insufficient permissions",
    "already initialized", "not found", "insufficient size", "insufficient external power",
    "driver not loaded", "timeout", "interrupt request issue", "nvml shared library not found",
    "function not found", "corrupted inforom", "gpu is lost", "gpu requires restart",
    "gpu requires reset", "the operating system has blocked the request.",
    "gpu access blocked by the operating system", "rm has detected an nvml/rm version mismatch.",
    "driver/library version mismatch", "in use by another client", "insufficient memory",
    "insufficient resources", "unknown error",
})
_NVML_CODE = re.compile(r"(?i)^NVML Error with code \d{1,4}$")
#: A Python error about the binding module itself, as str() prints it: "module 'pynvml' has
#: no attribute 'nvmlInit'", "No module named 'pynvml'", "cannot import name 'x' from
#: 'pynvml'" (a module named pynvml that is not NVIDIA's binding, or a broken install)
_BINDING_ERROR = re.compile(r"(?i)\bmodule '(?:pynvml|py3nvml)[\w.]{0,20}' has no attribute\b"
                            r"|\bNo module named '(?:pynvml|py3nvml)\b"
                            r"|\bcannot import name '\w{1,60}' from '(?:pynvml|py3nvml)\b")


def _nvml_string(err: str) -> bool:
    """``err`` (faceswap's "Original error: <err>") is one of NVML's error strings."""
    e = err.strip()
    return e.lower() in _NVML_STRINGS or _NVML_CODE.match(e) is not None


def nvml_init_failed(f: Facts) -> list[Finding]:
    """``nvidia-driver-error`` (variant ``nvml-init``): faceswap's catch-all around
    ``pynvml.nvmlInit()`` ("An unhandled exception occured loading pynvml. Original error:
    Uninitialized"): NVML's library loaded, the driver answered, and its initialisation still
    failed with an error no setting explains, so the driver's management library is broken.
    'Uninitialized' from nvmlInit was the early 460-series Windows drivers' fault
    (deepfakes/faceswap#1101, #1117: the maintainer's reading; 461.09, or a pre-460 driver,
    fixed it).  Nothing inside a container (its own readings) or for errors read elsewhere
    (:data:`_INIT_READ_ELSEWHERE`)."""
    all_hits = f.h("nvml.init_failed").all()
    if not all_hits or _container(f) or f.host_gpu_works:
        return []
    binding = [h for h in all_hits if _BINDING_ERROR.search(h.g("err") or "")]
    if binding:
        return [_binding_failed(f, binding)]
    # only NVML's own error strings say NVML answered (anything else is a Python exception
    # faceswap's catch-all printed: no claim)
    hits = [h for h in all_hits if _nvml_string(h.g("err") or "")
            and not any(w in (h.g("err") or "").lower() for w in _INIT_READ_ELSEWHERE)]
    if not hits:
        return []
    err = hits[0].need("err").strip()
    # the binding itself: nvidia-ml-py raises Uninitialized when it holds no library handle
    # and Function Not Found when the library lacks the function it calls
    # (_nvmlGetFunctionPointer); fbcotter/py3nvml#17: Uninitialized gone with nvidia-ml-py
    binding_line = (("python -m pip install -U nvidia-ml-py   # NVIDIA's current NVML binding "
                     "(its pynvml module): an old or other binding also raises this",)
                    if err.lower() in ("uninitialized", "function not found") else ())
    return [catalogue.make(
        "nvidia-driver-error", variant="nvml-init", err=err,
        evidence=log_evidence(hits, f.h("ctx.faceswap_cpu_fallback").first[:1], limit=2),
        fix=("nvidia-smi   # the same NVML start: an error (or no table) confirms the driver is "
             "at fault",
             *binding_line,
             "# install another NVIDIA driver version (the newest, or the release before the "
             "one installed), with the installer's clean installation, then reboot",
             "# then start the program again: it should list the GPU instead of switching to "
             "the CPU"),
    )]


def _binding_failed(f: Facts, hits: list[Hit]) -> Finding:
    """``nvml-python-binding-broken``: faceswap's catch-all printed a Python error about the
    pynvml module itself (:data:`_BINDING_ERROR`), so NVML was never asked.  nvidia-ml-py,
    nvidia-ml-py3 and pynvml all install a module named pynvml and overwrite each other
    (XuehaiPan/nvitop#44, its maintainer: uninstall pynvml, force-reinstall nvidia-ml-py);
    faceswap's requirements_nvidia.txt names nvidia-ml-py>=12.535,<300 (deepfakes/faceswap
    @12a485a4)."""
    err = hits[0].need("err").strip()
    return catalogue.make(
        "nvml-python-binding-broken", err=err,
        evidence=log_evidence(hits, f.h("ctx.faceswap_cpu_fallback").first[:1], limit=2),
    )


def nvml_inforom_corrupted(f: Facts) -> list[Finding]:
    """``nvidia-inforom-corrupted`` (a notice): nvidia-smi's "WARNING: infoROM is corrupted at
    gpu <bus id>" or pynvml's NVMLError_CorruptedInforom (NVML_ERROR_CORRUPTED_INFOROM)."""
    hits = f.h("nvml.inforom_corrupted")
    if not hits.count:
        return []
    return [catalogue.make("nvidia-inforom-corrupted", evidence=log_evidence(hits, limit=2))]
