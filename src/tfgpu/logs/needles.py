"""Which catalogue keywords hold which: the substring relation among the patterns' needles.

The prefilter keeps only the keywords no other keyword contains (a line holding the longer one
holds the shorter one too), and the engine's needle index tests a longer keyword only after a
shorter one inside it matched. Both need, for ~2,200 keywords, every pair where one is a
substring of the other: tested pair by pair in Python that is ~5 million ``in`` tests (about
0.6 s at every start of ``tfgpu explain``); here it is one ``str.find`` scan per keyword over
all keywords joined, in C.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from functools import lru_cache

#: Joins the keywords into one text; no keyword holds it, so no match spans two keywords.
_SEPARATOR = "\0"


def holders(needles: Iterable[str]) -> dict[str, frozenset[str]]:
    """Every keyword of ``needles`` -> the other keywords that contain it as a substring.

    ``needles``: non-empty strings without NUL; duplicates are read once. The result has one
    entry per distinct keyword (an empty set when no other keyword holds it). Raises
    ``ValueError`` for an empty keyword or one holding NUL (it would match across keywords).
    Work: one ``str.find`` scan of the joined text per keyword and per occurrence, in C."""
    return dict(_holders(tuple(sorted(set(needles)))))


@lru_cache(maxsize=4)
def _holders(order: tuple[str, ...]) -> dict[str, frozenset[str]]:
    """:func:`holders` of the distinct keywords in sorted order, computed once per set (the
    engine's index asks for the same set's holders and roots at every start)."""
    if any(not n or _SEPARATOR in n for n in order):
        raise ValueError("a keyword is empty or holds NUL")
    text = _SEPARATOR.join(order)
    starts: list[int] = []
    at = 0
    for n in order:
        starts.append(at)
        at += len(n) + 1
    found: dict[str, set[str]] = {n: set() for n in order}
    for n in order:
        i = text.find(n)
        while i != -1:
            holder = order[bisect_right(starts, i) - 1]
            if holder != n:
                found[n].add(holder)
            i = text.find(n, i + 1)
    return {n: frozenset(h) for n, h in found.items()}


def roots(needles: Iterable[str]) -> tuple[str, ...]:
    """The keywords of ``needles`` that hold no other keyword, shortest first (ties in
    alphabetical order): a text holds one of ``needles`` exactly when it holds one of these.
    Raises ``ValueError`` as :func:`holders` does."""
    held = holders(needles)
    not_roots = {h for hs in held.values() for h in hs}  # each holds another keyword
    return tuple(sorted((n for n in held if n not in not_roots), key=lambda n: (len(n), n)))
