"""Log facts: what one log (a pasted error log, or the TensorFlow child's stderr) says.

Produced by :mod:`tfgpu.logs` (reader, patterns, engine); read by the diagnosis through
:class:`tfgpu.facts.view.Facts`.  Memory is bounded whatever the log's size: each pattern
keeps its count, its first :data:`MAX_EVIDENCE` hits, its last hit and one hit per key (a
traceback-frame pattern also its last :data:`MAX_RECENT` hits).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from tfgpu._words import plural

#: Evidence lines kept per pattern (the first ones; the last one is kept too).
MAX_EVIDENCE = 5
#: Distinct keys kept per pattern (libraries, error names...).
MAX_KEYS = 16
#: Latest hits kept by a pattern that asks for them (:attr:`tfgpu.logs.patterns.Pattern.recent`:
#: a traceback's frame lines, read near the error that ends the traceback): a traceback of
#: more frames than this, after the error it ends with, keeps only its last frames.
MAX_RECENT = 32


#: Lines passed on after a candidate line whose text does not end a sentence, so that a message
#: wrapped by a terminal or an issue tracker can be matched across them (see :func:`continues`):
#: five, since the placer's and the device errors run to 400-500 characters, six lines at 80
#: columns.
MAX_FOLLOW_LINES = 5



@dataclass(frozen=True, slots=True)
class Hit:
    """One matched line.

    Attributes:
        line: 1-based line number in the input.
        text: the cleaned line (bounded length).
        groups: the named groups that matched, as strings.
        retyped: matched only ignoring case and spacing (the line is not the program's
            exact wording: a user retyped it; see :mod:`tfgpu.logs.fold`).
        before: the line just before, when it may be the same message's start (it does not
            end a sentence and this line does not start a new record: a hard-wrapped
            message's first piece), else ``""``; a check that reads words printed before
            the matched ones looks there too.
        parts: for a message matched on lines joined (a hard-wrapped message, see
            :class:`tfgpu.logs.engine.Engine`), each line joined as ``(line number, its
            own text)``, this hit's line first; ``()`` for a match on one line.  ``text``
            is then the joined text the pattern read, which no one line of the log holds:
            evidence quotes ``parts``, each line with its own number.
    """

    line: int
    text: str
    groups: dict[str, str]
    retyped: bool = False
    before: str = ""
    parts: tuple[tuple[int, str], ...] = ()

    @property
    def end_line(self) -> int:
        """The line the match ends on: the last of the lines joined (:attr:`parts`: a
        progress bar, then the shell's "Killed"), else :attr:`line`."""
        return self.parts[-1][0] if self.parts else self.line

    def g(self, name: str) -> str | None:
        """Return group ``name`` or ``None`` when it did not take part in the match."""
        return self.groups.get(name)

    def need(self, name: str) -> str:
        """Return group ``name``, one that every match of its pattern sets (outside any
        alternative or optional part of the regex), so a finding's title never stands in
        words for a value the log did not show.

        Raises:
            LookupError: the group did not take part in the match: the caller's pattern
                does not always set it (a programming error).
        """
        value = self.groups.get(name)
        if value is None:
            raise LookupError(f"group {name!r} is not set by this match: {self.text[:80]!r}")
        return value

    @property
    def read(self) -> str:
        """The message's words from its start: :attr:`before` (the line before, when a hard
        wrap put the message's start there) and :attr:`text`; :attr:`text` alone when there
        is no such line.  For a check that looks for words printed before the matched ones
        ("Couldn't get" / "ptxas version string: ...")."""
        return f"{self.before} {self.text}" if self.before else self.text

    @property
    def span(self) -> range:
        """The line numbers the matched message covers: :attr:`line` alone, or every line
        of its :attr:`parts` (a hard-wrapped message); two hits whose spans share a line
        read one message."""
        return range(self.line, (self.parts[-1][0] if self.parts else self.line) + 1)


@dataclass
class Hits:
    """Bounded record of one pattern's matches: count, first few, last, one per key, and for
    a pattern that asks for them (``recent``, at most :data:`MAX_RECENT`) the latest few.

    Attributes:
        recent: the latest hits, oldest first; a deque of ``maxlen`` 0 (none kept) unless
            made with ``Hits.keeping(n)``.
    """

    count: int = 0
    first: list[Hit] = field(default_factory=list)
    last: Hit | None = None
    by_key: dict[str, Hit] = field(default_factory=dict)
    recent: deque[Hit] = field(default_factory=lambda: deque(maxlen=0))

    @classmethod
    def keeping(cls, recent: int) -> Hits:
        """An empty record that also keeps the latest ``recent`` hits (0 to
        :data:`MAX_RECENT`).

        Raises:
            ValueError: ``recent`` is outside that range."""
        if not 0 <= recent <= MAX_RECENT:
            raise ValueError(f"recent must be 0..{MAX_RECENT}, not {recent}")
        return cls(recent=deque(maxlen=recent))

    def set_recent(self, hits: Iterable[Hit]) -> None:
        """Replace :attr:`recent` by ``hits`` (oldest first), within its bound: the engine's
        edits of a record (a hit replaced, re-ordered or taken back) keep it bounded."""
        if self.recent.maxlen:
            self.recent = deque(hits, maxlen=self.recent.maxlen)

    def add(self, hit: Hit, key: str | None) -> None:
        """Record ``hit``; memory stays bounded whatever the number of calls."""
        self.count += 1
        if len(self.first) < MAX_EVIDENCE:
            self.first.append(hit)
        self.last = hit
        if key is not None and key not in self.by_key and len(self.by_key) < MAX_KEYS:
            self.by_key[key] = hit
        if self.recent.maxlen:
            self.recent.append(hit)

    def all(self) -> list[Hit]:
        """The first hits, the latest ones kept (:attr:`recent`) and the last one, without
        duplicates, in line order."""
        if not self.recent:
            out = list(self.first)
            if self.last is not None and (not out or out[-1].line != self.last.line):
                out.append(self.last)
            return out
        seen: dict[int, Hit] = {}
        for h in [*self.first, *self.recent, *([self.last] if self.last else [])]:
            seen.setdefault(id(h), h)
        return sorted(seen.values(), key=lambda h: h.line)

    def kept(self) -> list[Hit]:
        """The evidence hits: the first ones, one per key and the last, without duplicates,
        in line order (two matches on one line, with other groups, both stay); the latest
        ones of :attr:`recent` are for checks reading near a line (:meth:`all`), not
        evidence."""
        seen: dict[tuple[int, tuple[tuple[str, str], ...]], Hit] = {}
        for h in [*self.first, *self.by_key.values(), *([self.last] if self.last else [])]:
            seen.setdefault((h.line, tuple(sorted(h.groups.items()))), h)
        return sorted(seen.values(), key=lambda h: h.line)


#: How byte-oriented input is decoded (line by line).
BYTES_ENCODING = "bytes (UTF-8, GBK or latin-1 per line)"

#: Share of control bytes (:attr:`ReadStats.control_bytes`) above which an input, or a chunk
#: of it that also holds a NUL byte, is not text: random bytes hold about 28/256 = 11 %, a
#: text log next to none.  The reader skims such a chunk (only its lines without a control
#: byte are read); the report says the input does not look like a text log.
BINARY_SHARE = 0.05


@dataclass
class ReadStats:
    """What the reader saw.

    Attributes:
        bytes_read: input size in bytes.
        lines: number of lines (a final line without a newline counts).
        non_blank: ``True`` once any non-whitespace byte was seen.
        candidates: lines handed to the catalogue.
        skipped_binary: lines dropped as binary garbage (a line once, however many of its
            pieces, split at carriage returns and backspace runs, were binary; at most
            ``lines``).
        long_lines: lines longer than ``MAX_LINE_CHARS`` (kept as a bounded excerpt).
        repeats_skipped: chunks in which a candidate template was skipped because it had
            already been matched ``MAX_REPEATS`` times, and lines in which a piece's template
            was (a progress bar's ``\\r`` pieces; a lower bound of skipped lines and pieces).
        encoding: ``"utf-16"``/``"utf-16-le"``/``"utf-16-be"`` when the input was
            detected as UTF-16 and transcoded; ``None`` for byte-oriented input.
        control_bytes: input bytes that no text holds (NUL and the other C0 controls but
            tab, newlines, form feed and escape; DEL; in a UTF-16 part, 2 per control
            character): a binary file has many (random bytes: about 11 %), a text log
            next to none.
        nul_bytes: NUL bytes read while no other non-blank byte had been seen (all of the
            input's NULs when ``non_blank`` stays ``False``: a zeroed or preallocated file).
        encoding_parts: for an input whose parts are in different encodings (UTF-16 and
            byte-oriented), ``(input offset in bytes, encoding)`` of its first parts
            (``"bytes"``: UTF-8, GBK or latin-1 per line); ``()`` for one encoding
            throughout.
        encoding_switches: times the encoding changed in the input (0 for one encoding).
        undecoded_units: UTF-16 code units that could not be decoded (a lone surrogate, a
            last odd byte), each shown as U+FFFD.
    """

    bytes_read: int = 0
    lines: int = 0
    non_blank: bool = False
    candidates: int = 0
    skipped_binary: int = 0
    long_lines: int = 0
    repeats_skipped: int = 0
    encoding: str | None = None
    control_bytes: int = 0
    nul_bytes: int = 0
    encoding_parts: tuple[tuple[int, str], ...] = ()
    encoding_switches: int = 0
    undecoded_units: int = 0

    def encoding_summary(self) -> str:
        """How the input was decoded, in words: ``"bytes (UTF-8, GBK or latin-1 per
        line)"``, ``"utf-16-le (transcoded)"``, or for mixed parts ``"mixed: utf-16
        (transcoded) from byte 0, then bytes (UTF-8, GBK or latin-1 per line) from byte 226;
        every part read"``."""
        if not self.encoding_switches:
            return f"{self.encoding} (transcoded)" if self.encoding else BYTES_ENCODING
        parts = [f"{BYTES_ENCODING if enc == 'bytes' else enc + ' (transcoded)'} from byte {at}"
                 for at, enc in self.encoding_parts]
        more = self.encoding_switches + 1 - len(parts)
        rest = f", and {plural(more, 'more part')}"
        return ("mixed: " + ", then ".join(parts) + (rest if more > 0
                                                     else "") + "; every part read")


_EMPTY = Hits()


@dataclass(frozen=True, slots=True)
class LogFacts:
    """The hits of one log, by pattern name (``"lib.missing"``, ``"cuinit"``...).

    Attributes:
        hits: pattern name -> its bounded record; patterns that never matched are absent.
        lines_fed: candidate lines the engine matched (after the keyword prefilter).
        stats: what the reader saw (bytes, lines, encoding), for streamed input; ``None``
            for lines given in memory.
    """

    hits: Mapping[str, Hits] = field(default_factory=dict)
    lines_fed: int = 0
    stats: ReadStats | None = None

    def get(self, name: str) -> Hits:
        """Hits of pattern ``name`` (an empty record when it never matched)."""
        return self.hits.get(name, _EMPTY)
