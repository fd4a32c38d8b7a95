"""The results of ``tfgpu bench`` as plain data, for every renderer (ux2).

The text tables (:func:`tfgpu.report.tables.render_bench_tables`) and the shareable
Markdown/HTML report (:func:`tfgpu.report.share.build_view`) render the same
:func:`bench_results`, so both show the same lines and columns: the run summary (data,
epochs, TensorFlow, load average), the training table with its GFLOP/s column, each
recipe, the speed-ups ("tuned over guide on cpu: 6.59x faster") and the ceilings table.
No decisions, no knowledge: only the bench document's figures, formatted.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from tfgpu._words import data_sizes, plural, trains

#: Columns of the training table.
TRAINING_COLUMNS = ("device", "workload", "time, s: median [min-max]", "test acc.",
                    "samples/s", "GFLOP/s (of ceiling)")
#: Columns of the ceilings table.
CEILING_COLUMNS = ("device", "matmul float32", "float16", "bfloat16", "copy", "copy kind")


def fig(value: Any, fmt: str = "{:.2f}") -> str:
    """A bench figure ``{"value": v, "unit": u}`` (or a plain number) as text; ``-`` when
    missing, ``None`` or not a number ``fmt`` can format (a redacted string is shown)."""
    if isinstance(value, Mapping):
        value = value.get("value")
    if value is None or isinstance(value, bool):
        return "-"
    try:
        return fmt.format(value)
    except (ValueError, TypeError):
        return str(value)


def _m(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def _summary(doc: Mapping[str, Any]) -> str:
    cfg, host, data = _m(doc.get("config")), _m(doc.get("host")), _m(doc.get("data"))
    machine = (f"TensorFlow {host.get('tf_version', '?')}; load average (1 min) "
               f"{fig(host.get('load_average_1min_before'))} before, "
               f"{fig(host.get('load_average_1min_after'))} after, on "
               f"{_m(host.get('cpu_count')).get('value', '?')} CPUs")
    if not trains(cfg):
        # only the ceilings: no data was trained on, no epoch or run to count
        return f"no training ({', '.join(map(str, cfg['workloads']))} only); {machine}"
    where = data.get("paths") or []
    location = (
        (where[0] if data.get("kind") == "npz" else os.path.dirname(str(where[0])))
        if where
        else None
    )
    return (
        f"data: {data.get('label', '?')}"
        + (f" ({location})" if location else "")
        + (f": {sizes}" if (sizes := data_sizes(cfg)) else "")
        + f"; {plural(_m(cfg.get('epochs')).get('value', '?'), 'epoch')}, "
        f"{plural(_m(cfg.get('repeat')).get('value', '?'), 'run')} each; {machine}"
    )


def _recipe(wl: str, s: Mapping[str, Any]) -> str:
    r = _m(s.get("recipe"))
    parts = [
        f"batch {fig(r.get('batch_size'), '{}')}",
        f"lr {fig(r.get('learning_rate'), '{:g}')}" + (" cosine" if wl == "tuned" else ""),
    ]
    if r.get("jit_compile"):
        parts.append("XLA")
    spe = _m(r.get("steps_per_execution")).get("value")
    if isinstance(spe, int) and spe > 1:
        parts.append(f"steps_per_execution {spe}")
    if r.get("mixed_precision"):
        parts.append("mixed float16")
    if r.get("pipeline"):
        parts.append(str(r["pipeline"]))
    if s.get("tensorboard"):
        parts.append("TensorBoard logging on")
    return ", ".join(parts)


def bench_results(doc: Mapping[str, Any], tensorboard_note: str = "") -> dict[str, Any]:
    """The bench document's results as rows and lines, formatted as the text report shows
    them.

    Args:
        doc: the bench JSON document (``tfgpu bench --json``), possibly redacted.
        tensorboard_note: the note added to timings that include TensorBoard logging
            (``tfgpu.bench.runner.TENSORBOARD_NOTE``), when the document says so.

    Returns:
        ``summary`` (one line; for a run that trained nothing, ``--workloads ceilings``,
        no data or epoch count), ``training`` (``title``, ``columns``, ``rows``: text
        cells; time in s, accuracy in %, samples/s, achieved GFLOP/s and its fraction of
        the measured float32 matmul ceiling), ``recipes`` (``"tuned on cpu: batch ..."``
        lines), ``speedups`` (``"tuned over guide on cpu: 6.59x faster, ..."`` lines, the
        headline result first) and ``ceilings`` (``title``, ``columns``, ``rows``; empty
        rows when no ceiling was measured).
    """
    tb = bool(doc.get("timings_include_tensorboard", False))
    tb_note = f" ({tensorboard_note})" if tb and tensorboard_note else ""
    syn = " [SYNTHETIC DATA]" if doc.get("synthetic") else ""
    rows: list[list[str]] = []
    recipes: list[str] = []
    ceilings: list[list[str]] = []
    for d in doc.get("devices") or []:
        dev = str(d.get("device"))
        for wl, s in (d.get("workloads") or {}).items():
            tt = _m(s.get("train_time_s"))
            acc = s.get("test_accuracy")
            acc = acc.get("median") if isinstance(acc, Mapping) and "median" in acc else acc
            rows.append([
                dev, str(wl),
                f"{fig(tt.get('median'))} [{fig(tt.get('min'))}-{fig(tt.get('max'))}]",
                fig(acc, "{:.2f}%"),
                fig(s.get("samples_per_s"), "{:,.0f}"),
                f"{fig(s.get('achieved_rate'), '{:.1f}')} "
                f"({fig(s.get('fraction_of_matmul_ceiling'), '{:.1%}')})",
            ])
            recipes.append(f"{wl} on {dev}: {_recipe(str(wl), s)}")
        ce = d.get("ceilings")
        if isinstance(ce, Mapping) and ce:
            ceilings.append([
                dev,
                fig(ce.get("matmul_float32"), "{:,.1f} GFLOP/s"),
                fig(ce.get("matmul_float16"), "{:,.1f}"),
                fig(ce.get("matmul_bfloat16"), "{:,.1f}"),
                fig(ce.get("copy"), "{:.2f} GB/s"),
                str(_m(ce.get("copy")).get("kind", "-")),
            ])
    sp = _m(doc.get("speedup"))
    speedups = []
    for dev, s in _m(sp.get("tuned_over_guide")).items():
        speedups.append(
            f"tuned over guide on {dev}: {fig(s, '{:.2f}x')} faster, test accuracy "
            f"{fig(_m(s).get('accuracy_delta'), '{:+.2f}')} points "
            + ("(within tolerance)" if _m(s).get("accuracy_within_tolerance")
               else "(OUTSIDE 0.5 points)")
            + tb_note)
    for wl, per in _m(sp.get("gpu_over_cpu")).items():
        for dev, s in _m(per).items():
            speedups.append(f"{dev} over cpu, {wl}: {fig(s, '{:.2f}x')} faster{tb_note}")
    return {
        "summary": _summary(doc),
        "training": {"title": "Training, warm-up excluded" + syn + tb_note,
                     "columns": list(TRAINING_COLUMNS), "rows": rows},
        "recipes": recipes,
        "speedups": speedups,
        "ceilings": {"title": "Ceilings (measured)", "columns": list(CEILING_COLUMNS),
                     "rows": ceilings},
    }


__all__ = ["CEILING_COLUMNS", "TRAINING_COLUMNS", "bench_results", "fig"]
