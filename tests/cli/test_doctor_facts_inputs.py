"""``doctor --facts`` reads the doctor's own ``--json`` report (its ``facts`` key holds the
snapshot); an unreadable ``--facts`` file with ``--json`` still prints a JSON document, like
``explain --json``; the error reads like the others (no raw ``[Errno 2]``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.cli import status_codes
from tfgpu.cli.main import main
from tfgpu.schemas import load_schema

SCENARIO = Path(__file__).resolve().parents[1] / "fixtures" / "doctor-scenarios" / "l4_ok.json"


def _doctor_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["doctor", *args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_doctor_reads_its_own_json_report_as_facts(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _doctor_json(capsys, "--json", "--facts", str(SCENARIO))
    report = tmp_path / "doctor.json"
    report.write_text(out, encoding="utf-8")
    again, out2, err2 = _doctor_json(capsys, "--json", "--facts", str(report))
    assert again == code, err2
    first, second = json.loads(out), json.loads(out2)
    assert [f["id"] for f in second["findings"]] == [f["id"] for f in first["findings"]]
    assert second["facts"] == first["facts"]


def test_missing_facts_file_with_json_prints_a_json_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = str(tmp_path / "nonexist.json")
    code, out, err = _doctor_json(capsys, "--json", "--facts", missing)
    assert code == status_codes.USAGE_ERROR
    doc = json.loads(out)
    assert doc["command"] == "doctor" and "No such file or directory" in doc["error"]
    assert "[Errno" not in doc["error"] and "[Errno" not in err
    import jsonschema

    jsonschema.validate(doc, load_schema("doctor"))


def test_missing_facts_file_in_text_says_it_plainly(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _doctor_json(capsys, "--facts", str(tmp_path / "nope.json"))
    assert code == status_codes.USAGE_ERROR and out == ""
    assert "cannot read" in err and "No such file or directory" in err and "[Errno" not in err
