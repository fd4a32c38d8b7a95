"""The matching engine: cleaned lines in, bounded hits per pattern out."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from tfgpu.explain._patterns import CONTEXT_ONLY, PATTERNS, Pattern
from tfgpu.explain._reader import template_of

#: Evidence lines kept per pattern (the first ones; the last one is kept too).
MAX_EVIDENCE = 5
#: Distinct keys kept per pattern (libraries, error names...).
MAX_KEYS = 16
#: Patterns that pick out telling lines for unrecognised errors.
TELLING_PREFIX = "tell."
#: Patterns whose match does not explain a line (context, generic CUDA error names).
NOT_EXPLAINING = ("tell.", "ctx.", "cuda.error")
#: Bytes of line templates (``sys.getsizeof``) whose pattern list is remembered before
#: the cache is cleared: a bound in bytes, so unique 2 KiB lines cannot grow it.
MAX_TEMPLATE_BYTES = 8 * 1024 * 1024


@dataclass(frozen=True, slots=True)
class Hit:
    """One matched line.

    Attributes:
        line: 1-based line number in the input.
        text: the cleaned line (bounded length).
        groups: the named groups that matched, as strings.
    """

    line: int
    text: str
    groups: dict[str, str]

    def g(self, name: str) -> str | None:
        """Return group ``name`` or ``None`` when it did not take part in the match."""
        return self.groups.get(name)


@dataclass
class Hits:
    """Bounded record of one pattern's matches: count, first few, last, one per key."""

    count: int = 0
    first: list[Hit] = field(default_factory=list)
    last: Hit | None = None
    by_key: dict[str, Hit] = field(default_factory=dict)

    def add(self, hit: Hit, key: str | None) -> None:
        """Record ``hit``; memory stays bounded whatever the number of calls."""
        self.count += 1
        if len(self.first) < MAX_EVIDENCE:
            self.first.append(hit)
        self.last = hit
        if key is not None and key not in self.by_key and len(self.by_key) < MAX_KEYS:
            self.by_key[key] = hit

    def all(self) -> list[Hit]:
        """The first hits plus the last one (without duplicates), in line order."""
        out = list(self.first)
        if self.last is not None and (not out or out[-1].line != self.last.line):
            out.append(self.last)
        return out


_EMPTY = Hits()


class Engine:
    """Feed cleaned lines in input order; read :attr:`hits` afterwards."""

    def __init__(self) -> None:
        self.hits: dict[str, Hits] = {}
        self._templates: dict[str, tuple[Pattern, ...]] = {}
        self._template_bytes = 0
        self.lines_fed = 0

    def get(self, name: str) -> Hits:
        """Hits of pattern ``name`` (an empty record when it never matched)."""
        return self.hits.get(name, _EMPTY)

    def feed(self, line_no: int, text: str) -> None:
        """Match one cleaned line against the catalogue.

        Args:
            line_no: 1-based line number.
            text: the line without its newline, already cleaned (see ``clean_line``).
        """
        self.lines_fed += 1
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
        for p in pats:
            if known and p.name.startswith(TELLING_PREFIX):
                continue  # telling lines are the ones no catalogue entry explains
            m = p.regex.search(text)
            if m is None:
                continue
            if not p.name.startswith(NOT_EXPLAINING):
                known = True
            groups = {k: v for k, v in m.groupdict().items() if v is not None}
            hit = Hit(line_no, text, groups)
            rec = self.hits.get(p.name)
            if rec is None:
                rec = self.hits[p.name] = Hits()
            rec.add(hit, groups.get(p.key) if p.key else None)
