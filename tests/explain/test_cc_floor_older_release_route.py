"""A GPU below the build's compute-capability floor (gpu_device.cc: "Ignoring visible gpu
device (... compute capability: X.Y) with Cuda compute capability X.Y. The minimum required
Cuda capability is Z.W."): the older release offered comes with the CUDA and cuDNN it loads,
the route ``tfgpu plan`` takes for such a GPU, never a bare ``pip install 'tensorflow<=X'``
that leaves the GPU unused."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.findings import Finding
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.agreement import host_rules, installed_requirements, line_accepted

HOST = (Path(__file__).resolve().parent.parent / "fixtures" / "plan-agreement-hosts"
        / "linux-gtx960-driver580.json")


def _ignored(cc: str, minimum: str, name: str = "NVIDIA GeForce GTX 970") -> str:
    return ("2024-12-02 12:00:01.229911: W tensorflow/core/common_runtime/gpu/gpu_device.cc:"
            f"2343] Ignoring visible gpu device (device: 0, name: {name}, pci bus id: "
            f"0000:01:00.0, compute capability: {cc}) with Cuda compute capability {cc}. The "
            f"minimum required Cuda capability is {minimum}.")


def _finding(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == "gpu-compute-capability-too-low")


@pytest.mark.parametrize("python", ["3.12.3", "3.11.9", None])
def test_maxwell_below_the_six_floor_gets_system_cuda_and_the_wheels_alternative(
        python: str | None) -> None:
    lines = ([f"Python {python}"] if python else []) + ["2.18.0", _ignored("5.2", "6.0")]
    fix = "\n".join(_finding(lines).fix)
    # 2.16.1 is the newest release built for 5.2; its wheels do not find the nvidia-* CUDA
    # wheels (platform fact tf-216-nvidia-wheel-libs-not-found): CUDA 12.3 + cuDNN 8.9
    assert "tensorflow<=" not in fix
    assert "install CUDA 12.3 and cuDNN 8.9 system-wide" in fix
    assert "'tensorflow~=2.16.1' 'numpy<2'" in fix
    assert "export LD_LIBRARY_PATH=/usr/local/cuda-12.3/lib64" in fix
    assert "'tensorflow[and-cuda]~=2.15.0'" in fix
    assert ("a fresh venv with Python 3.11" in fix) is (python == "3.12.3")


def test_kepler_below_a_higher_floor_gets_the_and_cuda_release_built_for_it() -> None:
    fix = "\n".join(_finding([_ignored("3.5", "5.0", "Tesla K40m")]).fix)
    assert "'tensorflow[and-cuda]~=2.14.0'" in fix and "CUDA 11.8" in fix
    assert "tensorflow<=" not in fix


def test_the_lines_are_ones_the_plan_for_that_gpu_accepts() -> None:
    # a GTX 960 (5.2) host with Python 3.12: each install line of the log-only finding is
    # what one of the host's plans installs (the default system-cuda route, the pip one)
    host = HostFacts.from_json(HOST.read_text(encoding="utf-8"))
    host = dataclasses.replace(host, python=dataclasses.replace(host.python,
                                                                version="3.12.3"))
    kb = load_knowledge()
    rules = host_rules(host, kb)
    assert rules is not None
    f = _finding(["Python 3.12.3", "2.18.0", _ignored("5.2", "6.0", "NVIDIA GeForce GTX 960")])
    # the alternative is shown as "# or pip install ...": read it as the command it names
    installs = [reqs for line in f.fix
                if (reqs := installed_requirements(line.removeprefix("# or ")))]
    assert len(installs) == 2
    for reqs in installs:
        assert any(line_accepted(reqs, p, kb) == () for p in rules.plans), reqs
