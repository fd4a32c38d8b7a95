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
    here = [i for i, x in enumerate(fixes) if "tensorflow[and-cuda]" in x
            and "pip install" in x and "~/tf" not in x]
    moved = [x for x in fixes if "-m venv ~/tf && ~/tf/bin/python -m pip install" in x]
    # every install left in this environment (a comment's "or: pip install ...", a compound
    # command) is followed by the warning; a plain one is rewritten into ~/tf
    assert here or moved
    for i in here:
        assert fixes[i + 1].startswith("# not into this environment: it holds nvidia-")
        assert "cu13" in fixes[i + 1]


def test_the_same_major_installs_where_it_is() -> None:
    fixes = _fixes(["nvidia-cudnn-cu12         9.3.0.75"])
    installs = [x for x in fixes if "tensorflow[and-cuda]" in x and "pip install" in x]
    assert installs and not any("~/tf" in x for x in installs)


def _warned(fixes: list[str]) -> bool:
    return any(x.startswith("# not into this environment") or "-m venv ~/tf &&" in x
               for x in fixes)


@pytest.mark.parametrize("listing", [
    ["nvidia-cudnn-cu13 @ file:///wheels/nvidia_cudnn_cu13-9.19.0.56-py3-none-any.whl"],
    ["Requirement already satisfied: nvidia-cudnn-cu13==9.19.0.56 in "
     "/opt/torch/.venv/lib/python3.12/site-packages (from torch) (9.19.0.56)"],
])
def test_other_listing_forms_are_read(listing: list[str]) -> None:
    assert _warned(_fixes(listing))


def test_a_wheel_the_log_shows_uninstalled_afterwards_no_longer_counts() -> None:
    fixes = _fixes(["nvidia-cudnn-cu13         9.19.0.56",
                    "Found existing installation: nvidia-cudnn-cu13 9.19.0.56",
                    "Uninstalling nvidia-cudnn-cu13-9.19.0.56:",
                    "  Successfully uninstalled nvidia-cudnn-cu13-9.19.0.56"])
    assert not _warned(fixes)
