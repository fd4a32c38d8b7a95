"""Every host fixture folder replays to its expected-facts.json exactly; capture round-trips."""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path

import pytest

from tfgpu import capture
from tfgpu._proc import CommandResult, FakeRunner
from tfgpu.capture.replay import replay_host
from tfgpu.cli.main import main
from tfgpu.facts import ProbeStatus
from tfgpu.probes import FakeFileSystem, ProbeContext
from tfgpu.probes.nvidia_smi_parse import QUERY_FIELDS

HOSTS = Path(__file__).resolve().parents[1] / "fixtures" / "hosts"
SMI = Path(__file__).resolve().parents[1] / "fixtures" / "recorded" / "nvidia-smi"
ALL = sorted(p.name for p in HOSTS.iterdir() if p.is_dir())

#: Hand-checked key facts per host (so a wrong golden file cannot pass unnoticed).
KEY_FACTS = {
    "linux-x86_64-nvidia-h200-driver580-ubuntu22.04": ("ok", "580.173.02", "13.0", ["NVIDIA H200"]),
    "linux-wsl2-x86_64-rtx3060-laptop-smi545-windows546-cuda-err": (
        "error",
        "546.80",
        None,
        ["NVIDIA GeForce RTX 3060 ..."],
    ),
    "linux-x86_64-broken-driver-library-mismatch-570.124": ("error", None, None, []),
    "linux-x86_64-7x-b300-driver610-cuda13.3-not-on-path": (
        "ok",
        "610.57.04",
        "13.3",
        ["NVIDIA B300 SXM6 AC"] * 7,
    ),
    "linux-x86_64-cpu-only-cuda13-toolkit-no-driver-devbox": ("missing", None, None, []),
    "linux-x86_64-h200-driver580.159-cuda13.0-pip-cu13-beside-torch": (
        "ok", "580.159.04", "13.0", ["NVIDIA H200"]),
}


def test_every_host_is_checked() -> None:
    assert set(ALL) == set(KEY_FACTS)


@pytest.mark.parametrize("name", ALL)
def test_replay_equals_expected_facts(name: str) -> None:
    folder = HOSTS / name
    expected = json.loads((folder / "expected-facts.json").read_text(encoding="utf-8"))
    assert replay_host(folder) == expected
    status, version, cuda, gpus = KEY_FACTS[name]
    driver = expected["driver"]
    assert (driver["status"], driver["version"], driver["cuda_version"]) == (status, version, cuda)
    assert [g["name"] for g in expected["gpus"]] == gpus
    assert (folder / "meta.toml").is_file()


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is Python >= 3.11")
@pytest.mark.parametrize("name", ALL)
def test_meta_toml_parses(name: str) -> None:
    import tomllib

    meta = tomllib.loads((HOSTS / name / "meta.toml").read_text(encoding="utf-8"))
    assert meta["machine"]["system"] == "Linux"


def test_mismatch_host_quotes_both_lines() -> None:
    facts = replay_host(HOSTS / "linux-x86_64-broken-driver-library-mismatch-570.124")
    assert facts["driver"]["message"] == (
        "Failed to initialize NVML: Driver/library version mismatch\nNVML library version: 570.124"
    )


def test_b300_toolkit_found_but_not_on_path() -> None:
    facts = replay_host(HOSTS / "linux-x86_64-7x-b300-driver610-cuda13.3-not-on-path")
    assert facts["toolkits"] == [
        {
            "root": "/usr/local/cuda",
            "version": "13.3.1",
            "nvcc_path": None,
            "source": "glob",
            "on_path": False,
        }
    ]


# --- capture ------------------------------------------------------------------------

REAL_UUID = "GPU-3f5e1a2b-9c7d-4e8f-a1b2-c3d4e5f60718"
QUERY = ("nvidia-smi", f"--query-gpu={','.join(QUERY_FIELDS)}", "--format=csv,noheader,nounits")


def _fake_host(tmp_path: Path) -> ProbeContext:
    table = (SMI / "h200-driver580.173.02-cuda13.0-linux.txt").read_text()
    row = f"0, NVIDIA H200, {REAL_UUID}, 00000000:83:00.0, 143771, 143000, 9.0, 580.173.02\n"
    site = "/home/alice/venv/lib/python3.12/site-packages"
    lib = tmp_path / site.lstrip("/") / "nvidia/cudnn/lib/libcudnn.so.9"
    lib.parent.mkdir(parents=True)
    lib.touch()
    runner = FakeRunner(
        {
            ("nvidia-smi",): table,
            QUERY: row,
            ("nvidia-smi", "-L"): f"GPU 0: NVIDIA H200 (UUID: {REAL_UUID})\n",
            ("/home/alice/venv/bin/python", "-c", capture.libs.SITE_SCRIPT): json.dumps([site]),
            ("lspci", "-nn"): "83:00.0 3D controller [0302]: NVIDIA Corporation GH100 "
            "[H200 SXM 141GB] [10de:2335] (rev a1)\n",
        }
    )
    env = {"PATH": "/home/alice/bin:/usr/bin", "HOSTNAME": "gpubox7"}
    return ProbeContext(
        runner=runner,
        fs=FakeFileSystem(tmp_path),
        env=env,
        system="Linux",
        python_executable="/home/alice/venv/bin/python",
    )


def test_capture_round_trip_and_scrub(tmp_path: Path) -> None:
    ctx = _fake_host(tmp_path / "host")
    shown: list[str] = []
    cap = capture.record(ctx, shown.append, capture.Scrubber("alice", "gpubox7"), machine="x86_64")
    # Shown before running, in plan order, then what the probes added.
    assert shown[:2] == ["nvidia-smi", " ".join(QUERY)]
    out = tmp_path / "fixture"
    capture.write(cap, out, dt.datetime(2026, 11, 30, tzinfo=dt.timezone.utc))
    expected = json.loads((out / "expected-facts.json").read_text())
    assert replay_host(out) == expected
    gpu = expected["gpus"][0]
    assert (gpu["name"], gpu["uuid"], gpu["compute_capability"], gpu["memory_free_mib"]) == (
        "NVIDIA H200",
        "GPU-00000000-0000-0000-0000-000000000000",
        "9.0",
        143000,
    )
    # lspci saw the same card: one GPU, the driver's entry; the listing is still recorded.
    assert len(expected["gpus"]) == 1
    assert ["gpus-other", "lspci", "ok"] in expected["records"]
    assert expected["libraries"][0]["path"] == (
        "/home/user/venv/lib/python3.12/site-packages/nvidia/cudnn/lib/libcudnn.so.9"
    )
    everything = "".join(p.read_text() for p in out.iterdir())
    assert "alice" not in everything and "3f5e1a2b" not in everything
    assert (out / "nvidia-smi-L.txt").read_text() == (
        "GPU 0: NVIDIA H200 (UUID: GPU-00000000-0000-0000-0000-000000000000)\n"
    )
    assert host_id_of(expected) == "linux-x86_64-nvidia-h200-20261130"


def host_id_of(facts: dict[str, object]) -> str:
    return capture.host_id(facts, "Linux", "x86_64", dt.date(2026, 11, 30))


def test_scrubber() -> None:
    s = capture.Scrubber("bob", "lab-pc")
    text = (
        "GPU 0: X (UUID: GPU-12345678-abcd-ef01-2345-6789abcdef01)\n"
        "    Serial Number                         : 1324321062481\n"
        "/home/bob/.venv C:\\Users\\bob\\AppData lab-pc bobcat /home/bobby\n"
    )
    assert s(text) == (
        "GPU 0: X (UUID: GPU-00000000-0000-0000-0000-000000000000)\n"
        "    Serial Number                         : 0000000000000\n"
        # Any home folder's owner is hidden, not only this user's (issue 11: a capture
        # must not keep /home/<someone>).
        "/home/user/.venv C:\\Users\\user\\AppData host bobcat /home/user\n"
    )


def test_cli_dry_run_runs_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["capture", "--dry-run"]) == 0
    err = capsys.readouterr().err
    assert "$ nvidia-smi\n" in err and "$ nvcc --version" in err
    assert "running:" not in err


def test_cli_refuses_non_empty_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "x.txt").write_text("keep me")
    assert main(["capture", "--out", str(tmp_path)]) == 2
    assert "is not empty (use --force to overwrite)" in capsys.readouterr().err
    assert main(["capture", "--timeout", "0", "--dry-run"]) == 2


def test_cli_captures_this_host(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "me"
    assert main(["capture", "--out", str(out), "--timeout", "30"]) == 0
    assert capsys.readouterr().out.strip() == str(out)
    expected = json.loads((out / "expected-facts.json").read_text())
    assert replay_host(out) == expected
    assert ProbeStatus(expected["driver"]["status"]) in set(ProbeStatus)


def test_commands_that_fail_are_recorded(tmp_path: Path) -> None:
    hung = CommandResult(("nvidia-smi",), ProbeStatus.TIMEOUT, message="stopped after 1 s")
    ctx = ProbeContext(
        runner=FakeRunner({("nvidia-smi",): hung}),
        fs=FakeFileSystem(tmp_path),
        env={},
        system="Linux",
        python_executable="/usr/bin/python3",
    )
    cap = capture.record(ctx, lambda _l: None, capture.Scrubber(None, None), machine="x86_64")
    commands = json.loads(cap.files["commands.json"])
    assert commands[0] == {
        "argv": ["nvidia-smi"],
        "status": "timeout",
        "returncode": None,
        "stderr": "",
        "message": "stopped after 1 s",
        "duration_s": 0.0,
    }
    assert cap.facts["driver"]["status"] == "timeout"
