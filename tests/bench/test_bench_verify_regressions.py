"""Regression tests for the fresh-eyes review of ``tfgpu bench`` / ``tfgpu verify``.

Each test is named after the defect it reproduces; the numbers are the review's.
Real recorded outputs live in tests/fixtures/verify-recordings (see its README.md); small
data sets are generated here.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from rich.console import Console

from proc_helpers import pid_alive as _pid_alive
from proc_helpers import wait_dead
from tfgpu._proc import CommandResult
from tfgpu.bench import data as bench_data
from tfgpu.bench import runner as bench_runner
from tfgpu.bench.data import DataError, DataSource, load, resolve_source
from tfgpu.bench.runner import BenchConfig, ChildOutcome, summarise
from tfgpu.cli.cmd_bench import output_path_problem
from tfgpu.cli.main import main
from tfgpu.explain import explain_lines
from tfgpu.facts import ProbeStatus
from tfgpu.report.tables import render_bench_tables as render_tables
from tfgpu.verify import alloc_too_large, interpret_child, split_phases

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures" / "verify-recordings"
SYN = DataSource("synthetic", "synthetic", (), "--synthetic")

sys.path.insert(0, str(Path(__file__).parent))
from test_bench_runner import outcome  # noqa: E402


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    return rc, out.getvalue(), err.getvalue()


@pytest.fixture
def no_children(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail the test if bench would start a TensorFlow child."""

    def refuse(*_a: Any, **_k: Any) -> Any:
        raise AssertionError("a benchmark child was started")

    monkeypatch.setattr(bench_runner, "run_bench", refuse)


def _npz(path: Path, **override: Any) -> Path:
    rng = np.random.default_rng(0)
    arrays: dict[str, Any] = {
        "x_train": rng.integers(0, 256, (8, 28, 28)).astype(np.uint8),
        "y_train": np.arange(8, dtype=np.uint8) % 10,
        "x_test": rng.integers(0, 256, (3, 28, 28)).astype(np.uint8),
        "y_test": np.array([1, 2, 3], np.uint8),
    }
    arrays.update(override)
    np.savez(path, **{k: v for k, v in arrays.items() if v is not None})
    return path


# --- 1: Ctrl-C leaves orphan children -------------------------------------------------------


def _interrupt_parent(tmp_path: Path, call: str, trap_term: bool) -> tuple[int, int, float]:
    """Run ``call`` in a parent Python with a fake interpreter that records its pid and
    sleeps; send the parent SIGINT (Ctrl-C); return (parent rc, child pid, seconds)."""
    pid_file = tmp_path / "child.pid"
    fake = tmp_path / "fakepy"
    trap = "trap '' TERM\n" if trap_term else ""
    fake.write_text(f"#!/bin/sh\n{trap}echo $$ > {pid_file}\nsleep 60\n")
    fake.chmod(0o755)
    code = textwrap.dedent(
        f"""
        import sys
        sys.path.insert(0, {str(ROOT / "src")!r})
        from tfgpu.bench.runner import run_child
        from tfgpu.verify import run_verify
        {call}
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", code.replace("FAKE", repr(str(fake)))])
    deadline = time.monotonic() + 30
    while not pid_file.exists() or not pid_file.read_text().strip():
        assert time.monotonic() < deadline, "the fake child never started"
        time.sleep(0.05)
    child = int(pid_file.read_text())
    assert _pid_alive(child)
    t0 = time.monotonic()
    parent.send_signal(signal.SIGINT)
    rc = parent.wait(timeout=30)
    return rc, child, time.monotonic() - t0


@pytest.mark.parametrize(
    "call",
    [
        "run_child(FAKE, {'device': 'cpu'}, 120)",
        "run_verify(FAKE, timeout_s=120)",
    ],
    ids=["bench-child", "verify-child"],
)
def test_ctrl_c_stops_the_child_process_group(tmp_path: Path, call: str) -> None:
    rc, child, _ = _interrupt_parent(tmp_path, call, trap_term=False)
    assert rc != 0  # KeyboardInterrupt reached the parent
    assert wait_dead(child, 2.0), f"child {child} outlived its interrupted parent"


def test_ctrl_c_kills_a_child_that_ignores_sigterm_after_the_grace(tmp_path: Path) -> None:
    rc, child, took_s = _interrupt_parent(
        tmp_path, "run_child(FAKE, {'device': 'cpu'}, 120)", trap_term=True
    )
    assert rc != 0
    assert wait_dead(child, 2.0)  # killed; init reaps it a moment later
    assert took_s >= bench_runner.KILL_GRACE_S * 0.8  # SIGTERM first, SIGKILL after


# --- 2, 3: data validated in the parent, exit 2 ---------------------------------------------


@pytest.mark.parametrize(
    ("override", "message"),
    [
        (
            {"x_train": np.zeros((4, 784), np.uint8), "y_train": np.zeros(4, np.uint8)},
            "[n, 28, 28]",
        ),
        ({"y_train": np.full(8, 12, np.uint8)}, "labels must be in 0..9"),
        ({"y_test": np.array([1, 2], np.uint8)}, "3 images but labels of shape [2]"),
        (
            {"x_train": np.zeros((0, 28, 28), np.uint8), "y_train": np.zeros(0, np.uint8)},
            "no images",
        ),
        ({"x_test": None}, "missing ['x_test']"),
        ({"y_train": np.array(["a"] * 8, dtype=object)}, "Python objects"),
    ],
    ids=["shape", "label-range", "count-mismatch", "empty", "missing-key", "object-array"],
)
def test_bad_data_is_a_usage_error_before_any_child(
    tmp_path: Path, no_children: None, override: dict[str, Any], message: str
) -> None:
    p = _npz(tmp_path / "d.npz", **override)
    rc, _, err = _cli(["bench", "--data", str(p)])
    assert rc == 2
    assert message in err
    assert "Traceback" not in err


def test_images_already_scaled_to_0_1_are_refused(tmp_path: Path, no_children: None) -> None:
    rng = np.random.default_rng(1)
    x = (rng.integers(0, 256, (8, 28, 28)) / 255.0).astype(np.float32)
    p = _npz(tmp_path / "float.npz", x_train=x)
    rc, _, err = _cli(["bench", "--data", str(p)])
    assert rc == 2
    assert "whole numbers 0..255" in err and "already scaled to 0..1" in err


def test_integral_float_images_are_accepted(tmp_path: Path) -> None:
    rng = np.random.default_rng(2)
    x = rng.integers(0, 256, (8, 28, 28)).astype(np.float64)
    ds = load(resolve_source(str(_npz(tmp_path / "f.npz", x_train=x))))
    assert ds.x_train.dtype == np.uint8 and np.array_equal(ds.x_train, x.astype(np.uint8))


# --- 4: a CPU OOM is host memory, and verify refuses an impossible buffer -------------------


def test_cpu_oom_is_explained_as_host_memory_from_the_real_log() -> None:
    stdout = (FIX / "verify-cpu-oom.stdout.json").read_text()
    stderr = (FIX / "verify-cpu-oom.stderr.txt").read_text()
    r = interpret_child(CommandResult(("py",), ProbeStatus.OK, 0, stdout, stderr), "py", True)
    ids = [f.id for f in r.findings]
    assert "host-out-of-memory-tensor" in ids
    assert "gpu-out-of-memory-tensor" not in ids
    host = next(f for f in r.findings if f.id == "host-out-of-memory-tensor")
    assert "GPU" not in host.title and "device:CPU:0" in host.cause
    assert any("free -m" in fx for fx in host.fix)
    assert not any("nvidia-smi" in fx for fx in host.fix)


def test_gpu_oom_is_still_gpu_memory() -> None:
    line = (
        "OOM when allocating tensor with shape[1024,1024] and type float on "
        "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc"
    )
    ids = [f.id for f in explain_lines([line])]
    assert "gpu-out-of-memory-tensor" in ids and "host-out-of-memory-tensor" not in ids


def test_alloc_limits() -> None:
    assert alloc_too_large(64, False, 16_000, []) is None
    assert "physical memory (16,000 MiB)" in (alloc_too_large(20_000, False, 16_000, []) or "")
    # GPU total known: the GPU limits; RAM only when CPU:0 is checked too
    assert "GPU 0's total memory (81,559 MiB" in (
        alloc_too_large(90_000, False, 16_000, [(0, 81_559)]) or ""
    )
    assert alloc_too_large(40_000, False, 16_000, [(0, 81_559)]) is None
    assert alloc_too_large(40_000, True, 16_000, [(0, 81_559)]) is not None


def test_verify_refuses_more_than_physical_memory_up_front() -> None:
    rc, out, err = _cli(["verify", "--alloc-mib", "100000000"])
    assert rc == 2 and "exceeds this host's physical memory" in err and out == ""


# --- 5: output paths ------------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--plot", "--save-json"])
def test_unwritable_output_is_refused_before_the_run(
    tmp_path: Path, no_children: None, flag: str
) -> None:
    rc, _, err = _cli(["bench", "--synthetic", flag, str(tmp_path / "nodir" / "x.png")])
    assert rc == 2 and "does not exist" in err
    assert output_path_problem(str(tmp_path)) == "is a directory"
    assert output_path_problem(str(tmp_path / "ok.json")) is None


def _fake_run(
    monkeypatch: pytest.MonkeyPatch, outcomes: list[ChildOutcome], events: list[dict[str, Any]]
) -> None:
    def fake(cfg: BenchConfig, on_event: Any = None, workdir: Any = None) -> list[ChildOutcome]:
        for e in events:
            on_event(e)
        return outcomes

    monkeypatch.setattr(bench_runner, "run_bench", fake)


def test_a_write_failing_at_the_end_is_not_success(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_run(monkeypatch, [outcome("cpu", [10.0], [2.0])], [])
    import tfgpu.bench.plot as plot

    def broken(doc: Any, path: Any) -> Any:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(plot, "plot_times", broken)
    rc, _, err = _cli(["bench", "--synthetic", "--plot", str(tmp_path / "x.png")])
    assert rc == 1 and "No space left on device" in err


# --- 6: rich markup never eats user or child text -------------------------------------------


def test_brackets_in_child_messages_are_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    msg = "training set: images must be [n, 28, 28], got [60000, 784] [red]x[/red]"
    _fake_run(
        monkeypatch,
        [ChildOutcome("cpu", [{"event": "error", "device": "cpu", "message": msg}], 1)],
        [{"event": "error", "device": "cpu", "message": msg}],
    )
    rc, out, err = _cli(["bench", "--synthetic", "--devices", "cpu"])
    assert rc == 1
    assert f"cpu: {msg}" in err
    assert "[n, 28, 28]" in out


# --- 7: TensorBoard timings are labelled ----------------------------------------------------


def test_tensorboard_runs_are_labelled_in_table_speedups_and_json() -> None:
    oc = outcome("cpu", [10.0], [2.0])
    for e in oc.events:
        if e.get("event") == "run":
            e["tensorboard"] = True
    doc, _ = summarise(BenchConfig(source=SYN), [oc], (0.1,), (0.2,), 20.0)
    assert doc["timings_include_tensorboard"] is True
    assert doc["speedup"]["note"] == bench_runner.TENSORBOARD_NOTE
    buf = io.StringIO()
    render_tables(doc, Console(file=buf, width=300, markup=False))
    text = buf.getvalue()
    assert "Training, warm-up excluded [SYNTHETIC DATA] (with TensorBoard logging" in text
    assert "tuned over guide on cpu: 5.00x faster" in text
    speed = next(ln for ln in text.splitlines() if ln.startswith("tuned over guide"))
    assert "timings include logging overhead" in speed
    plain, _ = summarise(BenchConfig(source=SYN), [outcome("cpu", [10.0], [2.0])], (0,), (0,), 1)
    assert plain["timings_include_tensorboard"] is False and "note" not in plain["speedup"]


# --- 8: missing --python is a not-found result, with JSON -----------------------------------


def test_verify_missing_python_json_is_not_found_exit_1() -> None:
    rc, out, _ = _cli(["verify", "--python", "/nonexistent/python", "--json"])
    assert rc == 1
    doc = json.loads(out)
    assert doc["verify"]["outcome"] == "not-found"
    assert [f["id"] for f in doc["findings"]] == ["verify-python-not-found"]


# --- 9: crash/hang causes and phases; unknown fault value -----------------------------------


def _markers(*phases: str) -> str:
    return "".join(f"tfgpu-verify-phase: {p}\n" for p in phases)


def test_sigill_while_importing_tensorflow_names_the_cause() -> None:
    stderr = _markers("import-numpy", "import-tensorflow") + "Illegal instruction (core dumped)\n"
    r = interpret_child(CommandResult(("py",), ProbeStatus.ERROR, -4, "", stderr), "py", False)
    assert r.outcome == "crash" and r.phase == "import-tensorflow"
    assert "killed by signal 4 (SIGILL) while importing TensorFlow" in r.headline
    (own,) = [f for f in r.findings if f.id == "verify-tensorflow-import-crashed"]
    assert "AVX" in own.cause and "Illegal instruction (core dumped)" in own.cause
    assert "tfgpu-verify-phase" not in "\n".join(r.stderr_tail)


def test_a_crashed_import_reinstalls_the_release_installed_not_the_newest() -> None:
    from tfgpu.facts import Distribution, HostFacts, OSFacts, PythonFacts

    facts = HostFacts(os=OSFacts(system="Linux"), python=PythonFacts(
        version="3.11.7", executable="/v/bin/python",
        distributions=(Distribution("tensorflow", "2.15.0"),)))
    stderr = _markers("import-numpy", "import-tensorflow") + "Illegal instruction (core dumped)\n"
    res = CommandResult(("py",), ProbeStatus.ERROR, -4, "", stderr)
    (own,) = [f for f in interpret_child(res, "py", False, facts=facts).findings
              if f.id == "verify-tensorflow-import-crashed"]
    assert any('--force-reinstall --no-deps "tensorflow==2.15.0"' in x for x in own.fix), own.fix
    (bare,) = [f for f in interpret_child(res, "py", False).findings
               if f.id == "verify-tensorflow-import-crashed"]
    assert any("pip show tensorflow   # its Version" in x for x in bare.fix), bare.fix
    # Windows: the tensorflow metapackage's files are tensorflow-intel's: both are named
    win = HostFacts(os=OSFacts(system="Windows"), python=PythonFacts(
        version="3.10.11", executable="C:\\v\\python.exe",
        distributions=(Distribution("tensorflow", "2.15.0"),
                       Distribution("tensorflow-intel", "2.15.0"))))
    (both,) = [f for f in interpret_child(res, "py", False, facts=win).findings
               if f.id == "verify-tensorflow-import-crashed"]
    assert any('"tensorflow==2.15.0" "tensorflow-intel==2.15.0"' in x for x in both.fix), both.fix


def test_hang_names_the_phase() -> None:
    markers = _markers("import-numpy", "import-tensorflow", "list-gpus", "check GPU:0")
    res = CommandResult.timed_out(("py",), 180, stderr=markers)
    r = interpret_child(res, "py", False)
    assert r.outcome == "timeout"
    assert r.headline.endswith("(while checking GPU:0)")


def test_crash_before_any_phase_does_not_claim_an_import_failure() -> None:
    r = interpret_child(CommandResult(("py",), ProbeStatus.ERROR, 1, "", ""), "py", False)
    assert "before it reported any phase" in r.headline
    assert r.tf_version is None and r.outcome == "crash"
    assert split_phases(["a", "tfgpu-verify-phase: report", "b"]) == ("report", ["a", "b"])


def test_cli_meta_never_says_not_importable_or_0x0_for_a_crash(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tfgpu.verify as verify

    crash = interpret_child(CommandResult(("py",), ProbeStatus.ERROR, -11, "", ""), "py", False)
    monkeypatch.setattr(verify, "run_verify", lambda *a, **k: crash)
    rc, out, _ = _cli(["verify", "--size", "64"])
    assert rc == 1
    assert "not importable" not in out and "[0x0]" not in out
    assert "tensorflow: unknown" in out and "[64x64] @ [64x64]" in out


def test_unknown_fault_env_is_a_usage_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TFGPU_VERIFY_INJECT_FAULT", "melt")
    rc, _, err = _cli(["verify"])
    assert rc == 2 and "'melt' is not a known fault" in err


# --- 10: download integrity -----------------------------------------------------------------


class _Resp(io.BytesIO):
    def __enter__(self) -> _Resp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


@pytest.fixture
def fake_url(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bytes]]:
    body: list[bytes] = [b""]
    monkeypatch.setattr(bench_data.urllib.request, "urlopen", lambda url, timeout=0: _Resp(body[0]))
    yield body


def test_download_with_a_wrong_hash_is_discarded(tmp_path: Path, fake_url: list[bytes]) -> None:
    fake_url[0] = b"<html>captive portal</html>"
    dest = tmp_path / "datasets" / "mnist.npz"
    with pytest.raises(bench_data.IntegrityError, match="SHA-256"):
        bench_data.download_mnist(dest)
    assert list(dest.parent.iterdir()) == []  # neither mnist.npz nor mnist.npz.part
    with pytest.raises(DataError, match="SHA-256"):
        resolve_source(
            keras_cache=dest, debian_dir=tmp_path / "none", downloader=bench_data.download_mnist
        )


def test_download_with_the_right_hash_is_renamed(
    tmp_path: Path, fake_url: list[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_url[0] = b"pretend mnist"
    monkeypatch.setattr(bench_data, "KERAS_MNIST_SHA256", hashlib.sha256(fake_url[0]).hexdigest())
    dest = tmp_path / "mnist.npz"
    bench_data.download_mnist(dest)
    assert dest.read_bytes() == fake_url[0]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mnist.npz"]


def test_keras_hash_is_the_one_keras_uses() -> None:
    keras_src = Path(np.__file__).parents[1] / "keras" / "src" / "datasets" / "mnist.py"
    if not keras_src.is_file():
        pytest.skip("keras source not installed")
    assert bench_data.KERAS_MNIST_SHA256 in keras_src.read_text()


# --- 11: labels from content, npz path shown ------------------------------------------------


def test_labels_come_from_content_not_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = _npz(tmp_path / "mnist.npz")
    src = resolve_source(str(p))
    assert src.name == "npz data set" and src.location == str(p)
    monkeypatch.setattr(bench_data, "KERAS_MNIST_SHA256", bench_data.file_sha256(p))
    assert resolve_source(str(p)).name == "MNIST (npz)"
    fashion_looking = tmp_path / "my-fashion-set"
    fashion_looking.mkdir()
    for name in (
        "train-images-idx3-ubyte",
        "train-labels-idx1-ubyte",
        "t10k-images-idx3-ubyte",
        "t10k-labels-idx1-ubyte",
    ):
        (fashion_looking / name).write_bytes(b"\0\0\x08\x01\0\0\0\0")
    idx = resolve_source(str(fashion_looking))
    assert idx.name == "IDX data set" and idx.location == str(fashion_looking)


@pytest.mark.skipif(
    not bench_data.DEBIAN_FASHION_MNIST.is_dir(), reason="dataset-fashion-mnist not installed"
)
def test_debian_files_given_by_path_are_fashion_mnist() -> None:
    assert resolve_source(str(bench_data.DEBIAN_FASHION_MNIST)).name == "Fashion-MNIST"


# --- 12: no "unrecognised" next to an explained error ---------------------------------------


def test_explained_module_not_found_has_no_unrecognised_finding() -> None:
    payload = {
        "tfgpu_verify": 1,
        "status": "import-error",
        "error": "ModuleNotFoundError: No module named 'tensorflow'",
        "traceback": "Traceback (most recent call last):\n"
        "ModuleNotFoundError: No module named 'tensorflow'\n",
    }
    res = CommandResult(("py",), ProbeStatus.OK, 0, json.dumps(payload), "")
    ids = [f.id for f in interpret_child(res, "py", False).findings]
    assert "verify-tensorflow-import-failed" in ids
    assert "unrecognised-error" not in ids


# --- 13: nothing ran: only the message ------------------------------------------------------


def test_no_device_ran_prints_no_empty_table(monkeypatch: pytest.MonkeyPatch) -> None:
    err_ev = {
        "event": "error",
        "stage": "device",
        "device": "gpu:0",
        "message": "TensorFlow sees no GPU:0",
    }
    _fake_run(monkeypatch, [ChildOutcome("gpu:0", [err_ev], 1)], [])
    rc, out, _ = _cli(["bench", "--synthetic", "--devices", "gpu:0"])
    assert rc == 1
    assert "Benchmark FAILED on gpu:0" in out
    assert "Training" not in out and "epochs" not in out and "data:" not in out
    assert "tensorflow: None" not in out


def test_one_epoch_one_run_is_singular() -> None:
    doc, _ = summarise(
        BenchConfig(source=SYN, epochs=1, repeat=1), [outcome("cpu", [1.0], [0.5])], (0,), (0,), 1
    )
    buf = io.StringIO()
    render_tables(doc, Console(file=buf, width=300))
    assert "; 1 epoch, 1 run each;" in buf.getvalue()


# --- 14: verify JSON types ------------------------------------------------------------------


def test_verify_json_numbers_and_booleans(monkeypatch: pytest.MonkeyPatch) -> None:
    import tfgpu.verify as verify

    stdout = (FIX / "verify-cpu-oom.stdout.json").read_text()
    r = interpret_child(CommandResult(("py",), ProbeStatus.OK, 0, stdout, ""), "py", True, 7.5)
    monkeypatch.setattr(verify, "run_verify", lambda *a, **k: r)
    rc, out, _ = _cli(["verify", "--json", "--alloc-mib", "64"])
    doc = json.loads(out)
    assert rc == 1
    assert "duration" not in doc["meta"]
    assert doc["verify"]["duration_s"] == 7.5
    assert doc["verify"]["build"]["built_with_cuda"] is True


# --- final review B, defect 4: --plot without matplotlib fails before any child -------------


def test_plot_without_matplotlib_is_refused_before_the_run(
    tmp_path: Path, no_children: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    real_find_spec = importlib.util.find_spec

    def no_matplotlib(name: str, *a: Any, **k: Any) -> Any:
        return None if name == "matplotlib" else real_find_spec(name, *a, **k)

    monkeypatch.setattr(importlib.util, "find_spec", no_matplotlib)
    rc, out, err = _cli(["bench", "--synthetic", "--plot", str(tmp_path / "x.png")])
    assert rc == 2 and out == ""
    assert "needs matplotlib" in err and "pip install 'tfgpu[bench]'" in err
    assert not (tmp_path / "x.png").exists()


# --- final review B, defect 6: verify and bench read child logs with host facts -------------

#: cuInit 303 alone (no "Could not find cuda drivers" before it): without facts the log
#: cannot tell a GPU-less host from a missing kernel driver.
_CUINIT_303 = (
    "E0000 00:00:1796034330.432620    1304 cuda_platform.cc:52] failed call to cuInit: "
    "INTERNAL: CUDA error: Failed call to cuInit: UNKNOWN ERROR (303)"
)


def _no_gpu_facts() -> Any:
    from tfgpu.facts import HostFacts, OSFacts, ProbeRecord, PythonFacts

    return HostFacts(
        os=OSFacts(system="Linux", name="Debian GNU/Linux 12"),
        python=PythonFacts(version="3.11.7", executable="python"),
        probes=(ProbeRecord("nvml", ProbeStatus.MISSING), ProbeRecord("nvidia-smi",
                                                                      ProbeStatus.MISSING)),
    )


def _cuinit(findings: Any) -> Any:
    return next(f for f in findings if f.id == "cuinit-shared-object-init-failed")


def test_verify_reads_the_child_log_with_host_facts() -> None:
    payload = {"tfgpu_verify": 1, "status": "ok", "tf_version": "2.21.0", "gpus": [],
               "checks": [], "built_with_cuda": True}
    res = CommandResult(("py",), ProbeStatus.OK, 0, json.dumps(payload) + "\n", _CUINIT_303)
    bare = _cuinit(interpret_child(res, "py", cpu_ok=False).findings)
    assert not bare.harmless and "docker run --gpus all" in " ".join(bare.fix)
    known = _cuinit(interpret_child(res, "py", cpu_ok=False, facts=_no_gpu_facts()).findings)
    assert known.harmless and known.severity.value == "info"
    assert "docker" not in " ".join(known.fix)


def test_bench_summary_reads_a_failed_child_log_with_host_facts() -> None:
    oc = ChildOutcome(
        "gpu:0",
        [{"event": "error", "stage": "device", "device": "gpu:0", "message": "no GPU:0"}],
        1,
        stderr_tail=[_CUINIT_303],
    )
    _, bare = summarise(BenchConfig(source=SYN), [oc], (0,), (0,), 1)
    assert not _cuinit(bare).harmless
    _, known = summarise(BenchConfig(source=SYN), [oc], (0,), (0,), 1, _no_gpu_facts())
    assert _cuinit(known).harmless


def test_verify_cli_gathers_host_facts_once_for_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import tfgpu.verify as verify

    facts = _no_gpu_facts()
    calls: list[Any] = []
    monkeypatch.setattr(verify, "host_facts_for_explain", lambda: calls.append(1) or facts)
    seen: dict[str, Any] = {}
    real = verify.run_verify

    def fake_run_verify(*a: Any, **k: Any) -> Any:
        seen.update(k)
        payload = {"tfgpu_verify": 1, "status": "ok", "tf_version": "2.21.0", "gpus": [],
                   "checks": [], "built_with_cuda": True}
        res = CommandResult(("py",), ProbeStatus.OK, 0, json.dumps(payload) + "\n", _CUINIT_303)
        return real("py", runner=lambda argv, t: res, facts=k.get("facts"))

    monkeypatch.setattr(verify, "run_verify", fake_run_verify)
    rc, out, _ = _cli(["verify", "--json"])
    assert calls == [1] and seen["facts"] is facts
    doc = json.loads(out)
    cu = next(f for f in doc["findings"] if f["id"] == "cuinit-shared-object-init-failed")
    assert cu["harmless"] is True
    assert rc == 1  # still no GPU: verify fails, but not because of the cuInit line


def test_the_real_gpu_less_host_facts_make_cuinit_harmless() -> None:
    """On this GPU-less host, the facts verify gathers label cuInit 303 harmless."""
    from tfgpu.verify import host_facts_for_explain

    facts = host_facts_for_explain()
    assert facts is not None
    if facts.nvidia_gpus:
        pytest.skip("this host has an NVIDIA GPU")
    # ux2: with the driver probed missing, the one finding for TensorFlow's no-GPU start-up
    # lines (doctor, explain and verify alike) is cuda-messages-harmless-without-gpu
    found = explain_lines([_CUINIT_303], facts)
    line = [f for f in found if any(e.line == 1 for e in f.evidence)]
    assert line and all(f.harmless for f in line)


def test_bench_without_numpy_is_a_usage_error_before_any_benchmark_module_loads() -> None:
    # the README's plain `pip install .` has no NumPy: a clear usage error (exit 2), never an
    # internal error from a benchmark module that imports it
    import subprocess
    import sys

    code = ("import sys; sys.modules['numpy'] = None\n"
            "for m in [k for k in sys.modules if k.startswith('tfgpu.bench')]: del sys.modules[m]\n"
            "from tfgpu.cli.main import main\n"
            "sys.exit(main(['bench', '--synthetic']))")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120, check=False)
    assert res.returncode == 2, res.stderr
    assert "needs numpy" in res.stderr and "pip install 'tfgpu[bench]'" in res.stderr
