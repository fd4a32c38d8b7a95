"""No finding's title stands in words for a value the log did not show.

A title template names values the check fills in from the log ("TF-TRT: TensorFlow was linked
against TensorRT {linked}"). When a log lacks one, a check that fills the placeholder with
fallback words ("?", "", "<package>", "(not in the log)", "the major this TensorFlow was built
with") prints a title that reads as a claim about a value nobody saw, or does not read at all
("linked against TensorRT the major this TensorFlow was built with"). The catalogue's way is a
variant whose title does not name that value (``*-unshown``, ``unnamed`` variants).

The walk: every message the knowledge tables hold (each ``example`` and each source ``text``,
the wording with its values left out) and every line of every kind table
(tests/explain/kind_cases), alone and as its row, so each check meets its messages with no
other evidence. Every ``catalogue.make`` call is watched, and each title field's value must be
a value: one the input shows verbatim passes whatever it is (TensorFlow itself prints
``[?,?,3]`` for unknown dimensions); any other must not be a placeholder mark nor an article
phrase ("the ...", "a ...", "another ...") put where the template expects a value (right after
a name such as TensorRT, CUDA, capability or version); and the rendered title must not show an
empty slot (two spaces, a space before punctuation, empty quotes or parentheses). Causes are
held to the placeholder marks.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import tomllib

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.catalogue import FindingSpec, load_catalogue, template_fields
from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge._load import data_dir

KIND_CASES = Path(__file__).parent / "kind_cases"

#: A value that only marks a missing one: nothing but "?", dots, spaces or brackets; a "?"
#: standing alone ("exit code ?"); a "<name>" placeholder; a few words saying it is
#: missing ("(not in the log)": a sentence a cause template takes may say so in full).
MARK = re.compile(r"^[?.\s\[\]]+$|(?<!\w)\?(?!\w)|^<[\w ]+>$|^.{0,20}\b(?:not in the log|not "
                  r"printed|no text)\b.{0,4}$")
#: An article phrase: words describing a value instead of giving it.
ARTICLE = re.compile(r"^(?:a|an|the|another|some|its|this|that|several|one of)\b")
#: The template text right before a field that expects a value there, not a phrase: a name
#: ("TensorRT {linked}", "CUDA {cuda}", "GPU {gpu}"), "capability", "version", "release".
VALUE_SLOT = re.compile(r"(?:\b[A-Z][\w.+-]*|\bcapability|\bversion|\brelease|\bdriver|#)\s*$")
#: What an empty value leaves in a rendered title.
EMPTY_SLOT = re.compile(r" {2}|\s[:,;)]|\s\.(?![\w.])|(?<![\w)])\(\s*\)|(?<![=\w])''|\s$|^\s")


@dataclass(frozen=True)
class Made:
    """One ``catalogue.make`` call seen during the walk: the finding's row and variant, the
    fields it was given, and the input that led there."""

    finding_id: str
    variant: str | None
    fields: tuple[tuple[str, object], ...]
    source: str
    text: str


def title_problems(spec: FindingSpec, fields: dict[str, object], shown: str) -> list[str]:
    """What is wrong with the title ``spec`` renders from ``fields`` (and its cause's marks),
    for an input whose text is ``shown``: ``[]`` when every field holds a value."""
    out = []
    title_fields = template_fields(spec.title)
    cause_fields = template_fields(spec.cause) if spec.cause else frozenset()
    for name in sorted(title_fields | cause_fields):
        value = fields.get(name)
        if not isinstance(value, str) or not value.strip() or value in shown:
            continue
        if MARK.search(value):
            out.append(f"{name}={value!r} is a placeholder mark")
        elif name in title_fields and ARTICLE.match(value):
            before = spec.title[:spec.title.index("{" + name)]
            if VALUE_SLOT.search(before):
                out.append(f"{name}={value!r} describes the value its title slot expects")
    title = spec.title.format_map(fields)
    if EMPTY_SLOT.search(title):
        out.append(f"the title shows an empty slot: {title!r}")
    return out


def _inputs() -> Iterator[tuple[str, list[str]]]:
    """Every message example and source text, and every kind-table row and line alone."""
    for path in sorted(data_dir().glob("messages_*.toml")):
        with path.open("rb") as fh:
            for row in tomllib.load(fh).get("message", []):
                for key in ("example", "text"):
                    if row.get(key):
                        yield f"{path.name}:{row['id']}:{key}", [row[key]]
    for path in sorted(KIND_CASES.glob("*.toml")):
        with path.open("rb") as fh:
            for row in tomllib.load(fh).get("case", []):
                yield f"{path.name}:{row['name']}", list(row["lines"])
                for i, line in enumerate(row["lines"]):
                    yield f"{path.name}:{row['name']}:line {i}", [line]


@pytest.fixture(scope="module")
def made() -> list[Made]:
    """Every ``catalogue.make`` call the walk makes (one explain run per input)."""
    seen: list[Made] = []
    real = catalogue.make
    current: list[tuple[str, str]] = [("", "")]

    def watch(finding_id: str, /, *, variant: str | None = None, **kwargs: Any) -> Finding:
        fields = {k: v for k, v in kwargs.items() if k not in catalogue.RESERVED_FIELDS}
        seen.append(Made(finding_id, variant, tuple(fields.items()), *current[0]))
        return real(finding_id, variant=variant, **kwargs)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(catalogue, "make", watch)
        for source, lines in _inputs():
            current[0] = (source, "\n".join(lines))
            explain_lines(lines)
    return seen


def test_the_walk_reaches_most_findings(made: list[Made]) -> None:
    """The walk makes findings of hundreds of rows (a walk that reaches nothing proves
    nothing)."""
    assert len({m.finding_id for m in made}) > 300


def test_no_title_stands_in_words_for_a_value_the_log_did_not_show(made: list[Made]) -> None:
    """Every title the walk renders names only values its input shows."""
    book = load_catalogue()
    problems = {}
    for m in made:
        spec = book.spec(m.finding_id).situation(m.variant)
        found = title_problems(spec, dict(m.fields), m.text)
        if found:
            problems[(m.finding_id, m.variant)] = (m.source, found)
    assert problems == {}


@pytest.mark.parametrize(("title", "fields", "shown", "expect"), [
    ("TF-TRT: TensorFlow was linked against TensorRT {linked}, the TensorRT here is {have}",
     {"linked": "the major this TensorFlow was built with", "have": "another TensorRT"}, "",
     "describes the value"),
    ("TensorFlow ignores {name}: {have} multiprocessors, it requires {need}",
     {"name": "Quadro K2200", "have": "5", "need": "?"}, "Quadro K2200 with core count: 5",
     "placeholder mark"),
    ("Spack: {pkg} +cuda needs the GPU's compute capability", {"pkg": "<package>"}, "",
     "placeholder mark"),
    ("TensorFlow registered GPU(s) {ids}", {"ids": " "}, "", "empty slot"),
    ("The plugin cannot load {filename}: the runtime is missing", {"filename": ""}, "",
     "empty slot"),
])
def test_the_check_catches_a_title_made_of_fallback_words(
        title: str, fields: dict[str, object], shown: str, expect: str) -> None:
    """Each kind of fallback words is caught (a check that cannot fail proves nothing)."""
    spec = FindingSpec(id="x", severity=Severity.INFO, category="notice", area="log",
                       title=title)
    assert any(expect in p for p in title_problems(spec, fields, shown))


@pytest.mark.parametrize(("title", "fields", "shown"), [
    ("Static engine input {shape} leaves dimension {dim} unknown",
     {"shape": "[?,?,3]", "dim": "1"}, "Input tensor with shape [?,?,3] has an unknown"),
    ("Op determinism is on, and {op} has no deterministic GPU implementation",
     {"op": "an op"}, ""),
    ("CUDA_VISIBLE_DEVICES={value} hides the GPUs", {"value": "''"}, "CUDA_VISIBLE_DEVICES=''"),
    ("Illegal CPU instruction{where}", {"where": ""}, ""),
])
def test_values_and_phrases_in_phrase_slots_pass(
        title: str, fields: dict[str, object], shown: str) -> None:
    """A value the input shows verbatim passes, and so does a noun phrase where the title
    expects one, or an optional clause left empty."""
    spec = FindingSpec(id="x", severity=Severity.INFO, category="notice", area="log",
                       title=title)
    assert title_problems(spec, fields, shown) == []
