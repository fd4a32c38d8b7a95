"""The doctor reads the TensorFlow child's own log like any other log: every check runs on
Facts(host, read_lines(host.tf.log_lines)), and the log checks' fix lines are already what
the doctor promises (docs/doctor.md: commands naming the probed interpreter, ``# ``
instructions, no tensorflow-cpu install next to an installed TensorFlow)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from doctor_helpers import PY, TESTS, gpu_host, tf_with_gpus

from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import HostFacts, TFFacts
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding


def _with_log(tf: TFFacts, *lines: str) -> TFFacts:
    return dataclasses.replace(tf, log_lines=tuple(lines))


def _by_id(host: HostFacts) -> dict[str, Finding]:
    return {f.id: f for f in diagnose(host, meta={}).findings}


def _hosts_with_logs() -> list[Path]:
    out = []
    for p in sorted((TESTS / "fixtures").rglob("*.json")):
        try:
            h = HostFacts.from_json(p.read_text(encoding="utf-8"))
        except (ValueError, KeyError, TypeError):
            continue  # not a host snapshot
        if h.tf is not None and h.tf.log_lines:
            out.append(p)
    return out


def _contract_breaks(f: Finding) -> list[str]:
    bad = []
    for line in f.fix:
        command = line.split("   #")[0]
        bare_pip = line.lstrip().startswith(("pip ", "pip3 "))
        unnamed = (not line.lstrip().startswith("#") and " pip " in f" {command} "
                   and "-m pip" not in command)
        if not c.is_command_line(line) or bare_pip or unnamed:
            bad.append(line)
    return bad


@pytest.mark.parametrize("path", _hosts_with_logs(), ids=lambda p: p.name)
def test_every_fix_line_of_a_doctor_with_a_tf_log_keeps_the_contract(path: Path) -> None:
    host = HostFacts.from_json(path.read_text(encoding="utf-8"))
    for f in diagnose(host, meta={}).findings:
        assert _contract_breaks(f) == [], f.id


def test_doctor_reads_a_log_only_fault_while_the_gpu_works() -> None:
    """TensorFlow lists the GPU (no 'sees no GPU' path), yet its log says XLA compiles
    serially because the driver is older than ptxas: only the log shows it."""
    tf = _with_log(tf_with_gpus("NVIDIA L4"),
                   "W external/local_xla/xla/service/gpu/nvptx_compiler.cc:930] The NVIDIA "
                   "driver's CUDA version is 12.2 which is older than the PTX compiler "
                   "version 12.3.107. Because the driver is older than the PTX compiler "
                   "version, XLA is disabling parallel compilation")
    got = _by_id(gpu_host(tf=tf))
    assert "driver-older-than-ptxas" in got
    assert "tensorflow-gpu-works" in got


def test_log_check_pip_lines_name_the_probed_interpreter() -> None:
    tf = _with_log(tf_with_gpus("NVIDIA L4"),
                   "E tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:427] Loaded "
                   "runtime CuDNN library: 8.6.0 but source was compiled with: 8.9.4.")
    f = _by_id(gpu_host(tf=tf))["cudnn-version-mismatch"]
    commands = [ln for ln in f.fix if not ln.startswith("#")]
    assert any(ln.startswith(f"{PY} -m pip ") for ln in commands), f.fix
    assert _contract_breaks(f) == []


def test_no_tensorflow_cpu_install_next_to_installed_tensorflow() -> None:
    """The log's 'Ignoring visible gpu device' finding offers tensorflow-cpu in explain;
    with tensorflow installed the doctor says the CPU already works instead."""
    tf = _with_log(TFFacts(tf_with_gpus().status, version="2.15.0"),
                   "Ignoring visible gpu device (device: 0, name: GeForce GT 730, pci bus id: "
                   "0000:01:00.0, compute capability: 2.1) with Cuda compute capability 2.1. "
                   "The minimum required Cuda capability is 3.5.")
    host = dataclasses.replace(gpu_host(tf=tf), gpus=(), driver=None)
    every = [ln for f in diagnose(host, meta={}).findings for ln in f.fix]
    assert not [ln for ln in every if "install tensorflow-cpu" in ln and not ln.startswith("#")]


def test_writers_take_the_view() -> None:
    host = gpu_host()
    assert c.pip(Facts(host), "install", "x") == c.pip(host, "install", "x") == \
        f"{PY} -m pip install x"
    assert c.pip(Facts(), "install", "tensorflow<2.11") == "pip install 'tensorflow<2.11'"
    assert c.python_cmd(Facts(), "print(1)") == "python -c 'print(1)'"
    assert c.fix_lines(Facts(), ["put the folder on PATH"]) == ("# put the folder on PATH",)
    assert c.fix_lines(Facts(host), ["put the folder on PATH"]) == ("# put the folder on PATH",)
