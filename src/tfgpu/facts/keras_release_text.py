"""A Keras release named in log text: pip list/show/freeze words (``Keras                2.4.3``,
``keras==2.2.4``, ``keras-2.4.3``) and prose (``keras 2.4.3``, ``Keras version: 2.3.1``).

Pure (no I/O). One regex for both sides: the log pattern ``keras.release_named``
(:mod:`tfgpu.logs.patterns`) finds a line's first mention, and :func:`last_keras_release`
reads every mention of that line, since the last one counts ("had keras 2.4.3 ... downgraded
to keras 2.2.4")."""

from __future__ import annotations

import re

#: A Keras 2.x/3.x release after the word keras; group ``v`` is the release. Bounded
#: repeats only (the line may be long and adversarial: tests/explain/test_pattern_speed.py).
KERAS_RELEASE = (r"(?i)(?<![\w.-])keras(?:[ \t]{1,40}|==|-|[ \t]{0,8}version[ \t:]{0,8})v?"
                 r"(?P<v>[23]\.\d{1,2}(?:\.\d{1,3})?)\b")

_KERAS_RELEASE_RX = re.compile(KERAS_RELEASE)


def last_keras_release(text: str) -> str | None:
    """The last Keras release ``text`` names (``"2.2.4"``), or ``None`` when it names none.

    Args:
        text: one log line (any length; the regex's repeats are bounded).
    """
    found = [m.group("v") for m in _KERAS_RELEASE_RX.finditer(text)]
    return found[-1] if found else None
