"""TensorFlow 2.16.1's pip wheels do not find the nvidia-* CUDA wheels (platform fact
``tf-216-nvidia-wheel-libs-not-found``): one finding for the log's lines, whose fixes fit the
Python the log or the host facts show and the driver the log shows.

- the cudart stub's "Could not find cuda drivers" on the same log is this regression, not a
  second "install the [and-cuda] wheels" problem that the regression says would not help;
- the last release that finds the wheels by itself (2.15.1) is offered only for a Python it
  has wheels for (its tested Python range);
- a driver too old for the CUDA of these releases is named first.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity

SMI = ["| NVIDIA-SMI 545.29.06              Driver Version: 545.29.06    CUDA Version: 12.3     |",
       "|   0  NVIDIA GeForce RTX 4090        Off | 00000000:01:00.0  On |                  Off |"]
STUB = ("2024-03-12 10:14:20.112233: I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not "
        "find cuda drivers on your machine, GPU will not be used.")
DLOPEN = ("2024-03-12 10:14:22.530129: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] "
          "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned "
          "above are installed properly if you would like to use GPU.")


def _log(tf: str, python: list[str], smi: list[str] = SMI,
         version: str = "tensorflow                   {tf}") -> list[Finding]:
    return explain_lines([*smi, version.format(tf=tf), *python, STUB, DLOPEN,
                          "Skipping registering GPU devices..."])


def _errors(found: list[Finding]) -> list[str]:
    return [f.id for f in found if f.severity is Severity.ERROR]


@pytest.mark.parametrize("version", ["tensorflow                   {tf}",
                                     "TensorFlow version: {tf}", "tensorflow=={tf}"])
def test_the_stub_line_on_an_affected_release_is_one_finding_not_two(version: str) -> None:
    assert _errors(_log("2.16.1", [], version=version)) == [
        "tf-2-16-nvidia-wheel-libs-not-found"]


@pytest.mark.parametrize("python", [
    ["Python 3.12.3"],
    ["  File \"/home/u/.venv/lib/python3.12/site-packages/tensorflow/__init__.py\", line 1"],
])
def test_no_release_is_offered_that_has_no_wheel_for_the_python_shown(
        python: list[str]) -> None:
    f = next(f for f in _log("2.16.1", python) if f.id == "tf-2-16-nvidia-wheel-libs-not-found")
    assert not any("==2.15.1" in line and not line.startswith("# TensorFlow 2.15.1")
                   for line in f.fix), f.fix
    assert any("has no wheel for Python 3.12" in line for line in f.fix)


def test_the_last_working_release_is_offered_for_a_python_it_has_wheels_for() -> None:
    f = next(f for f in _log("2.16.1", ["Python 3.11.8"])
             if f.id == "tf-2-16-nvidia-wheel-libs-not-found")
    assert any(line.startswith("# or: pip install") and "==2.15.1" in line for line in f.fix)


def test_a_driver_too_old_for_the_cuda_of_the_release_is_named_first() -> None:
    smi = ["| NVIDIA-SMI 470.239.06   Driver Version: 470.239.06   CUDA Version: 11.4     |"]
    f = next(f for f in _log("2.16.1", [], smi) if f.id == "tf-2-16-nvidia-wheel-libs-not-found")
    assert "525.60.13" in f.fix[0] and "470.239.06" in f.fix[0]
    # 2.15.1 needs the same CUDA 12 driver: not offered as the way out
    assert not any("==2.15.1" in line for line in f.fix)


def test_the_empty_gpu_list_points_at_the_regression_instead_of_saying_the_log_gives_no_reason(
) -> None:
    # TensorFlow's empty device list has its reason in this log: the finding that lists no
    # GPU names it, as it does a library that did not load, and says no "does not say why"
    found = explain_lines([*SMI, "tensorflow                   2.16.1",
                           "$ python -c \"import tensorflow as tf; "
                           "print(tf.config.list_physical_devices('GPU'))\"",
                           DLOPEN, "Skipping registering GPU devices...", "[]"])
    [nogpu] = [f for f in found if f.id == "tensorflow-sees-no-gpu"]
    assert nogpu.severity is Severity.INFO and not nogpu.fix
    assert nogpu.title == "TensorFlow lists no GPU: see tf-2-16-nvidia-wheel-libs-not-found"
    assert "does not say why" not in nogpu.cause
