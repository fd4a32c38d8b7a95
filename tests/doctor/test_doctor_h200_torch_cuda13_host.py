"""The doctor on a real H200 host (driver 580.159.04, CUDA 13.0 toolkit, a PyTorch 2.11
environment with CUDA 13 pip wheels, no TensorFlow), recorded there by ``tfgpu facts
--no-tf`` and ``tfgpu doctor --no-tf --json`` (tests/fixtures/hosts/<this host>/recorded)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.facts import Distribution, HostFacts

HOST = (Path(__file__).resolve().parents[1] / "fixtures" / "hosts"
        / "linux-x86_64-h200-driver580.159-cuda13.0-pip-cu13-beside-torch" / "recorded")


def _doctor(path: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    rc = main(["doctor", "--facts", str(path), "--json"])
    doc = json.loads(capsys.readouterr().out)
    assert rc == 1
    return doc


def test_recorded_facts_name_the_one_h200() -> None:
    facts = HostFacts.from_json((HOST / "facts-no-tf.json").read_text(encoding="utf-8"))
    (gpu,) = facts.nvidia_gpus
    assert (gpu.name, gpu.compute_capability, gpu.memory_total_mib) == ("NVIDIA H200", "9.0",
                                                                        143771)
    assert facts.driver is not None and facts.driver.version == "580.159.04"


def test_doctor_sends_tensorflow_to_its_own_venv_beside_cuda13_torch(
        capsys: pytest.CaptureFixture[str]) -> None:
    doc = _doctor(HOST / "facts-no-tf.json", capsys)
    recorded = json.loads((HOST / "doctor-no-tf.json").read_text(encoding="utf-8"))
    # The same problem as on the machine itself; only its wording has grown since.
    assert [f["id"] for f in doc["findings"]] == [f["id"] for f in recorded["findings"]] == [
        "tensorflow-not-installed"]
    (f,) = doc["findings"]
    assert "nvidia-cudnn-cu13 9.19.0.56" in f["cause"]
    assert "nvidia-cudnn-cu12" in f["cause"] and "torch 2.11.0" in f["cause"]
    assert f["fix"][0].startswith("/opt/torch/.venv/bin/python3 -m venv ~/tf && ")
    assert not any(line.startswith("/opt/torch/.venv/bin/python3 -m pip install")
                   for line in f["fix"])


def test_cuda12_cudnn_and_nccl_wheels_are_no_clash(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    facts = HostFacts.from_json((HOST / "facts-no-tf.json").read_text(encoding="utf-8"))
    cu12 = {"nvidia-cudnn-cu13": ("nvidia-cudnn-cu12", "9.3.0.75"),
            "nvidia-nccl-cu13": ("nvidia-nccl-cu12", "2.27.7")}
    dists = tuple(Distribution(*cu12[d.name], d.location) if d.name in cu12 else d
                  for d in facts.python.distributions)
    edited = dataclasses.replace(facts, python=dataclasses.replace(facts.python,
                                                                   distributions=dists))
    path = tmp_path / "facts.json"
    path.write_text(edited.to_json(), encoding="utf-8")
    (f,) = _doctor(path, capsys)["findings"]
    assert "cudnn" not in f["cause"]
    assert f["fix"][0].startswith("/opt/torch/.venv/bin/python3 -m pip install ")


def test_tensorflow_without_cuda12_on_a_real_cuda13_host_is_no_green(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The same machine, a fresh venv holding TensorFlow 2.21.0's metadata alone (no CUDA 12
    # library anywhere: the system has CUDA 13.0, the torch venv CUDA 13 wheels).
    doc = _doctor(HOST / "stub-tf2.21-facts-no-tf.json", capsys)
    recorded = json.loads((HOST / "stub-tf2.21-doctor-no-tf.json").read_text(encoding="utf-8"))
    assert doc["verdict"]["gpu_usable"] is recorded["verdict"]["gpu_usable"] is False
    errors = [f for f in doc["findings"] if f["severity"] == "error"]
    assert [f["id"] for f in errors] == ["cuda-major-mismatch"]
    assert errors[0]["fix"][0] == (
        "/tmp/tfv/bin/python -m pip install 'tensorflow[and-cuda]==2.21.0'   # brings CUDA 12 "
        "as pip wheels; no system toolkit needed")


def _with_dist(tmp_path: Path, name: str, version: str) -> Path:
    """The recorded facts with one more distribution in the torch venv's site-packages,
    written as a facts snapshot under ``tmp_path``."""
    facts = HostFacts.from_json((HOST / "facts-no-tf.json").read_text(encoding="utf-8"))
    dist = Distribution(name, version, facts.python.distributions[0].location)
    edited = dataclasses.replace(facts, python=dataclasses.replace(
        facts.python, distributions=(*facts.python.distributions, dist)))
    path = tmp_path / "facts.json"
    path.write_text(edited.to_json(), encoding="utf-8")
    return path


def test_no_fix_installs_cuda12_wheels_into_the_cuda13_torch_venv(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # TensorFlow 2.21.0 installed into that PyTorch venv (its [and-cuda] wheels not): every
    # install of them goes to a venv of its own, since nvidia-cudnn-cu13 / nvidia-nccl-cu13
    # share their folders with the CUDA 12 wheels (platform facts *-wheels-share-folder)
    doc = _doctor(_with_dist(tmp_path, "tensorflow", "2.21.0"), capsys)
    lines = [line for f in doc["findings"] for line in f["fix"]]
    assert not [x for x in lines if x.startswith("/opt/torch/.venv/bin/python3 -m pip install")]
    (mismatch,) = [f for f in doc["findings"] if f["id"] == "cuda-major-mismatch"]
    assert mismatch["fix"][0].startswith(
        "/opt/torch/.venv/bin/python3 -m venv ~/tf && ~/tf/bin/python -m pip install "
        "'tensorflow[and-cuda]==2.21.0'")
    why = mismatch["fix"][1]
    assert "nvidia-cudnn-cu13 9.19.0.56 and nvidia-nccl-cu13 2.28.9" in why
    assert "site-packages/nvidia/cudnn/lib and site-packages/nvidia/nccl/lib" in why


def test_two_cuda_majors_of_the_cudnn_wheel_in_one_venv_are_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _with_dist(tmp_path, "nvidia-cudnn-cu12", "9.3.0.75")
    found = {f["id"]: f for f in _doctor(path, capsys)["findings"]}
    f = found["cuda-wheels-overwrote-each-other"]
    assert f["severity"] == "warning"
    assert "nvidia-cudnn-cu13 9.19.0.56 and nvidia-cudnn-cu12 9.3.0.75" in f["title"]
    assert "site-packages/nvidia/cudnn/lib" in f["title"]
    # one major of each kind, as recorded on the machine: nothing to say
    plain = _doctor(HOST / "facts-no-tf.json", capsys)
    assert "cuda-wheels-overwrote-each-other" not in {x["id"] for x in plain["findings"]}


def test_a_uuid_in_cuda_visible_devices_is_not_judged_against_a_zeroed_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the recorded snapshot's GPU UUID is zeros (redacted): any GPU- prefix may be the card
    facts = HostFacts.from_json((HOST / "facts-no-tf.json").read_text(encoding="utf-8"))
    edited = dataclasses.replace(facts, env={**facts.env, "CUDA_VISIBLE_DEVICES": "GPU-5d1e1234"})
    path = tmp_path / "facts.json"
    path.write_text(edited.to_json(), encoding="utf-8")
    ids = {f["id"] for f in _doctor(path, capsys)["findings"]}
    assert "cuda-visible-devices-hides-gpus" not in ids


def _with_tf(tmp_path: Path, version: str, executable: str | None = None) -> Path:
    facts = HostFacts.from_json((HOST / "facts-no-tf.json").read_text(encoding="utf-8"))
    tf = Distribution("tensorflow", version, facts.python.distributions[0].location)
    python = dataclasses.replace(facts.python,
                                 distributions=(*facts.python.distributions, tf))
    if executable is not None:
        python = dataclasses.replace(python, executable=executable)
    path = tmp_path / "facts.json"
    path.write_text(dataclasses.replace(facts, python=python).to_json(), encoding="utf-8")
    return path


def test_the_venv_of_its_own_is_not_the_environment_examined(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = _doctor(_with_tf(tmp_path, "2.21.0", "/root/tf/bin/python"), capsys)
    lines = [x for f in doc["findings"] for x in f["fix"] if "pip install" in x]
    assert any(x.startswith("/root/tf/bin/python -m venv ~/tf-cuda12 && ~/tf-cuda12/bin/")
               for x in lines)
    assert not any("&& ~/tf/bin/python" in x for x in lines if x.startswith("/root/tf/"))


def test_a_wheel_alone_stays_with_the_warning_and_the_release_to_install_apart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # TensorFlow 2.15.1 needs cuDNN 8: the pinned nvidia-cudnn-cu12 alone in a new venv
    # would serve nothing, so the line stays and the warning says what to do instead
    doc = _doctor(_with_tf(tmp_path, "2.15.1"), capsys)
    (f,) = [x for x in doc["findings"] if x["id"] == "cudnn-major-mismatch"]
    i = next(i for i, x in enumerate(f["fix"]) if "nvidia-cudnn-cu12==" in x)
    assert not f["fix"][i].startswith("/opt/torch/.venv/bin/python3 -m venv")
    assert f["fix"][i + 1].startswith("# not into this environment: it holds nvidia-cudnn-cu13")
    assert f["fix"][i + 1].endswith(
        "python3 -m venv ~/tf && ~/tf/bin/python -m pip install 'tensorflow[and-cuda]==2.15.1'")
