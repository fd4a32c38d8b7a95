"""A CUDA, cuDNN or TensorRT library said in prose to be missing: the user's paraphrase of a
loader's line, read as the library-not-loaded family for that file, as a warning.

People retell the loaders' failures in their own words: '"cudart64_90.dll" not found',
"libcublas.so.11 is missing", "can't find libcudnn.so.8", "missing cudnn64_7.dll".  The lines
they paraphrase are TensorFlow's dso_loader ("Could not load dynamic library '<file>';
dlerror: <file> not found", tensorflow/tsl/platform/default/dso_loader.cc and
tsl/platform/windows/load_library.cc), glibc's dlerror ("<file>: cannot open shared object
file") and the 1.x Windows self check ("Could not find '<file>'", python/platform/
self_check.py); those are ``lib.missing`` and :func:`tfgpu.diagnosis.checks.libraries.
rule_missing_libraries` reads them.  The file name is as telling in prose as in the loader's
line: only a build for the CUDA (cuDNN, TensorRT) release whose file carries that name asks
for it (``libraries.parse_library``).  What prose cannot show is that the words are the
loader's (a name retyped from memory, a guess): so the finding is ``library-not-loaded-
{library}`` variant ``prose``, a warning whose first fix line is the look-up that confirms
it.  A prose line naming a library that a loader's own line of the log names adds nothing
(that line's finding says it); nor is bazel's configure-time "Cannot find cuda library"
read here (the pattern leaves it out).
"""

from __future__ import annotations

import dataclasses
import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import slug
from tfgpu.diagnosis.checks.libraries import (
    FOREIGN_LOADER,
    TF_LOADER,
    _path_fix,
    _soname_mismatch,
    parse_library,
)
from tfgpu.diagnosis.checks.old_cuda_loader import built_here_loads_other_cuda
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity

#: This module's own hits, and the prose reading of the CUDA runtime that
#: ``old_cuda_loader.built_here_loads_other_cuda`` reads: not a loader's line.
_PROSE = ("lib.prose_missing", "lib.prose_cudart")


def _named_by_a_loader(f: Facts, filename: str) -> bool:
    """Whether a line of the log other than a prose one names ``filename`` as a library
    (a loader's failure, a successful open, a self check, ldd): that line's own reading
    says what became of it."""
    low = filename.lower()
    for name, hits in f.log.hits.items():
        if name in _PROSE or name.startswith("ctx."):
            continue
        if any(k.lower() == low for k in hits.by_key) or any(
                (h.g("lib") or "").lower() == low for h in hits.all()):
            return True
    return False


def _names_a_copy(hit: Hit, filename: str) -> bool:
    """Whether ``hit``'s line also names a path to a file called ``filename`` ("<file> not
    found in <dir>, using /usr/lib/x86_64-linux-gnu/<file>", "why is <file> missing though ls
    shows /usr/local/cuda/lib64/<file>"): the line itself shows a copy exists, so it does not
    say the library is missing.  The name must also stand on the line without a folder (the
    one said missing): "cannot find /usr/lib/<file>" names only the path it looked at."""
    low, text = filename.lower(), hit.text.lower()
    bare = any(i == 0 or text[i - 1] not in "/\\" for i in _occurrences(text, low))
    return bare and any(m.group(1).lower().endswith(("/" + low, "\\" + low))
                        for m in _PATH.finditer(hit.text))


def _occurrences(text: str, needle: str) -> list[int]:
    """The offsets at which ``needle`` starts in ``text``."""
    return [m.start() for m in re.finditer(re.escape(needle), text)]


#: Lines of programs that are not a TensorFlow run, which say a library is missing in their
#: own words: CMake's configure output ("CMake Warning: <file> was not found; building without
#: ...", its "-- " status lines) and CuPy's errors (cupy_backends.cuda.libs.nvrtc.NVRTCError,
#: "CuPy failed to load <file>"): that program's finding, not TensorFlow's library.
_OTHER_PROGRAM = re.compile(r"^\s*(?:CMake (?:Warning|Error)\b|-- )|\bcupy_backends\.|\bCuPy\b")


#: A path on the line (POSIX or Windows), the text up to the next blank or quote.
_PATH = re.compile(r"""((?:[A-Za-z]:)?[/\\][^\s'"`,;:()?]+)""")


def library_missing_in_prose(f: Facts) -> list[Finding]:
    """A versioned CUDA/cuDNN/TensorRT library that the log's words say is missing (``lib.
    prose_missing``) and that no loader line names -> ``library-not-loaded-{library}`` variant
    ``prose`` (a warning: the cause the file name implies, the look-up that confirms it
    first); or, where the loader line's SONAME reading applies (the CUDA the host facts or the
    log name has no file of that name: ``cuda-minor-soname-mismatch``, ``cuda-major-mismatch``),
    that reading as a warning; or for TensorRT's libraries ``tensorrt-not-loaded-{library}``
    (optional, as for the loader's own line).  Nothing for a log of another CUDA program
    (``f.other_framework``, or the line names one), nor for a CUDA runtime that a TensorFlow
    built here asks for against the host's CUDA (``user-site-tensorflow-shadows-env`` says
    why)."""
    hits = f.h("lib.prose_missing")
    if not hits.count or f.other_framework:
        return []
    out: list[Finding] = []
    for filename, hit in hits.by_key.items():
        same = [h for h in hits.all() if h.g("lib") == filename] or [hit]
        same = [h for h in same if not FOREIGN_LOADER.search(h.text) or TF_LOADER.search(h.text)]
        same = [h for h in same if not _names_a_copy(h, filename)
                and not _OTHER_PROGRAM.search(h.text)]
        if not same or _named_by_a_loader(f, filename):
            continue
        base, comp, expected = parse_library(filename)
        if base in ("nvinfer", "nvinfer_plugin"):
            out.append(catalogue.make(
                "tensorrt-not-loaded-{library}", library=slug(filename), filename=filename,
                what=expected or "TensorRT", evidence=log_evidence(same)))
            continue
        if base == "cudart" and built_here_loads_other_cuda(f):
            continue
        if base in ("cuda", "nvcuda"):
            out.append(_driver_prose(f, filename, same))
            continue
        minor = _soname_mismatch(f, filename, base, same)
        out.append(_hedged(minor, filename, same) if minor is not None
                   else _prose_finding(f, filename, base, comp, expected, same))
    return out


def _hedged(found: Finding, filename: str, same: list[Hit]) -> Finding:
    """``found`` (the SONAME reading the loader's line would give: ``cuda-minor-soname-
    mismatch``, ``cuda-major-mismatch``) as a warning whose cause says the file name comes from
    the log's own words (both rows allow a warning)."""
    return dataclasses.replace(
        found, severity=Severity.WARNING if found.severity is Severity.ERROR else found.severity,
        cause=(f"The log says in its own words that {filename} was not found (line "
               f"{same[0].line}; the loader's own line for it is not in the log). " + found.cause))


def _driver_prose(f: Facts, filename: str, same: list[Hit]) -> Finding:
    """``library-not-loaded-{library}`` variant ``driver-prose``: the NVIDIA driver's own
    library (nvcuda.dll, libcuda.so.1) said missing in the log's words.  Only the NVIDIA
    display driver installs it (TensorFlow's dso_loader reading, checks/libraries.py
    ``driver_library_gpu_not_shown``, says the same of the loader's line): where it ran there
    is no working driver.  A native program linking it cannot start there (Emgu TF's CUDA
    build on machines without an NVIDIA driver); TensorFlow's Python package goes on with the
    CPU instead."""
    win = filename.lower().endswith(".dll")
    cause = (f"The log says in its own words that {filename} was not found (line "
             f"{same[0].line}). {filename} is the NVIDIA driver's user-space library: only the "
             "NVIDIA display driver installs it"
             + (" (in System32)" if win else "")
             + ", never CUDA, cuDNN or the program. So where the program ran the loader sees "
             "no working NVIDIA driver: a machine without an NVIDIA GPU, or a driver not "
             "installed or broken"
             + ("" if win else ", its library's folder not on the loader's path (WSL2: "
                "/usr/lib/wsl/lib), or (in a container) the driver not passed in")
             + ". A GPU build that links "
             "it directly (a native application, a C, C# or Java binding) cannot start there "
             "at all; TensorFlow's Python package instead goes on with the CPU.")
    fix = ("nvidia-smi   # lists an NVIDIA GPU: install or repair the NVIDIA display driver"
           + (" (it installs nvcuda.dll in System32)" if win else "")
           + "; no NVIDIA GPU: use the program's CPU build on this machine",
           "where.exe nvcuda.dll   # the driver's copy, C:\\Windows\\System32\\nvcuda.dll"
           if win else "ldconfig -p | grep libcuda.so.1   # the driver's copy in the loader "
           "cache",
           *(() if win else ("docker run --gpus all ...   # in a container: the NVIDIA "
                             "Container Toolkit passes the driver's libraries in",)))
    return catalogue.make(
        "library-not-loaded-{library}", variant="driver-prose", library=slug(filename),
        filename=filename, category="windows-dll" if win else "gpu-not-visible",
        evidence=log_evidence(same), cause=cause, fix=fix,
        doc="tf-pip-windows-native" if win else None,
    )


def _prose_finding(f: Facts, filename: str, base: str, comp: str, expected: str | None,
                   same: list[Hit]) -> Finding:
    """``library-not-loaded-{library}`` variant ``prose`` for ``filename`` (``base``,
    component ``comp``, the release ``expected`` its name demands), said missing on the
    lines ``same``."""
    needs = f" (needs {expected})" if expected else ""
    where = "PATH" if f.windows else "the loader's path (LD_LIBRARY_PATH, ldconfig)"
    release = expected or comp
    what = f"{comp}, needs {expected}" if expected else comp
    loader = (f"\"Could not load dynamic library '{filename}'\" or the 1.x self check's "
              f"\"Could not find '{filename}'\"" if filename.lower().endswith(".dll") else
              f"\"Could not load dynamic library '{filename}'\" or \"{filename}: cannot open "
              "shared object file\"")
    cause = (f"The log says in its own words that {filename} ({what}) was not found (line "
             f"{same[0].line}); the loader's own line for it ({loader}) is not in the log, so "
             f"this reads the paraphrase. Only a build for {release} asks for a file of that "
             f"name: {release} is not installed, or its folder is not on {where}; a release "
             "whose files carry another name does not serve it.")
    category = "windows-dll" if f.windows else "gpu-not-visible"
    have = f.any_cuda_versions
    if have and expected and expected.startswith("CUDA "):
        cause += (f" The {'host facts list' if f.cuda_versions else 'log names'} CUDA "
                  f"{', '.join(have)}.")
        want = expected.split()[1].split(".")[0]
        if f.cuda_versions and not any(v.split(".")[0] == want for v in f.cuda_versions):
            category = "version-mismatch"  # as the loader line's finding says it
    return catalogue.make(
        "library-not-loaded-{library}", variant="prose", library=slug(filename),
        component=comp, filename=filename, needs=needs,
        category=category, evidence=log_evidence(same), cause=cause,
        fix=tuple(_path_fix(f, filename, base, expected)),
        doc="tf-pip-windows-native" if f.windows else None,
    )
