"""Every real case with a log is diagnosed with its kind, and cause/fix agree with the thread."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import tomllib

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

from .case_env import facts_from_env

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "cases"


def _expected() -> dict[str, tuple[str, tuple[str, ...], str | None]]:
    """case id -> (finding id, words the cause+fix must contain, from root_cause/fix, the
    category when it is not the case's ``kind``), from case_expectations.toml; fails
    (AssertionError) on a row with other keys, a category without its reason, or an id twice."""
    with (Path(__file__).parent / "case_expectations.toml").open("rb") as fh:
        rows = tomllib.load(fh)["case"]
    assert all({"id", "gives", "words"} <= set(r) <= {"id", "gives", "words", "category",
                                                      "why_category"} for r in rows), rows
    assert all(("category" in r) == ("why_category" in r) for r in rows), rows
    out = {r["id"]: (r["gives"], tuple(r["words"]), r.get("category")) for r in rows}
    assert len(out) == len(rows), "case ids must be unique"
    return out


EXPECTED = _expected()


def _cases() -> list[pytest.param]:
    out = []
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        marks = ()
        if case["log"] is None:
            marks = (pytest.mark.skip(reason="log is null: diagnosed by `tfgpu doctor` from env"),)
        out.append(pytest.param(path.stem, case, id=path.stem, marks=marks))
    return out


@pytest.mark.parametrize(("case_id", "case"), _cases())
def test_case_is_diagnosed(case_id: str, case: dict[str, object]) -> None:
    facts = facts_from_env(case["env"])  # type: ignore[arg-type]
    findings = explain_lines(str(case["log"]).splitlines(), facts)
    fid, words, category = EXPECTED[case_id]
    by_id = {f.id: f for f in findings}
    assert fid in by_id, [f.id for f in findings]
    f = by_id[fid]
    assert f.category == (category or case["kind"])
    assert f.severity.rank >= Severity.WARNING.rank or f.harmless
    assert f.evidence and all(e.line is not None for e in f.evidence if e.source == "log")
    text = (f.cause + " " + " ".join(f.fix)).lower()
    missing = [w for w in words if w.lower() not in text]
    assert not missing, (missing, f.cause, f.fix)
    if not f.harmless:
        # what matters comes first
        assert findings[0].severity.rank >= Severity.WARNING.rank


def test_every_case_with_a_log_has_an_expectation() -> None:
    ids = {
        p.stem
        for p in CASES.glob("*.json")
        if json.loads(p.read_text(encoding="utf-8"))["log"] is not None
    }
    assert ids == set(EXPECTED)


def test_knowledge_refs_resolve_to_rows() -> None:
    from tfgpu.facts.known_messages import known_messages
    from tfgpu.knowledge import load_knowledge

    kb = load_knowledge()
    # the message universe's rows (known-harmless-message cites the row of the first message
    # it names) are read by tfgpu.facts.known_messages, not the knowledge tables
    universe = {m.ref for m in known_messages()}
    refs = set()
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if case["log"] is None:
            continue
        for f in explain_lines(str(case["log"]).splitlines(), facts_from_env(case["env"])):
            if f.knowledge_ref:
                refs.add(f.knowledge_ref)
                if f.knowledge_ref.startswith("messages_"):
                    assert f.knowledge_ref in universe, f.knowledge_ref
                else:
                    assert kb.row(f.knowledge_ref).ref == f.knowledge_ref
    # 004 (tested config), 005 (Windows fact), 028 (driver floor), 035 (metal), 041, 043, 006
    assert len(refs) >= 6, refs
