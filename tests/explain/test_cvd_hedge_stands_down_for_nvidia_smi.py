"""cuInit's CUDA_ERROR_NO_DEVICE with nvidia-smi's own failure in the same log: nvidia-smi
(NVML) ignores CUDA_VISIBLE_DEVICES, so when it cannot reach the driver or finds no GPU, no
CUDA_VISIBLE_DEVICES setting is the cause and the hedged "CUDA_VISIBLE_DEVICES hides them"
finding stands down; alone, the cuInit line keeps that hedge."""

from __future__ import annotations

import pytest

from .kind_helpers import ids

_CUINIT = [
    # TF 1.x-2.x stream_executor, without and with cuGetErrorString's text
    "E tensorflow/stream_executor/cuda/cuda_driver.cc:406] failed call to cuInit: "
    "CUDA_ERROR_NO_DEVICE",
    "E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed call to cuInit: "
    "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
    # XLA's stream_executor (TF 2.15+)
    "E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:282] failed call to "
    "cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
]

_SMI = [
    "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver. Make sure "
    "that the latest NVIDIA driver is installed and running.",
    "NVIDIA-SMI has failed because it couldn&#39;t communicate with the NVIDIA driver. Make "
    "sure that the latest NVIDIA driver is installed and running.",
    "No devices were found",
]


@pytest.mark.parametrize("cuinit", _CUINIT)
@pytest.mark.parametrize("smi", _SMI)
def test_nvidia_smi_failure_makes_the_visibility_hedge_stand_down(cuinit: str,
                                                                  smi: str) -> None:
    found = ids([cuinit, "", smi])
    assert "cuda-visible-devices-hides-gpus" not in found


@pytest.mark.parametrize("cuinit", _CUINIT)
def test_the_cuinit_line_alone_keeps_the_hedge(cuinit: str) -> None:
    assert "cuda-visible-devices-hides-gpus" in ids([cuinit])
