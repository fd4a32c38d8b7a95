"""``tfgpu matrix``: print the compatibility knowledge, filtered.

Examples::

    tfgpu matrix                       # every tested configuration
    tfgpu matrix --tf 2.12             # one release: configs, and-cuda pins, wheel CCs
    tfgpu matrix --cuda 11.8           # releases built with CUDA 11.8, and driver minimums
    tfgpu matrix --gpu "RTX 3060"      # how each GPU release runs on that GPU
    tfgpu matrix --os windows --json   # one JSON document on stdout

The rows come from ``tfgpu/knowledge/data/*.toml``; the selection is
:func:`tfgpu.knowledge._matrix.select_matrix`; this module only parses and renders.
"""

from __future__ import annotations

import argparse
import json
import sys

from rich.console import Console
from rich.table import Table
from rich.text import Text

from tfgpu._version import __version__
from tfgpu.cli import status_codes
from tfgpu.cli.errors import UsageError
from tfgpu.knowledge import Knowledge, KnowledgeError, KnowledgeQueryError, load_knowledge
from tfgpu.knowledge._matrix import SECTIONS, ConfigLine, MatrixView, select_matrix, view_to_dict
from tfgpu.report.text import make_console

#: Version of the ``--json`` layout.
MATRIX_SCHEMA_VERSION = "1.0"

_GPU_STATUS = {
    "native": ("green", "native sm_{via}"),
    "ptx-jit": ("yellow", "PTX JIT from compute_{via}"),
    "below-minimum": ("red", "ignored: CC below {min_cc}"),
    "no-kernels": ("red", "no kernels"),
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``tfgpu matrix`` options to ``parser``."""
    parser.add_argument("--tf", metavar="VERSION", help="one TensorFlow release or x.y (2.12)")
    parser.add_argument("--cuda", metavar="VERSION", help="CUDA version (11.8) or family (12)")
    parser.add_argument("--gpu", metavar="NAME|CC",
                        help='GPU name ("RTX 3060") or compute capability (8.6)')
    parser.add_argument("--os", choices=("linux", "windows", "wsl2", "macos"),
                        help="platform (windows = native Windows; wsl2 uses the Linux rows)")
    parser.add_argument("--show", action="append", choices=SECTIONS, metavar="SECTION",
                        help=f"sections to print, repeatable: {', '.join(SECTIONS)} "
                             "(default: configurations plus what the filters make relevant)")
    parser.add_argument("--json", action="store_true", help="one JSON document on stdout")


def run(args: argparse.Namespace) -> int:
    """Print the selected knowledge; exit 2 on a filter value that matches nothing known."""
    try:
        kb = load_knowledge()
    except KnowledgeError as exc:
        print(f"tfgpu matrix: the knowledge files are broken: {exc}", file=sys.stderr)
        return status_codes.INTERNAL_ERROR
    try:
        view = select_matrix(
            kb, tf=args.tf, cuda=args.cuda, gpu=args.gpu, os=args.os,
            show=tuple(args.show or ()),
        )
    except KnowledgeQueryError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        doc = {
            "schema_version": MATRIX_SCHEMA_VERSION,
            "tfgpu_version": __version__,
            "knowledge_version": kb.version,
            "command": "matrix",
            **view_to_dict(view),
        }
        print(json.dumps(doc, indent=2, ensure_ascii=False))
        return status_codes.SUCCESS
    wide = None if sys.stdout.isatty() else 140  # tables stay unwrapped in pipes and files
    render(view, kb, make_console(width=wide), verbosity=args.verbose - args.quiet)
    return status_codes.SUCCESS


# ---------------------------------------------------------------------- rendering


def _table(title: str) -> Table:
    # Text(): a title such as "tensorflow[and-cuda]" must not be read as rich markup.
    return Table(title=Text(title), title_justify="left", header_style="bold",
                 min_width=len(title) + 1)


def _gpu_cell(line: ConfigLine) -> Text:
    if line.gpu is None:
        return Text("?", style="dim")
    style, fmt = _GPU_STATUS[line.gpu.status]
    text = fmt.format(via=(line.gpu.via or "").replace(".", ""), min_cc=line.gpu.row.min_cc)
    if line.gpu.status == "ptx-jit" and line.gpu_driver is not None:
        text += f" (driver >= {line.gpu_driver.version})"
    return Text(text, style=style)


def _configs_table(view: MatrixView) -> Table:
    table = _table("TensorFlow tested configurations")
    for col in ("TF", "OS", "build", "Python", "CUDA", "cuDNN", "min driver"):
        table.add_column(col, no_wrap=True)
    table.add_column("wheel SASS / PTX")
    with_gpu = view.gpu_cc is not None
    if with_gpu:
        table.add_column(f"on CC {view.gpu_cc}")
    for line in view.configs:
        r = line.config
        tf = r.tf_version + (f"-{r.tf_version_last}" if r.tf_version_last else "")
        python = (f"{r.python_min}-{r.python_max}" if r.python_min else r.python_versions)
        driver = line.driver.version if line.driver else ""
        if line.driver and line.driver.rule == "minor-version-compat":
            driver += f" ({line.driver.row.cuda_version})"
        archs = ""
        if line.archs is not None:
            archs = " ".join(line.archs.sass) + " / " + " ".join(line.archs.ptx)
        cells: list[str | Text] = [
            tf, r.platform, r.kind, python, r.cuda or "-", r.cudnn or "-", driver, archs]
        if with_gpu:
            cells.append(_gpu_cell(line))
        table.add_row(*cells)
    return table


def _drivers_table(view: MatrixView) -> Table:
    table = _table("Minimum NVIDIA driver per CUDA version")
    for col in ("CUDA", "kind", "Linux", "Windows"):
        table.add_column(col, no_wrap=True)
    for d in view.drivers:
        table.add_row(d.cuda_version, d.kind, d.min_driver_linux or "n/a",
                      d.min_driver_windows or "n/a")
    return table


def _pins_table(view: MatrixView) -> Table:
    releases = sorted({p.tf_version for p in view.pins})
    title = "pip install tensorflow[and-cuda]"  # Text(): no rich markup in titles
    if len(releases) == 1:
        title += f"=={releases[0]} adds"
    table = _table(title)
    if len(releases) > 1:
        table.add_column("TF", no_wrap=True)
    table.add_column("package", no_wrap=True)
    table.add_column("specifier", no_wrap=True)
    for p in view.pins:
        cells = ([p.tf_version] if len(releases) > 1 else []) + [p.package, p.specifier]
        table.add_row(*cells)
    return table


def _archs_table(view: MatrixView) -> Table:
    table = _table("Compute capabilities in the official Linux wheels")
    for col in ("TF", "SASS (cubins)", "PTX", "min CC", "build CUDA", "cuDNN"):
        table.add_column(col, no_wrap=True)
    for a in view.archs:
        table.add_row(a.row.id, " ".join(a.sass), " ".join(a.ptx), a.row.min_cc,
                      a.row.build_cuda, a.row.build_cudnn)
    return table


def _gpus_table(view: MatrixView) -> Table:
    table = _table("GPU compute capability")
    for col in ("GPU", "CC", "segment", "source"):
        table.add_column(col, no_wrap=True)
    for g in view.gpus:
        table.add_row(getattr(g, "name", g.id), getattr(g, "compute_capability", None) or "?",
                      getattr(g, "segment", ""), g.source)
    return table


def _facts_table(view: MatrixView) -> Table:
    table = _table("Platform facts")
    table.add_column("id", no_wrap=True)
    table.add_column("fact")
    table.add_column("source")
    for f in view.facts:
        table.add_row(f.id, f.title, f.source.replace("+", " "))
    return table


_RENDERERS = {
    "configs": _configs_table,
    "drivers": _drivers_table,
    "pins": _pins_table,
    "archs": _archs_table,
    "gpus": _gpus_table,
    "facts": _facts_table,
}


def render(view: MatrixView, kb: Knowledge, console: Console, verbosity: int = 0) -> None:
    """Print ``view`` as rich tables, then the knowledge version and sources."""
    if view.gpu_cc is not None:
        if view.gpu is not None:
            how = "" if view.gpu.how in ("exact", "normalised") else f", {view.gpu.how} match"
            console.print(Text(
                f"GPU {view.filters.get('gpu')!r} = {view.gpu.row.name}: compute capability "
                f"{view.gpu.cc} ({view.gpu.row.ref}, source {view.gpu.row.source}{how})"))
        else:
            console.print(Text(f"compute capability {view.gpu_cc}"))
    for section in view.sections:
        table = _RENDERERS[section](view)
        if table.row_count == 0:
            console.print(Text(f"{table.title}: no rows match the filters", style="yellow"))
            continue
        console.print(table)
    for note in view.notes:
        console.print(Text(f"note: {note}", style="yellow"))
    if "configs" in view.sections and view.configs:
        console.print(Text(
            "min driver: the CUDA family floor from NVIDIA's minor-version compatibility "
            "(PTX JIT needs the build toolkit's own minimum); Windows rows use the Windows "
            "driver column, WSL2 the Windows driver with the Linux rows.", style="dim"))
    if verbosity >= 0:
        used = list(kb.tables)
        console.print(Text(f"knowledge {kb.version}; sources:", style="dim"))
        seen: set[tuple[str, str]] = set()
        for table_name in used if verbosity >= 1 else used[:2]:
            for src in kb.tables[table_name].sources.values():
                if (src.key, src.url) not in seen:
                    seen.add((src.key, src.url))
                    console.print(Text(f"  [{src.key}] {src.url}", style="dim"))
        if verbosity < 1:
            console.print(Text("  (-v lists every source)", style="dim"))
