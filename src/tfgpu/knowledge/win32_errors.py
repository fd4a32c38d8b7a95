"""Windows system error codes a failed DLL load prints: the one table of them.

The rows live in ``data/win32_errors.toml``: each code's winerror.h name, its English
message text from Microsoft's System Error Codes pages
(https://learn.microsoft.com/en-us/windows/win32/debug/system-error-codes), the kind of
fault the checks make of it, and the localized texts of the code that public reports print
(each with its source).  Python's Windows loader (``Python/dynload_win.c``) prints
``DLL load failed[ while importing <module>]: <text>``, where ``<text>`` is FormatMessageW's
text of the Win32 error in the user's display language; :func:`from_text` names the code
such a text is.  A text the table does not list is an unknown reason: the checks say so and
quote it, they do not guess a code.

The file is read once, on first use, through the knowledge parse cache
(:func:`tfgpu.knowledge._load.read_table`), so a command that reads no DLL error never
reads it.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from tfgpu.knowledge._load import packaged_table, text_field
from tfgpu.knowledge._rows import KnowledgeError

#: The data file (``knowledge/data/win32_errors.toml``), without ``.toml``.
TABLE = "win32_errors"

#: What the checks do with a code: the loader faults with findings of their own, and
#: ``system`` (the finding ``windows-dll-load-system-error`` quotes the row's meaning and
#: fix).
KINDS: tuple[str, ...] = (
    "module-not-found", "procedure-not-found", "init-failed", "bad-image", "system")


#: The fewest characters (after :func:`normalise`) of a reason cut inside a message text
#: that :func:`from_text` reads as the start of that text: 8 CJK characters, or a few
#: words of an alphabetic language ("The specified module could not be f" has 29).
CUT_MIN_CHARS = 8


@dataclass(frozen=True, slots=True)
class LocalText:
    """One localized message text of a code.

    Attributes:
        lang: the display language (BCP 47: ``"de"``, ``"zh-Hans"``, ``"pt-BR"``).
        text: the text as FormatMessage returns it there.
        source: key of the ``[sources]`` entry that prints it verbatim.
    """

    lang: str
    text: str
    source: str


@dataclass(frozen=True, slots=True)
class Win32Error:
    """One Windows system error code.

    Attributes:
        code: the value (``126``).
        name: its winerror.h name (``"ERROR_MOD_NOT_FOUND"``).
        english: the English message text (``"The specified module could not be found."``).
        source: key of the ``[sources]`` entry (a System Error Codes page).
        kind: one of :data:`KINDS`.
        meaning: for ``system`` rows, what the code means for a DLL load (a clause).
        fix: for ``system`` rows, the fix lines (commands or ``#`` instructions).
        localized: the localized texts the table knows.
    """

    code: int
    name: str
    english: str
    source: str
    kind: str
    meaning: str
    fix: tuple[str, ...]
    localized: tuple[LocalText, ...]

    @property
    def ref(self) -> str:
        """The knowledge reference findings carry: ``"win32_errors:ERROR_MOD_NOT_FOUND"``."""
        return f"{TABLE}:{self.name}"

    @property
    def texts(self) -> tuple[str, ...]:
        """Every text of the code: the English one first, then the localized ones."""
        return (self.english, *(t.text for t in self.localized))


#: Characters a paste changes in a message text: typographic apostrophes (French ``d’``),
#: and the full stops that end one (ASCII or ideographic).
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'"})
_SPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    """``text`` as :func:`from_text` compares it: NFKC (full-width ``，`` as ``,``), typographic
    apostrophes as ``'``, lower case, no white space at all (pastes add and drop the spaces
    around "(DLL)" in CJK texts), and no final full stop (``.``/``。``)."""
    t = unicodedata.normalize("NFKC", text).translate(_APOSTROPHES).casefold()
    return _SPACE.sub("", t).rstrip(".。")


def _sources() -> Mapping[str, object]:
    raw = packaged_table(TABLE).get("sources")
    if not isinstance(raw, dict):
        raise KnowledgeError(f"{TABLE}.toml: the [sources] table is missing")
    return raw


def _row(raw: object, index: int, sources: Mapping[str, object]) -> Win32Error:
    where = f"{TABLE}.toml error[{index}]"
    if not isinstance(raw, dict):
        raise KnowledgeError(f"{where}: must be a table")
    code = raw.get("code")
    if not isinstance(code, int) or isinstance(code, bool) or code <= 0:
        raise KnowledgeError(f"{where}: 'code' must be a positive integer")
    kind = text_field(raw, "kind", where)
    if kind not in KINDS:
        raise KnowledgeError(f"{where}: 'kind' must be one of {KINDS}")
    source = text_field(raw, "source", where)
    fix = raw.get("fix", [])
    if not isinstance(fix, list) or not all(isinstance(f, str) and f for f in fix):
        raise KnowledgeError(f"{where}: 'fix' must be a list of non-empty strings")
    meaning = text_field(raw, "meaning", where, optional=True)
    if kind == "system" and not (meaning and fix):
        raise KnowledgeError(f"{where}: a 'system' row needs 'meaning' and 'fix'")
    local: list[LocalText] = []
    raw_local = raw.get("localized", [])
    if not isinstance(raw_local, list):
        raise KnowledgeError(f"{where}: 'localized' must be a list")
    for j, item in enumerate(raw_local):
        at = f"{where} localized[{j}]"
        if not isinstance(item, dict):
            raise KnowledgeError(f"{at}: must be a table")
        local.append(LocalText(text_field(item, "lang", at), text_field(item, "text", at),
                               text_field(item, "source", at)))
    for key in (source, *(t.source for t in local)):
        if key not in sources:
            raise KnowledgeError(f"{where}: source {key!r} is not in [sources]")
    return Win32Error(code=code, name=text_field(raw, "name", where),
                      english=text_field(raw, "english", where), source=source, kind=kind,
                      meaning=meaning, fix=tuple(fix), localized=tuple(local))


@functools.cache
def errors() -> Mapping[int, Win32Error]:
    """Every row of ``win32_errors.toml``, by code, in file order (read once per process).

    Raises:
        KnowledgeError: the file is missing or not valid TOML, a row lacks a key, names an
            unknown kind or a source that is not in ``[sources]``, or repeats a code (a
            broken install or a bad edit).
    """
    rows = packaged_table(TABLE).get("error")
    if not isinstance(rows, list) or not rows:
        raise KnowledgeError(f"{TABLE}.toml: no [[error]] rows")
    sources = _sources()
    out: dict[int, Win32Error] = {}
    for i, raw in enumerate(rows):
        row = _row(raw, i, sources)
        if row.code in out:
            raise KnowledgeError(f"{TABLE}.toml: code {row.code} is listed twice")
        out[row.code] = row
    return MappingProxyType(out)


@functools.cache
def _keys() -> tuple[tuple[str, Win32Error], ...]:
    """Every text of every code, normalised, longest first (a longer text wins over one it
    contains); the ``%1`` insert (error 193's "%1 is not a valid Win32 application.") is
    left out, since a caller may fill it with the file's name."""
    pairs = [(normalise(t).replace("%1", ""), row) for row in errors().values()
             for t in row.texts]
    return tuple(sorted(pairs, key=lambda p: -len(p[0])))


def from_text(why: str) -> Win32Error | None:
    """The code whose message text (English or a localized one the table lists) stands in
    ``why``, the reason after "DLL load failed[ while importing X]:"; ``None`` when it
    names none of them (an unknown reason: a language or a code the table lacks).

    The comparison ignores case, white space, typographic apostrophes and the final full
    stop (:func:`normalise`), and finds the text anywhere in ``why`` (a paste may add words
    after it).  A ``why`` of at least :data:`CUT_MIN_CHARS` characters (white space left
    out) that is the start of exactly one code's text is that code: a paste cut inside it.

    Raises:
        KnowledgeError: ``win32_errors.toml`` cannot be read (see :func:`errors`).
    """
    low = normalise(why)
    if not low:
        return None
    found = next((row for key, row in _keys() if key and key in low), None)
    if found is not None or len(low) < CUT_MIN_CHARS:
        return found
    # a paste cut inside the text ("The specified module could not be f"): the start of
    # exactly one code's text is that code
    rows = {row.code: row for key, row in _keys() if key.startswith(low)}
    return next(iter(rows.values())) if len(rows) == 1 else None


def by_code(code: int) -> Win32Error | None:
    """The row of ``code`` (``126``), or ``None`` when the table does not list it."""
    return errors().get(code)


__all__ = ["CUT_MIN_CHARS", "KINDS", "TABLE", "LocalText", "Win32Error", "by_code", "errors",
           "from_text", "normalise"]
