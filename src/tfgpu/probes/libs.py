"""Every copy of the CUDA libraries TensorFlow loads, and which copy the loader picks.

Searched (Linux), each copy tagged with ``origin``:

* ``ld_library_path``: each ``LD_LIBRARY_PATH`` folder, in order;
* ``tf-runpath``: the pip ``nvidia/*/lib`` folders next to TensorFlow >= 2.14 in the
  site-packages of ``ctx.python_executable`` (TensorFlow's wheels carry a
  ``DT_RUNPATH`` of ``$ORIGIN/../nvidia/<pkg>/lib``); ``pip`` when that site-packages
  has no such TensorFlow;
* ``system``: the loader cache, ``ldconfig -p`` (``/sbin/ldconfig`` when ``ldconfig``
  is not on PATH);
* ``cuda_home``: ``lib64`` of ``CUDA_HOME``/``CUDA_PATH`` and ``/usr/local/cuda*``;
* ``conda``: ``$CONDA_PREFIX/lib``.

``selected`` follows ld.so(8) (https://man7.org/linux/man-pages/man8/ld.so.8.html):
for a library without ``DT_RPATH``, the loader tries ``LD_LIBRARY_PATH``, then the
calling object's ``DT_RUNPATH``, then ``/etc/ld.so.cache``.  So a stale copy on
``LD_LIBRARY_PATH`` shadows TensorFlow's own pip copy of the same SONAME; copies
found only under ``cuda_home``/``conda``/``pip`` are never selected (the loader does
not look there).  One copy is selected per SONAME (``libcudnn.so.8`` and
``libcudnn.so.9`` are separate).

Windows: ``System32`` (``system``; the driver's ``nvcuda.dll`` lives there, and DLLs
copied there by hand win over everything on ``PATH``), the Windows folder (``system``),
then the folders of ``PATH`` in order (``path``); the first copy of each DLL name is
selected (the ``LoadLibrary`` search order for a plain name: application folder,
System32, Windows, then ``PATH``;
https://learn.microsoft.com/windows/win32/dlls/dynamic-link-library-search-order).  The
search is recorded as probe ``dll-search`` (the folders searched), so a snapshot shows
that it ran even when it found nothing.
"""

from __future__ import annotations

import json
import re
import sys
import sysconfig
from dataclasses import dataclass, replace

from tfgpu._proc import EXCERPT_CHARS, run_command
from tfgpu.facts import ProbeRecord, ProbeStatus, SharedLibrary
from tfgpu.facts.libnames import (
    OTHER_LIBRARY,
    binary_format,
    elf_soname,
    soname_names_another_library,
)
from tfgpu.probes import ProbeContext, ProbeResult
from tfgpu.probes.host_paths import path_entries, pathmod, same_path_key
from tfgpu.probes.libs_names import classify, parse_cudnn_header, parse_ldconfig

NAME = "cuda-libs"
ORDER = 30

#: Name of the record of the Windows DLL search (the folders the ``LoadLibrary`` search
#: for a plain DLL name goes through, in order).
DLL_SEARCH = "dll-search"

#: Loader precedence of each origin on Linux (lower wins); absent = never loaded.
LINUX_PRECEDENCE = {"ld_library_path": 0, "tf-runpath": 1, "system": 2}


def _tf_runpath_min() -> tuple[int, int]:
    """First TensorFlow series whose wheels find the pip CUDA libraries through their
    RUNPATH: the release that introduced ``tensorflow[and-cuda]`` (platform fact
    ``and-cuda-extra-first``: 2.14; TensorFlow 2.14 release notes).

    Raises:
        tfgpu.knowledge.KnowledgeError: the knowledge tables cannot be read.
    """
    from tfgpu.knowledge import load_knowledge

    return load_knowledge().fact_series("and-cuda-extra-first")[0]

SITE_SCRIPT = (
    "import json, sysconfig; p = sysconfig.get_paths(); "
    'print(json.dumps(sorted({p["purelib"], p["platlib"]})))'
)


@dataclass(frozen=True, slots=True)
class _Copy:
    lib: SharedLibrary
    soname: str
    rank: tuple[int, int]  # (origin precedence, position within origin)


def site_packages(ctx: ProbeContext) -> tuple[list[str], ProbeRecord]:
    """The site-packages folders of ``ctx.python_executable``.

    When it is the interpreter running tfgpu and the runner is the real one (not a
    recording or a test double), ``sysconfig`` answers in-process (saves a ~0.1-0.2 s
    interpreter start).  Otherwise asks it (``python -c`` with
    :data:`SITE_SCRIPT`, no TensorFlow import); if that fails, globs
    ``<prefix>/lib/python3*/site-packages`` (POSIX) or ``<prefix>\\Lib\\site-packages``
    (Windows) beside the interpreter.

    Returns:
        The folders that exist, and the record of how they were found.
    """
    pm = pathmod(ctx.system)
    if ctx.python_executable == sys.executable and ctx.runner is run_command:
        here = sysconfig.get_paths()
        found = sorted({here["purelib"], here["platlib"]})
        rec = ProbeRecord("site-packages", ProbeStatus.OK, ("sysconfig.get_paths",))
        return [p for p in found if ctx.fs.exists(p)], rec
    if ctx.python_unanswered:
        res = None
        rec = ProbeRecord("site-packages", ProbeStatus.SKIPPED,
                          (ctx.python_executable, "-c", "<site-packages probe>"),
                          message="not asked: the interpreter did not answer the python "
                                  "probe; folders beside it are searched")
    else:
        res = ctx.runner((ctx.python_executable, "-c", SITE_SCRIPT), ctx.timeout_s)
        rec = res.record("site-packages")
    if res is not None and res.status is ProbeStatus.OK:
        paths: object = None
        try:
            paths = json.loads(res.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            paths = None
        if isinstance(paths, list) and all(isinstance(p, str) for p in paths):
            return [p for p in paths if ctx.fs.exists(p)], rec
    prefix = pm.dirname(pm.dirname(ctx.python_executable))
    if ctx.system == "Windows":
        prefix = pm.dirname(ctx.python_executable)
        cands = [pm.join(prefix, "Lib", "site-packages")]
    else:
        cands = ctx.fs.glob(pm.join(prefix, "lib", "python3*", "site-packages"))
    return [c for c in cands if ctx.fs.exists(c)], rec


def tf_version_in(ctx: ProbeContext, site: str) -> tuple[int, int] | None:
    """``(major, minor)`` of a ``tensorflow`` distribution installed in ``site``.

    Read from the ``tensorflow-X.Y.Z.dist-info`` folder name (never imports it).
    """
    for name in ctx.fs.listdir(site):
        m = re.match(r"(?:tensorflow|tf_nightly)-(\d+)\.(\d+)[^-]*\.dist-info$", name)
        if m:
            return int(m.group(1)), int(m.group(2))
    return None


def _cudnn_version(ctx: ProbeContext, libdir: str) -> str | None:
    """cuDNN version from the header that belongs to the libraries in ``libdir``.

    Only ``<libdir>/../include`` (pip wheel, toolkit, conda layouts) and, for the system
    folders ``/usr/lib*``/``/lib*``, ``/usr/include`` and ``/usr/include/<arch>``
    (Debian/Ubuntu ``libcudnn*-dev``): a header elsewhere describes another copy.
    """
    pm = pathmod(ctx.system)
    parent = pm.dirname(libdir.rstrip("/\\"))
    includes = [pm.join(parent, "include")]
    if ctx.system != "Windows" and libdir.startswith(("/usr/lib", "/lib")):
        arch = libdir.rstrip("/").rsplit("/", 1)[-1]
        includes += ["/usr/include", f"/usr/include/{arch}"]
    for inc in includes:
        for header in ("cudnn_version.h", "cudnn.h"):
            text = ctx.fs.read_text(pm.join(inc, header), 1 << 16)
            version = parse_cudnn_header(text) if text else None
            if version:
                return version
    return None


def _scan_dir(ctx: ProbeContext, folder: str, origin: str) -> list[tuple[SharedLibrary, str]]:
    """CUDA libraries in one folder: one entry per SONAME, longest version kept."""
    pm = pathmod(ctx.system)
    best: dict[str, tuple[str, str | None, str]] = {}  # soname -> (filename, version, name)
    # Only regular files after following links: a dangling link, a link loop, a FIFO or a
    # device is not a library the loader can take.  (Fakes without is_file: exists.)
    is_file = getattr(ctx.fs, "is_file", ctx.fs.exists)
    for fname in ctx.fs.listdir(folder):
        info = classify(fname, ctx.system)
        if info is None or not is_file(pm.join(folder, fname)):
            continue
        old = best.get(info.soname)
        if old is None:
            best[info.soname] = (fname, info.version, info.name)
            continue
        # Keep the SONAME-named file, but the most precise version of the family.
        filename = fname if len(fname) < len(old[0]) else old[0]
        version = max((old[1] or "", info.version or ""), key=len) or None
        best[info.soname] = (filename, version, info.name)
    out: list[tuple[SharedLibrary, str]] = []
    cudnn_version: str | None = None
    for soname, (fname, version, name) in sorted(best.items()):
        if name == "cudnn":
            cudnn_version = cudnn_version or _cudnn_version(ctx, folder)
            if cudnn_version and version and cudnn_version.split(".")[0] == version.split(".")[0]:
                version = cudnn_version if len(cudnn_version) > len(version) else version
        path = pm.join(folder, fname)
        lib = SharedLibrary(name, fname, path, version, origin, binary=_binary(ctx, path))
        out.append((lib, soname))
    return out


def _binary(ctx: ProbeContext, path: str) -> str | None:
    """The file's format from its header (:func:`tfgpu.facts.libnames.binary_format`), or
    ``None`` when this file system cannot read bytes (a recording) or the file is
    unreadable.  A file named like a library but holding text is ``not-a-library``; an ELF
    library whose ``DT_SONAME`` names another library (a renamed copy of another library)
    is ``other-library`` (:func:`tfgpu.facts.libnames.elf_soname`: three small reads)."""
    read_head = getattr(ctx.fs, "read_head", None)
    head = read_head(path) if read_head is not None else None
    if not isinstance(head, bytes):
        return None
    fmt = binary_format(head)
    read_at = getattr(ctx.fs, "read_at", None)
    if fmt.startswith("elf") and read_at is not None:
        soname = elf_soname(head, lambda off, size: read_at(path, off, size))
        if soname_names_another_library(path, soname):
            return OTHER_LIBRARY
    return fmt


def _linux_sources(ctx: ProbeContext) -> tuple[list[tuple[str, str]], list[ProbeRecord]]:
    """``(folder, origin)`` in loader order, and the records of commands run."""
    pm = pathmod(ctx.system)
    folders: list[tuple[str, str]] = []
    for entry in path_entries(ctx.env, ctx.system, "LD_LIBRARY_PATH"):
        folders.append((entry, "ld_library_path"))
    sites, rec = site_packages(ctx)
    records = [rec]
    for site in sites:
        tf = tf_version_in(ctx, site)
        origin = "tf-runpath" if tf is not None and tf >= _tf_runpath_min() else "pip"
        for lib in ctx.fs.glob(pm.join(site, "nvidia", "*", "lib")):
            folders.append((lib, origin))
    roots = [ctx.env.get("CUDA_HOME"), ctx.env.get("CUDA_PATH"), "/usr/local/cuda"]
    roots += ctx.fs.glob("/usr/local/cuda-*")
    for root in roots:
        if root:
            folders.append((pm.join(root, "lib64"), "cuda_home"))
    if ctx.env.get("CONDA_PREFIX"):
        folders.append((pm.join(ctx.env["CONDA_PREFIX"], "lib"), "conda"))
    return folders, records


def _ldconfig(ctx: ProbeContext) -> tuple[list[tuple[SharedLibrary, str]], ProbeRecord]:
    res = ctx.runner(("ldconfig", "-p"), ctx.timeout_s)
    if res.status is ProbeStatus.MISSING:
        res = ctx.runner(("/sbin/ldconfig", "-p"), ctx.timeout_s)
    out: list[tuple[SharedLibrary, str]] = []
    cuda_lines: list[str] = []
    pm = pathmod(ctx.system)
    for name, _tags, path in parse_ldconfig(res.stdout):
        info = classify(name, ctx.system)
        if info is None:
            continue
        real = ctx.fs.realpath(path)
        real_info = classify(pm.basename(real), ctx.system)
        version = real_info.version if real_info and real_info.soname == info.soname else None
        version = version if version and len(version) > len(info.version or "") else info.version
        out.append((SharedLibrary(info.name, name, path, version, "system",
                                  binary=_binary(ctx, path)), info.soname))
        cuda_lines.append(f"{name} => {path}")
    rec = res.record("ldconfig")
    if rec.status is ProbeStatus.OK:  # keep the CUDA entries as evidence, not 500 others
        rec = replace(rec, raw_excerpt="\n".join(cuda_lines)[:EXCERPT_CHARS] or None)
    return out, rec


def _select(copies: list[_Copy], ctx: ProbeContext) -> tuple[SharedLibrary, ...]:
    """Mark the copy the loader takes per SONAME; merge copies of the same file.

    Two paths that resolve to one file (``/usr/local/cuda/lib64`` and
    ``/usr/local/cuda-13.0/lib``) are one copy, reported by its strongest route.
    """
    merged: dict[str, _Copy] = {}
    order: list[str] = []
    for c in copies:
        key = same_path_key(ctx.fs.realpath(c.lib.path), ctx.system)
        if key in merged:
            if c.rank < merged[key].rank:  # same file, reached by a stronger route
                merged[key] = _Copy(
                    replace(c.lib, version=merged[key].lib.version or c.lib.version),
                    c.soname,
                    c.rank,
                )
            continue
        merged[key] = c
        order.append(key)
    winners: dict[str, str] = {}
    for key in sorted(order, key=lambda k: merged[k].rank):
        c = merged[key]
        if c.rank[0] < 100 and c.soname not in winners:
            winners[c.soname] = key
    chosen = set(winners.values())
    result = [replace(merged[k].lib, selected=k in chosen) for k in order]
    return tuple(sorted(result, key=lambda lib: (lib.name, lib.filename, not lib.selected)))


def run(ctx: ProbeContext) -> ProbeResult:
    """Find every copy of every CUDA library and mark the loader's pick.  Never raises.

    Args:
        ctx: the probe context (``env`` for PATH/LD_LIBRARY_PATH/CUDA_HOME/CONDA_PREFIX,
            ``fs`` for folder listings, ``runner`` for ``ldconfig -p`` and the
            interpreter's site-packages).

    Returns:
        The libraries, sorted by name then file name (duplicates of one file merged),
        and the records of the commands run.
    """
    copies: list[_Copy] = []
    records: list[ProbeRecord] = []
    if ctx.system == "Windows":
        pm = pathmod(ctx.system)
        windir = ctx.env.get("SystemRoot") or ctx.env.get("WINDIR") or "C:\\Windows"
        folders = [(pm.join(windir, "System32"), "system"), (windir, "system")]
        folders += [(p, "path") for p in path_entries(ctx.env, ctx.system)]
        seen: set[str] = set()
        for pos, (folder, origin) in enumerate(folders):
            key = same_path_key(folder, ctx.system)
            if key in seen:  # System32 or the Windows folder listed again on PATH
                continue
            seen.add(key)
            for lib, soname in _scan_dir(ctx, folder, origin):
                copies.append(_Copy(lib, soname, (0, pos)))
        rec = ProbeRecord(DLL_SEARCH, ProbeStatus.OK, tuple(f for f, _ in folders),
                          message=f"{len(seen)} folders searched (System32, the Windows "
                                  "folder, then PATH)")
        return ProbeResult(records=(rec,), libraries=_select(copies, ctx))
    folders, records = _linux_sources(ctx)
    for pos, (folder, origin) in enumerate(folders):
        for lib, soname in _scan_dir(ctx, folder, origin):
            copies.append(_Copy(lib, soname, (LINUX_PRECEDENCE.get(origin, 100), pos)))
    cached, rec = _ldconfig(ctx)
    records.append(rec)
    for pos, (lib, soname) in enumerate(cached):
        copies.append(_Copy(lib, soname, (LINUX_PRECEDENCE["system"], pos)))
    return ProbeResult(records=tuple(records), libraries=_select(copies, ctx))
