"""``tfgpu bench`` refuses, before any benchmark child starts, an output it could not write
at the end (a pseudo file system such as ``/proc``, where ``os.access`` says yes to root)
and a chart of a run that trains nothing; a run of the ceilings alone prints no training
table and no data line; a test-set limit above the set's size is named as capped."""

from __future__ import annotations

import contextlib
import io
import os
import sys
from pathlib import Path
from typing import Any

import pytest

from tfgpu._words import data_sizes
from tfgpu.bench import runner as bench_runner
from tfgpu.bench.data import DataSource
from tfgpu.bench.runner import BenchConfig, ChildOutcome, summarise
from tfgpu.cli.cmd_bench import output_path_problem
from tfgpu.cli.main import main
from tfgpu.diagnosis.verdict import bench_report
from tfgpu.report.bench_view import bench_results

sys.path.insert(0, str(Path(__file__).parent))
from test_bench_runner import outcome

FASHION = DataSource("idx", "Fashion-MNIST", ("/usr/share/datasets/fashion-mnist/x",), "deb")
SYN = DataSource("synthetic", "synthetic", (), "--synthetic")


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture
def no_children(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("a benchmark child was started")

    monkeypatch.setattr(bench_runner, "run_bench", refuse)


@pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs Linux /proc")
@pytest.mark.parametrize("flag", ["--save-json", "--plot"])
def test_an_output_in_proc_is_refused_before_the_run(no_children: None, flag: str) -> None:
    rc, out, err = _cli(["bench", "--synthetic", flag, "/proc/tfgpu-bench-x.png"])
    assert rc == 2 and out == ""
    assert err.startswith(f"tfgpu bench: error: {flag} /proc/tfgpu-bench-x.png: ")
    assert output_path_problem("/proc/tfgpu-bench-x.json") is not None


def test_the_write_check_leaves_nothing_behind(tmp_path: Path) -> None:
    assert output_path_problem(str(tmp_path / "new.json")) is None
    old = tmp_path / "old.json"
    old.write_text("keep")
    assert output_path_problem(str(old)) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.json"]
    assert old.read_text() == "keep"


def test_a_chart_of_a_run_without_training_is_refused_before_the_run(
        tmp_path: Path, no_children: None) -> None:
    rc, _, err = _cli(["bench", "--synthetic", "--workloads", "ceilings",
                       "--plot", str(tmp_path / "x.png")])
    assert rc == 2 and err.startswith("tfgpu bench: error: --plot ")
    assert "trains nothing" in err and "guide or tuned" in err


def _ceilings_only(source: DataSource = FASHION) -> dict[str, Any]:
    full = outcome("cpu", [], [])
    events = [e for e in full.events if e["event"] in ("device", "ceilings", "done")]
    oc = ChildOutcome("cpu", events, 0, [], False, 5.0)
    cfg = BenchConfig(source=source, workloads=("ceilings",), repeat=1, epochs=1)
    doc, _ = summarise(cfg, [oc], (1.0, 1, 1), (1.0, 1, 1), 5)
    return doc


def test_a_ceilings_run_shows_no_training_table_and_no_data_line() -> None:
    from tests.report.test_bench_share_same_results import _shared, _text

    doc = _ceilings_only()
    res = bench_results(doc)
    assert res["summary"].startswith("no training (ceilings only); TensorFlow 2.21.0")
    assert "Fashion-MNIST" not in res["summary"] and "epoch" not in res["summary"]
    text = _text(doc)
    assert "Training, warm-up excluded" not in text
    assert "Ceilings (measured)" in text and "100.0 GFLOP/s" in text
    assert "Training, warm-up excluded" not in _shared(doc, "markdown")
    report = bench_report(_ceilings_only(SYN), [])
    assert "SYNTHETIC" not in report.verdict.headline
    assert report.meta["data"] == "none: no training (ceilings only)"


def test_a_test_limit_above_the_set_is_named_as_capped() -> None:
    oc = outcome("cpu", [20.0], [3.0])
    oc.events.insert(1, {"event": "data", "device": "cpu", "train_samples": 60000,
                         "test_samples": 10000, "train_available": 60000,
                         "test_available": 10000})
    cfg = BenchConfig(source=FASHION, repeat=1, test_limit=999999)
    doc, _ = summarise(cfg, [oc], (1.0, 1, 1), (1.0, 1, 1), 10)
    want = "all 10,000 test images (999,999 asked for; the set has no more)"
    assert want in data_sizes(doc["config"])
    assert want in bench_results(doc)["summary"]
