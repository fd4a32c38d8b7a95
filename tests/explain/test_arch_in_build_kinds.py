""""invalid device function" / "no kernel image is available" claimed as a build without the
GPU's architecture only when both the GPU's compute capability and the build's are known and
the build does not cover the GPU; else hedged with the other causes (another CUDA runtime than
the build's, a custom op): ``kind_cases/arch_in_build.toml``."""

from __future__ import annotations

from dataclasses import replace

from tfgpu.facts import GPU, HostFacts
from tfgpu.findings import Severity

from .kind_helpers import host_facts, ids, table_test

test_case = table_test("arch_in_build")


def _host_with_gpu_cc(cc: str) -> HostFacts:
    """Host facts with one NVIDIA GPU whose compute capability is ``cc`` (the name table
    lists no GPU below 3.0, so the facts give it)."""
    return replace(host_facts("Windows", tf="1.0.0"), gpus=(
        GPU(index=0, vendor="nvidia", name="Quadro FX 2800M", compute_capability=cc,
            source="test"),))


_CUDA_DRIVER_FATAL = ("F c:\\tf_jenkins\\home\\workspace\\release-win\\device\\gpu\\os\\windows"
                      "\\tensorflow\\stream_executor\\cuda\\cuda_driver.cc:94] Check failed: "
                      "s.ok() could not find cuDevice")


def test_gpu_below_every_build() -> None:
    f = ids([_CUDA_DRIVER_FATAL], _host_with_gpu_cc("1.1"))["gpu-compute-capability-too-low"]
    assert f.severity is Severity.ERROR and f.category == "compute-capability"
    assert "1.1" in f.title and "3.0" in f.title
    assert f.knowledge_ref == "platform_facts:tf-source-build-min-cc"


def test_gpu_at_the_source_build_floor_is_not_below_every_build() -> None:
    found = ids([_CUDA_DRIVER_FATAL], _host_with_gpu_cc("3.0"))
    assert "gpu-compute-capability-too-low" not in found
