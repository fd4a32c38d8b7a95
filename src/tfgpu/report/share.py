"""Shareable reports: Markdown for a bug report, one self-contained HTML page.

``--format markdown`` and ``--format html`` of ``doctor``, ``explain``, ``verify`` and
``bench``.  Both render the same view (:func:`build_view`) of the JSON document the
command would print with ``--json`` (:func:`tfgpu.report.json_report.report_to_dict`),
plus its host facts, verify checks or bench results, through the Jinja2 templates in
``report/templates/``.  Everything is redacted first (:mod:`tfgpu.privacy`), unless the
caller passes :class:`tfgpu.privacy.NoRedactor` (``--no-redact``).

Escaping: the HTML template autoescapes every value (the bench chart is built here as SVG
from escaped text); the Markdown environment escapes every ``{{ value }}`` that a filter
has not already made safe (``finalize``), code goes in fences longer than any run of
backticks inside, table cells escape ``|``.  Jinja2 is imported only here, and only when
one of these formats is asked for (``doctor --json`` and the text never load it).

No decisions and no knowledge: the verdict, findings and versions come in the document.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from tfgpu.findings import AREAS, VERDICT_STATES, verdict_state
from tfgpu.report.bench_view import fig as _fig
from tfgpu.report.controls import visible
from tfgpu.report.text import evidence_line

if TYPE_CHECKING:
    from jinja2 import Environment

    from tfgpu.privacy import Redactor

#: The output formats of ``--format`` (``text`` is the terminal report).
FORMATS: tuple[str, ...] = ("text", "json", "markdown", "html")
#: Formats meant to be shared, redacted by default.
SHAREABLE: tuple[str, ...] = ("markdown", "html")

_SEVERITY_LABEL = {"error": "ERROR", "warning": "warning", "info": "info", "ok": "ok"}
_SEVERITY_MARK = {"error": "✗", "warning": "!", "info": "i", "ok": "✓"}


# ------------------------------------------------------------------------------ view


def _table(title: str, columns: Sequence[str], rows: Sequence[Sequence[Any]]) -> dict[str, Any]:
    return {"title": title, "columns": list(columns),
            "rows": [["" if c is None else str(c) for c in row] for row in rows]}


def _host_rows(facts: Mapping[str, Any]) -> list[list[str]]:
    """The host table: one ``[what, value]`` row per fact worth reading in a bug report."""
    rows: list[list[str]] = []

    def add(label: str, value: Any) -> None:
        if value not in (None, "", [], {}):
            rows.append([label, str(value)])

    os_ = facts.get("os") or {}
    add("OS", " ".join(str(x) for x in (os_.get("name") or os_.get("system"),
                                        os_.get("machine")) if x))
    add("kernel", os_.get("kernel"))
    add("WSL", os_.get("wsl_version") if os_.get("is_wsl") else None)
    add("container", os_.get("container"))
    add("glibc", os_.get("glibc"))
    py = facts.get("python") or {}
    add("Python", " ".join(str(x) for x in (py.get("version"), py.get("implementation"))
                           if x))
    add("interpreter", py.get("executable"))
    add("virtual environment", py.get("virtualenv"))
    add("conda environment", py.get("conda_env"))
    cpu = facts.get("cpu") or {}
    add("CPU", " ".join(str(x) for x in (cpu.get("model"), f"({cpu.get('logical_cores')} "
                                         "logical cores)" if cpu.get("logical_cores") else None)
                        if x))
    for i, g in enumerate(facts.get("gpus") or []):
        parts = [g.get("name"), g.get("vendor")]
        if g.get("memory_total_mib"):
            parts.append(f"{g['memory_total_mib']} MiB")
        if g.get("compute_capability"):
            parts.append(f"compute capability {g['compute_capability']}")
        if g.get("uuid"):
            parts.append(g["uuid"])
        add(f"GPU {g.get('index', i)}", ", ".join(str(p) for p in parts if p))
    drv = facts.get("driver") or {}
    if drv:
        add("NVIDIA driver", " ".join(str(x) for x in (
            drv.get("version") or drv.get("status"),
            f"(CUDA {drv['cuda_version']})" if drv.get("cuda_version") else None) if x))
    for t in facts.get("toolkits") or []:
        add("CUDA toolkit", " ".join(str(x) for x in (t.get("version"), t.get("root")) if x))
    for lib in facts.get("libraries") or []:
        if lib.get("selected"):
            add(f"lib {lib.get('name')}", " ".join(str(x) for x in (
                lib.get("version"), lib.get("path"), f"({lib.get('origin')})"
                if lib.get("origin") else None) if x))
    tf = facts.get("tf") or {}
    if tf:
        add("TensorFlow", tf.get("version") or tf.get("status"))
        devices = tf.get("devices") or []
        add("TensorFlow devices", ", ".join(
            str(d.get("name") if isinstance(d, Mapping) else d) for d in devices))
        build = tf.get("build_info") or {}
        add("TensorFlow build", ", ".join(f"{k} {v}" for k, v in build.items()
                                          if k in ("cuda_version", "cudnn_version",
                                                   "is_cuda_build", "is_rocm_build")))
    for name, value in (facts.get("env") or {}).items():
        add(f"${name}", value if value != "" else '""')
    dists = (py.get("distributions") or [])
    wanted = re.compile(r"(?i)^(tensorflow|tf-|keras|nvidia-|jax|torch|tensorrt|numpy)")
    for d in dists:
        if isinstance(d, Mapping) and wanted.match(str(d.get("name", ""))):
            add(f"pip {d.get('name')}", d.get("version"))
    add("collected at", facts.get("collected_at"))
    return rows


def _verify_table(verify: Mapping[str, Any]) -> dict[str, Any]:
    rows = []
    for c in verify.get("checks") or []:
        rows.append([
            c.get("device"), c.get("name") or "", c.get("compute_capability") or "",
            "passed" if c.get("passed") else "FAILED",
            _fig(c.get("max_rel_error"), "{:.2e}") + " / " + _fig(c.get("error_bound"), "{:.2e}"),
            _fig(c.get("matmul_gflops"), "{:,.1f}"),
            "; ".join(str(p) for p in c.get("problems") or []),
        ])
    return _table(f"Checks on each device (TensorFlow {verify.get('tf_version') or '?'}, "
                  f"[{verify.get('size')}, {verify.get('size')}] float32 product)",
                  ("device", "name", "compute capability", "result",
                   "max relative error / bound", "GFLOP/s", "problems"), rows)


def _bench_tables(bench: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any],
                                                    list[str]]:
    """The bench results as the text report shows them (ux2,
    :func:`tfgpu.report.bench_view.bench_results`): the training table (with its GFLOP/s
    column), the ceilings table, and the lines above them (the speed-ups, the headline
    result first, then the run summary and each recipe)."""
    from tfgpu.bench.runner import TENSORBOARD_NOTE
    from tfgpu.report.bench_view import bench_results

    res = bench_results(bench, TENSORBOARD_NOTE)
    training, ceilings = res["training"], res["ceilings"]
    return (_table(training["title"], training["columns"], training["rows"]),
            _table(ceilings["title"], ceilings["columns"], ceilings["rows"]),
            [*res["speedups"], res["summary"], *res["recipes"]])


def _bench_bars(bench: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One bar per device and workload: label, median seconds, min and max seconds."""
    bars = []
    for d in bench.get("devices") or []:
        for wl, s in (d.get("workloads") or {}).items():
            tt = s.get("train_time_s") or {}
            med = (tt.get("median") or {}).get("value") if isinstance(tt.get("median"),
                                                                    Mapping) else None
            if isinstance(med, (int, float)) and not isinstance(med, bool) and med >= 0:
                lo = (tt.get("min") or {}).get("value", med)
                hi = (tt.get("max") or {}).get("value", med)
                bars.append({"label": f"{d.get('device')} {wl}", "workload": wl,
                             "median": float(med), "min": float(lo), "max": float(hi)})
    return bars


def bench_svg(bench: Mapping[str, Any]) -> str:
    """An inline SVG bar chart of the median training time per device and workload (with
    min-max whiskers when there were repeats); ``""`` when nothing was timed.

    Labels are escaped (:func:`markupsafe.escape`); the SVG needs no font or script.
    """
    from markupsafe import escape

    bars = _bench_bars(bench)
    if not bars:
        return ""
    top = max(max(b["max"], b["median"]) for b in bars) or 1.0
    row_h, label_w, chart_w, pad = 28, 170, 360, 8
    height = pad * 2 + row_h * len(bars) + 18
    colours = {"guide": "#8a8a8a", "tuned": "#2b7bba"}
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" class="chart" '
             f'viewBox="0 0 {label_w + chart_w + 90} {height}" '
             f'aria-label="training time per device and workload, seconds">',
             "<title>Training time per device and workload (median, seconds; shorter is "
             "faster)</title>"]
    for i, b in enumerate(bars):
        y = pad + i * row_h
        w = max(1.0, chart_w * b["median"] / top)
        colour = colours.get(str(b["workload"]), "#555555")
        parts.append(f'<text x="{label_w - 6}" y="{y + 17}" text-anchor="end" '
                     f'font-size="12">{escape(b["label"])}</text>')
        parts.append(f'<rect x="{label_w}" y="{y + 5}" width="{w:.1f}" height="16" '
                     f'fill="{colour}"/>')
        if b["max"] > b["min"]:
            x0 = label_w + chart_w * b["min"] / top
            x1 = label_w + chart_w * b["max"] / top
            parts.append(f'<line x1="{x0:.1f}" x2="{x1:.1f}" y1="{y + 13}" y2="{y + 13}" '
                         'stroke="#000" stroke-width="1.2"/>')
        parts.append(f'<text x="{label_w + w + 6:.1f}" y="{y + 17}" font-size="12">'
                     f'{b["median"]:.1f} s</text>')
    parts.append(f'<text x="{label_w}" y="{height - 4}" font-size="11" fill="#555">'
                 "median training time, seconds (bars); min-max (whiskers)</text>")
    parts.append("</svg>")
    return "".join(parts)


_REDACTED_NOTE = ("Redacted: host and user names, home folders, GPU UUIDs and serials, IP and "
                  "MAC addresses and secrets are replaced; other folder paths are kept: "
                  "read it before posting.")
#: the note of a report rendered with ``--redact-paths``.
_PATHS_REDACTED_NOTE = ("Redacted: host and user names, home folders, GPU UUIDs and serials, "
                        "IP and MAC addresses and secrets are replaced, and (--redact-paths) "
                        "folder names outside system and library locations: read it before "
                        "posting.")
_NOT_REDACTED_NOTE = ("NOT redacted (--no-redact): check it for private data before "
                      "posting.")


def _evidence_lines(evidence: Sequence[Any]) -> list[str]:
    """``line 12: text`` or ``source: text`` per evidence item (multi-line text kept)."""
    out = []
    for e in evidence:
        if not isinstance(e, Mapping):
            continue
        out.append(evidence_line(str(e.get("source", "")), e.get("line"), str(e.get("text", ""))))
    return out


#: A finding's keys whose values come from the finding catalogue, never from the host:
#: kept as they are when the rest is redacted (a user named ``cuda`` or ``driver`` turned
#: the CUDA heading into USER and moved those findings out of their group).
_CATALOGUE_KEYS = ("id", "severity", "category", "area", "aliases", "doc", "knowledge_ref",
                   "harmless")


def _keep_catalogue_words(doc: Mapping[str, Any], redacted: dict[str, Any]) -> None:
    """Put the :data:`_CATALOGUE_KEYS` of ``doc``'s findings back into ``redacted``'s
    (same order, same length; otherwise nothing is changed)."""
    before, after = doc.get("findings"), redacted.get("findings")
    if not isinstance(before, list) or not isinstance(after, list) or len(before) != len(after):
        return
    for b, a in zip(before, after, strict=True):
        if isinstance(b, Mapping) and isinstance(a, dict):
            a.update({k: b[k] for k in _CATALOGUE_KEYS if k in b})


#: Fix lines that only PowerShell runs (cmd.exe's ``set X=`` lines are :data:`_CMD_FIX`'s):
#: a fenced block holding one is marked ``powershell``, not ``sh``.
_WINDOWS_FIX = re.compile(r"^\s*(?:\$env:|Remove-Item |Get-ChildItem |Get-PSDrive |& )")


#: cmd.exe-only lines (``set X=...``, ``set "X=..." &&``, ``set PATH``, ``%VAR%``), and
#: Windows lines either Windows shell runs (``where.exe``, another ``*.exe`` command, a
#: ``| findstr`` pipe).
_CMD_FIX = re.compile(r"^\s*set(?:\s+\"?[A-Za-z_]\w*(?:=|\s|$)|\s*$)|%[A-Za-z_]\w*%",
                      re.IGNORECASE)
_WINDOWS_ANY = re.compile(r"^\s*(?:where\.exe|\w+\.exe)\b|\|\s*findstr\b", re.IGNORECASE)


def _only_hedge_halves(group: Mapping[str, Any]) -> bool:
    """Whether an area group holds only the second halves of hedged pairs ("Or: ...")."""
    return all(str(f.get("title", "")).startswith("Or: ") for f in group["findings"])


def _fix_lang(fix: Sequence[Any]) -> str:
    """The markdown code-fence language of a finding's fix lines, for the shell they are
    for: ``powershell`` for PowerShell lines (``$env:X = ...``, ``Remove-Item``) and for
    Windows lines both shells run (``where.exe``: PowerShell's own ``where`` is
    Where-Object, hence the ``.exe``), also when cmd.exe's form stands beside the
    PowerShell one, ``bat`` for cmd.exe lines only (``set X=...``,
    ``%X%``), else ``sh``."""
    lines = [str(ln) for ln in fix]
    cmd = any(_CMD_FIX.search(ln) for ln in lines)
    ps = any(_WINDOWS_FIX.match(ln) and not _CMD_FIX.search(ln) for ln in lines)
    if cmd and not ps:
        return "bat"
    return "powershell" if ps or any(_WINDOWS_ANY.search(ln) for ln in lines) else "sh"


def _strings(value: Any) -> list[str]:
    """Every string in a JSON-like value (keys and values), depth first."""
    out: list[str] = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, Mapping):
            stack.extend(str(k) for k in v)
            stack.extend(v.values())
        elif isinstance(v, (list, tuple)):
            stack.extend(v)
    return out


def build_view(doc: Mapping[str, Any], *, redactor: Redactor,
               facts: Mapping[str, Any] | None = None,
               verify: Mapping[str, Any] | None = None,
               bench: Mapping[str, Any] | None = None,
               tables: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The template context: the report document and its extras, redacted, arranged.

    Args:
        doc: :func:`tfgpu.report.json_report.report_to_dict`'s document.
        redactor: applied to every value first (``NoRedactor`` for ``--no-redact``).
        facts: the host facts (``HostFacts.to_dict()``), shown as the host table.
        verify: ``VerifyResult.to_dict()``, shown as the checks table.
        bench: the bench document, shown as a table and an SVG chart.
        tables: more tables, each ``{"title", "columns", "rows"}`` (text cells), shown
            before the others (``tfgpu fleet``: the facts by node, the nodes' verdicts).

    Returns:
        ``title``, ``verdict`` (``headline``, ``state``: a
        :data:`tfgpu.findings.VERDICT_STATES` key, ``problems``), ``groups`` (``area``
        and its ``findings``, in
        :data:`tfgpu.findings.AREAS` order), ``passed`` (the ``ok`` findings), ``ids``,
        ``meta``, ``host`` rows, ``tables``, ``results`` (the bench's result lines: speed-ups,
        run summary, recipes, as the text report prints them), ``chart`` (SVG text),
        versions, ``redacted``.
    """
    from tfgpu.privacy import NoRedactor

    # any host or user name the documents themselves reveal (a log's NCCL prefixes, prompts,
    # Slurm nodes, private servers) is hidden as this host's is
    redactor = redactor.learn(_strings([doc, facts, verify, bench, list(tables)]))
    d = redactor.data(dict(doc))
    _keep_catalogue_words(doc, d)
    facts = redactor.data(dict(facts)) if facts is not None else None
    verify = redactor.data(dict(verify)) if verify is not None else None
    bench = redactor.data(dict(bench)) if bench is not None else None
    findings = [f for f in d.get("findings") or [] if isinstance(f, Mapping)]
    problems = [f for f in findings if f.get("severity") != "ok"]
    groups = []
    for area in (*AREAS, *sorted({str(f.get("area")) for f in problems} - set(AREAS))):
        group = [dict(f, label=_SEVERITY_LABEL.get(str(f.get("severity")), "?"),
                      mark=_SEVERITY_MARK.get(str(f.get("severity")), "?"),
                      evidence_lines=_evidence_lines(f.get("evidence") or []),
                      fix_lang=_fix_lang(f.get("fix") or []))
                 for f in problems if f.get("area") == area]
        if group:
            groups.append({"area": area, "findings": group})
    # an area holding only the second halves of hedged pairs ("Or: ...") after the others
    groups.sort(key=_only_hedge_halves)
    verdict = d.get("verdict") or {}
    errors = sum(1 for f in findings if f.get("severity") == "error")
    # None: not known (report 1.2), kept apart from "no GPU"
    gpu_usable = verdict.get("gpu_usable") if isinstance(verdict.get("gpu_usable"),
                                                           bool) else None
    problems = verdict.get("problems", 0)
    # one verdict, rendered everywhere: the state the text report and the JSON say
    state = verdict_state(gpu_usable, max(errors, problems if isinstance(problems, int)
                                          else 0), verdict.get("program_failed") is True)
    extra = [_table(str(t["title"]), t["columns"], t["rows"])
             for t in (redactor.data(dict(t)) for t in tables)]
    bench_out = _bench_tables(bench) if bench is not None else None
    tables_out = [t for t in (*extra, _verify_table(verify) if verify is not None else None,
                              *(bench_out[:2] if bench_out is not None else ()))
                  if t is not None and t["rows"]]
    return {
        "title": f"tfgpu {d.get('command', '')}".strip(),
        "command": d.get("command", ""),
        "verdict": {"headline": verdict.get("headline", ""), "state": state,
                    "state_text": VERDICT_STATES[state],
                    "problems": verdict.get("problems", 0),
                    "gpu_usable": gpu_usable},
        "groups": groups,
        "passed": [f for f in findings if f.get("severity") == "ok"],
        "ids": [f.get("id") for f in findings],
        "meta": {str(k): str(v) for k, v in (d.get("meta") or {}).items()},
        "host": _host_rows(facts) if facts is not None else [],
        "tables": tables_out,
        "results": bench_out[2] if bench_out is not None else [],
        "chart": bench_svg(bench) if bench is not None else "",
        "tfgpu_version": d.get("tfgpu_version", ""),
        "knowledge_version": d.get("knowledge_version", ""),
        "schema_version": d.get("schema_version", ""),
        "redacted": not isinstance(redactor, NoRedactor),
        "redaction_note": _NOT_REDACTED_NOTE if isinstance(redactor, NoRedactor)
        else _PATHS_REDACTED_NOTE if redactor.paths else _REDACTED_NOTE,
    }


# -------------------------------------------------------------------------- markdown


class _Md(str):
    """Markdown that is already escaped (a filter's output): written as it is."""

    __slots__ = ()


#: Characters escaped in Markdown text (CommonMark backslash escapes).
_MD_SPECIAL = re.compile(r"([\\`*_\[\]|~#!$])")
_BACKTICKS = re.compile(r"`+")
#: ``@name`` at a word start: GitHub would notify user ``name`` (a log's ``@tf.function``);
#: a WORD JOINER (U+2060, invisible) after the ``@`` keeps it plain text.
_MENTION = re.compile(r"(?<![\w@])@(?=[A-Za-z0-9])")


def md_escape(value: Any) -> str:
    """``value`` as Markdown text that renders as itself on one line: punctuation that
    Markdown reads is backslash-escaped, ``<``, ``>``, ``&`` become entities (no HTML
    reaches the page), line breaks become spaces, ``@name`` does not mention anyone."""
    text = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MD_SPECIAL.sub(r"\\\1", text)
    text = _MENTION.sub("@\u2060", text)
    return " ".join(text.splitlines()) if "\n" in text or "\r" in text else text


def md_code(value: Any, lang: str = "", indent: int = 0) -> _Md:
    """``value`` as a fenced code block whose fence is longer than any run of backticks in
    it (so no line inside can close it), every line indented by ``indent`` spaces (inside
    a list item)."""
    text = str(value).replace("\r\n", "\n").replace("\r", "\n").rstrip("\n")
    longest = max((len(m.group(0)) for m in _BACKTICKS.finditer(text)), default=0)
    fence = "`" * max(3, longest + 1)
    pad = " " * indent
    body = "\n".join(pad + line for line in text.split("\n"))
    return _Md(f"{pad}{fence}{lang}\n{body}\n{pad}{fence}")


def md_span(value: Any) -> _Md:
    """``value`` as an inline code span (delimited by more backticks than it holds)."""
    text = " ".join(str(value).splitlines())
    longest = max((len(m.group(0)) for m in _BACKTICKS.finditer(text)), default=0)
    ticks = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return _Md(f"{ticks}{pad}{text}{pad}{ticks}")


def md_cell(value: Any) -> _Md:
    """``value`` for a Markdown table cell: escaped, ``|`` too, line breaks as ``<br>``."""
    lines = str(value).splitlines() or [""]
    return _Md("<br>".join(md_escape(line) for line in lines))


def md_row(cells: Sequence[Any]) -> _Md:
    """One Markdown table row: ``| a | b |`` with each cell escaped (:func:`md_cell`)."""
    return _Md("| " + " | ".join(md_cell(c) for c in cells) + " |")


def md_separator(columns: int) -> _Md:
    """The header separator row of a Markdown table of ``columns`` columns."""
    return _Md("|" + " --- |" * max(1, columns))


def md_link(value: Any) -> _Md:
    """A URL as an autolink ``<https://...>`` when it is a plain http(s) URL, else text."""
    text = str(value)
    if re.fullmatch(r"https?://[^\s<>\"'`]+", text):
        return _Md(f"<{text}>")
    return _Md(md_escape(text))


def _md_finalize(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, _Md):
        return value
    return md_escape(value)


# --------------------------------------------------------------------------- engines

_ENVS: dict[str, Environment] = {}


def _env(kind: str) -> Environment:
    """The Jinja2 environment for ``"markdown"`` or ``"html"`` (built once)."""
    env = _ENVS.get(kind)
    if env is not None:
        return env
    from jinja2 import Environment, PackageLoader, StrictUndefined

    loader = PackageLoader("tfgpu.report", "templates")
    if kind == "html":
        env = Environment(loader=loader, autoescape=True, undefined=StrictUndefined,
                          trim_blocks=True, lstrip_blocks=True)
    else:
        env = Environment(loader=loader, autoescape=False, undefined=StrictUndefined,
                          finalize=_md_finalize, trim_blocks=True, lstrip_blocks=True,
                          keep_trailing_newline=True)
        env.filters.update(code=md_code, span=md_span, cell=md_cell, row=md_row,
                           separator=md_separator, link=md_link)
    _ENVS[kind] = env
    return env


def render_markdown(view: Mapping[str, Any]) -> str:
    """Markdown for a GitHub issue: verdict first, findings with their fixes in code
    blocks, host facts in a collapsed ``<details>`` block, tfgpu and knowledge versions.

    Args:
        view: from :func:`build_view`.
    """
    return _env("markdown").get_template("report.md.j2").render(**view).strip() + "\n"


def render_html(view: Mapping[str, Any]) -> str:
    """One self-contained HTML page (inline CSS, no script, no external resource; a
    Content-Security-Policy that forbids any request), readable on a phone and in print.

    Args:
        view: from :func:`build_view`.
    """
    from markupsafe import Markup

    ctx = dict(view)
    ctx["chart"] = Markup(view.get("chart") or "")  # built from escaped text above
    return _env("html").get_template("report.html.j2").render(**ctx)


def render_shareable(fmt: str, doc: Mapping[str, Any], *, redactor: Redactor,
                     facts: Mapping[str, Any] | None = None,
                     verify: Mapping[str, Any] | None = None,
                     bench: Mapping[str, Any] | None = None,
                     tables: Sequence[Mapping[str, Any]] = ()) -> str:
    """Render ``doc`` (and its extras) as ``"markdown"`` or ``"html"``; see
    :func:`build_view` for the arguments.

    Raises:
        ValueError: ``fmt`` is not a shareable format.
    """
    if fmt not in SHAREABLE:
        raise ValueError(f"not a shareable format: {fmt!r} (one of {', '.join(SHAREABLE)})")
    view = build_view(doc, redactor=redactor, facts=facts, verify=verify, bench=bench,
                      tables=tables)
    # Last, over the whole page: no value, whatever path it took, carries a control.
    # (tfgpu.report.controls: the text report's table, newlines kept)
    return visible(render_markdown(view) if fmt == "markdown" else render_html(view),
                   keep_newlines=True)


__all__ = ["FORMATS", "SHAREABLE", "bench_svg", "build_view", "md_cell", "md_code",
           "md_escape", "md_span", "render_html", "render_markdown", "render_shareable"]
