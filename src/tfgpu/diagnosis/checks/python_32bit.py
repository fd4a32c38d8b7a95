"""pip finds no TensorFlow for a 32-bit Python.

Sources: TensorFlow publishes wheels for 64-bit Python only (platform fact
``tensorflow-64bit-only``), so pip on a 32-bit interpreter lists no TensorFlow release at all.
CPython's version string on Windows names the build's bitness (PC/pyconfig.h ``COMPILER``:
"[MSC v.<_MSC_VER> 32 bit (Intel)]", "64 bit (AMD64)", "64 bit (ARM64)"), as the interactive
banner, ``python -VV`` and ``sys.version`` print it (pattern ``ctx.python_32bit``); ``uname
-a`` names a 32-bit x86 machine (``i686 GNU/Linux``: pattern ``ctx.uname_32bit``); host facts
give the pointer size (``PythonFacts.bits``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding


def pip_tensorflow_32bit(ctx: Facts, pkg: str, nod: list[Hit]) -> Finding | None:
    """``python-32bit-interpreter`` (variant ``pip-32bit``): pip found no ``pkg`` (a
    TensorFlow distribution) and the interpreter is 32-bit: host facts (``bits`` 32), or,
    without host facts and with no 64-bit CPython version string in the log, its version
    string of a 32-bit Windows build or ``uname -a`` of a 32-bit x86 Linux.  ``None``
    otherwise (the host facts say 64-bit, or nothing shows it)."""
    if not pkg.startswith(("tensorflow", "tf-nightly")):
        return None
    fact = ctx.kb.platform_fact("tensorflow-64bit-only")
    bits = ctx.host.python.bits if ctx.host is not None else None
    if bits is not None:
        if bits != 32:
            return None
        return catalogue.make(
            "python-32bit-interpreter", variant="pip-32bit", package=pkg,
            shown="host facts: a 32-bit pointer size",
            evidence=(*log_evidence(nod), Evidence("python.bits", "32")),
            knowledge_ref=fact.ref)
    if ctx.h("ctx.python_64bit").count:
        return None
    banner = ctx.h("ctx.python_32bit").all()
    if banner:
        return catalogue.make(
            "python-32bit-interpreter", variant="pip-32bit", package=pkg,
            shown="its version string says '32 bit (Intel)'",
            evidence=log_evidence(nod, banner[:1]), knowledge_ref=fact.ref)
    uname = ctx.h("ctx.uname_32bit").all()
    # (only where pip listed no release at all: a list means wheels for this interpreter exist)
    if uname and any(re.search(r"\(from versions: (?:none)?\)", h.text) for h in nod):
        return catalogue.make(
            "python-32bit-interpreter", variant="pip-32bit", package=pkg,
            shown=(f"uname names the machine {uname[0].g('arch')}: a 32-bit x86 system, whose "
                   "Python is 32-bit"),
            evidence=log_evidence(nod, uname[:1]), knowledge_ref=fact.ref)
    return None
