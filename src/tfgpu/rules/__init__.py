"""Rules: pure functions ``(HostFacts, Knowledge) -> Iterable[Finding]``.

Every module in this package that defines a module-level ``RULES`` tuple of such
functions is discovered by :func:`all_rules`; adding a rule never edits this file.
Rules never import :mod:`tfgpu.report` or :mod:`tfgpu.cli` (a test checks this).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from tfgpu.facts import HostFacts
from tfgpu.findings import Finding, sort_findings

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge

#: A rule looks at the facts (and the knowledge) and returns its findings.
Rule = Callable[[HostFacts, "Knowledge"], Iterable[Finding]]


def all_rules() -> tuple[Rule, ...]:
    """Return every rule of every ``tfgpu.rules.*`` module, in module-name order."""
    found: list[Rule] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        found.extend(getattr(module, "RULES", ()))
    return tuple(found)


def run_rules(
    facts: HostFacts, kb: Knowledge, rules: Iterable[Rule] | None = None
) -> tuple[Finding, ...]:
    """Apply ``rules`` (default: :func:`all_rules`) and return sorted findings.

    Duplicate ids keep the first finding.  Rules are pure; an exception in one is a
    bug and propagates (the CLI's top-level handler reports it).
    """
    seen: set[str] = set()
    out: list[Finding] = []
    for rule in all_rules() if rules is None else rules:
        for f in rule(facts, kb):
            if f.id not in seen:
                seen.add(f.id)
                out.append(f)
    return sort_findings(out)
