"""A tensor used as a dict key inside an installed library's code: that library's release was
written before TensorFlow 2's tensor equality (``tensor-used-as-dict-key`` variant
``library``).

TensorFlow 2 behaviour compares tensors element-wise (``Tensor._USE_EQUALITY``, 1.15+), so
``Tensor.__hash__`` raises "Tensor is unhashable if Tensor equality is enabled. Instead, use
tensor.experimental_ref() as the key." (2.0-2.1; later "... use tensor.ref() as the key").
When the frame that hashed is a library's (``site-packages/<pkg>/...``, the last frame above
the error, no frame of the program's own code below it), the library keys by tensors itself:
a release made for TensorFlow 1 or before the change, paired with a newer TensorFlow.

Sources: tensorflow/tensorflow#32139 and #31582 (tensorflow-probability 0.7's bijector cache,
``bijectors/bijector.py`` ``_lookup`` / ``WeakKeyDefaultDict.__getitem__``, under TensorFlow
2.0.0-rc0; the TFP maintainer: "due to a change in TF's Tensor equality semantics ... between
the TFP 0.7 release and TF 2.0.0-rc0. Fix it by installing TFP 0.8-rc0"). TFP's own import check
(tensorflow/probability ``tensorflow_probability/__init__.py`` ``required_tensorflow_version``):
"1.14" at v0.7.0-rc0, "1.15" from commit bb302dfe (2019-08-29, "Update TF version requirement to
1.15 for 0.8.0rc0"), "2.1" at v0.9.0 (platform_facts
``tensorflow-probability-early-pairs``); the later releases' pairs are platform_facts
``addon-pairs-tensorflow-probability``.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import ADDON_DISTS, ADDON_WINDOW
from tfgpu.diagnosis.checks.addons import addon_pair_fix
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A traceback frame line in the printed forms that name a file: Python's 'File "x.py", line
#: 7', IPython 7's "x.py in f(", pytest's "x.py:7: in f", AutoGraph's "x.py:7 f".
_FRAME_LINE = re.compile(r'\bFile "[^"\n]{1,400}", line \d|\.py"?, line \d|\.py in \S'
                         r"|\.py:\d{1,6}:? \S")
#: Packages whose frames hash what the program hands them (a set of its objects, a NumPy or
#: pandas call), or that are TensorFlow and Keras themselves: no library release to blame.
_HANDED = frozenset({"numpy", "pandas", "scipy", "sklearn", "six", "wrapt", "dill",
                     "cloudpickle", "typing_extensions", "tensorflow", "tensorflow_core",
                     "keras", "tf_keras", "IPython", "ipykernel"})

def _tfp_early(ctx: Facts) -> str | None:
    """The tensorflow-probability release for a TensorFlow 2.0 or 2.1 shown in the log or on
    the host (platform fact ``tensorflow-probability-early-pairs``: the newest release
    whose minimum TensorFlow is at most that minor), ``None`` for other TensorFlow releases."""
    mm = ctx.tf_mm
    if mm not in ((2, 0), (2, 1)):
        return None
    fact = ctx.kb.platform_fact("tensorflow-probability-early-pairs")
    for pair in fact.items("pairs"):  # newest first
        release, _, floor = pair.partition("=")
        major, _, minor = floor.partition(".")
        if (int(major), int(minor)) <= mm:
            return release
    return None


def library_frame(ctx: Facts, line: int) -> Hit | None:
    """The installed package's frame (pattern ``ctx.pkg_path``) that is the last frame above
    log line ``line`` within :data:`ADDON_WINDOW` lines, when it is a library's (not
    :data:`_HANDED`, not a private ``_`` package) and no frame of the program's own code
    (``ctx.own_frame``, or AutoGraph's and IPython's frame heads outside site-packages,
    ``ctx.py_frame_head``) stands below it; else ``None``."""
    frames = sorted((p for p in ctx.h("ctx.pkg_path").all()
                     if 0 < line - p.line <= ADDON_WINDOW and _FRAME_LINE.search(p.text)),
                    key=lambda p: p.line)
    if not frames:
        return None
    last = frames[-1]
    pkg = last.g("pkg") or ""
    if not pkg or pkg.startswith("_") or pkg in _HANDED:
        return None
    own = [o.line for o in ctx.h("ctx.own_frame").all()]
    own += [o.line for o in ctx.h("ctx.py_frame_head").all()
            if not re.search(r"(?:site|dist)-packages", o.text)]
    if any(last.line < o < line for o in own):
        return None
    return last


def library_tensor_key(ctx: Facts, hits: list[Hit], what: str) -> Finding | None:
    """``tensor-used-as-dict-key`` variant ``library`` when the hashing frame above the
    error (``hits``: pattern ``graph.unhashable``) is an installed library's; else
    ``None``."""
    last = max(hits, key=lambda x: x.line)
    frame = library_frame(ctx, last.line)
    if frame is None:
        return None
    pkg = frame.need("pkg")
    dist = ADDON_DISTS.get(pkg, pkg.replace("_", "-"))
    fix: list[str] = []
    if dist == "tensorflow-probability":
        early = _tfp_early(ctx)
        if early:
            fix.append(f'pip install "tensorflow-probability=={early}"   # the TensorFlow '
                       f"Probability release for TensorFlow {ctx.tf_version}")
        else:
            fix.append("# TensorFlow Probability 0.7 and older predate TensorFlow 2.0 (0.8 is "
                       "the first for it, 0.9 for 2.1); later releases each need one "
                       "TensorFlow minor or newer")
            fix.append(addon_pair_fix(ctx, dist))
    elif pkg in ADDON_DISTS:
        fix.append(addon_pair_fix(ctx, dist))
    else:
        fix.append(f"# install the {dist} release made for the TensorFlow installed (its "
                   "release notes or requirements name it), or run the code on the "
                   f"TensorFlow that {dist} release was written for")
        fix.append(f"pip show {dist} tensorflow   # the two releases installed")
    return catalogue.make(
        "tensor-used-as-dict-key", variant="library", what=what, pkg=pkg,
        evidence=log_evidence([frame], hits[:2]), fix=tuple(fix))


__all__ = ["library_frame", "library_tensor_key"]
