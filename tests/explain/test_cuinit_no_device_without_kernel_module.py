"""cuInit's CUDA_ERROR_NO_DEVICE with cuda_diagnostics' "kernel driver does not appear to be
running on this host": a real libcuda answered (a stub answers 34 or 303) and no NVIDIA kernel
module runs, so the driver's user-space part is installed and its module is not loaded (a
hybrid laptop on its integrated GPU, Secure Boot, a kernel update); a warning when nothing
shows a GPU (a machine without one is fine), never the CUDA_VISIBLE_DEVICES reading."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Severity

NO_DEVICE = ("2023-05-12 13:06:22.925539: E tensorflow/compiler/xla/stream_executor/cuda/"
             "cuda_driver.cc:267] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable "
             "device is detected")
NOT_RUNNING = ("2023-05-12 13:06:22.925574: I tensorflow/compiler/xla/stream_executor/cuda/"
               "cuda_diagnostics.cc:156] kernel driver does not appear to be running on this "
               "host (flappi-top): /proc/driver/nvidia/version does not exist")


def test_no_device_without_a_kernel_module_is_the_module_not_loaded() -> None:
    found = {f.id: f for f in explain_lines([NO_DEVICE, NOT_RUNNING])}
    f = found["nvidia-driver-not-loaded"]
    assert f.severity is Severity.WARNING  # nothing shows a GPU
    assert "prime-select" in "\n".join(f.fix)
    assert "cuinit-no-device" not in found


def test_with_a_gpu_shown_it_is_an_error() -> None:
    smi = "|   0  NVIDIA GeForce RTX 3060 ...  Off  | 00000000:01:00.0 Off |                  N/A |"
    found = {f.id: f for f in explain_lines([smi, NO_DEVICE, NOT_RUNNING])}
    assert found["nvidia-driver-not-loaded"].severity is Severity.ERROR


def test_in_a_container_it_is_not_read_so() -> None:
    found = {f.id for f in explain_lines(["root@098b49afe624:/app# python train.py", NO_DEVICE,
                                          NOT_RUNNING])}
    assert "nvidia-driver-not-loaded" not in found


@pytest.mark.parametrize("host", ["DESKTOP-ABC123", "4b7e2a9c1d3f", "trainer-7d9f8b6c5-x2x4k"])
def test_a_wsl2_container_or_pod_host_name_is_not_a_bare_machine(host: str) -> None:
    line = NOT_RUNNING.replace("(flappi-top)", f"({host})")
    assert "nvidia-driver-not-loaded" not in {f.id for f in explain_lines([NO_DEVICE, line])}


def test_cuda_visible_devices_set_in_the_log_explains_no_device_itself() -> None:
    found = {f.id for f in explain_lines(["$ CUDA_VISIBLE_DEVICES=-1 python train.py",
                                          NO_DEVICE, NOT_RUNNING])}
    assert "nvidia-driver-not-loaded" not in found
