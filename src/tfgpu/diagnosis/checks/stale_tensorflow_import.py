"""A library's import check saw a TensorFlow older than it needs, while the same log (or the
host) shows a TensorFlow that already meets the floor: the process that raised is not
running that TensorFlow.

The checks compare the TensorFlow the *running* interpreter imported
(tensorflow/probability ``python/__init__.py`` ``_ensure_tf_install`` and its copies in
tensorflow_datasets ``core/tf_compat.py``, tf_agents, tensorflow_gan, tensorflow_addons:
``tf.__version__`` of the imported module, "if ... < required: raise ImportError"), so a
TensorFlow that pip installed meets the floor only in a fresh process.  Two ways the running
one is older:

* a notebook runtime that imported TensorFlow before pip replaced it: Colab's pip hook
  (googlecolab/colabtools ``google/colab/_pip.py`` at 433023f6,
  ``print_previous_import_warning``: the front end shows "WARNING: The following packages
  were previously imported in this runtime: [...] You must restart the runtime in order to
  use newly installed versions."), IPython's ``%pip`` / ``%conda`` magic
  (ipython/ipython ``IPython/core/magics/packaging.py`` at 0bd8ce00: "Note: you may need to
  restart the kernel to use updated packages.");
* pip and the program using different Pythons (another environment's site-packages).

Pattern ``ctx.restart_runtime``; used by checks/addons.py ``tfp_requires_newer_tensorflow``.
"""

from __future__ import annotations

from packaging.version import InvalidVersion, Version

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _version(text: str | None) -> Version | None:
    try:
        return Version((text or "").strip().rstrip("."))
    except InvalidVersion:
        return None


def tf_below(version: str | None, req: str) -> bool:
    """Whether TensorFlow ``version`` is below the floor ``req`` (False when either does
    not parse)."""
    v, floor = _version(version), _version(req)
    return v is not None and floor is not None and v < floor


def tf_meeting_floor(ctx: Facts, req: str, line: int) -> tuple[str, Hit | None] | None:
    """``(version, hit)`` of a TensorFlow at or above ``req`` that the host facts (hit None)
    or a log line before ``line`` (a version banner, pip's "Successfully installed
    tensorflow-X") show; None when none does, or ``req`` does not parse."""
    floor = _version(req)
    if floor is None:
        return None
    if ctx.host is not None and ctx.tf_version:
        v = _version(ctx.tf_version)
        return (ctx.tf_version, None) if v is not None and v >= floor else None
    before = [h for h in ctx.h("ctx.tf_version").all() if h.line < line]
    for h in reversed(before):
        shown = h.g("v") or h.g("v2") or h.g("v3")
        v = _version(shown)
        if shown and v is not None:
            return (shown, h) if v >= floor else None
    return None


def stale_import_check(ctx: Facts, guard: Hit, addon: str, req: str,
                       seen: str | None) -> Finding | None:
    """``tensorflow-addon-version-pin`` variant ``import-check-stale-runtime`` (a notebook's
    restart warning in the log: the runtime still has the older TensorFlow imported) or
    ``import-check-other-tensorflow`` (a hedge: a stale runtime, or two Pythons), when a
    TensorFlow at or above ``req`` shows before the ``guard`` line; None otherwise.
    ``seen``: the version the check printed ("Detected an installation of version X"), if
    any."""
    found = tf_meeting_floor(ctx, req, guard.line)
    if found is None:
        return None
    newer, hit = found
    imported = f"TensorFlow {seen}" if seen else "an older TensorFlow"
    restart = [r for r in ctx.h("ctx.restart_runtime").all() if r.line < guard.line]
    evidence = log_evidence([guard], [hit] if hit is not None else [], restart[:1])
    if restart:
        return catalogue.make(
            "tensorflow-addon-version-pin", variant="import-check-stale-runtime",
            addon=addon, requirement=req, have=newer, imported=imported,
            evidence=evidence,
            fix=("# restart the runtime (Colab: Runtime > Restart runtime / Restart session; "
                 "Jupyter: Kernel > Restart), then run the imports again without re-running "
                 "an install cell that brings back the older TensorFlow",
                 'python -c "import tensorflow as tf; print(tf.__version__)"   # after the '
                 f"restart: {newer} (or later), the release {addon} needs"),
        )
    return catalogue.make(
        "tensorflow-addon-version-pin", variant="import-check-other-tensorflow",
        addon=addon, requirement=req, have=newer, imported=imported, evidence=evidence,
        fix=('python -c "import sys, tensorflow as tf; print(sys.executable, tf.__version__)"'
             "   # run it the way the program runs: the Python and the TensorFlow it imports",
             pip_list_grep("tensorflow", windows=ctx.windows)
             + "   # what pip installed, and for which Python (python -m pip -V)",
             "# a notebook that imported TensorFlow before the install: restart the runtime or "
             "kernel; two Pythons: install with that Python's own pip (python -m pip install "
             f'"tensorflow>={req}")'),
    )


__all__ = ["stale_import_check", "tf_below", "tf_meeting_floor"]
