"""doctor's no-nvidia-gpu finding gives AMD's ROCm verdict per model (issue 12 review)."""

from __future__ import annotations

from doctor_helpers import cpu_ok, dist, python

from tfgpu import facts as F
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.findings import Finding


def _amd(name: str) -> Finding:
    facts = F.HostFacts(
        os=F.OSFacts(system="Linux", machine="x86_64"), python=python(dist("tensorflow", "2.16.1")),
        cpu=cpu_ok(), gpus=(F.GPU(index=0, vendor="amd", name=name, source="lspci"),),
        driver=F.DriverFacts(F.ProbeStatus.MISSING), tf=F.TFFacts(F.ProbeStatus.SKIPPED),
        probes=(F.ProbeRecord("cpu", F.ProbeStatus.OK),
                F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING, ("nvidia-smi",))),
    )
    found = [f for f in diagnose(facts).findings if f.id == "no-nvidia-gpu"]
    assert found
    return found[0]


def test_listed_gpu_keeps_the_rocm_install() -> None:
    f = _amd("AMD Radeon RX 7900 XTX")
    assert "is on AMD's ROCm" in f.cause and any("install ROCm" in x for x in f.fix)


def test_integrated_780m_is_not_sent_to_rocm() -> None:
    f = _amd("AMD Radeon 780M Graphics")
    assert "not supported by ROCm's TensorFlow" in f.cause and "gfx1103" in f.cause
    assert not any("install ROCm" in x for x in f.fix)


def test_gfx1031_card_shows_the_override_as_unofficial() -> None:
    f = _amd("Radeon RX 6700 XT")
    assert "gfx1031" in f.cause
    assert any("unofficial" in x and "HSA_OVERRIDE_GFX_VERSION=10.3.0" in x for x in f.fix)
