"""Regression guards for the speed of ``tfgpu doctor --no-tf``, without timing anything.

The doctor's time is mostly imports (``docs/doctor.md``, "Speed").  These tests check
*what* a run imports, in a fresh interpreter, so a change that drags a heavy module back
into the normal path fails here whatever the machine's load: TensorFlow, ``pynvml`` on a
host without the NVML library, the TOML parser once the knowledge cache is warm,
``importlib.metadata`` and its e-mail parser, ``packaging.tags`` (and ``logging``), the
ElementTree XML parser, and the fixture recorder/replayer; ``rich`` (text without colour
and ``--json`` print without it), the log pattern catalogue (no log is read with
``--no-tf``: compiling its regular expressions costs milliseconds), and what the knowledge
cache's path once pulled in (``platformdirs``, ``hashlib``, ``pathlib``...).  Both the text
and the ``--json`` output are checked.
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

#: Never imported by ``tfgpu doctor --no-tf`` (whatever the host), text or ``--json``.
NEVER = (
    "tensorflow",
    "numpy",
    "torch",
    "jax",
    "importlib.metadata",
    "importlib.resources",
    "email.message",
    "packaging.tags",
    "packaging.utils",
    "packaging.specifiers",
    "xml.etree.ElementTree",
    "tfgpu.capture.replay",
    "tfgpu.capture",
    # output: plain text and JSON are written without rich (~25 ms of imports)
    "rich",
    "rich.console",
    "jinja2",
    "jsonschema",
    "yaml",
    # no log to read: the message catalogue and its regular expressions stay unloaded
    "tfgpu.logs",
    "tfgpu.logs.patterns",
    "tfgpu.explain",
    # the knowledge cache: no cryptographic hash, no pathlib (urllib.parse, ipaddress),
    # no tempfile/shutil/random on a hit
    "hashlib",
    "pathlib",
    "urllib.parse",
    "ipaddress",
    "tempfile",
    "shutil",
    "random",
    "logging",
    "zipfile",
    "asyncio",
    "ssl",
    "socket",
)
#: Never imported where platformdirs would follow the XDG spec (Linux): tfgpu names the
#: cache folder itself there (``tfgpu.knowledge._cache``).
NEVER_ON_XDG = ("platformdirs",)

_RUN = (
    "import atexit, json, sys, runpy\n"
    "atexit.register(lambda: sys.stderr.write('MODULES=' + json.dumps(sorted(sys.modules))"
    " + '\\n'))\n"
    "sys.argv = ['tfgpu', 'doctor', '--no-tf'] + sys.argv[1:]\n"
    "runpy.run_module('tfgpu', run_name='__main__')\n"
)


def _modules_of_a_doctor_run(cache_home: Path, *args: str) -> tuple[set[str], str]:
    env = dict(os.environ, PYTHONPATH=str(SRC), NO_COLOR="1", XDG_CACHE_HOME=str(cache_home))
    env.pop("TFGPU_NO_CACHE", None)
    res = subprocess.run([sys.executable, "-c", _RUN, *args], capture_output=True, text=True,
                         env=env, timeout=120)
    assert res.returncode in (0, 1), res.stderr
    assert "Traceback" not in res.stderr, res.stderr
    line = next(x for x in res.stderr.splitlines() if x.startswith("MODULES="))
    return set(json.loads(line[len("MODULES="):])), res.stdout


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], set[str], str]:
    """Modules of a cold run (empty cache) and of the warm run after it, and its output."""
    cache = tmp_path_factory.mktemp("cache")
    cold, _out = _modules_of_a_doctor_run(cache)
    warm, out = _modules_of_a_doctor_run(cache)
    return cold, warm, out


@pytest.fixture(scope="module")
def json_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[set[str], str]:
    """Modules of a warm ``--json`` run, and its output."""
    cache = tmp_path_factory.mktemp("cache-json")
    _modules_of_a_doctor_run(cache, "--json")
    return _modules_of_a_doctor_run(cache, "--json")


def test_the_run_is_a_real_diagnosis(runs: tuple[set[str], set[str], str]) -> None:
    _cold, warm, out = runs
    assert "TensorFlow itself was not checked (--no-tf)" in out or "looks ready" in out
    # The probes, rules, knowledge and renderer really ran.
    for name in ("tfgpu.probes.libs", "tfgpu.probes.python_env", "tfgpu.diagnosis.checks.versions",
                 "tfgpu.knowledge._knowledge", "tfgpu.report.text"):
        assert name in warm


@pytest.mark.parametrize("module", NEVER)
def test_doctor_no_tf_does_not_import(module: str, runs: tuple[set[str], set[str], str],
                                      json_run: tuple[set[str], str]) -> None:
    cold, warm, _out = runs
    assert module not in warm
    assert module not in json_run[0]
    if module not in ("tempfile", "shutil", "random", "pathlib", "urllib.parse",
                      "ipaddress"):  # the first run writes the cache: a miss may need them
        assert module not in cold


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="platformdirs names it there")
@pytest.mark.parametrize("module", NEVER_ON_XDG)
def test_doctor_no_tf_names_the_cache_folder_itself(
        module: str, runs: tuple[set[str], set[str], str],
        json_run: tuple[set[str], str]) -> None:
    assert module not in runs[1]
    assert module not in json_run[0]


def test_the_json_run_is_a_real_diagnosis(json_run: tuple[set[str], str]) -> None:
    modules, out = json_run
    doc = json.loads(out)
    assert doc["facts"]["tf"]["status"] == "skipped" and doc["findings"] is not None
    for name in ("tfgpu.probes.libs", "tfgpu.diagnosis.checks.versions",
                 "tfgpu.knowledge._knowledge", "tfgpu.report.json_report"):
        assert name in modules
    assert "tfgpu.report.text" not in modules


def test_main_leaves_the_garbage_collector_as_it_found_it() -> None:
    """``main`` collects less often while a command runs (``GC_YOUNG_THRESHOLD``) and
    restores the caller's thresholds; only the program's ``entry`` freezes objects."""
    import gc

    from tfgpu.cli.main import main

    before = gc.get_threshold()
    frozen = gc.get_freeze_count()
    assert main(["--version"]) == 0
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen


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
