"""Read an NVIDIA driver version from free text: the NVIDIA form, or Windows' own form.

Windows shows an NVIDIA display driver by its Windows file version (Device Manager, dxdiag's
"Driver Version", ``Win32_VideoController.DriverVersion``): ``21.21.13.7651`` is NVIDIA
driver 376.51, ``31.0.15.7652`` is 576.52.  Its first two fields are the WDDM/Windows
numbering; the NVIDIA version is the last five digits, with the dot before the last two:
``(third - 10) * 10000 + fourth`` -> ``3 * 10000 + 7651 = 37651`` -> ``376.51``.

Sources (retrieved 2026-12-02):

* CaffeineMC/sodium-fabric at 53432c6029317f193d791aab7459bc880a9da8b1,
  ``src/main/java/me/jellysquid/mods/sodium/client/compatibility/workarounds/nvidia/
  NvidiaDriverVersion.java``: "driver 526.47 is represented as X.Y.15.2657, where the X and
  Y values are the usual for WDDM drivers"; ``merged = (z - 10) * 10000 + w``,
  ``major = merged / 100``, ``minor = merged % 100``.
* fyr77/EnvyUpdate#21: driver 471.96 reported by the Windows management interface as
  ``30.0.14.7196``.
* the-database/mpv-AnimeJaNai#81: ``Win32_VideoController.DriverVersion`` ``32.0.16.1047``
  -> 610.47 and ``31.0.15.7652`` -> 576.52 ("last 5 digits, dot before the last two").

A number that is neither form (a CUDA version typed in the driver field, a WDDM version
whose third field is not 10-19) is not read: the answer is ``None`` (unknown), never a
guess.
"""

from __future__ import annotations

import re

#: The first dotted number in a text (``"21.21.13.7651 (Windows ...)"``, ``"NVIDIA 460.32.03"``).
_DOTTED = re.compile(r"(?<![\d.])\d{1,5}(?:\.\d{1,5}){1,3}(?![\d.])")

#: NVIDIA's own form: ``376.51``, ``525.60.13``, ``96.43.23``.  Majors from 70 (the 71.xx
#: series of 2005) up; a smaller major ("10.1", "12.2") is a CUDA version, not a driver.
_NVIDIA = re.compile(r"^(?P<major>\d{2,3})\.(?P<minor>\d{1,3})(?:\.\d{1,3})?$")

#: Windows' file-version form: ``<wddm>.<wddm>.<1x>.<4 digits>``.
_WINDOWS = re.compile(r"^\d{1,2}\.\d{1,2}\.(?P<third>1\d)\.(?P<fourth>\d{1,4})$")


def nvidia_driver_version(text: str | None) -> str | None:
    """The NVIDIA driver version a free text names, in NVIDIA's form.

    ``"376.51"`` -> ``"376.51"``; ``"525.60.13"`` -> ``"525.60.13"``; Windows' display-driver
    form ``"21.21.13.7651 (Windows display driver version)"`` -> ``"376.51"`` (module
    docstring: the last five digits, sources cited there); ``"10.1"``, ``"R418"``, a
    4-field number whose third field is not 10-19, or no number -> ``None`` (unknown).

    Args:
        text: the text; only its first dotted number is read.

    Returns:
        the version string, or ``None`` when the text names no driver version this reads.
    """
    m = _DOTTED.search(text or "")
    if m is None:
        return None
    token = m.group(0)
    w = _WINDOWS.match(token)
    if w is not None:
        merged = (int(w.group("third")) - 10) * 10000 + int(w.group("fourth"))
        major, minor = divmod(merged, 100)
        return f"{major}.{minor:02d}" if major >= 70 else None
    n = _NVIDIA.match(token)
    if n is not None and int(n.group("major")) >= 70:
        return token
    return None
