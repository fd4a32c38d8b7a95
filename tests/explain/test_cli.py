"""`tfgpu explain`: file and stdin, --facts, --json, exit codes, never a traceback."""

from __future__ import annotations

import contextlib
import io
import json
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tfgpu.cli.main import main

CASES = Path(__file__).resolve().parents[1] / "fixtures" / "cases"
FACTS = Path(__file__).resolve().parents[1] / "fixtures" / "doctor-scenarios" / "ldlp_cuda11.json"


def _case_log(tmp_path: Path, case: str) -> Path:
    log = json.loads((CASES / f"{case}.json").read_text(encoding="utf-8"))["log"]
    path = tmp_path / f"{case}.log"
    path.write_bytes(log.replace("\n", "\r\n").encode("utf-8"))
    return path


def test_file_with_error_exits_1_and_prints_cause(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    rc = main(["explain", str(_case_log(tmp_path, "015"))])
    out = capsys.readouterr().out
    assert rc == 1
    assert "compute capability 6.1 <" in out
    assert "line 6: ... Ignoring visible gpu device" in out


def test_json_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["explain", "--json", str(_case_log(tmp_path, "024"))])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 0
    assert doc["command"] == "explain"
    assert doc["findings"][0]["id"] == "numa-node-notice"
    assert doc["findings"][0]["harmless"] is True
    assert doc["findings"][0]["evidence"][0]["line"] == 1
    assert doc["input"]["lines"] == 2


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    data = b"RuntimeError: Physical devices cannot be modified after being initialized\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    rc = main(["explain", "-"])
    assert rc == 1
    assert "set_memory_growth" in capsys.readouterr().out


def test_empty_stdin_says_no_log_lines(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"")))
    assert main(["explain"]) == 0
    assert "No log lines" in capsys.readouterr().out


def test_unreadable_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(tmp_path / "missing.log")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert main(["explain", str(tmp_path)]) == 2


def test_bad_facts_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "host.json"
    bad.write_text("{not json", encoding="utf-8")
    log = _case_log(tmp_path, "041")
    assert main(["explain", "--facts", str(bad), str(log)]) == 2
    assert "not a tfgpu facts snapshot" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["-", "--facts", "-"], ["--facts", "-"],
                                  ["--facts", "-", "-", "--json"]])
def test_stdin_as_both_log_and_facts_is_refused_clearly(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        argv: list[str]) -> None:
    facts = FACTS.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(facts + b"\nlog line\n")))
    assert main(["explain", *argv]) == 2
    err = capsys.readouterr().err
    assert "standard input cannot be both the log and the facts" in err
    assert "JSON" not in err


def test_facts_from_stdin_with_a_log_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    facts = FACTS.read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(facts)))
    log = tmp_path / "train.log"
    log.write_text("RuntimeError: Physical devices cannot be modified after being "
                   "initialized\n", encoding="utf-8")
    assert main(["explain", str(log), "--facts", "-"]) == 1
    assert "set_memory_growth" in capsys.readouterr().out


def test_facts_sharpen_the_fix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from .case_env import facts_from_env

    case = json.loads((CASES / "041.json").read_text(encoding="utf-8"))
    facts = facts_from_env(case["env"])
    assert facts is not None
    host = tmp_path / "host.json"
    host.write_text(facts.to_json(), encoding="utf-8")
    log = _case_log(tmp_path, "041")
    assert main(["explain", str(log)]) == 0  # harmless without facts
    capsys.readouterr()
    assert main(["explain", "--facts", str(host), str(log)]) == 1
    assert "TensorFlow 2.13.0 needs CUDA 11.8" in capsys.readouterr().out


def test_binary_file_does_not_crash(tmp_path: Path) -> None:
    path = tmp_path / "bin.log"
    path.write_bytes(bytes(range(256)) * 100)
    assert main(["explain", str(path)]) in (0, 1)


@settings(max_examples=40, deadline=None)
@given(st.binary(max_size=2000))
def test_cli_never_raises_on_random_bytes(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "random.log"
        path.write_bytes(data)
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["explain", str(path)]) in (0, 1)
            assert main(["explain", "--json", str(path)]) in (0, 1)


def test_an_endless_input_is_cut_with_a_note(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """``tfgpu explain /dev/zero`` ends: explain reads at most MAX_INPUT_BYTES, says it
    stopped, and reports what it read (issue 11: a byte bound on every input)."""
    from tfgpu.cli import cmd_explain
    from tfgpu.cli.main import main

    monkeypatch.setattr(cmd_explain, "MAX_INPUT_BYTES", 1 << 20)
    rc = main(["explain", "/dev/zero"])
    err = capsys.readouterr().err
    assert rc in (0, 1)
    assert "stopped reading /dev/zero after" in err


def test_an_input_within_the_bound_gets_no_note(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from tfgpu.cli.main import main

    log = tmp_path / "x.log"
    log.write_text("Could not load dynamic library 'libcudnn.so.8'\n")
    main(["explain", str(log)])
    assert "stopped reading" not in capsys.readouterr().err


def test_a_bad_facts_value_is_named_with_its_quotes_and_a_doctor_report_is_offered(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = json.loads(FACTS.read_text(encoding="utf-8"))
    doc["driver"]["status"] = "bogus"
    bad = tmp_path / "host.json"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    log = _case_log(tmp_path, "041")
    assert main(["explain", "--facts", str(bad), str(log)]) == 2
    err = capsys.readouterr().err
    assert "'timeout', 'skipped';" in err  # the last value keeps its closing quote
    assert "doctor --json` report works too" in err and "is not one)" not in err


def test_a_doctor_json_report_is_accepted_as_facts(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--facts", str(FACTS), "--json"]) in (0, 1)
    report = tmp_path / "doctor.json"
    report.write_text(capsys.readouterr().out, encoding="utf-8")
    log = tmp_path / "train.log"
    log.write_text("RuntimeError: Physical devices cannot be modified after being "
                   "initialized\n", encoding="utf-8")
    assert main(["explain", str(log), "--facts", str(report)]) == 1
    assert "set_memory_growth" in capsys.readouterr().out
