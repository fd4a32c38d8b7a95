"""TensorFlow's configure step (source builds) did not find a CUDA / cuDNN file.

``third_party/gpus/cuda_configure.bzl`` fails the build with "Cuda Configuration Error:
<msg>" when it cannot find a library or header of the CUDA/cuDNN versions it was given:
"Cannot find cuda library <file>" (TF <= 1.13: only under the toolkit folder, in lib64,
lib64/stubs, lib/<arch>-linux-gnu, lib/x64, lib), "No library found under: <paths>" (its
successor), then ``find_cuda_config.py``'s "Could not find any <file> in any subdirectory"
(TF 1.14 on: the folders of ``TF_CUDA_PATHS``, by default /usr/local/cuda, /usr and the
``ldconfig -p`` folders, with the version env variables ``TF_CUDA_VERSION``,
``TF_CUDNN_VERSION``...).  Sources: NVIDIA/tensorflow (the TF 1.x tree, v1.15.5+nv23.03 and
its history) ``third_party/gpus``.

Two things decide the search and the line does not say which failed: the version typed at
configure (the file name carries it: ``libcublas.so.10.1``) against the one installed, and the
folders searched against where the file really is.  So the finding is a hedge naming both,
with the command that finds the file.

Before the build, ./configure itself (0.x-1.13) asks for the CUDA toolkit's folder and checks
one file under it: the bash script (tensorflow/tensorflow ``configure`` at 00236b02ee) tests
``${CUDA_TOOLKIT_PATH}/lib64/libcudart.so[.<version>]`` (macOS ``lib/libcudart[.<version>]
.dylib``) and prints "Invalid path to CUDA <version> toolkit. <that path> cannot be found";
``configure.py`` (1.3-1.13, ``set_tf_cuda_version``) tests ``lib64/libcudart.so.<version>``
(Windows ``lib/x64/cudart.lib``) with the same words.  The printed path is the folder given
plus that suffix, so the folder is in the line: when it is itself a library folder
(``/usr/lib64``, ``/usr/lib/x86_64-linux-gnu``, ``.../lib64``) or a library file, configure was
given the wrong kind of folder, whatever is installed (variant ``library-folder``): it wants
the root NVIDIA's installer makes (``/usr/local/cuda``, holding lib64/, include/, bin/).  A
distribution's CUDA package that spreads the files over ``/usr/lib/<triplet>`` and ``/usr/bin``
has no such root, and that configure supports only the installer's layout
(tensorflow/tensorflow#3184, a maintainer: install CUDA with NVIDIA's .run installer).

Up to TensorFlow 1.6 configure.py put the version typed at its prompt into the file name as
typed; from 1.7 (commit 0e6f39d1bd, ``reformat_version_sequence``) it keeps CUDA's major.minor
and cuDNN's major.  So a typed form no install's file carries is the fault whatever is
installed (variant ``version-form``): cuDNN "7.0" (configure.py's "None of the following files
can be found:" wording, so 1.3-1.6) checks libcudnn.so.7.0, while cuDNN's SONAME is the major
(``cuda_configure.bzl``: "Only use the major version to match the SONAME of the library");
CUDA "9" checks libcudart.so.9, while CUDA up to 11.x names its runtime by major.minor.  Other
cuDNN forms and a plausible toolkit root leave the hedge.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def source_configure_cuda_file_not_found(ctx: Facts) -> list[Finding]:
    """``tf-source-configure-cuda-file-not-found`` (a warning, category ``unknown``): see the
    module docstring.  Variant ``under`` for "No library found under: <paths>" (no file name).

    Returns:
        One finding for the first such line, or nothing.
    """
    hits = ctx.h("build.cuda_file_not_found").all()
    if not hits:
        return _toolkit_paths_inconsistent(ctx)
    h = hits[0]
    # find_cuda_config.py joins the patterns of one versioned file with ", " (cuDNN's header:
    # "cudnn.h, cudnn_version.h matching version '8'"): any one of them would have done
    names = [n.strip() for n in (h.g("lib") or h.g("file") or h.g("hdr") or "").split(",")
             if n.strip()]
    name = " or ".join(names)
    where = (f"-name '{names[0].split('*')[0]}*'" if len(names) == 1 else
             "\\( " + " -o ".join(f"-name '{n.split('*')[0]}*'" for n in names) + " \\)")
    look = (f"find / {where} 2>/dev/null   # where it really is, and the version "
            + ("its name carries" if len(names) == 1 else "its header defines")
            if name else
            "find / -name 'libcu*.so*' 2>/dev/null   # where the CUDA libraries really are")
    fix = (look,
           "# TF 1.14 and later: export TF_CUDA_PATHS=<comma-separated folders holding CUDA and "
           "cuDNN> and TF_CUDA_VERSION / TF_CUDNN_VERSION as installed, then run ./configure "
           "again (third_party/gpus/find_cuda_config.py)",
           "# TF 1.13 and earlier: configure looks only under the toolkit folder (lib64, "
           "lib64/stubs, lib/<arch>-linux-gnu, lib): give the version exactly as the file name "
           "carries it, or link the file into <toolkit>/lib64, then ./configure again")
    if name:
        return [catalogue.make("tf-source-configure-cuda-file-not-found", file=name,
                               evidence=log_evidence(hits[:2]), fix=fix)]
    return [catalogue.make("tf-source-configure-cuda-file-not-found", variant="under",
                           under=(h.g("under") or "").strip()[:200],
                           evidence=log_evidence(hits[:2]), fix=fix)]


def _toolkit_paths_inconsistent(ctx: Facts) -> list[Finding]:
    """``tf-source-configure-cuda-file-not-found`` variant ``inconsistent-toolkit``:
    find_cuda_config.py's "Inconsistent CUDA toolkit path: <a> vs <b>" (pattern
    ``build.cuda_paths_inconsistent``).  ``_find_cuda_config`` takes the toolkit root twice,
    as ``dirname(nvcc)/..`` and as ``dirname(libdevice*.10.bc)/../..`` (libdevice searched
    in nvvm/libdevice, share/cuda, lib/nvidia-cuda-toolkit/libdevice, local/cuda/nvvm/
    libdevice under each TF_CUDA_PATHS folder), and refuses two different roots: nvcc and
    libdevice come from two installs, or from a layout that spreads one toolkit over several
    folders (a distribution's package: nvcc in /usr/bin gives /usr, libdevice in
    /usr/lib/nvidia-cuda-toolkit/libdevice gives /usr/lib).  Nothing without the line."""
    hits = ctx.h("build.cuda_paths_inconsistent").all()
    if not hits:
        return []
    h = hits[0]
    return [catalogue.make(
        "tf-source-configure-cuda-file-not-found", variant="inconsistent-toolkit",
        nvcc=h.g("nvcc") or "?", nvvm=h.g("nvvm") or "?", line=h.line,
        evidence=log_evidence(hits[:1]),
        fix=("which -a nvcc; find / -name 'libdevice*.10.bc' 2>/dev/null   # the nvcc and the "
             "libdevice configure found: one toolkit holds both (bin/nvcc, nvvm/libdevice)",
             "# export TF_CUDA_PATHS=<the root of one toolkit holding both, e.g. "
             "/usr/local/cuda-11.2> (NVIDIA's installer layout), then run ./configure again "
             "(third_party/gpus/find_cuda_config.py)"),
    )]


#: The file configure checks under the toolkit folder: Linux, macOS, Windows (configure.py).
_RT_SUFFIX = re.compile(r"[/\\](?P<file>lib64/libcudart\.so[\w.]*|lib/libcudart[\w.]*\.dylib"
                        r"|lib[/\\]x64[/\\]cudart\.lib)$")
#: A last folder name that marks a library folder, not a toolkit root.
_LIB_DIR = re.compile(r"(?:lib|lib64|lib32|x64|stubs|[a-z0-9_]+-linux-gnu\w*)", re.IGNORECASE)
#: A last name that is a library file.
_LIB_FILE = re.compile(r".+\.(?:so(?:\.[\d.]+)?|dylib|dll|lib)$", re.IGNORECASE)


def _library_root(root: str) -> str | None:
    """``"folder"`` / ``"file"`` when ``root`` (the folder given to configure) is a library
    folder or a library file, else ``None`` (a plausible toolkit root)."""
    last = re.split(r"[/\\]", root.rstrip("/\\"))[-1]
    if _LIB_FILE.fullmatch(last):
        return "file"
    if _LIB_DIR.fullmatch(last):
        return "folder"
    return None


def source_configure_toolkit_path_invalid(ctx: Facts) -> list[Finding]:
    """./configure's "Invalid path to CUDA <version> toolkit. <path> cannot be found" or
    "Invalid path to cuDNN <version> toolkit. None of the following files can be found:"
    (``build.configure_path_invalid``) -> ``tf-source-configure-cuda-file-not-found``: variant
    ``library-folder`` (an error) when the folder given is a library folder or file, else the
    hedge naming the file checked.  Nothing when the build's own "Cuda Configuration Error"
    line is there (:func:`source_configure_cuda_file_not_found` reads it).

    Returns:
        One finding for the last such line (the prompt repeats; the last try counts), or
        nothing.
    """
    hits = ctx.h("build.configure_path_invalid").all()
    if not hits or ctx.h("build.cuda_file_not_found").count:
        return []
    h = hits[-1]
    if h.g("path") is None:
        files = [f for f in ctx.h("build.configure_cudnn_file").all() if f.line > h.line]
        ver = h.g("dnnver") or ""
        name = (files[0].g("path") or "") if files else ("libcudnn.so" + (f".{ver}" if ver
                                                                            else ""))
        dnn = re.fullmatch(r"(\d+)\.\d+(?:\.\d+)?", ver)
        if h.g("py") and dnn and int(dnn.group(1)) >= 5:
            major = dnn.group(1)
            return [catalogue.make(
                "tf-source-configure-cuda-file-not-found", variant="version-form",
                file=re.sub(r".*/", "", name), typed=ver, right=major,
                why=(f"cuDNN's library carries only its major version in its SONAME "
                     f"(libcudnn.so.{major}, the file itself libcudnn.so.{major}.<minor>."
                     "<patch>; TensorFlow's third_party/gpus/cuda_configure.bzl: 'Only use "
                     "the major version to match the SONAME of the library'), so no cuDNN "
                     f"{major} install has libcudnn.so.{ver}."),
                evidence=log_evidence([h], files[:3]),
                fix=(f"ls <cuDNN folder>/lib64/libcudnn.so.*   # libcudnn.so.{major} must be "
                     "there",
                     f"# at the prompt 'Please specify the cuDNN version' type {major} (or "
                     f"export TF_CUDNN_VERSION={major} before ./configure)"),
            )]
        return [catalogue.make(
            "tf-source-configure-cuda-file-not-found", file=name,
            evidence=log_evidence([h], files[:3]),
            fix=("find / -name 'libcudnn*' 2>/dev/null   # where cuDNN really is, and the "
                 "versions its file names carry",
                 "# at the prompt give the folder holding it and the version exactly as its "
                 "file name carries it (configure checks <folder>/lib64/libcudnn.so.<version> "
                 "and <folder>/libcudnn.so.<version>), then ./configure again"),
        )]
    path = (h.g("path") or "").replace("*", "").replace("`", "")
    m = _RT_SUFFIX.search(path)
    root = path[:m.start()] if m else ""
    what = _library_root(root) if root else None
    typed = h.g("ver") or ""
    if (m is not None and what is None and re.fullmatch(r"\d{1,2}", typed)
            and int(typed) <= 11 and m.group("file").endswith(f"libcudart.so.{typed}")):
        return [catalogue.make(
            "tf-source-configure-cuda-file-not-found", variant="version-form",
            file=f"libcudart.so.{typed}", typed=typed, right=f"{typed}.<minor>",
            why=(f"CUDA releases up to 11.x name the runtime library by major and minor "
                 f"(libcudart.so.{typed}.0, libcudart.so.{typed}.1...: each release's "
                 f"SONAME), so no CUDA install has libcudart.so.{typed}."),
            evidence=log_evidence([h]),
            fix=(f"ls {root}/lib64/libcudart.so.*   # the CUDA version as the file name carries "
                 "it",
                 f"# at the prompt 'Please specify the CUDA SDK version' type it with its minor "
                 f"({typed}.0, {typed}.1...), or export TF_CUDA_VERSION=<that> before "
                 "./configure"),
        )]
    if m is None or what is None:
        return [catalogue.make(
            "tf-source-configure-cuda-file-not-found", file=path, evidence=log_evidence([h]),
            fix=("find / -name 'libcudart*' 2>/dev/null   # where the CUDA runtime really is, "
                 "and the version its name carries",
                 "# at the prompt give the toolkit's root folder (the one holding lib64/, "
                 "include/ and bin/nvcc, e.g. /usr/local/cuda-9.0) and the CUDA version "
                 "exactly as that file name carries it, then ./configure again"),
        )]
    upper = root.rstrip("/\\")
    while upper and _library_root(upper):
        upper = re.sub(r"[/\\][^/\\]*$", "", upper)
    upper = upper or "/"
    return [catalogue.make(
        "tf-source-configure-cuda-file-not-found", variant="library-folder",
        root=root, what=what, checked=m.group("file"), path=path,
        evidence=log_evidence([h]),
        fix=("ls -d /usr/local/cuda*/lib64   # a toolkit root holds lib64/libcudart.so.*: give "
             "that root (e.g. /usr/local/cuda) at the prompt",
             f"ls {upper.rstrip('/')}/lib64/libcudart.so*   # listed: {upper} is the root to "
             "give (a layout with the libraries in <root>/lib64, such as /usr/lib64)",
             "# CUDA only from the distribution's package (libcudart in "
             "/usr/lib/x86_64-linux-gnu, nvcc in /usr/bin): install NVIDIA's CUDA toolkit "
             "(its runfile or NVIDIA's package repository), which makes /usr/local/cuda, then "
             "./configure again"),
    )]


def source_configure_version_differs(ctx: Facts) -> list[Finding]:
    """cuda_configure.bzl (TF 0.12-1.13): "CUDA version detected from nvcc (X) does not match
    TF_CUDA_VERSION (Y)" / "cuDNN version detected from <cudnn.h> (X) does not match
    TF_CUDNN_VERSION (Y)" -> ``tf-source-configure-version-differs``; "None of the libraries
    match their SONAME: <paths>" -> its variant ``soname``.

    Facts (tensorflow/tensorflow third_party/gpus/cuda_configure.bzl, read at 8e9ca6617b^ in
    the NVIDIA/tensorflow mirror): ``matches_version`` accepts the given version when its
    parts are a prefix of the detected one (5.1 matches 5.1.3, 5.1.3 does not match 5.1);
    the given one comes from ./configure's prompt, written to .tf_configure.bazelrc, or from
    the environment.  ``find_lib`` runs ``objdump -p`` on each candidate and rejects a file
    whose SONAME is not its own name.

    Returns:
        One finding for the first such line, or nothing.
    """
    hits = ctx.h("build.configure_version_differs").all()
    if not hits:
        return []
    h = hits[0]
    if h.g("paths"):
        paths = (h.g("paths") or "").strip()
        first = paths.split(",")[0].strip()
        return [catalogue.make(
            "tf-source-configure-version-differs", variant="soname", paths=paths[:300],
            evidence=log_evidence([h]),
            fix=(f"objdump -p {first} | grep SONAME; ls -l {first}   # the name the file "
                 "carries inside, and where a link points",
                 "# give configure the version the SONAME carries, or replace the file with the "
                 "library of the version asked for (a renamed copy of another version, or a "
                 "link to one, is not it), then ./configure again"),
        )]
    # the pattern's first alternative (the SONAME one returned above) sets all three
    what, found, given = h.need("what"), h.need("found"), h.need("given")
    var = "TF_CUDA_VERSION" if what == "CUDA" else "TF_CUDNN_VERSION"
    source = "nvcc --version" if what == "CUDA" else (h.g("hpath") or "cudnn.h")
    keep = (found.split(".")[0] if what == "cuDNN"
            else ".".join(found.split(".")[:2]))
    return [catalogue.make(
        "tf-source-configure-version-differs", what=what, found=found, given=given,
        var=var, source=source, evidence=log_evidence([h]),
        fix=(f"grep {var} .tf_configure.bazelrc; echo ${var}   # where the {given} comes from "
             "(./configure's answer, or an exported variable)",
             f"# run ./configure again and give {keep} (the {what} installed there), or give "
             f"the folder of a {what} {given} install; unset an exported {var} that says "
             "otherwise"),
    )]
