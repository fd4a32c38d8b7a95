"""Fault kinds of cases-holdout6 (h6-kinds): driver files of another driver version, DirectML
in WSL, containers without the host's driver files, old XLA ptxas lookups, no-driver hosts.

Each check reads patterns of the ``# --- h6-kinds ---`` block of ``logs/patterns.py``; the
messages and their sources are rows of the ``# --- h6-kinds ---`` block of
``knowledge/data/messages_gpu_stack.toml``.

Sources of the facts stated here:

* NVIDIA Linux driver README, chapter "Installed Components"
  (https://download.nvidia.com/XFree86/Linux-x86_64/418.113/README/installedcomponents.html):
  the driver's user-space libraries are installed as ``libcuda.so.<driver version>``,
  ``libnvidia-<part>.so.<driver version>`` (libnvidia-fatbinaryloader up to the 440 series,
  libnvidia-ptxjitcompiler...), and one driver's ``libcuda.so.<v>`` loads its own
  ``libnvidia-*.so.<v>`` (tensorflow/tensorflow#9071, #13626, #14387, #19362;
  NVIDIA/nvidia-docker#662: the missing name carries an older driver version than the installed
  one, fixed by pointing the loader at the current driver's folder or removing the old files).
* DirectML in WSL: MicrosoftDocs/windows-ai-docs ``docs/directml/gpu-tensorflow-wsl.md``
  (Windows 11 or Windows 10 21H2), microsoft/tensorflow-directml-plugin README (WSL: Insider
  build 20150+), microsoft/WSL#5630, #7314, microsoft/DirectML#22, #29.
* Containers: libnvidia-container ``src/nvc_info.c`` (commit 1d44a93: ``utility_bins`` lists
  nvidia-smi; the driver libraries, libcuda included, are mounted from the host); the
  nvidia/cuda images' Dockerfile ("Required for nvidia-docker v1": ``LD_LIBRARY_PATH
  /usr/local/nvidia/lib:/usr/local/nvidia/lib64``, the driver volume nvidia-docker 1 mounted);
  tensorflow/tensorflow#4931, #28171, codalab/codalab-worksheets#324.
* XLA's ptxas search: tensorflow ``stream_executor/gpu/asm_compiler.cc`` (TF 2.1-2.10) and
  ``compiler/xla/service/gpu/nvptx_compiler.cc`` (TF 2.0): each candidate CUDA root is logged
  at VLOG 2 ("Looking for ptxas at <root>/bin/ptxas"), the first that exists is used ("Using
  ptxas at ..."); PATH is not searched while a candidate exists (tensorflow/tensorflow#33375).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
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
    hits = f.h("h6.driver_component_missing").all()
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


def wsl_directml_libraries_missing(f: Facts) -> list[Finding]:
    """``libd3d12.so`` / ``libdxcore.so`` (DirectML in WSL) not loadable ->
    ``wsl-directml-libraries-missing``: Windows does not expose DirectX 12 into WSL here."""
    hits = f.h("h6.wsl_dx_missing").all()
    if not hits:
        return []
    lib = hits[0].g("lib") or "libd3d12.so"
    return [catalogue.make(
        "wsl-directml-libraries-missing", library=lib,
        evidence=log_evidence(hits),
        fix=(
            "ls -l /usr/lib/wsl/lib   # libd3d12.so and libdxcore.so must be listed",
            "cat /proc/version   # a WSL2 kernel ('microsoft-standard-WSL2'), 4.19.121 or newer",
            "# in Windows: wsl -l -v (VERSION must be 2); winver: Windows 11, or Windows 10 "
            "21H2 (build 19044) or newer; update Windows and run wsl --update",
            "# install the GPU vendor's current Windows driver (WSL-capable), then "
            "wsl --shutdown and try again",
        ),
    )]


def _container_hints(f: Facts, libcuda: list[Hit]) -> list[Hit]:
    """The lines showing this process runs in a container (empty when none does)."""
    hints = [*f.h("h6.container_hostname").all(), *f.h("ctx.container_prompt").all()]
    hints += [h for h in libcuda if _NVIDIA_DOCKER_DIR in h.text]
    hints += [h for h in f.h("h6.smi_not_found").all()
              if re.search(r"\b(?:docker|container|nvidia/cuda|tensorflow/tensorflow)",
                           h.text, re.IGNORECASE)]
    return hints


def _libcuda_hits(f: Facts) -> list[Hit]:
    new = [h for h in f.h("lib.missing").all() if (h.g("lib") or "").startswith("libcuda.so")]
    old = [h for h in f.h("h6.old_dso_missing").all()
           if (h.g("lib") or "").startswith("libcuda.so")]
    return new + old


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
    smi = f.h("h6.smi_not_found").all()
    if not (libcuda or smi):
        return []
    hints = _container_hints(f, libcuda)
    if not (hints or f.in_container):
        return []
    what = ", ".join(w for w, hit in (("libcuda.so.1", libcuda), ("nvidia-smi", smi)) if hit)
    cause = (f"{what} {'are' if ', ' in what else 'is'} the host NVIDIA driver's, not part of "
             "any image: the NVIDIA container runtime mounts them into the container when it "
             "starts with GPU access (docker run --gpus all; --runtime=nvidia with "
             "nvidia-docker2; nvidia-docker 1 mounted them under /usr/local/nvidia, which the "
             "CUDA images put on LD_LIBRARY_PATH). Here they are missing, so this container was "
             "started without the NVIDIA runtime, and TensorFlow in it sees no GPU.")
    return [catalogue.make(
        "docker-run-without-gpus", variant="driver-files-missing", what=what,
        evidence=log_evidence(libcuda, smi, hints[:1]),
        cause=cause,
        fix=("docker run --gpus all ...   # Docker 19.03+ with the NVIDIA Container Toolkit",
             "# older Docker: docker run --runtime=nvidia ... (nvidia-docker2), or "
             "nvidia-docker run ... (nvidia-docker 1)",
             "docker run --rm --gpus all ubuntu nvidia-smi   # checks the host side",
             "# a hosted notebook or a job system running the container: choose its GPU "
             "runtime / request a GPU"),
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
    libcuda = [h for h in f.h("lib.missing").all() if (h.g("lib") or "").startswith("libcuda.so")]
    cuinit = [h for h in f.h("cuinit").all()
              if h.g("code") == "303" or h.g("name") == "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED"]
    if not libcuda or not cuinit:
        return []
    if (f.has_nvidia_gpu is not None or f.driver_known or f.any_cuda_versions or f.gpu_expected
            or f.in_container or _container_hints(f, libcuda)):
        return []
    other = [h for h in f.h("lib.missing").all()
             if not (h.g("lib") or "").startswith(("libcuda.so", "libcupti", "libnvinfer"))]
    if other:
        return []  # other CUDA libraries missing too: the libraries' own findings
    return [catalogue.make(
        "nvidia-driver-missing", variant="from-log",
        library=libcuda[0].g("lib") or "libcuda.so.1",
        cuinit=(cuinit[0].g("name") or "UNKNOWN ERROR (303)"),
        evidence=log_evidence(libcuda, cuinit),
        fix=("nvidia-smi   # fails: no NVIDIA driver; lspci | grep -i nvidia shows whether "
             "there is an NVIDIA GPU at all",
             "# no NVIDIA GPU: nothing to fix (TensorFlow uses the CPU)",
             "# an NVIDIA GPU you want to use: install the NVIDIA driver, reboot, then "
             "nvidia-smi must print the GPU table"),
    )]


def ptxas_fallback_candidate(f: Facts) -> list[Finding]:
    """XLA tried ptxas candidates that did not exist and used a later one ->
    ``ptxas-too-old`` (variant ``fallback-candidate``, a warning).

    Only when the log shows the search ("Looking for ptxas at A", ..., "Using ptxas at B" with
    B not the first candidate): XLA then uses whatever toolkit owns B, often an older
    /usr/local/cuda than the CUDA TensorFlow was built for (tensorflow/tensorflow#33375).
    """
    looking = f.h("h6.ptxas_looking").all()
    using = f.h("xla.ptxas_using").all()
    if not looking or not using:
        return []
    used = using[0].g("path") or ""
    before = [h for h in looking if h.line < using[0].line]
    if not before or (before[0].g("path") or "") == used:
        return []  # the first candidate was used: no fallback
    skipped = [h.g("path") or "" for h in before if (h.g("path") or "") != used]
    doubled = any("/bin/bin/" in p for p in skipped)
    cause = (f"XLA looks for ptxas in a fixed list of CUDA folders, not on PATH, and uses the "
             f"first that exists: {', '.join(skipped[:3])} did not exist, so it uses {used}. "
             "That ptxas belongs to whichever CUDA toolkit owns that folder, often an older one "
             "than the CUDA TensorFlow was built for; an older ptxas cannot compile XLA's "
             "kernels (XLA warns about the ptxas version, or compilation fails)."
             + (" The doubled .../bin/bin/ptxas means the CUDA folder XLA was given already "
                "ended in /bin (seen with TensorFlow 2.0-2.2, tensorflow/tensorflow#33375)."
                if doubled else ""))
    return [catalogue.make(
        "ptxas-too-old", variant="fallback-candidate", path=used,
        evidence=log_evidence(before, using[:1]),
        cause=cause,
        fix=(f"{used} --version   # must be the CUDA version TensorFlow was built for, or newer",
             'export XLA_FLAGS="--xla_gpu_cuda_data_dir=/usr/local/cuda-<version>"   # the '
             "toolkit folder whose bin/ptxas XLA should use",
             "# or point /usr/local/cuda at that toolkit (sudo ln -sfn /usr/local/cuda-<version> "
             "/usr/local/cuda)"),
    )]


# --- pip: a TensorFlow 1.x pin pip finds no wheel of ---------------------------------------


def old_release_pin(hit: Hit) -> str | None:
    """The pinned TensorFlow 0.x/1.x release of a pip "No matching distribution" line
    (``tensorflow-gpu==1.4.1`` -> ``"1.4.1"``), else ``None``.  Such a pin names a real
    release with binaries (tensorflow-gpu's placeholder is 2.12), so the fault is the
    interpreter, not the retired name."""
    spec = hit.g("spec") or ""
    m = re.fullmatch(r"==\s*([01]\.\d+(?:\.\d+)?)", spec.strip())
    return m.group(1) if m else None


def _tf1_pythons(f: Facts, release: str, os: str) -> tuple[str, str] | None:
    """``(python versions, knowledge ref)`` of TensorFlow ``release`` (1.x) on ``os``
    ("linux" / "windows") from platform fact ``tf1-python-versions``, else ``None``."""
    fact = f.kb.platform_fact("tf1-python-versions")
    mm = tuple(int(x) for x in release.split(".")[:2])
    for entry in fact.values.get(os, ()):
        span, _, pythons = str(entry).partition("=")
        lo, _, hi = span.partition("-")
        lo_t = tuple(int(x) for x in lo.split("."))
        hi_t = tuple(int(x) for x in (hi or lo).split("."))
        if lo_t <= mm <= hi_t:
            return pythons.replace(",", ", "), fact.ref
    return None


def _in_pythons(py: str, pythons: str) -> bool:
    """``py`` ("3.7.4") is one of ``pythons`` ("2.7, 3.3-3.6")."""
    m = re.match(r"(\d+)\.(\d+)", py)
    if m is None:
        return True  # unknown: not "outside"
    have = (int(m.group(1)), int(m.group(2)))
    for part in pythons.split(","):
        lo, _, hi = part.strip().partition("-")
        lo_t = tuple(int(x) for x in lo.split("."))
        hi_t = tuple(int(x) for x in (hi or lo).split("."))
        if lo_t <= have <= hi_t:
            return True
    return False


def tf1_pin_no_wheel(f: Facts) -> list[Finding]:
    """pip finds no ``tensorflow-gpu==1.x`` -> ``tensorflow-no-matching-distribution``: that
    release has wheels only for the Python versions of platform fact ``tf1-python-versions``
    (64-bit CPython), and this interpreter is not one of them (CSP#6: Python 3.7 and
    tensorflow-gpu 1.4.1).  ``tensorflow==1.x`` is :func:`tf_install._no_matching`'s."""
    hits = [h for h in f.h("pip.no_dist").all()
            if (h.g("pkg") or "").lower().replace("_", "-") == "tensorflow-gpu"
            and old_release_pin(h)]
    if not hits:
        return []
    pin = old_release_pin(hits[0]) or "?"
    os = "windows" if f.windows else "linux"
    known = _tf1_pythons(f, pin, os)
    py = f.python_version
    if known is None:
        cause = (f"pip offers no tensorflow-gpu {pin} for this interpreter and platform: "
                 "TensorFlow 1.x wheels exist only for 64-bit CPython of the versions each "
                 "release was built for, on Linux and Windows (none for macOS GPU after 1.1).")
        ref = None
    else:
        pythons, ref = known
        cause = (f"tensorflow-gpu {pin} was built for Python {pythons} on "
                 f"{'Windows' if os == 'windows' else 'Linux'} (64-bit CPython only; knowledge "
                 f"row {ref}), so pip finds no wheel of it for "
                 + (f"this Python {py}" if py and not _in_pythons(py, pythons) else
                    "this interpreter (another Python version, or a 32-bit Python)")
                 + ".")
    fix = ["python -c \"import sys, struct; print(sys.version, struct.calcsize('P') * 8)\"",
           (f"# create a 64-bit Python {known[0].split(', ')[-1].split('-')[-1]} environment "
            f"and install tensorflow-gpu=={pin} there" if known else
            f"# create a 64-bit Python environment of a version tensorflow-gpu {pin} was "
            "built for, and install it there"),
           "# or use a newer TensorFlow that supports this Python (and a matching CUDA)"]
    return [catalogue.make(
        "tensorflow-no-matching-distribution", evidence=log_evidence(hits),
        cause=cause, fix=tuple(fix), knowledge_ref=ref,
    )]


# --- the nvidia-uvm kernel module -----------------------------------------------------------


def uvm_not_loaded(f: Facts) -> list[Finding]:
    """modprobe could not load ``nvidia_uvm`` (or ``nvidia_<ver>_uvm``), or nvidia-docker 1's
    "Could not load UVM kernel module" -> ``nvidia-uvm-not-loaded`` (supersedes
    ``cuinit-unknown``).  Only when the log shows the module failing; a bare CUDA_ERROR_UNKNOWN
    keeps ``cuinit-unknown``, whose cause names this among its causes."""
    hits = f.h("h6.uvm_failed").all()
    if not hits or f.host_gpu_works:
        return []
    detail = hits[0].text.strip()[:200]
    mod = hits[0].g("mod") or hits[0].g("mod2") or "nvidia_uvm"
    return [catalogue.make(
        "nvidia-uvm-not-loaded", detail=detail,
        evidence=log_evidence(hits, f.h("cuinit").first[:1]),
        fix=("lsmod | grep nvidia; ls -l /dev/nvidia-uvm   # loaded? node present?",
             f"sudo modprobe {mod} && sudo nvidia-modprobe -u -c=0   # load it, create "
             "/dev/nvidia-uvm",
             "# 'not found' or 'Unknown symbol': the module does not match the running driver or "
             "kernel: reinstall the driver (its DKMS module for this kernel), then reboot",
             "# to have it at boot for every user: install the nvidia-modprobe of this driver "
             "version (remove one left from an older driver)"),
    )]
