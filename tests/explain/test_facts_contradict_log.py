"""explain --facts with facts from another machine (eyes report F-3): when the probed facts
show no NVIDIA GPU but the log proves one, say so and read the log alone, so the facts
cannot lower the log's errors; without a contradiction the host facts still win."""

from __future__ import annotations

from tests.doctor.doctor_helpers import gpu_host, this_machine

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

W = "2021-08-28 11:45:41.069043: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] "
COMPUTE_NODE_LOG = [
    "2021-08-28 11:45:41.068597: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1720] "
    "Found device 0 with properties:",
    "pciBusID: 0000:00:04.0 name: Tesla V100-SXM2-16GB computeCapability: 7.0",
    W + "Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: "
    "cannot open shared object file: No such file or directory",
    W + "Could not load dynamic library 'libcublas.so.11'; dlerror: libcublas.so.11: cannot "
    "open shared object file: No such file or directory",
    "2021-08-28 11:45:41.069350: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1757] "
    "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above "
    "are installed properly if you would like to use GPU.",
    "Skipping registering GPU devices...",
]


def test_facts_without_gpu_and_log_with_gpu_is_a_named_contradiction() -> None:
    found = {f.id: f for f in explain_lines(COMPUTE_NODE_LOG, this_machine())}
    assert "host-facts-contradict-log" in found, found
    assert found["host-facts-contradict-log"].severity is Severity.WARNING
    assert "different machines" in found["host-facts-contradict-log"].title
    missing = found["library-not-loaded-libcudart-so-11-0"]
    assert missing.severity is Severity.ERROR, missing
    assert "no-nvidia-gpu" not in found, found


def test_facts_that_agree_with_the_log_still_win() -> None:
    found = {f.id for f in explain_lines(COMPUTE_NODE_LOG, gpu_host())}
    assert "host-facts-contradict-log" not in found, found


def test_facts_without_gpu_and_a_log_without_gpu_are_no_contradiction() -> None:
    cpu_log = [W + "Could not load dynamic library 'libcudart.so.11.0'; dlerror: "
               "libcudart.so.11.0: cannot open shared object file: No such file or directory"]
    found = {f.id: f for f in explain_lines(cpu_log, this_machine())}
    assert "host-facts-contradict-log" not in found, found
    assert all(f.severity is not Severity.ERROR for f in found.values()), found
