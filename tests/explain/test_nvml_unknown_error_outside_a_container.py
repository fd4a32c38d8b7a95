"""NVML's 'Unknown Error' (NVML_ERROR_UNKNOWN) means a container lost its GPU devices when
the log shows a container or nvidia-smi's own words; from a Python program's pynvml
(NVMLError_Unknown) or on native Windows, with no container shown, a broken driver."""

from __future__ import annotations

from tfgpu.explain import explain_lines

PYNVML = "gpufmkmgr.pynvml.NVMLError_Unknown: Unknown Error"


def test_pynvml_unknown_error_without_a_container_is_the_driver() -> None:
    f = {f.id: f for f in explain_lines([PYNVML, "Running on Generic GeForce GPU #0."])}
    d = f["nvidia-driver-error"]
    assert "Unknown Error" in d.title and "reinstall the NVIDIA driver" in "\n".join(d.fix)
    assert "docker-container-lost-gpu-access" not in f


def test_on_windows_nvidia_smi_words_are_the_driver_too() -> None:
    lines = ["C:\\Users\\me>nvidia-smi", "Failed to initialize NVML: Unknown Error"]
    f = {f.id: f for f in explain_lines(lines)}
    assert "nvidia-driver-error" in f, sorted(f)


def test_in_a_container_it_stays_the_lost_device_access() -> None:
    lines = ["root@098b49afe624:/# python -c 'import pynvml; pynvml.nvmlInit()'", PYNVML]
    f = {f.id: f for f in explain_lines(lines)}
    assert "docker-container-lost-gpu-access" in f and "nvidia-driver-error" not in f
