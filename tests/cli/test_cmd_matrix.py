"""``tfgpu matrix``: filters, JSON, text, and clear usage errors (exit 2, no traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.cli.cmd_matrix import MATRIX_SCHEMA_VERSION
from tfgpu.cli.main import main
from tfgpu.knowledge import load_knowledge

KB = load_knowledge()
SRC = Path(__file__).resolve().parents[2] / "src"


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    rc = main(["matrix", *args, "--json"])
    out = capsys.readouterr().out
    assert rc == 0
    doc = json.loads(out)
    assert isinstance(doc, dict)
    return doc


def config_ids(doc: dict[str, object]) -> list[str]:
    return [c["config"]["id"] for c in doc["configs"]]  # type: ignore[index,union-attr]


def test_json_header_and_full_tables(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys)
    assert doc["schema_version"] == MATRIX_SCHEMA_VERSION and doc["command"] == "matrix"
    assert doc["knowledge_version"] == KB.version
    assert len(doc["configs"]) == len(KB.tested)  # type: ignore[arg-type]
    assert len(doc["drivers"]) == len(KB.drivers)  # type: ignore[arg-type]
    assert len(doc["pins"]) == len(KB.pins)  # type: ignore[arg-type]
    assert len(doc["gpus"]) == len(KB.gpus)  # type: ignore[arg-type]
    assert len(doc["facts"]) == len(KB.facts)  # type: ignore[arg-type]


def test_filter_tf(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "--tf", "2.12")
    assert config_ids(doc) == ["2.12.0-linux", "2.12.0-windows", "2.12.0-macos"]
    assert doc["pins"] == []  # the and-cuda extra starts in 2.14.0
    assert any("2.14.0" in n for n in doc["notes"])  # type: ignore[union-attr]
    first = doc["configs"][0]  # type: ignore[index]
    assert first["min_driver"] == {"version": "450.80.02", "rule": "minor-version-compat",
                                   "ref": "cuda_min_driver:11.x-minor-compat"}
    assert first["wheel_archs"]["ptx"] == ["8.0"]


def test_filter_cuda(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "--cuda", "11.8")
    assert config_ids(doc) == ["2.12.0-linux", "2.13.0-linux", "2.14.0-linux"]
    assert [d["id"] for d in doc["drivers"]] == [  # type: ignore[union-attr,index]
        "11.8-toolkit-ga", "11.x-minor-compat"]


def test_filter_gpu_name(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "--gpu", "RTX 3060", "--os", "linux")
    assert doc["gpu"]["compute_capability"] == "8.6"  # type: ignore[index]
    assert doc["gpu"]["match"]["ref"] == "gpu_compute_capability:geforce-rtx-3060"  # type: ignore[index]
    status = {c["config"]["tf_version"]: c["gpu_support"]["status"]  # type: ignore[index]
              for c in doc["configs"]}  # type: ignore[union-attr]
    assert status["2.15.0"] == "ptx-jit" and status["2.16.1"] == "native"
    assert status["2.21.0"] == "native"
    assert len(status) == 22  # every Linux GPU release, no CPU rows


def test_wsl2_uses_linux_rows_and_the_windows_driver(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "--tf", "2.15", "--os", "wsl2")
    assert config_ids(doc) == ["2.15.0-linux"]
    assert doc["configs"][0]["min_driver"]["version"] == "527.41"  # type: ignore[index]


def test_filter_gpu_cc_and_os(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "--gpu", "3.0", "--os", "windows")
    statuses = {c["gpu_support"]["status"] for c in doc["configs"]}  # type: ignore[index,union-attr]
    assert statuses == {"below-minimum"}
    assert doc["gpu"]["match"] is None  # type: ignore[index]


def test_windows_after_210_with_gpu_explains_itself(capsys: pytest.CaptureFixture[str]) -> None:
    doc = run_json(capsys, "--tf", "2.15", "--os", "windows", "--gpu", "8.6")
    assert doc["configs"] == []
    assert any("windows-native-gpu-last" in n for n in doc["notes"])  # type: ignore[union-attr]


def test_text_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--tf", "2.15.0", "--os", "linux"]) == 0
    out = capsys.readouterr().out
    assert "525.60.13 (12.x)" in out
    assert "pip install tensorflow[and-cuda]==2.15.0 adds" in out
    assert "nvidia-cudnn-cu12" in out and "==8.9.4.25" in out
    assert "5.0 6.0 7.0 7.5 / 8.0" in out
    assert f"knowledge {KB.version}" in out
    assert "\x1b[" not in out  # no colour when not a terminal


def test_show_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--show", "facts", "--show", "gpus"]) == 0
    out = capsys.readouterr().out
    assert "Platform facts" in out and "GPU compute capability" in out
    assert "TensorFlow tested configurations" not in out
    assert "tensorflow-gpu-removed" in out and "GeForce RTX 4090" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tf", "2.99"], "no TensorFlow 2.99 in the knowledge (it covers 2.0.0 to 2.21.0"),
        (["--tf", "banana"], "TensorFlow version 'banana' is not a version number"),
        (["--cuda", "9.9"], "CUDA 9.9 is in neither the tested configurations"),
        (["--gpu", "RTX 9999"], "GPU 'RTX 9999' is not in the compute-capability table"),
        (["--gpu", "NVIDIA GeForce ..."], "cut short or ambiguous"),
        (["--os", "beos"], "invalid choice: 'beos'"),
        (["--show", "everything"], "invalid choice: 'everything'"),
    ],
)
def test_unknown_filter_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["matrix", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_as_a_process_exit_code_and_no_tensorflow_import() -> None:
    code = (
        "import sys\n"
        "from tfgpu.cli.main import main\n"
        "rc = main(['matrix', '--cuda', '12', '--json'])\n"
        "assert 'tensorflow' not in sys.modules\n"
        "sys.exit(rc)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(SRC)}, timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    doc = json.loads(out.stdout)
    assert {c["config"]["cuda"] for c in doc["configs"]} == {"12.2", "12.3", "12.5"}


def _gpu_lines(tf: str, gpu: str) -> list[tuple[str, str, str | None, str | None]]:
    from tfgpu.knowledge.matrix import select_matrix

    view = select_matrix(KB, tf=tf, gpu=gpu)
    return [(ln.config.platform, ln.config.cuda or "", ln.driver[0] if ln.driver else None,
             ln.gpu_driver[0] if ln.gpu_driver else None) for ln in view.configs]


def test_tf22_on_rtx3060_driver_columns_agree_per_os() -> None:
    # new-user review: "min driver 418.39" beside "PTX JIT ... (driver >= 410.48)", and the
    # Windows row quoting the Linux number. TF 2.2's wheel build_info says CUDA "10"; its
    # tested configuration says 10.1 (CUDA 10.1 GA: Linux >= 418.39, Windows >= 418.96).
    lines = {p: (mind, jit) for p, _cuda, mind, jit in _gpu_lines("2.2", "RTX 3060")}
    assert lines == {"linux": ("418.39", "418.39"), "windows": ("418.96", "418.96")}


def test_ptx_jit_driver_is_never_below_the_lines_minimum() -> None:
    # PTX made by the build toolkit needs that toolkit's driver: never less than what
    # running the build needs at all, on every OS column, for every release
    from tfgpu.knowledge import parse_version

    releases = sorted({c.tf_version for c in KB.tested_configs(kind="gpu")})
    checked = 0
    for tf in releases:
        for platform, cuda, mind, jit in _gpu_lines(tf, "8.6"):
            if mind is None or jit is None:
                continue
            checked += 1
            assert parse_version(jit) >= parse_version(mind), (tf, platform, cuda, mind, jit)
    assert checked >= 10


def test_a_release_the_source_lists_twice_is_one_text_row_with_a_note(
        capsys: pytest.CaptureFixture[str]) -> None:
    twice = KB.tested_configs(tf="2.0.0", os="macos")
    assert len(twice) == 2  # TensorFlow's macOS table lists 2.0.0 twice: both rows are kept
    assert main(["matrix", "--os", "macos", "--show", "configs"]) == 0
    out = capsys.readouterr().out
    assert sum(1 for line in out.splitlines() if "│ 2.0.0 " in line) == 1
    assert "lists 2.0.0 twice" in out and twice[1].ref in out
    doc = run_json(capsys, "--os", "macos")
    assert {"2.0.0-macos", "2.0.0-macos-2"} <= set(config_ids(doc))


def test_a_row_without_a_python_range_says_the_source_gives_none(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["matrix", "--tf", "2.13", "--os", "windows"]) == 0
    out = capsys.readouterr().out
    assert "windows 2.13.0: the source gives no Python range" in out


def test_matrix_for_a_gpu_never_shows_a_driver_below_the_gpus_own(
        capsys: pytest.CaptureFixture[str]) -> None:
    """H100 (sm_90) arrived with CUDA 11.8's driver branch: TF 2.0's 410.48 does not run it."""
    doc = run_json(capsys, "--gpu", "H100", "--os", "linux")
    lines = [c for c in doc["configs"]  # type: ignore[union-attr]
             if c["gpu_support"] and c["gpu_support"]["status"] in ("native", "ptx-jit")]
    assert lines
    for c in lines:
        floor = c["gpu_support"]["gpu_min_driver"]
        shown = [d["version"] for d in (c["min_driver"], c["gpu_support"]["ptx_jit_min_driver"],
                                        floor) if d]
        assert max(shown, key=lambda v: tuple(map(int, v.split(".")))) != "410.48"
        if c["config"]["tf_version"] == "2.0.0":
            assert floor["version"] == "520.61.05"
    assert any("R520" in n for n in doc["notes"])  # type: ignore[union-attr]
    main(["matrix", "--gpu", "H100", "--os", "linux", "--tf", "2.0"])
    text = capsys.readouterr().out
    assert "520.61.05, the" in text and "(driver >= 410.48)" not in text
