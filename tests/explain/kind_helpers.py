"""Shared helpers of the message-kind tests (tests/explain/test_*_kinds.py): the findings a
log gives, by id, and the checks every kind test makes on them."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.findings import Finding, Severity


def ids(lines: list[str], facts: HostFacts | None = None) -> dict[str, Finding]:
    """The findings that ``lines`` give (with ``facts`` when given), keyed by finding id."""
    return {f.id: f for f in explain_lines(lines, facts=facts)}


def known(lines: list[str], fid: str) -> Finding:
    """The finding ``fid`` that ``lines`` give; fails when it is missing or when a line is
    left an ``unrecognised-error``."""
    found = ids(lines)
    assert fid in found, found
    assert "unrecognised-error" not in found, found
    return found[fid]


def alarms(found: dict[str, Finding]) -> list[str]:
    """Ids of the errors and warnings in ``found`` that are not marked harmless."""
    return [f.id for f in found.values()
            if f.severity in (Severity.ERROR, Severity.WARNING) and not f.harmless]


def fix_text(f: Finding) -> str:
    """The finding's fix lines as one text, a line each."""
    return "\n".join(f.fix)
