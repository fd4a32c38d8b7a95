"""``No module named 'tensorflow.python.keras...'``: TensorFlow's OWN copy of Keras, whose module
paths moved with TensorFlow releases, read against the TensorFlow version the log shows; never
the keras package's Keras 2.13 keras.src story (checks/tf_install.py keras3, which hands these
lines here), and one reading only: tf_api_versions.module_missing leaves the lines dated here,
and gives its generic hedge (older or newer, or a broken install) for the rest.

Sources (platform fact ``tf-keras-copy-paths``):

* TensorFlow RELEASE.md, Release 1.4.0: "`tf.keras` is now part of the core TensorFlow API"
  (the code under tensorflow/python/keras/_impl/keras); Release 1.9.0, tf.keras: "Move Keras
  code out of _impl folder and remove API files" (rstudio/keras3#437: "TF v1.9 has changed the
  top level keras module from tensorflow.python.keras._impl.keras to tensorflow.python.keras").
* CODAIT/deep-histopath#40: "No module named 'tensorflow.python.keras.engine'" under TensorFlow
  1.8.0, code written for 1.9 (the maintainer: "tensorflow.python.keras._impl was removed in
  master recently, so I made a change").
* TensorFlow's API guarantees (tensorflow.org/guide/versions): ``tensorflow.python`` is not
  covered, so outside those two dated layouts the direction stays unknown.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding

#: The module prefix of TensorFlow's own copy of Keras.
COPY = "tensorflow.python.keras"

_WHICH_TF = ('python -c "import tensorflow as tf; print(tf.__version__, tf.__file__)"   # the '
             "TensorFlow that ran, and where from")
_PUBLIC = ("# better, whatever the release: the public tf.keras API (from tensorflow.keras.layers "
           "import ..., tf.keras.Model, tf.keras.layers.Layer), which does not move")


def is_copy_module(module: str) -> bool:
    """Whether ``module`` is TensorFlow's own copy of Keras or one of its modules."""
    return module == COPY or module.startswith(COPY + ".")


def _dated(f: Facts, module: str) -> str | None:
    """``"older"`` (an ``_impl`` path, which only TensorFlow 1.4-1.8 have, on a TensorFlow
    shown 1.9 or later, or not shown: it is then not one of them), ``"newer"`` (a path outside
    ``_impl`` on a TensorFlow shown older than 1.9; an ``_impl`` path on one older than 1.4),
    else ``None``: the copy's modules come and go without notice, and the generic hedge of
    tf-api-newer-than-installed (tf_api_versions.module_missing) reads the line."""
    fact = f.kb.platform_fact("tf-keras-copy-paths")
    mm = f.tf_mm
    impl = module.startswith(COPY + "._impl")
    if impl and (mm is None or mm > (tf_minor(fact.value("impl_last_tf")) or (1, 8))):
        return "older"
    if mm is not None and mm < (tf_minor(fact.value("flat_first_tf")) or (1, 9)) and (
            not impl or mm < (tf_minor(fact.value("impl_first_tf")) or (1, 4))):
        return "newer"
    return None


def copy_reading_dated(f: Facts, module: str) -> bool:
    """Whether :func:`tf_keras_copy_missing` dates ``module`` (a copy module it reads)."""
    return is_copy_module(module) and _dated(f, module) is not None


def tf_keras_copy_missing(f: Facts, module: str, hits: list[Hit]) -> Finding | None:
    """``keras-private-api-moved`` for a missing ``tensorflow.python.keras...`` module:
    variant ``tf-copy-older`` or ``tf-copy-newer`` as :func:`_dated` says; ``None`` when the
    log does not date it (tf-api-newer-than-installed's hedge then)."""
    fact = f.kb.platform_fact("tf-keras-copy-paths")
    impl_lo, impl_hi = fact.value("impl_first_tf"), fact.value("impl_last_tf")
    flat = fact.value("flat_first_tf")
    mm = f.tf_mm
    have = f" ({f.tf_version})" if f.tf_version else ""
    evidence = log_evidence(hits)
    impl = module.startswith(COPY + "._impl")
    rest = module[len(COPY):].lstrip(".")
    side = _dated(f, module)
    if side == "older":
        flat_path = COPY + (("." + rest.split(".", 2)[2]) if rest.count(".") >= 2 else "")
        return catalogue.make(
            "keras-private-api-moved", variant="tf-copy-older", module=module, have=have,
            needs=f"{impl_lo}-{impl_hi}", ref=fact.ref, evidence=evidence,
            knowledge_ref=fact.ref,
            fix=(_WHICH_TF,
                 f"# code you can change: drop _impl.keras from the import (try {flat_path}: "
                 f"TensorFlow {flat} moved that code out of _impl, renaming some modules)",
                 _PUBLIC,
                 "# a library's import (the traceback's file): upgrade it to a release written "
                 f"for this TensorFlow, or run it with TensorFlow {impl_lo}-{impl_hi} in an "
                 "environment of its own, with a Python those releases support"))
    if side == "newer" and mm is not None:
        needs = f"{impl_lo}-{impl_hi}" if impl else f"{flat} and later"
        return catalogue.make(
            "keras-private-api-moved", variant="tf-copy-newer", module=module, have=have,
            needs=needs, ref=fact.ref, evidence=evidence, knowledge_ref=fact.ref,
            fix=(_WHICH_TF,
                 f'pip install "tensorflow==<the release the code names>"   # TensorFlow '
                 f"{needs} has {module}",
                 *(() if impl or mm < (tf_minor(impl_lo) or (1, 4)) else (
                     f"# or keep this TensorFlow ({impl_lo}-{impl_hi}): import from "
                     f"{COPY}._impl.keras{('.' + rest) if rest else ''} instead",)),
                 _PUBLIC))
    return None


__all__ = ["COPY", "copy_reading_dated", "is_copy_module", "tf_keras_copy_missing"]
