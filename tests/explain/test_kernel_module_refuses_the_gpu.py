"""The NVIDIA kernel module's own words that it does not drive the GPU: a GPU moved to a
legacy branch (nv.c's notice, the same since the 1.0-96xx branch), and a GPU only the open
kernel modules drive. The consequences it prints ("No NVIDIA GPU found", nvidia-smi's "No
devices were found") are one finding with it, not "no GPU on this host"."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines

# siderolabs/talos#8764 (GT 710 under 535.129.03), the module's usual wrap
TALOS = [
    "kern:     err: [2024-05-20T02:46:53.856596762Z]: NVRM: The NVIDIA GeForce GT 710 GPU "
    "installed in this system is",
    " NVRM:  supported through the NVIDIA 470.xx Legacy drivers. Please",
    " NVRM:  visit http://www.nvidia.com/object/unix.html for more",
    " NVRM:  information.  The 535.129.03 NVIDIA driver will ignore",
    " NVRM:  this GPU.  Continuing probe...",
    " kern: warning: [2024-05-20T02:46:53.859954762Z]: NVRM: No NVIDIA GPU found.",
]
INSTALLER = ("WARNING: The NVIDIA GeForce4 MX 440 with AGP8X GPU installed in this system is "
             "supported through the NVIDIA 96.43.xx legacy Linux graphics drivers.  Please visit "
             "http://www.nvidia.com/object/unix.html for more information.  The 331.20 NVIDIA "
             "Linux graphics driver will ignore this GPU.")


@pytest.mark.parametrize(("lines", "gpu", "branch", "driver"), [
    (TALOS, "GeForce GT 710", "470.xx", "535.129.03"),
    ([INSTALLER], "GeForce4 MX 440 with AGP8X", "96.43.xx", "331.20"),
])
def test_a_gpu_moved_to_a_legacy_branch_is_named_with_its_branch(
        lines: list[str], gpu: str, branch: str, driver: str) -> None:
    found = {f.id: f for f in explain_lines(lines)}
    f = found["nvidia-gpu-not-supported-by-driver"]
    assert f.title == (f"The NVIDIA driver {driver} ignores the {gpu}: that GPU is driven only "
                       f"by the {branch} legacy driver branch")
    assert "no-nvidia-gpu" not in found  # the refused GPU, not an empty bus


def test_a_gpu_that_needs_the_open_kernel_modules() -> None:
    lines = ["[    5.559842] NVRM: The NVIDIA GPU 0000:02:00.0 (PCI ID: 10de:2c58)",
             "               NVRM: installed in this system requires use of the NVIDIA open "
             "kernel modules.",
             "[    5.559858] NVRM: GPU 0000:02:00.0: RmInitAdapter failed! (0x22:0x56:884)",
             "$ nvidia-smi", "No devices were found"]
    found = {f.id: f for f in explain_lines(lines)}
    f = found["nvidia-gpu-not-supported-by-driver"]
    assert "requires the open kernel modules" in f.title
    assert any("-open" in ln for ln in f.fix)
    assert "nvidia-no-devices-found" not in found
