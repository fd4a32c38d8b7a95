"""fit() refusing a generator class with no labels: its ``Sequence`` base is not the one of the
Keras that runs fit (``keras-no-data-adapter`` variants ``other-keras`` and ``not-a-sequence``).

Sources:

* keras-team/keras v2.6.0-v2.15.0 ``keras/engine/data_adapter.py`` (TensorFlow 2.1-2.5's
  ``tensorflow/python/keras/engine/data_adapter.py``, tf-keras's copy alike):
  ``select_data_adapter`` raises "Failed to find data adapter that can handle input: {x}, {y}"
  when no adapter's ``can_handle`` takes x.  ``KerasSequenceAdapter.can_handle`` is
  ``isinstance(x, data_utils.Sequence)``: the Sequence class of that same Keras; the generator
  adapter takes only iterators (``__next__``).  An object whose class defines
  ``__getitem__``/``__len__`` on another Keras's Sequence (or on none) is refused, y None.
* Which module is which Keras: TensorFlow kept its own copy as ``tensorflow.python.keras``
  (tf.keras up to TensorFlow 2.5; from 2.6 tf.keras is the keras package and the copy stays
  unused), the keras package is ``keras.*`` (``keras.src.*`` from 2.13), tf-keras is
  ``tf_keras.*`` (checks/keras_two_kerases.py; standalone-Keras RFC, tensorflow/community
  rfcs/20200205-standalone-keras-repository.md).
* Threads: tensorflow/tensorflow#53836 (TensorFlow 2.5 beside keras 2.6+: fit in
  ``site-packages/keras``, the generator built on ``tensorflow.keras.utils.Sequence``; the
  maintainer's answer: use one Keras), tyagi-iiitv/PointPillars#45 (a generator on
  ``tensorflow.python.keras.utils.data_utils.Sequence`` refused by keras 2.x's fit; the fix in
  the thread: import Sequence from ``keras.utils``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.keras_moves import VERSIONS_CMD
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A class name that says it feeds batches (a generator, a Sequence, a loader...).
_FEEDER = re.compile(r"(?i)generator|sequence|gen$|loader|iterator|provider|feeder|batcher")
#: Modules whose classes are data of their own kind, never a Sequence meant for fit (their
#: refusal is the ordinary reading: convert the data).
_DATA_MODULES = re.compile(r"^(?:numpy|pandas|scipy|torch|builtins|jax|polars|pyarrow|xarray"
                           r"|tensorflow\.python\.(?:data|framework|ops))\b")
#: "<class 'mod.Cls'>" as _type_name prints a class
_CLASS = re.compile(r"^<class '(?P<mod>(?:[\w.]{0,200}\.)?)(?P<cls>\w{1,80})'>$")

#: The Keras families: what to call them, and where their Sequence is imported from.
_WORDS = {
    "tf-own": "TensorFlow's own Keras copy (tensorflow.python.keras; tf.keras up to "
              "TensorFlow 2.5)",
    "keras": "the keras package",
    "tf_keras": "tf-keras",
}
_IMPORT = {"tf-own": "tensorflow.keras.utils", "keras": "keras.utils",
           "tf_keras": "tf_keras.utils"}
#: What the tf-own import needs said: on TensorFlow 2.6+ tensorflow.keras is the keras package.
_TF_OWN_NOTE = ("; that holds on TensorFlow 2.5 or older: on 2.6 or later fit ran in the unused "
                "copy tensorflow.python.keras, so build the model with tensorflow.keras instead")


def _family_of_path(pkg: str) -> str | None:
    """The Keras a ``keras.frame`` hit's ``pkg`` group (a path under site-packages) is."""
    p = pkg.replace("\\", "/")
    if p.startswith(("tensorflow/python/keras", "tensorflow_core/python/keras")):
        return "tf-own"
    if p.startswith("tf_keras"):
        return "tf_keras"
    return "keras" if p.startswith("keras") else None


def _family_of_module(mod: str, tf_mm: tuple[int, int] | None) -> str | None:
    """The Keras a module named in code is (``tf.keras`` by the TensorFlow version the log
    shows: TensorFlow's copy up to 2.5, the keras package 2.6-2.15; later or unknown: None)."""
    if re.match(r"tensorflow(?:_core)?\.python\.keras\b", mod):
        return "tf-own"
    if re.match(r"(?:tensorflow|tf)\.keras\b", mod):
        if tf_mm is None or tf_mm >= (2, 16):
            return None
        return "tf-own" if tf_mm <= (2, 5) else "keras"
    if re.match(r"tf_keras\b", mod):
        return "tf_keras"
    return "keras" if re.match(r"keras(?:\.|$)", mod) else None


def _sources(ctx: Facts) -> tuple[set[str], list[Hit]]:
    """The Keras families of the Sequence imports and class bases the log quotes, and their
    hits (imports of another Sequence, typing's or collections', are no Keras's)."""
    fams: set[str] = set()
    hits: list[Hit] = []
    for h in ctx.h("ctx.keras_sequence_import").all():
        mod = h.g("mod") or h.g("base") or ""
        if "keras" not in mod:
            continue
        hits.append(h)
        # (a class base "keras.utils.Sequence" names whatever `keras` is bound to: after
        # `from tensorflow import keras` that is tf.keras, so only an import tells)
        fam = None if h.g("base") and mod.startswith("keras") else _family_of_module(
            mod, ctx.tf_mm)
        fams.add(fam or "?")
    return fams, hits


def sequence_of_other_keras(ctx: Facts, hit: Hit) -> Finding | None:
    """``keras-no-data-adapter`` for a feeder class (a name like a generator, a Sequence, a
    loader) refused with y None (``hit``: pattern ``keras.no_data_adapter``): variant
    ``other-keras`` when the Keras that runs fit (the nearest Keras frame above, pattern
    ``keras.frame``) and the Keras of the Sequence the quoted code imports differ; else
    ``not-a-sequence`` (the class is not that Keras's Sequence: another Keras's, or none).
    ``None`` for any other input (a library's data type, labels given)."""
    if hit.g("y") != "NoneType":
        return None
    m = _CLASS.match(hit.g("x") or "")
    if m is None or _DATA_MODULES.match(m.group("mod")) or not _FEEDER.search(m.group("cls")):
        return None
    cls = m.group("mod") + m.group("cls")
    frames = [f for f in ctx.h("keras.frame").all() if 0 <= hit.line - f.line <= 60]
    runner = _family_of_path(frames[-1].g("pkg") or "") if frames else None
    fams, imports = _sources(ctx)
    own = _family_of_module(m.group("mod"), ctx.tf_mm)  # a Keras's own iterator class
    if own is not None:
        fams.add(own)
    ev = log_evidence([hit], frames[-1:], imports[:2])
    if runner and len(fams) == 1 and (src := next(iter(fams))) not in ("?", runner):
        return catalogue.make(
            "keras-no-data-adapter", variant="other-keras", cls=cls, runner=_WORDS[runner],
            source=_WORDS[src], evidence=ev,
            fix=(f"from {_IMPORT[runner]} import Sequence   # the Sequence of "
                 f"{_WORDS[runner]}, the Keras that runs fit: subclass this one in {cls}'s "
                 "module" + (_TF_OWN_NOTE if runner == "tf-own" else ""),
                 "# or build and fit the model with the Keras the generator's import names; "
                 "never mix `import keras` and `from tensorflow import keras` (nor "
                 "tensorflow.python.keras) in one program",
                 VERSIONS_CMD))
    which = (f"from {_IMPORT[runner]} import Sequence   # the Sequence of {_WORDS[runner]}, "
             f"the Keras that runs fit here: {cls} must subclass it"
             + (_TF_OWN_NOTE if runner == "tf-own" else "")
             if runner else
             "# subclass the Sequence of the Keras that runs fit: the traceback's "
             "data_adapter.py frame names it (site-packages/keras: from keras.utils import "
             "Sequence; tensorflow/python/keras: from tensorflow.keras.utils import Sequence "
             "on TensorFlow 2.5 or older; tf_keras: from tf_keras.utils import Sequence)")
    lines = [which,
             "# a class that subclasses no Sequence at all (only __getitem__ and __len__): "
             "add the base class; a plain Python generator function is taken as it is",
             VERSIONS_CMD]
    if re.match(r"(?:keras|keras_preprocessing|tensorflow|tf_keras)\.", cls):
        lines.insert(0, f"# {cls} is a Keras data class: make it with the Keras that runs fit "
                        "(ImageDataGenerator from tensorflow.keras.preprocessing.image for a "
                        "tf.keras model, from keras.preprocessing.image for a keras one)")
    return catalogue.make(
        "keras-no-data-adapter", variant="not-a-sequence", cls=cls, evidence=ev,
        fix=tuple(lines))


__all__ = ["sequence_of_other_keras"]
