#!/usr/bin/env python3
"""Score ``tfgpu explain`` on real public bug reports: RIGHT / PARTIAL / UNKNOWN / WRONG.

Cases are JSON files in the format of ``../shared/cases`` (``kind``, ``env``, ``log``,
``root_cause``, ``fix``, ``confidence``) plus ``url`` (the thread) and ``answer``:
``{"ids": [finding ids that state the thread's cause and fix], "proposed": "id"}``
(``proposed`` names the finding a case needs when tfgpu has none yet).

Each case's log goes through :func:`tfgpu.explain.explain_lines` with its ``env`` as host
facts (``tests/explain/case_env.py``).  The *claims* are the error- and warning-level
findings that are not harmless and not ``unrecognised-error``.

* RIGHT: a claim is one of ``answer.ids`` or ``answer.proposed`` (cases without
  ``answer``: a claim of the case's ``kind``); or an answer id is present at info level, not
  as a harmless notice, and nothing is claimed or left unrecognised; for a harmless answer,
  an answer id is present and nothing else is claimed.
* PARTIAL also: the answer's own finding present only as a harmless notice, while the
  thread needed a fix (the cause named, called harmless).
* PARTIAL: no answer id, but a claim of the case's ``kind`` (right area, wrong detail).
* UNKNOWN: no claim: tfgpu said it does not know (quoting the telling lines).
* WRONG: claims, none of them the answer or of the case's kind: confidently wrong.

Usage::

    python scripts/score_cases.py tests/fixtures/cases-public [--json]

Prints the cases not graded RIGHT on stderr and a Markdown table by kind on stdout.

Exit code 0 always (a measurement, not a test); ``--max-wrong N`` exits 1 past N WRONG.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests" / "explain")]

from case_env import facts_from_env  # noqa: E402

from tfgpu.findings import Finding, Severity  # noqa: E402

GRADES = ("RIGHT", "PARTIAL", "UNKNOWN", "WRONG")


def claims(findings: tuple[Finding, ...]) -> list[Finding]:
    """Findings that assert a cause: error/warning, not harmless, not the unknown one."""
    return [f for f in findings
            if f.severity in (Severity.ERROR, Severity.WARNING) and not f.harmless
            and f.category not in ("unknown", "notice")]


def _current_id(finding_id: str) -> str:
    """The catalogue id that lists ``finding_id`` among its ``aliases`` (a merged twin),
    else ``finding_id`` itself."""
    from tfgpu.diagnosis.catalogue import load_catalogue

    for spec in load_catalogue().specs.values():
        if finding_id in spec.aliases:
            return spec.id
    return finding_id


class _AnswerIds(set[str]):
    """Answer ids; a family's id template (``library-not-loaded-{library}``, as the
    catalogue lists it) holds every id it renders (``library-not-loaded-libcudart-so-11-0``)."""

    def __init__(self, ids: set[str]) -> None:
        super().__init__(ids)
        self._families = [re.compile(re.sub(r"\\\{\w+\\\}", r"[\\w.+-]+", re.escape(i)))
                          for i in ids if "{" in i]

    def __contains__(self, finding_id: object) -> bool:
        return super().__contains__(finding_id) or (
            isinstance(finding_id, str) and any(f.fullmatch(finding_id) for f in self._families))

    def __and__(self, other: Any) -> set[str]:
        return {i for i in other if i in self}


def grade(case: dict[str, Any], findings: tuple[Finding, ...]) -> str:
    """Return one of :data:`GRADES` for ``case`` given tfgpu's ``findings``."""
    said = claims(findings)
    answer = case.get("answer") or {}
    raw = set(answer.get("ids") or ())
    if answer.get("proposed"):
        raw.add(answer["proposed"])
    ids = _AnswerIds({_current_id(i) for i in raw})
    if answer.get("harmless"):
        # The answer's own finding may be printed as a warning (a notice that names the
        # harmless message); only a claim of something else makes the case WRONG.
        present = {f.id for f in findings}
        others = [f for f in said if f.id not in ids]
        if ids & present and not others:
            return "RIGHT"
        return "WRONG" if others else "UNKNOWN"
    if ids and any(f.id in ids for f in said):
        return "RIGHT"
    own = [f for f in findings if f.id in ids and f.severity is Severity.INFO]
    unsure = any(f.severity is not Severity.INFO and f.category == "unknown" for f in findings)
    if own and not said and not unsure:
        # the answer's own finding at info level (the near-full-memory reading) and nothing
        # else claimed or left unrecognised: the cause and fix named; a harmless notice for
        # a thread that needed a fix names the cause but calls it harmless: PARTIAL. (A hedge
        # of category "unknown" at warning level that names the answer among other causes
        # stays UNKNOWN.)
        return "PARTIAL" if all(f.harmless for f in own) else "RIGHT"
    if any(f.category == case.get("kind") for f in said):
        return "RIGHT" if not answer else "PARTIAL"
    return "WRONG" if said else "UNKNOWN"


def score(folder: Path) -> list[dict[str, Any]]:
    """Grade every ``*.json`` case under ``folder``; one row per case."""
    from tfgpu.explain import explain_lines

    rows = []
    for path in sorted(folder.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if not case.get("log"):
            continue
        findings = explain_lines([case["log"]], facts_from_env(case.get("env")))
        rows.append({
            "case": path.name, "kind": case.get("kind"), "grade": grade(case, findings),
            "said": [f"{f.id} {f.severity.value}" for f in claims(findings)],
            "answer": (case.get("answer") or {}).get("ids"), "url": case.get("url"),
            "fix": [line for f in findings for line in f.fix],
        })
    return rows


def markdown(rows: list[dict[str, Any]]) -> str:
    """A table by kind: cases and the count of each grade."""
    by_kind: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for r in rows:
        by_kind[r["kind"]][r["grade"]] += 1
    total: collections.Counter[str] = collections.Counter(r["grade"] for r in rows)
    lines = ["| kind | cases | " + " | ".join(GRADES) + " |",
             "| --- | ---: | " + " | ".join("---:" for _ in GRADES) + " |"]
    for kind in sorted(by_kind):
        c = by_kind[kind]
        lines.append(f"| {kind} | {sum(c.values())} | "
                     + " | ".join(str(c[g]) for g in GRADES) + " |")
    n = len(rows) or 1
    lines.append(f"| **all** | {len(rows)} | "
                 + " | ".join(f"{total[g]} ({100 * total[g] / n:.0f}%)" for g in GRADES) + " |")
    return "\n".join(lines)


def main() -> int:
    """Print the scores; see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="+", type=Path)
    ap.add_argument("--json", action="store_true", help="one JSON row per case")
    ap.add_argument("--max-wrong", type=int, default=None)
    args = ap.parse_args()
    rows = [r for folder in args.folders for r in score(folder)]
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
    else:
        for r in rows:
            if r["grade"] != "RIGHT":
                print(f"{r['grade']:8} {r['case']} ({r['kind']}) said {r['said']} "
                      f"answer {r['answer']}", file=sys.stderr)
        print(markdown(rows))
    wrong = sum(r["grade"] == "WRONG" for r in rows)
    return 1 if args.max_wrong is not None and wrong > args.max_wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
