"""A GPU that a PluggableDevice plugin registers (Apple's tensorflow-metal, the DirectML
plugin) and TensorFlow creates a device on is a working GPU, read from
pluggable_device_factory.cc's "Created TensorFlow device (... with N MB memory) -> physical
PluggableDevice (device: 0, name: METAL, pci bus id: <undefined>)" line, the same reading as
the CUDA device-creation line; tensorflow-metal's "Metal device set to: <chip>" names the chip."""

from __future__ import annotations

import io

import pytest

from tfgpu.diagnosis.verdict import explain_report
from tfgpu.explain import explain_lines, explain_stream
from tfgpu.findings import Finding, Severity

FACTORY = "I tensorflow/core/common_runtime/pluggable_device/pluggable_device_factory.cc:{n}] "


def _created(name: str, mb: int = 0, idx: int = 0, dtype: str = "GPU", n: int = 271) -> str:
    return (FACTORY.format(n=n) + f"Created TensorFlow device (/job:localhost/replica:0/task:0/"
            f"device:{dtype}:{idx} with {mb} MB memory) -> physical PluggableDevice (device: "
            f"{idx}, name: {name}, pci bus id: <undefined>)")


def _finding(lines: list[str]) -> Finding | None:
    return next((f for f in explain_lines(lines) if f.id == "gpu-device-created"), None)


@pytest.mark.parametrize("stamp", ["", "2023-06-01 10:00:00.123456: "])
@pytest.mark.parametrize("n", [271, 272, 306])
def test_the_metal_device_line_is_a_gpu_in_use(stamp: str, n: int) -> None:
    f = _finding(["Metal device set to: Apple M2 Max", stamp + _created("METAL", n=n)])
    assert f is not None and f.severity is Severity.OK
    assert "GPU:0 METAL (Apple M2 Max)" in f.title
    assert "0 MB" not in f.title and "tensorflow-metal" in f.cause


def test_without_the_chip_line_the_device_is_still_read() -> None:
    f = _finding([_created("METAL")])
    assert f is not None and f.title.startswith("TensorFlow created GPU:0 METAL ")


def test_a_directml_device_names_its_memory() -> None:
    f = _finding([_created("DML", mb=40841)])
    assert f is not None and "GPU:0 DML (40841 MB)" in f.title
    assert "directml" in f.cause.lower()


def test_a_device_plugin_of_another_type_is_no_gpu_reading() -> None:
    assert _finding([_created("Intel(R) Data Center GPU Max 1100", dtype="XPU")]) is None


def test_a_metal_log_is_no_cuda_problem() -> None:
    found = explain_lines(["Metal device set to: Apple M1", _created("METAL"),
                           ">>> tf.test.is_built_with_cuda()", "False"])
    assert [f.id for f in found if f.severity is Severity.ERROR] == []
    assert any(f.id == "gpu-device-created" for f in found)


def test_the_verdict_says_the_gpu_is_usable() -> None:
    lines = ["Metal device set to: Apple M1", _created("METAL")]
    result = explain_stream(io.BytesIO("\n".join(lines).encode()))
    report = explain_report(result.findings, result.stats, "t.log", died=result.died)
    assert report.verdict.gpu_usable is True
    assert "created a GPU device" in report.verdict.headline
