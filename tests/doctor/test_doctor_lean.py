"""Regression guards for the speed of ``tfgpu doctor --no-tf``, without timing anything.

The doctor's time is mostly imports (``docs/doctor.md``, "Speed").  These tests check
*what* a run imports, in a fresh interpreter, so a change that drags a heavy module back
into the normal path fails here whatever the machine's load: TensorFlow, ``pynvml`` on a
host without the NVML library, the TOML parser once the knowledge cache is warm,
``importlib.metadata`` and its e-mail parser, ``packaging.tags`` (and ``logging``), the
ElementTree XML parser, and the fixture recorder/replayer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.probes import nvidia

SRC = Path(__file__).resolve().parent.parent.parent / "src"

#: Never imported by ``tfgpu doctor --no-tf`` (whatever the host).
NEVER = (
    "tensorflow",
    "importlib.metadata",
    "email.message",
    "packaging.tags",
    "packaging.utils",
    "xml.etree.ElementTree",
    "tfgpu.capture.replay",
    "tfgpu.capture",
)

_RUN = (
    "import atexit, json, sys, runpy\n"
    "atexit.register(lambda: print('MODULES=' + json.dumps(sorted(sys.modules))))\n"
    "sys.argv = ['tfgpu', 'doctor', '--no-tf']\n"
    "runpy.run_module('tfgpu', run_name='__main__')\n"
)


def _modules_of_a_doctor_run(cache_home: Path) -> tuple[set[str], str]:
    env = dict(os.environ, PYTHONPATH=str(SRC), NO_COLOR="1", XDG_CACHE_HOME=str(cache_home))
    env.pop("TFGPU_NO_CACHE", None)
    res = subprocess.run([sys.executable, "-c", _RUN], capture_output=True, text=True,
                         env=env, timeout=120)
    assert res.returncode in (0, 1), res.stderr
    assert "Traceback" not in res.stderr, res.stderr
    line = next(x for x in res.stdout.splitlines() if x.startswith("MODULES="))
    return set(json.loads(line[len("MODULES="):])), res.stdout


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], set[str], str]:
    """Modules of a cold run (empty cache) and of the warm run after it, and its output."""
    cache = tmp_path_factory.mktemp("cache")
    cold, _out = _modules_of_a_doctor_run(cache)
    warm, out = _modules_of_a_doctor_run(cache)
    return cold, warm, out


def test_the_run_is_a_real_diagnosis(runs: tuple[set[str], set[str], str]) -> None:
    _cold, warm, out = runs
    assert "TensorFlow itself was not checked (--no-tf)" in out or "looks ready" in out
    # The probes, rules, knowledge and renderer really ran.
    for name in ("tfgpu.probes.libs", "tfgpu.probes.python_env", "tfgpu.diagnosis.checks.versions",
                 "tfgpu.knowledge._knowledge", "tfgpu.report.text"):
        assert name in warm


@pytest.mark.parametrize("module", NEVER)
def test_doctor_no_tf_does_not_import(module: str, runs: tuple[set[str], set[str], str]) -> None:
    cold, warm, _out = runs
    assert module not in cold
    assert module not in warm


def test_warm_knowledge_cache_skips_the_toml_parser(
        runs: tuple[set[str], set[str], str]) -> None:
    cold, warm, _out = runs
    assert "tomllib" in cold  # the first run parses the data files and fills the cache
    assert "tomllib" not in warm


@pytest.mark.skipif(nvidia.nvml_library_error(__import__("platform").system()) is None,
                    reason="this host has the NVML library: pynvml is rightly imported")
def test_no_pynvml_import_on_a_host_without_the_nvml_library(
        runs: tuple[set[str], set[str], str]) -> None:
    cold, warm, out = runs
    assert "pynvml" not in cold and "pynvml" not in warm
    assert "NVML Shared Library Not Found" in out or "nvml" not in out.lower()
