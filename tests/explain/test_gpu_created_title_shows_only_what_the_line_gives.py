"""The "TensorFlow created GPU:N" title names the memory and compute capability only when the device
line gives them: TF 1.x's "Creating TensorFlow device (/gpu:0) -> (device: 0, name: ...)"
has no memory figure, and the title never reads "(None MB)"."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

TF1 = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:975] Creating TensorFlow device "
       "(/gpu:0) -> (device: 0, name: GeForce GTX 1080, pci bus id: 0000:01:00.0)")


def _title(line: str) -> str:
    return next(f.title for f in explain_lines([line]) if f.id == "gpu-device-created")


@pytest.mark.parametrize("line", [TF1, TF1.replace("/gpu:0", "/device:GPU:0"),
                                  TF1.replace("(device: 0", "physical GPU (device: 0")])
def test_a_device_line_without_memory_gives_a_title_without_memory(line: str) -> None:
    title = _title(line)
    assert title.endswith("GPU:0 GeForce GTX 1080"), title
    assert "None" not in title and "MB" not in title


def test_memory_and_compute_capability_are_shown_when_the_line_gives_them() -> None:
    line = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:1525] Created device "
            "/job:localhost/replica:0/task:0/device:GPU:0 with 22279 MB memory:  -> device: 0, "
            "name: NVIDIA L4, pci bus id: 0000:00:03.0, compute capability: 8.9")
    assert _title(line).endswith("GPU:0 NVIDIA L4 (22279 MB, cc 8.9)")


def test_compute_capability_alone_is_shown_without_memory() -> None:
    title = _title(TF1.replace("0000:01:00.0)", "0000:01:00.0, compute capability: 6.1)"))
    assert title.endswith("GeForce GTX 1080 (cc 6.1)"), title
