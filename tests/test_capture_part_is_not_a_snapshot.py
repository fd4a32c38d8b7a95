"""A capture's expected-facts.json (the probed part the replay tests compare) is not a host
snapshot: ``doctor --facts`` refuses it with a message naming the file to use instead."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
HOSTS = sorted((ROOT / "tests" / "fixtures" / "hosts").glob("*/expected-facts.json"))


@pytest.mark.parametrize("path", HOSTS[:2], ids=lambda p: p.parent.name)
def test_doctor_facts_names_the_snapshot_to_use(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert set(json.loads(path.read_text(encoding="utf-8"))) >= {"driver", "gpus"}
    code = main(["doctor", "--facts", str(path)])
    err = capsys.readouterr().err
    assert code == 2
    assert "expected-facts.json" in err and "tfgpu facts --json" in err, err


def test_a_real_snapshot_missing_os_still_names_the_key(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "f.json"
    bad.write_text(json.dumps({"driver": None, "python": {}}), encoding="utf-8")
    assert main(["doctor", "--facts", str(bad)]) == 2
    assert "expected-facts.json" not in capsys.readouterr().err
