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

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

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
    path = named[0].g("path") or ""
    library = posixpath.basename(path)
    # a name without a folder is searched the way the loader searches a DT_NEEDED entry
    # (ld.so(8): LD_PRELOAD objects "are searched for using the rules given under DESCRIPTION")
    preload = (f"export LD_PRELOAD={path}   # load it when the program starts, where its TLS "
               "fits the initial block; then rerun from this shell")
    return [catalogue.make(
        "library-static-tls-exhausted", library=library, path=path,
        evidence=log_evidence(named, limit=2),
        fix=(preload,
             "# or import the package that loads it first in the program (before the others "
             "that load native libraries)",
             _TUNABLE),
    )]
