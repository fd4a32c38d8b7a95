"""The libcuda a process loaded is NEWER than the running kernel module while nvidia-smi, in
the same log, prints its table at the module's release (checks/driver.py
``_stray_newer_libcuda``): nvidia-smi's NVML matches the module, so no driver upgrade waits
for a reboot (NVML would refuse: "Failed to initialize NVML: Driver/library version
mismatch"); the newer libcuda is a copy found first (CUDA's forward-compatibility package).
The fix removes that copy, never "reboot" first; when the log names the TensorFlow release,
a driver too old for its CUDA is named with the driver floor and the newest release it runs.

Wordings: cuda_diagnostics.cc ("libcuda reported version is: %s", "kernel reported version
is: %s", "kernel version %s does not match DSO version %s -- cannot find working devices in
this configuration"), cuda_driver.cc ("failed call to cuInit: %s"), nvidia-smi's banner
(before and after driver 530's wider layout).
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

SMI_OLD = "| NVIDIA-SMI 470.223.02   Driver Version: 470.223.02   CUDA Version: 11.4     |"
SMI_NEW = ("| NVIDIA-SMI 470.223.02             Driver Version: 470.223.02   CUDA Version: 11.4"
           "     |")
CUINIT = ("2024-02-12 09:35:11.408334: E external/local_xla/xla/stream_executor/cuda/"
          "cuda_driver.cc:274] failed call to cuInit: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system "
          "has unsupported display driver / cuda driver combination")
LIBCUDA = ("2024-02-12 09:35:11.408514: I external/local_xla/xla/stream_executor/cuda/"
           "cuda_diagnostics.cc:159] libcuda reported version is: {lib}")
KERNEL = ("2024-02-12 09:35:11.408544: I external/local_xla/xla/stream_executor/cuda/"
          "cuda_diagnostics.cc:163] kernel reported version is: 470.223.2")
MISMATCH = ("2024-02-12 09:35:11.408551: E external/local_xla/xla/stream_executor/cuda/"
            "cuda_diagnostics.cc:244] kernel version 470.223.2 does not match DSO version {lib}"
            " -- cannot find working devices in this configuration")


def _mismatch(lines: list[str]) -> Finding:
    return next(f for f in explain_lines(lines) if f.id == "nvidia-driver-library-mismatch")


def _diag(lib: str, *, cut: bool = False) -> list[str]:
    return [CUINIT, LIBCUDA.format(lib=lib), KERNEL,
            *([] if cut else [MISMATCH.format(lib=lib)])]


@pytest.mark.parametrize("smi", [SMI_OLD, SMI_NEW])
@pytest.mark.parametrize("cut", [False, True])  # with and without the mismatch line
def test_a_newer_libcuda_beside_a_working_nvidia_smi_is_a_stray_copy(smi: str, cut: bool) -> None:
    f = _mismatch(["$ nvidia-smi | head -4", smi, *_diag("535.104.5", cut=cut)])
    assert "stray libcuda" in f.title and "535.104.5" in f.title
    assert "reboot" not in f.fix[0] and "ldconfig -p | grep libcuda" in f.fix[0]
    assert "A reboot changes nothing" in (f.cause or "")


def test_the_tensorflow_release_the_log_installs_names_the_driver_floor() -> None:
    f = _mismatch(["$ nvidia-smi", SMI_OLD, '$ pip install "tensorflow[and-cuda]==2.15.0"',
                   "Successfully installed tensorflow-2.15.0", *_diag("535.104.5")])
    fix = "\n".join(f.fix)
    assert "525.60.13" in fix and "525.60.13" in (f.cause or "")
    assert "'tensorflow[and-cuda]==2.14.*'" in fix


@pytest.mark.parametrize("lines", [
    _diag("535.104.5"),                                            # no nvidia-smi: hedged
    ["$ nvidia-smi", "Failed to initialize NVML: Driver/library version mismatch",
     *_diag("535.104.5")],                                         # NVML refuses: an upgrade
    ["$ nvidia-smi", SMI_OLD.replace("470.223.02", "535.104.05"),
     *_diag("535.104.5")],                                         # smi at the library's
])
def test_without_a_working_nvidia_smi_at_the_module_s_release_a_reboot_stays(
        lines: list[str]) -> None:
    f = _mismatch(lines)
    assert "stray libcuda" not in f.title
    assert any("reboot" in line for line in f.fix)


def test_an_older_libcuda_stays_a_stale_copy() -> None:
    f = _mismatch(["$ nvidia-smi", SMI_OLD, *_diag("460.91.3")])
    assert "stale libcuda" in f.title
