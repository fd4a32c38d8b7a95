"""Whether a TensorFlow pin that a fix line suggests can be installed into the Python the log
shows: pip offers a TensorFlow release only to the Pythons it published wheels for.

Facts: ``tf_tested_configs.toml`` (tensorflow/docs ``site/en/install/source.md`` and
``source_windows.md``, tested build configurations: each release's Python range is the
range of its wheels; :meth:`Knowledge.wheel_for_python`), and for TensorFlow 1.x, which the
table lacks, :meth:`Knowledge.first_tf_for_python` (a Python that TensorFlow 2.0's range
does not include, 3.8 and later, has no TensorFlow 1.x wheel: 1.15's wheels are cp35-cp37,
the same ceiling as 2.0's row).  A Python older than the newest row's lowest one gets no
later release either (TensorFlow drops old Pythons and never adds them back).
"""

from __future__ import annotations

import re

from tfgpu.facts.view import Facts, tf_minor
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

Minor = tuple[int, int]


def _py_key(python: str) -> Minor | None:
    m = re.match(r"\s*(\d+)\.(\d+)", python)
    return (int(m.group(1)), int(m.group(2))) if m else None


def tf_pin_range(spec: str) -> tuple[Minor | None, Minor | None] | None:
    """``(lowest, highest)`` TensorFlow minors a pin allows, both inclusive (None: open):
    ``"<2"`` -> ``(None, (1, 99))``, ``">=2.8"`` -> ``((2, 8), None)``, ``"==2.4.*"`` or
    ``"2.4.*"`` -> ``((2, 4), (2, 4))``, ``"<2.11"`` -> ``(None, (2, 10))``; None for a
    spec it cannot read."""
    lo: Minor | None = None
    hi: Minor | None = None
    for part in spec.replace(" ", "").split(","):
        m = re.fullmatch(r"(==|>=|<=|<|>|~=)?(\d+)(?:\.(\d+|\*))?(?:\.[\d*]+)?", part)
        if m is None:
            return None
        op, major, minor = m.group(1) or "==", int(m.group(2)), m.group(3)
        mm = (major, int(minor)) if minor and minor != "*" else None
        if op in ("==", "~="):
            lo = mm or (major, 0)
            hi = mm if (mm and op == "==") else (major, 99)
        elif op in (">=", ">"):
            lo = mm or (major if op == ">=" else major + 1, 0)
        elif op == "<=":
            hi = mm or (major, 99)
        elif mm is None or mm[1] == 0:  # "<2", "<2.0"
            hi = (major - 1, 99)
        else:  # "<2.11"
            hi = (mm[0], mm[1] - 1)
    return lo, hi


def tf_pin_unavailable(ctx: Facts, spec: str) -> str | None:
    """Why no TensorFlow release the pin ``spec`` allows has a wheel for the Python the fix
    installs into (:attr:`Facts.fix_python`), as words for a fix comment ("no TensorFlow <2
    wheel exists for Python 3.9 (line 2): Python 3.9 has TensorFlow wheels from 2.5 to
    2.20"); None when one may exist or the Python, the pin or the table cannot tell."""
    found = ctx.fix_python
    rng = tf_pin_range(spec)
    if found is None or rng is None:
        return None
    py, where = found
    pk = _py_key(py)
    if pk is None:
        return None
    lo, hi = rng
    os = "windows" if ctx.windows else ("macos" if ctx.os == "macos" else "linux")
    try:
        rows = ctx.kb.releases(os)
        first = ctx.kb.first_tf_for_python(py, os)
    except (KnowledgeError, KnowledgeQueryError):
        return None
    if not rows:
        return None
    if (lo is None or lo < (2, 0)) and first is None:
        return None  # TensorFlow 1.x may have a wheel for this Python (3.7 or older)
    fits: list[Minor] = []
    for r in rows:
        a, b = tf_minor(r.tf_version), tf_minor(r.release)
        if a is None or b is None:
            continue
        if r.python_min is None or r.python_max is None:
            if (lo is None or b >= lo) and (hi is None or a <= hi):
                return None  # a row in range that does not say
            continue
        if r.python_ok(py):
            fits.extend((a, b))
            if (lo is None or b >= lo) and (hi is None or a <= hi):
                return None
    newest = rows[0]
    newest_mm = tf_minor(newest.release)
    if newest_mm is None:
        return None
    past = hi is None or hi > newest_mm
    if past and not (newest.python_min and pk < (_py_key(newest.python_min) or (0, 0))):
        return None  # a release newer than the table may carry this Python
    xy = f"{pk[0]}.{pk[1]}"
    if not fits:
        span = f"no TensorFlow release in the table has wheels for Python {xy}"
    elif first is None:  # TensorFlow 1.x and the oldest 2.x rows carry it
        span = f"the newest TensorFlow with wheels for Python {xy} is {max(fits)[0]}.{max(fits)[1]}"
    else:
        span = (f"Python {xy} has TensorFlow wheels in {min(fits)[0]}.{min(fits)[1]}-"
                f"{max(fits)[0]}.{max(fits)[1]} only")
    return (f"no TensorFlow {spec} wheel exists for Python {xy} ({where}): {span} "
            f"(knowledge table tf_tested_configs)")


__all__ = ["tf_pin_range", "tf_pin_unavailable"]
