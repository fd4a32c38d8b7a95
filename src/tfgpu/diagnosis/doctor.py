"""The doctor's report: host facts in, a :class:`~tfgpu.findings.Report` out (pure).

``diagnose`` runs the one set of checks (:func:`tfgpu.diagnosis.engine.run_checks`) over
the host facts and the TensorFlow child's own log (``facts.tf.log_lines``, read into log
facts like any pasted log), and puts the verdict line first (:mod:`tfgpu.diagnosis.verdict`).
The log checks read that log directly: a log is one more source of facts.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from tfgpu.diagnosis.checks import Check
from tfgpu.diagnosis.engine import run_checks
from tfgpu.diagnosis.verdict import host_meta, make_verdict
from tfgpu.facts import HostFacts
from tfgpu.facts.log import LogFacts
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding, Report
from tfgpu.knowledge import knowledge_or_packaged

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


#: A pass over the findings (with the facts and knowledge) that changes their fix lines only.
FixPass = Callable[[tuple[Finding, ...], HostFacts, "Knowledge"], tuple[Finding, ...]]


def _tf_log(facts: HostFacts) -> LogFacts | None:
    """The TensorFlow child's stderr/stdout lines as log facts (``None``: no log)."""
    if facts.tf is None or not facts.tf.log_lines:
        return None
    from tfgpu.logs import read_lines

    return read_lines(facts.tf.log_lines)


def diagnose(
    facts: HostFacts,
    kb: Knowledge | None = None,
    checks: Iterable[Check] | None = None,
    meta: dict[str, str] | None = None,
    fixes: FixPass | None = None,
) -> Report:
    """Run the checks over ``facts`` and return the doctor's report.

    Args:
        facts: the host snapshot (gathered here or loaded with ``--facts``).
        kb: knowledge tables (default: :func:`tfgpu.knowledge.load_knowledge`).
        checks: checks to apply (default: :data:`tfgpu.diagnosis.checks.CHECKS`).
        meta: header strings (default: :func:`tfgpu.diagnosis.verdict.host_meta`).
        fixes: a pass over the findings that rewrites their fix lines only (the doctor's
            commands pass :func:`tfgpu.plan.agreement.agree_with_plan`, so that install
            lines are the plan's; diagnosis itself never imports the planner).

    Raises:
        tfgpu.knowledge.KnowledgeError: a data file cannot be read (a broken install).
    """
    kb = knowledge_or_packaged(kb)
    findings = run_checks(Facts(facts, _tf_log(facts), kb=kb), checks)
    if fixes is not None:
        findings = fixes(findings, facts, kb)
    return Report(
        command="doctor",
        verdict=make_verdict(facts, findings, kb),
        findings=findings,
        meta=host_meta(facts, kb) if meta is None else meta,
    )


def check_outcomes(
    facts: HostFacts,
    kb: Knowledge | None = None,
    checks: Iterable[Check] | None = None,
) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """What each host check concluded on its own, for ``doctor -v``.

    Each check of :data:`tfgpu.diagnosis.checks.HOST_CHECKS` is run alone over the same
    view :func:`diagnose` builds (before overlaps are resolved, so a finding another one
    supersedes is still named).  A check that found nothing either saw its fault absent or
    lacked the facts to tell: it is reported as "nothing found", never as a pass.

    Args:
        facts: the host snapshot.
        kb: knowledge tables (default: :func:`tfgpu.knowledge.load_knowledge`).
        checks: checks to run (default: the host checks).

    Returns:
        ``(check name, what it looks for (its docstring's first sentence), finding ids)``
        per check, in the order the doctor runs them; ids empty when nothing was found.

    Raises:
        tfgpu.knowledge.KnowledgeError: a data file cannot be read (a broken install).
    """
    from tfgpu.diagnosis.checks import HOST_CHECKS

    kb = knowledge_or_packaged(kb)
    from tfgpu.diagnosis.checks.library_files import without_junk

    view = without_junk(Facts(facts, _tf_log(facts), kb=kb))  # as run_checks sees them
    out = []
    for check in HOST_CHECKS if checks is None else checks:
        para = " ".join((check.__doc__ or "").strip().split("\n\n", 1)[0].split())
        what = para.split(". ", 1)[0].rstrip(".").replace("``", "`")
        what = re.sub(r"\s*\([^()]*:(?:func|data|class):[^()]*\)", "", what)
        ids = tuple(dict.fromkeys(f.id for f in check(view)))
        out.append((getattr(check, "__name__", "check"), what, ids))
    return tuple(out)
