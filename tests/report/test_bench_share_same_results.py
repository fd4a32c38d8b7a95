"""Regression (new-user review, ux2 item 4): ``bench --format html`` and ``--format
markdown`` show the same results as the text report: the "N.NNx faster" headline lines,
the ceilings table, the GFLOP/s column, the recipes and the run summary (load average).

Two documents: a CPU+GPU run with ceilings (every line), and a CPU-only quick run with no
ceilings measured (no empty ceilings table in any format)."""

from __future__ import annotations

import html
import io
import re
from typing import Any

import pytest
from rich.console import Console

from tfgpu.bench.data import DataSource
from tfgpu.bench.runner import BenchConfig, ChildOutcome, summarise
from tfgpu.privacy import NoRedactor
from tfgpu.report.bench_view import bench_results
from tfgpu.report.share import build_view, render_html, render_markdown
from tfgpu.report.tables import render_bench_tables

SYN = DataSource("synthetic", "synthetic", (), "--synthetic")


def _run(device: str, workload: str, repeat: int, time_s: float) -> dict[str, Any]:
    batch = 32 if workload == "guide" else 500
    return {
        "event": "run", "tfgpu_bench": 1, "device": device, "tf_device": "CPU:0",
        "workload": workload, "repeat": repeat, "train_time_s": time_s,
        "warmup_time_s": 1.0, "epochs": 5, "batch_size": batch,
        "steps": 9375 if workload == "guide" else 600, "samples": 300000,
        "learning_rate": 1e-3, "test_accuracy_pct": 87.0 if workload == "guide" else 86.8,
        "test_loss": 0.35, "train_accuracy_pct": 89.0, "flops_per_step": 409088 * batch,
        "initial_weights_sha256": "abc", "jit_compile": workload == "tuned",
        "steps_per_execution": 1 if workload == "guide" else 40, "mixed_precision": False,
        "pipeline": "numpy" if workload == "guide" else "tf.data: cache",
        "load_average": [2.0, 1, 1], "history": {"loss": [0.5], "accuracy": [0.8]},
        "tensorboard": False,
    }


def outcome(device: str, guide: list[float], tuned: list[float]) -> ChildOutcome:
    events: list[dict[str, Any]] = [
        {"event": "device", "device": device, "tf_version": "2.21.0",
         "tf_device": "CPU:0" if device == "cpu" else "GPU:0",
         "name": "CPU" if device == "cpu" else "NVIDIA H200",
         "compute_capability": None if device == "cpu" else [9, 0], "gpus": []},
        {"event": "ceilings", "device": device,
         "matmul": [{"dtype": "float32", "size": 2048, "gflops": 100.0, "time_s": 0.17}],
         "copy": {"kind": "host-memory-copy", "mib": 256, "gbps": 5.0}},
    ]
    events += [_run(device, "guide", i, t) for i, t in enumerate(guide)]
    events += [_run(device, "tuned", i, t) for i, t in enumerate(tuned)]
    events.append({"event": "done", "device": device})
    return ChildOutcome(device, events, 0, [], False, 10.0)


def _doc(with_ceilings: bool) -> dict[str, Any]:
    outs = [outcome("cpu", [40.0, 30.0, 35.0], [7.0, 6.0, 8.0]),
            outcome("gpu:0", [10.0, 12.0, 11.0], [1.0, 1.2, 0.9])]
    if not with_ceilings:
        outs = [outcome("cpu", [20.0], [3.0])]
        outs[0].events[:] = [e for e in outs[0].events if e.get("event") != "ceilings"]
    doc, _ = summarise(BenchConfig(source=SYN, repeat=3), outs, (2.5, 1, 1), (1.5, 1, 1), 60)
    return doc


def _text(doc: dict[str, Any]) -> str:
    buf = io.StringIO()
    render_bench_tables(doc, Console(file=buf, width=400, color_system=None))
    return buf.getvalue()


def _shared(doc: dict[str, Any], fmt: str) -> str:
    report = {"command": "bench", "findings": [], "verdict": {"headline": "bench"}}
    view = build_view(report, redactor=NoRedactor(), bench=doc)
    out = render_html(view) if fmt == "html" else render_markdown(view)
    if fmt == "html":
        return html.unescape(re.sub(r"<[^>]+>", " ", out))
    return out.replace("\\", "")


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_shareable_bench_report_has_every_result_of_the_text_report(fmt: str) -> None:
    doc = _doc(with_ceilings=True)
    res = bench_results(doc)
    text, shared = _text(doc), _shared(doc, fmt)
    assert any(re.search(r"tuned over guide on cpu: \d+\.\d\dx faster", s)
               for s in res["speedups"])
    assert any("gpu:0 over cpu" in s for s in res["speedups"])
    lines = [*res["speedups"], res["summary"], *res["recipes"]]
    for line in lines:
        assert line in text, line
        assert line in shared, (fmt, line)
    for title in ("Ceilings (measured)", "GFLOP/s (of ceiling)", "matmul float32"):
        assert title in text and title in shared, title
    for row in (*res["training"]["rows"], *res["ceilings"]["rows"]):
        for cell in row:
            assert cell in text and cell in shared, cell
    assert "GFLOP/s" in res["ceilings"]["rows"][0][1]


@pytest.mark.parametrize("fmt", ["html", "markdown"])
def test_no_ceilings_measured_gives_no_ceilings_table_anywhere(fmt: str) -> None:
    doc = _doc(with_ceilings=False)
    assert bench_results(doc)["ceilings"]["rows"] == []
    text, shared = _text(doc), _shared(doc, fmt)
    assert "Ceilings" not in text and "Ceilings" not in shared
    assert "tuned over guide on cpu" in text and "tuned over guide on cpu" in shared
