"""The cheap paths that keep ``tfgpu doctor --no-tf`` fast, checked for correctness:
the NVML library check before ``pynvml``, and the ``METADATA`` header reader of the
Python probe (instead of ``importlib.metadata``)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu._proc import FakeRunner
from tfgpu.facts import ProbeStatus
from tfgpu.probes import ProbeContext, nvidia, python_env


def test_nvml_check_reports_a_library_that_cannot_be_loaded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nvidia, "NVML_SONAME", "libtfgpu-no-such-library.so.1")
    message = nvidia.nvml_library_error("Linux")
    assert message is not None and "libtfgpu-no-such-library.so.1" in message
    assert nvidia.nvml_library_error("Windows") is None  # left to pynvml (two DLL places)


@pytest.mark.skipif(sys.platform != "linux", reason="glibc's libc.so.6")
def test_nvml_check_passes_a_loadable_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nvidia, "NVML_SONAME", "libc.so.6")
    assert nvidia.nvml_library_error("Linux") is None


def test_missing_nvml_library_falls_back_to_nvidia_smi_without_pynvml(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(nvidia, "NVML_SONAME", "libtfgpu-no-such-library.so.1")

    def no_import() -> None:
        raise AssertionError("pynvml must not be imported when its library is missing")

    monkeypatch.setattr(nvidia, "_import_pynvml", no_import)
    runner = FakeRunner({})  # no nvidia-smi either: every command is MISSING
    res = nvidia.run(ProbeContext(runner=runner, system="Linux"))
    nvml, smi = res.records[0], res.records[1]
    assert nvml.name == "nvml" and nvml.status is ProbeStatus.MISSING
    assert nvml.message == "NVML: NVML Shared Library Not Found"
    assert nvml.raw_excerpt and "libtfgpu-no-such-library.so.1" in nvml.raw_excerpt
    assert smi.name == "nvidia-smi" and smi.status is ProbeStatus.MISSING
    assert res.driver is not None and res.driver.status is ProbeStatus.MISSING
    assert res.gpus == ()


def _site(tmp_path: Path) -> Path:
    site = tmp_path / "site"
    tf = site / "tensorflow-2.21.0.dist-info"
    tf.mkdir(parents=True)
    (tf / "METADATA").write_text(
        "Metadata-Version: 2.1\n"
        "Name: tensorflow\n"
        "Version: 2.21.0\n"
        "Requires-Dist: absl-py>=1.0.0\n"
        "Requires-Dist: nvidia-cudnn-cu12<10.0,>=9.3.0.75;\n"
        "  extra == \"and-cuda\"\n"
        "Requires-Dist: numpy>=1.26.0\n"
        "\n"
        "Version: 9.9.9 (body text, not a header)\n"
        "Requires-Dist: not-a-header\n", encoding="utf-8")
    # A folder name whose version differs from METADATA's: METADATA wins.
    cu = site / "nvidia_cuda_runtime_cu12-12.5.82.dist-info"
    cu.mkdir()
    (cu / "METADATA").write_text("Name: nvidia-cuda-runtime-cu12\nVersion: 12.5.82.post1\n",
                                 encoding="utf-8")
    # No METADATA: the folder name's version, no requirements.
    (site / "nvidia_cublas_cu12-12.5.3.2.dist-info").mkdir()
    # egg-info: requirements from requires.txt through importlib.metadata.
    egg = site / "tf_nightly-2.22.0.dev1.egg-info"
    egg.mkdir()
    (egg / "PKG-INFO").write_text("Name: tf-nightly\nVersion: 2.22.0.dev1\n", encoding="utf-8")
    (egg / "requires.txt").write_text("numpy>=1.26\n", encoding="utf-8")
    # Not a distribution that matters: ignored.
    (site / "requests-2.32.0.dist-info").mkdir()
    return site


def test_python_probe_reads_metadata_headers(tmp_path: Path) -> None:
    site = _site(tmp_path)
    # -S: no site-packages; only the fake site folder (and the standard library).
    res = subprocess.run([sys.executable, "-S", "-c", python_env.SCRIPT], capture_output=True,
                         text=True, env={"PYTHONPATH": str(site)}, timeout=60)
    assert res.returncode == 0, res.stderr
    facts = python_env.parse(json.loads(res.stdout.strip().splitlines()[-1]))
    by_name = {d.name: d for d in facts.distributions}
    assert set(by_name) == {"tensorflow", "nvidia-cuda-runtime-cu12", "nvidia-cublas-cu12",
                            "tf-nightly"}
    tf = by_name["tensorflow"]
    assert tf.version == "2.21.0"
    assert tf.requires == ("absl-py>=1.0.0",
                           'nvidia-cudnn-cu12<10.0,>=9.3.0.75; extra == "and-cuda"',
                           "numpy>=1.26.0")
    assert by_name["nvidia-cuda-runtime-cu12"].version == "12.5.82.post1"
    assert by_name["nvidia-cublas-cu12"].version == "12.5.3.2"
    assert by_name["nvidia-cublas-cu12"].requires == ()
    assert by_name["tf-nightly"].requires == ("numpy>=1.26",)
    assert by_name["tf-nightly"].location == str(site)
