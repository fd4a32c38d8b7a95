"""``tfgpu bench`` (``--devices auto``) on a host whose NVIDIA GPU TensorFlow does not list:
the CPU-only result says so and points at ``tfgpu doctor`` (``bench-gpu-not-used``), never a
clean "done on cpu" alone."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "doctor"))

from doctor_helpers import gpu_host, l4_gpu, this_machine
from test_bench_runner import cfg, outcome

from tfgpu.bench.runner import summarise
from tfgpu.diagnosis.verdict import bench_report
from tfgpu.facts import HostFacts
from tfgpu.findings import Report, Severity


def _bench(devices: tuple[str, ...] | None, ran: tuple[str, ...],
           facts: HostFacts | None) -> Report:
    outcomes = [outcome(d, [1.0], [0.5]) for d in ran]
    doc, findings = summarise(cfg(devices=devices), outcomes, (0,), (0,), 1.0, facts)
    return bench_report(doc, findings)


def test_auto_run_on_the_cpu_of_a_host_with_an_nvidia_gpu_says_so() -> None:
    host = gpu_host(gpus=(l4_gpu(0), l4_gpu(1)))
    report = _bench(None, ("cpu",), host)
    f = next(f for f in report.findings if f.id == "bench-gpu-not-used")
    assert f.severity is Severity.WARNING
    assert "NVIDIA L4" in f.title and "CPU only" in f.title
    assert "nvml lists 2 NVIDIA GPUs" in f.cause
    assert f.fix[0].startswith("tfgpu doctor")
    verdict = report.verdict
    assert verdict.gpu_usable is False
    assert "listed none of this host's NVIDIA GPUs (see tfgpu doctor)" in verdict.headline


def test_no_claim_without_an_nvidia_gpu_a_gpu_run_or_a_chosen_device() -> None:
    cases = [
        (None, ("cpu",), this_machine()),  # no NVIDIA GPU on the host
        (None, ("cpu",), None),  # facts not gathered: nothing is known
        (None, ("cpu", "gpu:0"), gpu_host()),  # a GPU ran
        (("cpu",), ("cpu",), gpu_host()),  # the user chose the CPU
    ]
    for devices, ran, facts in cases:
        report = _bench(devices, ran, facts)
        assert not any(f.id == "bench-gpu-not-used" for f in report.findings), (devices, ran)
        assert "see tfgpu doctor" not in report.verdict.headline


def test_the_cause_names_every_gpu_the_host_shows_up_to_four() -> None:
    gpus = tuple(dataclasses.replace(l4_gpu(i), source="nvidia-smi") for i in range(6))
    report = _bench(None, ("cpu",), gpu_host(gpus=gpus))
    f = next(f for f in report.findings if f.id == "bench-gpu-not-used")
    assert "GPU 3: NVIDIA L4 and 2 more" in f.cause and "nvidia-smi lists 6" in f.cause
