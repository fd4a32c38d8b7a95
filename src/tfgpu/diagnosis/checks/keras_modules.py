"""Which Keras series has a private ``keras.src.*`` module, for the checks that read
``No module named 'keras.src...'`` (keras-private-api-moved, keras-model-saved-with-other-keras).

``keras.src`` exists from Keras 2.13, but its submodules differ by series: ``keras.src.legacy``,
``.ops``, ``.trainers``... exist only in Keras 3 (TensorFlow 2.16+), ``keras.src.engine`` only in
Keras 2.13-2.15.  The first (and last) series per module is data: the ``keras-src-*`` rows of
``platform_facts.toml`` (source: the keras-team/keras tree at its release tags), read through
:meth:`Knowledge.keras_private_module`.
"""

from __future__ import annotations

from typing import NamedTuple

from tfgpu.facts.view import Facts, tf_minor
from tfgpu.knowledge import Knowledge, KnowledgeError, PlatformFact


class KerasSrcReading(NamedTuple):
    """What a missing ``keras.src`` module says about the Keras installed.

    Attributes:
        kind: ``"keras3-only"`` (the module exists only in Keras 3), ``"keras2-only"`` (only in
            Keras 2.13-2.15), ``"from-2.13"`` (in every Keras from 2.13, as listed), or
            ``"unlisted"`` (under keras.src but not in the table: which series has it is
            unknown).
        since: a clause naming the series that have the module (``"exists only in Keras 3
            (3.0 on: TensorFlow 2.16+)"``).
        fact: the table row read.
    """

    kind: str
    since: str
    fact: PlatformFact


def keras3_series(kb: Knowledge) -> tuple[str, str]:
    """The TensorFlow minors on either side of the Keras 3 switch: ``("2.16", "2.15")``, the
    first whose ``tf.keras`` is Keras 3 and the last with Keras 2 (whose Keras release had the
    same major.minor).  Source: platform fact ``keras3-switch`` (the 2.16 wheel depends on
    keras>=3.0.0, 2.15 on keras<2.16).

    Raises:
        KnowledgeError: the fact lost its ``tf_version``, or it is not ``major.minor`` with a
            minor above 0.
    """
    first = kb.platform_fact("keras3-switch").value("tf_version")
    major, _, minor = first.partition(".")
    if not (major.isdigit() and minor.isdigit() and int(minor) > 0):
        raise KnowledgeError(f"platform fact keras3-switch: tf_version {first!r} is not X.Y")
    return first, f"{major}.{int(minor) - 1}"


def fact_minor(fact: PlatformFact, key: str) -> tuple[int, int]:
    """The TensorFlow ``(major, minor)`` a platform fact's ``key`` holds (``"2.16"`` ->
    ``(2, 16)``).

    Raises:
        KnowledgeError: the value is not ``major.minor``.
    """
    value = fact.value(key)
    mm = tf_minor(value)
    if mm is None:
        raise KnowledgeError(f"platform fact {fact.ref}: {key} {value!r} is not X.Y")
    return mm


def keras3_installed(f: Facts) -> bool | None:
    """Whether the Keras that ``import keras`` gives is Keras 3: from the installed ``keras``
    distribution, else from TensorFlow's series (2.16+ depends on keras>=3: platform fact
    ``keras3-switch``); ``None`` when neither is known."""
    keras = f.dist_version("keras")
    if keras:
        major = keras.split(".")[0]
        return int(major) >= 3 if major.isdigit() else None
    mm = f.tf_mm
    if mm is None:
        return None
    first = f.kb.platform_fact("keras3-switch").value("tf_version").split(".")
    return mm >= (int(first[0]), int(first[1]))


def read_keras_src(f: Facts, module: str) -> KerasSrcReading | None:
    """The reading of a missing private Keras ``module`` (``"keras.src.legacy"``), or ``None``
    when it is not under ``keras.src``.

    Raises nothing: a module the table does not list gets kind ``"unlisted"``.
    """
    found = f.kb.keras_private_module(module)
    if found is None:
        return None
    fact, exact = found
    first = fact.value("first_keras")
    last = fact.values.get("last_keras")
    tf16 = f.kb.platform_fact("keras3-switch").value("tf_version")
    # a module below a listed one: the listed one's series bound it (a child cannot exist where
    # its parent does not), so say which module the series are of
    under = "" if exact else f"is under {fact.value('module')}, which "
    if first.startswith("3"):
        return KerasSrcReading(
            "keras3-only", f"{under}exists only in Keras 3 ({first} on: TensorFlow {tf16}+)",
            fact)
    if isinstance(last, str):
        return KerasSrcReading(
            "keras2-only", f"{under}exists only in Keras {first}-{last} (TensorFlow "
            f"{first}-{last}; Keras 3, TensorFlow {tf16}+, removed it)", fact)
    if exact:
        return KerasSrcReading(
            "from-2.13", f"exists from Keras {first} (TensorFlow {first}) on", fact)
    return KerasSrcReading(
        "unlisted", f"is under keras.src, which exists from Keras {first}, but Keras 3 "
        "reorganised keras.src and tfgpu's table does not say which Keras series have "
        "this module", fact)
