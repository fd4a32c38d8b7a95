"""protobuf under TensorFlow: its C++ extension that Windows refuses to load, and its C++
serializer's size check.  One section per fault below.

Windows refusing protobuf's C++ extension (``google.protobuf.pyext._message``).

TensorFlow's first import of a generated ``*_pb2`` module loads protobuf's descriptor.py,
which (with the C++ implementation, protobuf 3.x) runs ``from google.protobuf.pyext import
_message``; on native Windows that ``.pyd`` can fail as any DLL does, reported by Python as
"DLL load failed: <reason>" (3.8+: "DLL load failed while importing _message: <reason>").
The reason separates two causes, as the threads on this line read them:

* "The specified procedure could not be found" (ERROR_PROC_NOT_FOUND): the extension calls a
  function this Python's DLL does not export.  Reports: Python 3.6.0 with protobuf 3.6.1
  (Unity-Technologies/obstacle-tower-env#32: protobuf 3.6.0 worked; tensorflow/tensorflow
  #23286), Python 3.6 with mediapipe's protobuf (google-ai-edge/mediapipe#1565: a newer Python
  fixed it), a TensorFlow 1.x requirements set fixed by protobuf 3.5.1 (OlafenwaMoses/ImageAI
  #110).
* "The specified module could not be found": a DLL the extension links is missing; the
  protobuf Windows wheels of 3.5.2 and 3.6.1 for some Pythons (protocolbuffers/protobuf#4383,
  #5046; another protobuf release fixed it).

Either way protobuf's pure-Python implementation (``PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=
python``, read by google/protobuf/internal/api_implementation.py) does not load the extension.

protobuf's C++ serializer aborting because the size it computed is not the size it wrote.

Source: protocolbuffers/protobuf src/google/protobuf/message_lite.cc (read at v3.6.1, v3.9.0,
v3.19.0, v3.21.0, v21.12, v25.0 and v31.1): ``SerializeToArrayImpl`` checks
``(GOOGLE_|ABSL_)DCHECK(target + size == res)`` after writing a message into a buffer of the
size ``ByteSizeLong()`` gave, and ``ByteSizeConsistencyError`` aborts with "<type> was
modified concurrently during serialization." or "Byte size calculation and serialization were
inconsistent.  This may indicate a bug in protocol buffers or it may be caused by concurrent
modification of <type>."  The source names two causes: the message changed while it was
written (another thread), or a protobuf bug.  In a TensorFlow process a third is a library
whose protobuf code does not match the one the message came from: the thread read for this
kind (tensorflow/tensorflow#64507) crashed on this line when tensorflow-metal, built for
another TensorFlow, loaded into TensorFlow 2.16.1 (the supported pair fixed it).  No other
thread was checked, so the finding is a hedge (category unknown) that names the causes and
how to tell them apart, never one of them as the cause.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

# --- Windows refusing protobuf's C++ extension ------------------------------------------------


#: How many lines above "DLL load failed" protobuf's import frame may stand (the frame's
#: code line, then the error).
_FRAME_REACH = 3


def protobuf_extension_dll(ctx: Facts) -> list[Finding]:
    """``protobuf-native-extension-dll-mismatch`` when "DLL load failed" follows protobuf's
    ``pyext`` import frame (or names ``_message``): variant ``procedure`` for "The specified
    procedure could not be found", ``module`` for "could not be found" of a module (or the
    same Windows message in another UI language: :func:`_common.dll_reason`); other reasons
    are left to the Windows DLL findings."""
    frames = {h.line for h in ctx.h("protobuf.pyext_frame").all()}
    hits = [h for h in ctx.h("win.dll_load").all()
            if h.g("mod") == "_message"
            or any(h.line - _FRAME_REACH <= n < h.line for n in frames)]
    if not hits:
        return []
    why = c.dll_reason(hits[0].g("why") or "")
    variant = ("procedure" if "procedure could not be found" in why
               else "module" if "module could not be found" in why else None)
    if variant is None:
        return []
    shown = [h for h in ctx.h("protobuf.pyext_frame").all() if h.line < hits[0].line][-1:]
    fix = (c.python_cmd(ctx, "import sys; print(sys.version)") + "   # the Python release",
           c.pip(ctx, "show", "protobuf", "tensorflow") + "   # protobuf's release, and the "
           "protobuf range TensorFlow requires",
           "# upgrade Python (a later release of its line, or a newer line), then reinstall "
           "protobuf into it: python -m pip install --force-reinstall protobuf",
           c.pip(ctx, "install", "protobuf==<another release>") + "   # or a protobuf release "
           "that TensorFlow's requirement allows (reports: 3.6.0, 3.5.1 for TensorFlow 1.x)",
           c.set_env(ctx, "PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION", "python")
           + "   # stop-gap: protobuf's pure-Python implementation loads no extension (slower)")
    return [catalogue.make("protobuf-native-extension-dll-mismatch", variant=variant,
                           evidence=log_evidence(shown, hits, limit=2), fix=fix)]


# --- protobuf's C++ serializer size check -----------------------------------------------------


def protobuf_serialize_size_check(ctx: Facts) -> list[Finding]:
    """``protobuf-serialization-size-check``: protobuf's C++ serializer aborted on a size check
    (``protobuf.size_check``).  A warning of category unknown: the line does not say which of
    the causes it was.  When the host facts list tensorflow-metal, the plugin/TensorFlow pair
    comes first in the fix (variant ``metal-installed``)."""
    hits = ctx.h("protobuf.size_check").all()
    if not hits:
        return []
    msg_type = next((h.g("type") for h in hits if h.g("type")), None)
    what = f"a {msg_type} message" if msg_type else "a message"
    metal = ctx.dist_version("tensorflow-metal")
    pair_fix = (pip_list_grep("tensorflow", "protobuf", windows=ctx.windows)
                + "   # TensorFlow, its plugins (tensorflow-metal, tensorflow-io, ...) and "
                "protobuf: each plugin must be the release made for this TensorFlow")
    fix: tuple[str, ...] = (
        pair_fix,
        "# then run once without the plugins or custom op libraries (pip uninstall <plugin>, "
        "or a fresh environment with TensorFlow alone): if the crash goes, install the "
        "plugin release its project lists for this TensorFlow",
        "# if it stays with TensorFlow alone: the program changes a message (a graph, a "
        "config) from another thread while it is saved or sent; serialise that step",
    )
    evidence = log_evidence(hits, limit=2)
    if metal:
        return [catalogue.make("protobuf-serialization-size-check", variant="metal-installed",
                               what=what, metal=metal, evidence=evidence, fix=fix)]
    return [catalogue.make("protobuf-serialization-size-check", what=what, evidence=evidence,
                           fix=fix)]


__all__ = ["protobuf_extension_dll", "protobuf_serialize_size_check"]
