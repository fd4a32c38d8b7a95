"""Files only named like CUDA libraries (issue 10 §3: "junk files named like libraries
are not libraries").

The library probe reads each file's header (:func:`tfgpu.facts.libnames.binary_format`); a
file whose header is neither ELF nor PE is :data:`~tfgpu.facts.libnames.NOT_A_LIBRARY`, and an
ELF library whose ``DT_SONAME`` names another library (a renamed copy of ``libm.so.6``) is
:data:`~tfgpu.facts.libnames.OTHER_LIBRARY`: neither serves as the library its name says.
:func:`without_junk` hides such copies from every other check (none may count a text file
named ``libcudart.so.12`` as CUDA 12), and :func:`junk_library_files` names them.
"""

from __future__ import annotations

import dataclasses
import weakref
from collections.abc import Iterator

from tfgpu.diagnosis import catalogue
from tfgpu.facts import SharedLibrary
from tfgpu.facts.libnames import NOT_A_LIBRARY, OTHER_LIBRARY
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding


def _junk(f: Facts) -> tuple[SharedLibrary, ...]:
    host = f.host
    if host is None:
        return ()
    return tuple(lib for lib in host.libraries if lib.binary in (NOT_A_LIBRARY, OTHER_LIBRARY))


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
        evidence=tuple(Evidence("libraries", f"{lib.path}: {lib.origin}, " + (
            "an ELF library whose SONAME names another library" if lib.binary == OTHER_LIBRARY
            else "header is not ELF/PE")) for lib in junk[:8]),
        fix=(f"file {' '.join(paths[:8])}   # says what each file really is",
             f"{rm} {' '.join(paths[:8])}   # or move it out of the library folder (after "
             "checking what put it there)"),
    )


def log_library_file_unloadable(f: Facts) -> list[Finding]:
    """glibc's dlerror for a CUDA / cuDNN library file it found but would not load
    (``lib.unloadable``; texts from glibc elf/dl-load.c and elf/dl-version.c):

    * "invalid ELF header" / "file too short": the file under that name is no shared library
      (a text file, e.g. a symlink turned into a text file by a copy through a filesystem or
      archive without links, an empty or truncated download) -> ``library-file-not-a-library``
      variant ``log``;
    * "wrong ELF class: ELFCLASS32" (or 64): the loader searched the whole path and found that
      name only as a library of the other word size (the 32-bit copy a driver or CUDA
      installs for i386 next to the 64-bit one) -> ``library-not-loaded-{library}`` variant
      ``other-class``;
    * "version `<node>' not found (required by <object>)": the file found under that name
      lacks a symbol version the requiring object was linked against, so it is another
      release of the library (a link or a copy of another version under that name) ->
      ``library-not-loaded-{library}`` variant ``version-node``.

    Returns:
        One finding for the first such line, or nothing.
    """
    from tfgpu.diagnosis.checks._common import slug
    from tfgpu.diagnosis.checks.libraries import parse_library

    hits = f.h("lib.unloadable").all()
    if not hits:
        return []
    h = hits[0]
    name = h.need("lib")
    path = (h.g("path") or "") + name
    if h.g("short") and name.startswith("libcuda.so"):
        return []  # the container's placeholder: driver.file_too_short's reading
    if h.g("bad") or h.g("short"):
        why = "invalid ELF header" if h.g("bad") else "file too short"
        return [catalogue.make(
            "library-file-not-a-library", variant="log", paths=path, why=why,
            evidence=log_evidence([h]),
            fix=(f"file {path}; ls -l {path}   # what the file really is (ASCII text: a "
                 "link written out as text; empty: a failed copy)",
                 f"# replace it with the real library: reinstall the package that provides "
                 f"{name}, or copy its files again keeping links (cp -P, tar -x on a Linux "
                 "filesystem)"),
        )]
    _, component, expected = parse_library(name)
    needs = (f" (needs {expected})" if expected and expected.startswith(("CUDA ", "cuDNN "))
             else "")
    other = h.g("bits")
    if other:
        mine = "64" if other == "32" else "32"
        return [catalogue.make(
            "library-not-loaded-{library}", variant="other-class", library=slug(name),
            component=component, filename=name, needs=needs, bits=other,
            evidence=log_evidence([h]),
            cause=(f"The loader searched every folder of its path for {name} and found it only "
                   f"as a {other}-bit library (ELFCLASS{other}), which a {mine}-bit process "
                   f"cannot load: the {mine}-bit {name} is not installed or not on the path. "
                   "Drivers and CUDA installers put 32-bit copies in their own folders (e.g. "
                   "/usr/lib/i386-linux-gnu, /usr/lib32); a folder of them on LD_LIBRARY_PATH or "
                   "in the ldconfig cache is found, the 64-bit folder is not."),
            fix=(f"ldconfig -p | grep {name.split('.so')[0]}.so   # the copies the cache knows, "
                 "with their class (x86-64 or not)",
                 f"# install the {mine}-bit {component} library (for the NVIDIA driver: its "
                 "user-space package for this architecture) and put its folder, not the "
                 "32-bit one, on LD_LIBRARY_PATH"),
        )]
    node, by = h.need("node"), h.need("by").strip()  # the pattern's last alternative
    return [catalogue.make(
        "library-not-loaded-{library}", variant="version-node", category="version-mismatch",
        library=slug(name), component=component, filename=name, node=node,
        evidence=log_evidence([h]),
        cause=(f"{by} was linked against a {name} that defines the symbol version '{node}'; "
               f"the file the loader found under that name ({path}) does not, so it is another "
               f"release of {component} than the one that object was built for: a link or a "
               "copy of another version's file under this name, or an older copy found first "
               "on the path."),
        fix=(f"ls -l {path}   # where the name points: the real file's version is in its name",
             f"ldconfig -p | grep {name.split('.so')[0]}.so   # every copy the loader can find",
             f"# install the {component} release {by.rsplit('/', 1)[-1]} was built for (for "
             "TensorFlow: the one its release names), or point the link at that release's "
             "file"),
    )]
