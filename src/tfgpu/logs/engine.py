"""The matching engine: cleaned lines in, bounded hits per pattern out (:class:`LogFacts`)."""

from __future__ import annotations

import re
import sys

from tfgpu.facts.log import Hit, Hits, LogFacts
from tfgpu.logs.patterns import CONTEXT_ONLY, PATTERNS, Pattern
from tfgpu.logs.reader import (
    MAX_FOLLOW_LINES,
    MAX_LINE_CHARS,
    continues,
    starts_record,
    template_of,
)

#: Patterns that pick out telling lines for unrecognised errors.
TELLING_PREFIX = "tell."
#: Patterns whose match does not explain a line (context, generic CUDA error names).
NOT_EXPLAINING = ("tell.", "ctx.", "cuda.error")
#: Bytes of line templates (``sys.getsizeof``) whose pattern list is remembered before
#: the cache is cleared: a bound in bytes, so unique 2 KiB lines cannot grow it.
MAX_TEMPLATE_BYTES = 8 * 1024 * 1024


#: Longest text of lines joined to match a wrapped message, characters.
MAX_JOINED_CHARS = 2 * MAX_LINE_CHARS


class _Pending:
    """A line that does not end a sentence and holds the keyword of catalogue patterns that
    did not match it: they are tried again on it joined with the next line(s)."""

    __slots__ = ("first", "joins", "last", "patterns", "text")

    def __init__(self, line_no: int, text: str, patterns: tuple[Pattern, ...]) -> None:
        self.first = line_no  # the hit is recorded at the message's first line
        self.last = line_no
        self.text = text
        self.patterns = patterns
        self.joins = 0


class Engine:
    """Feed cleaned lines in input order; read :attr:`hits` afterwards.

    A message wrapped over several lines (a terminal's or an issue tracker's line breaks:
    "File format not supported:" / "filepath=..." / "Keras 3 only supports ...") is matched
    on the joined lines: when a line holds a pattern's keyword but the pattern does not
    match it, and the line does not end with terminal punctuation, the pattern is tried
    again on the line joined with the next one (up to :data:`MAX_FOLLOW_LINES` more lines,
    :data:`MAX_JOINED_CHARS` characters).  Each line is joined at most that many times, so
    the work stays linear in the input; memory is one pending line.
    """

    def __init__(self) -> None:
        self.hits: dict[str, Hits] = {}
        self._templates: dict[str, tuple[Pattern, ...]] = {}
        self._template_bytes = 0
        self._pending: _Pending | None = None
        self.lines_fed = 0

    def facts(self) -> LogFacts:
        """What was fed so far, as :class:`LogFacts` (the engine's records, not copies)."""
        return LogFacts(hits=self.hits, lines_fed=self.lines_fed)

    def feed(self, line_no: int, text: str) -> None:
        """Match one cleaned line against the catalogue.

        Args:
            line_no: 1-based line number.
            text: the line without its newline, already cleaned (see ``clean_line``).
        """
        self.lines_fed += 1
        if self._pending is not None:
            self._join(line_no, text)
        template = template_of(text)
        pats = self._templates.get(template)
        if pats is None:
            pats = tuple(p for p in PATTERNS if any(n in template for n in p.needles))
            if all(p.name in CONTEXT_ONLY for p in pats):
                pats = ()  # context patterns only read lines selected for another reason
            size = sys.getsizeof(template) + 100  # + dict slot and tuple
            if self._template_bytes + size > MAX_TEMPLATE_BYTES:
                self._templates.clear()
                self._template_bytes = 0
            self._templates[template] = pats
            self._template_bytes += size
        known = False  # a catalogue entry matched this line (PATTERNS puts tell.* last)
        failed: list[Pattern] = []
        for p in pats:
            if known and p.name.startswith(TELLING_PREFIX):
                continue  # telling lines are the ones no catalogue entry explains
            m = p.regex.search(text)
            if m is None:
                if not p.name.startswith(NOT_EXPLAINING):
                    failed.append(p)
                continue
            if not p.name.startswith(NOT_EXPLAINING):
                known = True
            self._record(p, line_no, text, m)
        if failed and continues(text):
            self._pending = _Pending(line_no, text, tuple(failed))

    def _record(self, p: Pattern, line_no: int, text: str, m: re.Match[str]) -> None:
        groups = {k: v for k, v in m.groupdict().items() if v is not None}
        hit = Hit(line_no, text, groups)
        rec = self.hits.get(p.name)
        if rec is None:
            rec = self.hits[p.name] = Hits()
        rec.add(hit, groups.get(p.key) if p.key else None)

    def _join(self, line_no: int, text: str) -> None:
        """Try the pending line's unmatched patterns on it joined with ``text`` (the next
        line); keep it pending while the joined text still does not end a sentence."""
        pend, self._pending = self._pending, None
        if pend is None or line_no != pend.last + 1 or starts_record(text):
            return
        joined = (pend.text + " " + text.strip())[:MAX_JOINED_CHARS]
        template = template_of(text)
        still: list[Pattern] = []
        for p in pend.patterns:
            if any(n in template for n in p.needles):
                continue  # the next line holds the message itself: it is matched on its own
            m = p.regex.search(joined)
            if m is None:
                still.append(p)
            elif m.start() < len(pend.text):  # the match begins on the pending line
                self._record(p, pend.first, joined, m)
        pend.joins += 1
        if still and pend.joins < MAX_FOLLOW_LINES and continues(text):
            pend.last, pend.text, pend.patterns = line_no, joined, tuple(still)
            self._pending = pend
