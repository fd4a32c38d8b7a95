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

The Mac may show as Apple silicon only through a native shell's ``uname -m`` printing
``arm64`` (Darwin's name; Linux's kernel prints ``aarch64``) beside the Python's own x86_64
(``platform.machine()``, ``platform.platform()``'s ``macOS-13.4-x86_64-i386-64bit``, ``file``
on an x86_64-only binary): the two disagree only when the Python runs under Rosetta (new-user
report 48 MED 4).  pip on an x86_64 Python takes no ``_arm64`` tag whatever its version:
pypa/packaging ``src/packaging/tags.py`` ``_mac_binary_formats`` lists ``x86_64, intel,
fat64, fat32, universal2, universal`` for x86_64 and ``arm64, universal2`` for arm64.
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
    py_x86 = _python_x86(ctx)
    if chip is None and py_x86 is not None:
        # a shell's uname -m / arch printing arm64 beside a Python printing x86_64: a native
        # shell on Apple silicon (uname -m prints aarch64 on Linux) running an Intel Python
        chip = next((h for h in ctx.h("ctx.arm64_word").all() if h.text.strip() == "arm64"
                     and _answer_of(ctx, h) == "shell"), None)
        name = "uname -m: arm64"
    if chip is None or ctx.os in ("windows", "linux"):
        return None
    if py_x86 is not None:
        return name, chip, py_x86
    machine = log_machine(ctx)
    if machine is None or machine[0] != "x86_64":
        return None
    return name, chip, machine[2]


def _answer_of(ctx: Facts, hit: Hit) -> str | None:
    """``"python"`` or ``"shell"``: who printed the machine name on ``hit``'s line, from
    the nearest machine query within the 3 lines above it (pattern
    ``ctx.python_machine_call``: ``platform.machine()``; ``ctx.shell_machine_call``: ``uname
    -m``, ``arch``), else ``None``."""
    calls = [(h.line, who) for name, who in (("ctx.python_machine_call", "python"),
                                             ("ctx.shell_machine_call", "shell"))
             for h in ctx.h(name).all() if hit.line - 3 <= h.line < hit.line]
    return max(calls)[1] if calls else None


def _python_x86(ctx: Facts) -> Hit | None:
    """The first line where the Python itself (or ``file`` on its one-arch binary) shows it
    runs as x86_64 (pattern ``ctx.python_x86_answer``; ``platform.platform()``'s
    ``macOS-13.4-x86_64-i386-64bit``; ``x86_64`` printed after a ``platform.machine()``
    call, alone or before ``sys.version``), else ``None``.  Under Rosetta the Python is
    x86_64 while a native shell's ``uname -m`` prints arm64, so the two disagree in one
    paste."""
    hits = [*ctx.h("ctx.python_x86_answer").all(),
            *(h for h in ctx.h("ctx.x86_64").all() if "macOS-" in h.text
              or (h.text.split()[:1] == ["x86_64"] and _answer_of(ctx, h) == "python"))]
    return min(hits, key=lambda h: h.line) if hits else None


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
    other_py = _other_python(ctx, wheel)
    variant = "wheel-refused"
    if other_py is not None:
        variant, shown = "wheel-refused-python-tag", other_py[0].g("v")
        if older is None:
            also = " A native arm64 Python is needed, and here not enough:"
        else:
            also += " And"
        also += (f" the file is for CPython {other_py[1]} (its cp tag) while the log shows "
                 f"Python {shown} (line {other_py[0].line}): a native arm64 Python {shown} "
                 f"refuses it too, so the new environment needs Python {other_py[1]}, or the "
                 f"wheel built for Python {shown}.")
    return catalogue.make(
        "macos-x86-python-under-rosetta", variant=variant, wheel=wheel, plat=plat,
        chip=chip, chip_line=str(chip_hit.line), x86_line=str(x86.line), also=also,
        evidence=log_evidence(hits, [chip_hit, x86, *([older[0]] if older else []),
                                     *([other_py[0]] if other_py else [])]))


def rosetta_no_wheel(ctx: Facts, nod: list[Hit]) -> Finding | None:
    """``macos-x86-python-under-rosetta`` variant ``no-wheel``: pip's "No matching
    distribution found" (``nod``) from a Python that :func:`rosetta_python` shows is x86_64 on
    an Apple-silicon Mac: pip there takes only the macOS x86_64 wheels, whose last series is
    platform fact ``macos-x86-last``; ``None`` when the log does not show both."""
    seen = rosetta_python(ctx)
    if seen is None or not nod:
        return None
    chip, chip_hit, x86 = seen
    fact = ctx.kb.platform_fact("macos-x86-last")
    return catalogue.make(
        "macos-x86-python-under-rosetta", variant="no-wheel", chip=chip,
        chip_line=str(chip_hit.line), x86_line=str(x86.line),
        last=fact.value("last_release"), ref=fact.ref, knowledge_ref=fact.ref,
        evidence=log_evidence(nod, [chip_hit, x86]))


def _other_python(ctx: Facts, wheel: str) -> tuple[Hit, str] | None:
    """``(python line, "3.9")`` when the wheel's CPython tag (``-cp39-``) names another
    Python than the one the log prints (``python --version``: :attr:`Facts.printed_python`),
    else ``None`` (review 49a P8: both faults on one host; pip on a native arm64 Python 3.11
    still refuses a cp39 wheel: packaging ``tags.cpython_tags`` yields only the running
    interpreter's ``cpXY``)."""
    m = re.search(r"-cp(\d)(\d{1,2})-", wheel)
    hit = ctx.printed_python
    if m is None or hit is None or not hit.g("v"):
        return None
    tag = f"{m.group(1)}.{m.group(2)}"
    return (hit, tag) if tag != hit.g("v") else None


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


__all__ = ["rosetta_no_wheel", "rosetta_python", "rosetta_wheel"]
