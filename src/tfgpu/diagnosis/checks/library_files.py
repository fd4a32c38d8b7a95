"""Files only named like CUDA libraries (issue 10 §3: "junk files named like libraries
are not libraries").

The library probe reads each file's header (:func:`tfgpu.facts.libnames.binary_format`); a
file whose header is neither ELF nor PE is :data:`~tfgpu.facts.libnames.NOT_A_LIBRARY`.
:func:`without_junk` hides such copies from every other check (none may count a text file
named ``libcudart.so.12`` as CUDA 12), and :func:`junk_library_files` names them.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.facts import SharedLibrary
from tfgpu.facts.libnames import NOT_A_LIBRARY
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding


def _junk(f: Facts) -> tuple[SharedLibrary, ...]:
    host = f.host
    if host is None:
        return ()
    return tuple(lib for lib in host.libraries if lib.binary == NOT_A_LIBRARY)


def without_junk(f: Facts) -> Facts:
    """``f`` with the host's not-a-library copies left out of ``host.libraries`` (the same
    view when there are none); the log and the knowledge are shared."""
    junk = _junk(f)
    if not junk or f.host is None:
        return f
    host = dataclasses.replace(
        f.host, libraries=tuple(lib for lib in f.host.libraries if lib not in junk))
    view = Facts(host, f.log, f.kb)
    _HIDDEN[view] = junk
    return view


#: The not-a-library copies :func:`without_junk` hid from each view it made.
_HIDDEN: weakref.WeakKeyDictionary[Facts, tuple[SharedLibrary, ...]] = (
    weakref.WeakKeyDictionary())


def hidden_junk(f: Facts) -> tuple[SharedLibrary, ...]:
    """The not-a-library copies hidden from ``f`` by :func:`without_junk` (for a check that
    lists every file it saw under a name, and why none was usable); ``()`` for other views."""
    return _HIDDEN.get(f, ())


def junk_library_files(f: Facts) -> Iterator[Finding]:
    """``library-file-not-a-library``: one finding naming every file found under a CUDA
    library's name whose header is not a shared library's (ELF on Linux, PE on Windows).
    Run it on the facts before :func:`without_junk`."""
    junk = _junk(f)
    if not junk:
        return
    paths = [lib.path for lib in junk]
    rm = "del" if any(p.lower().endswith(".dll") for p in paths) else "rm"
    yield catalogue.make(
        "library-file-not-a-library",
        count=len(junk), paths=", ".join(paths),
        evidence=tuple(Evidence("libraries", f"{lib.path}: {lib.origin}, header is not ELF/PE")
                       for lib in junk[:8]),
        fix=(f"file {' '.join(paths[:8])}   # says what each file really is",
             f"{rm} {' '.join(paths[:8])}   # or move it out of the library folder (after "
             "checking what put it there)"),
    )
