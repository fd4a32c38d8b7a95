"""A library that glibc could not load because its static TLS block was full.

Source: glibc (bminor/glibc, read at tags glibc-2.17 to glibc-2.42).  A shared library
whose thread-local variables use the initial-exec model must have them in the static TLS
block that the dynamic loader sizes once, when the program starts.  A library loaded later
(``dlopen``: a Python extension module's import, ``ctypes.CDLL``) can only use the block's
surplus.  ``elf/dl-tls.c`` sizes that surplus at 1664 bytes by default (rtld.nns 4, and
from glibc 2.32 rtld.optional_static_tls 512).  When the library does not fit,
``elf/dl-reloc.c`` ``_dl_allocate_static_tls`` fails the load with
``_dl_signal_error(0, map->l_name, NULL, "cannot allocate memory in static TLS block")``,
which ``dlerror`` prints as ``<the library as loaded>: cannot allocate memory in static TLS
block``.  From glibc 2.22 that is the only wording.  In glibc 2.21 and older,
``elf/dl-open.c`` could also fail the load as ``dlopen: cannot load any more object with
static TLS``, without naming the library.

The fix is the same for every library and platform: load that library when the program
starts (``LD_PRELOAD`` with the path the line names), so that its TLS is in the initial
block, or import the package that loads it before the others.  From glibc 2.32 the tunable
``glibc.rtld.optional_static_tls`` (manual/tunables.texi: "Sets the amount of surplus static
TLS in bytes to allocate at program startup"; a non-optional load may use the whole surplus,
dl-reloc.c ``_dl_try_allocate_static_tls``) makes the surplus larger.  Reports name libgomp
(an aarch64 Jetson, scikit-learn's bundled ``libgomp-<hash>.so``), libGLdispatch (OpenCV) and
libstdc++.
"""

from __future__ import annotations

import posixpath
import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A line that names Jupyter only as an installed package (a pip/conda listing, a grep for it,
#: jupyter-core / jupyter_client rows): not a program run in a notebook (review 49a P13).
_PACKAGE_LINE = re.compile(r"\b(?:pip3?|conda|mamba)\s+(?:list|show|install|freeze)\b|\bgrep\b"
                           r"|^\s*jupyter[-_]?\w{0,20}\s+\d|jupyter[-_](?:core|client|server"
                           r"|console|events|lsp|lab_\w{1,20})\b", re.IGNORECASE)


def _jupyter_run(ctx: Facts) -> bool:
    """The program ran in a notebook: a notebook's own traceback lines or a Jupyter word
    (patterns ``tools.jupyter_ctx``, ``ctx.notebook_prose``) on a line that is not a package
    listing (:data:`_PACKAGE_LINE`)."""
    hits = [*ctx.h("ctx.notebook_prose").all(), *ctx.h("tools.jupyter_ctx").all()]
    return any(not _PACKAGE_LINE.search(h.text) for h in hits)

#: The glibc tunable that enlarges the static TLS surplus (glibc 2.32+, manual/tunables.texi).
_TUNABLE = ("GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096 python train.py   # glibc 2.32 "
            "or newer (ldd --version): more static TLS surplus (bytes) for libraries loaded "
            "late")


def static_tls_exhausted(ctx: Facts) -> list[Finding]:
    """``library-static-tls-exhausted``: glibc's dlerror "<library>: cannot allocate memory
    in static TLS block" (``lib.static_tls``).  The fix preloads the path the line names.
    Variant ``unnamed``: glibc 2.21's "dlopen: cannot load any more object with static TLS",
    which does not name the library.  Returns one finding, for the first such line."""
    hits = ctx.h("lib.static_tls").all()
    if not hits:
        return []
    named = [h for h in hits if h.g("path")]
    if not named:
        return [catalogue.make(
            "library-static-tls-exhausted", variant="unnamed",
            evidence=log_evidence(hits, limit=2),
            fix=("# the traceback above names the module whose import failed: import it first "
                 "in the program, before the packages that load other native libraries",
                 "# or preload its native library: export LD_PRELOAD=/path/to/that/library.so, "
                 "then rerun"),
        )]
    # every distinct library that failed (NVIDIA-AI-IOT/jetbot#507: torch's bundled
    # libgomp-d22c30c5.so.1 and the system's libgomp.so.1): preloading one leaves the other
    paths = list(dict.fromkeys(h.g("path") or "" for h in named))
    path = paths[0]
    library = posixpath.basename(path)
    jupyter = _jupyter_run(ctx)
    # a name without a folder is searched the way the loader searches a DT_NEEDED entry
    # (ld.so(8): LD_PRELOAD objects "are searched for using the rules given under DESCRIPTION";
    # several objects are separated by colons or spaces)
    both = ":".join(paths)
    preload = (f"export LD_PRELOAD={both}   # load "
               + ("them" if len(paths) > 1 else "it")
               + " when the program starts, where the TLS fits the initial block; then rerun "
               + ("jupyter (and the kernel) from this shell" if jupyter else "from this shell"))
    fix = [preload]
    if jupyter:
        # a Jupyter kernel is started by the Jupyter server with the server's environment
        # (or a kernel spec's "env", jupyter_client docs kernels.html "Kernel specs": "env
        # (dict): A dictionary of environment variables to set for the kernel"), never with
        # that of a shell opened later (NVIDIA-AI-IOT/jetcard#34: the export in ~/.bashrc,
        # which the server starts from, fixed it; jetbot#507: kernel.json)
        fix.append("# a Jupyter kernel does not see an export in another shell: add \"env\": "
                   f"{{\"LD_PRELOAD\": \"{both}\"}} to the kernel's kernel.json (jupyter "
                   "kernelspec list shows its folder), or put the export in the profile the "
                   "Jupyter server starts from (~/.bashrc, the service's environment), then "
                   "restart the server and the kernel")
    fix += ["# or import the package that loads it first in the program (before the others "
            "that load native libraries)", _TUNABLE]
    if len(paths) > 1:
        return [catalogue.make(
            "library-static-tls-exhausted", variant="several", count=len(paths),
            paths=", ".join(paths),
            evidence=log_evidence(named, limit=4), fix=tuple(fix),
        )]
    return [catalogue.make(
        "library-static-tls-exhausted", library=library, path=path,
        evidence=log_evidence(named, limit=2), fix=tuple(fix),
    )]
