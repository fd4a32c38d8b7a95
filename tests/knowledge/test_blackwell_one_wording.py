"""`tfgpu doctor`, `tfgpu explain` and `tfgpu plan` state the Blackwell fact (stock pip
TensorFlow has no Blackwell kernels; the PTX JIT fails there; NGC container or a source
build) in one wording: the ``says`` and ``remedy`` strings of
``platform_facts:blackwell-no-cubins``, printed as they are and sourced to that row."""

from __future__ import annotations

import dataclasses
import shutil
from pathlib import Path

import pytest

import tfgpu.knowledge
from tfgpu import facts as F
from tfgpu.diagnosis.checks.compute_capability import rule_compute_capability
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.explain import explain_lines
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding
from tfgpu.knowledge import Knowledge, load_knowledge, load_knowledge_from
from tfgpu.logs import read_lines
from tfgpu.plan import make_plan, target_from_description
from tfgpu.plan.render import render

REF = "platform_facts:blackwell-no-cubins"
#: TensorFlow's own notice on an RTX 5090 (gpu_device.cc), as public reports quote it.
NOTICE = ("2025-04-01 10:00:01.000001: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2048]"
          " TensorFlow was not built with CUDA kernel binaries compatible with compute "
          "capability 12.0. CUDA kernels will be jit-compiled from PTX, which could take 30 "
          "minutes or longer.")


def rtx_5090_host(op_ok: bool | None) -> F.HostFacts:
    """A Linux host with an RTX 5090 (CC 12.0) and the official TF 2.20 wheel, whose
    probe's test op on the GPU ran (``op_ok``) or was not tried (``None``)."""
    devices = [F.TFDevice(name="/physical_device:CPU:0", device_type="CPU")]
    if op_ok is not None:
        devices.append(F.TFDevice(
            name="/physical_device:GPU:0", device_type="GPU", op_ok=op_ok,
            details={"device_name": "NVIDIA GeForce RTX 5090", "compute_capability": "12.0"},
            op_error=None if op_ok else "INTERNAL: CUDA_ERROR_INVALID_PTX"))
    tf = F.TFFacts(F.ProbeStatus.OK, version="2.20.0", devices=tuple(devices), returncode=0,
                   build_info={"cuda_version": "12.5.1", "cudnn_version": "9",
                               "is_cuda_build": "True",
                               "cuda_compute_capabilities": "sm_60,sm_70,sm_80,sm_89,compute_90"})
    return F.HostFacts(
        os=F.OSFacts(system="Linux", name="Ubuntu 24.04 LTS", version="24.04", machine="x86_64",
                     kernel="6.8.0-45-generic", glibc="2.39"),
        python=F.PythonFacts(version="3.12.3", executable="/opt/venv/bin/python",
                             distributions=(F.Distribution("tensorflow", "2.20.0"),)),
        cpu=F.CPUFacts(model="AMD Ryzen 9", machine="x86_64", logical_cores=16,
                       flags=("avx", "avx2", "fma")),
        gpus=(F.GPU(index=0, vendor="nvidia", name="NVIDIA GeForce RTX 5090",
                    compute_capability="12.0", source="nvml"),),
        driver=F.DriverFacts(F.ProbeStatus.OK, version="575.57.08", cuda_version="12.9",
                             source="nvml"),
        tf=tf if op_ok is not None else F.TFFacts(F.ProbeStatus.SKIPPED),
        probes=(F.ProbeRecord("cpu", F.ProbeStatus.OK),),
    )


def _words(kb: Knowledge) -> tuple[str, str]:
    fact = kb.platform_fact("blackwell-no-cubins")
    return fact.value("says"), fact.value("remedy")


def _stated(finding: Finding, kb: Knowledge) -> None:
    says, remedy = _words(kb)
    assert says in finding.cause, finding.cause
    assert any(remedy in line for line in finding.fix), finding.fix
    assert finding.knowledge_ref == REF


@pytest.mark.parametrize("op_ok", [None, True, False], ids=["no-tf", "op-ran", "op-failed"])
def test_doctor_states_the_fact_in_the_rows_words(op_ok: bool | None) -> None:
    kb = load_knowledge()
    report = diagnose(rtx_5090_host(op_ok), kb)
    found = [f for f in report.findings if f.knowledge_ref == REF]
    assert [f.id for f in found] == ["gpu-needs-ptx-jit"], [f.id for f in report.findings]
    _stated(found[0], kb)
    assert "30 minutes" not in found[0].cause  # not a slow start only
    assert ("op ran" in found[0].cause) is (op_ok is True)


def test_explain_states_the_fact_in_the_rows_words() -> None:
    kb = load_knowledge()
    found = {f.id: f for f in explain_lines([NOTICE])}
    _stated(found["gpu-arch-not-in-build"], kb)


def test_plan_states_the_fact_in_the_rows_words() -> None:
    kb = load_knowledge()
    says, remedy = _words(kb)
    plan = make_plan(target_from_description(os="linux", gpu="NVIDIA GeForce RTX 5090",
                                             driver="575.57.08", python="3.12"), kb)
    note = next(w for w in plan.warnings if w.ref == REF)
    assert says in note.text and remedy in note.text
    assert says in render(plan, "text")


def test_an_edited_row_changes_all_three(tmp_path: Path) -> None:
    """The wording lives in the row only: a knowledge whose row says something else makes
    the doctor, explain and the plan say that, with no copy left behind in the code."""
    data = Path(tfgpu.knowledge.__file__).parent / "data"
    tmp = tmp_path / "data"
    shutil.copytree(data, tmp)
    facts_file = tmp / "platform_facts.toml"
    text = facts_file.read_text(encoding="utf-8")
    says, remedy = _words(load_knowledge())
    facts_file.write_text(text.replace(says, "SAYS-MARK").replace(remedy, "REMEDY-MARK"),
                          encoding="utf-8")
    kb = load_knowledge_from(tmp)
    doctor = next(f for f in diagnose(rtx_5090_host(None), kb).findings if f.knowledge_ref == REF)
    explain = next(f for f in rule_compute_capability(Facts(None, read_lines([NOTICE]), kb))
                   if f.id == "gpu-arch-not-in-build")
    plan = make_plan(target_from_description(os="linux", gpu="NVIDIA GeForce RTX 5090",
                                             driver="575.57.08", python="3.12"), kb)
    note = next(w for w in plan.warnings if w.ref == REF)
    for text_seen in (doctor.cause + " ".join(doctor.fix), explain.cause + " ".join(explain.fix),
                      note.text):
        assert "SAYS-MARK" in text_seen and "REMEDY-MARK" in text_seen, text_seen


def test_host_without_blackwell_keeps_the_slow_start_words() -> None:
    host = rtx_5090_host(None)
    ada = dataclasses.replace(host, gpus=(F.GPU(index=0, vendor="nvidia", name="NVIDIA H100",
                                                compute_capability="9.0", source="nvml"),))
    assert not [f for f in diagnose(ada, load_knowledge()).findings if f.knowledge_ref == REF]
