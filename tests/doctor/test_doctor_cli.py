"""``tfgpu doctor`` and ``tfgpu facts`` end to end: exit codes, clear messages, no tracebacks."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from doctor_helpers import TESTS, fake_python, recorded, this_machine

from tfgpu.cli.main import main
from tfgpu.facts import FACTS_SCHEMA_VERSION, DriverFacts, ProbeStatus, TFFacts

REVIEW = TESTS / "fixtures" / "doctor-scenarios"

SRC = Path(__file__).resolve().parent.parent.parent / "src"


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(SRC)
    env["NO_COLOR"] = "1"
    return env


def _tfgpu(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tfgpu", *args], capture_output=True, text=True,
                          env=_env(), timeout=timeout)


@pytest.mark.parametrize(("content", "words"), [
    ("this is not json", "is not a tfgpu facts snapshot (not JSON:"),
    ("[1, 2]", "is not a tfgpu facts snapshot (a facts snapshot must be a JSON object)"),
    ('{"python": {"version": "3", "executable": "x"}}', "required key 'os' is missing"),
])
def test_facts_file_that_is_not_a_snapshot_exits_2_with_a_clear_message(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, words: str) -> None:
    path = tmp_path / "host.json"
    path.write_text(content)
    assert main(["doctor", "--facts", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"tfgpu doctor: error: {path} ")
    assert words in err and "Traceback" not in err


def test_missing_facts_file_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--facts", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_snapshot_of_this_machine_exits_0_verdict_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "host.json"
    path.write_text(this_machine().to_json())
    assert main(["doctor", "--facts", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == ("TensorFlow 2.21.0 will run on the CPU only: 0 problems "
                                   "(no NVIDIA GPU on this host)")
    assert "(no-nvidia-gpu)" in out and f"facts: {path}" in out


def test_snapshot_with_driver_mismatch_exits_1_and_json_is_one_document(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = recorded("nvidia-smi/fail-nvml-driver-library-mismatch-legacy.txt").strip()
    facts = dataclasses.replace(this_machine(), driver=DriverFacts(
        ProbeStatus.ERROR, source="nvidia-smi", message=text))
    path = tmp_path / "host.json"
    path.write_text(facts.to_json())
    assert main(["doctor", "--facts", str(path), "--json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["verdict"]["problems"] == 1
    assert [f["id"] for f in doc["findings"] if f["severity"] == "error"] == [
        "nvidia-driver-library-mismatch"]
    assert doc["facts"]["driver"]["message"] == text


@pytest.mark.parametrize("value", ["0", "-1", "inf", "nan", "1e300", "86401"])
def test_bad_timeout_is_a_usage_error(capsys: pytest.CaptureFixture[str], value: str) -> None:
    """Review defect 1: inf/nan/huge used to skip TF silently and leave children behind."""
    assert main(["doctor", f"--timeout={value}", "--no-tf"]) == 2
    assert "--timeout must be a number of seconds above 0" in capsys.readouterr().err


def test_doctor_no_tf_never_imports_tensorflow_and_is_quick() -> None:
    code = ("import sys, io, contextlib, time\n"
            "from tfgpu.cli.main import main\n"
            "t = time.perf_counter()\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    rc = main(['doctor', '--no-tf'])\n"
            "assert 'tensorflow' not in sys.modules\n"
            "print(rc, round(time.perf_counter() - t, 3))\n"
            "print(out.getvalue().splitlines()[0])\n")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=_env(), timeout=60)
    assert res.returncode == 0, res.stderr
    rc, elapsed = res.stdout.split("\n")[0].split()
    assert rc in ("0", "1") and float(elapsed) < 5
    assert "TensorFlow itself was not checked (--no-tf)" in res.stdout.split("\n")[1] or \
        "looks ready" in res.stdout.split("\n")[1]


#: A fake interpreter that answers the python probe (``-c SCRIPT``) with the real one, so
#: only the TensorFlow child misbehaves.
_ANSWER_PROBE = f'if [ "$1" = "-c" ]; then exec {sys.executable} "$@"; fi; '


def test_tensorflow_that_segfaults_on_import_gives_a_clear_message(tmp_path: Path) -> None:
    exe = fake_python(tmp_path, "python-segv", _ANSWER_PROBE + "kill -SEGV $$")
    res = _tfgpu("doctor", "--python", exe, "--timeout", "20")
    assert res.returncode == 1, res.stdout + res.stderr
    assert "Traceback" not in res.stdout + res.stderr
    assert "killed by SIGSEGV (signal 11)" in res.stdout
    assert "(tensorflow-import-crashed)" in res.stdout


def test_tensorflow_stopped_at_a_short_timeout_says_the_limit_ran_out(tmp_path: Path) -> None:
    """--timeout 1 running out is evidence of the limit only: state unknown, not a hang."""
    exe = fake_python(tmp_path, "python-hang", _ANSWER_PROBE + "sleep 60")
    res = _tfgpu("doctor", "--python", exe, "--timeout", "1", timeout=30)
    assert res.returncode == 0, res.stdout + res.stderr
    assert res.stdout.startswith("TensorFlow state unknown (the TensorFlow probe was stopped "
                                 "after 1 s, --timeout 1)")
    assert "(tensorflow-probe-stopped-at-limit)" in res.stdout
    assert "(tensorflow-probe-timeout)" not in res.stdout and "does not start" not in res.stdout
    assert "did not finish within 1 s" in res.stdout
    assert "Traceback" not in res.stderr


def test_interpreter_that_cannot_run_exits_3_with_one_line(tmp_path: Path) -> None:
    """Review defect 2: a crashing --python said "0 problems", exit 0."""
    exe = fake_python(tmp_path, "python-segv", "kill -SEGV $$")
    res = _tfgpu("doctor", "--python", exe, "--no-tf")
    assert res.returncode == 3, res.stdout + res.stderr
    assert "could not be run" in res.stderr and "SIGSEGV" in res.stderr
    assert "Traceback" not in res.stderr and res.stdout == ""


@pytest.mark.parametrize("kind", ["missing", "folder", "not-executable", "empty"])
def test_bad_python_path_is_a_usage_error(tmp_path: Path, kind: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    path = {"missing": str(tmp_path / "nope" / "python"), "folder": str(tmp_path),
            "empty": ""}.get(kind)
    if kind == "not-executable":
        (tmp_path / "py").write_text("x")
        path = str(tmp_path / "py")
    assert path is not None
    assert main(["doctor", "--no-tf", "--python", path]) == 2
    err = capsys.readouterr().err
    assert "--python" in err and len(err.strip().splitlines()) == 1


def test_facts_option_warns_that_gathering_options_are_ignored(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    snap = tmp_path / "host.json"
    snap.write_text((REVIEW / "l4_ok.json").read_text())
    assert main(["doctor", "--facts", str(snap), "--no-tf", "--timeout", "5"]) == 0
    assert "--no-tf, --timeout ignored with --facts" in capsys.readouterr().err


def test_facts_command_writes_a_snapshot_the_doctor_reads(tmp_path: Path) -> None:
    out = tmp_path / "host.json"
    res = _tfgpu("facts", "--no-tf", "-o", str(out))
    assert res.returncode == 0, res.stderr
    data = json.loads(out.read_text())
    assert data["schema_version"] == FACTS_SCHEMA_VERSION and data["tf"]["status"] == "skipped"
    again = _tfgpu("doctor", "--facts", str(out))
    assert again.returncode in (0, 1) and "Traceback" not in again.stderr
    assert again.stdout.splitlines()[0].startswith("TensorFlow will run on the CPU only")


def test_facts_to_stdout_is_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["facts", "--no-tf"]) == 0
    assert json.loads(capsys.readouterr().out)["os"]["system"]


def test_hung_nvidia_smi_through_the_nvidia_probe_is_a_clear_finding() -> None:
    nvidia = pytest.importorskip("tfgpu.probes.nvidia")
    from tfgpu._proc import CommandResult
    from tfgpu.diagnosis.doctor import diagnose
    from tfgpu.gather import Probe, gather
    from tfgpu.probes import ProbeContext

    def runner(argv, timeout_s):  # type: ignore[no-untyped-def]
        if "nvidia-smi" in argv[0]:
            return CommandResult(tuple(argv), ProbeStatus.TIMEOUT, None, "", "", timeout_s,
                                 f"{argv[0]} did not finish within {timeout_s:g} s and was "
                                 "stopped")
        return CommandResult(tuple(argv), ProbeStatus.MISSING, message="not found")

    ctx = ProbeContext(runner=runner, env={"PATH": "/usr/bin"}, system="Linux")
    probe = Probe(name=nvidia.NAME, order=nvidia.ORDER, run=nvidia.run)
    facts = gather(ctx, probes=[probe])
    if facts.driver is None or facts.driver.status is not ProbeStatus.TIMEOUT:
        pytest.skip("NVML answered on this machine, nvidia-smi was not needed")
    facts = dataclasses.replace(facts, tf=TFFacts(ProbeStatus.SKIPPED))
    report = diagnose(facts)
    assert "nvidia-smi-hung" in {f.id for f in report.findings}
    assert report.has_errors
