"""Adversarial lines for a regular expression: long runs of what it repeats.

For every repeat in the pattern (``*``, ``+``, ``{m,n}`` with n > 1) the lines are: the
text that leads to it (a sample of the pattern before it), then a long run of one unit
the repeat accepts (each literal, each class's first and last character), then an ending
that makes the match fail ("", "\\x01", "(", ")", " x"); plus the lead and a 50-unit run
repeated along the whole line (a search restarting at each of many occurrences).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

try:  # Python 3.11+
    import re._constants as _c
    import re._parser as _parse
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _c  # type: ignore[no-redef]
    import sre_parse as _parse  # type: ignore[no-redef]

_CATEGORY = {
    _c.CATEGORY_DIGIT: "0", _c.CATEGORY_NOT_DIGIT: "a", _c.CATEGORY_SPACE: " ",
    _c.CATEGORY_NOT_SPACE: "a", _c.CATEGORY_WORD: "a", _c.CATEGORY_NOT_WORD: " ",
}
ENDINGS = ("", "\x01", "(", ")", " x")


def _sample(seq: Any) -> str:
    return "".join(_sample1(op, av) for op, av in seq)


def _sample1(op: Any, av: Any) -> str:
    """One short string the node matches (its minimum repeat count)."""
    if op is _c.LITERAL:
        return chr(av)
    if op is _c.NOT_LITERAL:
        return "a" if av != ord("a") else "b"
    if op is _c.ANY:
        return "a"
    if op is _c.IN:
        return next(_set_chars(av, negate="\x01"), "a")
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
        lo, _hi, item = av
        return _sample(item) * lo
    if op is _c.SUBPATTERN:
        return _sample(av[-1])
    if op is _c.BRANCH:
        return _sample(av[1][0])
    return ""


def _set_chars(items: Any, negate: str | None = None) -> Iterator[str]:
    """Characters the set ``[...]`` of ``items`` names, in order: each literal, both ends of
    each range, one per category; ``negate`` (when given) where the set is negated."""
    for iop, iav in items:
        if iop is _c.LITERAL:
            yield chr(iav)
        elif iop is _c.RANGE:
            yield chr(iav[0])
            yield chr(iav[1])
        elif iop is _c.CATEGORY:
            yield _CATEGORY.get(iav, "a")
        elif iop is _c.NEGATE and negate is not None:
            yield negate


def _units(op: Any, av: Any) -> Iterator[str]:
    yield _sample1(op, av)
    if op is _c.IN:
        yield from _set_chars(av)


def _walk(seq: Any, lead: str, out: set[tuple[str, str]]) -> None:
    for op, av in seq:
        if op in (_c.MAX_REPEAT, _c.MIN_REPEAT):
            _lo, hi, item = av
            if hi > 1:
                units = {_sample(item)}
                for iop, iav in item:
                    units.update(_units(iop, iav))
                out.update((lead, u) for u in units if u)
            _walk(item, lead, out)
        elif op is _c.SUBPATTERN:
            _walk(av[-1], lead, out)
        elif op is _c.BRANCH:
            for alt in av[1]:
                _walk(alt, lead, out)
        elif op in (_c.ASSERT, _c.ASSERT_NOT):
            _walk(av[1], lead, out)
        lead += _sample1(op, av)


def adversarial_lines(pattern: str, size: int) -> list[str]:
    """Lines of exactly ``size`` characters (fewer when a lead is longer) that attack
    ``pattern``'s repeats.

    Args:
        pattern: the regular expression's source.
        size: line length, characters.
    """
    tree = list(_parse.parse(pattern))
    pairs: set[tuple[str, str]] = set()
    _walk(tree, "", pairs)
    lines: set[str] = set()
    # the whole pattern's sample and its near miss, repeated (patterns without repeats)
    whole = _sample(tree)
    for unit in (whole, whole[:-1], " " + whole[:-1]):
        if unit:
            lines.add((unit * (size // len(unit) + 1))[:size])
    for lead, unit in pairs:
        run = lead + unit * (size // len(unit) + 1)
        for end in ENDINGS:
            lines.add(run[: max(0, size - len(end))] + end)
        block = lead + unit * 50
        lines.add((block * (size // len(block) + 1))[:size])
    return sorted(lines)
