"""CUDA libraries not found by non-Linux loaders.

macOS: a Python extension that links a CUDA library by ``@rpath`` and dyld did not find it.

TensorFlow's macOS GPU wheels (0.x-1.1) and other frameworks' macOS CUDA builds link
``@rpath/libcudart.<ver>.dylib`` and friends; dyld resolves them through the rpaths and
``DYLD_LIBRARY_PATH``.  System Integrity Protection purges DYLD_* variables when a protected
process is launched (Apple, System Integrity Protection Guide, "Runtime Protections"), so a
``DYLD_LIBRARY_PATH`` exported in a shell does not reach a Python started through
``/usr/bin/env``, ``/bin/sh`` or the system Python.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import docs


def macos_cuda_dylib_missing(f: Facts) -> list[Finding]:
    """"dlopen(<module>, N): Library not loaded: @rpath/libcudart.8.0.dylib" ->
    ``library-not-loaded-{library}`` (variant ``fatal-load``), with macOS causes and fixes.

    Args:
        f: the facts view; reads pattern ``dyld.cuda_missing`` (else
            ``dyld.cuda_missing_bare``, the line without the dlopen prefix).

    Returns:
        One finding for the first missing CUDA library, or nothing.
    """
    from tfgpu.diagnosis.checks.libraries import parse_library

    # the same dyld text without the "dlopen(<module>, N): " prefix (dyld's own
    # "dyld: Library not loaded", or a paste cut to the ImportError text)
    hits = f.h("dyld.cuda_missing").all() or f.h("dyld.cuda_missing_bare").all()
    if not hits:
        return []
    h = hits[0]
    lib = h.g("lib") or "libcudart.dylib"
    m = re.match(r"lib(\w+?)((?:\.\d+)*)\.dylib$", lib)
    stem, ver = (m.group(1), m.group(2)) if m else ("cudart", "")
    _, comp, expected = parse_library(f"lib{stem}.so{ver}")
    host = h.g("hostlib") or "the module"
    cause = (f"{host} links {lib} ({comp}" + (f", {expected}" if expected else "")
             + ") by @rpath and dyld did not find it, so the module, and TensorFlow with it, "
             "does not import at all. Either that CUDA is not installed (its libraries belong "
             "in /usr/local/cuda/lib), or DYLD_LIBRARY_PATH does not reach this Python: "
             "macOS System Integrity Protection purges DYLD_* variables when a protected "
             "program is launched (/usr/bin/env in a script's first line, /bin/sh, the system "
             "Python), so a value exported in the shell can be gone by the time Python starts.")
    fix = (f"ls /usr/local/cuda/lib/{lib}   # is {expected or comp} installed?",
           "echo $DYLD_LIBRARY_PATH; python -c \"import os; "
           "print(os.environ.get('DYLD_LIBRARY_PATH'))\"   # set in the shell but None in "
           "Python: System Integrity Protection removed it",
           "# start Python directly (not through /usr/bin/env or a /bin/sh wrapper) with "
           "DYLD_LIBRARY_PATH=/usr/local/cuda/lib:/usr/local/cuda/extras/CUPTI/lib, or add "
           "the rpath to the module with install_name_tool -add_rpath /usr/local/cuda/lib "
           f"<path of {host}>",
           "# Apple: " + docs.url("apple-sip-runtime-protections"))
    return [catalogue.make(
        "library-not-loaded-{library}", variant="fatal-load", category="gpu-not-visible",
        library=re.sub(r"[^a-z0-9]+", "-", lib.lower()).strip("-"),
        component=comp, filename=lib,
        needs=f" (needs {expected})" if expected else "",
        evidence=log_evidence(hits[:1]), cause=cause, fix=fix,
    )]

