"""PyTorch's own Windows DLL-load error: ``OSError: [WinError 126] The specified module could
not be found. Error loading "...\\torch\\lib\\fbgemm.dll" or one of its dependencies.``
(new-user report 48 LOW 9).

``torch/__init__.py`` ``_load_dll_libraries`` (pytorch/pytorch dc098c4) loads every DLL of
``torch\\lib`` with ``LoadLibraryExW``; an error other than 126 is raised at once, a 126 is
tried again with ``LoadLibraryW`` after the package's folders are put on PATH, and a failure
there is raised as ``ctypes.WinError(code)`` with ``' Error loading "{dll}" or one of its
dependencies.'`` appended.  Before that it loads ``vcruntime140.dll`` / ``msvcp140.dll`` /
``vcruntime140_1.dll`` and prints "Microsoft Visual C++ Redistributable is not installed,
this may lead to the DLL load failure" when they are missing.  Other packages copied the
loader (Paddle2ONNX's ``__init__.py``), so the package is read from the path.  The Win32
codes (winerror.h): 126 ERROR_MOD_NOT_FOUND (the file or a DLL it imports is missing), 127
ERROR_PROC_NOT_FOUND (found, but a DLL lacks a function the other imports: another build of a
DLL of that name), 1114 ERROR_DLL_INIT_FAILED (a DLL's initialisation failed).  Not
TensorFlow: its fixes (CUDA/cuDNN on PATH for TensorFlow <= 2.10) do not apply.

fbgemm.dll with 126 (review 49a P6): torch 2.4.0's Windows fbgemm.dll imports
``libomp140.x86_64.dll``, which neither the wheel nor the VC++ redistributable installs
(pytorch/pytorch#131662, labelled "module: regression"; Comfy-Org/ComfyUI#3703 "I have installed
VC_redist.x64"; kohya-ss/sd-scripts#1597 "Torch 2.3 and early don't require this DLL", fixed by
the VS 2022 "MSVC v143 build tools" component; openvinotoolkit/openvino.genai#813: fixed in torch
2.4.1).  So that file gets the torch-release fix ahead of the VC runtime.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The Win32 codes read (126: the row; 127: variant procedure; 1114: variant init).
_CODES = ("126", "127", "1114")


def torch_windows_dll(ctx: Facts) -> list[Finding]:
    """``python-package-windows-dll-load-failed`` for the first such line (pattern
    ``py.win_dll_error_loading``) of code 126, 127 or 1114; nothing for other codes."""
    for h in ctx.h("py.win_dll_error_loading").all():
        code, path = h.g("code") or "", h.g("dll") or ""
        if code not in _CODES:
            continue
        m = re.search(r"[\\/]site-packages[\\/]([\w.-]+)[\\/]", path, re.IGNORECASE)
        pkg = m.group(1) if m else "torch"
        dll = re.split(r"[\\/]", path)[-1]
        where = f"PyTorch's {dll} (torch\\lib)" if pkg == "torch" else f"{pkg}'s {dll}"
        reinstall = ("pip uninstall -y torch torchvision torchaudio, then the install command "
                     "pytorch.org's Get Started page gives for this machine, in a fresh venv"
                     if pkg == "torch" else f"pip install --force-reinstall --no-cache-dir {pkg}")
        vc = ("winget install Microsoft.VCRedist.2015+.x64   # the Visual C++ 2015-2022 runtime "
              "(vcruntime140.dll, vcruntime140_1.dll, msvcp140.dll); then a new terminal")
        fixes = {
            "126": (vc, f"# then, if it still fails: {reinstall} (a file of an unfinished "
                        "install, or one removed by an antivirus)"),
            "127": (f"where.exe {dll}   # more than one copy on PATH: another build is found "
                    "first; remove or move it (or start from a fresh venv)",
                    f"# {reinstall} (DLLs of two releases mixed by an upgrade over an old "
                    "install)", vc),
            "1114": (vc, f"# then, if it still fails: {reinstall}"),
        }
        ev = log_evidence([h])
        if code == "126" and pkg == "torch" and dll.lower() == "fbgemm.dll":
            return [catalogue.make(
                "python-package-windows-dll-load-failed", variant="fbgemm-libomp", code=code,
                where=where, evidence=ev,
                fix=("pip install --upgrade \"torch>=2.4.1\"   # torch 2.4.0's fbgemm.dll "
                     "imports libomp140.x86_64.dll, which it does not ship; 2.4.1 and 2.3.1 "
                     "load (a CUDA build: the command pytorch.org's Get Started page gives)",
                     "# or keep 2.4.0: Visual Studio Installer > Build Tools 2022 > 'MSVC v143 "
                     "- VS 2022 C++ x64/x86 build tools' installs libomp140.x86_64.dll",
                     f"# then, if it still fails: {vc}",
                     f"# and then: {reinstall}"))]
        return [catalogue.make(
            "python-package-windows-dll-load-failed",
            variant="procedure" if code == "127" else "init" if code == "1114" else None,
            code=code, where=where, evidence=ev, fix=fixes[code])]
    return []


__all__ = ["torch_windows_dll"]
