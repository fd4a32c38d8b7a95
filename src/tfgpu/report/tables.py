"""Tables drawn by the commands that print them: ``bench`` (training, speed-ups,
ceilings), ``verify`` (one row per device) and ``matrix`` (the knowledge, filtered).

rich renderables from data the commands already computed: no decisions, no knowledge
loaded (the matrix view and knowledge object are passed in).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from rich.table import Table
from rich.text import Text

if TYPE_CHECKING:
    from rich.console import Console

    from tfgpu.knowledge import Knowledge
    from tfgpu.knowledge.matrix import ConfigLine, MatrixView
    from tfgpu.verify import VerifyResult


# ---------------------------------------------------------------------- bench


def render_bench_tables(doc: dict[str, Any], console: Console) -> None:
    """Print the result tables (training, speed-ups, ceilings) to ``console``: the rows
    and lines of :func:`tfgpu.report.bench_view.bench_results`, which the shareable
    Markdown/HTML report renders too."""
    from tfgpu.bench.runner import TENSORBOARD_NOTE
    from tfgpu.report.bench_view import bench_results

    res = bench_results(doc, TENSORBOARD_NOTE)
    console.print(Text(res["summary"]))
    training = res["training"]
    if training["rows"]:  # no training run (--workloads ceilings, or each failed): no table
        t = Table(title=Text(training["title"]), header_style="bold", show_edge=False)
        for col in training["columns"]:
            t.add_column(col, justify="left" if col in ("device", "workload") else "right")
        for row in training["rows"]:
            t.add_row(*row)
        console.print(t)
    for line in res["recipes"]:
        console.print(Text(f"  {line}"))
    for line in res["speedups"]:
        console.print(Text(line))
    ceilings = res["ceilings"]
    if ceilings["rows"]:
        c = Table(title=ceilings["title"], header_style="bold", show_edge=False)
        for col in ceilings["columns"]:
            c.add_column(col, justify="left" if col in ("device", "copy kind") else "right")
        for row in ceilings["rows"]:
            c.add_row(*row)
        console.print(c)


# ---------------------------------------------------------------------- verify


def render_verify_table(console: Console, result: VerifyResult) -> None:
    """Print one row per device checked by ``tfgpu verify``: result, error against its
    bound, matmul time (ms) and rate (GFLOP/s), and the allocation test (MiB)."""
    table = Table(title=None, show_edge=False, header_style="bold")
    for col in ("device", "result", "max rel. error", "bound", "matmul", "GFLOP/s", "alloc"):
        table.add_column(col, justify="left" if col in ("device", "result") else "right")
    for c in result.checks:
        table.add_row(
            Text(c.device + (f" {c.name}" if c.name else "")),
            "PASS" if c.passed else "FAIL",
            f"{c.max_rel_error:.2e}" if c.max_rel_error is not None else "-",
            f"{c.error_bound:.2e}" if c.error_bound is not None else "-",
            f"{c.matmul_time_s * 1e3:.2f} ms" if c.matmul_time_s is not None else "-",
            f"{c.matmul_gflops:.1f}" if c.matmul_gflops is not None else "-",
            f"{c.alloc_mib} MiB " + ("ok" if c.alloc_ok else "FAILED"),
        )
    console.print()
    console.print(table)


# ---------------------------------------------------------------------- matrix

_GPU_STATUS = {
    "native": ("green", "native sm_{via}"),
    "ptx-jit": ("yellow", "PTX JIT from compute_{via}"),
    "below-minimum": ("red", "ignored: CC below {min_cc}"),
    "no-kernels": ("red", "no kernels"),
}


def _matrix_table(title: str) -> Table:
    # Text(): a title such as "tensorflow[and-cuda]" must not be read as rich markup.
    return Table(title=Text(title), title_justify="left", header_style="bold",
                 min_width=len(title) + 1)


def _gpu_cell(line: ConfigLine) -> Text:
    if line.gpu is None:
        return Text("?", style="dim")
    style, fmt = _GPU_STATUS[line.gpu.status]
    text = fmt.format(via=(line.gpu.via or "").replace(".", ""), min_cc=line.gpu.row.min_cc)
    usable = line.gpu.status in ("native", "ptx-jit")
    if usable and line.gpu_floor is not None:
        # the GPU's own first driver is above every minimum of this release
        text += f" (driver >= {line.gpu_floor.version}, the GPU's minimum)"
    elif line.gpu.status == "ptx-jit" and line.gpu_driver is not None:
        text += f" (driver >= {line.gpu_driver.version})"
    return Text(text, style=style)


def _first_row_per_release(lines: tuple[ConfigLine, ...]) -> list[ConfigLine]:
    """``lines`` with one line per release, platform and build kind: the first, the row
    tfgpu uses when TensorFlow's table lists a release twice (macOS 2.0.0; the view's notes
    name the other, :func:`tfgpu.knowledge.matrix.select_matrix`)."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for line in lines:
        r = line.config
        if (key := (r.tf_version, r.platform, r.kind)) not in seen:
            seen.add(key)
            out.append(line)
    return out


def _configs_table(view: MatrixView) -> Table:
    table = _matrix_table("TensorFlow tested configurations")
    for col in ("TF", "OS", "build", "Python", "CUDA", "cuDNN", "min driver"):
        table.add_column(col, no_wrap=True)
    table.add_column("wheel SASS / PTX")
    with_gpu = view.gpu_cc is not None
    if with_gpu:
        table.add_column(f"on CC {view.gpu_cc}")
    for line in _first_row_per_release(view.configs):
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


def _simple_table(title: str, columns: Sequence[str], rows: Iterable[Sequence[str]]) -> Table:
    """A matrix table of unwrapped ``columns`` and one row per item of ``rows``."""
    table = _matrix_table(title)
    for col in columns:
        table.add_column(col, no_wrap=True)
    for cells in rows:
        table.add_row(*cells)
    return table


def _drivers_table(view: MatrixView) -> Table:
    return _simple_table(
        "Minimum NVIDIA driver per CUDA version", ("CUDA", "kind", "Linux", "Windows"),
        ((d.cuda_version, d.kind, d.min_driver_linux or "n/a", d.min_driver_windows or "n/a")
         for d in view.drivers),
    )


def _pins_table(view: MatrixView) -> Table:
    releases = sorted({p.tf_version for p in view.pins})
    title = "pip install tensorflow[and-cuda]"  # Text(): no rich markup in titles
    if len(releases) == 1:
        title += f"=={releases[0]} adds"
    table = _matrix_table(title)
    if len(releases) > 1:
        table.add_column("TF", no_wrap=True)
    table.add_column("package", no_wrap=True)
    table.add_column("specifier", no_wrap=True)
    for p in view.pins:
        cells = ([p.tf_version] if len(releases) > 1 else []) + [p.package, p.specifier]
        table.add_row(*cells)
    return table


def _archs_table(view: MatrixView) -> Table:
    return _simple_table(
        "Compute capabilities in the official Linux wheels",
        ("TF", "SASS (cubins)", "PTX", "min CC", "build CUDA", "cuDNN"),
        ((a.row.id, " ".join(a.sass), " ".join(a.ptx), a.row.min_cc, a.row.build_cuda,
          a.row.build_cudnn) for a in view.archs),
    )


def _gpus_table(view: MatrixView) -> Table:
    return _simple_table(
        "GPU compute capability", ("GPU", "CC", "segment", "source"),
        ((getattr(g, "name", g.id), getattr(g, "compute_capability", None) or "?",
          getattr(g, "segment", ""), g.source) for g in view.gpus),
    )


def _facts_table(view: MatrixView) -> Table:
    table = _matrix_table("Platform facts")
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


def render_matrix(view: MatrixView, kb: Knowledge, console: Console, verbosity: int = 0) -> None:
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
