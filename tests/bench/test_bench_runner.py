"""``tfgpu bench``: summary arithmetic, units on every figure, broken children, and one
real end-to-end run (CPU, synthetic data, tiny)."""

from __future__ import annotations

import io
import json
import stat
import subprocess
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from proc_helpers import run_tfgpu
from tfgpu.bench.data import DataSource
from tfgpu.bench.runner import (
    BenchConfig,
    ChildOutcome,
    child_args,
    parse_devices,
    run_child,
    summarise,
)
from tfgpu.report.tables import render_bench_tables as render_tables

ROOT = Path(__file__).resolve().parents[2]
SYN = DataSource("synthetic", "synthetic", (), "--synthetic")
FASHION = DataSource("idx", "Fashion-MNIST", ("a", "b", "c", "d"), "debian dataset-fashion-mnist")


def assert_every_figure_has_a_unit(node: Any, path: str = "bench") -> int:
    """Every number must be the ``value`` of a ``{"value", "unit"}`` object."""
    count = 0
    if isinstance(node, dict):
        if "unit" in node and "value" in node:
            assert isinstance(node["unit"], str) and node["unit"], path
            assert node["value"] is None or isinstance(node["value"], (int, float)), path
            count += 1
            rest = {k: v for k, v in node.items() if k not in ("unit", "value")}
        else:
            rest = node
        for k, v in rest.items():
            count += assert_every_figure_has_a_unit(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            count += assert_every_figure_has_a_unit(v, f"{path}[{i}]")
    else:
        assert isinstance(node, (str, bool)) or node is None, f"{path} = {node!r} has no unit"
    return count


def run_event(
    device: str, workload: str, repeat: int, time_s: float, acc: float, **kw: Any
) -> dict[str, Any]:
    ev = {
        "event": "run",
        "tfgpu_bench": 1,
        "device": device,
        "tf_device": "CPU:0",
        "workload": workload,
        "repeat": repeat,
        "train_time_s": time_s,
        "warmup_time_s": 1.0,
        "epochs": 5,
        "batch_size": 32 if workload == "guide" else 500,
        "steps": 9375 if workload == "guide" else 600,
        "samples": 300000,
        "learning_rate": 1e-3,
        "test_accuracy_pct": acc,
        "test_loss": 0.35,
        "train_accuracy_pct": 89.0,
        "flops_per_step": 409088 * (32 if workload == "guide" else 500),
        "initial_weights_sha256": "abc",
        "jit_compile": workload == "tuned",
        "steps_per_execution": 1 if workload == "guide" else 40,
        "mixed_precision": False,
        "pipeline": "numpy" if workload == "guide" else "tf.data: cache",
        "load_average": [2.0, 1, 1],
        "history": {"loss": [0.5, 0.4], "accuracy": [0.8, 0.85]},
        "tensorboard": False,
    }
    ev.update(kw)
    return ev


def outcome(
    device: str, guide: list[float], tuned: list[float], acc_g: float = 87.0, acc_t: float = 86.8
) -> ChildOutcome:
    events: list[dict[str, Any]] = [
        {
            "event": "device",
            "device": device,
            "tf_version": "2.21.0",
            "tf_device": "CPU:0" if device == "cpu" else "GPU:0",
            "name": "CPU" if device == "cpu" else "NVIDIA H200",
            "compute_capability": None if device == "cpu" else [9, 0],
            "gpus": [],
        },
        {
            "event": "ceilings",
            "device": device,
            "matmul": [{"dtype": "float32", "size": 2048, "gflops": 100.0, "time_s": 0.17}],
            "copy": {"kind": "host-memory-copy", "mib": 256, "gbps": 5.0},
        },
    ]
    for i, t in enumerate(guide):
        events.append(run_event(device, "guide", i, t, acc_g))
    for i, t in enumerate(tuned):
        events.append(run_event(device, "tuned", i, t, acc_t))
    events.append({"event": "done", "device": device})
    return ChildOutcome(device, events, 0, [], False, 10.0)


def cfg(source: DataSource = FASHION, **kw: Any) -> BenchConfig:
    return BenchConfig(source=source, **kw)


def test_parse_devices() -> None:
    assert parse_devices("cpu,gpu:0") == ("cpu", "gpu:0")
    assert parse_devices("CPU, gpu") == ("cpu", "gpu:0")
    assert parse_devices("auto") is None
    with pytest.raises(ValueError, match="unknown device 'tpu'"):
        parse_devices("cpu,tpu")


def test_summary_medians_spread_and_speedups() -> None:
    doc, findings = summarise(
        cfg(repeat=3),
        [
            outcome("cpu", [40.0, 30.0, 35.0], [7.0, 6.0, 8.0]),
            outcome("gpu:0", [10.0, 12.0, 11.0], [1.0, 1.2, 0.9]),
        ],
        (2.5, 1, 1),
        (3.0, 1, 1),
        200.0,
    )
    assert findings == []
    cpu = doc["devices"][0]["workloads"]
    assert cpu["guide"]["train_time_s"]["median"] == {"value": 35.0, "unit": "s"}
    assert cpu["guide"]["train_time_s"]["min"]["value"] == 30.0
    assert cpu["guide"]["train_time_s"]["max"]["value"] == 40.0
    assert cpu["tuned"]["train_time_s"]["median"]["value"] == 7.0
    sp = doc["speedup"]
    assert sp["tuned_over_guide"]["cpu"]["value"] == pytest.approx(5.0)
    assert sp["tuned_over_guide"]["cpu"]["unit"] == "x"
    assert sp["tuned_over_guide"]["cpu"]["accuracy_delta"]["value"] == pytest.approx(-0.2)
    assert sp["tuned_over_guide"]["cpu"]["accuracy_within_tolerance"] is True
    paired = [x["value"] for x in sp["tuned_over_guide"]["cpu"]["per_repeat"]]
    assert paired == pytest.approx([40 / 7, 30 / 6, 35 / 8], rel=1e-3)
    assert sp["gpu_over_cpu"]["guide"]["gpu:0"]["value"] == pytest.approx(35.0 / 11.0, rel=1e-3)
    assert sp["gpu_over_cpu"]["tuned"]["gpu:0"]["value"] == pytest.approx(7.0, rel=1e-3)
    # fraction of the matmul ceiling: 9375 steps * 409088*32 FLOP / 35 s / 1e9 / 100 GFLOP/s
    frac = cpu["guide"]["fraction_of_matmul_ceiling"]["value"]
    assert frac == pytest.approx(9375 * 409088 * 32 / 35.0 / 1e9 / 100.0, rel=1e-3)
    assert doc["host"]["load_average_1min_before"]["value"] == 2.5
    assert doc["synthetic"] is False
    assert assert_every_figure_has_a_unit(doc) > 50
    json.dumps(doc)


def test_accuracy_drop_is_flagged() -> None:
    doc, findings = summarise(
        cfg(repeat=1), [outcome("cpu", [40.0], [5.0], 88.0, 87.2)], (1.0,), (1.0,), 1.0
    )
    assert doc["speedup"]["tuned_over_guide"]["cpu"]["accuracy_within_tolerance"] is False
    assert [f.id for f in findings] == ["bench-tuned-accuracy-drop"]


def test_missing_gpu_is_a_failed_device() -> None:
    gpu = ChildOutcome(
        "gpu:0",
        [
            {
                "event": "device",
                "device": "gpu:0",
                "gpus": [],
                "tf_version": "2.21.0",
                "error": "gpu:0 requested, but TensorFlow lists 0 GPU(s)",
            },
            {
                "event": "error",
                "stage": "device",
                "device": "gpu:0",
                "message": "gpu:0 requested, but TensorFlow lists 0 GPU(s)",
            },
        ],
        0,
        ["I0000 cudart_stub.cc:31] Could not find cuda drivers on your machine"],
        False,
        5.0,
    )
    doc, findings = summarise(
        cfg(repeat=1), [outcome("cpu", [40.0], [5.0]), gpu], (1.0,), (1.0,), 1.0
    )
    assert doc["devices"][1]["status"] == "error"
    f = next(f for f in findings if f.id == "bench-gpu0-failed")
    assert f.category == "gpu-not-visible" and "lists 0 GPU" in f.cause
    assert doc["speedup"]["gpu_over_cpu"] == {}


def test_synthetic_is_labelled_in_text_and_json() -> None:
    doc, _ = summarise(cfg(SYN, repeat=1), [outcome("cpu", [4.0], [1.0])], (1.0,), (1.0,), 1.0)
    assert doc["synthetic"] is True and "SYNTHETIC" in doc["data"]["label"]
    buf = io.StringIO()
    render_tables(doc, Console(file=buf, width=160, no_color=True))
    text = buf.getvalue()
    assert text.count("SYNTHETIC") >= 2
    assert "tuned over guide on cpu: 4.00x faster" in text


def _fake_python(tmp_path: Path, body: str) -> str:
    p = tmp_path / "fakepython"
    p.write_text("#!/bin/sh\n" + body + "\n")
    p.chmod(p.stat().st_mode | stat.S_IEXEC)
    return str(p)


def test_hung_child_is_stopped(tmp_path: Path) -> None:
    py = _fake_python(
        tmp_path,
        'echo \'{"tfgpu_bench": 1, "event": "device", "device": "cpu"}\'\n'
        "echo 'loading' >&2\nexec sleep 60",
    )
    oc = run_child(py, child_args(cfg(), "cpu", tmp_path / "w.npz"), timeout_s=2)
    assert oc.timed_out and oc.returncode is None
    assert oc.events[0]["event"] == "device" and oc.stderr_tail == ["loading"]
    doc, findings = summarise(cfg(), [oc], (1.0,), (1.0,), 1.0)
    assert doc["devices"][0]["status"] == "error"
    assert "did not finish in time" in findings[0].cause


def test_crashed_child_is_reported(tmp_path: Path) -> None:
    py = _fake_python(tmp_path, "echo 'Fatal Python error: Segmentation fault' >&2\nkill -SEGV $$")
    oc = run_child(py, child_args(cfg(), "cpu", tmp_path / "w.npz"), timeout_s=20)
    assert oc.returncode == -11 and not oc.timed_out
    _, findings = summarise(cfg(), [oc], (1.0,), (1.0,), 1.0)
    assert "killed by signal 11" in findings[0].cause
    assert any("Segmentation fault" in e.text for e in findings[0].evidence)


def test_missing_interpreter(tmp_path: Path) -> None:
    oc = run_child(str(tmp_path / "nope"), child_args(cfg(), "cpu", tmp_path / "w.npz"), 5)
    assert oc.events[0]["stage"] == "start"
    _, findings = summarise(cfg(), [oc], (1.0,), (1.0,), 1.0)
    assert "cannot start" in findings[0].cause


@pytest.mark.tf
def test_end_to_end_cpu_synthetic_json_and_plot(tmp_path: Path) -> None:
    png = tmp_path / "t.png"
    out = run_tfgpu("bench", "--synthetic", "--quick", "--devices", "cpu", "--train-samples",
                    "1000", "--test-samples", "200", "--json", "--plot", str(png),
                    "--tensorboard", str(tmp_path / "tb"))
    assert out.returncode == 0, out.stderr[-3000:]
    doc = json.loads(out.stdout)
    assert doc["command"] == "bench" and "schema_version" in doc
    bench = doc["bench"]
    assert assert_every_figure_has_a_unit(bench) > 50
    assert bench["synthetic"] is True and "SYNTHETIC" in doc["verdict"]["headline"]
    (cpu,) = bench["devices"]
    assert cpu["status"] == "ok" and set(cpu["workloads"]) == {"guide", "tuned"}
    g, t = cpu["workloads"]["guide"], cpu["workloads"]["tuned"]
    # both workloads started from the same weights
    assert g["initial_weights_sha256"] == t["initial_weights_sha256"]
    assert len(g["initial_weights_sha256"]) == 1
    assert cpu["ceilings"]["matmul_float32"]["unit"] == "GFLOP/s"
    assert cpu["ceilings"]["matmul_float32"]["value"] > 0
    assert cpu["ceilings"]["copy"]["unit"] == "GB/s"
    assert bench["speedup"]["tuned_over_guide"]["cpu"]["unit"] == "x"
    assert t["recipe"]["jit_compile"] is True
    assert png.is_file() and png.read_bytes()[:4] == b"\x89PNG"
    assert t["tensorboard"] is True
    assert {p.name for p in (tmp_path / "tb").iterdir()} == {"cpu-guide-r0", "cpu-tuned-r0"}
    assert any((tmp_path / "tb" / "cpu-tuned-r0").rglob("*.tfevents.*"))


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--devices", "tpu"], "unknown device 'tpu'"),
        (["--workloads", "guide,fast"], "unknown ['fast']"),
        (["--data", "/nonexistent/mnist"], "no such file or directory"),
        (["--repeat", "0", "--synthetic"], "must be >= 1"),
        (["--synthetic", "--data", "/tmp"], "exclude each other"),
    ],
)
def test_bad_arguments_exit_2_without_traceback(argv: list[str], message: str) -> None:
    from tfgpu.cli.main import main

    err = io.StringIO()
    import contextlib

    with contextlib.redirect_stderr(err):
        rc = main(["bench", *argv])
    assert rc == 2
    assert message in err.getvalue()
    assert "Traceback" not in err.getvalue()


def test_verify_bad_arguments_exit_2() -> None:
    import contextlib

    from tfgpu.cli.main import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["verify", "--alloc-mib", "0"]) == 2
    assert "--alloc-mib must be >= 1" in err.getvalue()


SYSTEM_PY = "/usr/bin/python3"


@pytest.mark.skipif(
    not Path(SYSTEM_PY).exists()
    or subprocess.run(
        [SYSTEM_PY, "-c", "import numpy"], capture_output=True, check=False
    ).returncode
    == 0,
    reason="needs an interpreter without numpy/TensorFlow",
)
def test_interpreter_without_tensorflow_is_a_clear_device_error(tmp_path: Path) -> None:
    oc = run_child(SYSTEM_PY, child_args(cfg(SYN), "cpu", tmp_path / "w.npz"), timeout_s=60)
    (err,) = [e for e in oc.events if e["event"] == "error"]
    assert err["stage"] == "import" and "No module named" in err["message"]
    doc, findings = summarise(cfg(SYN), [oc], (1.0,), (1.0,), 1.0)
    assert doc["devices"][0]["status"] == "error"
    assert findings[0].id == "bench-cpu-failed" and "No module named" in findings[0].cause


def test_best_of_ceiling_measurements() -> None:
    from tfgpu.bench.runner import best_ceilings

    before = {
        "event": "ceilings",
        "when": "before",
        "matmul": [{"dtype": "float32", "size": 1024, "gflops": 29.0, "time_s": 0.07}],
        "copy": {"kind": "host-memory-copy", "mib": 64, "gbps": 6.5},
    }
    after = {
        "event": "ceilings",
        "when": "after",
        "matmul": [{"dtype": "float32", "size": 1024, "gflops": 49.0, "time_s": 0.04}],
        "copy": {"kind": "host-memory-copy", "mib": 64, "gbps": 6.0},
    }
    best = best_ceilings([before, after])
    assert best is not None
    assert best["matmul"][0]["gflops"] == 49.0 and best["copy"]["gbps"] == 6.5
    assert best["measurements"] == 2
    assert best_ceilings([]) is None
