"""NVML failing in a command that put another libnvidia-ml before the driver's.

nvidia-smi and the NVML bindings load NVIDIA's management library by its name,
``libnvidia-ml.so.1``; the dynamic loader searches the folders of ``LD_LIBRARY_PATH`` before
its cache and loads the libraries of ``LD_PRELOAD`` first (ld.so(8)).  A command run with
either pointing at a folder of the user's (``LD_LIBRARY_PATH=`pwd` nvidia-smi``) loads the
library found there, and NVML's error ("Failed to initialize NVML: Unknown Error", "Function
Not Found") is that library's answer, not the driver's.

Source: CFSworks/nvml_fix#27 (the project's contributor: the build folder still held the
empty stub ``libnvidia-ml.so.<ver>`` the Makefile links the shim against; run that way, the
shim "will load the stub and fail"; the driver was fine).  The mechanism, at
CFSworks/nvml_fix@9be4552b389067fc6650aca0a02d0849ddc770e2: the Makefile builds
``libnvidia-ml.so.$(TARGET_VER)`` from ``empty.c`` and the shim ``libnvidia-ml.so.1`` against
it; ``nvml_fix.c``'s ``LOAD()`` returns NVML_ERROR_UNKNOWN when ``dlsym`` finds a function
missing in the library it opened.

``nvml-from-overridden-loader-path`` supersedes the driver readings of the same lines
(``nvidia-driver-error``'s nvml-unknown, ``nvml-library-older-than-nvidia-smi``,
``docker-container-lost-gpu-access``).  A loader path set to the system's or the driver's
own folders (or a CUDA toolkit's library folder, which holds no ``libnvidia-ml.so.1``) is no
override of NVML: nothing then.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: NVML's failures read here: nvmlInit's NVML_ERROR_UNKNOWN (nvidia-smi's "Failed to
#: initialize NVML: Unknown Error", pynvml's NVMLError_Unknown) and NVML_ERROR_FUNCTION_NOT_FOUND.
_NVML_FAILED = ("eco.nvml_unknown", "smi.nvml_function_not_found")

#: A loader-path folder that holds the driver's own libnvidia-ml or none at all: the system's
#: library folders (the driver installs libnvidia-ml.so.1 there), WSL's /usr/lib/wsl/lib, the
#: NVIDIA Container Toolkit's /usr/local/nvidia/lib(64) and driver root /run/nvidia/driver,
#: a CUDA toolkit's library folders (no libnvidia-ml.so.1: only its lib64/stubs holds an NVML
#: stub), and the variable's own earlier value.
_NOT_AN_OVERRIDE = re.compile(
    r"^(?:/usr)?/lib(?:32|64)?(?:/[\w-]{1,40}-linux-gnu)?(?:/nvidia(?:/current)?|/wsl/lib)?/?$"
    r"|^/usr/local/nvidia/lib(?:64)?/?$|^/run/nvidia/driver(?:/\S{0,200})?$"
    r"|^/usr/local/cuda[\w.-]{0,20}/(?:lib64|lib|targets/[\w-]{1,40}/lib"
    r"|extras/CUPTI/lib64)/?$"
    r"|^\$\{?LD_LIBRARY_PATH\}?$|^$")

#: Words of a value that name a library not the driver's by themselves: a stubs folder, an
#: NVML library or shim named in the path.
_NAMES_A_STUB = re.compile(r"stubs|nvidia-ml|nvml", re.IGNORECASE)


def _folders(value: str) -> list[str]:
    """The entries of a loader-path value (quotes dropped), in the loader's order."""
    return [p for p in value.strip("\"'").split(":")]


def _overrides(h: Hit) -> bool:
    """Whether the ``ctx.loader_path_set`` line ``h`` puts a library other than the driver's
    before it: ``LD_PRELOAD`` naming an NVML library or a stubs folder; ``LD_LIBRARY_PATH``
    with an entry that is not a system, driver or CUDA-toolkit folder (an exported one only
    when it names a stubs folder or an NVML library, or the working directory: an exported
    CUDA path is an ordinary set-up)."""
    value = h.g("val") or ""
    if h.g("var") == "LD_PRELOAD":
        return bool(_NAMES_A_STUB.search(value))
    own = [p for p in _folders(value) if not _NOT_AN_OVERRIDE.match(p)]
    if not own:
        return False
    if h.g("exp"):
        return any(_NAMES_A_STUB.search(p) or p.strip("`$()") in ("pwd", "PWD", ".", "./")
                   for p in own)
    return True


def _same_command(f: Facts, h: Hit, first: int) -> bool:
    """An exported setting holds for the rest of the shell; an inline one only for its own
    command: no other shell prompt may stand between it and the NVML line ``first``."""
    if h.g("exp"):
        return True
    if not h.g("cmd"):
        return False
    return not any(h.line < p.line < first for p in f.h("ctx.shell_prompt").all())


def nvml_from_overridden_loader_path(f: Facts) -> list[Finding]:
    """``nvml-from-overridden-loader-path``: NVML failed right after the log set the loader
    path (or preloaded a library) to something not the driver's, or built a libnvidia-ml.
    An error when the log shows the library to be not the driver's (built here, a stubs
    folder, an NVML file named); a warning (variant ``folder``) when it shows only a folder
    of the user's put first."""
    failed = sorted((h for n in _NVML_FAILED for h in f.h(n).all()), key=lambda h: h.line)
    if not failed:
        return []
    first = failed[0].line
    sets = [h for h in f.h("ctx.loader_path_set").all()
            if h.line < first and _overrides(h) and _same_command(f, h, first)]
    built = [h for h in f.h("ctx.nvml_library_built").all() if h.line < first]
    if not sets and not built:
        return []
    error = ("Function Not Found" if "Function Not Found" in failed[0].text
             else "Unknown Error" if "Unknown Error" in failed[0].text
             else failed[0].text.strip()[:80])
    setting = sets[-1] if sets else None
    shown = f"{setting.need('var')}={setting.need('val')}" if setting else ""
    folder = _folders(setting.need("val"))[0] if setting else ""
    named = bool(built) or bool(setting and _NAMES_A_STUB.search(setting.need("val")))
    lib = built[0].need("lib") if built else ""
    fix = [
        "nvidia-smi   # in a fresh shell, without the override (unset LD_LIBRARY_PATH "
        "LD_PRELOAD): the GPU table means the driver is fine",
    ]
    if setting is not None and setting.g("var") == "LD_LIBRARY_PATH":
        fix.append(f"ls -l {folder}/libnvidia-ml*   # the NVML copies that folder puts "
                   "before the driver's")
    fix.append("ldconfig -p | grep libnvidia-ml   # the driver's own: libnvidia-ml.so.1 -> "
               "libnvidia-ml.so.<driver version> in a system folder")
    if built:
        fix.append("# a shim that wraps NVML (nvml_fix) must find the driver's "
                   "libnvidia-ml.so.<driver version>, not the empty stub its build leaves: "
                   "remove the stub from the folder you run it from, or install the shim as "
                   "its README says (make install with the driver's exact TARGET_VER)")
    else:
        fix.append("# take that folder off LD_LIBRARY_PATH (or the library off LD_PRELOAD), "
                   "or remove the libnvidia-ml copy from it")
    evidence = log_evidence([setting] if setting else [], built[:2], failed[:2])
    if named or not setting:
        how = (f"The log builds a libnvidia-ml of its own ({lib})" if built else
               f"The command sets {shown}, which names a stub or NVML library")
        if built and setting is not None:
            how += f" and runs NVML with {shown}"
        return [catalogue.make(
            "nvml-from-overridden-loader-path", error=error, how=how,
            source=(f"the libnvidia-ml built here ({lib}), which {shown} puts first"
                    if built and setting is not None else
                    f"the libnvidia-ml built here ({lib})" if built else
                    f"the library {shown} puts first"),
            evidence=evidence, fix=tuple(fix))]
    return [catalogue.make(
        "nvml-from-overridden-loader-path", variant="folder", error=error, setting=shown,
        evidence=evidence, fix=tuple(fix))]
