"""explain --facts of a GPU-less host with a log that shows a loaded NVIDIA kernel module
(cuda_diagnostics' "kernel reported version is: N", read from /proc/driver/nvidia/version)
is the facts-vs-log contradiction too: the log's error is kept."""

from __future__ import annotations

from tests.doctor.doctor_helpers import this_machine

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

LOG = [
    "E tensorflow/stream_executor/cuda/cuda_driver.cc:328] failed call to cuInit: "
    "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
    "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:200] libcuda reported version is: "
    "460.73.1",
    "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:204] kernel reported version is: "
    "455.32.0",
    "E tensorflow/stream_executor/cuda/cuda_diagnostics.cc:313] kernel version 455.32.0 does "
    "not match DSO version 460.73.1 -- cannot find working devices in this configuration",
]


def test_kernel_module_in_log_contradicts_gpu_less_facts() -> None:
    found = {f.id: f for f in explain_lines(LOG, this_machine())}
    assert "host-facts-contradict-log" in found, found
    assert any(f.severity is Severity.ERROR for f in found.values()), found
    assert "no-nvidia-gpu" not in found, found


def test_cuinit_alone_is_no_contradiction() -> None:
    found = {f.id for f in explain_lines(LOG[:1], this_machine())}
    assert "host-facts-contradict-log" not in found, found
