"""Retyped messages: a second, case- and spacing-tolerant matching pass (bounded).

Users retype or paraphrase a message in an issue title or a one-line paste with other
capitalisation or spacing: "Illegal Instruction (core dumped)" for the shell's "Illegal
instruction", "Could not create cuDNN handle" for TensorFlow's "Could not create cudnn
handle", "dll load failed:  The specified procedure..." with doubled spaces.  The catalogue's
regexes are case-sensitive (TensorFlow prints one exact wording, and some words mean other
things in other case: a bare "Killed" line is the shell's SIGKILL report, "killed" in prose
is not), so the exact pass says nothing on such lines.

:class:`Folder` retries, on a candidate line that the exact pass explained nothing on, the
patterns whose keyword the line holds (also once its runs of spaces are squeezed) but whose
regex failed, with the regex's cased literal letters matching either case
(:func:`fold_literals`; character classes keep their case, and a group that takes one of a
few literals gives the literal as written) on the line as is and with its runs of
whitespace squeezed to one space.  Only
*distinctive* patterns take part (:func:`is_distinctive`): every way through the regex
requires at least :data:`MIN_LITERAL_CHARS` literal characters ("illegal instruction",
"could not create ... handle"), so case cannot turn another text into a match of it; a
pattern whose shortest way is a bare word ("Killed", "error") is never folded.

A line the reader drops never reaches it: a doubled space inside a message's only keyword
("Illegal  instruction") is not recognised.

Bounds: the pass runs only on lines of at most :data:`MAX_FOLD_CHARS` characters (a
retyped title or a one-line paste is short; TensorFlow's own long lines match exactly), at
most :data:`MAX_FOLD_LINES` lines per input, and a template (lower case, digits removed)
whose pass found nothing is not tried again (a byte-bounded set).  A hit it makes is
marked ``Hit.retyped``; the evidence of findings resting on it says the text was matched
ignoring case and spacing.  It never adds a hit to a line the exact pass explained.
"""

from __future__ import annotations

import functools
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


@functools.lru_cache(maxsize=16)
def _parse(regex: str) -> Any:
    """``regex`` parsed by :func:`_parser` (a tree only read, never changed), kept for the
    last few regexes: :meth:`Folder.folded` asks :func:`is_distinctive` and then
    :func:`literal_groups` about the same regex, and it is parsed once for both.

    Raises:
        re.error: not a regular expression.
    """
    return _parser().parse(regex)


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
    return _min_literal(_parse(regex))


def is_distinctive(p: Pattern) -> bool:
    """Whether ``p`` may be matched ignoring case: every way through its regex requires at
    least :data:`MIN_LITERAL_CHARS` literal characters.  Patterns that only give context
    (``ctx.``), pick telling lines (``tell.``) or name a generic CUDA error are never folded.
    """
    if p.name.startswith(("tell.", "ctx.", "cuda.error")):
        return False
    return min_literal_chars(p.source) >= MIN_LITERAL_CHARS


_QUANTIFIER = re.compile(r"\{\d*(?:,\d*)?\}")
_GROUP_HEAD = re.compile(
    r"\(\?(?:P<\w+>|P=\w+\)|<[=!]|[:=!>]|#[^)]*\)|[aiLmsux]*(?:-[imsx]+)?[:)])")


def fold_literals(regex: str) -> str:
    """``regex`` with each cased letter it matches literally (outside character classes,
    escapes, group heads and quantifiers) written as a two-case class: ``Illegal`` becomes
    ``[iI][lL][lL][eE][gG][aA][lL]``.

    Unlike ``re.IGNORECASE``, character classes keep their case: ``[A-Z_]{3,60}`` (a status
    name such as ``CUDNN_STATUS_INTERNAL_ERROR``) still takes upper case only, so a retyped
    line does not give a group a value the exact regex could not (``"please"``).

    Args:
        regex: a Python regular expression's source.

    Returns:
        The rewritten source (same groups, same names).
    """
    out: list[str] = []
    i, n = 0, len(regex)
    while i < n:
        c = regex[i]
        if c == "\\":
            nxt = regex[i + 1 : i + 2]
            width = {"x": 4, "u": 6, "U": 10}.get(nxt, 2)
            if nxt == "N":
                width = regex.index("}", i) + 1 - i
            out.append(regex[i : i + width])
            i += width
        elif c == "[":
            j = i + 1
            if regex[j : j + 1] == "^":
                j += 1
            if regex[j : j + 1] == "]":
                j += 1
            while regex[j] != "]":
                j += 2 if regex[j] == "\\" else 1
            out.append(regex[i : j + 1])
            i = j + 1
        elif (m := (_GROUP_HEAD if c == "(" else _QUANTIFIER).match(regex, i)) is not None:
            out.append(m.group())  # a group's head or a quantifier, as written
            i = m.end()
        elif c.lower() != c.upper() and len(c.lower()) == len(c.upper()) == 1:
            out.append(f"[{c.lower()}{c.upper()}]")
            i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _literal_choices(seq: Any) -> list[str] | None:
    """The strings a parsed sequence can match when it is made of plain literals and
    choices of them (``cudnn|cublas``, which the parser stores as ``cu(?:dnn|blas)``;
    ``x|S|D|H``), at most 64; else ``None``."""
    out = [""]
    for op, av in seq:
        name = str(op)
        if name == "LITERAL":
            step: list[str] | None = [chr(int(av))]
        elif name == "IN" and all(str(o) == "LITERAL" for o, _ in av):
            step = [chr(int(v)) for _, v in av]
        elif name == "BRANCH":
            step = []
            for b in av[1]:
                got = _literal_choices(b)
                if got is None:
                    return None
                step += got
        elif name == "SUBPATTERN":
            step = _literal_choices(av[-1])
        else:
            return None
        if step is None or len(out) * len(step) > 64:
            return None
        out = [a + b for a in out for b in step]
    return out


def literal_groups(regex: str) -> dict[str, dict[str, str]]:
    """The named groups of ``regex`` that match one of a few plain literals, each as
    case-folded value -> the literal as written (``{"lib": {"cudnn": "cudnn", ...}}``):
    a retyped ``cuDNN`` is given back as the regex's ``cudnn``.

    Args:
        regex: a Python regular expression's source.

    Returns:
        Group name -> (case-folded literal -> literal as written); groups that take anything
        else than at most 64 plain literals are absent.
    """
    parsed = _parse(regex)
    names = {v: k for k, v in parsed.state.groupdict.items()}
    found: dict[str, dict[str, str]] = {}

    def walk(seq: Any) -> None:
        for op, av in seq:
            name = str(op)
            if name == "SUBPATTERN":
                if av[0] in names:
                    choices = _literal_choices(av[-1])
                    if choices is not None:
                        found[names[av[0]]] = {c.casefold(): c for c in reversed(choices)}
                walk(av[-1])
            elif name == "BRANCH":
                for b in av[1]:
                    walk(b)
            elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
                walk(av[2])
            elif name == "ATOMIC_GROUP":
                walk(av)
            elif name in ("ASSERT", "ASSERT_NOT"):
                walk(av[1])

    walk(parsed)
    return found


def cut_mid_word(m: re.Match[str], form: str) -> bool:
    """Whether a named group of the tolerant match ``m`` on ``form`` stops inside a word: it
    ends in an upper-case letter or ``_`` and a lower-case letter follows.  A class kept in
    upper case (``CUDA_ERROR_[A-Z_]+``) then took only the first letter of a retyped name
    ("Cuda_Error_Unknown" gives ``Cuda_Error_U``): a value the exact regex never gives, so
    the match is not used.

    Args:
        m: a match of a folded regex on ``form``.
        form: the text ``m`` was searched in.

    Returns:
        ``True`` when some named group ends that way.
    """
    for k, v in m.groupdict().items():
        if not v:
            continue
        end = m.end(k)
        if (v[-1].isupper() or v[-1] == "_") and end < len(form) and form[end].islower():
            return True
    return False


def squeeze(text: str) -> str:
    """``text`` with every run of two or more whitespace characters made one space, and
    without leading and trailing whitespace."""
    return _WS_RUN.sub(" ", text).strip()


def _forms(texts: tuple[str, ...]) -> list[str]:
    """The forms a line is tried in: each of ``texts`` of at most :data:`MAX_FOLD_CHARS`
    characters as is and squeezed (:func:`squeeze`), without repeats, in that order."""
    forms: list[str] = []
    for t in texts:
        if len(t) <= MAX_FOLD_CHARS:
            for form in (t, squeeze(t)):
                if form not in forms:
                    forms.append(form)
    return forms


class Folded:
    """A distinctive pattern's tolerant form.

    Attributes:
        regex: :func:`fold_literals` of the pattern's regex, compiled.
        literals: :func:`literal_groups` of it: a group's retyped value -> as written.
    """

    __slots__ = ("literals", "regex")

    def __init__(self, p: Pattern) -> None:
        self.regex = re.compile(fold_literals(p.source))
        self.literals = literal_groups(p.source)

    def groups(self, m: re.Match[str]) -> dict[str, str]:
        """The named groups of a match, as the exact regex would give them: a group that
        takes one of a few literals gets the literal as written."""
        out = {}
        for k, v in m.groupdict().items():
            if v is not None:
                canon = self.literals.get(k)
                out[k] = canon.get(v.casefold(), v) if canon else v
        return out


#: Pattern (by identity; the pattern is kept so that its id is never reused) -> its
#: tolerant form, or ``None`` when it is not distinctive.  One entry per pattern.
_FOLDED: dict[int, tuple[Pattern, Folded | None]] = {}
#: Context pattern (by identity, kept as above) -> its regex with literals folded.
_FOLDED_CTX: dict[int, tuple[Pattern, re.Pattern[str]]] = {}


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

    def folded(self, p: Pattern) -> Folded | None:
        """The tolerant form of ``p``, or ``None`` when ``p`` is not distinctive (built once
        per process)."""
        got = _FOLDED.get(id(p))
        if got is None or got[0] is not p:
            got = _FOLDED[id(p)] = (p, Folded(p) if is_distinctive(p) else None)
        return got[1]

    def context(self, texts: tuple[str, ...], ctxs: list[Pattern]) -> list[Pattern]:
        """The context patterns (``ctx.``) among ``ctxs`` that match one of ``texts`` (the
        line, and without its prefix) ignoring case and spacing.  Called only for a line
        on which :meth:`match` found a distinctive pattern: the context words of a retyped
        message are retyped with it ("unimplemented: dnn library is not found" is the status
        form its exact "UNIMPLEMENTED: " prefix marks), and a check that reads the message
        without its context would make another claim than on the message as TensorFlow
        prints it.  Context patterns are short, so they are never folded on other lines.

        Args:
            texts: the line and its message without prefix (each at most
                :data:`MAX_FOLD_CHARS` characters is tried as is and squeezed).
            ctxs: context patterns whose exact regex did not match the line.

        Returns:
            The patterns of ``ctxs`` that matched, in the order given.
        """
        forms = _forms(texts)
        out: list[Pattern] = []
        for p in ctxs:
            got = _FOLDED_CTX.get(id(p))
            if got is None or got[0] is not p:
                got = _FOLDED_CTX[id(p)] = (p, re.compile(fold_literals(p.source)))
            if any(got[1].search(form) for form in forms):
                out.append(p)
        return out

    def skips(self, template: str) -> bool:
        """Whether :meth:`match` would return ``[]`` on a line of ``template`` whatever its
        patterns: the line bound is reached, or the template already found nothing."""
        return self.lines_folded >= MAX_FOLD_LINES or template in self._misses

    def match(
        self, template: str, texts: tuple[str, ...], failed: list[Pattern]
    ) -> list[tuple[Pattern, dict[str, str]]]:
        """Match ``failed`` (patterns whose keyword a line holds but whose regex did not
        match it) on the line's ``texts`` (the line, and without its prefix) ignoring case
        and spacing.

        Args:
            template: the line's template (lower case, digits removed): the miss cache key.
            texts: the line and its message without prefix; each at most
                :data:`MAX_FOLD_CHARS` characters is tried as is and squeezed.
            failed: the candidate patterns, in catalogue order.

        Returns:
            ``(pattern, named groups)`` per pattern that matched, in catalogue order (see
            :meth:`Folded.groups`); ``[]`` when none did or a bound was reached.
        """
        if self.skips(template):
            return []
        rxs = [(p, f) for p in failed if (f := self.folded(p)) is not None]
        if not rxs:
            return []
        forms = _forms(texts)
        if not forms:
            return []
        self.lines_folded += 1
        out: list[tuple[Pattern, dict[str, str]]] = []
        for p, f in rxs:
            for form in forms:
                m = f.regex.search(form)
                if m is not None and not cut_mid_word(m, form):
                    out.append((p, f.groups(m)))
                    break
        if not out:
            size = sys.getsizeof(template) + 100
            if self._miss_bytes + size > MAX_MISS_BYTES:
                self._misses.clear()
                self._miss_bytes = 0
            self._misses.add(template)
            self._miss_bytes += size
        return out
