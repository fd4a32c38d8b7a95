"""``bench --plot``: the format is checked before the run; the chart states the headline,
draws whiskers only with repeats, and is sized for a README (issue 12)."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import struct
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("matplotlib")

from tfgpu.bench import plot
from tfgpu.cli.main import main

RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "schemas" / \
    "bench-cpu-synthetic-quick.json"


def _doc(repeat: int = 1, gpu: bool = False) -> dict[str, Any]:
    d: dict[str, Any] = json.loads(RECORDED.read_text())["bench"]
    d["config"]["repeat"]["value"] = repeat
    if gpu:
        g = copy.deepcopy(d["devices"][0])
        g["device"], g["name"] = "gpu:0", "NVIDIA GeForce RTX 4090"
        d["devices"].append(g)
        d["speedup"]["gpu_over_cpu"] = {"guide": {"gpu:0": {"value": 12.04, "unit": "x"}}}
        d["speedup"]["tuned_over_guide"]["gpu:0"] = d["speedup"]["tuned_over_guide"]["cpu"]
    return d


@pytest.mark.parametrize(("name", "words"), [
    ("chart.pgn", "matplotlib cannot write .pgn images"),
    ("chart", "no file extension"),
    ("chart.pgf", "cannot write .pgf"),
])
def test_a_bad_format_is_refused_before_any_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, words: str) -> None:
    import tfgpu.bench.runner as runner

    def no_run(*a: object, **k: object) -> None:
        raise AssertionError("the benchmark ran")

    monkeypatch.setattr(runner, "run_bench", no_run)
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        rc = main(["bench", "--synthetic", "--plot", str(tmp_path / name)])
    assert rc == 2
    assert words in err.getvalue() and ".png, .svg or .pdf" in err.getvalue()


@pytest.mark.parametrize("name", ["c.png", "c.SVG", "c.pdf", "c.jpg"])
def test_known_formats_pass(name: str) -> None:
    assert plot.plot_format_problem(name) is None


def test_headline_states_speedups_and_accuracy() -> None:
    assert plot.headline_parts(_doc(gpu=True)) == [
        "gpu:0 12.0x faster than cpu (guide)",
        "tuned 6.27x faster than guide on gpu:0, test accuracy 98.50% vs 100.00%",
    ]
    assert plot.headline(_doc()) == \
        "tuned 6.27x faster than guide on cpu, test accuracy 98.50% vs 100.00%"


def test_png_is_readme_sized(tmp_path: Path) -> None:
    out = plot.plot_times(_doc(gpu=True), tmp_path / "c.png")
    head = out.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", head[16:24]) == (800, 450)


def test_svg_title_carries_the_headline(tmp_path: Path) -> None:
    import matplotlib

    with matplotlib.rc_context({"svg.fonttype": "none"}):
        text = plot.plot_times(_doc(gpu=True), tmp_path / "c.svg").read_text()
    assert "gpu:0 12.0x faster than cpu (guide)" in text
    assert "test accuracy 98.50% vs 100.00%" in text


@pytest.mark.parametrize(("repeat", "whiskers"), [(1, False), (3, True)])
def test_whiskers_only_with_repeats(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                    repeat: int, whiskers: bool) -> None:
    from matplotlib.axes import Axes

    seen: list[object] = []
    real = Axes.bar

    def spy(self: Axes, *a: Any, **k: Any) -> Any:
        seen.append(k.get("yerr"))
        return real(self, *a, **k)

    monkeypatch.setattr(Axes, "bar", spy)
    plot.plot_times(_doc(repeat=repeat), tmp_path / "c.png")
    assert seen and all((y is not None) is whiskers for y in seen)
