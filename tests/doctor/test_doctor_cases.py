"""Real failure cases whose failure printed nothing (``"log": null``): the host facts alone
must lead the doctor to a finding of the case's ``kind`` (tests/fixtures/cases/README.md).

Each case's ``env`` (free text from the report) is turned into HostFacts by the generic
reader below: GPU count/name/memory/compute capability, driver, OS, Python, TF version.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from doctor_helpers import cpu_ok

from tfgpu import facts as F
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.knowledge import load_knowledge

CASES = Path(__file__).resolve().parent.parent / "fixtures" / "cases"


def _doctor_cases() -> list[dict[str, Any]]:
    out = []
    for path in sorted(CASES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("log") is None:
            out.append(data)
    return out


def _gpus(text: str | None) -> tuple[F.GPU, ...]:
    if not text:
        return ()
    m = re.match(r"\s*(\d+)\s*x\s*(.*)", text)
    count, rest = (int(m.group(1)), m.group(2)) if m else (1, text)
    name = re.split(r"\s+\d+\s*GB\b|\s*\(|\s+on\s+", rest)[0].strip()
    mem = re.search(r"(\d+)\s*GB", rest)
    cc = re.search(r"compute capability\s*(\d+\.\d+)", rest)
    return tuple(F.GPU(index=i, vendor="nvidia", name=name,
                     memory_total_mib=int(mem.group(1)) * 1024 if mem else None,
                     compute_capability=cc.group(1) if cc else None,
                     pci_bus_id=f"00000000:{i + 1:02x}:00.0", source="nvidia-smi")
                 for i in range(count))


def case_facts(env: dict[str, str | None]) -> F.HostFacts:
    """Host facts a tool would see on the case's host, from its ``env`` text only."""
    gpus = _gpus(env.get("gpu"))
    os_text = env.get("os") or ""
    system = "Windows" if "windows" in os_text.lower() else "Darwin" if "mac" in \
        os_text.lower() else "Linux"
    tf_ver = re.search(r"\d+\.\d+(?:\.\d+)?", env.get("tf") or "")
    py_ver = re.search(r"\d+\.\d+(?:\.\d+)?", env.get("python") or "")
    driver = re.search(r"\d+\.\d+(?:\.\d+)?", env.get("driver") or "")
    dists = (F.Distribution("tensorflow", tf_ver.group(0)),) if tf_ver else ()
    tf = F.TFFacts(F.ProbeStatus.OK, version=tf_ver.group(0) if tf_ver else None,
                 build_info={"is_cuda_build": "True"},
                 devices=tuple(F.TFDevice(name=f"/physical_device:GPU:{g.index}",
                                        device_type="GPU", op_ok=True) for g in gpus))
    return F.HostFacts(
        os=F.OSFacts(system=system, name=os_text or None, machine="x86_64"),
        python=F.PythonFacts(version=py_ver.group(0) if py_ver else "unknown",
                           executable="/usr/bin/python3", distributions=dists),
        cpu=cpu_ok(), gpus=gpus,
        driver=F.DriverFacts(F.ProbeStatus.OK, version=driver.group(0) if driver else None,
                           source="nvidia-smi") if gpus else F.DriverFacts(F.ProbeStatus.MISSING),
        tf=tf if tf_ver else None,
        probes=(F.ProbeRecord("cpu", F.ProbeStatus.OK),),
    )


DOCTOR_CASES = _doctor_cases()


def test_there_are_doctor_cases() -> None:
    assert {c["id"] for c in DOCTOR_CASES} >= {"030", "033"}


@pytest.mark.parametrize("case", DOCTOR_CASES, ids=[c["id"] for c in DOCTOR_CASES])
def test_case_env_leads_to_a_finding_of_its_kind(case: dict[str, Any]) -> None:
    facts = case_facts(case["env"])
    report = diagnose(facts, load_knowledge())
    kinds = {f.category for f in report.findings if f.severity.rank >= 1}
    assert case["kind"] in kinds, (case["id"], [(f.id, f.category) for f in report.findings])


def test_case_030_reader_sees_ten_a5000() -> None:
    (case,) = [c for c in DOCTOR_CASES if c["id"] == "030"]
    facts = case_facts(case["env"])
    assert len(facts.nvidia_gpus) == 10
    assert facts.nvidia_gpus[0].name == "NVIDIA RTX A5000"
    assert facts.nvidia_gpus[0].memory_total_mib == 24 * 1024


def test_case_033_reader_sees_the_gtx_1660_ti_cc_7_5() -> None:
    (case,) = [c for c in DOCTOR_CASES if c["id"] == "033"]
    facts = case_facts(case["env"])
    (gpu,) = facts.nvidia_gpus
    assert gpu.name == "NVIDIA GeForce GTX 1660 Ti" and gpu.compute_capability == "7.5"
    ids = {f.id for f in diagnose(facts, load_knowledge()).findings}
    assert "gpu-without-tensor-cores" in ids
