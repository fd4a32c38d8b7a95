"""``./dev doctor`` says what it is doing while it installs (issue 12): the steps and pip's
own output go to stderr, stdout keeps only tfgpu's output.  Run with a fake interpreter
(no network, no install): it records the pip commands and prints what pip would."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FAKE_PY = """#!/bin/sh
# fake python: `-m venv DIR` makes DIR/bin/{python,tfgpu}; `-m pip ...` logs and prints
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  mkdir -p "$3/bin"
  cp "$0" "$3/bin/python"
  printf '#!/bin/sh\\necho "tfgpu output: $*"\\n' > "$3/bin/tfgpu"
  chmod +x "$3/bin/python" "$3/bin/tfgpu"
  exit 0
fi
echo "$*" >> "$(dirname "$0")/pip-calls.txt"
echo "Collecting tensorflow (fake pip on stdout)"
"""


def _dev(tmp_path: Path, *args: str, spec: str = "tensorflow"
         ) -> subprocess.CompletedProcess[str]:
    py = tmp_path / "python3"
    py.write_text(FAKE_PY)
    py.chmod(0o755)
    env = {**os.environ, "PYTHON": str(py), "TFGPU_VENV": str(tmp_path / "venv"),
           "TFGPU_TF_SPEC": spec}
    return subprocess.run([str(ROOT / "dev"), *args], capture_output=True, text=True,
                          env=env, timeout=60, cwd=tmp_path)


def test_dev_doctor_shows_its_install_steps_and_pips_output(tmp_path: Path) -> None:
    out = _dev(tmp_path, "doctor", "--json")
    assert out.returncode == 0, out.stderr
    assert out.stdout == "tfgpu output: doctor --json\n"  # stdout stays tfgpu's alone
    err = out.stderr
    for words in ("creating the virtual environment", "installing tfgpu[tf] and tensorflow",
                  "step 1/2: upgrading pip", "step 2/2: pip install -e .[tf] tensorflow",
                  "Collecting tensorflow (fake pip on stdout)", "setup done"):
        assert words in err, words
    calls = (tmp_path / "venv" / "bin" / "pip-calls.txt").read_text().splitlines()
    assert len(calls) == 2
    assert all(" -q" not in c for c in calls)  # pip is not silenced
    assert all("--progress-bar off" in c for c in calls)  # not a terminal here
    # second run: already set up, nothing to say
    again = _dev(tmp_path, "doctor")
    assert again.stderr == "" and again.stdout == "tfgpu output: doctor\n"


def test_another_tensorflow_spec_installs_again_and_says_so(tmp_path: Path) -> None:
    assert _dev(tmp_path, "doctor").returncode == 0
    other = _dev(tmp_path, "doctor", spec="tensorflow==2.15.1")
    assert other.returncode == 0, other.stderr
    assert "TFGPU_TF_SPEC=tensorflow==2.15.1 differs" in other.stderr
    calls = (tmp_path / "venv" / "bin" / "pip-calls.txt").read_text().splitlines()
    assert calls[-1].endswith("tensorflow==2.15.1")
    same = _dev(tmp_path, "doctor", spec="tensorflow==2.15.1")
    assert same.stderr == ""  # the stamp now holds that requirement
    back = _dev(tmp_path, "doctor", spec="")  # unset: back to the default requirement
    assert "TFGPU_TF_SPEC is unset now: installing tensorflow" in back.stderr, back.stderr
    # with --upgrade: pip would otherwise keep 2.15.1, which "tensorflow" also allows
    calls = (tmp_path / "venv" / "bin" / "pip-calls.txt").read_text().splitlines()
    assert "--upgrade" in calls[-1] and calls[-1].endswith(" tensorflow"), calls[-1]
