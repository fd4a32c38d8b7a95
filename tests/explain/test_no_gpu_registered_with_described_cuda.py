"""TensorFlow's own device list without a GPU ("Registered devices: [CPU]" under a GPU-only
op's "No OpKernel was registered", or "available devices are [ .../cpu:0 ]") and host facts,
as described, naming a CUDA or cuDNN of another major version than the installed release was
built with: the GPU build could not load its libraries, so that is why (the same reading as a
failed library load, checks/library_majors.py).  A CPU-only package, macOS, a 1.x package
that is not the GPU one, or a GPU in the list: no such reading."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts import Distribution

from .case_env import facts_from_env

#: The reporter's log (iperov/DeepFaceLab#5296: DeepFaceLab on TF 2.4 with CUDA 10.1 and
#: cuDNN 7 left in its environment; installing CUDA 11 and cuDNN 8 fixed it).
DEPTH_TO_SPACE = [
    "Error: No OpKernel was registered to support Op 'DepthToSpace' used by node DepthToSpace "
    "(defined at /DeepFaceLab_Linux/DeepFaceLab/core/leras/ops/__init__.py:336)  with these "
    'attrs: [T=DT_FLOAT, data_format="NCHW", block_size=2]',
    "Registered devices: [CPU]",
    "Registered kernels:",
    "  device='GPU'; T in [DT_FLOAT]",
    "  device='CPU'; T in [DT_VARIANT]; data_format in [\"NHWC\"]",
]
PINNED = ["InvalidArgumentError (see above for traceback): Cannot assign a device for operation "
          "'b_1': Operation was explicitly assigned to /device:GPU:0 but available devices are "
          "[ /job:localhost/replica:0/task:0/cpu:0 ]. Make sure the device specification "
          "refers to a valid device."]


def _ids(lines: list[str], **env: Any) -> dict[str, Any]:
    return {f.id: f for f in explain_lines(lines, facts_from_env(env))}


def test_cuda_and_cudnn_of_the_build_before_are_the_reason() -> None:
    found = _ids(DEPTH_TO_SPACE, os="Linux", tf="2.4", cuda="10.1", cudnn="7")
    cuda, cudnn = found["cuda-major-mismatch"], found["cudnn-major-mismatch"]
    assert "CUDA 10.1 (host facts)" in cuda.cause and "CUDA 11" in cuda.cause
    assert "cuDNN 8" in cudnn.cause
    assert cuda.evidence[0].text == "Registered devices: [CPU]"
    assert not cudnn.fix[0].startswith("# or ")  # no pin line before it for 2.4


def test_pinned_op_with_the_gpu_package_of_1x() -> None:
    # tensorflow-gpu 1.12 was built with CUDA 9.0 (platform fact tf1-gpu-build-cuda)
    found = _ids(PINNED, os="Linux", tf="tensorflow-gpu 1.12.0", cuda="8.0")
    assert "cuda-major-mismatch" in found


@pytest.mark.parametrize("env", [
    dict(os="Linux", tf="2.4", cuda="11.0", cudnn="8.0"),  # the build's own majors
    dict(os="macOS", tf="2.4", cuda="10.1"),  # no CUDA build for macOS
    dict(os="Linux", tf="1.12.0", cuda="8.0"),  # 1.x: plain tensorflow is the CPU package
])
def test_no_reading_where_the_majors_do_not_explain_it(env: dict[str, str]) -> None:
    found = _ids(PINNED, **env)
    assert "cuda-major-mismatch" not in found and "cudnn-major-mismatch" not in found


def test_a_cpu_only_package_is_no_such_reading() -> None:
    facts = facts_from_env(dict(os="Linux", tf="2.4.0", cuda="10.1"))
    assert facts is not None
    cpu = dataclasses.replace(facts, python=dataclasses.replace(
        facts.python, distributions=(Distribution("tensorflow-cpu", "2.4.0"),)))
    found = {f.id for f in explain_lines(PINNED, cpu)}
    assert "cuda-major-mismatch" not in found
    assert "cuda-major-mismatch" in {f.id for f in explain_lines(PINNED, facts)}


def test_a_gpu_in_the_list_is_no_such_reading() -> None:
    lines = [DEPTH_TO_SPACE[0], "Registered devices: [CPU, GPU]", *DEPTH_TO_SPACE[2:]]
    assert "cuda-major-mismatch" not in _ids(lines, os="Linux", tf="2.4", cuda="10.1")


def test_a_gpu_in_the_placers_full_device_names_is_no_such_reading() -> None:
    lines = ["Cannot assign a device for operation MatMul: Operation was explicitly assigned to "
             "/device:GPU:1 but available devices are [ /job:localhost/replica:0/task:0/"
             "device:CPU:0, /job:localhost/replica:0/task:0/device:GPU:0 ]. Make sure the "
             "device specification refers to a valid device."]
    assert "cuda-major-mismatch" not in _ids(lines, os="Linux", tf="2.15", cuda="11.8")
    cpu_only = [lines[0].replace(", /job:localhost/replica:0/task:0/device:GPU:0", "")]
    assert "cuda-major-mismatch" in _ids(cpu_only, os="Linux", tf="2.15", cuda="11.8")


def test_a_cpu_only_package_in_the_log_listing_is_no_such_reading() -> None:
    found = _ids(["tensorflow-cpu            2.15.0", *PINNED], os="Linux", tf="2.15",
                 cuda="11.8")
    assert "cuda-major-mismatch" not in found
