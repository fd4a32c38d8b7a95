"""Retyped messages: a second, case- and spacing-tolerant matching pass (bounded).

Users retype or paraphrase a message in an issue title or a one-line paste with other
capitalisation or spacing: "Illegal Instruction (core dumped)" for the shell's "Illegal
instruction", "Could not create cuDNN handle" for TensorFlow's "Could not create cudnn
handle", "DLL load failed:  The specified module..." with doubled spaces.  The catalogue's
regexes are case-sensitive (TensorFlow prints one exact wording, and some words mean other
things in other case: a bare "Killed" line is the shell's SIGKILL report, "killed" in prose
is not), so the exact pass says nothing on such lines.

:class:`Folder` retries, on a candidate line that the exact pass explained nothing on, the
patterns whose keyword the line holds but whose regex failed, with the regex compiled
``re.IGNORECASE`` and on the line with runs of whitespace squeezed to one space.  Only
*distinctive* patterns take part (:func:`is_distinctive`): every way through the regex
requires at least :data:`MIN_LITERAL_CHARS` literal characters ("illegal instruction",
"could not create ... handle"), so case cannot turn another text into a match of it; a
pattern whose shortest way is a bare word ("Killed", "error") is never folded.

Bounds: the pass runs only on lines of at most :data:`MAX_FOLD_CHARS` characters (a
retyped title or a one-line paste is short; TensorFlow's own long lines match exactly), at
most :data:`MAX_FOLD_LINES` lines per input, and a template (lower case, digits removed)
whose pass found nothing is not tried again (a byte-bounded set).  A hit it makes is
marked ``Hit.retyped``; the evidence of findings resting on it says the text was matched
ignoring case and spacing.  It never adds a hit to a line the exact pass explained.
"""

from __future__ import annotations

import re
import sys
from importlib import import_module
from typing import Any

from tfgpu.logs.patterns import Pattern

#: Fewest literal characters every way through a regex must require for it to be folded.
MIN_LITERAL_CHARS = 12
#: Longest line (characters) the tolerant pass reads.
MAX_FOLD_CHARS = 512
#: Lines per input the tolerant pass reads at most (then it stops: a bound on its time).
MAX_FOLD_LINES = 4096
#: Bytes of templates remembered as "the tolerant pass found nothing" before clearing.
MAX_MISS_BYTES = 2 * 1024 * 1024

_WS_RUN = re.compile(r"\s{2,}")


def _parser() -> Any:
    """The standard library's regex parser (``re._parser``; ``sre_parse`` before 3.11)."""
    try:
        return import_module("re._parser")
    except ImportError:  # pragma: no cover - Python 3.10
        return import_module("sre_parse")


def _min_literal(seq: Any) -> int:
    """Fewest literal characters any match of the parsed sequence ``seq`` contains."""
    total = 0
    for op, av in seq:
        name = str(op)
        if name == "LITERAL":
            total += 1
        elif name == "SUBPATTERN":
            total += _min_literal(av[-1])
        elif name == "ATOMIC_GROUP":
            total += _min_literal(av)
        elif name == "BRANCH":
            total += min(_min_literal(b) for b in av[1])
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT") and int(av[0]) >= 1:
            total += _min_literal(av[2])
        # IN, ANY, AT, CATEGORY, ASSERT, ASSERT_NOT, GROUPREF...: no literal required
    return total


def min_literal_chars(regex: str) -> int:
    """Fewest literal characters (letters, digits, punctuation written as themselves) that
    every match of ``regex`` contains: the minimum over alternatives, optional parts count 0,
    character classes and look-arounds count 0.

    Args:
        regex: a Python regular expression's source.

    Returns:
        The count, characters.
    """
    return _min_literal(_parser().parse(regex))


def is_distinctive(p: Pattern) -> bool:
    """Whether ``p`` may be matched ignoring case: every way through its regex requires at
    least :data:`MIN_LITERAL_CHARS` literal characters.  Patterns that only give context
    (``ctx.``), pick telling lines (``tell.``) or name a generic CUDA error are never folded.
    """
    if p.name.startswith(("tell.", "ctx.", "cuda.error")):
        return False
    return min_literal_chars(p.regex.pattern) >= MIN_LITERAL_CHARS


def squeeze(text: str) -> str:
    """``text`` with every run of two or more whitespace characters made one space, and
    without leading and trailing whitespace."""
    return _WS_RUN.sub(" ", text).strip()


#: Pattern (by identity; the pattern is kept so that its id is never reused) -> its
#: case-insensitive regex, or ``None`` when it is not distinctive.  One entry per pattern.
_FOLDED: dict[int, tuple[Pattern, re.Pattern[str] | None]] = {}


class Folder:
    """The tolerant pass of one engine (one input): folded regexes, bounds and misses.

    Attributes:
        lines_folded: lines the pass has read so far (at most :data:`MAX_FOLD_LINES`).
    """

    __slots__ = ("_miss_bytes", "_misses", "lines_folded")

    def __init__(self) -> None:
        self._misses: set[str] = set()
        self._miss_bytes = 0
        self.lines_folded = 0

    def regex(self, p: Pattern) -> re.Pattern[str] | None:
        """The case-insensitive regex of ``p``, or ``None`` when ``p`` is not distinctive
        (compiled once per process)."""
        got = _FOLDED.get(id(p))
        if got is None or got[0] is not p:
            rx = re.compile(p.regex.pattern, re.IGNORECASE) if is_distinctive(p) else None
            got = _FOLDED[id(p)] = (p, rx)
        return got[1]

    def match(
        self, template: str, texts: tuple[str, ...], failed: list[Pattern]
    ) -> list[tuple[Pattern, re.Match[str]]]:
        """Match ``failed`` (patterns whose keyword a line holds but whose regex did not
        match it) on the line's ``texts`` (the line, and without its prefix) ignoring case
        and spacing.

        Args:
            template: the line's template (lower case, digits removed): the miss cache key.
            texts: the line and its message without prefix; each at most
                :data:`MAX_FOLD_CHARS` characters is tried as is and squeezed.
            failed: the candidate patterns, in catalogue order.

        Returns:
            ``(pattern, match)`` per pattern that matched, in catalogue order; ``[]`` when
            none did or a bound was reached.
        """
        if self.lines_folded >= MAX_FOLD_LINES or template in self._misses:
            return []
        rxs = [(p, rx) for p in failed if (rx := self.regex(p)) is not None]
        if not rxs:
            return []
        forms: list[str] = []
        for t in texts:
            if len(t) <= MAX_FOLD_CHARS:
                for form in (t, squeeze(t)):
                    if form not in forms:
                        forms.append(form)
        if not forms:
            return []
        self.lines_folded += 1
        out: list[tuple[Pattern, re.Match[str]]] = []
        for p, rx in rxs:
            for form in forms:
                m = rx.search(form)
                if m is not None:
                    out.append((p, m))
                    break
        if not out:
            size = sys.getsizeof(template) + 100
            if self._miss_bytes + size > MAX_MISS_BYTES:
                self._misses.clear()
                self._miss_bytes = 0
            self._misses.add(template)
            self._miss_bytes += size
        return out
