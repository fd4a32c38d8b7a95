"""A facts snapshot's file is named after its host (``tfgpu facts -o
/shared/facts/$(hostname).json``, docs/slurm.md): the doctor's shareable report of it, made
on another machine, hides that name as it hides this host's, in the facts path and wherever
else it appears; a file name that is a word of tfgpu's own text stays."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tfgpu.cli.main import main

SNAPSHOT = Path(__file__).resolve().parents[1] / "fixtures" / "doctor-scenarios" / "l4_ok.json"


@pytest.mark.parametrize("fmt", ["markdown", "html"])
def test_the_doctor_hides_the_host_a_snapshot_file_is_named_after(
        fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "shared" / "facts"
    folder.mkdir(parents=True)
    for name in ("gpunode07.json", "gpu-node-7.lab.json"):
        path = folder / name
        shutil.copy(SNAPSHOT, path)
        capsys.readouterr()
        main(["doctor", "--facts", str(path), "--format", fmt])
        out = capsys.readouterr().out
        assert name[:-5] not in out and "facts/host.json" in out, out[-2000:]
        main(["doctor", "--facts", str(path), "--format", fmt, "--no-redact"])
        assert f"facts/{name}" in capsys.readouterr().out

def test_a_relative_snapshot_path_is_hidden_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(SNAPSHOT, tmp_path / "gpunode07.json")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    main(["doctor", "--facts", "gpunode07.json", "--format", "markdown"])
    out = capsys.readouterr().out
    assert "gpunode07" not in out and "facts: host.json" in out


@pytest.mark.parametrize(("path", "host"), [
    ("/shared/facts/gpunode07.json", "gpunode07"),
    ("C:\\facts\\node-12.json", "node-12"),
    ("gpu7.cluster.example.json", "gpu7.cluster.example"),
    ("athena", "athena"),
    # words of tfgpu's own text, and names no host has, are no host name
    ("facts.json", None), ("snapshot.json", None), ("gpu.json", None), ("-", None),
    ("2.21.json", None), ("n1.json", None), ("my facts.json", None), ("host.json", None),
])
def test_the_host_a_snapshot_file_name_gives(path: str, host: str | None) -> None:
    from tfgpu.privacy import snapshot_host

    assert snapshot_host(path) == host
