"""Explain: log text in, findings out (a catalogue of TensorFlow/CUDA messages).

Public interface:

* :func:`explain_lines` — for lines already in memory (the doctor passes the TensorFlow
  child's ``log_lines``).
* :func:`explain_stream` — for a file or standard input of any size, read in bounded
  memory (see :mod:`tfgpu.logs.reader`).

Both return findings sorted most severe first; harmless notices (``harmless=True``,
severity ``INFO``) come after what matters.  Neither raises on any input text.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import BinaryIO

from tfgpu.explain.rules import RULES, rule_unrecognised
from tfgpu.facts import HostFacts
from tfgpu.facts.log import LogFacts
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding, sort_findings
from tfgpu.logs import ReadStats, read_lines, read_stream
from tfgpu.logs.reader import CHUNK_BYTES

__all__ = ["ExplainResult", "ReadStats", "explain_lines", "explain_log", "explain_stream"]


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


def explain_log(log: LogFacts, facts: HostFacts | None = None) -> tuple[Finding, ...]:
    """Return findings for already-read log facts (see :mod:`tfgpu.logs`)."""
    ctx = Facts(facts, log)  # the rules read the knowledge through ctx.kb, loaded on use
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
    return explain_log(read_lines(lines), facts)


def explain_stream(
    stream: BinaryIO, facts: HostFacts | None = None, *, chunk_bytes: int = CHUNK_BYTES
) -> ExplainResult:
    """Read a binary stream to its end and return findings plus read statistics.

    Memory stays bounded (one 4 MiB chunk, one partial line of at most 1 MiB, bounded
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
    log = read_stream(stream, chunk_bytes=chunk_bytes)
    return ExplainResult(explain_log(log, facts), log.stats or ReadStats())
