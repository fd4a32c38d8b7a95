"""nvidia-docker 1.0's own check of NV_GPU (src/nvidia/devices.go FilterDevices, v1.0.1):
an entry that is neither an index below the GPU count nor a UUID prefix gives "invalid
device: <entry>", logged as "nvidia-docker | <time> Error: invalid device: 1"."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines


@pytest.mark.parametrize("dev", ["1", "GPU-5a1b2c3d"])
def test_an_nv_gpu_entry_the_host_lacks(dev: str) -> None:
    line = f"nvidia-docker | 2019/01/29 21:54:17 Error: invalid device: {dev}"
    f = {f.id: f for f in explain_lines([line])}["nvidia-container-cli-failed"]
    assert f.title == f"nvidia-docker was asked for GPU '{dev}', which this host does not have"
    assert any(ln.startswith("nvidia-smi -L") for ln in f.fix)


def test_another_tools_invalid_device_is_not_it() -> None:
    ids = {f.id for f in explain_lines(["Error: invalid device index 3 for the audio input"])}
    assert "nvidia-container-cli-failed" not in ids
