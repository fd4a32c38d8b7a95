"""A ``tfgpu doctor --no-tf`` run without a log builds only the knowledge tables it queries.

Guards the lazy per-table load (``docs/knowledge.md``) without timing anything: building
the 350 ``status_codes`` rows, or the GPU-name table, on every run was measurable CPU
(``docs/doctor.md``, "Speed").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent.parent / "src"

_RUN = (
    "import atexit, json, runpy, sys\n"
    "def _report():\n"
    "    from tfgpu.knowledge import load_knowledge\n"
    "    print('LOADED=' + json.dumps(load_knowledge().loaded))\n"
    "atexit.register(_report)\n"
    "sys.argv = ['tfgpu', 'doctor', '--no-tf', '--json']\n"
    "runpy.run_module('tfgpu', run_name='__main__')\n"
)


def test_a_doctor_run_without_a_log_skips_the_tables_it_does_not_query(
    tmp_path: Path,
) -> None:
    env = dict(os.environ, PYTHONPATH=str(SRC), NO_COLOR="1", XDG_CACHE_HOME=str(tmp_path))
    res = subprocess.run([sys.executable, "-c", _RUN], capture_output=True, text=True,
                         env=env, timeout=120)
    assert res.returncode in (0, 1), res.stderr
    line = next(x for x in res.stdout.splitlines() if x.startswith("LOADED="))
    loaded = set(json.loads(line[len("LOADED="):]))
    assert "tf_tested_configs" in loaded  # the run did query the knowledge
    assert not loaded & {"status_codes", "cuda_arch", "tf_dtypes"}, loaded
