"""tfgpu's own output given to `tfgpu explain` (a doctor report in any format, an explain
report, a facts snapshot) is named as what it is, exit 2, and no finding is made from the
probe messages it quotes: read as a log, a doctor report of a GPU-less host gave
nvml-library-not-found from its own evidence line."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.findings import AREAS
from tfgpu.logs.input_kind import HEAD_BYTES
from tfgpu.logs.own_report import AREA_HEADINGS, own_report

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BROKEN = FIXTURES / "doctor-scenarios" / "broken_driver.json"


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("options", "what"), [
    ((), "a `tfgpu doctor` report"),
    (("-q",), "a `tfgpu doctor` report"),
    (("--json",), "a `tfgpu doctor --json` report"),
    (("--format", "markdown"), "a `tfgpu doctor --format markdown` report"),
    (("--format", "html"), "a `tfgpu doctor --format html` report"),
], ids=["text", "quiet", "json", "markdown", "html"])
@pytest.mark.parametrize("host", ["this-host", "broken-driver"])
def test_doctor_report_is_named_not_explained(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], options: tuple[str, ...],
        what: str, host: str) -> None:
    source = ("--no-tf",) if host == "this-host" else ("--facts", str(BROKEN))
    _, report, _ = _cli(capsys, "doctor", *source, *options)
    assert report.strip()
    path = tmp_path / "report.out"
    path.write_text(report, encoding="utf-8")
    code, out, err = _cli(capsys, "explain", str(path))
    assert code == 2
    assert out == ""  # no findings, no verdict made from the report's quoted lines
    assert f"{path} is {what}, not a log" in err
    assert "tfgpu doctor" in err and "train.log" in err


def test_doctor_json_on_stdin_with_json_output_is_one_error_document(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _, report, _ = _cli(capsys, "doctor", "--facts", str(BROKEN), "--json")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(report.encode())))
    code, out, _err = _cli(capsys, "explain", "--json", "-")
    assert code == 2
    doc = json.loads(out)
    assert "findings" not in doc
    assert doc["error"].startswith("standard input is a `tfgpu doctor --json` report")
    assert "--facts host.json" in doc["error"]


def test_explain_report_and_facts_snapshot_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = FIXTURES / "recorded" / "tf-logs" / \
        "tf2.14-docker-2x-rtx4090-windows-docker-wsl2-working.txt"
    for options, what in (((), "a `tfgpu explain` report"),
                          (("--json",), "a `tfgpu explain --json` report")):
        _, report, _ = _cli(capsys, "explain", *options, str(log))
        path = tmp_path / "explained.out"
        path.write_text(report, encoding="utf-8")
        code, out, err = _cli(capsys, "explain", str(path))
        assert (code, out) == (2, ""), err
        assert f"is {what}, not a log" in err
    _, snapshot, _ = _cli(capsys, "facts", "--no-tf")
    path = tmp_path / "host.json"
    path.write_text(snapshot, encoding="utf-8")
    code, out, err = _cli(capsys, "explain", str(path))
    assert (code, out) == (2, "")
    assert "is a `tfgpu facts` snapshot, not a log" in err
    assert f"tfgpu doctor --facts {path}" in err


def _logs() -> list[Path]:
    found = sorted((FIXTURES / "recorded" / "tf-logs").glob("*.txt"))
    found += sorted((FIXTURES / "cases").glob("*.log"))
    found += sorted((FIXTURES / "explain-negatives").glob("*.log"))
    return found


def test_no_recorded_log_is_taken_for_a_tfgpu_report() -> None:
    logs = _logs()
    assert len(logs) > 100
    taken = [p.name for p in logs if own_report(p.read_bytes()[:HEAD_BYTES]) is not None]
    assert taken == []


def test_area_headings_are_the_findings_areas() -> None:
    assert {a.upper() for a in AREAS} == AREA_HEADINGS
