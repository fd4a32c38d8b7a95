"""Renderers of ``tfgpu fleet``: the comparison table, each node's verdict, the fleet
findings; as text (colour on a terminal, as the doctor's) or one JSON document.

Text layout::

    tfgpu fleet: 2 of 3 nodes examined; 1 fact differs (TensorFlow)
      sources: srun
    FACTS                 node1        node2
      NVIDIA driver       550.54.15    550.54.15
    * TensorFlow          2.16.1       2.15.0          <- differs (bold yellow on a terminal)
    NODES
      node1   ok        GPU usable: TensorFlow 2.16.1 can use GPU 0 ...
      node3   timeout   Node node3 did not answer in time ...
    FLEET FINDINGS
      (the doctor's finding layout)

Up to :data:`GRID_NODES` nodes the table has one column per node; with more, each fact is
one line: its value when all nodes agree, else each value with the nodes that have it.
Nodes that print the same NODES line share one line (``node1..node48 (48 nodes)  ...``,
:func:`group_names`).
Other formats (markdown, html) plug into :data:`FORMATS` of ``cli/cmd_fleet.py``.
"""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any

from tfgpu._version import __version__
from tfgpu._words import plural
from tfgpu.findings import Report, Severity, Verdict, verdict_state
from tfgpu.report.json_report import finding_to_dict
from tfgpu.report.text import ReportConsole, print_line, render_text

if TYPE_CHECKING:
    from tfgpu.fleet.model import FleetReport, FleetTable, NodeResult

#: Most nodes shown as table columns; more are shown grouped by value.
GRID_NODES = 6
#: Widest cell of the grid, in characters (longer values end with "...").
CELL_CHARS = 22
_LABEL_CHARS = 20


def _cell(value: str | None, unknown: str) -> str:
    text = unknown if value is None else value
    return text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 3] + "..."


def _render_table(table: FleetTable, console: ReportConsole) -> None:
    print_line(console, "FACTS" + ("  (* = differs across nodes)" if any(
        r.differs for r in table.rows) else ""), "bold underline")
    if not table.nodes:
        print_line(console, "  no node could be examined")
        return
    if len(table.nodes) <= GRID_NODES:
        head = " " * (_LABEL_CHARS + 4) + "".join(f"{_cell(n, '?'):<{CELL_CHARS + 2}}"
                                                    for n in table.nodes)
        print_line(console, head.rstrip(), "bold")
        for row in table.rows:
            unknown = "-" if row.key.startswith("env:") else "?"
            cells = "".join(f"{_cell(v, unknown):<{CELL_CHARS + 2}}" for v in row.values)
            mark = "* " if row.differs else "  "
            line = f"{mark}{row.label[:_LABEL_CHARS]:<{_LABEL_CHARS}}  {cells}".rstrip()
            print_line(console, line, "bold yellow" if row.differs else "")
        return
    for row in table.rows:
        unknown = "(unset)" if row.key.startswith("env:") else "?"
        groups: dict[str, list[str]] = {}
        for node, v in zip(table.nodes, row.values, strict=True):
            groups.setdefault(unknown if v is None else v, []).append(node)
        if not row.differs:
            value = next(iter(groups)) if len(groups) == 1 else "; ".join(groups)
            print_line(console, f"  {row.label[:_LABEL_CHARS]:<{_LABEL_CHARS}}  {value} "
                                f"(all {len(table.nodes)})")
            continue
        print_line(console, f"* {row.label[:_LABEL_CHARS]}", "bold yellow")
        for value, names in groups.items():
            shown = ", ".join(names[:8]) + (f" and {len(names) - 8} more" if len(names) > 8
                                            else "")
            print_line(console, f"      {value}: {shown}", "yellow")


def _node_line(n: NodeResult) -> tuple[str, str]:
    if n.report is not None:
        rep = n.report
        errors = sum(f.severity is Severity.ERROR for f in rep.findings)
        warnings = sum(f.severity is Severity.WARNING for f in rep.findings)
        state = verdict_state(rep.verdict.gpu_usable, errors, rep.verdict.program_failed)
        style = {"error": "red", "failed": "red", "ok": "green"}.get(state, "yellow")
        counts = (f" [{plural(errors, 'error')}, {plural(warnings, 'warning')}]"
                  if errors or warnings else "")
        return f"{rep.verdict.headline}{counts}", style
    why = (n.message or "").strip().splitlines()
    return f"{n.status.value}: {why[-1][:160] if why else 'no facts'}", "bold red"


# --- grouped node lines ---
#: Most separate names or runs a grouped node label lists before "and N more".
GROUP_PARTS = 6
_NUMBERED = re.compile(r"^(.*?)(\d+)$")


def _finding_lines(n: NodeResult, verbosity: int) -> tuple[str, ...]:
    """``-v``: the node's warning and error findings, one line each."""
    if verbosity < 1 or n.report is None:
        return ()
    return tuple(f"{f.severity.value}: {f.id}: {f.title}" for f in n.report.findings
                 if f.severity.rank >= Severity.WARNING.rank)


def _node_groups(nodes: tuple[NodeResult, ...] | list[NodeResult],
                 verbosity: int) -> list[list[NodeResult]]:
    """Nodes whose printed lines (verdict line, and with ``-v`` their findings) are
    identical, in order of first appearance."""
    groups: dict[tuple[object, ...], list[NodeResult]] = {}
    for n in nodes:
        groups.setdefault((*_node_line(n), _finding_lines(n, verbosity)), []).append(n)
    return list(groups.values())


def group_names(names: list[str]) -> str:
    """A label for nodes that printed the same line: the name itself for one node, else
    runs of consecutive numbered names with the count: ``["node1", ..., "node48"]`` ->
    ``"node1..node48 (48 nodes)"``; ``["gpu01", "gpu02", "gpu07", "login"]`` ->
    ``"gpu01..gpu02, gpu07, login (4 nodes)"``.  A run needs the same prefix, and a
    zero-padded number keeps its width (``gpu09``, ``gpu10``; ``node9``, ``node10``); more
    than :data:`GROUP_PARTS` parts end with "and N more"."""
    if len(names) == 1:
        return names[0]
    runs: list[list[str]] = []
    for name in names:
        m = _NUMBERED.match(name)
        last = _NUMBERED.match(runs[-1][-1]) if runs else None
        if (m and last and m.group(1) == last.group(1)
                and (len(m.group(2)) == len(last.group(2))
                     or "0" not in (m.group(2)[0], last.group(2)[0]))
                and int(m.group(2)) == int(last.group(2)) + 1):
            runs[-1].append(name)
        else:
            runs.append([name])
    parts = [r[0] if len(r) == 1 else f"{r[0]}..{r[-1]}" for r in runs]
    shown = ", ".join(parts[:GROUP_PARTS])
    if len(parts) > GROUP_PARTS:
        rest = sum(len(r) for r in runs[GROUP_PARTS:])
        shown += f" and {rest} more"
    return f"{shown} ({len(names)} nodes)"


def render_fleet_text(report: FleetReport, console: ReportConsole, verbosity: int = 0) -> None:
    """Print ``report``: headline, table, one line per node, then the fleet findings.

    Args:
        report: what to print.
        console: from :func:`tfgpu.report.text.make_report_console`.
        verbosity: ``-v`` minus ``-q``; 1+ also lists each node's doctor findings.
    """
    style = "bold red" if report.has_errors else "bold green"
    print_line(console, f"tfgpu fleet: {report.headline}", style)
    if verbosity >= 0:
        if report.sources:
            print_line(console, f"  sources: {', '.join(report.sources)}", "dim")
        for key, value in report.meta.items():
            print_line(console, f"  {key}: {value}", "dim")
    print_line(console)
    _render_table(report.table, console)
    print_line(console)
    print_line(console, "NODES", "bold underline")
    groups = _node_groups(report.nodes, verbosity)
    labels = [group_names([n.name for n in g]) for g in groups]
    width = max((len(label) for label in labels), default=4)
    for label, group in zip(labels, groups, strict=True):
        n = group[0]
        text, st = _node_line(n)
        print_line(console, f"  {label:<{width}}  {text}", st)
        for line in _finding_lines(n, verbosity):
            print_line(console, f"  {'':<{width}}    {line}", "dim")
    print_line(console)
    if report.findings:
        problems = sum(f.severity is Severity.ERROR for f in report.findings)
        fleet = Report("fleet", Verdict(False, f"FLEET FINDINGS ({len(report.findings)})",
                                        problems), report.findings, {})
        render_text(fleet, console, verbosity=min(verbosity, 0) if verbosity < 0 else verbosity)
    else:
        print_line(console, "FLEET FINDINGS: none (the nodes agree on every fact compared)",
                   "bold green")


def fleet_to_dict(report: FleetReport, exit_code: int) -> dict[str, Any]:
    """The ``tfgpu fleet --json`` document (layout in docs/slurm.md)::

        {"schema_version": "1.0", "tfgpu_version": ..., "knowledge_version": ...,
         "command": "fleet", "headline": ..., "exit_code": 1, "sources": [...],
         "table": {"nodes": [...], "rows": [{"key", "label", "values", "differs"}]},
         "nodes": [{"name", "source", "status", "exit_code", "message",
                    "verdict": {"gpu_usable", "headline", "problems"} | null,
                    "findings": [finding...]}],
         "findings": [fleet finding...]}
    """
    from tfgpu.fleet.model import FLEET_SCHEMA_VERSION

    nodes = []
    for n in report.nodes:
        rep = n.report
        nodes.append({
            "name": n.name, "source": n.source, "status": n.status.value,
            "exit_code": n.exit_code, "message": n.message,
            "verdict": None if rep is None else {
                "gpu_usable": rep.verdict.gpu_usable, "headline": rep.verdict.headline,
                "problems": rep.verdict.problems},
            "findings": [] if rep is None else [finding_to_dict(f) for f in rep.findings],
        })
    return {
        "schema_version": FLEET_SCHEMA_VERSION,
        "tfgpu_version": __version__,
        "knowledge_version": report.meta.get("knowledge", "unavailable"),
        "command": "fleet",
        "headline": report.headline,
        "exit_code": exit_code,
        "sources": list(report.sources),
        "table": {"nodes": list(report.table.nodes),
                  "rows": [{"key": r.key, "label": r.label, "values": list(r.values),
                            "differs": r.differs} for r in report.table.rows]},
        "nodes": nodes,
        "findings": [finding_to_dict(f) for f in report.findings],
    }


def render_fleet_json(report: FleetReport, exit_code: int) -> str:
    """:func:`fleet_to_dict` as indented JSON text (no trailing newline)."""
    return json.dumps(fleet_to_dict(report, exit_code), indent=2, ensure_ascii=False)


# ------------------------------------------------------------- markdown / html (shareable)


#: More nodes than this: the shareable facts table has a line per value, not a column per node.
_WIDE = 6


def _rename_nodes(value: Any, names: dict[str, str]) -> Any:
    """``value`` (JSON-like) with every node name in ``names`` replaced by its pseudonym,
    as a whole string or as a whole word inside text; a ``-`` before the name does not
    join it to another word (slurmstepd's ``slurmstepd-<node>:`` line prefix, SchedMD/slurm
    src/common/log.c, and ``<prefix>-<node>`` aliases name the node too)."""
    import re

    keys = sorted(names, key=len, reverse=True)
    pattern = (re.compile("|".join(rf"(?<![\w.]){re.escape(n)}(?![\w-])" for n in keys))
               if keys else None)

    def walk(v: Any) -> Any:
        if isinstance(v, str):
            if v in names:
                return names[v]
            return pattern.sub(lambda m: names[m.group(0)], v) if pattern else v
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        return v

    return walk(value)


def node_pseudonyms(doc: dict[str, Any]) -> list[str]:
    """The ``node-N`` names :func:`fleet_share_parts` gives the nodes of ``doc``
    (:func:`fleet_to_dict`'s document): placeholders a redactor must not take for host
    names (:meth:`tfgpu.privacy.Redactor.keeping`)."""
    count = max(len(doc.get("nodes") or []), len((doc.get("table") or {}).get("nodes") or []))
    return [f"node-{i}" for i in range(1, count + 1)]


def fleet_share_parts(doc: dict[str, Any], *, rename_nodes: bool
                      ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """What ``tfgpu fleet --format markdown|html`` renders (through
    :func:`tfgpu.report.share.render_shareable`): a report document and two tables.

    Args:
        doc: :func:`fleet_to_dict`'s document.
        rename_nodes: replace node names (host names) of 3 characters or more by
            ``node-N`` (N: the node's place in the table), everywhere in the document
            (redaction; ``--no-redact`` keeps them).

    Returns:
        ``(report, tables)``: ``report`` in the layout of
        :func:`tfgpu.report.json_report.report_to_dict` (verdict, the fleet findings and
        each node's error findings, titled with the node; meta), ``tables``: the facts that
        must agree by node (``*`` marks a row that differs) and each node's verdict.
    """
    names = [str(n.get("name")) for n in doc.get("nodes") or []]
    for name in (doc.get("table") or {}).get("nodes") or []:
        if name not in names:
            names.append(str(name))
    if rename_nodes:
        # Names of one or two characters (``a``, ``n2``) name no real host and, replaced
        # inside text, would eat words: kept.
        doc = _rename_nodes(doc, {n: f"node-{i}" for i, n in enumerate(names, 1)
                                  if len(n) >= 3})
    findings = list(doc.get("findings") or [])
    for n in doc.get("nodes") or []:
        for f in n.get("findings") or []:
            if f.get("severity") == "error":
                findings.append(dict(f, title=f"{n.get('name')}: {f.get('title', '')}"))
    verdicts = [n.get("verdict") for n in doc.get("nodes") or []]
    usable = bool(verdicts) and all(isinstance(v, dict) and v.get("gpu_usable")
                                    for v in verdicts)
    errors = sum(1 for f in findings if f.get("severity") == "error")
    report = {
        "schema_version": doc.get("schema_version"), "tfgpu_version": doc.get("tfgpu_version"),
        "knowledge_version": doc.get("knowledge_version"), "command": "fleet",
        "verdict": {"headline": doc.get("headline", ""), "gpu_usable": usable,
                    "problems": errors},
        "findings": findings,
        "meta": {"nodes": str(len(doc.get("nodes") or [])),
                 "sources": ", ".join(str(s) for s in doc.get("sources") or [])},
    }
    table = doc.get("table") or {}
    columns = [str(x) for x in table.get("nodes") or []]
    facts_rows: list[list[str]] = []
    for r in table.get("rows") or []:
        label = ("* " if r.get("differs") else "") + str(r.get("label", ""))
        values = ["?" if v is None else str(v) for v in r.get("values") or []]
        if len(columns) <= _WIDE:
            facts_rows.append([label, *values])
            continue
        # Many nodes: one line per value, with the nodes that have it (as the text does).
        for value in dict.fromkeys(values):
            who = [c for c, v in zip(columns, values, strict=False) if v == value]
            shown = "all" if len(who) == len(columns) else ", ".join(who[:12]) + (
                f" and {len(who) - 12} more" if len(who) > 12 else "")
            facts_rows.append([label, value, f"{shown} ({len(who)})"])
            label = ""
    node_rows = [[str(n.get("name")), str(n.get("status")),
                  (n.get("verdict") or {}).get("headline") or n.get("message") or "",
                  str(sum(1 for f in n.get("findings") or [] if f.get("severity") == "error"))]
                 for n in doc.get("nodes") or []]
    tables = [
        {"title": "Facts that must agree (* = differs across nodes)",
         "columns": ["fact", *columns] if len(columns) <= _WIDE else ["fact", "value", "nodes"],
         "rows": facts_rows},
        {"title": "Nodes", "columns": ["node", "status", "verdict", "errors"],
         "rows": node_rows},
    ]
    return report, tables
