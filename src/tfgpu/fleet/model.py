"""What ``tfgpu fleet`` knows about each node, as data (no I/O, no decisions).

A :class:`NodeResult` is one node's outcome: its facts snapshot when one could be read,
else why not (:class:`NodeStatus`).  A :class:`FleetTable` holds the facts that must agree
across the workers of one multi-worker job, one row per fact and one column per examined
node.  A :class:`FleetReport` is the whole answer: nodes, table, each node's doctor
report, and the findings only a comparison can give.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from tfgpu.facts import HostFacts
from tfgpu.findings import Finding, Report

#: Version of the ``tfgpu fleet --json`` layout (docs/slurm.md).
FLEET_SCHEMA_VERSION = "1.1"


class NodeStatus(str, enum.Enum):
    """Outcome of asking one node for its facts.

    ``OK``: a valid snapshot was read.  ``TIMEOUT``: ``tfgpu facts`` did not finish
    within the per-node limit (or the whole ``srun`` was stopped).  ``NO_TFGPU``: the
    node has no ``tfgpu`` command (exit status 126/127 of ``timeout``).  ``UNREADABLE``:
    it printed something that is not a facts snapshot (garbage, a truncated document, a
    newer schema), or the file could not be read.  ``FAILED``: ``tfgpu facts`` exited
    with another non-zero status.  ``NO_ANSWER``: a node of the allocation that printed
    nothing at all (its task never started).
    """

    OK = "ok"
    TIMEOUT = "timeout"
    NO_TFGPU = "no-tfgpu"
    UNREADABLE = "unreadable"
    FAILED = "failed"
    NO_ANSWER = "no-answer"


@dataclass(frozen=True, slots=True)
class NodeResult:
    """One node's outcome.

    Attributes:
        name: node name (``SLURMD_NODENAME``, else the task number ``task 3``) or, for
            files, the file name without ``.json``.
        source: where it came from: ``"srun task 0"``, or the file path.
        status: see :class:`NodeStatus`.
        facts: the snapshot when ``status`` is ``OK``, else ``None``.
        message: why it failed, in the source's own words (stderr, the parse error).
        exit_code: exit status of ``tfgpu facts`` on the node, when known.
        report: the doctor's report on :attr:`facts` (``None`` until diagnosed, or
            when there are no facts).
        command: the command the node ran to print its snapshot through srun
            (``("tfgpu", "facts", "--no-tf")``, or ``--remote``'s), for the fix lines;
            ``None`` for a file, or when not known (then ``tfgpu facts``).
    """

    name: str
    source: str
    status: NodeStatus
    facts: HostFacts | None = None
    message: str | None = None
    exit_code: int | None = None
    report: Report | None = None
    command: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class TableRow:
    """One fact across the examined nodes.

    Attributes:
        key: stable id (``"driver"``, ``"tensorflow"``, ``"env:NCCL_SOCKET_IFNAME"``).
        label: what the text table prints (``"NVIDIA driver"``).
        values: one cell per node of :attr:`FleetTable.nodes`, in that order; ``None``
            when the node's facts do not say (for an ``env:`` row: not set).
        differs: the nodes disagree (for versions: two different known values; for
            environment variables: set differently, or set on some nodes only).
    """

    key: str
    label: str
    values: tuple[str | None, ...]
    differs: bool


@dataclass(frozen=True, slots=True)
class FleetTable:
    """Nodes by the facts that must agree (rows x nodes).

    Attributes:
        nodes: names of the examined nodes (those with facts), in collection order.
        rows: the facts, in display order (versions, GPUs, then environment variables).
    """

    nodes: tuple[str, ...]
    rows: tuple[TableRow, ...] = ()

    def row(self, key: str) -> TableRow | None:
        """The row called ``key``, or ``None``."""
        for r in self.rows:
            if r.key == key:
                return r
        return None


@dataclass(frozen=True, slots=True)
class FleetReport:
    """The whole answer of ``tfgpu fleet``.

    Attributes:
        nodes: every node asked (examined or not), each with its doctor report.
        table: the comparison table of the examined nodes.
        findings: the fleet-only findings (comparison and unreachable nodes), most
            severe first.
        headline: one line: how many nodes, how many agree, how many problems.
        sources: how the snapshots were collected (``"srun"``, file and folder names).
        meta: small header strings (knowledge version...).
    """

    nodes: tuple[NodeResult, ...]
    table: FleetTable
    findings: tuple[Finding, ...] = ()
    headline: str = ""
    sources: tuple[str, ...] = ()
    meta: dict[str, str] = field(default_factory=dict)

    @property
    def examined(self) -> tuple[NodeResult, ...]:
        """Nodes whose facts were read."""
        return tuple(n for n in self.nodes if n.status is NodeStatus.OK)

    @property
    def has_errors(self) -> bool:
        """An error-severity fleet finding, or a node whose doctor report has one."""
        from tfgpu.findings import Severity

        return any(f.severity is Severity.ERROR for f in self.findings) or any(
            n.report is not None and n.report.has_errors for n in self.nodes)
