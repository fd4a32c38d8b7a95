"""macOS dyld refusing TensorFlow's native library built for another CPU architecture.

dyld prints, for a Mach-O file without a slice of the process's architecture, "(mach-o file,
but is an incompatible architecture (have 'arm64', need 'x86_64'))" (dyld3/4, macOS 11.3+;
"(have (x86_64), need (arm64e))" on macOS 12; "need 'arm64e' or 'arm64'" later) or "<path>:
mach-o, but wrong architecture" (dyld2, macOS 11.0-11.2, no direction).  ``have`` is the
library's architecture, ``need`` the Python process's:

* have arm64, need x86_64: an x86_64 Python (an Intel Anaconda/Python, or a Terminal/IDE under
  Rosetta) loading an arm64 build (apple/tensorflow_macos#28: ``file $(which python)`` said
  x86_64; #8, #21, #130) -> ``macos-x86-python-under-rosetta`` variant ``dlopen-arm64-lib``.
* have x86_64, need arm64/arm64e: an arm64 Python loading an x86_64 build installed for an
  Intel Python (tensorflow/tensorflow#57483) -> variant ``dlopen-x86-lib``.
* dyld2's wording: the direction comes from a pasted ``file $(which python)`` ("Mach-O
  64-bit executable x86_64"); without it, variant ``dlopen-mixed`` names both directions and
  the commands that tell them apart.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A Python extension or TensorFlow library on the dyld line (not another program's bundle).
_PYTHON_LIB = re.compile(r"site-packages|python|tensorflow|\.so\b|\.dylib\b", re.IGNORECASE)
#: A refused file that is not TensorFlow's Python library: a Node.js addon (tfjs-node's
#: tfjs_binding.node under node_modules: npm's to reinstall or rebuild, never pip's), or another
#: package's extension (NumPy's _multiarray_umath): the finding's TensorFlow fixes do not fit.
_NOT_TF_LIB = re.compile(r"node_modules|\.node\b", re.IGNORECASE)

def macos_arch_mismatch(ctx: Facts) -> list[Finding]:
    """``macos-x86-python-under-rosetta`` (variants ``dlopen-arm64-lib``, ``dlopen-x86-lib``,
    ``dlopen-mixed``) for dyld's wrong-architecture refusal of a Python extension; ``[]``
    when no such line names TensorFlow's own Python library (another package's extension, a
    Node.js addon: no claim, the fixes would reinstall TensorFlow).  The fixes are the catalogue
    rows'."""
    hits = [h for h in ctx.h("macos.dyld_arch").all()
            if _PYTHON_LIB.search(h.text) and not _NOT_TF_LIB.search(h.text)
            and "tensorflow" in h.text.lower()]
    if not hits:
        return []
    hit = next((h for h in hits if h.g("have")), hits[0])
    have, need = (hit.g("have") or "").lower(), (hit.g("need") or "").lower()
    py = ctx.h("macos.python_arch").all()
    py_arch = py[0].g("arch") if py else None
    ev = log_evidence(hits, py[:1])
    if (have.startswith("arm64") and need == "x86_64") or (not have and py_arch == "x86_64"):
        return [catalogue.make(
            "macos-x86-python-under-rosetta", variant="dlopen-arm64-lib",
            shown=(f"have '{have}', need '{need}'" if have else
                   "'wrong architecture'; the Python is x86_64"),
            evidence=ev,
        )]
    if (have == "x86_64" and need.startswith("arm64")) or (not have and py_arch == "arm64"):
        return [catalogue.make(
            "macos-x86-python-under-rosetta", variant="dlopen-x86-lib",
            shown=(f"have '{have}', need '{need}'" if have else
                   "'wrong architecture'; the Python is arm64"),
            evidence=ev,
        )]
    if have:
        return []  # another pair (arm64 vs arm64e, i386): not this kind
    return [catalogue.make(
        "macos-x86-python-under-rosetta", variant="dlopen-mixed", evidence=ev,
    )]
