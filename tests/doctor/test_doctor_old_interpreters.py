"""``doctor --python`` with an old interpreter: a Python without ``importlib.metadata``
(3.6/3.7) that has no TensorFlow is "not installed", not "does not import"; a Python too old
for tfgpu's probe script (2.7) is the probe failing there, not TensorFlow's import error."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from doctor_helpers import fake_python, this_machine

from tfgpu import facts as F
from tfgpu._proc import CommandResult, run_command
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.probes import ProbeContext, tf_child

SCRIPT = str(tf_child.SCRIPT_PATH)

#: Runs the probe script as an interpreter without ``importlib.metadata`` would (Python
#: 3.6/3.7): the module is blocked, and ``-S`` leaves site-packages (TensorFlow) off the path.
NO_METADATA = ("import runpy, sys; sys.modules['importlib.metadata'] = None; "
               "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')")


def _result(stdout: str) -> dict[str, object]:
    line = next(ln for ln in stdout.splitlines() if ln.startswith(tf_child.MARK))
    data = json.loads(line[len(tf_child.MARK):])
    assert isinstance(data, dict)
    return data


def test_without_importlib_metadata_no_tensorflow_module_is_missing(tmp_path: Path) -> None:
    exe = fake_python(tmp_path, "python37", f'exec "{sys.executable}" -S -c "{NO_METADATA}" "$@"')
    res = tf_child.run(ProbeContext(runner=run_command, python_executable=exe, timeout_s=30))
    assert res.tf is not None and res.tf.status is F.ProbeStatus.MISSING, res.tf


def test_no_module_named_tensorflow_at_import_is_missing_not_an_import_error() -> None:
    out = subprocess.run([sys.executable, "-S", SCRIPT, "--tf-installed"], capture_output=True,
                         text=True, timeout=60, check=True)
    assert _result(out.stdout) == {"missing": True}


@pytest.mark.parametrize("found", [True, False, None])
def test_a_python_too_old_for_the_probe_is_the_probe_failing(found: bool | None) -> None:
    line = tf_child.MARK + json.dumps({"python_too_old": "2.7.18", "tf_found": found})
    tf = tf_child.parse(CommandResult(("py",), F.ProbeStatus.OK, 0, line + "\n", ""), 60)
    assert tf.status is F.ProbeStatus.ERROR
    assert (tf.error or "").startswith(F.host.TF_PROBE_TOO_OLD_PREFIX + "2.7.18")
    assert "3.5 or newer" in (tf.error or "")
    assert ("a tensorflow package is importable" in (tf.error or "")) is (found is True)


def _python27_host() -> F.HostFacts:
    host = this_machine()
    err = tf_child.too_old_error("2.7.18", False)
    return dataclasses.replace(
        host, python=dataclasses.replace(host.python, version="2.7.18", distributions=()),
        tf=F.TFFacts(F.ProbeStatus.ERROR, error=err, returncode=0))


def test_the_doctor_says_the_interpreter_is_too_old_not_that_tensorflow_does_not_import() -> None:
    report = diagnose(_python27_host())
    found = {f.id: f for f in report.findings}
    assert "tensorflow-import-failed" not in found
    f = found["tensorflow-probe-failed"]
    assert "Python 2.7.18" in f.title and "cannot run" in f.title
    assert "no tensorflow package is importable there" in f.cause
    assert "needs Python 3." in f.cause  # the newest GPU release's range, from the knowledge
    assert any("tfgpu doctor --python" in line for line in f.fix)
    assert report.verdict.gpu_usable is None
    assert report.verdict.headline.startswith("TensorFlow state unknown (Python 2.7.18 is too old")
    assert "does not start" not in report.verdict.headline


@pytest.mark.skipif(not Path("/root/.pyenv/versions/2.7.18/bin/python").exists(),
                    reason="no Python 2.7 interpreter on this machine")
def test_the_probe_script_answers_under_a_real_python_2_7() -> None:
    out = subprocess.run(["/root/.pyenv/versions/2.7.18/bin/python", SCRIPT, "--tf-dists=x"],
                         capture_output=True, text=True, timeout=60, check=True)
    assert _result(out.stdout)["python_too_old"] == "2.7.18"
