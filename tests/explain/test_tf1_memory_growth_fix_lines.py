"""Memory-growth fix lines follow the log's TensorFlow version.

TensorFlow reads ``TF_FORCE_GPU_ALLOW_GROWTH`` from 1.12.0 on (platform fact
``tf-force-gpu-allow-growth-first``, tensorflow/tensorflow commit 5d20470 in
gpu_bfc_allocator.cc); an older 1.x log gets ``tf.ConfigProto``'s ``allow_growth`` only, a
1.12-1.15 log both, and no 1.x log gets the 2.x-only ``tf.config`` calls.
"""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.tf1_era import TF1_GROWTH_LINE, growth_env_lines, tf1_api_lines
from tfgpu.explain import explain_lines
from tfgpu.knowledge import load_knowledge

_CUDNN_FAIL = (
    "2019-06-10 11:00:02.000000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not "
    "create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR\n"
    "tensorflow.python.framework.errors_impl.UnknownError: Failed to get convolution "
    "algorithm. This is probably because cuDNN failed to initialize, so try looking to see "
    "if a warning log message was printed above.\n"
    ">>> tf.__version__\n'{version}'\n")


def _fix(version: str) -> list[str]:
    log = _CUDNN_FAIL.format(version=version)
    findings = explain_lines([log])
    found = [f for f in findings if f.id == "dnn-handle-failed-gpu-memory"]
    assert found, [f.id for f in findings]
    return list(found[0].fix)


def test_the_first_release_reading_the_variable_is_in_the_data() -> None:
    first, fact = load_knowledge().fact_series("tf-force-gpu-allow-growth-first")
    assert first == (1, 12)
    assert fact.source == "TF-FORCE-GROWTH"
    assert fact.value("tf_version") == "1.12.0"


@pytest.mark.parametrize("version", ["1.10.0", "1.11.0", "1.4.1"])
def test_a_log_older_than_1_12_gets_configproto_not_the_variable(version: str) -> None:
    fix = _fix(version)
    assert not any("TF_FORCE_GPU_ALLOW_GROWTH" in line and not line.startswith("#")
                   for line in fix), fix
    assert TF1_GROWTH_LINE in fix
    assert not any("tf.config." in line for line in fix), fix


@pytest.mark.parametrize("version", ["1.12.0", "1.13.1", "1.15.0"])
def test_a_1_12_to_1_15_log_keeps_the_variable_and_gets_configproto(version: str) -> None:
    fix = _fix(version)
    assert any(line.startswith("export TF_FORCE_GPU_ALLOW_GROWTH=true") for line in fix), fix
    assert any("tf.ConfigProto()" in line for line in fix), fix
    assert not any("tf.config." in line or "get_build_info" in line for line in fix), fix


def test_a_2x_log_keeps_the_2x_calls() -> None:
    fix = _fix("2.15.0")
    assert any(line.startswith("export TF_FORCE_GPU_ALLOW_GROWTH=true") for line in fix), fix
    assert any("tf.config.experimental.set_memory_growth(g, True)" in line for line in fix), fix


def test_growth_env_lines_rewrites_commands_and_comments() -> None:
    kb = load_knowledge()
    out = growth_env_lines(kb, [
        "export TF_FORCE_GPU_ALLOW_GROWTH=true   # before starting Python",
        "set TF_FORCE_GPU_ALLOW_GROWTH=true",
        '$env:TF_FORCE_GPU_ALLOW_GROWTH = "true"   # PowerShell',
        "# memory instead: export TF_FORCE_GPU_ALLOW_GROWTH=true and stop other processes",
        "nvidia-smi",
    ])
    assert out[:3] == [TF1_GROWTH_LINE] * 3
    assert "export TF_FORCE_GPU_ALLOW_GROWTH=true" not in out[3]
    assert "gpu_options.allow_growth = True" in out[3] and "stop other processes" in out[3]
    assert "before 1.12" in out[3]
    assert out[4] == "nvidia-smi"


def test_tf1_api_lines_rewrites_a_lone_set_memory_growth_call() -> None:
    out = tf1_api_lines(["export TF_FORCE_GPU_ALLOW_GROWTH=true   # or "
                         "tf.config.experimental.set_memory_growth(gpu, True) before any op"])
    assert "set_memory_growth" not in out[0] and "gpu_options.allow_growth" in out[0]


@pytest.mark.parametrize("cap", [
    "tf.config.set_logical_device_configuration(gpu, "
    "[tf.config.LogicalDeviceConfiguration(memory_limit=...)])",
    "tf.config.experimental.set_virtual_device_configuration(gpus[0], "
    "[tf.config.experimental.VirtualDeviceConfiguration(memory_limit=4096)])",
])
def test_tf1_api_lines_rewrites_a_memory_limit_into_the_sessions_fraction(cap: str) -> None:
    (out,) = tf1_api_lines([f"# or cap TensorFlow's pool with a memory limit ({cap})"])
    assert "device_configuration" not in out
    assert "gpu_options.per_process_gpu_memory_fraction" in out


def test_a_tf1_module_load_oom_gets_the_sessions_options() -> None:
    lines = ["TensorFlow version: 1.13.1",
             "E tensorflow/stream_executor/cuda/cuda_gpu_executor.cc:216] failed to load "
             "CUBIN: Internal: failed to load in-memory CUBIN: CUDA_ERROR_OUT_OF_MEMORY: out "
             "of memory"]
    (f,) = [f for f in explain_lines(lines) if f.id == "cuda-module-load-out-of-memory"]
    assert not any("tf.config." in line for line in f.fix)
    assert any("per_process_gpu_memory_fraction" in line for line in f.fix)
