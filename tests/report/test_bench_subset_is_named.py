"""A bench run on part of the data set says so in every format: text, Markdown and HTML
name how many training and test images were used of how many the set has (an accuracy
from 500 test images must not read as one from the whole test set)."""

from __future__ import annotations

import html
from typing import Any

from tests.report.test_bench_share_same_results import _shared, _text, outcome

from tfgpu._words import data_sizes
from tfgpu.bench.data import DataSource
from tfgpu.bench.runner import BenchConfig, summarise
from tfgpu.diagnosis.verdict import bench_report
from tfgpu.report.bench_view import bench_results

FASHION = DataSource("idx", "Fashion-MNIST", ("/usr/share/datasets/fashion-mnist/x",), "deb")


def _doc(train: int | None, test: int | None, used: tuple[int, int] | None) -> dict[str, Any]:
    oc = outcome("cpu", [20.0], [3.0])
    if used is not None:
        oc.events.insert(1, {"event": "data", "device": "cpu", "train_samples": used[0],
                             "test_samples": used[1], "train_available": 60000,
                             "test_available": 10000})
    cfg = BenchConfig(source=FASHION, repeat=1, train_limit=train, test_limit=test)
    doc, _ = summarise(cfg, [oc], (1.0, 1, 1), (1.0, 1, 1), 10)
    return doc


def test_subset_run_names_used_of_available_images_in_every_format() -> None:
    doc = _doc(3000, 500, (3000, 500))
    want = "first 3,000 of 60,000 training images, first 500 of 10,000 test images"
    assert want in bench_results(doc)["summary"]
    assert want in " ".join(_text(doc).split())
    assert want in _shared(doc, "markdown")
    assert want in html.unescape(_shared(doc, "html"))


def test_subset_is_named_in_the_reports_data_line() -> None:
    meta = bench_report(_doc(3000, 500, (3000, 500)), [])
    assert meta.meta["data"] == (
        "Fashion-MNIST (first 3,000 of 60,000 training images, first 500 of 10,000 test images)")
    assert bench_report(_doc(None, None, (60000, 10000)), []).meta["data"] == "Fashion-MNIST"


def test_subset_counts_are_in_the_json_document() -> None:
    cfg = _doc(3000, 500, (3000, 500))["config"]
    assert cfg["train_samples"] == {"value": 3000, "unit": "images"}
    assert cfg["train_available"] == {"value": 60000, "unit": "images"}
    assert cfg["test_samples"] == {"value": 500, "unit": "images"}
    assert cfg["test_available"] == {"value": 10000, "unit": "images"}


def test_limit_without_child_counts_still_names_the_limit() -> None:
    assert data_sizes(_doc(3000, None, None)["config"]) == (
        "at most the first 3,000 training images")


def test_whole_set_run_adds_no_size_words() -> None:
    doc = _doc(None, None, (60000, 10000))
    assert data_sizes(doc["config"]) == ""
    assert "images" not in bench_results(doc)["summary"]
