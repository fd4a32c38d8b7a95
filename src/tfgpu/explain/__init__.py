"""Explain: log text in, findings out (a catalogue of TensorFlow/CUDA messages).

Public interface:

* :func:`explain_lines` — for lines already in memory (the doctor passes the TensorFlow
  child's ``log_lines``).
* :func:`explain_stream` — for a file or standard input of any size, read in bounded
  memory (see :mod:`tfgpu.explain._reader`).

Both return findings sorted most severe first; harmless notices (``harmless=True``,
severity ``INFO``) come after what matters.  Neither raises on any input text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import BinaryIO

from tfgpu.explain._context import Ctx
from tfgpu.explain._engine import Engine
from tfgpu.explain._patterns import PREFILTER_NEEDLES, PREFILTER_NEEDLES_BYTES
from tfgpu.explain._reader import CHUNK_BYTES, ReadStats, clean_line, scan_stream, template_of
from tfgpu.explain.rules import RULES, rule_unrecognised
from tfgpu.facts import HostFacts
from tfgpu.findings import Finding, sort_findings

__all__ = ["ExplainResult", "ReadStats", "explain_lines", "explain_stream"]


@dataclass(frozen=True, slots=True)
class ExplainResult:
    """Findings plus what was read.

    Attributes:
        findings: sorted most severe first (see :func:`tfgpu.findings.sort_findings`).
        stats: bytes and lines read, candidates matched, binary lines skipped.
    """

    findings: tuple[Finding, ...]
    stats: ReadStats

    @property
    def empty(self) -> bool:
        """The input held no non-blank text."""
        return not self.stats.non_blank


def _finish(engine: Engine, facts: HostFacts | None) -> tuple[Finding, ...]:
    ctx = Ctx(engine, facts)
    found: list[Finding] = []
    for rule in RULES:
        found.extend(rule(ctx))
    found.extend(rule_unrecognised(ctx, found))
    unique: dict[str, Finding] = {}
    for f in found:
        unique.setdefault(f.id, f)
    return sort_findings(list(unique.values()))


def explain_lines(lines: Iterable[str], facts: HostFacts | None = None) -> tuple[Finding, ...]:
    """Return findings for log ``lines``.

    Args:
        lines: log lines (with or without trailing newlines); a string holding several
            lines is split.  ANSI colour codes, carriage returns and control characters
            are removed; very long lines are cut to a bounded excerpt.
        facts: host facts; they sharpen causes and fixes (OS, TensorFlow/CUDA versions,
            GPUs).  ``None`` when only the log is known.

    Returns:
        Findings, most severe first; ``()`` for empty input.
    """
    engine = Engine()
    number = 0
    for item in lines:
        for line in str(item).split("\n"):
            number += 1
            for part in line.split("\r"):  # progress bars: each \r starts a new piece
                template = template_of(part)
                if not any(n in template for n in PREFILTER_NEEDLES):
                    continue
                text = clean_line(part.encode("utf-8", "replace"), PREFILTER_NEEDLES_BYTES)
                if text is not None:
                    engine.feed(number, text)
    return _finish(engine, facts)


def explain_stream(
    stream: BinaryIO, facts: HostFacts | None = None, *, chunk_bytes: int = CHUNK_BYTES
) -> ExplainResult:
    """Read a binary stream to its end and return findings plus read statistics.

    Memory stays bounded (one 1 MiB chunk, one partial line of at most 1 MiB, 8 MiB
    caches and evidence) whatever the input size.

    Args:
        stream: a file opened ``"rb"`` or ``sys.stdin.buffer``.
        facts: host facts, as for :func:`explain_lines`.
        chunk_bytes: read size in bytes (tests use tiny chunks to cross line edges).

    Returns:
        The findings and :class:`ReadStats`.

    Raises:
        OSError: reading the stream failed (the caller reports an unreadable input).
    """
    engine = Engine()
    stats = ReadStats()
    for number, text in scan_stream(stream, PREFILTER_NEEDLES_BYTES, stats, chunk_bytes):
        engine.feed(number, text)
    return ExplainResult(_finish(engine, facts), stats)
