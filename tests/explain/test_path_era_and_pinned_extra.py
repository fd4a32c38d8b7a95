"""The source paths TensorFlow 2.15 prints, and the ``[and-cuda]`` extra kept at the installed
release when the log does not show its version.

2.15 moved XLA and TSL out of TensorFlow's tree: its log lines read external/local_xla/ and
external/local_tsl/ (tests/fixtures/recorded/tf-logs/tf2.15-docker-latest-gpu-2x-l4-gcp-working.txt;
the 2.15.1 log of tensorflow/tensorflow#70960), 2.14's still tensorflow/compiler/xla/ and
tensorflow/tsl/ (platform fact ``tf-log-source-paths``).  An unpinned ``pip install --upgrade
"tensorflow[and-cuda]"`` would move a 2.15 user to the newest release and Keras 3.
"""
from __future__ import annotations

from pathlib import Path

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "recorded" / "tf-logs"

STUB = ("2024-01-15 10:23:41.120512: I {folder}cudart_stub.cc:31] Could not find cuda drivers "
        "on your machine, GPU will not be used.")


def _notice(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == "cuda-drivers-not-found-notice")


def test_the_recorded_215_log_prints_external_paths_and_the_214_one_does_not() -> None:
    """The evidence the path era rests on (so a re-recorded fixture cannot silently move it)."""
    log215 = (RECORDED / "tf2.15-docker-latest-gpu-2x-l4-gcp-working.txt").read_text()
    log214 = next(RECORDED.glob("tf2.14-*.txt")).read_text()
    assert "] " in log215 and " external/local_xla/xla/stream_executor/" in log215
    assert " tensorflow/compiler/xla/" not in log215
    assert " tensorflow/compiler/xla/" in log214 and "external/local_xla" not in log214


def test_the_local_tsl_stub_folder_is_dated_from_215_not_216() -> None:
    f = _notice([STUB.format(folder="external/local_tsl/tsl/cuda/")])
    assert "TensorFlow 2.15+" in f.cause and "2.16+" not in f.cause
    assert "libcudart.so.12" in f.cause  # 2.15-2.21 are all CUDA 12 builds


def test_the_in_tree_tsl_stub_folder_is_dated_to_214_and_earlier() -> None:
    f = _notice([STUB.format(folder="tensorflow/tsl/cuda/")])
    # 2.12-2.14 were all tested with CUDA 11.8 (tf_tested_configs); 2.15 with CUDA 12.2
    assert "TensorFlow 2.12-2.14, built with CUDA 11" in f.cause
    assert "libcudart.so.11.0" in f.cause and "2.15" not in f.cause


def test_an_unknown_version_keeps_the_installed_release_in_the_and_cuda_line() -> None:
    fix = "\n".join(_notice([STUB.format(folder="external/local_tsl/tsl/cuda/")]).fix)
    assert '--upgrade "tensorflow[and-cuda]"' not in fix
    assert "tensorflow[and-cuda]==$(python -c 'import tensorflow as tf; print(tf.__version__)')" \
        in fix


def test_a_version_in_the_log_still_pins_that_release() -> None:
    lines = ["TensorFlow version: 2.15.1", STUB.format(folder="external/local_tsl/tsl/cuda/")]
    fix = "\n".join(_notice(lines).fix)
    assert 'pip install "tensorflow[and-cuda]==2.15.*"' in fix and "--upgrade" not in fix


def test_the_wording_says_another_major_version() -> None:
    f = _notice([STUB.format(folder="external/local_tsl/tsl/cuda/")])
    assert "another major version" in f.cause
