"""The traceback frame that raised an error: CPython prints the innermost frame last, right
above the exception line (``traceback.format_exception``: "Traceback (most recent call
last)"), so the frame line nearest above the error, in any printed form (CPython's ``File
"<path>", line N, in <func>``, IPython's ``<path> in <func>(...)`` and ``Cell In[N], line
M``, pytest's ``<path>:N: in <func>``), is where the failing statement ran.

Readings keyed on a message that other code prints too ("'tuple' object has no attribute
'layer'", "'str' object has no attribute 'decode'") ask whose code that frame is.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis.checks._addon_frames import FRAME
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts


def frames_above(ctx: Facts, line: int, window: int) -> list[Hit]:
    """The frame lines 1 to ``window`` log lines above log line ``line``, in log order
    (patterns ``ctx.own_frame``, ``ctx.other_frame``, and ``ctx.pkg_path`` on a line of a
    frame's form), one per line."""
    found: dict[int, Hit] = {}
    for h in [*ctx.h("ctx.own_frame").all(), *ctx.h("ctx.other_frame").all(),
              *(p for p in ctx.h("ctx.pkg_path").all() if FRAME.search(p.text))]:
        if 0 < line - h.line <= window and not h.text.lstrip().startswith(">>>"):
            found.setdefault(h.line, h)
    return [found[n] for n in sorted(found)]


def raising_frame(ctx: Facts, line: int, window: int) -> Hit | None:
    """The frame line nearest above log line ``line`` (within ``window`` lines): the frame
    whose statement raised; None when the log shows no frame there (a bare error line)."""
    frames = frames_above(ctx, line, window)
    return frames[-1] if frames else None


#: A file of one of the Kerases (the keras package, tf-keras, TensorFlow's own
#: tensorflow/python/keras, tensorflow_core/python/keras of the 1.15-2.1 wheels) in a frame's
#: path, installed or a source checkout's
KERAS_FILE = re.compile(r"[/\\](?:tf_keras|keras(?:[/\\]src)?|tensorflow(?:_core)?[/\\]python"
                        r"[/\\]keras)[/\\][\w/\\.-]{0,200}\.py\b")


def keras_frame(frame: Hit) -> bool:
    """Whether the frame line ``frame`` is in a Keras's own file (:data:`KERAS_FILE`)."""
    return KERAS_FILE.search(frame.text) is not None


__all__ = ["KERAS_FILE", "frames_above", "keras_frame", "raising_frame"]
