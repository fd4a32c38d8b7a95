"""Logs: text in, :class:`~tfgpu.facts.log.LogFacts` out (no findings here).

* :mod:`tfgpu.logs.reader`: bytes to candidate lines, in bounded memory and time.
* :mod:`tfgpu.logs.patterns`: the catalogue of message forms (one compiled pattern each)
  and the prefilter keywords derived from it.
* :mod:`tfgpu.logs.engine`: matches candidate lines, keeps bounded hits per pattern.

A log is one more source of facts: the diagnosis reads it through
:class:`tfgpu.facts.view.Facts`, next to the host facts.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain

from tfgpu.facts.log import LogFacts, ReadStats
from tfgpu.logs.engine import Engine
from tfgpu.logs.patterns import PREFILTER_NEEDLES_BYTES
from tfgpu.logs.reader import (
    CHUNK_BYTES,
    CR_SNIFF_BYTES,
    ByteSource,
    FollowState,
    FormAnswers,
    cr_line_endings,
    is_candidate,
    line_texts,
    normalize_paste,
    scan_stream,
)

__all__ = ["LogFacts", "ReadStats", "read_lines", "read_stream"]


def read_lines(lines: Iterable[str]) -> LogFacts:
    """Return the log facts of ``lines`` already in memory.

    Args:
        lines: log lines (with or without trailing newlines); a string holding several
            lines is split, and each ``\\r`` starts a new piece (progress bars), as do
            escaped newlines (see :func:`tfgpu.logs.reader.pieces_of`); in one string whose
            head holds lone ``\\r`` line endings and no ``\\n``, each ``\\r`` ends a line
            (:func:`tfgpu.logs.reader.cr_line_endings`).  ANSI
            colour codes and control characters are removed; very long lines are cut to a
            bounded excerpt.  Up to ``MAX_FOLLOW_LINES`` lines after a candidate line that
            does not end a sentence are matched joined to it (wrapped messages).

    Returns:
        The hits by pattern; never raises on any text.
    """
    engine = Engine()
    stats = ReadStats()  # only counts here; read_lines returns no statistics
    number = 0
    follow = FollowState()  # lines passed on after a candidate that continues (wrapped text)
    items = iter(lines)
    first = next(items, None)
    if first is None:
        return engine.facts()
    second = next(items, None)
    head = str(first)[:CR_SNIFF_BYTES]
    # lone carriage returns end the lines, as in a stream of the same text (the items joined
    # by newlines): the first item's head holds no newline, and no next item follows it
    universal = cr_line_endings(head) and (second is None or len(head) == CR_SNIFF_BYTES)
    rest = () if second is None else chain((second,), items)
    form = FormAnswers()  # an issue form's "### label", blank, answer: across items too
    for item in chain((first,), rest):
        text = str(item)
        if universal:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        for line in text.split("\n"):
            number += 1
            line = form.feed(line)
            raw = normalize_paste(line.encode("utf-8", "replace"))
            if is_candidate(raw, PREFILTER_NEEDLES_BYTES):
                for text in line_texts(raw, PREFILTER_NEEDLES_BYTES, stats, follow):
                    engine.feed(number, text)
            elif follow.left:
                more = follow.next_line(raw, PREFILTER_NEEDLES_BYTES)
                if more is not None:
                    engine.feed(number, more)
    return engine.facts()


def read_stream(stream: ByteSource, *, chunk_bytes: int = CHUNK_BYTES) -> LogFacts:
    """Read a binary stream to its end and return its log facts, with reader statistics.

    Memory stays bounded (one chunk of ``chunk_bytes``, one partial line, bounded caches
    and evidence) whatever the input size.

    Args:
        stream: a file opened ``"rb"`` or ``sys.stdin.buffer``.
        chunk_bytes: read size in bytes (tests use tiny chunks to cross line edges).

    Returns:
        The hits by pattern; ``stats`` holds a :class:`ReadStats`.

    Raises:
        OSError: reading the stream failed (the caller reports an unreadable input).
    """
    engine = Engine()
    stats = ReadStats()
    for number, text in scan_stream(stream, PREFILTER_NEEDLES_BYTES, stats, chunk_bytes):
        engine.feed(number, text)
    facts = engine.facts()  # ends the lines still joined to the next ones
    return LogFacts(hits=facts.hits, lines_fed=facts.lines_fed, stats=stats)
