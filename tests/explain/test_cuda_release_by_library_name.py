"""TensorFlow loads its CUDA runtime by file name, and before CUDA 11 the name carries the
major.minor (``libcudart.so.10.1``, ``cudart64_101.dll``): a host whose only toolkit is
another 10.x lists no GPU, on Linux and on native Windows alike. With the host's CUDA known,
that is ``tf-cuda-runtime-missing`` (variant ``cuda-major-missing``) naming the file, not the
generic "TensorFlow sees no GPU"."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

from .case_env import facts_from_env

CPU_ONLY = ["tf.config.list_physical_devices(None)",
            "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]"]


@pytest.mark.parametrize(("os_name", "loads", "folder"), [
    ("Windows 10", "cudart64_101.dll", "PATH"),
    ("Ubuntu 18.04", "CUDA 10.1 libraries by name", "LD_LIBRARY_PATH"),
])
def test_another_10x_toolkit_cannot_serve_a_10_1_build(os_name: str, loads: str,
                                                       folder: str) -> None:
    facts = facts_from_env({"os": os_name, "tf": "2.1.0", "cuda": "10.2.89",
                            "gpu": "NVIDIA GTX 1650", "install_method": "pip"})
    found = {f.id: f for f in explain_lines(CPU_ONLY, facts)}
    f = found["tf-cuda-runtime-missing"]
    assert f.severity.value == "error"
    assert loads in f.cause and "10.2.89" in f.cause and "major.minor" in f.cause
    assert folder in f.fix[0] and "CUDA 10.1" in f.fix[0]
    assert "tensorflow-sees-no-gpu" not in found


def test_a_toolkit_of_the_builds_release_is_no_such_finding() -> None:
    facts = facts_from_env({"os": "Windows 10", "tf": "2.1.0", "cuda": "10.1.243",
                            "gpu": "NVIDIA GTX 1650", "install_method": "pip"})
    assert "tf-cuda-runtime-missing" not in {f.id for f in explain_lines(CPU_ONLY, facts)}
