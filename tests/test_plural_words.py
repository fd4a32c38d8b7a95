"""Counted nouns read in the right number ("1 problem", "2 problems"), never "problem(s)":
the source's f-strings count with :func:`tfgpu._words.plural`, and the finding catalogue's
templates write ``{count} noun(s)``, which :func:`tfgpu._words.counted` resolves."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import tomllib

import tfgpu
from tfgpu._words import _COUNTED, counted
from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_stream

SRC = Path(tfgpu.__file__).resolve().parent
#: A formatted value, up to two words, a noun written "noun(s)".
_FSTRING_COUNT = re.compile(r"\{\}(?: [\w*.\[\]=-]+){0,2} [A-Za-z][\w-]*\(s\)")


@pytest.mark.parametrize(("template", "fields", "text"), [
    ("{n} GPU(s)", {"n": 1}, "1 GPU"),
    ("{n} GPU(s)", {"n": "1"}, "1 GPU"),
    ("{n} GPU(s)", {"n": 0}, "0 GPUs"),
    ("{count} NVIDIA device(s) on the bus", {"count": 3}, "3 NVIDIA devices on the bus"),
    ("{count} installed nvidia-* wheel(s)", {"count": 1}, "1 installed nvidia-* wheel"),
    ("quoted: {line}", {"line": "2 root error(s) found."}, "quoted: 2 root error(s) found."),
])
def test_counted_puts_the_noun_in_the_number_of_its_count(
        template: str, fields: dict[str, object], text: str) -> None:
    assert counted(template, fields).format_map(fields) == text


def _fstring_texts(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value if isinstance(v, ast.Constant) and isinstance(v.value, str)
                           else "{}" for v in node.values)
            out.append((node.lineno, text))
    return out


def test_no_fstring_writes_a_count_then_noun_in_parentheses() -> None:
    found = [f"{p.relative_to(SRC)}:{line}: {text}"
             for p in sorted(SRC.rglob("*.py"))
             for line, text in _fstring_texts(ast.parse(p.read_text(encoding="utf-8")))
             if _FSTRING_COUNT.search(text)]
    assert found == []


def test_the_check_above_catches_a_counted_noun_in_parentheses() -> None:
    tree = ast.parse('n = 2\nx = f"{n} worker(s) finished"\n')
    assert any(_FSTRING_COUNT.search(t) for _, t in _fstring_texts(tree))


def _templates() -> list[tuple[str, str]]:
    data = tomllib.loads((SRC / "knowledge" / "data" / "findings.toml").read_text("utf-8"))
    out = []
    for row in data["finding"]:
        for key in ("title", "cause"):
            if key in row:
                out.append((row["id"], row[key]))
        for name, variant in row.get("variants", {}).items():
            for key in ("title", "cause"):
                if key in variant:
                    out.append((f"{row['id']}/{name}", variant[key]))
    return out


def test_every_noun_in_parentheses_in_a_template_follows_a_count() -> None:
    templates = _templates()
    assert len(templates) > 500
    loose = [(fid, t) for fid, t in templates if "(s)" in _COUNTED.sub("", t)]
    assert loose == []


def test_a_catalogue_title_with_one_gpu_reads_singular() -> None:
    one = catalogue.make("tensorflow-gpu-works", version="2.21.0", count=1, devices="GPU:0")
    two = catalogue.make("tensorflow-gpu-works", version="2.21.0", count=2,
                         devices="GPU:0, GPU:1")
    assert one.title == "TensorFlow 2.21.0 computed on 1 GPU"
    assert two.title == "TensorFlow 2.21.0 computed on 2 GPUs"


def test_explain_headline_counts_one_problem_in_the_singular() -> None:
    import io

    log = (b"2024-01-01 00:00:00.000001: E tensorflow/compiler/xla/stream_executor/cuda/"
           b"cuda_driver.cc:268] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable "
           b"device is detected\n")
    result = explain_stream(io.BytesIO(log), None)
    report = explain_report(result.findings, result.stats, "log", died=result.died,
                            failure=result.failure, foreign_oom=result.foreign_oom)
    errors = report.verdict.problems
    assert "(s)" not in report.verdict.headline
    if errors == 1:
        assert report.verdict.headline.startswith("1 problem found in the log")
