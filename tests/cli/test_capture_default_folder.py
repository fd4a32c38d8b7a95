"""``tfgpu capture`` outside a tfgpu checkout writes ``./tfgpu-capture-<host-id>/`` (named
before anything runs), and shows its command list once (new-user review #8: it wrote
``./tests/fixtures/hosts/<id>/`` into /tmp and printed the commands twice)."""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest

from tfgpu import capture
from tfgpu.cli.main import main


def _fake(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    """record() echoes the planned commands plus one unplanned; write() notes where and
    what stderr said by then."""
    seen: dict[str, Any] = {}

    def fake_record(ctx: Any, echo: Any, scrub: Any, machine: str | None = None) -> Any:
        for step in capture.plan(ctx.system, ctx.python_executable):
            echo(shlex.join(step.argv))
        echo("extra-tool --version")
        return capture.Capture({"gpus": []}, {}, {"machine": "x86_64"})

    def fake_write(cap: object, out: Path, when: object, *, redacted: bool = True) -> list[Path]:
        seen["out"] = out
        seen["err_before_write"] = capsys.readouterr().err
        out.mkdir(parents=True)
        return []

    monkeypatch.setattr(capture, "record", fake_record)
    monkeypatch.setattr(capture, "write", fake_write)
    return seen


def test_capture_outside_a_checkout_writes_a_named_folder_here(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    seen = _fake(monkeypatch, capsys)
    assert main(["capture", "--host-id", "box1"]) == 0
    assert seen["out"] == Path("tfgpu-capture-box1")
    assert (tmp_path / "tfgpu-capture-box1").is_dir()
    assert not (tmp_path / "tests").exists()
    err = seen["err_before_write"]
    assert "then write: tfgpu-capture-box1/" in err  # said before anything ran
    assert err.index("then write:") < err.index("running...")
    assert "writing tfgpu-capture-box1/" in err  # ... and again before writing


def test_capture_names_its_default_folder_before_the_probes_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["capture", "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert "it would write: tfgpu-capture-<os>-<arch>-<gpu>-<date>/" in err
    assert not list(tmp_path.iterdir())


def test_capture_inside_a_tfgpu_checkout_keeps_the_fixtures_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "tests" / "fixtures" / "hosts").mkdir(parents=True)
    monkeypatch.chdir(tmp_path)
    seen = _fake(monkeypatch, capsys)
    assert main(["capture", "--host-id", "box1"]) == 0
    assert seen["out"] == Path("tests/fixtures/hosts/box1")


def test_capture_shows_each_command_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    seen = _fake(monkeypatch, capsys)
    assert main(["capture", "--out", "o"]) == 0
    err = seen["err_before_write"]
    assert err.count("  $ nvidia-smi\n") == 1
    assert err.count("  $ ldconfig -p\n") == 1
    assert err.count("  $ extra-tool --version\n") == 1  # not in the list: shown as it runs
    assert err.index("running...") < err.index("extra-tool")


@pytest.mark.parametrize("host", ["../../x", "../x", "a/b", "/tmp/x", "a\\b", "..", ".", "",
                                  "a\nb"])
def test_a_host_id_that_is_not_one_folder_name_is_refused_before_anything_runs(
        host: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--host-id`` names the folder written: ``../../x`` wrote outside the current
    folder. Refused, exit 2, before any probe runs or anything is written."""
    work = tmp_path / "d" / "e"
    work.mkdir(parents=True)
    monkeypatch.chdir(work)
    seen = _fake(monkeypatch, capsys)
    assert main(["capture", "--host-id", host]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tfgpu capture: error: --host-id {host!r} ")
    assert "use --out DIR" in err and "will run" not in err
    assert "out" not in seen
    assert [p.name for p in tmp_path.rglob("*")] == ["d", "e"]



def test_capture_refuses_an_interpreter_that_is_not_there(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # as tfgpu facts and doctor do: nothing is recorded for a --python that does not exist
    assert main(["capture", "--python", str(tmp_path / "no-python"),
                 "--out", str(tmp_path / "out")]) == 2
    assert "no such file" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
