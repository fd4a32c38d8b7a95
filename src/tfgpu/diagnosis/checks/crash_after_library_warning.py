"""A crash on the line right after TensorFlow's warning that it could not load a GPU library,
which the failed load does not explain: ``crash-after-gpu-library-fallback`` (hedged, cause
unknown).  TensorRT's libraries are left out: TF-TRT's stubs end the process themselves.

Sources:

* TensorFlow's dso_loader (``tensorflow/stream_executor/platform/default/dso_loader.cc`` in
  1.14-2.x, tsl's later) opens the CUDA libraries when they are first wanted and, when one is
  missing, logs a WARNING ("Could not dlopen library" in 1.14, "Could not load dynamic
  library" from 2.0) and returns an error; ``gpu_device.cc`` then logs "Cannot dlopen some GPU
  libraries ... Skipping registering GPU devices..." and TensorFlow goes on with the CPU.  So
  a crash after that warning has another cause.
* tensorflow/addons#532: TensorFlow 2.0's GPU package imported on a host without CUDA (that
  warning), then "Segmentation fault" when tensorflow_addons 0.5.1 loaded its op libraries,
  which linked the CUDA runtime themselves (shown with ldd in the thread).

Beside that crash, the library that did not load is a note (``library-not-loaded-{library}``
variant ``beside-crash``, :func:`library_beside_crash`) when nothing shows an NVIDIA GPU or a
GPU set-up: the same warning is what every GPU build prints on a host without a GPU, so it
is a fault only on a host the log does not show.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: dso_loader's warning: TF 1.14 "Could not dlopen library '<name>'", 2.x "Could not load
#: dynamic library '<name>'" (cuDNN's own "Could not load library <sub-library>" aborts the
#: process itself and is not this).
LAZY_LOAD = re.compile(r"Could not (?:load dynamic library|dlopen library) '")

#: A bare crash line: a signal's shell message or a core dump, with no message of its own
#: (a failed CHECK names its cause and is read elsewhere).
_BARE_CRASH = re.compile(r"Segmentation fault|^\s*Aborted\b|\(core dumped\)|Fatal Python error")


#: A glog FATAL line's head ("<time>: F tensorflow/stream_executor/lib/statusor.cc:34]", glog's
#: own "F0624 14:42:51.220491 1234 statusor.cc:34]"): the process stops on that line.
_GLOG_FATAL = re.compile(r"(?:^|\s)F(?:\d{4} [\d:.]+\s+\d+)?\s+[\w/.+-]+\.(?:cc|cpp|c|h):\d+\]")

#: TensorRT's libraries: TF-TRT's stubs end the process themselves when TensorRT did not load
#: (nvinfer_stub.cc "<symbol> symbol not found.", a FATAL line): that warning is no fallback.
_TENSORRT = re.compile(r"(?i)^(?:lib)?nvinfer")


def _fatal_quotes_load(ctx: Facts, warned: Hit) -> bool:
    """Whether the process died on the failed load itself: ``warned`` is a glog FATAL line
    (``F .../statusor.cc:34] Attempting to fetch value instead of handling error Failed
    precondition: Could not load dynamic library 'libhip_hcc.so'``: TensorFlow fetched the
    value of the failed load's status and aborted), or a FATAL line before the crash quotes
    the same library's failed load.  Then the load is what crashed: tensorflow/tensorflow#40751
    (tensorflow-rocm 2.2, libhip_hcc.so not found, the abort gone once it was loadable)."""
    if _GLOG_FATAL.search(warned.text):
        return True
    lib = warned.g("lib") or ""
    return bool(lib) and any(
        h.line > warned.line and _GLOG_FATAL.search(h.text) and f"'{lib}'" in h.text
        for h in ctx.h("lib.missing").all())


def lazy_load_crash(ctx: Facts, line: int) -> int | None:
    """The line number of a bare crash (``tell.fatal``: a segmentation fault, an abort, a core
    dump, no failed CHECK) on the line right after the lazy-load warning on ``line`` (nothing
    printed between them but the cudart stub's "Ignore above cudart dlerror" line, which
    belongs to the same failed load); None when there is none, or ``line`` is not
    such a warning, or the library is TensorRT's (TF-TRT's stubs abort without it), or the
    fatal line quotes the failed load itself (:func:`_fatal_quotes_load`)."""
    warned = [h for h in ctx.h("lib.missing").all()
              if h.line == line and LAZY_LOAD.search(h.text)
              and not _TENSORRT.match(h.g("lib") or "")]
    if not warned or _fatal_quotes_load(ctx, warned[0]):
        return None
    after = warned[0].span.stop
    # the cudart stub's own follow-up to the same failed load (from 1.15/2.1: "Ignore above
    # cudart dlerror if you do not have a GPU set up on your machine.", platform fact
    # cudart-stub-ignore-line) may stand between the warning and the crash
    stub = next((h for h in ctx.h("noise.cudart_stub").all() if h.line == after), None)
    if stub is not None:
        after = stub.span.stop
    return next((h.line for h in ctx.h("tell.fatal").all()
                 if h.line == after and _BARE_CRASH.search(h.text)
                 and "Check failed" not in h.text), None)


def crash_after_library_fallback(ctx: Facts) -> list[Finding]:
    """``crash-after-gpu-library-fallback``: a bare crash right after TensorFlow's lazy-load
    warning for a GPU library (:func:`lazy_load_crash`); TensorFlow falls back to the CPU
    after that warning, so the crash's cause is not in the log (hedged; the fix lines say
    what shows it)."""
    for h in ctx.h("lib.missing").all():
        crash = lazy_load_crash(ctx, h.line)
        if crash is None:
            continue
        died = next(d for d in ctx.h("tell.fatal").all() if d.line == crash)
        name = h.g("lib") or "a GPU library"
        return [catalogue.make(
            "crash-after-gpu-library-fallback", library=name, line=h.line, crash=crash,
            what=died.text.strip()[:80], evidence=log_evidence([h, died]),
        )]
    return []


def crash_beside_lazy_load(ctx: Facts, lines: list[Hit]) -> int | None:
    """The line of a bare crash right after TensorFlow's lazy-load warning for some library
    (:func:`lazy_load_crash`), when ``lines`` (one library's ``lib.missing`` lines) hold such
    a warning too: the crash ended a run in which this library was skipped like the other
    one.  ``None`` when none of ``lines`` is a lazy-load warning or no such crash follows."""
    if not any(LAZY_LOAD.search(h.text) for h in lines):
        return None
    for h in ctx.h("lib.missing").all():
        crash = lazy_load_crash(ctx, h.line)
        if crash is not None:
            return crash
    return None


def library_beside_crash(ctx: Facts, slug: str, filename: str, what: str, same: list[Hit],
                         crash: int, host_fault: str, fix: list[str],
                         err: str | None) -> Finding:
    """``library-not-loaded-{library}`` (variant ``beside-crash``, a note): ``filename``
    (``slug`` its id part) did not load, a bare crash (line ``crash``) followed TensorFlow's
    lazy-load warning, and nothing shows an NVIDIA GPU or a GPU set-up (the caller decides).

    After the warning TensorFlow goes on with the CPU, so the crash has another cause
    (:func:`crash_after_library_fallback`); the missing library is a fault only on a host
    with an NVIDIA GPU, which the log does not show.  ``what``: the library's description
    after its name ("(CUDA runtime, needs CUDA 10.0)"); ``host_fault``: what is wrong on a
    GPU host ("CUDA 10.0 is not installed or not on the loader's path"); ``fix``: the lines
    for that host, after ``nvidia-smi`` which tells the two hosts apart; ``err``: the
    loader's own words, quoted when given."""
    first = min(h.line for h in same)
    stub = [h for h in ctx.h("noise.cudart_stub").all() if first < h.line < crash]
    said = (f"; line {stub[0].line} is TensorFlow's own note to ignore that when no GPU is "
            "set up" if stub else "")
    cause = (f"TensorFlow tried to load {filename} {what} and the loader could not find it "
             f"(line {first}{said}). After that warning TensorFlow skips the GPU and goes on "
             f"with the CPU, so this run could not use a GPU; it is not what crashed on line "
             f"{crash}, which has another cause (crash-after-gpu-library-fallback). Nothing "
             "in the log shows an NVIDIA GPU, a driver, a CUDA install or a GPU asked for, so "
             "whether the missing library is a fault as well depends on the host: with an "
             f"NVIDIA GPU meant for this TensorFlow, {host_fault} (the fix below); on a host "
             "without one TensorFlow itself needs nothing more, but a compiled add-on or custom "
             "op that links the library itself still does (ldd on it shows that)."
             + (f" Loader said: {err.strip()}" if err else ""))
    first_line = ("nvidia-smi   # lists an NVIDIA GPU: the lines below apply; no NVIDIA GPU "
                  "(or no nvidia-smi): nothing to install for TensorFlow itself")
    return catalogue.make(
        "library-not-loaded-{library}", variant="beside-crash",
        library=slug, filename=filename, crash=crash,
        category="windows-dll" if ctx.windows else "gpu-not-visible",
        evidence=log_evidence(same, stub), cause=cause,
        fix=(first_line, *(x for x in fix if not x.startswith("nvidia-smi"))),
        doc="tf-pip-windows-native" if ctx.windows else None,
    )
