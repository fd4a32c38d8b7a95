"""A library's own file asks TensorFlow for a tf.* name the installed TensorFlow lacks: the
library release and the TensorFlow release do not go together.

The readings of "module 'tensorflow...' has no attribute 'X'" (checks/tf_api_versions.py for
names a data row dates, checks/tf_api_names.py for names both API versions have) say which
side is older than *the code*; when the traceback's last frame before the error is a file of
an installed library (``site-packages/<pkg>/...``, no frame of the program's own code after
it: :func:`~tfgpu.diagnosis.checks._addon_frames.installed_package_frame`), the code is that
library's, and the fix is the library release made for the installed TensorFlow (or the
TensorFlow its release needs), not a change of the program:

* standalone Keras 2 / tf-keras (``keras/...``, ``tf_keras/...``; not Keras 3's
  ``keras/src/...`` backend, whose side needs both versions) -> ``keras-version-mismatch-
  tensorflow`` variant ``tf-name-missing``. The multi-backend Keras 2.3 and older
  (``keras/backend/tensorflow_backend.py``, keras-team/keras tag 2.3.1: ``_get_available_gpus``
  calls ``tf.config.experimental_list_devices()``, which TensorFlow 2.1 removed; fizyr/keras-
  retinanet#1420, keras-team/keras#13684) calls names of the TensorFlow of its time; from
  TensorFlow 2.6 keras is released in step with TensorFlow's minor (platform fact
  ``tf-keras-lazy-module``).
* a TensorFlow add-on or companion (:data:`~tfgpu.diagnosis.checks._addon_frames.ADDON_DISTS`,
  and tensorflow-estimator / tensorboard, which TensorFlow's tools/pip_package/setup.py pins to
  its own minor: ``'tensorflow_estimator >= 2.10.0rc0, < 2.11'`` at 2.10) ->
  ``tensorflow-addon-version-pin`` variant ``tf-name-missing`` (deezer/spleeter#429:
  tensorflow_estimator's util.py asking for tf.compat under a TensorFlow of another release).

Nothing for another package (the program's own library, an unrelated one): the readings that
date the name stand then.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import ADDON_DISTS, installed_package_frame
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Companions TensorFlow's own requirements pin to its minor (import name -> distribution).
_COMPANIONS = {"tensorflow_estimator": "tensorflow-estimator", "tensorboard": "tensorboard"}

#: Keras 3's own package files (its backends ask TensorFlow for names too): not this reading.
_KERAS3_FILE = re.compile(r"[/\\]keras[/\\]src[/\\]")


def library_asking(ctx: Facts, hit: Hit) -> tuple[Hit, str, bool] | None:
    """``(frame, distribution, keras)`` when the traceback frame nearest above log line
    ``hit`` is a file of standalone Keras 2 / tf-keras (``keras`` True) or of a TensorFlow
    add-on or companion; ``None`` otherwise."""
    frame = installed_package_frame(ctx, hit.line)
    if frame is None:
        return None
    pkg = frame.g("pkg") or ""
    if pkg in ("keras", "tf_keras"):
        return None if _KERAS3_FILE.search(frame.text) else (frame, pkg.replace("_", "-"), True)
    dist = ADDON_DISTS.get(pkg) or _COMPANIONS.get(pkg)
    return (frame, dist, False) if dist is not None else None


def library_reading(ctx: Facts, hit: Hit, symbol: str, dated: str,
                    knowledge_ref: str | None = None,
                    tf_side: str | None = None) -> Finding | None:
    """The finding for tf.``symbol`` missing (log line ``hit``) where a library's own file
    asked for it (:func:`library_asking`); ``dated`` is the sentence that dates the name (or
    says that every release has it), ``tf_side`` the fix line that moves TensorFlow instead
    (the release range a data row dates the name to), ``None`` when no library frame stands
    above, and for a circular import ("partially initialized module 'tensorflow'": the
    tensorflow module was still importing, a file named tensorflow.py or TensorFlow's own
    __init__; no release is wrong)."""
    if "partially initialized" in hit.text:
        return None
    found = library_asking(ctx, hit)
    if found is None:
        return None
    frame, dist, keras = found
    evidence = log_evidence([frame], [hit])
    other = (tf_side,) if tf_side else ()
    if keras:
        from tfgpu.diagnosis.checks.keras2_standalone import keras_of_other_minor

        return catalogue.make(
            "keras-version-mismatch-tensorflow", variant="tf-name-missing", package=dist,
            symbol=symbol, dated=dated, evidence=evidence, knowledge_ref=knowledge_ref,
            fix=keras_of_other_minor(ctx, frame, hit).fix + other)
    companion = dist in _COMPANIONS.values()
    return catalogue.make(
        "tensorflow-addon-version-pin", variant="tf-name-missing", addon=dist, symbol=symbol,
        dated=dated, evidence=evidence, knowledge_ref=knowledge_ref,
        fix=(pip_list_grep("tensorflow", dist.split("-")[-1], windows=ctx.windows)
             + f"   # the {dist} and TensorFlow releases installed",
             "python -m pip check   # names a package whose requirements exclude the installed "
             "TensorFlow, and the range they allow",
             (f'python -m pip install "{dist}~=<TensorFlow\'s major.minor>.0"   # {dist} 2.N '
              "goes with TensorFlow 2.N (TensorFlow's own requirements pin it)") if companion
             else (f'python -m pip install "{dist}==<the release made for the installed '
                   f'TensorFlow>"   # its release notes name the TensorFlow each release '
                   "needs; or install the TensorFlow this release was built for"), *other))


__all__ = ["library_asking", "library_reading"]
