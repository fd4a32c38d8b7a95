"""TensorFlow's C library (libtensorflow) missing for a native program: C, C++, Go, Rust and
other bindings link ``-ltensorflow`` at build time and load ``libtensorflow.so.2`` (and
``libtensorflow_framework.so.2``) when the program starts.

Sources: TensorFlow's "Install TensorFlow for C" guide (tensorflow.org/install/lang_c: extract
the archive to /usr/local and run ``sudo ldconfig``; to a non-system directory, add its lib
folder to LIBRARY_PATH for linking and LD_LIBRARY_PATH for running; build with ``gcc
hello_tf.c -ltensorflow -o hello_tf``), glibc's loader (elf/dl-load.c: "error while loading
shared libraries: %s: cannot open shared object file", printed for an executable, never for
Python's import, which raises ImportError), GNU ld ("cannot find -l<name>", "undefined
reference to `<symbol>'": a symbol no linked library defines; ``-l`` options are read after
the objects that use them). ``TF_Version`` is c_api.h's first function, in every release of
the C API.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A build command that links TensorFlow's C library one way or another.
_LINKED = re.compile(r"-ltensorflow|-l:libtensorflow|libtensorflow[\w.]{0,20}\.(?:so|dylib|a)\b"
                     r"|pkg-config")

#: The run-time fix lines (the C guide's two routes).
_RUN_FIX = (
    "ldconfig -p | grep libtensorflow   # which libtensorflow the loader knows",
    "# installed under /usr/local/lib (the C guide's archive extracted to /usr/local): "
    "sudo ldconfig, then run the program again",
    "# elsewhere (a binding's build folder, ~/libtensorflow/lib): export "
    "LD_LIBRARY_PATH=<that folder>:$LD_LIBRARY_PATH before running, or copy both "
    "libtensorflow.so.2 and libtensorflow_framework.so.2 into a folder the loader searches",
)


def not_linked(ctx: Facts, undefined: list[Hit]) -> Finding | None:
    """``libtensorflow-c-library-not-found`` variant ``not-linked`` for the linker's
    "undefined reference to `TF_...'" lines (pattern ``lib.capi_missing``, read by
    checks/bindings.py), when the program was not linked with the C library at all: the
    compile command shown has no ``-ltensorflow``, or ``TF_Version`` (in every release) is
    among the undefined names, or three or more TF_ functions are (a library of another
    release lacks one or two new ones, not all); ``None`` otherwise."""
    names = {n for h in undefined if (n := h.g("fn2"))}
    if not names:
        return None
    cmds = [c for c in ctx.h("ctx.c_link_cmd").all() if c.line < undefined[0].line]
    # (linked by the library's path, "-l:libtensorflow.so.2" or pkg-config count as linked)
    unlinked = bool(cmds) and not _LINKED.search(cmds[-1].need("args"))
    if not (unlinked or "TF_Version" in names or len(names) >= 3):
        return None
    shown = sorted(names)[:3]
    return catalogue.make(
        "libtensorflow-c-library-not-found", variant="not-linked", names=", ".join(shown),
        evidence=log_evidence(cmds[-1:], undefined[:2]),
        fix=("gcc hello_tf.c -I/usr/local/include -L/usr/local/lib -ltensorflow -o hello_tf"
             "   # -ltensorflow after the source files that use it",
             "# the library elsewhere: -L<its lib folder> (or LIBRARY_PATH), and "
             "LD_LIBRARY_PATH=<its lib folder> to run the program"))


def libtensorflow_missing(ctx: Facts) -> list[Finding]:
    """``libtensorflow-c-library-not-found``: a native program's loader found no
    libtensorflow at start (pattern ``capi.native_load``), or the linker found no library to
    link for ``-ltensorflow`` (variant ``link``, pattern ``capi.link_missing``)."""
    link = ctx.h("capi.link_missing").all()
    if link:
        h = link[0]
        lib = h.g("lib") or h.need("lib2")
        cmds = [c.need("args") for c in ctx.h("ctx.c_link_cmd").all() if c.line < h.line]
        if lib == "tensorflow_framework" or (cmds and "-shared" in cmds[-1]):
            # a custom op built against pip's TensorFlow (its framework library, which the pip
            # wheel names libtensorflow_framework.so.2 with no unversioned link)
            return [catalogue.make(
                "libtensorflow-c-library-not-found", variant="link-op", lib=lib,
                evidence=log_evidence([h]),
                fix=("python -c \"import tensorflow as tf; print(' '.join("
                     "tf.sysconfig.get_compile_flags())); print(' '.join("
                     "tf.sysconfig.get_link_flags()))\"   # the flags to build the op with: "
                     "-L<the wheel's folder> -l:libtensorflow_framework.so.2",
                     "# pass those link flags instead of -ltensorflow_framework (the pip wheel has "
                     "no unversioned libtensorflow_framework.so)"))]
        return [catalogue.make(
            "libtensorflow-c-library-not-found", variant="link", lib=lib,
            evidence=log_evidence([h]),
            fix=("ls /usr/local/lib/libtensorflow*   # the C library the guide installs there",
                 "# not there: install TensorFlow's C library (the libtensorflow archive of "
                 "the release the program or binding needs, extracted to /usr/local), then "
                 "sudo ldconfig",
                 "# installed elsewhere: pass -L<its lib folder> (or export "
                 "LIBRARY_PATH=<its lib folder>) when building"))]
    run = ctx.h("capi.native_load").all()
    if run:
        h = run[0]
        if h.g("lib2"):  # macOS's dyld
            return [catalogue.make(
                "libtensorflow-c-library-not-found", lib=h.need("lib2"),
                evidence=log_evidence([h]),
                fix=("ls /usr/local/lib/libtensorflow*   # the C library the guide installs there",
                     "# elsewhere: export DYLD_LIBRARY_PATH=<its lib folder> before running, "
                     "or install it under /usr/local/lib"))]
        return [catalogue.make(
            "libtensorflow-c-library-not-found", lib=h.need("lib"),
            evidence=log_evidence([h]), fix=_RUN_FIX)]
    return []


__all__ = ["libtensorflow_missing", "not_linked"]
