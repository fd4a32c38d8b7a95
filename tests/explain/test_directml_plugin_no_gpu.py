"""A log that shows tensorflow-directml-plugin and a CPU-only device list gets DirectML's
reasons (the plugin did not load; it pins tensorflow-cpu 2.10), not NVIDIA/CUDA advice"""

from __future__ import annotations

from tests.explain.kind_helpers import ids

LOG = [
    "| tensorflow-cpu              | 2.10.0|",
    "| tensorflow-directml-plugin   | 0.1.1.dev221004|",
    ">>> for device in devices:",
    "...     print(device)",
    "PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')",
]


def test_directml_plugin_host_gets_directml_fixes() -> None:
    f = ids(LOG)["tensorflow-sees-no-gpu"]
    assert "DirectML" in f.cause, f.cause
    assert not any("nvidia-smi" in ln or "is_built_with_cuda" in ln or "export " in ln
                   for ln in f.fix), f.fix
    assert any("tensorflow-cpu==2.10" in ln for ln in f.fix), f.fix
