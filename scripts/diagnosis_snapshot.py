#!/usr/bin/env python3
"""Snapshot what the diagnosis says on every recorded input, to compare before and after.

Inputs (all in the repository):

* every host snapshot under ``tests/fixtures`` (``*.json`` files that load as
  :class:`~tfgpu.facts.HostFacts`): ``tfgpu doctor --facts``;
* every real case in ``tests/fixtures/cases`` with a log: ``tfgpu explain`` with the
  case's ``env`` as host facts (as ``tests/explain`` does), and without;
* every recorded TensorFlow log in ``tests/fixtures/recorded/tf-logs``: ``tfgpu explain``.

Usage::

    python scripts/diagnosis_snapshot.py > before.json
    ... change the code ...
    python scripts/diagnosis_snapshot.py --compare before.json

Writes one JSON document: input name -> sorted ``"id severity"`` strings.  With
``--compare`` prints the inputs whose findings changed and exits 1 when any did.
``--aliases`` maps old ids to new ones before comparing (merged twins).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests" / "explain")]

from case_env import facts_from_env  # noqa: E402

from tfgpu.facts import HostFacts  # noqa: E402
from tfgpu.findings import Finding  # noqa: E402


def _ids(findings: tuple[Finding, ...]) -> list[str]:
    return sorted(f"{f.id} {f.severity.value}" for f in findings)


def snapshot() -> dict[str, list[str]]:
    """Return input name -> sorted finding ``"id severity"`` strings."""
    from tfgpu.diagnosis.doctor import diagnose
    from tfgpu.explain import explain_lines
    from tfgpu.knowledge import load_knowledge

    kb = load_knowledge()
    out: dict[str, list[str]] = {}
    fixtures = ROOT / "tests" / "fixtures"
    for path in sorted(fixtures.rglob("*.json")):
        rel = str(path.relative_to(fixtures))
        if rel.startswith("cases/"):
            continue
        try:
            facts = HostFacts.from_json(path.read_text(encoding="utf-8"))
        except Exception:  # noqa: BLE001 - not a snapshot
            continue
        out[f"doctor:{rel}"] = _ids(diagnose(facts, kb, meta={}).findings)
    for path in sorted((fixtures / "cases").glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        if case.get("log") is None:
            continue
        out[f"explain:{path.name}"] = _ids(explain_lines([case["log"]]))
        facts = facts_from_env(case.get("env"))
        if facts is not None:
            out[f"explain+env:{path.name}"] = _ids(explain_lines([case["log"]], facts))
    for path in sorted((fixtures / "recorded" / "tf-logs").glob("*")):
        text = path.read_text(encoding="utf-8", errors="replace")
        out[f"explain:recorded/{path.name}"] = _ids(explain_lines([text]))
    return out


def main() -> int:
    """Print the snapshot, or compare it with a saved one."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--compare", type=Path, help="a saved snapshot to compare against")
    ap.add_argument("--aliases", type=Path,
                    help="JSON object old id -> new id, applied to the saved snapshot")
    args = ap.parse_args()
    now = snapshot()
    if args.compare is None:
        json.dump(now, sys.stdout, indent=1, sort_keys=True)
        print()
        return 0
    before: dict[str, list[str]] = json.loads(args.compare.read_text(encoding="utf-8"))
    aliases: dict[str, str] = (json.loads(args.aliases.read_text(encoding="utf-8"))
                               if args.aliases else {})

    def renamed(items: list[str]) -> list[str]:
        out = []
        for item in items:
            fid, sev = item.split(" ")
            out.append(f"{aliases.get(fid, fid)} {sev}")
        return sorted(set(out))

    changed = 0
    for name in sorted(set(before) | set(now)):
        old, new = renamed(before.get(name, [])), sorted(set(now.get(name, [])))
        if old != new:
            changed += 1
            print(f"{name}:\n  - {sorted(set(old) - set(new))}\n  + {sorted(set(new) - set(old))}")
    print(f"{len(now)} inputs, {changed} changed")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
