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
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: dso_loader's warning: TF 1.14 "Could not dlopen library '<name>'", 2.x "Could not load
#: dynamic library '<name>'" (cuDNN's own "Could not load library <sub-library>" aborts the
#: process itself and is not this).
LAZY_LOAD = re.compile(r"Could not (?:load dynamic library|dlopen library) '")

#: A bare crash line: a signal's shell message or a core dump, with no message of its own
#: (a failed CHECK names its cause and is read elsewhere).
_BARE_CRASH = re.compile(r"Segmentation fault|^\s*Aborted\b|\(core dumped\)|Fatal Python error")


#: TensorRT's libraries: TF-TRT's stubs end the process themselves when TensorRT did not load
#: (nvinfer_stub.cc "<symbol> symbol not found.", a FATAL line): that warning is no fallback.
_TENSORRT = re.compile(r"(?i)^(?:lib)?nvinfer")


def lazy_load_crash(ctx: Facts, line: int) -> int | None:
    """The line number of a bare crash (``tell.fatal``: a segmentation fault, an abort, a core
    dump, no failed CHECK) on the line right after the lazy-load warning on ``line`` (nothing
    printed between them names another cause); None when there is none, or ``line`` is not
    such a warning, or the library is TensorRT's (TF-TRT's stubs abort without it)."""
    warned = [h for h in ctx.h("lib.missing").all()
              if h.line == line and LAZY_LOAD.search(h.text)
              and not _TENSORRT.match(h.g("lib") or "")]
    if not warned:
        return None
    after = warned[0].span.stop
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
