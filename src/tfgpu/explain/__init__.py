"""Explain: log text in, findings out (a catalogue of TensorFlow/CUDA messages).

Placeholder interface, filled by the explain engine:
``explain_lines(lines, facts=None) -> tuple[Finding, ...]``.
"""

from __future__ import annotations

from collections.abc import Iterable

from tfgpu.facts import HostFacts
from tfgpu.findings import Finding


def explain_lines(lines: Iterable[str], facts: HostFacts | None = None) -> tuple[Finding, ...]:
    """Return findings for log ``lines`` (placeholder: the engine replaces this)."""
    del lines, facts
    return ()
