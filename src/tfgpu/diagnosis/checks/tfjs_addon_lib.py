"""tfjs-node's native addon cannot load its libtensorflow on Linux or macOS:
``tfjs-node-libtensorflow-not-in-deps`` variant ``addon-load``.

tfjs-node's install downloads libtensorflow into the package's ``deps/lib`` and stages it next
to ``tfjs_binding.node`` (scripts/deps-stage.js; the install step's own failures are
checks/tfjs_windows.py's). When the addon's load then reports ``libtensorflow.so.2`` (or
``libtensorflow_framework.so.2``, ``libtensorflow.2.dylib``) missing, that staging did not
complete or a rebuild moved the file: tfjs-node's own library, never a CUDA one to install.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.libnames import file_name
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: libtensorflow's own file names, as tfjs-node's addon links them (Linux, macOS).
_LIBTENSORFLOW = re.compile(r"^libtensorflow(?:_framework)?(?:\.so(?:\.\d+)*|(?:\.\d+)*\.dylib)$")


def tfjs_addon_lib_hits(f: Facts) -> list[Hit]:
    """The loader lines of a libtensorflow file (``libtensorflow.so.2``,
    ``libtensorflow_framework.so.2``) in a log that shows tfjs-node (its package path or
    addon): the libtensorflow its install downloads and stages beside the addon."""
    if not any("tfjs" in h.text for h in f.h("ctx.nonpip_tf").all()):
        return []
    return [h for h in f.h("lib.missing").all()
            if _LIBTENSORFLOW.match(file_name(h.g("lib") or ""))]


def _own_libtensorflow(f: Facts) -> list[Hit]:
    """The lines (pattern ``ctx.tfjs_own_libtensorflow``) that say the user put their own
    libtensorflow in tfjs-node's deps.  A build mention ("built tensorflow-r2.4") counts only
    together with the library or the deps folder: in its own line (libtensorflow, deps),
    or beside a line that puts a library into tfjs-node's deps (tensorflow/tfjs#3287
    says both); a source build for another project is not the addon's library (review 49a
    P10)."""
    own = f.h("ctx.tfjs_own_libtensorflow").all()
    if any(not h.g("v") for h in own):
        return own
    return [h for h in own if re.search(r"libtensorflow|\bdeps\b", h.text, re.IGNORECASE)]


def tfjs_addon_libtensorflow_missing(f: Facts) -> list[Finding]:
    """``tfjs-node-libtensorflow-not-in-deps`` (variant ``addon-load``) when tfjs-node's addon
    cannot load its libtensorflow (:func:`tfjs_addon_lib_hits`): the install's download or
    staging of libtensorflow did not complete, or a rebuild moved it (the deps-stage.js
    reading above, seen from the addon's load instead of the install step); never a CUDA
    library to install."""
    if f.h("tfjs.deps_lib_missing").count:
        return []  # the install step's own line says which
    hits = tfjs_addon_lib_hits(f)
    if not hits:
        return []
    lib = file_name(hits[0].g("lib") or "libtensorflow")
    own = _own_libtensorflow(f)
    if own:
        # the user's own libtensorflow in deps (tensorflow/tfjs#3287: a TF r2.2 C library,
        # which names itself libtensorflow.so.2, for a tfjs-node 1.7.4 addon linking
        # libtensorflow.so.1): a download that did not complete is not the reading, and npm
        # rebuild would replace their library with the package's own
        v = next((h.g("v") for h in own if h.g("v")), None)
        return [catalogue.make(
            "tfjs-node-libtensorflow-not-in-deps", variant="own-libtensorflow", lib=lib,
            built=f" (the paste names TensorFlow {v})" if v else "",
            evidence=log_evidence(hits[:1], own, limit=3),
        )]
    return [catalogue.make(
        "tfjs-node-libtensorflow-not-in-deps", variant="addon-load", lib=lib,
        evidence=log_evidence(hits, limit=2),
        cause=(f"tfjs-node's native addon (tfjs_binding.node) links {lib}, which the "
               "package's install downloads into its deps/lib folder and stages next to the "
               "addon (scripts/deps-stage.js). The loader did not find it there: the "
               "libtensorflow download or its extraction did not complete (tensorflow/tfjs"
               "#8118, #7945), or a second build (electron-rebuild, npm rebuild) moved it "
               "(tensorflow/tfjs#1054). It is tfjs-node's own library, not a CUDA one."),
        fix=("npm rebuild @tensorflow/tfjs-node   # or @tensorflow/tfjs-node-gpu: downloads and "
             "stages libtensorflow again",
             "# read that install log: the 'Downloading libtensorflow' step (network, proxy, "
             "disk) is where it failed"),
    )]
