"""A GPU TensorFlow listed whose test op has no recorded result is "listed, not tested":
"can use" rests on a computation (``op_ok`` true), never on a missing result."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from doctor_helpers import gpu_host, l4_gpu, tf_with_gpus

from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import TFDevice
from tfgpu.facts.host import read_facts_file
from tfgpu.findings import Severity

SCENARIOS = Path(__file__).resolve().parents[1] / "fixtures" / "doctor-scenarios"


def _untested(dev: TFDevice) -> TFDevice:
    return dataclasses.replace(dev, op_ok=None, op_device=None) if dev.device_type == "GPU" \
        else dev


def test_gpu_without_op_result_is_listed_not_tested_never_can_use() -> None:
    facts = read_facts_file(str(SCENARIOS / "l4_ok.json"))
    assert facts.tf is not None
    facts = dataclasses.replace(facts, tf=dataclasses.replace(
        facts.tf, devices=tuple(_untested(d) for d in facts.tf.devices)))
    report = diagnose(facts)
    assert report.verdict.gpu_usable is None
    assert "can use" not in report.verdict.headline
    assert report.verdict.headline == ("TensorFlow 2.21.0 lists GPU 0: NVIDIA L4, 22.5 GiB, not "
                                       "tested: no result of its test op is recorded")
    (f,) = [f for f in report.findings if f.id == "tensorflow-gpu-op-untested"]
    assert f.severity is Severity.WARNING and "/physical_device:GPU:0" in f.title
    assert "tensorflow-gpu-works" not in [g.id for g in report.findings]


def test_a_tested_gpu_beside_an_untested_one_is_named_and_the_other_flagged() -> None:
    tf = tf_with_gpus("NVIDIA L4", "NVIDIA L4")
    devices = list(tf.devices)
    devices[2] = _untested(devices[2])
    facts = gpu_host(gpus=(l4_gpu(0), l4_gpu(1)),
                     tf=dataclasses.replace(tf, devices=tuple(devices)))
    report = diagnose(facts)
    assert report.verdict.gpu_usable is True
    assert report.verdict.headline == "TensorFlow 2.15.0 can use GPU 0: NVIDIA L4, 22.5 GiB"
    (f,) = [f for f in report.findings if f.id == "tensorflow-gpu-op-untested"]
    assert "/physical_device:GPU:1" in f.title and "GPU:0" not in f.title
