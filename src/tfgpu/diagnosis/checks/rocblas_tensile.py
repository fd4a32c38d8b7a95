"""rocBLAS aborted because it found no Tensile kernel library: read from the folder it looked
in, whether that folder was derived from a stale library path, the GPU's target has no kernels
in this rocBLAS, or the log cannot tell.

Sources: ROCm/rocBLAS ``library/src/tensile_host.cpp`` at the rocm-3.5.0 ... rocm-6.2.0 tags
and b520bc83 (2024-10):

* The folder is ``ROCBLAS_TENSILE_LIBPATH`` when set, else derived from the folder of the
  ``librocblas.so`` the process loaded (``dladdr`` up to ROCm 4.x, ``dl_iterate_phdr``'s
  ``dlpi_name`` from 5.0: the path the loader found it under, symlinks not resolved):
  ``<that folder>/library`` up to ROCm 5.1 (the library then lived in
  ``<rocm>/rocblas/lib``), ``<that folder>/rocblas/library`` from 5.2, whose file
  reorganisation (e4d904fa, "Reorg rocm cmake") moved the library to ``<rocm>/lib``;
  ``<that folder>/../../Tensile/library`` in a build tree; ``/<gfx>`` appended when such a
  subfolder exists.  A 5.2+ ``librocblas.so`` loaded through ``<rocm>/rocblas/lib`` (the old
  layout's folder, kept by some installs; ``BUILD_FILE_REORG_BACKWARD_COMPATIBILITY`` in
  cmake/build-options.cmake) therefore looks in ``<rocm>/rocblas/lib/rocblas/library``,
  which does not exist (ROCm/rocBLAS#1300: an ``/opt/rocm/rocblas/lib`` entry in
  LD_LIBRARY_PATH; ROCBLAS_TENSILE_LIBPATH=/opt/rocm/lib/rocblas/library ran).
* It tries ``TensileLibrary_lazy_<gfx>.dat``, ``TensileLibrary_<gfx>.dat``, then
  ``TensileLibrary.dat`` (``.yaml`` in TENSILE_YAML builds) and prints "rocBLAS error: Cannot
  read <folder>/TensileLibrary.dat: <strerror>": the file named is always the last one tried,
  never the target's own.  From ROCm 5.7 (abf445e1, "Improve failure message when Tensile code
  object is not found") per-architecture builds add " for GPU arch : <gfx>" and list the
  folder's ``TensileLibrary_lazy*`` (or ``TensileLibrary_gfx*.dat``) files, quoted one a line;
  listing a folder that does not exist throws libstdc++'s "filesystem error: directory
  iterator cannot open directory: No such file or directory [<folder>]" (src/c++17/fs_dir.cc).
* AMD's support list (knowledge table ``amd_gpus``, ROCm 6.2.2): a target with no supported or
  deprecated row is not on it.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import ROCM_LIST_RELEASE

#: A folder derived by a rocBLAS of ROCm 5.2+ (``<lib folder>/rocblas/library``) from a
#: ``librocblas.so`` loaded through the old layout's ``<rocm>/rocblas/lib``; group 1 the ROCm
#: prefix.
_STALE = re.compile(r"^(.*)/rocblas/lib/rocblas/library$")
#: A trailing per-target subfolder (``/gfx90a``).
_GFX_DIR = re.compile(r"/gfx[0-9a-f]{2,5}$")


def _folder(path: str) -> str:
    """The library folder of ``path`` (the file's folder without a trailing ``/<gfx>``)."""
    folder = path.rsplit("/", 1)[0] if "/" in path else ""
    return _GFX_DIR.sub("", folder)


def _gpu_target(f: Facts, first: Hit, listed: list[Hit]) -> str | None:
    """The GPU's gfx target: from the rocBLAS line (ROCm 5.7+), else a ``gfxNNNN`` the log
    names outside rocBLAS's own file names and the files it listed."""
    if first.g("gfx"):
        return first.g("gfx")
    skip = {h.line for h in listed} | {first.line}
    for gfx, hit in f.h("ctx.gfx").by_key.items():
        if hit.line not in skip and "TensileLibrary" not in hit.text:
            return gfx
    return None


#: The strerror texts of EACCES and EPERM (glibc's ``strerror``, string/_strerror.c and
#: sysdeps/gnu/errlist.h: "Permission denied", "Operation not permitted"): the process may not
#: read the file or search its folder.
_PERMISSION = ("Permission denied", "Operation not permitted")


def _own_kernels_unreadable(folder: str, error: str, gfx: str, first: Hit,
                            own: Hit) -> Finding:
    """``rocm-gpu-arch-unsupported`` variant ``rocblas-tensile-unreadable``: rocBLAS 5.7+'s
    listing after the abort shows the folder holding the GPU's own ``TensileLibrary*_<gfx>``
    file, so the folder exists, is the one it read, and has kernels for the target: the
    strerror on the line says why it could not read them.  "Permission denied" / "Operation
    not permitted" (:data:`_PERMISSION`) name file permissions; another strerror is said as
    it is, with permissions and an unreadable file left open."""
    name = own.g("path") or own.text.strip().strip('"')
    if error in _PERMISSION:
        reading = f"'{error}': file permissions"
        why = (f"The system's answer, '{error}', says this process may not read those files "
               "or search the folder: their owner or mode (a ROCm unpacked or copied by "
               "another user, a umask of 077), a group this user is not in, or, in a "
               "container, a ROCm folder mounted from the host with the host's owners and "
               "modes.")
    else:
        reading = f"'{error}': the files are there but could not be read"
        why = (f"The system's answer, '{error}', names no permission fault by itself; the "
               "file permissions (the folder or its files not readable by this user) and a "
               "damaged or unreadable file remain, which the listing with ls -l tells apart.")
    return catalogue.make(
        "rocm-gpu-arch-unsupported", variant="rocblas-tensile-unreadable",
        folder=folder, error=error, gfx=gfx, reading=reading, why=why, file=name,
        line=str(own.line), evidence=log_evidence([first], [own]),
        fix=(f"ls -ld {folder}; ls -l {folder}/TensileLibrary_lazy_{gfx}.dat "
             f"{folder}/TensileLibrary.dat   # each file readable (r) by this user, the folder "
             "searchable (x)",
             "id   # this user and its groups: the files' owner, or a group that may read them, "
             "must be among them",
             "# in a container: a ROCm folder mounted from the host keeps the host's owners "
             "and modes: run as a user that may read it, or make it readable on the host "
             f"(chmod -R a+rX {folder}, as its owner)"),
    )


def rocblas_tensile_library_missing(f: Facts) -> list[Finding]:
    """rocBLAS's "Cannot read <folder>/TensileLibrary.dat" abort (pattern
    ``rocm.rocblas_tensile``), read by the folder and what the log shows:

    * a folder a 5.2+ rocBLAS derived from ``<rocm>/rocblas/lib``
      (``.../rocblas/lib/rocblas/library``) ->
      ``rocblas-tensile-library-path-wrong-stale-ld-library-path``;
    * the folder lists TensileLibrary files (ROCm 5.7+, pattern ``rocm.rocblas_tensile_file``)
      but none for the GPU, or the GPU's target is on no supported row of AMD's list ->
      ``rocm-gpu-arch-unsupported`` variant ``rocblas-tensile``;
    * the listing shows the GPU's own kernel file (:func:`_own_kernels_unreadable`) ->
      ``rocm-gpu-arch-unsupported`` variant ``rocblas-tensile-unreadable``: the folder and
      the kernels are there, the strerror (file permissions) says why it failed;
    * else ``rocm-gpu-arch-unsupported`` variant ``rocblas-tensile-unsure``: a hedge naming
      the folder (missing, incomplete, or pointed elsewhere) and the target, with the commands
      that tell them apart; it says when libstdc++ reported the folder missing (pattern
      ``cxx.dir_iterator_open``).
    """
    hits = f.h("rocm.rocblas_tensile").all()
    if not hits:
        return []
    first = hits[0]
    path = first.need("path")
    folder = _folder(path)
    error = (first.g("err") or "").strip() or "not readable"
    stale = _STALE.match(folder)
    if stale:
        prefix = stale.group(1) or "/opt/rocm"
        return [catalogue.make(
            "rocblas-tensile-library-path-wrong-stale-ld-library-path",
            folder=folder, prefix=prefix, error=error, evidence=log_evidence(hits[:1]),
            fix=(f"echo $LD_LIBRARY_PATH | tr : '\\n' | grep -n rocblas   # the stale entry "
                 f"({prefix}/rocblas/lib): remove it where it is set (shell profile, module "
                 "file, container ENV); also: grep -r rocblas /etc/ld.so.conf.d/",
                 f"ls {prefix}/lib/rocblas/library | head   # where this ROCm keeps its Tensile "
                 "files",
                 f"export ROCBLAS_TENSILE_LIBPATH={prefix}/lib/rocblas/library   # or point "
                 "rocBLAS at that folder directly"),
        )]
    listed = [h for h in f.h("rocm.rocblas_tensile_file").all() if h.line > first.line]
    gfx = _gpu_target(f, first, listed)
    supported = set(f.kb.rocm_listed_targets)
    gone = [h for h in f.h("cxx.dir_iterator_open").all()
            if _GFX_DIR.sub("", (h.g("path") or "").rstrip("/")) == folder]
    own = [h for h in listed if h.g("gfx") == gfx] if gfx is not None else []
    if gfx is not None and own and not gone:
        # the listing shows the folder exists and holds the GPU's own kernel file: not a
        # missing or wrong folder, not a target without kernels; the strerror says why
        return [_own_kernels_unreadable(folder, error, gfx, first, own[0])]
    # the folder holds kernels for other targets only, or the target is not on AMD's list
    arch = (bool(listed) and (gfx is None or gfx not in {h.g("gfx") for h in listed})) or (
        gfx is not None and gfx not in supported)
    if arch and not gone:
        return [catalogue.make(
            "rocm-gpu-arch-unsupported", variant="rocblas-tensile",
            gfx=gfx or "its gfx target", folder=folder,
            error=error, evidence=log_evidence(hits[:1], listed[:1]),
            fix=(f"ls {folder} | grep -o 'gfx[0-9a-f]*' | sort -u   # the gfx targets this "
                 "rocBLAS has kernels for",
                 "rocminfo | grep -m1 -o 'gfx[0-9a-f]*'   # this GPU's target: not listed "
                 "above: this ROCm's rocBLAS does not support it",
                 "# use a ROCm (and tensorflow-rocm) release whose supported GPUs include it "
                 "(AMD's ROCm compatibility matrix); HSA_OVERRIDE_GFX_VERSION=<a close "
                 "supported target> runs some GPUs unofficially (unsupported by AMD)"),
        )]
    missing = (" The folder itself does not exist (libstdc++'s 'directory iterator cannot "
               "open directory' right after), so the folder, not the GPU, is the first "
               "suspect." if gone else "")
    on_list = (f" ({gfx} is on AMD's ROCm {ROCM_LIST_RELEASE} support list, so the folder is the "
               "likelier cause)" if gfx in supported else "")
    return [catalogue.make(
        "rocm-gpu-arch-unsupported", variant="rocblas-tensile-unsure",
        folder=folder, error=error, target=gfx or "the GPU's gfx target", missing=missing,
        on_list=on_list, evidence=log_evidence(hits[:1], gone[:1]),
        fix=(f"ls {folder} | grep -o 'gfx[0-9a-f]*' | sort -u   # no such folder or no files: "
             "the folder is the fault; files for other targets only: the GPU is",
             "echo $ROCBLAS_TENSILE_LIBPATH; echo $LD_LIBRARY_PATH   # a folder set by hand, "
             "or a library-path entry of another ROCm layout (<rocm>/rocblas/lib)",
             "rocminfo | grep -m1 -o 'gfx[0-9a-f]*'   # this GPU's target",
             "# folder missing or incomplete: reinstall the rocblas package of this ROCm, or "
             "export ROCBLAS_TENSILE_LIBPATH=<rocm>/lib/rocblas/library (the folder holding "
             "TensileLibrary_*.dat); target not listed: a ROCm whose support list has it "
             "(HSA_OVERRIDE_GFX_VERSION runs some GPUs unofficially)"),
    )]
