"""TensorFlow 1.x printed each GPU's free memory when it found the device, before it allocated
anything.  Under 10% free there means another process holds the GPU, even when the paste ends
at those lines and shows no failure yet: a warning that names the share free.

The device lines are gpu_device.cc's, in both wordings (TF 0.x-1.4: "Total memory: %s" and
"Free memory: %s" on lines of their own; TF 1.5-1.15: "totalMemory: %s freeMemory: %s" after
"Found device N with properties:"); the logs are variants written for these tests.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity

HELD = "gpu-memory-held-by-other-process"


def _tf0(free: str, total: str = "11.90GiB", idx: int = 0) -> list[str]:
    """TF 0.x-1.4's device lines (gpu_device.cc), one GPU."""
    return [f"I tensorflow/core/common_runtime/gpu/gpu_device.cc:885] Found device {idx} with "
            "properties: ", "name: TITAN X (Pascal)",
            "major: 6 minor: 1 memoryClockRate (GHz) 1.531", "pciBusID 0000:04:00.0",
            f"Total memory: {total}", f"Free memory: {free}"]


def _tf1(free: str, total: str = "10.92GiB", idx: int = 0) -> list[str]:
    """TF 1.5-1.15's device lines (gpu_device.cc), one GPU."""
    return [f"2018-06-01 10:00:00.000001: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1356]"
            f" Found device {idx} with properties: ",
            "name: GeForce GTX 1080 Ti major: 6 minor: 1 memoryClockRate(GHz): 1.582",
            "pciBusID: 0000:01:00.0", f"totalMemory: {total} freeMemory: {free}"]


_CREATED = ("2018-06-01 10:00:00.500000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1053]"
            " Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 10470 "
            "MB memory) -> physical GPU (device: 0, name: GeForce GTX 1080 Ti, pci bus id: "
            "0000:01:00.0, compute capability: 6.1)")
_CREATING_OLD = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:975] Creating TensorFlow "
                 "device (/gpu:0) -> (device: 0, name: TITAN X (Pascal), pci bus id: "
                 "0000:04:00.0)")
_CREATING = ("2018-06-01 10:00:00.500000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1097]"
             " Creating TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with "
             "10470 MB memory) -> physical GPU (device: 0, name: GeForce GTX 1080 Ti, pci bus "
             "id: 0000:01:00.0, compute capability: 6.1)")
_OOM_TENSOR = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
               "allocating tensor with shape[64,256,56,56] and type float on "
               "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc")


def _found(lines: list[str]) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines)}


@pytest.mark.parametrize(("lines", "share"), [
    (_tf0("381.44MiB"), "(3%)"),
    (_tf1("212.50MiB"), "(2%)"),
    (_tf1("20.50MiB", total="15.90GiB"), "(<1%)"),
    # a paste that ends at the device lines, and one with the device created after them
    ([*_tf0("381.44MiB"), _CREATING_OLD], "(3%)"),
    ([*_tf1("1.02GiB"), _CREATING], "(9%)"),
])
def test_little_free_memory_at_start_warns_of_another_process(lines: list[str],
                                                              share: str) -> None:
    f = _found(lines)[HELD]
    assert f.severity is Severity.WARNING
    assert share in f.title and "another process" in f.title
    assert "no such failure yet" in f.cause
    assert any("Free memory" in e.text or "freeMemory" in e.text for e in f.evidence)
    assert "nvidia-smi --query-compute-apps" in f.fix[0]


@pytest.mark.parametrize("lines", [
    _tf0("11.40GiB"),  # a fresh GPU: nearly all free
    _tf1("9.80GiB"),
    _tf1("2.00GiB"),  # 18% free: above the threshold
])
def test_a_gpu_mostly_free_at_start_says_nothing(lines: list[str]) -> None:
    assert HELD not in _found(lines)


def test_a_later_sessions_reading_is_this_processs_own_pool() -> None:
    # TF 1.x prints the device lines again for each session the process opens; after the
    # first session created its device, that session's pool is what is missing
    lines = [*_tf1("10.60GiB"), _CREATING, *_tf1("212.50MiB"), _CREATING]
    assert HELD not in _found(lines)
    # nor is it another process's when an out-of-memory failure follows: the failure's own
    # finding speaks
    found = _found([*lines, _OOM_TENSOR])
    assert HELD not in found and found
    assert HELD in _found([*_tf1("212.50MiB"), _CREATING, _OOM_TENSOR])


def test_a_busy_second_gpu_beside_a_free_first_one_says_nothing() -> None:
    # ops go to GPU 0 by default; another user's job on GPU 1 need not touch this program
    assert HELD not in _found([*_tf1("10.60GiB"), *_tf1("212.50MiB", idx=1)])
    # GPU 0 busy: it is named, and so is a busy GPU 1
    f = _found([*_tf1("212.50MiB"), *_tf1("300.00MiB", idx=1)])[HELD]
    assert f.severity is Severity.WARNING and f.cause.count("MiB free of") == 2


def test_with_a_failure_after_it_the_cause_is_an_error() -> None:
    # the failure's reading (variant taken-at-start) names the cause; no second finding
    found = _found([*_tf1("212.50MiB"), _CREATED, _OOM_TENSOR])
    assert found[HELD].severity is Severity.ERROR
    assert "no such failure yet" not in found[HELD].cause
    assert [f.id for f in explain_lines([*_tf1("212.50MiB"), _OOM_TENSOR])].count(HELD) == 1


def test_an_nvidia_smi_table_beside_it_gives_one_finding() -> None:
    smi = ["|   0  GeForce GTX 108...  Off  | 00000000:01:00.0  On |                  N/A |",
           "| 23%   35C    P8    10W / 250W |  10950MiB / 11178MiB |      0%      Default |"]
    found = [f for f in explain_lines([*smi, *_tf1("212.50MiB")]) if f.id == HELD]
    assert len(found) == 1 and found[0].severity is Severity.WARNING
