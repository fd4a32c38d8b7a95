"""The doctor's report: host facts in, a :class:`~tfgpu.findings.Report` out (pure).

``diagnose`` runs the one set of checks (:func:`tfgpu.diagnosis.engine.run_checks`) over
the host facts and the TensorFlow child's own log (``facts.tf.log_lines``, read into log
facts like any pasted log), and puts the verdict line first (:mod:`tfgpu.diagnosis.verdict`).
The log checks read that log directly: a log is one more source of facts.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from tfgpu.diagnosis.checks import Check
from tfgpu.diagnosis.engine import run_checks
from tfgpu.diagnosis.verdict import host_meta, make_verdict
from tfgpu.facts import HostFacts
from tfgpu.facts.log import LogFacts
from tfgpu.facts.view import Facts
from tfgpu.findings import Report

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


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
) -> Report:
    """Run the checks over ``facts`` and return the doctor's report.

    Args:
        facts: the host snapshot (gathered here or loaded with ``--facts``).
        kb: knowledge tables (default: :func:`tfgpu.knowledge.load_knowledge`).
        checks: checks to apply (default: :data:`tfgpu.diagnosis.checks.CHECKS`).
        meta: header strings (default: :func:`tfgpu.diagnosis.verdict.host_meta`).

    Raises:
        tfgpu.knowledge.KnowledgeError: a data file cannot be read (a broken install).
    """
    if kb is None:
        from tfgpu.knowledge import load_knowledge

        kb = load_knowledge()
    findings = run_checks(Facts(facts, _tf_log(facts), kb=kb), checks)
    return Report(
        command="doctor",
        verdict=make_verdict(facts, findings),
        findings=findings,
        meta=host_meta(facts, kb) if meta is None else meta,
    )
