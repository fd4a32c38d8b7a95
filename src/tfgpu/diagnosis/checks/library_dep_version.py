"""A library found but not loadable because another library it links against is an older
release than it was built against (glibc's "version `X' not found (required by Y)").

Sources:

* glibc elf/dl-version.c (match_symbol): ``"version `%s' not found (required by %s)"``,
  printed after the name of the file that lacks the version node: ``<dep>: version
  `<node>' not found (required by <object>)``.  The object was linked against a ``<dep>``
  that defines ``<node>``; the copy of ``<dep>`` the loader found does not.
* glibc names its symbol versions after the release that added them (``GLIBC_2.27`` is
  glibc 2.27; ``ldd --version`` prints the system's glibc), libstdc++ likewise
  (``GLIBCXX_3.4.26``, ``CXXABI_1.3.11``: the GCC manual's "ABI Policy and Guidelines" lists
  which GCC release added each).  glibc is the OS's own C library: a binary built on a newer
  distribution needs that distribution's glibc, and the OS's glibc cannot be swapped alone.
* google/automl#618: "Could not load dynamic library 'libnvinfer.so.6'; dlerror:
  /lib/x86_64-linux-gnu/libm.so.6: version `GLIBC_2.27' not found (required by
  /usr/lib/libnvinfer.so.6)": TensorRT 6 installed, built for a newer Ubuntu (18.04's glibc
  2.27) than the OS in use; installing TensorRT again does not help.

lib.unloadable reads the same text when the file lacking the node is the CUDA library itself
(another release under its name: checks/library_files.py), lib.native_import when the
requiring object is TensorFlow's own native module (checks/tf_install.py).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import E, W
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: glibc's own libraries (the C library, its math, threads, dl, rt parts and the dynamic
#: loader): a GLIBC_* node they lack means the system's glibc is older.
_GLIBC_PARTS = ("libc.so", "libm.so", "libpthread.so", "libdl.so", "librt.so", "ld-linux",
                "libresolv.so", "libutil.so")


#: The CUDA, cuDNN, NCCL and TensorRT libraries' name prefixes: TensorFlow runs on without
#: them, on the CPU (the other libraries' consequence depends on the program).
_GPU_LIBS = ("libcu", "libnv", "libnccl")

#: an npm package's folder in a path (``node_modules/@scope/name/`` or ``node_modules/name/``):
#: a Node.js addon (``.node``) under it is that package's prebuilt binary
_NPM_PKG = re.compile(r"/node_modules/(?P<pkg>(?:@[\w.-]{1,60}/)?[\w.-]{1,80})/")


def _base(path: str) -> str:
    return path.strip().rsplit("/", 1)[-1]


def _prebuilt_fix(by: str) -> tuple[str, ...]:
    """A fix line for a prebuilt binary that its package can replace on this OS (``by``: the
    requiring object's path): a Node.js addon rebuilt from source (``npm rebuild <pkg>
    --build-from-source``: tfjs-node's README, "Rebuild the package on Raspberry Pi",
    tensorflow/tfjs@0fc04d9), TensorBoard's Rust data server skipped (``--load_fast=false``:
    the advice tensorboard/program.py prints when the data server cannot start); else ``()``."""
    addon = _NPM_PKG.search(by) if by.strip().endswith(".node") else None
    if addon is not None:
        return (f"npm rebuild {addon.group('pkg')} --build-from-source   # builds the addon "
                "against this OS's compiler and C/C++ runtime instead of the prebuilt one",)
    if "/tensorboard_data_server/" in by:
        return ("tensorboard --logdir <your log folder> --load_fast=false   # TensorBoard's "
                "own Python reader instead of the prebuilt data server (TensorBoard's advice "
                "when the data server cannot start)",)
    return ()


def _release_line(by: str) -> str:
    """The ``cat /etc/os-release`` fix line, worded by where ``by`` (the requiring object's
    path) came from: an npm package's prebuilt binary (tfjs-node downloads a prebuilt
    libtensorflow into deps/lib: tensorflow/tfjs tfjs-node/scripts/install.js) is replaced by
    a newer distribution or base image, not by a TensorRT/CUDA/cuDNN package build (review 49
    #17); else the distribution-package wording."""
    npm = _NPM_PKG.search(by)
    if npm is not None:
        return (f"cat /etc/os-release   # the distribution release: {npm.group('pkg')}'s "
                "prebuilt binary (from npm) targets a newer one; run on a newer distribution "
                "or base image, or try an older release of the npm package built for this "
                "glibc")
    return ("cat /etc/os-release   # the distribution release; pick the package build for this "
            "release (TensorRT, CUDA and cuDNN packages are built per distribution release), "
            "not the newest one")


def library_needs_newer_dependency(f: Facts) -> list[Finding]:
    """``library-needs-newer-system-library`` from ``lib.dep_version``: variant ``glibc``
    (a GLIBC_* node missing from glibc's libraries: the OS is older than the build's
    target), ``libstdcxx`` (GLIBCXX_/CXXABI_ missing from libstdc++.so.6: an older libstdc++
    found first, or an old OS), else the generic reading (an older release of the
    dependency).  One finding for the first such line."""
    taken = {h.line for name in ("lib.unloadable", "lib.native_import")
             for h in f.h(name).all()}
    hits = [h for h in f.h("lib.dep_version").all() if h.line not in taken]
    if not hits:
        return []
    h = hits[0]
    dep, node, by = h.need("dep"), h.need("node"), h.need("by").strip()
    dep_path = (h.g("path") or "") + dep
    loading = [lib for m in f.h("lib.missing").all() if m.line == h.line and (lib := m.g("lib"))]
    filename = loading[0] if loading else _base(by)
    who = _base(by)
    via = "" if who == filename else f" (through {who}, which it loads)"
    trt = filename.startswith(("libnvinfer", "libnvonnxparser", "libnvparsers"))
    consequence = (" Only TensorRT (TF-TRT) needs it: the rest of TensorFlow runs without it."
                   if trt else " Until it loads, the program goes without it (TensorFlow "
                   "without one of its CUDA/cuDNN libraries uses no GPU)."
                   if filename.startswith(_GPU_LIBS) else "")
    own = _prebuilt_fix(by)
    if node.startswith("GLIBC_") and dep.startswith(_GLIBC_PARTS):
        need = node.removeprefix("GLIBC_")
        return [catalogue.make(
            "library-needs-newer-system-library", variant="glibc",
            severity=W if trt else E, filename=filename, node=node,
            evidence=log_evidence([h]),
            cause=(f"{filename} is installed: the loader found it{via}, but {who} was built "
                   f"against glibc {need} or newer (it needs the symbol version {node}), and "
                   f"this system's glibc ({dep_path}) is older. The package was built for a "
                   "newer Linux distribution than this one, so installing it again does not "
                   "help." + consequence),
            fix=(*own, "ldd --version   # this system's glibc: " + filename + f" needs {need} or "
                 "newer",
                 _release_line(by),
                 "# or run on a newer distribution (a container image of a newer release); "
                 "glibc cannot be upgraded on its own without breaking the OS"),
        )]
    if node.startswith(("GLIBCXX_", "CXXABI_")) and dep.startswith("libstdc++"):
        return [catalogue.make(
            "library-needs-newer-system-library", variant="libstdcxx",
            severity=W if trt else E, filename=filename, node=node,
            evidence=log_evidence([h]),
            cause=(f"{filename} is installed: the loader found it{via}, but {who} was built "
                   f"with a newer GCC than the C++ runtime the loader found ({dep_path}) "
                   f"supports: that libstdc++ lacks the symbol version {node}. Most often an "
                   "older libstdc++.so.6 is found first (a conda environment's or an "
                   "application's bundled copy, or a folder on LD_LIBRARY_PATH) while the "
                   "system has a newer one; otherwise the OS's GCC runtime is older than the "
                   "build's." + consequence),
            fix=(*own, f"strings {dep_path} | grep -c {node}   # 0: this copy is too old",
                 "ldconfig -p | grep libstdc++.so.6; echo $LD_LIBRARY_PATH   # the other "
                 "copies, and which folder comes first",
                 "# a conda environment's old copy: conda install -c conda-forge "
                 "libstdcxx-ng (a newer one), or put the system's folder first; an old OS: "
                 "a newer GCC runtime or distribution"),
        )]
    return [catalogue.make(
        "library-needs-newer-system-library",
        severity=W if trt else E, filename=filename, node=node, dependency=dep,
        evidence=log_evidence([h]),
        cause=(f"{filename} is installed: the loader found it{via}, but {who} was built "
               f"against a {dep} that defines the symbol version {node}, and the copy the "
               f"loader found ({dep_path}) does not: it is an older release of that library."
               + consequence),
        fix=(*own, f"ldconfig -p | grep {dep.split('.so')[0]}.so   # every copy the loader "
             "can find",
             f"# install the release of {dep} that {who} was built against (the one its "
             "package depends on), or put the folder holding it first on LD_LIBRARY_PATH"),
    )]


__all__ = ["library_needs_newer_dependency"]
