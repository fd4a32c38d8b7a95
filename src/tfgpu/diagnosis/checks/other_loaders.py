"""CUDA libraries not found by old or non-Linux loaders: macOS dyld (``@rpath``) and TensorFlow
0.x-1.0's cuDNN DSO (w8, holdout8 work plan).

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

_SIP_DOC = ("https://developer.apple.com/library/archive/documentation/Security/Conceptual/"
            "System_Integrity_Protection_Guide/RuntimeProtections/RuntimeProtections.html")


def macos_cuda_dylib_missing(f: Facts) -> list[Finding]:
    """"dlopen(<module>, N): Library not loaded: @rpath/libcudart.8.0.dylib" ->
    ``library-not-loaded-{library}`` (variant ``fatal-load``), with macOS causes and fixes.

    Args:
        f: the facts view; reads pattern ``w8.dyld_cuda_missing``.

    Returns:
        One finding for the first missing CUDA library, or nothing.
    """
    from tfgpu.diagnosis.checks.libraries import parse_library

    hits = f.h("w8.dyld_cuda_missing").all()
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
           "# Apple: " + _SIP_DOC)
    return [catalogue.make(
        "library-not-loaded-{library}", variant="fatal-load", category="gpu-not-visible",
        library=re.sub(r"[^a-z0-9]+", "-", lib.lower()).strip("-"),
        component=comp, filename=lib,
        needs=f" (needs {expected})" if expected else "",
        evidence=log_evidence(hits[:1]), cause=cause, fix=fix,
    )]


# --- w8: TensorFlow 0.x-1.0's "Unable to load cuDNN DSO" ------------------------------------


def old_cudnn_dso_missing(f: Facts) -> list[Finding]:
    """TensorFlow 0.x-1.0's "Unable to load cuDNN DSO".

    After "Couldn't open CUDA library libcudnn.so" (the file it looked for) ->
    ``library-not-loaded-{library}`` variant ``old-cudnn-dso`` (info: TensorFlow starts
    without cuDNN; its GPU convolutions fail when they run); the line alone (no file named:
    not found, or another cuDNN version) -> ``dnn-library-not-found``.

    Args:
        f: the facts view; reads pattern ``w8.old_cudnn_dso``.

    Returns:
        One finding, or nothing without the "Unable to load cuDNN DSO" line.
    """
    hits = f.h("w8.old_cudnn_dso").all()
    fail = [h for h in hits if h.g("fail")]
    if not fail:
        return []
    named = [h for h in hits if h.g("lib")]
    if not named:
        # the DSO line alone: not found, or another cuDNN version than the build's (TF 0.5
        # loaded libcudnn.so.6.5; tensorflow/tensorflow#62 had cuDNN v3): the one-line
        # "no usable cuDNN" finding, as for "DNN library is not found"
        return [catalogue.make(
            "dnn-library-not-found", evidence=log_evidence(fail[:1]),
            fix=("ls -l /usr/local/cuda/lib64/libcudnn* /usr/lib/x86_64-linux-gnu/libcudnn*   "
                 "# which cuDNN files (and versions) exist",
                 "# install the cuDNN version this TensorFlow release's install guide names "
                 "and put its folder on LD_LIBRARY_PATH (the line before, at log level 0, "
                 "names the file TensorFlow looked for)"),
        )]
    lib = (named[0].g("lib") if named else None) or "libcudnn.so"
    windows = lib.endswith(".dll")
    unversioned = lib in ("libcudnn.so", "libcudnn.dylib")
    cause = (f"TensorFlow looked for {lib} and did not find it, so it runs without cuDNN "
             "('Unable to load cuDNN DSO' is logged at INFO and TensorFlow goes on); every "
             "GPU convolution and cuDNN RNN fails when it runs. Either cuDNN is not "
             "installed, or its folder is not on the loader's path"
             + (" (PATH on Windows)" if windows else "")
             + (". This build asks for the unversioned name libcudnn.so, which only cuDNN's "
                "development files (or a -devel image) provide: a runtime package or image "
                "with libcudnn.so.N alone is not found" if unversioned else "")
             + ".")
    fix = (("where cudnn64_*.dll   # is a cuDNN DLL on PATH?",
            "# install the cuDNN this TensorFlow names and add its bin folder to PATH")
           if windows else
           ("ls -l /usr/lib/x86_64-linux-gnu/libcudnn* /usr/local/cuda/lib64/libcudnn*   # "
            "which cuDNN files exist",
            "ln -s libcudnn.so.<N> <that folder>/libcudnn.so   # only libcudnn.so.N there: "
            "add the unversioned link (or use the -devel image)",
            "export LD_LIBRARY_PATH=<the folder with libcudnn>:$LD_LIBRARY_PATH"))
    return [catalogue.make(
        "library-not-loaded-{library}", variant="old-cudnn-dso",
        category="windows-dll" if windows else "gpu-not-visible",
        library=re.sub(r"[^a-z0-9]+", "-", lib.lower()).strip("-"),
        filename=lib, evidence=log_evidence(named[:1], fail[:1]), cause=cause, fix=fix,
    )]
