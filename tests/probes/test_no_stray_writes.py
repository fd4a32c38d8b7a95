"""tfgpu writes only where docs/probes.md says: never the home folder when ``HOME``
names a missing one, never the user's ``~/.keras/keras.json``; its cache goes where the
platform expects (``platformdirs``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import platformdirs
import pytest

from tfgpu._proc import scratch_env
from tfgpu.knowledge import _cache
from tfgpu.probes import tf_child

ROOT = Path(__file__).resolve().parents[2]

#: A stand-in ``tensorflow`` that does what Keras does on import: write keras.json into
#: $KERAS_HOME (default ~/.keras), and records what it found there.
FAKE_TF = '''
import json, os
home = os.environ.get("KERAS_HOME") or os.path.join(os.path.expanduser("~"), ".keras")
os.makedirs(home, exist_ok=True)
found = sorted(os.listdir(home))
with open(os.path.join(home, "keras.json"), "w") as fh:
    json.dump({"floatx": "float32"}, fh)
__version__ = "2.99.0"
class _Sys:
    @staticmethod
    def get_build_info():
        return {"keras_home": home, "found": ",".join(found)}
sysconfig = _Sys()
class config:
    @staticmethod
    def list_physical_devices():
        return []
'''


def _env(**kw: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("KERAS_HOME", "XDG_CACHE_HOME", "TFGPU_NO_CACHE")}
    env["PYTHONPATH"] = str(ROOT / "src")
    env.update(kw)
    return env


def test_the_cache_goes_where_platformdirs_says(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.delenv(_cache.NO_CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    want = Path(platformdirs.user_cache_dir("tfgpu", appauthor=False)) / "knowledge"
    assert _cache.cache_dir() == want
    assert _cache.store("t", b"x", {"a": 1})
    assert (want / _cache.entry_name("t", b"x")).is_file()
    if os.name == "posix":
        assert (want.stat().st_mode & 0o777) == 0o700


def test_a_missing_home_is_never_created_by_the_cache(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    home = tmp_path / "gone" / "home"
    monkeypatch.delenv(_cache.NO_CACHE_ENV, raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    monkeypatch.setenv("HOME", str(home))
    assert not _cache.store("t", b"x", {"a": 1})
    assert _cache.load("t", b"x") is None
    assert not (tmp_path / "gone").exists()


def test_doctor_with_a_missing_home_creates_nothing(tmp_path: Path) -> None:
    home = tmp_path / "gone" / "home"
    proc = subprocess.run([sys.executable, "-m", "tfgpu", "doctor", "--no-tf"],
                          capture_output=True, text=True, env=_env(HOME=str(home)),
                          cwd=tmp_path, timeout=120)
    assert proc.returncode in (0, 1), proc.stderr
    assert not (tmp_path / "gone").exists()


def _run_child(tmp_path: Path, home: Path, keras_home: str | None = None) -> dict[str, str]:
    fake = tmp_path / "fake"
    (fake / "tensorflow").mkdir(parents=True, exist_ok=True)
    (fake / "tensorflow" / "__init__.py").write_text(FAKE_TF, encoding="utf-8")
    env = _env(HOME=str(home), PYTHONPATH=str(fake))
    if keras_home:
        env["KERAS_HOME"] = keras_home
    out = subprocess.run([sys.executable, str(tf_child.SCRIPT_PATH), "--tf-installed"],
                         capture_output=True, text=True, env=env, timeout=60).stdout
    line = next(ln for ln in out.splitlines() if ln.startswith(tf_child.MARK))
    data: dict[str, str] = json.loads(line[len(tf_child.MARK):])["build_info"]
    return data


def test_the_tensorflow_child_does_not_write_the_users_keras_json(tmp_path: Path) -> None:
    home = tmp_path / "home"
    (home / ".keras").mkdir(parents=True)
    (home / ".keras" / "keras.json").write_text('{"backend": "tensorflow"}', encoding="utf-8")
    before = (home / ".keras" / "keras.json").read_text(encoding="utf-8")
    info = _run_child(tmp_path, home)
    # Keras saw a scratch folder holding a copy of the user's settings...
    assert info["found"] == "keras.json" and not info["keras_home"].startswith(str(home))
    # ...which is gone, and the user's file is untouched.
    assert not Path(info["keras_home"]).exists()
    assert (home / ".keras" / "keras.json").read_text(encoding="utf-8") == before


def test_the_tensorflow_child_creates_no_keras_folder_nor_a_missing_home(
        tmp_path: Path) -> None:
    info = _run_child(tmp_path, tmp_path / "home")  # exists? no: missing
    assert info["found"] == ""
    assert not (tmp_path / "home").exists()
    (tmp_path / "home").mkdir()
    _run_child(tmp_path, tmp_path / "home")
    assert list((tmp_path / "home").iterdir()) == []


def test_scratch_env_for_other_tensorflow_children(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / "kh"
    user.mkdir()
    (user / "keras.json").write_text("{}", encoding="utf-8")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setenv("HOME", str(tmp_path / "missing"))
    env = scratch_env({"KERAS_HOME": str(user), "X": "1"}, str(scratch))
    assert env["KERAS_HOME"] == str(scratch) and env["X"] == "1"
    assert (scratch / "keras.json").read_text(encoding="utf-8") == "{}"
    assert env["MPLCONFIGDIR"].startswith(str(scratch))
    assert env["CUDA_CACHE_PATH"].startswith(str(scratch))


@pytest.mark.tf
def test_the_real_tensorflow_probe_writes_nothing_in_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    code = textwrap.dedent("""
        from tfgpu.probes import tf_child
        from tfgpu.probes import ProbeContext
        import sys
        res = tf_child.run(ProbeContext(timeout_s=240))
        print(res.tf.status.value if res.tf else None)
        """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=_env(HOME=str(home)), cwd=tmp_path, timeout=300)
    assert out.stdout.strip() in ("ok", "missing", "error"), out.stderr
    assert not (home / ".keras").exists()


# --- issue 11 (harden3): the benchmark's TensorFlow children too ------------------------

def test_the_benchmark_children_do_not_write_the_users_keras_json(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # `tfgpu bench` created ~/.keras/keras.json (its children import Keras): they now get
    # the same scratch KERAS_HOME as the doctor's and verify's TensorFlow child.
    from tfgpu.bench.data import DataSource
    from tfgpu.bench.runner import BenchConfig, run_bench

    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("KERAS_HOME", raising=False)
    fake = tmp_path / "python"
    # What Keras does on import: create $KERAS_HOME (default ~/.keras) and keras.json.
    fake.write_text('#!/bin/sh\nk="${KERAS_HOME:-$HOME/.keras}"\nmkdir -p "$k"\n'
                    'echo "{}" > "$k/keras.json"\necho "$k" > "$HOME/../seen"\n',
                    encoding="utf-8")
    fake.chmod(0o755)
    cfg = BenchConfig(source=DataSource("synthetic", "synthetic", (), "--synthetic"),
                      devices=("cpu",), repeat=1, epochs=1, timeout_s=30,
                      python_executable=str(fake))
    run_bench(cfg, workdir=tmp_path / "work")
    seen = (tmp_path / "seen").read_text(encoding="utf-8").strip()
    assert seen == str(tmp_path / "work" / "keras-home")  # the child ran, with scratch
    assert not (home / ".keras").exists()
