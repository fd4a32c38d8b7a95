"""Small wording helpers every layer shares (report, diagnosis, cli)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any


def plural(n: object, word: str) -> str:
    """``"1 line"``, ``"3 lines"``: ``n`` and ``word``, with an ``s`` unless ``n == 1``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


#: In a template: a count field, up to two words, then a noun written ``noun(s)``
#: (``"{count} NVIDIA device(s)"``).
_COUNTED = re.compile(r"\{(\w+)\}((?: [\w*.\[\]=-]+){0,2}?) ([A-Za-z][\w-]*)\(s\)")


def counted(template: str, fields: Mapping[str, object]) -> str:
    """``template`` (a :meth:`str.format` template) with each ``{count} noun(s)`` in the
    number of its count: ``"{n} GPU(s)"`` becomes ``"{n} GPU"`` when ``fields["n"]`` is 1
    (or ``"1"``), else ``"{n} GPUs"``; up to two words may stand between the field and the
    noun (``"{count} NVIDIA device(s)"``).  The finding catalogue's templates write counted
    nouns so (:func:`tfgpu.diagnosis.catalogue.make`); the fields' own text (a quoted log
    line's "2 root error(s) found") is never touched, as it is not the template's."""
    def one(m: re.Match[str]) -> str:
        single = str(fields.get(m[1], "")) == "1"
        return f"{{{m[1]}}}{m[2]} {m[3]}" + ("" if single else "s")

    return _COUNTED.sub(one, template)


def _count(value: Any) -> int | None:
    v = value.get("value") if isinstance(value, Mapping) else None
    return v if isinstance(v, int) and not isinstance(v, bool) else None


def _one_size(used: int | None, available: int | None, limit: int | None, what: str) -> str:
    if used is not None and available is not None:
        if used < available:
            return f"first {used:,} of {available:,} {what} images"
        if limit is not None and limit > used:
            # --test-samples 999999 on a set of 10,000: capped, and said so
            return f"all {used:,} {what} images ({limit:,} asked for; the set has no more)"
        return f"{used:,} {what} images"
    if limit is not None:
        return f"at most the first {limit:,} {what} images"
    return ""


def data_sizes(cfg: Mapping[str, Any]) -> str:
    """How many images a run used of how many the data set has, from the bench document's
    ``config`` (``train_samples``/``train_available``/``test_samples``/``test_available``,
    reported by the bench child once the data is loaded, and the ``train_limit``/
    ``test_limit`` of ``--quick``/``--train-samples``/``--test-samples``).

    Returns:
        ``"first 3,000 of 60,000 training images, first 500 of 10,000 test images"`` when
        a limit was asked for or fewer images than the set has were used (a figure from
        part of a test set must not read as one from all of it); ``""`` for a run on the
        whole set. Without the child's counts (every child failed before loading the
        data) it names the limit: ``"at most the first 3,000 training images"``.
    """
    tr_used, tr_all = _count(cfg.get("train_samples")), _count(cfg.get("train_available"))
    te_used, te_all = _count(cfg.get("test_samples")), _count(cfg.get("test_available"))
    tr_lim, te_lim = _count(cfg.get("train_limit")), _count(cfg.get("test_limit"))
    subset = (
        tr_lim is not None
        or te_lim is not None
        or (tr_used is not None and tr_all is not None and tr_used < tr_all)
        or (te_used is not None and te_all is not None and te_used < te_all)
    )
    if not subset:
        return ""
    parts = [
        _one_size(tr_used, tr_all, tr_lim, "training"),
        _one_size(te_used, te_all, te_lim, "test"),
    ]
    return ", ".join(p for p in parts if p)


#: The ``tfgpu bench`` workloads that train on the data; ``ceilings`` trains nothing.
TRAINING_WORKLOADS = ("guide", "tuned")


def trains(cfg: Mapping[str, Any]) -> bool:
    """Whether a bench run trained on the data: the bench document's ``config.workloads``
    holds ``guide`` or ``tuned`` (``True`` when the list is missing, as in older documents);
    ``--workloads ceilings`` alone measures the device and reads no data."""
    asked = cfg.get("workloads")
    return not isinstance(asked, list) or any(w in TRAINING_WORKLOADS for w in asked)


__all__ = ["TRAINING_WORKLOADS", "data_sizes", "plural", "trains"]
