"""Measure how tfgpu's explain engine answers each row of a message-universe data file.

Usage::

    PYTHONPATH=src python scripts/_message_coverage.py [FILE.toml ...] [--rows] [--json]

Default file: ``src/tfgpu/knowledge/data/messages_ecosystem.toml``.  Each row's ``example`` is
fed to :func:`tfgpu.explain.explain_lines` on its own (no host facts) and classified:

* ``hit``      maps_to is an existing finding id and the engine produced it;
* ``miss``     maps_to is an existing id and the engine did not produce it;
* ``ok``       maps_to is ``harmless``/``context`` and the engine raised no ERROR finding;
* ``noisy``    maps_to is ``harmless``/``context`` but the engine raised an ERROR finding;
* ``gap``      maps_to is ``new:...`` and the engine said nothing specific (unrecognised or
  nothing at all): the engine's work plan;
* ``wrong``    maps_to is ``new:...`` and the engine confidently produced another ERROR/WARNING
  finding (a likely wrong answer until the new finding exists).

"Universe coverage" (the issue's metric) counts rows whose maps_to is not ``new:``;
"engine coverage" counts hit + ok over all rows.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parents[1]
DEFAULT = ROOT / "src/tfgpu/knowledge/data/messages_ecosystem.toml"
VAGUE = {"unrecognised-error"}


def classify(row: dict[str, str]) -> tuple[str, list[str]]:
    """Return (class, produced ids) for one row."""
    findings = explain_lines([row["example"]])
    ids = [f.id for f in findings]
    serious = [
        f.id
        for f in findings
        if f.severity in (Severity.ERROR, Severity.WARNING) and f.id not in VAGUE
    ]
    errors = [f.id for f in findings if f.severity == Severity.ERROR and f.id not in VAGUE]
    target = row["maps_to"]
    if target.startswith("new:"):
        return ("wrong" if serious else "gap"), ids
    if target in ("harmless", "context"):
        return ("noisy" if errors else "ok"), ids
    return ("hit" if target in ids else "miss"), ids


def main(argv: list[str] | None = None) -> int:
    """Print the per-file summary (and rows with --rows); return 0."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="*", type=Path, default=[DEFAULT])
    ap.add_argument("--rows", action="store_true", help="print every row's class and ids")
    ap.add_argument("--json", action="store_true", help="one JSON document on stdout")
    args = ap.parse_args(argv)
    report: dict[str, object] = {}
    for path in args.files:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        rows = data.get("message", [])
        counts: Counter[str] = Counter()
        plan: dict[str, list[str]] = defaultdict(list)
        detail = []
        for row in rows:
            cls, ids = classify(row)
            counts[cls] += 1
            if row["maps_to"].startswith("new:"):
                got = ": " + ",".join(ids) if ids else ""
                plan[row["maps_to"][4:]].append(f"{row['id']} ({cls}{got})")
            detail.append({"id": row["id"], "maps_to": row["maps_to"], "class": cls, "got": ids})
        n = len(rows) or 1
        mapped = sum(1 for r in rows if not r["maps_to"].startswith("new:"))
        summary = {
            "rows": len(rows),
            "counts": dict(counts),
            "universe_coverage": round(mapped / n, 3),
            "engine_coverage": round((counts["hit"] + counts["ok"]) / n, 3),
            "new_ids": {k: v for k, v in sorted(plan.items())},
        }
        report[str(path)] = {**summary, "rows_detail": detail} if args.rows else summary
        if not args.json:
            print(f"== {path.name}: {len(rows)} rows")
            print("   " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
            uni, eng = summary["universe_coverage"], summary["engine_coverage"]
            print(f"   universe coverage (maps to existing/harmless/context): {uni:.1%}")
            print(f"   engine coverage (hit + ok): {eng:.1%}")
            if args.rows:
                for d in detail:
                    got = ",".join(d["got"])
                    print(f"   {d['class']:6} {d['id']:55} -> {d['maps_to']:45} got {got}")
            print(f"   proposed new ids: {len(plan)}")
            for k, v in sorted(plan.items()):
                print(f"     {k}: {len(v)} row(s)")
    if args.json:
        json.dump(report, sys.stdout, indent=1)
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
