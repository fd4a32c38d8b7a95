"""Fixture readers shared by test folders (``tests/conftest.py`` puts this folder on
``sys.path``, as for ``proc_helpers``)."""

from __future__ import annotations

from pathlib import Path

from tfgpu.facts import HostFacts

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def fixture_hosts() -> list[HostFacts]:
    """Every recorded host snapshot (``tests/fixtures/*/*.json``) that reads as
    :class:`HostFacts`, in path order; the other JSON files there are skipped."""
    out = []
    for p in sorted(FIXTURES.glob("*/*.json")):
        try:
            out.append(HostFacts.from_json(p.read_text(encoding="utf-8")))
        except ValueError:
            continue
    return out
