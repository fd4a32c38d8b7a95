"""The matching engine: cleaned lines in, bounded hits per pattern out (:class:`LogFacts`)."""

from __future__ import annotations

import sys

from tfgpu.facts.log import Hit, Hits, LogFacts
from tfgpu.logs.patterns import CONTEXT_ONLY, PATTERNS, Pattern
from tfgpu.logs.reader import template_of

#: Patterns that pick out telling lines for unrecognised errors.
TELLING_PREFIX = "tell."
#: Patterns whose match does not explain a line (context, generic CUDA error names).
NOT_EXPLAINING = ("tell.", "ctx.", "cuda.error")
#: Bytes of line templates (``sys.getsizeof``) whose pattern list is remembered before
#: the cache is cleared: a bound in bytes, so unique 2 KiB lines cannot grow it.
MAX_TEMPLATE_BYTES = 8 * 1024 * 1024


class Engine:
    """Feed cleaned lines in input order; read :attr:`hits` afterwards."""

    def __init__(self) -> None:
        self.hits: dict[str, Hits] = {}
        self._templates: dict[str, tuple[Pattern, ...]] = {}
        self._template_bytes = 0
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
