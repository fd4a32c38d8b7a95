"""Windows system error 193 (ERROR_BAD_EXE_FORMAT, "%1 is not a valid Win32 application."),
when a log shows it (``explain``): the loader FOUND the file, but it is no image this process
can map.

Sources: the code's number in ``golang.org/x/sys/windows`` ``zerrors_windows.go`` (generated
from the Windows SDK's winerror.h; as vendored in
moby/moby@b985e2313a8676e18072b442911fc8f64f17d440: ERROR_MOD_NOT_FOUND = 126,
ERROR_BAD_EXE_FORMAT = 193, ERROR_DLL_INIT_FAILED = 1114); its
system text in Microsoft's System Error Codes (0-499) page (source ``win32-error-codes`` of
messages_tools.toml); the three forms a TensorFlow log prints it in:

* Python's "ImportError: DLL load failed[ while importing X]: %1 is not a valid Win32
  application." (Python/dynload_win.c formats the system text; pattern ``win.dll_load``),
* cuDNN 8's own "Could not load library cudnn_<part>64_8.dll. Error code 193" (pattern
  ``lib.missing``, the same line the 126 variant of ``windows-zlibwapi-missing`` reads),
* ctypes' / LoadLibrary's "OSError: [WinError 193] %1 is not a valid Win32 application"
  (pattern ``win.bad_image``).

Before this check, the first form was read as ``windows-dll-not-found`` and the second as
``library-not-loaded-*`` "the loader could not find it": both contradicted by the code, which
says the file was found. Error 193 names a bad file, not a missing one: a 32-bit (x86) DLL in a
64-bit process, a truncated or mis-saved download (not a DLL at all), or a file of another OS;
either the DLL named or one it depends on. The log does not say which file of the chain, so
the fix lists the commands that find it.

Fix lines are suggestions for the user to run; tfgpu runs none of them.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

_CUDNN_SUB = re.compile(r"cudnn_\w+64_\d{1,2}\.dll", re.IGNORECASE)
#: Windows' system text of error 193, lower case (the reason checks/windows.py leaves here).
BAD_IMAGE_TEXT = "not a valid win32 application"


def cudnn_sub_dll_193(ctx: Facts) -> list[Hit]:
    """cuDNN 8's "Could not load library cudnn_<part>64_8.dll. Error code 193" hits
    (``lib.missing``): the sub-DLL, or a DLL it needs, is not a valid 64-bit image."""
    return [h for h in ctx.h("lib.missing").all()
            if _CUDNN_SUB.fullmatch(h.g("lib") or "") and (h.g("err") or "").strip() == "193"]


def bad_image_import(ctx: Facts) -> list[Hit]:
    """Python's "DLL load failed ...: %1 is not a valid Win32 application." hits
    (``win.dll_load``)."""
    return [h for h in ctx.h("win.dll_load").all()
            if BAD_IMAGE_TEXT in (h.g("why") or "").lower()]


def _fix(names: list[str]) -> tuple[str, ...]:
    """The commands that find the bad file among ``names`` and their dependencies."""
    return (
        *(f"where.exe {n}   # every copy on PATH: the first one found is the one loaded"
          for n in names[:2]),
        "python -c \"import platform; print(platform.architecture()[0])\"   # 64bit: every "
        "DLL it loads must be a 64-bit (x64) build",
        "# replace the bad copy with the 64-bit (x64) build from its vendor (CUDA/cuDNN: "
        "NVIDIA's Windows x86_64 package; zlibwapi.dll for cuDNN 8.3+: a 64-bit build), and "
        "delete 32-bit or partial copies found earlier on PATH; a file of a few KB or one "
        "that opens as text/HTML in an editor is a failed download",
    )


def windows_dll_bad_image(ctx: Facts) -> list[Finding]:
    """``windows-dll-bad-image``: Windows error 193 on a DLL load (see the module docstring).

    Variant ``cudnn-sub-dll`` for cuDNN 8's own line (it names the sub-DLL); the plain row
    for Python's "DLL load failed" and ctypes' "[WinError 193]" forms."""
    sub = cudnn_sub_dll_193(ctx)
    imports = bad_image_import(ctx)
    seen = {h.line for h in (*sub, *imports)}
    other = [h for h in ctx.h("win.bad_image").all() if h.line not in seen]
    if not (sub or imports or other):
        return []
    if sub:
        lib = sub[0].g("lib") or "a cuDNN DLL"
        return [catalogue.make(
            "windows-dll-bad-image", variant="cudnn-sub-dll", lib=lib,
            evidence=log_evidence(sub, imports, other),
            fix=_fix([lib, "zlibwapi.dll"]),
        )]
    mod = next((m for h in imports if (m := h.g("mod"))), None)
    path = next((p for h in other if (p := h.g("path"))), None)
    own = mod is not None and mod.startswith("_pywrap_tensorflow")
    what = ("TensorFlow's own native module " + (mod or "") + " (a 64-bit build, which a "
            "32-bit Python cannot load: the first thing to check) or a DLL it depends on"
            if own else f"the native module {mod} (its .pyd) or a DLL it depends on" if mod
            else f"{path} or a DLL it depends on" if path
            else "the DLL being loaded or one it depends on")
    names = ([path.replace("\\\\", "\\").rsplit("\\", 1)[-1]] if path
             else ["cudart64_*.dll", "cudnn64_*.dll"])
    fix = _fix(names)
    if own:
        # TensorFlow's wheels are 64-bit only: the interpreter's architecture first
        fix = (fix[len(names[:2])],
               "# 32bit: install the 64-bit (x86-64) Python and reinstall TensorFlow into it",
               *fix[:len(names[:2])], *fix[len(names[:2]) + 1:])
    return [catalogue.make(
        "windows-dll-bad-image", what=what,
        evidence=log_evidence(imports, other),
        fix=fix,
    )]
