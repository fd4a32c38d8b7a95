"""``tfgpu verify`` on an externally-managed system Python (PEP 668: pip refuses to
install there) gives the doctor's fix, a virtual environment, never a pip install into
that interpreter; the child reports the flag by the python probe's rule."""

from __future__ import annotations

import json
import subprocess
import sys

from tfgpu._proc import CommandResult
from tfgpu.facts import ProbeStatus
from tfgpu.probes import python_env
from tfgpu.verify import CHILD_SCRIPT, interpret_child


def _fix(managed: bool | None) -> tuple[str, ...]:
    payload = {"tfgpu_verify": 1, "status": "import-error",
               "error": "ModuleNotFoundError: No module named 'numpy'"}
    if managed is not None:
        payload["externally_managed"] = managed
    res = CommandResult(("/usr/bin/python3",), ProbeStatus.OK, 0, json.dumps(payload) + "\n", "")
    r = interpret_child(res, "/usr/bin/python3", cpu_ok=True)
    own = next(f for f in r.findings if f.id == "verify-tensorflow-import-failed")
    return own.fix


def test_externally_managed_python_gets_a_venv_not_a_pip_install_into_it() -> None:
    fix = _fix(True)
    assert fix[0].split("   #")[0] == ("/usr/bin/python3 -m venv ~/tf && ~/tf/bin/python -m pip "
                                     "install tensorflow")
    assert not any(line.startswith("/usr/bin/python3 -m pip install") for line in fix)
    # an ordinary interpreter keeps the direct install
    assert _fix(False)[0] == _fix(None)[0] == "/usr/bin/python3 -m pip install tensorflow"


def test_child_flag_follows_the_python_probes_rule() -> None:
    ns: dict[str, object] = {}
    exec(compile(CHILD_SCRIPT.read_text(), str(CHILD_SCRIPT), "exec"), ns)
    managed = ns["_externally_managed"]
    probe = subprocess.run([sys.executable, "-c", python_env.SCRIPT], capture_output=True,
                           text=True, timeout=120, check=True)
    assert callable(managed)
    assert managed() is json.loads(probe.stdout)["externally_managed"]
