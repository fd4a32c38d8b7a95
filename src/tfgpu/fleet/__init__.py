"""``tfgpu fleet``: the doctor across many hosts.

Collect one facts snapshot per node (:mod:`tfgpu.fleet.collect`: ``srun`` or files),
diagnose each with the doctor (:func:`tfgpu.diagnosis.doctor.diagnose`), compare them
(:mod:`tfgpu.fleet.compare`) and return a :class:`~tfgpu.fleet.model.FleetReport`.
Launching jobs lives in :mod:`tfgpu.fleet.slurm` and :mod:`tfgpu.fleet.kubernetes`
(text only: tfgpu writes what Slurm and Kubernetes run, it schedules nothing itself).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from tfgpu._words import plural
from tfgpu.findings import Severity
from tfgpu.fleet.collect import FleetError, collect_files, collect_slurm
from tfgpu.fleet.compare import build_table, run_fleet_checks
from tfgpu.fleet.model import (
    FLEET_SCHEMA_VERSION,
    FleetReport,
    FleetTable,
    NodeResult,
    NodeStatus,
    TableRow,
)

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge


def examine(nodes: Sequence[NodeResult], *, kb: Knowledge | None = None,
            sources: Sequence[str] = ()) -> FleetReport:
    """Diagnose each node's facts and compare the nodes (pure but for the knowledge read).

    Args:
        nodes: collected results (:func:`collect_slurm`, :func:`collect_files`).
        kb: knowledge tables (default: :func:`tfgpu.knowledge.load_knowledge`).
        sources: how they were collected, for the header.

    Returns:
        The report: every node with its doctor report, the table, the fleet findings.

    Raises:
        tfgpu.knowledge.KnowledgeError: a data file cannot be read (a broken install).
    """
    from tfgpu.knowledge import knowledge_or_packaged
    from tfgpu.plan.agreement import diagnose_with_plan as diagnose

    kb = knowledge_or_packaged(kb)
    done = tuple(replace(n, report=diagnose(n.facts, kb)) if n.facts is not None else n
                 for n in nodes)
    table = build_table(done)
    findings = tuple(run_fleet_checks(done, table))
    examined = len(table.nodes)
    differ = [r.label for r in table.rows if r.differs]
    errors = sum(f.severity is Severity.ERROR for f in findings)
    node_errors = sum(1 for n in done if n.report is not None and n.report.has_errors)
    parts = [f"{examined} of {len(done)} nodes examined"]
    if differ:
        verb = "differs" if len(differ) == 1 else "differ"
        parts.append(f"{plural(len(differ), 'fact')} {verb} ({', '.join(differ[:4])}"
                     f"{', ...' if len(differ) > 4 else ''})")
    elif examined >= 2:
        parts.append("all facts compared agree")
    if errors or node_errors:
        parts.append(f"{plural(errors, 'fleet problem')}, {plural(node_errors, 'node')} with "
                     "doctor errors")
    return FleetReport(done, table, findings, "; ".join(parts), tuple(sources),
                       {"knowledge": kb.version})


__all__ = [
    "FLEET_SCHEMA_VERSION", "FleetError", "FleetReport", "FleetTable", "NodeResult",
    "NodeStatus", "TableRow", "collect_files", "collect_slurm", "examine",
]
