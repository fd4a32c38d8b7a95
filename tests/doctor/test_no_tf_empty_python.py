"""``doctor --no-tf --python <venv without TensorFlow>`` says TensorFlow is not installed
(issue 11: it said "GPU 0 ... looks ready" with no finding, because a fresh venv lists
none of the distributions tfgpu reads and an empty list was taken as unknown)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from doctor_helpers import gpu_host

from tfgpu import facts as F
from tfgpu.diagnosis.doctor import diagnose

ROOT = Path(__file__).resolve().parents[2]
PY_RECORD = F.ProbeRecord("python", F.ProbeStatus.OK, ("/venv/bin/python",))
EMPTY = F.PythonFacts(version="3.11.7", executable="/venv/bin/python", virtualenv="/venv")


def _ids(report: object) -> set[str]:
    return {f.id for f in report.findings}  # type: ignore[attr-defined]


def test_a_probed_empty_environment_has_no_tensorflow() -> None:
    facts = gpu_host(python=EMPTY, tf=F.TFFacts(F.ProbeStatus.SKIPPED),
                     probes=(PY_RECORD,))
    report = diagnose(facts)
    assert "tensorflow-not-installed" in _ids(report)
    assert report.verdict.headline.startswith("TensorFlow is not installed: 1 problem")
    assert "looks ready" not in report.verdict.headline


def test_an_unprobed_empty_distribution_list_stays_unknown() -> None:
    # A hand-written snapshot without the python probe's record: nothing is known about
    # the packages, so nothing is claimed.
    facts = gpu_host(python=EMPTY, tf=F.TFFacts(F.ProbeStatus.SKIPPED), probes=())
    report = diagnose(facts)
    assert "tensorflow-not-installed" not in _ids(report)
    # nor "ready": no library search ran either (tests/rules/test_no_false_green_windows.py)
    assert "readiness unknown" in report.verdict.headline
    assert report.verdict.gpu_usable is None


def test_doctor_no_tf_on_a_real_empty_venv(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True,
                   timeout=60)
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    proc = subprocess.run([sys.executable, "-m", "tfgpu", "doctor", "--no-tf", "--json",
                           "--python", str(py)], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 1, proc.stderr
    doc = json.loads(proc.stdout)
    assert "tensorflow-not-installed" in {f["id"] for f in doc["findings"]}
