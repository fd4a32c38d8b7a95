"""A log whose package listing shows another CUDA major's cuDNN or NCCL wheel (PyTorch's
CUDA 13 wheels) sends every install of TensorFlow's CUDA 12 wheels to a virtual environment
of its own: the wheels of both majors put the same files into site-packages/nvidia/cudnn/lib
and nvidia/nccl/lib (platform facts cudnn-wheels-share-folder, nccl-wheels-share-folder)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

_NO_GPU = [
    "2026-11-01 10:00:00.000000: I external/local_xla/xla/tsl/cuda/cudart_stub.cc:31] Could "
    "not find cuda drivers on your machine, GPU will not be used.",
    "2026-11-01 10:00:01.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2365] "
    "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above "
    "are installed properly if you would like to use GPU.",
    "Skipping registering GPU devices...",
    "| NVIDIA-SMI 580.159.04             Driver Version: 580.159.04     CUDA Version: 13.0     |",
]


def _fixes(listing: list[str]) -> list[str]:
    found: tuple[Finding, ...] = explain_lines([*listing, "tensorflow                2.21.0",
                                                *_NO_GPU])
    return [line for f in found for line in f.fix]


@pytest.mark.parametrize("listing", [
    ["nvidia-cudnn-cu13         9.19.0.56", "torch                     2.11.0"],
    ["nvidia-nccl-cu13==2.28.9", "torch==2.11.0"],
])
def test_an_install_of_cuda12_wheels_goes_to_its_own_venv(listing: list[str]) -> None:
    fixes = _fixes(listing)
    installs = [x for x in fixes if "tensorflow[and-cuda]" in x and "pip install" in x]
    assert installs and all("-m venv ~/tf && ~/tf/bin/python -m pip install" in x
                            for x in installs)
    assert any(x.startswith("# in a virtual environment of its own (~/tf)") and "cu13" in x
               for x in fixes)


def test_the_same_major_installs_where_it_is() -> None:
    fixes = _fixes(["nvidia-cudnn-cu12         9.3.0.75"])
    installs = [x for x in fixes if "tensorflow[and-cuda]" in x and "pip install" in x]
    assert installs and not any("~/tf" in x for x in installs)
