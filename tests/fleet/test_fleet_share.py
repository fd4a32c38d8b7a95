"""``tfgpu fleet --format markdown|html`` (issue 13: "--json and --format markdown|html
like the doctor"): the facts table and verdicts in a shareable report, redacted by default,
node names (host names) included."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.cli.main import main

from . import _snap

NODE_A = "gpu-node-07.hpc.example-uni.edu"
NODE_B = "gpu-node-08.hpc.example-uni.edu"
TOKEN = "hf_abcdefghijklmnopqrstuvwxyz123456"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("SLURM_JOB_ID", raising=False)
    _snap.write(tmp_path, NODE_A, _snap.snap(_snap.env("NCCL_DEBUG", "INFO")))
    _snap.write(tmp_path, NODE_B, _snap.snap(
        _snap.tf_version("2.20.0"), _snap.env("NCCL_DEBUG", f"WARN HF_TOKEN={TOKEN}"),
        _snap.env("VIRTUAL_ENV", "/home/Jane Doe/venvs/tf")))
    return tmp_path


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_fleet_shareable_report_hides_node_names_and_secrets(
        fmt: str, folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fleet", str(folder), "--format", fmt]) == 1
    out = capsys.readouterr().out
    for secret in ("gpu-node-07", "gpu-node-08", "example-uni", "abcdefghijklmnop", "Jane",
                   "Doe"):
        assert secret not in out, secret
    assert "fleet-tensorflow-differs" in out  # the fleet finding
    assert "node-1" in out and "node-2" in out  # the nodes, by place in the table
    assert "Facts that must agree" in out and "2.20.0" in out
    if fmt == "html":
        assert out.lstrip().startswith("<!DOCTYPE html>")
        assert "<script" not in out


def test_fleet_markdown_no_redact_keeps_node_names(folder: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fleet", str(folder), "--format", "markdown", "--no-redact"]) == 1
    out = capsys.readouterr().out
    assert NODE_A in out
    assert "NOT redacted" in out


def test_fleet_json_and_format_json_are_one_document(folder: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["fleet", str(folder), "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["command"] == "fleet"
    assert main(["fleet", str(folder), "--json", "--format", "html"]) == 2


def test_fleet_json_matches_its_schema_for_ok_unreadable_and_renamed_nodes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    import jsonschema

    from tfgpu.schemas import load_schema

    monkeypatch.delenv("SLURM_JOB_ID", raising=False)
    for rack in ("rack1", "rack2"):
        (tmp_path / rack).mkdir()
        _snap.write(tmp_path / rack, "gpu01", _snap.snap(_snap.driver("550.54.15")
                                                         if rack == "rack2" else _snap.env(
                                                             "NCCL_DEBUG", "INFO")))
    (tmp_path / "rack2" / "gpu02.json").write_text("Traceback: no\n", encoding="utf-8")
    assert main(["fleet", str(tmp_path / "rack1"), str(tmp_path / "rack2"), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    validator = jsonschema.Draft202012Validator(load_schema("fleet"))
    assert [e.message for e in validator.iter_errors(doc)] == []
    assert {n["status"] for n in doc["nodes"]} == {"ok", "unreadable"}
    broken = dict(doc, nodes=[dict(doc["nodes"][0], status="sleeping")])
    assert list(validator.iter_errors(broken))  # the schema can fail


def _cancelled_doc() -> dict[str, object]:
    line = ("srun did not finish within 70 s and was stopped; slurmstepd-gpu07: error: *** "
            "STEP 346.0 ON gpu07 CANCELLED AT 2026-12-02T10:00:01 ***")
    finding = {"id": "fleet-node-unreadable", "severity": "error", "title": "gpu07: no answer",
               "area": "runtime", "category": "unknown", "harmless": False, "doc": None,
               "knowledge_ref": None, "aliases": [],
               "cause": line, "fix": [],
               "evidence": [{"source": "log", "text": line, "line": None}]}
    return {"schema_version": "1", "tfgpu_version": "0", "knowledge_version": "k",
            "headline": "1 node did not answer", "sources": ["slurm"],
            "nodes": [{"name": "gpu07", "verdict": {"gpu_usable": False}, "findings": []},
                      {"name": "gpu08", "verdict": {"gpu_usable": True}, "findings": []}],
            "table": {"nodes": ["gpu07", "gpu08"], "rows": [
                {"key": "tf", "label": "TensorFlow", "values": ["2.21.0", "2.21.0"],
                 "differs": False}]},
            "findings": [finding]}


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_slurmstepd_prefix_and_cancelled_line_take_the_node_pseudonym(fmt: str) -> None:
    from tfgpu import privacy
    from tfgpu.report.fleet import fleet_share_parts, node_pseudonyms
    from tfgpu.report.share import render_shareable

    whole = _cancelled_doc()
    doc, tables = fleet_share_parts(whole, rename_nodes=True)
    redactor = privacy.for_names(hosts=["login1"]).keeping(node_pseudonyms(whole))
    out = render_shareable(fmt, doc, redactor=redactor, tables=tables)
    assert "gpu07" not in out
    assert "slurmstepd-node-1" in out and "ON node-1 CANCELLED" in out
    # the pseudonyms stay node names: none becomes "host"
    assert "node-2" in out and "ON host" not in out and "slurmstepd-host" not in out
