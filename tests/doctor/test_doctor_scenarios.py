"""Regression tests for the fresh-eyes review of ``tfgpu doctor`` (issue 2, review 2).

The scenarios are the reviewer's hand-edited snapshots in
``tests/fixtures/doctor-scenarios/`` (README there); each test names the defect it pins.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest
from doctor_helpers import TESTS, cpu_ok, dist, linux, python, this_machine

from tfgpu._proc import CommandResult
from tfgpu.cli.main import main
from tfgpu.diagnosis.checks import HOST_CHECKS
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.diagnosis.engine import collect
from tfgpu.facts import (
    CudaToolkit,
    HostFacts,
    ProbeStatus,
    SharedLibrary,
    TFFacts,
)
from tfgpu.facts.view import Facts
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import Knowledge, docs, load_knowledge
from tfgpu.plan.agreement import diagnose_with_plan
from tfgpu.probes import ProbeContext, RealFileSystem, env_vars, libs, nvidia

REVIEW = TESTS / "fixtures" / "doctor-scenarios"
SCENARIOS = sorted(p.stem for p in REVIEW.glob("*.json"))
KB = load_knowledge()
SRC = Path(__file__).resolve().parents[2] / "src"

#: Findings that name the same root cause: at most one of each group may be reported.
SAME_ROOT: tuple[frozenset[str], ...] = (
    frozenset({"tensorflow-windows-native-no-gpu", "windows-native-gpu-unsupported"}),
    frozenset({"cuda-visible-devices-hides-gpus", "cuinit-no-device"}),
    frozenset({"driver-too-old-for-cuda", "cuinit-system-driver-mismatch",
               "cuinit-insufficient-driver"}),
    frozenset({"tensorflow-cpu-only-build", "tensorflow-variants-conflict"}),
    frozenset({"no-nvidia-gpu", "wsl2-gpu-unknown"}),
)


def load(name: str) -> HostFacts:
    return HostFacts.from_json((REVIEW / f"{name}.json").read_text(encoding="utf-8"))



def run_rules(facts: HostFacts, kb: Knowledge) -> tuple[Finding, ...]:
    """The host checks' findings for ``facts`` (no overlap resolution, no cap)."""
    return collect(Facts(facts, kb=kb), HOST_CHECKS)

def by_id(findings: Iterable[Finding]) -> dict[str, Finding]:
    return {f.id: f for f in findings}


# ------------------------------------------------------------------ every scenario


@pytest.mark.parametrize("name", SCENARIOS)
def test_fix_lines_are_commands_or_comments(name: str) -> None:
    """Defect 9: every fix line of every rule is a command or a ``#`` instruction, and pip
    commands name the probed interpreter (docs/json-schema.md, docs/doctor.md)."""
    facts = load(name)
    for f in run_rules(facts, KB):
        for line in f.fix:
            assert c.is_command_line(line), (f.id, line)
            if not line.lstrip().startswith("#"):
                assert not line.lstrip().startswith(("pip ", "pip3 ")), (f.id, line)
                command = line.split("   #")[0]
                if " pip " in f" {command} ":
                    assert "-m pip" in command, (f.id, line)


@pytest.mark.parametrize("name", SCENARIOS)
def test_no_two_findings_share_a_root(name: str) -> None:
    """Defect 6: one finding per root cause after the overlaps are resolved."""
    ids = {f.id for f in diagnose(load(name)).findings}
    for group in SAME_ROOT:
        assert len(ids & group) <= 1, (name, sorted(ids & group))


def test_is_command_line_tells_prose_from_commands() -> None:
    assert c.is_command_line("# install a driver")
    assert c.is_command_line("/opt/venv/bin/python -m pip install tensorflow")
    assert c.is_command_line("export CUDA_CACHE_MAXSIZE=2147483648")
    assert c.is_command_line("TF_CPP_MAX_VLOG_LEVEL=3 python -c 'x'")
    assert not c.is_command_line("Install an NVIDIA driver >= 525.60.13 (Linux driver).")
    assert not c.is_command_line("then fix LD_LIBRARY_PATH so that folder stays on it")
    facts = load("l4_ok")
    assert c.fix_line(facts, 'pip install -U "nvidia-cudnn-cu12>=8.9"') == (
        '/home/u/venv/bin/python -m pip install -U "nvidia-cudnn-cu12>=8.9"')
    assert c.fix_line(facts, "put cuDNN's lib folder first").startswith("# put")


# ------------------------------------------------------------------ defect 1, 2


def test_snapshot_without_tf_says_not_probed_not_no_tf() -> None:
    verdict = diagnose(load("nv470_tf215_notf")).verdict.headline
    assert "TensorFlow was not probed" in verdict and "--no-tf" not in verdict


def test_unknown_python_version_is_null_and_its_own_finding() -> None:
    facts = load("l4_ok")
    facts = dataclasses.replace(
        facts, python=dataclasses.replace(facts.python, version=None),
        tf=TFFacts(ProbeStatus.ERROR, error="the Python interpreter was not found"))
    assert json.loads(facts.to_json())["python"]["version"] is None
    ids = {f.id for f in diagnose(facts).findings}
    assert "python-interpreter-unusable" in ids
    assert not ids & {"tensorflow-import-failed", "tensorflow-not-installed"}


# ------------------------------------------------------------------ defect 3


@pytest.mark.parametrize("name,cause", [
    ("cvd_minus1", "cuda-visible-devices-hides-gpus"),
    ("gtx680", "gpu-compute-capability-too-low"),
    ("nv470_tf215", "driver-too-old-for-cuda"),
])
def test_sees_no_gpu_defers_to_the_finding_that_names_the_cause(name: str, cause: str) -> None:
    found = by_id(diagnose(load(name)).findings)
    generic = found["tensorflow-sees-no-gpu"]
    assert cause in found and found[cause].severity is Severity.ERROR
    assert generic.severity is Severity.INFO and generic.fix == ()
    assert cause in generic.title and cause in generic.cause


def test_sees_no_gpu_pins_and_cuda_only_from_214() -> None:
    f = by_id(diagnose(load("tf_gpu_pkg")).findings)["tensorflow-sees-no-gpu"]
    text = "\n".join(f.fix)
    assert "[and-cuda]==2.10" not in text
    assert "predates the [and-cuda] extra (first in 2.14.0)" in text
    assert "CUDA 11.2 and cuDNN 8.1" in text


def test_sees_no_gpu_names_the_driver_s_gpu_only_with_a_driver_answer() -> None:
    # the driver's answer shows a GPU; it does not prove the GPU works, and the same row
    # stands for "TensorFlow lists no GPU: see <reason>" (a driver not loaded)
    facts = load("ldlp_cuda11")
    f = by_id(run_rules(facts, KB))["tensorflow-sees-no-gpu"]
    assert f.title.startswith("The driver shows an NVIDIA GPU") and "works" not in f.title
    f = by_id(run_rules(dataclasses.replace(facts, driver=None), KB))["tensorflow-sees-no-gpu"]
    assert "driver shows" not in f.title and "driver not probed" in f.cause


# ------------------------------------------------------------------ defect 4


def test_driver_too_old_offers_only_what_the_knowledge_allows() -> None:
    """RTX 3080 (cc 8.6) on driver 470: 2.14 would JIT its PTX, which needs driver >= 520,
    so no 2.14 is offered (the GTX 1060 case with its `[and-cuda]==2.14.*` offer is
    tests/rules/test_versions.py::test_gtx1060_driver470_with_tf215_suggests_214).  Since the
    final review (B, defect 7) the doctor also offers what `tfgpu plan` does: TensorFlow 2.11
    (the newest release the driver runs on this GPU) in a Python 3.10 venv, since this
    Python 3.11 has no 2.11 wheels."""
    f = by_id(diagnose(load("nv470_tf215")).findings)["driver-too-old-for-cuda"]
    assert f.fix[0] == ("# install an NVIDIA driver >= 525.60.13 (Linux driver): "
                        f"{docs.url('nvidia-drivers')}")
    rest = "\n".join(f.fix[1:])
    assert "2.14" not in rest
    assert "python3.10 -m venv ~/tf211 && ~/tf211/bin/python -m pip install 'tensorflow==2.11.*'" \
        in rest
    assert "install CUDA 11.2 and cuDNN 8.1 system-wide" in rest


def test_driver_too_old_does_not_offer_a_release_the_gpu_is_below() -> None:
    """GTX 680 (cc 3.0) is below 2.14's minimum: no TensorFlow 2.14 offer, no tensorflow-cpu."""
    report = diagnose(load("gtx680"))
    f = by_id(report.findings)["driver-too-old-for-cuda"]
    assert "2.14" not in " ".join(f.fix)
    every_fix = " ".join(line for x in report.findings for line in x.fix)
    assert "install tensorflow-cpu" not in every_fix


def test_two_toolkits_keep_the_one_of_tf_cuda_major() -> None:
    f = by_id(diagnose(load("two_toolkits")).findings)["several-cuda-toolkits-on-path"]
    assert "keep only CUDA 12" in f.fix[0] and "cuda\\-11\\.8" in f.fix[0]


def test_externally_managed_python_gets_a_venv_not_pip_into_the_system() -> None:
    facts = load("l4_ok")
    facts = dataclasses.replace(
        facts, tf=TFFacts(ProbeStatus.MISSING),
        python=dataclasses.replace(facts.python, executable="/usr/bin/python3", virtualenv=None,
                                   externally_managed=True,
                                   distributions=(dist("numpy", "1.26.4"),)))
    f = by_id(diagnose(facts).findings)["tensorflow-not-installed"]
    assert "EXTERNALLY-MANAGED" in f.cause
    assert f.fix[0].split("   #")[0] == ("/usr/bin/python3 -m venv ~/tf && ~/tf/bin/python -m "
                                         "pip install 'tensorflow[and-cuda]'")


def test_windows_has_one_finding_with_quoted_pin_and_python_range() -> None:
    found = by_id(diagnose_with_plan(load("win")).findings)
    assert "windows-native-gpu-unsupported" not in found
    f = found["tensorflow-windows-native-no-gpu"]
    assert f.fix[-1] == 'conda run -n tf210 python -m pip install "tensorflow<2.11" "numpy<2"'
    assert any("Python 3.7-3.10; the Python here is 3.11.7" in line for line in f.fix)
    assert "conda create -y -n tf210 -c conda-forge python=3.10 cudatoolkit=11.2 cudnn=8.1.0" \
        in f.fix


# ------------------------------------------------------------------ defect 5, 10, 16


def test_wsl2_without_nvidia_smi_is_gpu_unknown_not_no_gpu() -> None:
    report = diagnose(load("wsl2_nodriver"))
    found = by_id(report.findings)
    assert "no-nvidia-gpu" not in found and "cuda-messages-harmless-without-gpu" not in found
    f = found["wsl2-gpu-unknown"]
    assert "/usr/lib/wsl/lib" in f.cause and f.doc == docs.url("cuda-wsl-guide")
    assert any("never install a Linux NVIDIA driver" in line for line in f.fix)
    assert "GPU presence unknown" in report.verdict.headline
    assert "no NVIDIA GPU on this host" not in report.verdict.headline


def test_tf_log_without_driver_facts_counts_as_no_driver() -> None:
    """A snapshot without `driver` where TF logged "Could not find cuda drivers": no driver,
    so GPU-only findings are capped, without claiming that there is no GPU."""
    tf = TFFacts(ProbeStatus.OK, version="2.15.0",
                 build_info={"is_cuda_build": "True", "cuda_version": "12.2"},
                 log_lines=("I0000 cudart_stub.cc:31] Could not find cuda drivers on your "
                            "machine, GPU will not be used.",))
    facts = HostFacts(os=linux(), python=python(dist("tensorflow", "2.15.0")), cpu=cpu_ok(),
                      tf=tf, toolkits=(CudaToolkit("/usr/local/cuda-11.8", "11.8.89",
                                                   on_path=True),))
    report = diagnose(facts)
    found = by_id(report.findings)
    assert found["cuda-major-mismatch"].severity is Severity.INFO
    assert "no NVIDIA driver is installed here" in found["cuda-major-mismatch"].cause
    assert "no NVIDIA GPU on this host" not in report.verdict.headline


def test_no_nvidia_gpu_does_not_promise_tf_works_when_it_does_not() -> None:
    facts = load("tf_and_cpu_nogpu")
    ok = by_id(diagnose(facts).findings)["no-nvidia-gpu"]
    assert "TensorFlow works on the CPU" in ok.cause
    crashed = dataclasses.replace(facts, tf=TFFacts(ProbeStatus.ERROR, returncode=-11,
                                                    error="killed by SIGSEGV"))
    f = by_id(diagnose(crashed).findings)["no-nvidia-gpu"]
    assert "TensorFlow works" not in f.cause


def test_a_missing_tool_is_one_evidence_line() -> None:
    f = by_id(diagnose(load("tf_and_cpu_nogpu")).findings)["no-nvidia-gpu"]
    smi = [e.text for e in f.evidence if "nvidia-smi" in e.text]
    assert smi == ["nvidia-smi: missing: not found"]


# ------------------------------------------------------------------ defect 6, 7


def test_small_memory_advises_mixed_precision_only_with_tensor_cores() -> None:
    for name in ("gpu_2gib", "mx250"):
        f = by_id(diagnose(load(name)).findings)["gpu-memory-small"]
        assert "mixed precision" not in " ".join(f.fix)
    facts = load("l4_ok")
    small = dataclasses.replace(facts.gpus[0], memory_total_mib=3000, compute_capability="8.9",
                                name="NVIDIA RTX A500 Laptop GPU")
    f = by_id(diagnose(dataclasses.replace(facts, gpus=(small,))).findings)["gpu-memory-small"]
    assert "mixed precision" in f.fix[0]


def test_driver_mismatch_log_line_without_upgrade_evidence_gives_no_reboot() -> None:
    report = diagnose(load("nv470_tf215"))
    assert "cuinit-system-driver-mismatch" not in {f.id for f in report.findings}
    assert not any("reboot" in line for f in report.findings for line in f.fix)
    f = by_id(report.findings)["driver-too-old-for-cuda"]
    assert any("CUDA_ERROR_SYSTEM_DRIVER_MISMATCH" in e.text for e in f.evidence)


def test_cpu_only_build_trusts_build_info() -> None:
    found = by_id(diagnose(load("tf_and_cpu")).findings)
    assert "tensorflow-cpu-only-build" not in found
    assert found["tensorflow-variants-conflict"].severity is Severity.ERROR


def test_variants_conflict_fix_reinstalls_the_release_it_keeps() -> None:
    # the fix uninstalls every TensorFlow package first; on a host without a GPU build the
    # plan keeps the release, which is then an install command, never a comment alone
    host = this_machine()
    host = dataclasses.replace(host, python=python(
        dist("tensorflow", "2.21.0"), dist("tensorflow-cpu", "2.21.0"),
        dist("keras", "3.15.1"), dist("numpy", "2.4.6")), tf=None)
    f = by_id(diagnose_with_plan(host).findings)["tensorflow-variants-conflict"]
    gone = next(i for i, line in enumerate(f.fix) if "uninstall" in line)
    after = [line for line in f.fix[gone + 1:] if "tensorflow" in line]
    assert after and not after[0].lstrip().startswith("#"), f.fix
    assert "-m pip install 'tensorflow-cpu~=2.21.0'" in after[0], f.fix


# ------------------------------------------------------------------ defect 8


def test_environment_is_an_allow_list() -> None:
    env = {"TF_API_TOKEN": "secret-1", "TF_CLOUD_ORGANIZATION": "acme", "TF_VAR_db": "pw",
           "TF_TOKEN_app_terraform_io": "secret-2", "TF_SOMETHING_NEW": "x",
           "TF_CPP_MIN_LOG_LEVEL": "2", "TF_FORCE_GPU_ALLOW_GROWTH": "true",
           "TF_CONFIG": '{"cluster": {}}', "CUDA_VISIBLE_DEVICES": "0", "HOME": "/root",
           "AWS_SECRET_ACCESS_KEY": "secret-3", "PATH": "/usr/bin:/usr/local/cuda/bin"}
    res = env_vars.run(ProbeContext(env=env, system="Linux"))
    assert res.env == {"TF_CPP_MIN_LOG_LEVEL": "2", "TF_FORCE_GPU_ALLOW_GROWTH": "true",
                       "TF_CONFIG": '{"cluster": {}}', "CUDA_VISIBLE_DEVICES": "0",
                       "PATH": "/usr/local/cuda/bin"}
    excerpt = res.records[0].raw_excerpt or ""
    for secret in ("secret", "acme", "pw", "TF_SOMETHING_NEW", "/root"):
        assert secret not in excerpt


# ------------------------------------------------------------------ defect 12, 13


def test_unparsable_nvidia_smi_output_is_said_and_cut() -> None:
    junk = "\x00garbage " * 200
    res = CommandResult(("nvidia-smi",), ProbeStatus.OK, 0, junk, "", 0.01)
    ctx = ProbeContext(runner=lambda argv, timeout_s: res, system="Linux")
    driver = nvidia.probe_smi(ctx).driver
    assert driver is not None and driver.status is ProbeStatus.ERROR
    assert driver.message is not None
    assert driver.message.startswith("nvidia-smi printed output tfgpu could not parse: ")
    assert len(driver.message) < 300


def test_library_search_takes_only_regular_files(tmp_path: Path) -> None:
    (tmp_path / "libcudart.so.12.2.140").write_bytes(b"\x7fELF")
    (tmp_path / "libcublas.so.12").symlink_to(tmp_path / "gone.so")  # dangling
    (tmp_path / "libcufft.so.11").symlink_to(tmp_path / "libcufft.so.11")  # loop
    os.mkfifo(tmp_path / "libcusparse.so.12")
    ctx = ProbeContext(fs=RealFileSystem(), system="Linux")
    found = [lib.filename for lib, _ in libs._scan_dir(ctx, str(tmp_path), "ld_library_path")]
    assert found == ["libcudart.so.12.2.140"]


def test_shadowing_needs_the_same_soname() -> None:
    facts = load("l4_ok")
    old = SharedLibrary("cublas", "libcublas.so.11", "/opt/cuda11/lib64/libcublas.so.11",
                        "11.11.3.6", "ld_library_path", selected=True)
    new = SharedLibrary("cublas", "libcublas.so.12", "/venv/nvidia/cublas/lib/libcublas.so.12",
                        "12.2.5.6", "tf-runpath", selected=True)
    ids = {f.id for f in run_rules(dataclasses.replace(facts, libraries=(old, new)), KB)}
    assert "ld-library-path-shadows-pip-libraries" not in ids
    same = dataclasses.replace(old, filename="libcublas.so.12", version="12.1.0.26",
                               path="/opt/cuda12/lib64/libcublas.so.12")
    new = dataclasses.replace(new, selected=False)
    ids = {f.id for f in run_rules(dataclasses.replace(facts, libraries=(same, new)), KB)}
    assert "ld-library-path-shadows-pip-libraries" in ids


# ------------------------------------------------------------------ defect 16 (CLI)


def test_vv_lists_every_probe_with_its_duration(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "-vv", "--facts", str(REVIEW / "l4_ok.json")]) == 0
    out = capsys.readouterr().out
    assert "PROBES" in out and "  tf: ok in 6.344 s  $ " in out
    assert main(["doctor", "--facts", str(REVIEW / "l4_ok.json")]) == 0
    assert "PROBES" not in capsys.readouterr().out


@pytest.mark.parametrize("args", [[], ["--json"]])
def test_closed_stdout_exits_0_quietly(args: list[str]) -> None:
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        res = subprocess.run(
            [sys.executable, "-m", "tfgpu", "doctor", *args, "--facts",
             str(REVIEW / "l4_ok.json")],
            stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60,
            env={**os.environ, "PYTHONPATH": str(SRC)})
    finally:
        os.close(write_end)
    assert res.returncode == 0, res.stderr
    assert res.stderr == ""


def test_facts_snapshot_keeps_the_review_scenarios_readable() -> None:
    """Every scenario is a valid snapshot (the README lists them)."""
    readme = (REVIEW / "README.md").read_text(encoding="utf-8")
    for name in SCENARIOS:
        assert f"`{name}.json`" in readme
        assert load(name).schema_version



def test_python_probe_records_pep668_marker() -> None:
    """Defect 4d: the python probe says whether the interpreter is EXTERNALLY-MANAGED."""
    from tfgpu.probes import python_env

    data = python_env._in_process()
    assert isinstance(data["externally_managed"], bool)
    assert data["externally_managed"] is False  # the test venv is a venv
    assert python_env.parse({**data, "externally_managed": True}).externally_managed is True
    assert python_env.parse({k: v for k, v in data.items()
                             if k != "externally_managed"}).externally_managed is False


def test_one_cause_one_error_when_cuinit_names_why_tensorflow_sees_no_gpu() -> None:
    """cuInit's CUDA_ERROR_NO_DEVICE in TensorFlow's own log names why it lists no GPU:
    tensorflow-sees-no-gpu steps down to info and points at it (an id family in defers_to)."""
    facts = dataclasses.replace(load("ldlp_cuda11"), tf=dataclasses.replace(
        load("ldlp_cuda11").tf,  # type: ignore[arg-type]
        log_lines=("E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:282] failed "
                   "call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",)))
    found = by_id(diagnose(facts).findings)
    assert found["cuinit-no-device"].severity is Severity.ERROR
    assert found["tensorflow-sees-no-gpu"].severity is Severity.INFO
    assert "cuinit-no-device" in found["tensorflow-sees-no-gpu"].title
