"""The NVIDIA driver's user-space files: files of another driver version, a container without
the host's driver files, a host without any driver (CPU fallback).

Sources of the facts stated here:

* NVIDIA Linux driver README, chapter "Installed Components"
  (https://download.nvidia.com/XFree86/Linux-x86_64/418.113/README/installedcomponents.html):
  the driver's user-space libraries are installed as ``libcuda.so.<driver version>``,
  ``libnvidia-<part>.so.<driver version>`` (libnvidia-fatbinaryloader up to the 440 series,
  libnvidia-ptxjitcompiler...), and one driver's ``libcuda.so.<v>`` loads its own
  ``libnvidia-*.so.<v>`` (tensorflow/tensorflow#9071, #13626, #14387, #19362;
  NVIDIA/nvidia-docker#662: the missing name carries an older driver version than the installed
  one, fixed by pointing the loader at the current driver's folder or removing the old files).
* Containers: libnvidia-container ``src/nvc_info.c`` (commit 1d44a93: ``utility_bins`` lists
  nvidia-smi; the driver libraries, libcuda included, are mounted from the host); the
  nvidia/cuda images' Dockerfile ("Required for nvidia-docker v1": ``LD_LIBRARY_PATH
  /usr/local/nvidia/lib:/usr/local/nvidia/lib64``, the driver volume nvidia-docker 1 mounted);
  tensorflow/tensorflow#4931, #28171, codalab/codalab-worksheets#324.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import slug
from tfgpu.diagnosis.checks._superseded import smi_missing_superseded
from tfgpu.diagnosis.checks.nvml_failures import own_glibc_python
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import docs

#: A folder the nvidia/cuda images (and nvidia-docker 1) put the host driver's files in.
_NVIDIA_DOCKER_DIR = "/usr/local/nvidia"


def driver_component_stale(f: Facts) -> list[Finding]:
    """``libnvidia-<part>.so.<driver version>`` / ``libcuda.so.<driver version>``: cannot open
    shared object file -> ``nvidia-driver-library-mismatch`` (variant ``from-log``).

    The missing file's name carries a driver version: a library of that driver (its
    ``libcuda.so.<v>``) is the one the loader found, and the rest of that driver is gone,
    so files of two driver versions are on the library path (an old driver folder on
    ``LD_LIBRARY_PATH``, a copied libcuda, a half-finished driver update).  Not a missing
    CUDA toolkit library.
    """
    hits = f.h("driver.component_missing").all()
    if not hits:
        return []
    first = hits[0]
    lib, ver = first.g("lib") or "the driver library", first.g("v") or "?"
    have = f.driver_version
    why = (f"{lib} belongs to NVIDIA driver {ver}: the driver's own libraries carry its version "
           f"in their file names, and a libcuda of driver {ver} asked for it. It is not there, "
           f"so the library path mixes two driver versions: files of driver {ver} (an old "
           "driver folder on LD_LIBRARY_PATH such as /usr/lib/nvidia-<old>, a copied "
           "libcuda.so, or a half-finished driver update) are found before the installed "
           "driver's"
           + (f" (the installed driver is {have})" if have and have != ver else "")
           + ". It is no CUDA toolkit library: installing CUDA does not help.")
    return [catalogue.make(
        "nvidia-driver-library-mismatch", variant="from-log",
        evidence=log_evidence(hits),
        why=why,
        fix=(
            "cat /proc/driver/nvidia/version   # the driver that is loaded",
            "echo $LD_LIBRARY_PATH; ldconfig -p | grep -E 'libcuda|libnvidia-(fatbinaryloader|"
            "ptxjitcompiler)'   # which driver version's libcuda is found first",
            "# remove the old driver's folder from LD_LIBRARY_PATH (or put the installed "
            "driver's folder, e.g. /usr/lib/nvidia-<version>, first) and delete stale copies "
            f"of libcuda.so.{ver}",
            "# or reinstall the driver so all its parts have one version, then reboot; "
            "nvidia-smi must print the table",
            "# the driver's files and their names: "
            + docs.url("nvidia-driver-installed-components"),
        ),
    )]


#: A docker/podman run argument that asks for the GPU: Docker 19.03+'s ``--gpus``,
#: nvidia-docker2's ``--runtime=nvidia``, a CDI device (``--device nvidia.com/gpu=all``), or the
#: NVIDIA runtime's environment variable (NVIDIA Container Toolkit docs).
_GPU_ASKED = re.compile(r"--gpus\b|--runtime[=\s]+nvidia\b|--device[=\s]+nvidia\.com/gpu"
                        r"|NVIDIA_VISIBLE_DEVICES")


def continued_run_lines(f: Facts) -> set[int]:
    """Line numbers of ``docker run`` / ``podman run`` commands that go on on the next line
    (pattern ``docker.run_continued``: a ``\\``, PowerShell backtick or cmd.exe ``^``
    continuation at the line's end).  Their later options, ``--gpus`` among them, are on lines
    a one-line reading does not see, so such a command is never read as asking for no GPU."""
    return {h.line for h in f.h("docker.run_continued").all()}


def _plain_run_commands(f: Facts, libcuda: list[Hit]) -> list[Hit]:
    """:func:`run_commands_without_gpu` before the first missing-libcuda line of ``libcuda``
    (none without such a line)."""
    if not libcuda:
        return []
    return run_commands_without_gpu(f, min(h.line for h in libcuda))


def run_commands_without_gpu(f: Facts, before: int) -> list[Hit]:
    """``docker run`` / ``podman run`` command lines before line ``before`` that ask for no GPU
    (:data:`_GPU_ASKED`: no --gpus, no --runtime=nvidia, no CDI nvidia.com/gpu device, no
    NVIDIA_VISIBLE_DEVICES), when no command of the paste asks for one (``docker.gpus_cmd``:
    nvidia-docker run, --gpus).  A command continued on the next line
    (:func:`continued_run_lines`) is not read whole, so it is never one of them."""
    if f.h("docker.gpus_cmd").count:
        return []
    continued = continued_run_lines(f)
    return [h for h in f.h("docker.run_cmd").all()
            if h.line < before and h.line not in continued
            and not _GPU_ASKED.search(h.g("args") or "")]


def _container_hints(f: Facts, libcuda: list[Hit]) -> list[Hit]:
    """The lines showing this process runs in a container (empty when none does): also a
    ``docker run`` command that asked for no GPU, pasted above the missing libcuda."""
    hints = [*f.h("container.hostname").all(), *f.h("ctx.container_prompt").all(),
             *_plain_run_commands(f, libcuda)]
    hints += [h for h in libcuda if _NVIDIA_DOCKER_DIR in h.text]
    hints += [h for h in f.h("smi.not_found").all()
              if re.search(r"\b(?:docker|container|nvidia/cuda|tensorflow/tensorflow|OCI runtime"
                           r"|crun|runc)\b", h.text, re.IGNORECASE)]
    return hints


def _libcuda_hits(f: Facts) -> list[Hit]:
    return f.libcuda_hits() + f.libcuda_hits("lib.old_dso_missing")


def container_driver_files_missing(f: Facts) -> list[Finding]:
    """In a container, ``libcuda.so.1`` does not load or ``nvidia-smi`` is not found ->
    ``docker-run-without-gpus`` (variant ``driver-files-missing``).

    Both are the host driver's files, which only the NVIDIA runtime puts into a container at
    start; a CUDA image does not contain them.  Only when the log shows a container
    (``/usr/local/nvidia`` on LD_LIBRARY_PATH, Docker's 12-hex-digit host name, a container
    prompt or the line's own words); elsewhere ``library-not-loaded-*`` or
    :func:`no_driver_cpu_fallback` say it.
    """
    if f.wsl or f.wsl1 or f.host_gpu_works:
        return []
    libcuda = _libcuda_hits(f)
    smi = f.h("smi.not_found").all()
    if smi_missing_superseded(f, smi):
        smi = []  # nvidia-smi ran later in the log (the container restarted with GPUs)
    if not (libcuda or smi):
        return []
    if not libcuda and f.h("gpu.created").count:
        # TensorFlow created a GPU device in this paste: the container has the GPU, and only
        # nvidia-smi is missing (NVIDIA_DRIVER_CAPABILITIES without "utility")
        return []
    hints = _container_hints(f, libcuda)
    if not (hints or f.in_container):
        return []
    if f.h("docker.gpus_cmd").count and not libcuda:
        # GPU access was asked for (--gpus, nvidia-docker run) and only nvidia-smi is missing:
        # the toolkit mounts it only with the "utility" driver capability
        # (NVIDIA_DRIVER_CAPABILITIES, --gpus 'all,capabilities=...'): not a missing runtime
        return []
    what = ", ".join(w for w, hit in (("libcuda.so.1", libcuda), ("nvidia-smi", smi)) if hit)
    cause = (f"{what} {'are' if ', ' in what else 'is'} the host NVIDIA driver's, not part of "
             "any image: the NVIDIA container runtime mounts them into the container when it "
             "starts with GPU access (docker run --gpus all; --runtime=nvidia with "
             "nvidia-docker2; nvidia-docker 1 mounted them under /usr/local/nvidia, which the "
             "CUDA images put on LD_LIBRARY_PATH). Here they are missing, so this container was "
             "started without the NVIDIA runtime, or with it from an image the runtime does not "
             "treat as a GPU image: nvidia-docker 1 mounts the driver only into images labelled "
             "com.nvidia.volumes.needed=nvidia_driver, and nvidia-docker2's runtime gives a "
             "non-CUDA image the GPU only with NVIDIA_VISIBLE_DEVICES set (the nvidia/cuda "
             "images carry both). TensorFlow in it sees no GPU.")
    return [catalogue.make(
        "docker-run-without-gpus", variant="driver-files-missing", what=what,
        evidence=log_evidence(libcuda, smi, hints[:1]),
        cause=cause,
    )]


def libcuda_claimed_here(f: Facts) -> bool:
    """True when :func:`container_driver_files_missing` or :func:`no_driver_cpu_fallback`
    reports the missing libcuda (checks/libraries.py then leaves it to them)."""
    return bool(container_driver_files_missing(f) or no_driver_cpu_fallback(f))


def no_driver_cpu_fallback(f: Facts) -> list[Finding]:
    """``Could not load dynamic library 'libcuda.so.1'`` and cuInit failing (303, the no-driver
    code), with nothing showing an NVIDIA GPU, a driver or a CUDA set-up, and no container:
    ``nvidia-driver-missing`` (variant ``from-log``, a warning): no driver, TensorFlow runs
    on the CPU, harmless without a GPU (haotianteng/Chiron#99's maintainer)."""
    if f.wsl or f.wsl1 or f.windows or f.host_gpu_works:
        return []
    libcuda = f.libcuda_hits()
    cuinit = [h for h in f.h("cuinit").all()
              if h.g("code") == "303" or h.g("name") == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"]
    if (libcuda and f.nix_named and not (f.in_container or _container_hints(f, libcuda))
            and not _other_cuda_missing(f)):
        # a Nix-built TensorFlow: libcuda.so.1 comes only through /run/opengl-driver/lib,
        # whether or not the log shows a GPU or the driver (nvidia-smi may well work)
        return [_nix_libcuda(f, libcuda, cuinit)]
    toolchain = own_glibc_python(f)
    if libcuda and toolchain is not None and not (f.in_container
                                                  or _container_hints(f, libcuda)):
        # a Linuxbrew Python's own loader does not search the system's driver folders
        # (nvml_failures.own_glibc_python; review newuser49 #2)
        lib = libcuda[0].g("lib") or "libcuda.so.1"
        return [catalogue.make(
            "library-not-loaded-{library}", variant="own-loader", library=slug(lib),
            filename=lib, toolchain=toolchain,
            cuinit=_cuinit_clause(cuinit),
            evidence=log_evidence(f.h("ctx.own_glibc_python").first[:1], libcuda, cuinit))]
    if not libcuda or not cuinit:
        return []
    if (f.has_nvidia_gpu is not None or f.driver_known or f.any_cuda_versions or f.gpu_expected
            or f.in_container or _container_hints(f, libcuda)):
        return []
    if f.h("diag.no_device_node").count:
        # "no NVIDIA GPU device is present: /dev/nvidia0 does not exist": cuda_diagnostics.cc
        # checks the node only after finding /proc/driver/nvidia/version, so an NVIDIA kernel
        # module is loaded here and "no driver, harmless without a GPU" does not hold;
        # docker-run-without-gpus (checks/containers.py) reports the missing device node
        return []
    if _other_cuda_missing(f):
        return []  # other CUDA libraries missing too: the libraries' own findings
    return [catalogue.make(
        "nvidia-driver-missing", variant="from-log",
        library=libcuda[0].g("lib") or "libcuda.so.1",
        cuinit=(cuinit[0].g("name") or "UNKNOWN ERROR (303)"),
        evidence=log_evidence(libcuda, cuinit),
    )]


def _other_cuda_missing(f: Facts) -> bool:
    """Whether the log shows CUDA libraries other than libcuda (and the optional CUPTI and
    TensorRT) missing too: the libraries' own findings read those."""
    return any(not (h.g("lib") or "").startswith(("libcuda.so", "libcupti", "libnvinfer"))
               for h in f.h("lib.missing").all())


def _cuinit_clause(cuinit: list[Hit]) -> str:
    """The cause's ", and cuInit failed (NAME)" clause for the cuInit lines ``cuinit``; ``""``
    when there are none."""
    return (f", and cuInit failed ({cuinit[0].g('name') or 'UNKNOWN ERROR (303)'})"
            if cuinit else "")


#: The words of a line that show Nix (pattern ``ctx.nix``), as the cause names them.
_NIX_WORDS = (("/nix/store/", "/nix/store paths"), ("nix-build", "nix-build"),
              ("nix-shell", "nix-shell"), ("nix develop", "nix develop"),
              ("tensorflowWithCuda", "nixpkgs' tensorflowWithCuda"), ("NixOS", "NixOS named"))


def _nix_libcuda(f: Facts, libcuda: list[Hit], cuinit: list[Hit]) -> Finding:
    """``library-not-loaded-{library}`` variant ``nix``: libcuda.so.1 not found and cuInit failing
    (303) where the log (or the host facts' OS) shows Nix: a Nix-built program looks for the
    driver's library only through /run/opengl-driver/lib (platform fact ``nix-driver-link``:
    nixpkgs addDriverRunpath; NixOS/nixpkgs#120285, #77834; the thread NixOS/nixpkgs#127329,
    tensorflowWithCuda from nix-build), so a library path matter comes before "install the
    driver"."""
    fact = f.kb.platform_fact("nix-driver-link")
    nix = f.nix_host
    shown = "the host facts name NixOS"
    if nix is not None:
        shown = next((w for k, w in _NIX_WORDS if k in nix.text), "a Nix path")
    lib = libcuda[0].g("lib") or "libcuda.so.1"
    return catalogue.make(
        "library-not-loaded-{library}", variant="nix", library=slug(lib), filename=lib,
        cuinit=_cuinit_clause(cuinit), nix=shown, ref=fact.ref,
        evidence=log_evidence([nix] if nix is not None else [], libcuda, cuinit),
        knowledge_ref=fact.ref,
        # an NVIDIA GPU or driver in the log: a GPU this TensorFlow misses, not a CPU host
        **({"severity": Severity.ERROR} if f.has_nvidia_gpu or f.driver_known else {}),
    )


def own_loader_ptx_jit_missing(f: Facts, missing: list[Hit]) -> Finding | None:
    """``ptx-jit-compiler-missing`` variant ``own-loader``: CUDA_ERROR_JIT_COMPILER_NOT_FOUND
    (221) where the log (or the host facts' OS) shows Nix, or a Linuxbrew/Nix Python
    (:func:`own_glibc_python`); ``None`` elsewhere.  libcuda.so.1 loads
    libnvidia-ptxjitcompiler.so.1 by name at run time, through the process's loader: a Nix or
    Linuxbrew glibc reads its own loader cache, not /etc/ld.so.cache (NixOS/nixpkgs@23c50219
    pkgs/development/libraries/glibc/dont-use-system-ld-so-cache.patch: LD_SO_CACHE is
    PREFIX "/etc/ld.so.cache"), so the library the driver installed is found only through
    libcuda's RUNPATH, LD_LIBRARY_PATH, or /run/opengl-driver/lib on NixOS (platform fact
    ``nix-driver-link``; anduril/jetpack-nixos#184's LD_DEBUG: searched LD_LIBRARY_PATH, then
    libcuda.so.1's RUNPATH, then the Nix glibc's own ld.so.cache).  ldconfig and a
    distribution's driver package, the row's own fix, do not reach it (jax-ml/jax#9644: a
    /nix/store jax; the files were on the system)."""
    nix = f.nix_host
    toolchain = "Nix" if f.nix_named else own_glibc_python(f)
    if toolchain is None:
        return None
    fact = f.kb.platform_fact("nix-driver-link")
    if toolchain == "Nix":
        shown = (next((w for k, w in _NIX_WORDS if k in nix.text), "a Nix path")
                 if nix is not None else "the host facts name NixOS")
        where = [nix] if nix is not None else []
    else:
        shown = f"a {toolchain} Python"
        where = f.h("ctx.own_glibc_python").first[:1]
    fix = ["LD_DEBUG=libs python your_script.py 2>&1 | grep -E 'libcuda\\.so|ptxjitcompiler'"
           "   # which libcuda.so.1 loaded, and the folders searched for "
           "libnvidia-ptxjitcompiler.so.1",
           "# put libnvidia-ptxjitcompiler.so.1 where that libcuda.so.1 is found, from the same "
           "driver: a folder holding only a libcuda.so.1 link (for LD_LIBRARY_PATH) needs a "
           "link to /usr/lib/x86_64-linux-gnu/libnvidia-ptxjitcompiler.so.1 (or /usr/lib64's) "
           "beside it",
           f"# not ldconfig or a distribution package: this {toolchain} loader does not read "
           "the system's /etc/ld.so.cache"]
    if toolchain == "Nix":
        fix[0:0] = ["ls -l /run/opengl-driver/lib/libnvidia-ptxjitcompiler.so.1   # NixOS: "
                    "the enabled driver's libraries; then run with "
                    "LD_LIBRARY_PATH=/run/opengl-driver/lib",
                    "# Nix on another Linux distribution: no /run/opengl-driver there; run "
                    "through nixGL, or as below"]
    return catalogue.make(
        "ptx-jit-compiler-missing", variant="own-loader", toolchain=toolchain, shown=shown,
        ref=fact.ref, evidence=log_evidence(where, missing), knowledge_ref=fact.ref,
        fix=tuple(fix),
    )
