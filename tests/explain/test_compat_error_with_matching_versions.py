"""cuInit's CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE (804) names two ways a libcuda newer
than the kernel module gets loaded; when the log's own cuda_diagnostics lines give one
version for both, neither shows there, and the reboot is not offered."""

from __future__ import annotations

from tfgpu.explain import explain_lines

CUINIT = ("2024-03-01 10:00:00.000000: E external/local_xla/xla/stream_executor/cuda/"
          "cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE:"
          " forward compatibility was attempted on non supported HW")
DIAG = "2024-03-01 10:00:00.000000: I external/local_xla/xla/stream_executor/cuda/"


def _finding(libcuda: str, kernel: str):  # type: ignore[no-untyped-def]
    lines = [CUINIT, f"{DIAG}cuda_diagnostics.cc:178] libcuda reported version is: {libcuda}",
             f"{DIAG}cuda_diagnostics.cc:182] kernel reported version is: {kernel}"]
    return {f.id: f for f in explain_lines(lines)}["cuinit-compat-not-supported-on-device"]


def test_matching_versions_drop_the_reboot_and_say_why() -> None:
    f = _finding("535.161.7", "535.161.7")
    assert "both report 535.161.7" in f.cause
    assert not any("sudo reboot" in ln for ln in f.fix), f.fix
    assert any("/usr/local/cuda/compat" in ln for ln in f.fix)


def test_a_newer_libcuda_keeps_both_ways_and_the_reboot() -> None:
    f = _finding("550.54.14", "535.161.7")
    assert "both report" not in f.cause
    assert any("sudo reboot" in ln for ln in f.fix), f.fix


def test_one_differing_pair_anywhere_keeps_the_reboot() -> None:
    lines = [CUINIT, f"{DIAG}cuda_diagnostics.cc:178] libcuda reported version is: 550.54.15",
             f"{DIAG}cuda_diagnostics.cc:182] kernel reported version is: 535.183.1",
             CUINIT, f"{DIAG}cuda_diagnostics.cc:178] libcuda reported version is: 535.183.1",
             f"{DIAG}cuda_diagnostics.cc:182] kernel reported version is: 535.183.1"]
    f = {f.id: f for f in explain_lines(lines)}["cuinit-compat-not-supported-on-device"]
    assert "both report" not in f.cause
    assert "If this host has no NVIDIA GPU" not in f.cause  # the kernel module is loaded
