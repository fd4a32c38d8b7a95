"""A Mac whose interpreter has Apple's tensorflow-metal next to TensorFlow is never read as
"TensorFlow will run on the CPU only", nor told to install the plugin it has: without the
TensorFlow probe the GPU route is named, not tested; with it, the import says."""

from __future__ import annotations

import dataclasses

from doctor_helpers import TESTS

from tfgpu import facts as F
from tfgpu.findings import Report, Severity
from tfgpu.plan.agreement import diagnose_with_plan as diagnose

SNAPSHOT = TESTS / "fixtures" / "plan-agreement-hosts" / "macos14-apple-m2-no-metal.json"


def _mac(*dists: tuple[str, str], tf: F.TFFacts | None = None) -> F.HostFacts:
    """The recorded Apple M2 snapshot with ``dists`` as its TensorFlow packages."""
    host = F.HostFacts.from_json(SNAPSHOT.read_text(encoding="utf-8"))
    # numpy 1.x: the snapshot's NumPy 2 would be an error of its own beside TensorFlow 2.17
    keep = tuple(d for d in host.python.distributions
                 if not d.name.startswith(("tensorflow", "numpy", "keras")))
    python = dataclasses.replace(host.python, distributions=(
        *keep, F.Distribution("numpy", "1.26.4"), *(F.Distribution(n, v) for n, v in dists)))
    return dataclasses.replace(host, python=python,
                               tf=tf or F.TFFacts(status=F.ProbeStatus.SKIPPED))


def _ids(report: Report) -> list[str]:
    return [f.id for f in report.findings]


def test_the_plans_metal_pair_without_the_tf_probe_is_named_not_cpu_only() -> None:
    report = diagnose(_mac(("tensorflow", "2.17.0"), ("tensorflow-metal", "1.1.0")))
    v = report.verdict
    assert "CPU only" not in v.headline
    assert v.headline.startswith("Apple M2 GPU through tensorflow-metal 1.1.0 (tensorflow "
                                 "2.17.0), not tested")
    assert v.gpu_usable is None
    assert "no-nvidia-gpu" not in _ids(report)
    # a pair known not to load stays an error, not a GPU route
    broken = diagnose(_mac(("tensorflow", "2.18.0"), ("tensorflow-metal", "1.1.0")))
    assert "metal-plugin-tensorflow-mismatch" in [
        f.id for f in broken.findings if f.severity is Severity.ERROR]
    assert "through tensorflow-metal" not in broken.verdict.headline


def test_an_older_tensorflow_macos_pair_is_named_too() -> None:
    report = diagnose(_mac(("tensorflow-macos", "2.9.2"), ("tensorflow-metal", "0.5.0")))
    assert "tensorflow-metal 0.5.0 (tensorflow-macos 2.9.2)" in report.verdict.headline
    assert not any("install Apple's" in (f.cause or "") for f in report.findings)


def test_a_gpu_that_computed_gets_no_will_use_the_cpu_warning() -> None:
    tf = F.TFFacts(status=F.ProbeStatus.OK, version="2.17.0", devices=(
        F.TFDevice("/physical_device:CPU:0", "CPU"),
        F.TFDevice("/physical_device:GPU:0", "GPU", op_ok=True)))
    report = diagnose(_mac(("tensorflow", "2.17.0"), ("tensorflow-metal", "1.1.0"), tf=tf))
    assert report.verdict.gpu_usable is True
    assert "no-nvidia-gpu" not in _ids(report)


def test_a_plugin_that_did_not_load_is_said_so_not_install_it() -> None:
    tf = F.TFFacts(status=F.ProbeStatus.OK, version="2.17.0",
                   devices=(F.TFDevice("/physical_device:CPU:0", "CPU"),))
    report = diagnose(_mac(("tensorflow", "2.17.0"), ("tensorflow-metal", "1.1.0"), tf=tf))
    f = next(x for x in report.findings if x.id == "no-nvidia-gpu")
    assert "tensorflow-metal 1.1.0 is installed, yet tensorflow 2.17.0 lists no GPU" in f.cause
    assert "install Apple's" not in f.cause

