"""A missing tf.<name>: the AttributeError's module spelling dates the TensorFlow that printed it.

TensorFlow 1.15-2.1 pip packages print tensorflow_core._api.v2.* (platform fact
``tf-api-module-spelling-tensorflow-core``), later ones tensorflow._api.v2.*; every release of
the latter already has tf.config.list_physical_devices (from 2.1), so "older than 2.1" is
only a hedge there, beside a broken or shadowed install.  Such an error says nothing about
the GPU: explain's gpu_usable stays unknown (catalogue key ``gpu_neutral``).
"""
from __future__ import annotations

import io

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.tf_api_versions import spelling_era
from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.findings import Finding, Report
from tfgpu.knowledge import load_knowledge

TB = ["Traceback (most recent call last):",
      '  File "check_gpu.py", line 2, in <module>',
      "    print(tf.config.list_physical_devices('GPU'))"]


def _line(module: str, attr: str = "list_physical_devices") -> str:
    return f"AttributeError: module '{module}' has no attribute '{attr}'"


def _finding(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == "tf-api-newer-than-installed")


def _report(lines: list[str]) -> Report:
    result = explain_stream(io.BytesIO("\n".join(lines).encode()))
    return explain_report(result.findings, result.stats, "t.log", died=result.died,
                          failure=result.failure)


def test_the_spelling_rows_date_tensorflow_core_and_the_plain_api_package() -> None:
    kb = load_knowledge()
    core = spelling_era(kb, "tensorflow_core._api.v2.config")
    plain = spelling_era(kb, "tensorflow._api.v2.config")
    assert core is not None and core[:2] == ("1.15", "2.1")
    assert plain is not None and plain[:2] == ("2.2", None)
    assert spelling_era(kb, "keras.api._v2.keras.mixed_precision") is None


def test_the_tensorflow_core_spelling_keeps_the_certain_older_release_reading() -> None:
    f = _finding([*TB, _line("tensorflow_core._api.v2.config")])
    spec = catalogue.load_catalogue().spec("tf-api-newer-than-installed")
    assert f.title == spec.title.format(symbol="config.list_physical_devices", first="2.1")
    assert "older than 2.1" in f.cause


def test_the_plain_spelling_is_a_hedge_naming_a_broken_or_shadowed_install() -> None:
    f = _finding([*TB, _line("tensorflow._api.v2.config")])
    assert "older than 2.1" not in f.cause
    assert "2.2 and later" in f.cause
    assert "shadowing" in f.cause and "broken" in f.cause
    assert "older" in f.cause  # the older-release reading is still named
    assert any("tf.__version__, tf.__file__" in line for line in f.fix)


def test_a_known_version_that_has_the_name_still_silences_the_finding() -> None:
    lines = ["TensorFlow version: 2.15.0", *TB, _line("tensorflow._api.v2.config")]
    assert not [f for f in explain_lines(lines) if f.id == "tf-api-newer-than-installed"]


def test_an_api_name_error_leaves_gpu_usable_unknown() -> None:
    report = _report([*TB, _line("tensorflow._api.v2.config")])
    assert any(f.id == "tf-api-newer-than-installed" for f in report.findings)
    assert report.verdict.gpu_usable is None
    assert report.meta["gpu_usable"].startswith("unknown: the error says nothing about the GPU")


def test_a_gpu_error_still_makes_gpu_usable_false() -> None:
    lines = ["2024-01-22 10:32:39.444469: E external/local_xla/xla/stream_executor/cuda/"
             "cuda_driver.cc:268] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable "
             "device is detected"]
    report = _report(lines)
    assert any(f.severity.name == "ERROR" for f in report.findings)
    assert report.verdict.gpu_usable is False
