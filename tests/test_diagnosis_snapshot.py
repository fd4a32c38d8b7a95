"""Every recorded input keeps its findings: the diagnosis snapshot is the golden record.

``tests/fixtures/diagnosis-snapshot.json`` holds, for every host snapshot, real case log
and recorded TensorFlow log in ``tests/fixtures``, the sorted ``"id severity"`` strings
the diagnosis gave (``scripts/diagnosis_snapshot.py``).  A change of findings is either a
regression or a fix: for a fix, regenerate the file and name the change in the commit::

    python scripts/diagnosis_snapshot.py > tests/fixtures/diagnosis-snapshot.json
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _load_script():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location(
        "diagnosis_snapshot", ROOT / "scripts" / "diagnosis_snapshot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_recorded_input_keeps_its_findings() -> None:
    saved = json.loads((ROOT / "tests" / "fixtures" / "diagnosis-snapshot.json").read_text())
    now = _load_script().snapshot()
    assert set(now) == set(saved), "inputs added or removed: regenerate the snapshot"
    changed = {name: (saved[name], now[name]) for name in now if now[name] != saved[name]}
    assert not changed, json.dumps(changed, indent=1)
