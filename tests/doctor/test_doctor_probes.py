"""The doctor's probes: OS, CPU, environment, Python, IOMMU, on recorded file trees."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from doctor_helpers import HOSTS, fake_python, recorded

from tfgpu._proc import CommandResult, FakeRunner, run_command
from tfgpu.facts import ProbeStatus
from tfgpu.probes import FakeFileSystem, ProbeContext, cpu, env_vars, iommu, os_info, python_env

THIS_HOST = HOSTS / "debian12-amd-epyc-no-gpu"


def _ctx(root: Path, **kw: object) -> ProbeContext:
    return ProbeContext(runner=FakeRunner(), fs=FakeFileSystem(root), **kw)  # type: ignore[arg-type]


def test_os_probe_reads_this_debian_machine() -> None:
    res = os_info.run(_ctx(THIS_HOST, system="Linux"))
    assert res.os is not None
    assert res.os.name == "Debian GNU/Linux 12 (bookworm)"
    assert res.os.version == "12"
    assert res.os.kernel == "6.18.44-fc-v657"
    assert (res.os.is_wsl, res.os.wsl_version) == (False, None)
    assert res.records[0].status is ProbeStatus.OK


def test_os_probe_sees_wsl2_from_collect_env_kernel_release() -> None:
    res = os_info.run(_ctx(HOSTS / "wsl2-ubuntu22.04-from-collect-env", system="Linux"))
    assert res.os is not None
    assert res.os.name == "Ubuntu 22.04.2 LTS"
    assert (res.os.is_wsl, res.os.wsl_version) == (True, 2)


def test_wsl_kernel_strings_tell_wsl1_from_wsl2() -> None:
    # The WSL2 release is the one in recorded/collect-env/torch2.4-wsl2-...txt.
    platform_line = next(line for line in recorded(
        "collect-env/torch2.4-wsl2-rtx4070-laptop-driver551.88.txt").splitlines()
        if line.startswith("Python platform:"))
    release = platform_line.split("Linux-", 1)[1].split("-x86_64")[0]
    assert os_info.parse_wsl(None, release) == (True, 2)
    # WSL1 reports "<major>-<windows build>-Microsoft" (build 17763 as in the WSL1 report of
    # recorded/nvidia-smi/fail-couldnt-communicate-with-driver.txt).
    assert os_info.parse_wsl("Linux version 4.4.0-17763-Microsoft", "4.4.0-17763-Microsoft") \
        == (True, 1)
    assert os_info.parse_wsl("Linux version 6.5.0-35-generic", "6.5.0-35-generic") == (False, None)


def test_ldd_version_parses_glibc_and_ignores_musl() -> None:
    assert os_info.parse_ldd_version("ldd (Debian GLIBC 2.36-9+deb12u7) 2.36\nCopyright") == "2.36"
    assert os_info.parse_ldd_version("musl libc (x86_64)\nVersion 1.2.4") is None


def test_cpu_probe_reads_avx_flags_of_this_machine() -> None:
    res = cpu.run(_ctx(THIS_HOST, system="Linux"))
    assert res.cpu is not None
    assert res.cpu.model == "AMD EPYC"
    assert res.cpu.flags == ("sse4_2", "avx", "avx2", "fma")
    assert res.records[0].status is ProbeStatus.OK


def test_cpu_without_avx_is_reported_as_no_avx(tmp_path: Path) -> None:
    # This machine's cpuinfo with the AVX-family flags removed (a pre-2011 CPU).
    text = (THIS_HOST / "proc" / "cpuinfo").read_text()
    flags_line = next(line for line in text.splitlines() if line.startswith("flags"))
    kept = [w for w in flags_line.split(":", 1)[1].split() if not w.startswith(("avx", "fma"))]
    (tmp_path / "proc").mkdir()
    (tmp_path / "proc" / "cpuinfo").write_text(text.replace(flags_line, "flags\t\t: "
                                                            + " ".join(kept)))
    res = cpu.run(_ctx(tmp_path, system="Linux"))
    assert res.cpu is not None and res.cpu.flags == ("sse4_2",)
    assert res.records[0].status is ProbeStatus.OK


def test_cpu_probe_unreadable_cpuinfo_is_missing_not_a_crash(tmp_path: Path) -> None:
    res = cpu.run(_ctx(tmp_path, system="Linux"))
    assert res.records[0].status is ProbeStatus.MISSING


def test_macos_sysctl_feature_words_map_to_flags() -> None:
    assert cpu.parse_sysctl_features("FPU VME SSE4.2 AVX1.0 FMA") == ("sse4_2", "avx", "fma")


def test_env_probe_keeps_what_matters_and_drops_secrets() -> None:
    env = {"CUDA_VISIBLE_DEVICES": "", "TF_CPP_MIN_LOG_LEVEL": "3",
           "XLA_FLAGS": "--xla_gpu_cuda_data_dir=/usr/local/cuda",
           "TF_TOKEN_app_terraform_io": "secret", "TF_VAR_region": "x", "HOME": "/home/u",
           "PATH": "/usr/local/cuda-11.8/bin:/usr/bin:/usr/local/cuda-12.2/bin:/home/u/bin",
           "LD_LIBRARY_PATH": "/usr/local/cuda/lib64", "AWS_SECRET_ACCESS_KEY": "k"}
    got = env_vars.select(env, "Linux")
    assert got == {"CUDA_VISIBLE_DEVICES": "", "LD_LIBRARY_PATH": "/usr/local/cuda/lib64",
                   "TF_CPP_MIN_LOG_LEVEL": "3",
                   "XLA_FLAGS": "--xla_gpu_cuda_data_dir=/usr/local/cuda",
                   "PATH": "/usr/local/cuda-11.8/bin:/usr/local/cuda-12.2/bin"}


def test_env_probe_windows_path_uses_semicolons() -> None:
    env = {"Path": r"C:\Windows;C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin",
           "CUDA_PATH": r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2"}
    got = env_vars.select(env, "Windows")
    assert got["PATH"] == r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin"
    assert "CUDA_PATH" in got


def test_iommu_probe_this_machine_is_disabled() -> None:
    res = iommu.run(_ctx(THIS_HOST, system="Linux"))
    assert res.records[0].message == "disabled"


def test_iommu_describe_passthrough_and_enabled() -> None:
    assert iommu.describe(["dmar0"], 87, "BOOT_IMAGE=/vmlinuz intel_iommu=on") == \
        "enabled (87 groups)"
    assert iommu.describe(["dmar0"], 87, "intel_iommu=on iommu=pt") == \
        "enabled, passthrough (iommu=pt)"


def test_python_probe_in_process_lists_tensorflow_without_importing_it() -> None:
    res = python_env.run(ProbeContext(python_executable=sys.executable))
    assert res.python is not None and res.records[0].status is ProbeStatus.OK
    assert res.python.executable == sys.executable
    tf = res.python.dist("tensorflow")
    if tf is not None:  # the shared venv has TF 2.21; its Requires-Dist is kept
        assert any(r.startswith("nvidia-cudnn-cu12") for r in tf.requires)


def _site(tmp: Path) -> Path:
    site = tmp / "site"
    for name, version, requires in (
        ("tensorflow_gpu", "2.10.1", ["numpy>=1.20"]),
        ("tensorflow", "2.15.0", ['nvidia-cudnn-cu12==8.9.4.25; extra == "and-cuda"']),
        ("nvidia_cudnn_cu12", "8.9.4.25", ["nvidia-cublas-cu12"]),
        ("requests", "2.31.0", []),
    ):
        info = site / f"{name}-{version}.dist-info"
        info.mkdir(parents=True)
        meta = ["Metadata-Version: 2.1", f"Name: {name.replace('_', '-')}", f"Version: {version}"]
        meta += [f"Requires-Dist: {r}" for r in requires]
        (info / "METADATA").write_text("\n".join(meta) + "\n")
    return site


def test_python_probe_of_another_interpreter_runs_its_script(tmp_path: Path) -> None:
    site = _site(tmp_path)
    exe = fake_python(tmp_path, "python", f'PYTHONPATH="{site}" exec "{sys.executable}" "$@"')
    res = python_env.run(ProbeContext(runner=run_command, python_executable=exe, timeout_s=30))
    assert res.records[0].status is ProbeStatus.OK, res.records[0].message
    assert res.python is not None
    names = {d.name: d for d in res.python.distributions}
    assert names["tensorflow-gpu"].version == "2.10.1"
    assert names["tensorflow"].requires == ('nvidia-cudnn-cu12==8.9.4.25; extra == "and-cuda"',)
    assert names["nvidia-cudnn-cu12"].requires == ("nvidia-cublas-cu12",)
    assert "requests" not in names


def test_python_probe_of_a_segfaulting_interpreter_is_an_error_fact(tmp_path: Path) -> None:
    exe = fake_python(tmp_path, "python-segv", "kill -SEGV $$")
    res = python_env.run(ProbeContext(runner=run_command, python_executable=exe, timeout_s=10))
    assert res.records[0].status is ProbeStatus.ERROR
    assert "SIGSEGV" in (res.records[0].message or "")
    assert res.python is not None and res.python.version is None


@pytest.mark.parametrize("stdout", ["", "hello\n", "{not json\n", json.dumps({"x": 1}) + "\n"])
def test_python_probe_garbage_answer_is_an_error_fact(stdout: str) -> None:
    exe = "/other/python"
    runner = FakeRunner({(exe, "-c", python_env.SCRIPT): CommandResult(
        (exe,), ProbeStatus.OK, 0, stdout)})
    res = python_env.run(ProbeContext(runner=runner, python_executable=exe))
    assert res.records[0].status is ProbeStatus.ERROR
    assert res.python is not None and res.python.version is None


def test_a_symlink_to_this_interpreter_is_probed_as_another_interpreter(tmp_path: Path) -> None:
    # A venv's bin/python is a symlink to the base interpreter but has its own site-packages.
    site = _site(tmp_path)
    link = tmp_path / "venv-python"
    link.symlink_to(sys.executable)
    runner = FakeRunner({(str(link), "-c", python_env.SCRIPT): json.dumps({
        "version": "3.11.7", "executable": str(link), "distributions": [
            {"name": "tensorflow", "version": "2.15.0", "location": str(site)}]}) + "\n"})
    res = python_env.run(ProbeContext(runner=runner, python_executable=str(link)))
    assert runner.calls == [(str(link), "-c", python_env.SCRIPT)]
    assert res.python is not None and res.python.dist("tensorflow") is not None
