"""``tfgpu fleet`` end to end on snapshot folders: text table, JSON document, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.fleet.model import FLEET_SCHEMA_VERSION

from . import _snap


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    _snap.write(tmp_path, "gpu01", _snap.snap())
    _snap.write(tmp_path, "gpu02", _snap.snap(_snap.tf_version("2.20.0"),
                                              _snap.env("NCCL_IB_DISABLE", "1")))
    return tmp_path


def test_text_marks_the_rows_that_differ(folder: Path, capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SLURM_JOB_ID", raising=False)
    assert main(["fleet", str(folder)]) == 1
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == ("tfgpu fleet: 2 of 2 nodes examined; 2 facts differ (TensorFlow, "
                        "NCCL_IB_DISABLE); 1 fleet problem, 0 nodes with doctor errors")
    row = next(line for line in lines if "TensorFlow  " in line)
    assert row.split() == ["*", "TensorFlow", "2.21.0", "2.20.0"]
    agree = next(line for line in lines if "NVIDIA driver" in line)
    assert agree.split() == ["NVIDIA", "driver", "560.35.03", "560.35.03"]
    env_row = next(line for line in lines if "NCCL_IB_DISABLE  " in line)
    assert env_row.split() == ["*", "NCCL_IB_DISABLE", "-", "1"]
    assert "(fleet-tensorflow-differs)" in out and "(fleet-env-differs)" in out
    assert "gpu01  TensorFlow 2.21.0 can use GPU 0" in out


def test_json_document(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fleet", str(folder), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["schema_version"] == FLEET_SCHEMA_VERSION and doc["command"] == "fleet"
    assert doc["exit_code"] == 1
    assert doc["table"]["nodes"] == ["gpu01", "gpu02"]
    tf_row = next(r for r in doc["table"]["rows"] if r["key"] == "tensorflow")
    assert tf_row == {"key": "tensorflow", "label": "TensorFlow",
                      "values": ["2.21.0", "2.20.0"], "differs": True}
    assert [f["id"] for f in doc["findings"]] == ["fleet-tensorflow-differs",
                                                  "fleet-env-differs"]
    assert [n["status"] for n in doc["nodes"]] == ["ok", "ok"]
    assert doc["nodes"][0]["verdict"]["gpu_usable"] is True


def test_agreeing_nodes_exit_0(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _snap.write(tmp_path, "a", _snap.snap())
    b = _snap.write(tmp_path, "b", _snap.snap())
    assert main(["fleet", str(a), str(b)]) == 0
    assert "FLEET FINDINGS: none" in capsys.readouterr().out


def test_no_readable_node_exits_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.json").write_text("garbage", encoding="utf-8")
    assert main(["fleet", str(tmp_path), "--json"]) == 3
    doc = json.loads(capsys.readouterr().out)
    assert doc["nodes"][0]["status"] == "unreadable"
    assert doc["findings"][0]["id"] == "fleet-node-not-examined"


def test_usage_errors(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                      tmp_path: Path) -> None:
    monkeypatch.delenv("SLURM_JOB_ID", raising=False)
    assert main(["fleet"]) == 2
    assert "nothing to examine" in capsys.readouterr().err
    # a missing path or a folder without snapshots is an unreadable input (2)
    assert main(["fleet", str(tmp_path / "missing")]) == 2
    assert "no such file" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    assert main(["fleet", str(tmp_path / "empty")]) == 2
    assert "no *.json facts snapshot" in capsys.readouterr().err
    assert main(["fleet", "--srun-args", "-N 2", str(tmp_path)]) == 2
    assert main(["fleet", "--slurm", "--node-timeout", "0"]) == 2


def test_save_writes_each_nodes_snapshot(folder: Path, tmp_path: Path) -> None:
    out = tmp_path / "saved"
    main(["fleet", str(folder), "--save", str(out), "--json"])
    assert sorted(p.name for p in out.iterdir()) == ["gpu01.json", "gpu02.json"]


def test_many_nodes_are_grouped_by_value(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    for i in range(1, 8):
        edits = [_snap.tf_version("2.20.0")] if i == 7 else []
        _snap.write(tmp_path, f"gpu{i:02d}", _snap.snap(*edits))
    (tmp_path / "gpu08.json").write_text("{", encoding="utf-8")
    assert main(["fleet", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    i = lines.index("* TensorFlow")
    assert lines[i + 1:i + 3] == ["      2.21.0: gpu01, gpu02, gpu03, gpu04, gpu05, gpu06",
                                  "      2.20.0: gpu07"]
    assert "  NVIDIA driver         560.35.03 (all 7)" in lines
    assert any(line.split()[:3] == ["gpu08", "unreadable:", "not"] for line in lines)
    assert any(line.lstrip().startswith("gpu01..gpu06 (6 nodes)  ") for line in lines)
