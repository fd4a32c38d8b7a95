"""An arm64 (Apple-silicon) wheel refused on a Mac the log shows is Apple silicon while its
Python reports x86_64: an Intel (x86-64) Python running under Rosetta 2 (an Intel Anaconda or
Miniconda, or a Terminal set to "Open using Rosetta").  pip in that interpreter accepts only
x86_64 wheels, so the cause is the interpreter's architecture, not the machine's, and the fix
is a native arm64 Python; an x86_64 TensorFlow wheel is no way out (it dies on import where
Rosetta does not translate AVX: tensorflow/tensorflow#58339, "compiled with AVX extension
which Rosetta doesn't support"; the finding ``macos-x86-python-under-rosetta``).

Read by checks/wheel_file_tags.py (TensorFlow's wheel) and checks/pip_wheel_tags.py (another
package's wheel: tensorflow_macos, tensorflow_metal).  Review b48b P4 (05.log: "MacBook Air
M1", ``platform.machine()`` printing x86_64, a ``macosx_12_0_arm64`` wheel refused).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.pip_machine_wheels import family, log_machine
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def rosetta_python(ctx: Facts) -> tuple[str, Hit, Hit] | None:
    """``(chip, chip hit, x86_64 hit)`` when the log names an Apple M-series Mac (pattern
    ``tools.apple_chip``, or the arm64 Darwin kernel ``ctx.darwin_arm64``, which uname
    reports under Rosetta too) and names the machine x86_64 (``log_machine``: what
    ``platform.machine()`` or ``uname -m`` print inside a Rosetta process); else ``None``."""
    chip = next((h for h in ctx.h("tools.apple_chip").all() if h.g("gen")), None)
    name = f"Apple M{chip.g('gen')}" if chip is not None else "Apple silicon"
    if chip is None:
        chip = next(iter(ctx.h("ctx.darwin_arm64").all()), None)
    if chip is None or ctx.os in ("windows", "linux"):
        return None
    machine = log_machine(ctx)
    if machine is None or machine[0] != "x86_64":
        return None
    return name, chip, machine[2]


def rosetta_wheel(ctx: Facts, wheel: str, plat: str, hits: list[Hit]) -> Finding | None:
    """``macos-x86-python-under-rosetta`` variant ``wheel-refused`` for the wheel file
    ``wheel`` (platform tag ``plat``) refused on ``hits`` when its tag is a macOS arm64 one
    and :func:`rosetta_python` holds; else ``None``."""
    if not plat.startswith("macosx") or family(plat) != "aarch64":
        return None
    seen = rosetta_python(ctx)
    if seen is None:
        return None
    chip, chip_hit, x86 = seen
    also, older = " A native arm64 Python takes this wheel.", _older_macos(ctx, plat)
    if older is not None:
        also = (" A native arm64 Python is needed, and here not enough: the file is for macOS "
                f"{older[1]} or later and the log shows macOS {older[0].g('v')} (line "
                f"{older[0].line}), where pip refuses it under any Python, so take a wheel "
                "tagged for this macOS release or older (or update macOS).")
    return catalogue.make(
        "macos-x86-python-under-rosetta", variant="wheel-refused", wheel=wheel, plat=plat,
        chip=chip, chip_line=str(chip_hit.line), x86_line=str(x86.line), also=also,
        evidence=log_evidence(hits, [chip_hit, x86, *([older[0]] if older else [])]))


def _older_macos(ctx: Facts, plat: str) -> tuple[Hit, str] | None:
    """``(hit, "12")``: the macOS release the log names (pattern ``ctx.macos_release``) when
    it is older than the one the wheel's ``macosx_X_Y`` tag needs (pip accepts macOS 11+
    tags of the running major and older, as ``macosx_X_0``: packaging ``tags.mac_platforms``),
    else ``None``."""
    m = re.match(r"macosx_(\d{1,2})_(\d{1,2})_", plat)
    hit = next(iter(ctx.h("ctx.macos_release").all()), None)
    if m is None or hit is None:
        return None
    need = (int(m.group(1)), int(m.group(2)) if int(m.group(1)) < 11 else 0)
    parts = [int(x) for x in (hit.g("v") or "0").split(".")[:2]] + [0]
    have = (parts[0], parts[1] if parts[0] < 11 else 0)
    shown = f"{need[0]}" if need[0] >= 11 else f"{need[0]}.{need[1]}"
    return (hit, shown) if have < need else None


__all__ = ["rosetta_python", "rosetta_wheel"]
