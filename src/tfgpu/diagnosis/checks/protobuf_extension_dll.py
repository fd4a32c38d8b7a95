"""Windows refusing protobuf's C++ extension (``google.protobuf.pyext._message``).

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
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

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


__all__ = ["protobuf_extension_dll"]
