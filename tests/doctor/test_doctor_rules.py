"""The doctor's rules, one scenario each, on hand-built facts and recorded real outputs.

Scenario names say the fault they reproduce.  Exact finding ids are checked against the
doctor's own rule modules (the knowledge helper's version rules are tested on their own).
"""

from __future__ import annotations

import dataclasses
import shutil
import subprocess

import pytest
from doctor_helpers import (
    PCI_NO_DISPLAY,
    PY,
    SITE,
    cpu_ok,
    dist,
    gpu_host,
    l4_gpu,
    linux,
    python,
    recorded,
    tf_cpu_only_from_recording,
    tf_with_gpus,
    this_machine,
)

from tfgpu import facts as F
from tfgpu.diagnosis.checks import CHECKS
from tfgpu.diagnosis.checks.visibility import visible_gpu_count
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.findings import AREAS, CATEGORIES, Finding, Report, Severity
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.agreement import agree_with_plan

#: The checks of the doctor's hardware, TensorFlow-install and environment rules (most now
#: live in their fault-kind modules: visibility, mixed_precision, driver, libraries, wsl).
_MOVED = frozenset({"cuda_visible_devices_hides_gpus", "log_level_hides_reasons",
                    "tensorflow_sees_no_gpu", "tensorflow_gpu_ops", "no_tensor_cores",
                    "driver_missing", "driver_broken", "driver_library_mismatch", "wsl1",
                    "several_toolkits_on_path", "ld_library_path_shadows"})
DOCTOR_RULES = tuple(c for c in CHECKS if c.__module__.rsplit(".", 1)[-1]
                     in ("hardware", "tf_install", "environment", "cpu")
                     or c.__name__ in _MOVED)


def run(facts: F.HostFacts) -> Report:
    # with the doctor command's pass that holds install lines against the plan
    return diagnose(facts, load_knowledge(), DOCTOR_RULES, meta={}, fixes=agree_with_plan)


def ids(facts: F.HostFacts) -> set[str]:
    return {f.id for f in run(facts).findings}


def one(facts: F.HostFacts, fid: str) -> Finding:
    found = [f for f in run(facts).findings if f.id == fid]
    assert found, f"{fid} not in {ids(facts)}"
    return found[0]


def smi_fail(text: str) -> F.HostFacts:
    """A Linux host whose nvidia-smi failed with ``text`` (recorded), GPU seen on the bus."""
    return F.HostFacts(
        os=linux(), python=python(dist("tensorflow", "2.15.0")), cpu=cpu_ok(),
        gpus=(F.GPU(index=0, vendor="nvidia", name="NVIDIA Corporation GA102 [GeForce RTX 3090]",
                  pci_bus_id="0000:01:00.0", source="lspci"),),
        driver=F.DriverFacts(F.ProbeStatus.ERROR, source="nvidia-smi", message=text.strip()),
        tf=F.TFFacts(F.ProbeStatus.SKIPPED),
        probes=(F.ProbeRecord("nvidia-smi", F.ProbeStatus.ERROR, ("nvidia-smi",), 9, 0.05,
                            text.strip()),),
    )


# --- this machine and a working GPU host ---------------------------------------------------

def test_scenario_this_gpu_less_machine_with_tf_2_21_runs_on_cpu_exit_0() -> None:
    report = run(this_machine())
    assert [f.id for f in report.findings] == ["no-nvidia-gpu",
                                               "cuda-messages-harmless-without-gpu"]
    noise = report.findings[1]
    assert noise.harmless and noise.severity is Severity.INFO
    assert [e.line for e in noise.evidence] == [3, 8, 9]  # lines of the recorded log
    f = report.findings[0]
    assert f.severity is Severity.WARNING and f.area == "hardware"
    assert f.cause.startswith("NVML and nvidia-smi found no NVIDIA GPU") or \
        f.cause.startswith("nvidia-smi is not installed")
    assert report.verdict.headline == ("TensorFlow 2.21.0 will run on the CPU only: 0 problems "
                                       "(no NVIDIA GPU on this host)")
    assert not report.has_errors and not report.verdict.gpu_usable


def test_scenario_working_l4_host_can_use_gpu_0() -> None:
    facts = gpu_host(tf=tf_with_gpus("NVIDIA L4"))
    report = run(facts)
    assert [f.id for f in report.findings] == ["tensorflow-gpu-works"]
    assert report.findings[0].severity is Severity.OK
    assert report.verdict.headline == "TensorFlow 2.15.0 can use GPU 0: NVIDIA L4, 22.5 GiB"
    assert report.verdict.gpu_usable


def test_scenario_two_l4_behind_cuda_visible_devices_1_reports_gpu_1_memory() -> None:
    facts = gpu_host(gpus=(l4_gpu(0), l4_gpu(1, memory_total_mib=15360)),
                     tf=tf_with_gpus("NVIDIA L4"), env={"CUDA_VISIBLE_DEVICES": "1"})
    # TensorFlow's GPU:0 is nvidia-smi's GPU 1: both numbers are named
    assert run(facts).verdict.headline == (
        "TensorFlow 2.15.0 can use GPU:0 (nvidia-smi GPU 1): NVIDIA L4, 15.0 GiB"
        " (CUDA_VISIBLE_DEVICES=1: 1 of 2 GPUs visible)")


@pytest.mark.parametrize(("host_gpu", "want"), [
    # NVML's name is the hardware's: it wins over TensorFlow's device name
    (l4_gpu(0, name="NVIDIA L4 (NVML)"), "GPU 0: NVIDIA L4 (NVML), 22.5 GiB"),
    (l4_gpu(0, name="NVIDIA L4 (NVML)", source="nvidia-smi"),
     "GPU 0: NVIDIA L4 (NVML), 22.5 GiB"),
    # no NVML name: a table nvidia-smi cut short, NVML's placeholder, another probe's name
    (l4_gpu(0, name="NVIDIA L4 ...", source="nvidia-smi"), "GPU 0: TF's L4, 22.5 GiB"),
    (l4_gpu(0, name="unknown NVIDIA GPU (NVML could not open it)"), "GPU 0: TF's L4, 22.5 GiB"),
    (l4_gpu(0, name="NVIDIA Corporation AD104GL [L4]", source="lspci"),
     "GPU 0: TF's L4, 22.5 GiB"),
])
def test_headline_names_the_gpu_as_nvml_does(host_gpu: F.GPU, want: str) -> None:
    facts = gpu_host(gpus=(host_gpu,), tf=tf_with_gpus("TF's L4"))
    assert run(facts).verdict.headline == f"TensorFlow 2.15.0 can use {want}"


# --- driver ----------------------------------------------------------------------------------

def test_scenario_driver_library_mismatch_570_says_reboot_not_install() -> None:
    text = recorded("nvidia-smi/fail-nvml-driver-library-mismatch-570.124.txt")
    report = run(smi_fail(text))
    assert [f.id for f in report.findings] == ["nvidia-driver-library-mismatch"]
    f = report.findings[0]
    assert f.category == "version-mismatch" and f.fix[0] == "sudo reboot"
    assert any("NVML library version: 570.124" in e.text for e in f.evidence)
    assert report.verdict.headline == "TensorFlow will run on the CPU only: 1 problem; " \
                                      "TensorFlow itself was not checked (--no-tf)"


def test_scenario_legacy_driver_library_mismatch_one_line() -> None:
    text = recorded("nvidia-smi/fail-nvml-driver-library-mismatch-legacy.txt")
    assert ids(smi_fail(text)) == {"nvidia-driver-library-mismatch"}


def test_scenario_couldnt_communicate_is_not_driver_missing() -> None:
    text = recorded("nvidia-smi/fail-couldnt-communicate-with-driver.txt")
    f = one(smi_fail(text), "nvidia-driver-not-loaded")
    assert "not installed" not in f.title.lower() or "installed but" in f.title.lower()
    assert f.cause.startswith("nvidia-smi: \"NVIDIA-SMI has failed because it couldn't "
                              "communicate with the NVIDIA driver.")
    assert "Secure Boot" in f.cause
    assert "nvidia-driver-missing" not in ids(smi_fail(text))


def test_scenario_wsl1_couldnt_communicate_says_use_wsl2() -> None:
    text = recorded("nvidia-smi/fail-couldnt-communicate-with-driver.txt")
    facts = dataclasses.replace(smi_fail(text), os=linux(kernel="4.4.0-17763-Microsoft",
                                                         is_wsl=True, wsl_version=1), gpus=())
    assert ids(facts) == {"nvidia-driver-not-loaded", "wsl1-has-no-gpu"}
    f = one(facts, "nvidia-driver-not-loaded")
    assert "WSL1" in f.cause and f.fix[0].startswith("wsl --set-version")


def test_scenario_wsl2_couldnt_communicate_plus_nvml_shutdown() -> None:
    text = recorded("nvidia-smi/fail-wsl2-couldnt-communicate-plus-nvml-shutdown.txt")
    facts = dataclasses.replace(smi_fail(text), os=linux(
        kernel="5.15.153.1-microsoft-standard-WSL2", is_wsl=True, wsl_version=2), gpus=())
    f = one(facts, "nvidia-driver-not-loaded")
    assert "Windows" in f.cause and "WINDOWS" in f.fix[0]
    assert any("Driver Not Loaded" in e.text for e in f.evidence)


def test_scenario_no_devices_were_found_rtx5090() -> None:
    text = recorded("nvidia-smi/fail-no-devices-were-found-rtx5090.txt")
    f = one(smi_fail(text), "nvidia-no-devices-found")
    assert "Resizable BAR" in f.cause


def test_scenario_hung_nvidia_smi_is_a_clear_error() -> None:
    facts = dataclasses.replace(smi_fail(""), driver=F.DriverFacts(
        F.ProbeStatus.TIMEOUT, source="nvidia-smi",
        message="nvidia-smi did not finish within 10 s and was stopped"))
    report = run(facts)
    assert [f.id for f in report.findings] == ["nvidia-smi-hung"]
    assert report.findings[0].cause.startswith("nvidia-smi did not finish within 10 s")


def test_hung_nvidia_smi_beside_a_listing_without_nvidia_is_a_hedge_not_a_reboot() -> None:
    # a stand-in or leftover nvidia-smi on a host without an NVIDIA GPU, or a GPU that fell
    # off the bus: the kernel log tells which, so no "sudo reboot" as the fix
    facts = dataclasses.replace(smi_fail(""), gpus=(), driver=F.DriverFacts(
        F.ProbeStatus.TIMEOUT, source="nvidia-smi",
        message="nvidia-smi did not finish within 10 s and was stopped"),
        probes=PCI_NO_DISPLAY)
    f = one(facts, "nvidia-smi-hung")
    assert f.severity.value == "warning"
    assert "shows no NVIDIA device" in f.title and "fell off the bus" in f.title
    assert "command -v nvidia-smi" in f.fix[0]
    assert not any(line.strip() == "sudo reboot" for line in f.fix)


def test_scenario_gpu_on_pci_bus_without_driver() -> None:
    facts = dataclasses.replace(smi_fail(""), driver=F.DriverFacts(F.ProbeStatus.MISSING),
                                probes=(F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING,
                                                    ("nvidia-smi",), message="not found"),))
    assert ids(facts) == {"nvidia-driver-missing"}
    assert one(facts, "nvidia-driver-missing").fix[0].startswith("sudo ubuntu-drivers install")


def test_scenario_unknown_driver_error_is_quoted_verbatim() -> None:
    facts = smi_fail("Unable to determine the device handle for GPU0000:01:00.0: Unknown Error")
    f = one(facts, "nvidia-driver-error")
    assert "Unable to determine the device handle" in f.cause


# --- no NVIDIA GPU: the honest words --------------------------------------------------------

def _no_nvidia(system: str, vendor: str, name: str, machine: str = "x86_64") -> F.HostFacts:
    return F.HostFacts(
        os=F.OSFacts(system=system, machine=machine), python=python(dist("tensorflow", "2.16.1")),
        cpu=cpu_ok(), gpus=(F.GPU(index=0, vendor=vendor, name=name, source="lspci"),),
        driver=F.DriverFacts(F.ProbeStatus.MISSING), tf=F.TFFacts(F.ProbeStatus.SKIPPED),
        probes=(F.ProbeRecord("cpu", F.ProbeStatus.OK),
                F.ProbeRecord("nvidia-smi", F.ProbeStatus.MISSING, ("nvidia-smi",))),
    )


def test_scenario_amd_gpu_on_linux_points_to_tensorflow_rocm() -> None:
    f = one(_no_nvidia("Linux", "amd", "Radeon RX 7900 XTX"), "no-nvidia-gpu")
    assert "tensorflow-rocm" in f.cause and "Linux only" in f.cause
    assert f.doc is not None and "rocm.docs.amd.com" in f.doc


def test_scenario_amd_gpu_on_windows_is_cpu_only() -> None:
    f = one(_no_nvidia("Windows", "amd", "AMD Radeon RX 6800"), "no-nvidia-gpu")
    assert "only for native Linux" in f.cause and not f.fix


def test_scenario_intel_gpu_fix_is_the_plans_cpu_build_not_an_older_tf_with_itex() -> None:
    f = one(_no_nvidia("Linux", "intel", "Intel Arc A770"), "no-nvidia-gpu")
    assert "intel-extension-for-tensorflow" in f.cause
    # the plan has no Intel GPU route: the doctor's fix is the plan's CPU build
    assert not any("intel-extension-for-tensorflow" in line for line in f.fix)
    assert "route cpu" in f.fix[0]


def test_scenario_apple_silicon_points_to_tensorflow_metal() -> None:
    f = one(_no_nvidia("Darwin", "apple", "Apple M2", machine="arm64"), "no-nvidia-gpu")
    # the plan's pinned pair (platform fact macos-metal-pairing), never the unpinned pair
    assert "route metal" in f.fix[0]
    assert f.fix[-1].endswith("install 'tensorflow~=2.17.0' tensorflow-metal==1.1.0")
    assert f.doc == "https://developer.apple.com/metal/tensorflow-plugin/"


def test_scenario_nvidia_probes_absent_says_unknown_not_no_gpu() -> None:
    facts = dataclasses.replace(this_machine(), driver=None, probes=())
    # DOCTOR_RULES leaves out the cuInit check, so the TF log's E-level cuInit line is left
    # to the unrecognised-error safety net (an E line is never "no problem")
    assert ids(facts) - {"unrecognised-error"} == {"nvidia-gpu-not-probed"}
    full = {f.id for f in diagnose(facts, load_knowledge(), meta={}).findings}
    assert "unrecognised-error" not in full and "no-nvidia-gpu" not in full, full


# --- hardware --------------------------------------------------------------------------------

def test_scenario_gtx_1050_with_2_gib_is_small() -> None:
    g = F.GPU(index=0, vendor="nvidia", name="NVIDIA GeForce GTX 1050", memory_total_mib=2048,
            compute_capability="6.1", source="nvml")
    facts = gpu_host(gpus=(g,), tf=tf_with_gpus("NVIDIA GeForce GTX 1050"))
    f = one(facts, "gpu-memory-small")
    assert f.cause.startswith("GPU 0 NVIDIA GeForce GTX 1050: 2048 MiB: under 3,584 MiB")
    assert "sold with less than 4 GB" in f.title
    assert f.knowledge_ref == "platform_facts:gpu-memory-small-cut"
    assert f.fix[-1] == "export TF_FORCE_GPU_ALLOW_GROWTH=true"


def test_scenario_4_gib_card_is_not_small() -> None:
    g = F.GPU(index=0, vendor="nvidia", name="NVIDIA GeForce GTX 1650", memory_total_mib=4096,
            compute_capability="7.5", source="nvml")
    assert "gpu-memory-small" not in ids(gpu_host(gpus=(g,), tf=tf_with_gpus("x")))


def test_a_4_gb_board_reporting_3_82_gib_is_not_small_and_a_3_gb_board_is() -> None:
    """The cut is the platform fact gpu-memory-small-cut (a board sold with less than 4 GB):
    a 4 GB board reporting 3,800 MiB is not small, a 3 GB one (3,072 MiB) is."""
    four = F.GPU(index=0, vendor="nvidia", name="NVIDIA GeForce GTX 1650", memory_total_mib=3800,
                 compute_capability="7.5", source="nvml")
    assert "gpu-memory-small" not in ids(gpu_host(gpus=(four,), tf=tf_with_gpus("x")))
    three = dataclasses.replace(four, name="NVIDIA GeForce GTX 1060 3GB", memory_total_mib=3072)
    assert "gpu-memory-small" in ids(gpu_host(gpus=(three,), tf=tf_with_gpus("x")))


def test_scenario_laptop_mx250_is_weak_cc_6_1() -> None:
    g = F.GPU(index=0, vendor="nvidia", name="NVIDIA GeForce MX250", memory_total_mib=2048,
            source="nvidia-smi")
    facts = gpu_host(gpus=(g,), tf=tf_with_gpus("NVIDIA GeForce MX250"))
    f = one(facts, "laptop-mx-gpu")
    assert "compute capability 6.1" in f.cause and f.category == "compute-capability"
    assert {"gpu-memory-small", "laptop-mx-gpu", "gpu-without-tensor-cores"} <= ids(facts)


def test_scenario_case_033_gtx_1660_ti_has_no_tensor_cores() -> None:
    g = F.GPU(index=0, vendor="nvidia", name="NVIDIA GeForce GTX 1660 Ti", memory_total_mib=6144,
            compute_capability="7.5", source="nvml")
    f = one(gpu_host(gpus=(g,), tf=tf_with_gpus("NVIDIA GeForce GTX 1660 Ti")),
            "gpu-without-tensor-cores")
    assert f.category == "mixed-precision" and "float32" in f.fix[0]


def test_scenario_rtx_3060_has_tensor_cores() -> None:
    g = F.GPU(index=0, vendor="nvidia", name="NVIDIA GeForce RTX 3060", memory_total_mib=12288,
            compute_capability="8.6", source="nvml")
    assert ids(gpu_host(gpus=(g,), tf=tf_with_gpus("x"))) == {"tensorflow-gpu-works"}


def test_scenario_case_030_ten_gpus_with_iommu_on_warns_about_nccl_p2p() -> None:
    gpus = tuple(l4_gpu(i, name="NVIDIA RTX A5000", pci_bus_id=f"00000000:{i + 1:02x}:00.0")
                 for i in range(10))
    iommu_on = F.ProbeRecord("iommu", F.ProbeStatus.OK, message="enabled (120 groups)")
    facts = gpu_host(gpus=gpus, tf=tf_with_gpus(*["NVIDIA RTX A5000"] * 10),
                     probes=(F.ProbeRecord("cpu", F.ProbeStatus.OK), iommu_on))
    f = one(facts, "multi-gpu-p2p-check")
    assert f.severity is Severity.WARNING and f.category == "multigpu-nccl"
    assert "export NCCL_P2P_DISABLE=1" in f.fix[1]
    passthrough = dataclasses.replace(facts, probes=(F.ProbeRecord(
        "iommu", F.ProbeStatus.OK, message="enabled, passthrough (iommu=pt)"),))
    assert one(passthrough, "multi-gpu-p2p-check").severity is Severity.INFO


def test_scenario_cpu_without_avx_is_an_error() -> None:
    facts = dataclasses.replace(this_machine(), cpu=F.CPUFacts(model="Intel Pentium G6950",
                                                             machine="x86_64", flags=("sse4_2",)))
    f = one(facts, "cpu-lacks-required-instructions")  # was cpu-without-avx (alias)
    assert f.severity is Severity.ERROR and "Illegal instruction" in f.cause


def test_scenario_cpu_flags_unknown_does_not_claim_no_avx() -> None:
    facts = dataclasses.replace(this_machine(), cpu=F.CPUFacts(machine="x86_64"),
                                probes=(F.ProbeRecord("cpu", F.ProbeStatus.MISSING),))
    assert "cpu-lacks-required-instructions" not in ids(facts)


# --- TensorFlow installation ------------------------------------------------------------------

def test_scenario_tensorflow_not_installed_on_gpu_linux_host() -> None:
    facts = gpu_host(python=python(dist("numpy", "1.26.4")), tf=F.TFFacts(F.ProbeStatus.MISSING))
    report = run(facts)
    assert {f.id for f in report.findings} == {"tensorflow-not-installed"}
    assert report.findings[0].fix == (f"{PY} -m pip install 'tensorflow[and-cuda]'",)
    assert report.verdict.headline == "TensorFlow is not installed: 1 problem"


def test_scenario_tensorflow_not_installed_windows_powershell_command() -> None:
    facts = gpu_host(os=F.OSFacts(system="Windows", name="Windows 11", machine="AMD64"),
                     python=dataclasses.replace(python(), version="3.10.11",
                                                executable=r"C:\Python310\python.exe"),
                     tf=F.TFFacts(F.ProbeStatus.MISSING))
    f = one(facts, "tensorflow-not-installed")
    # quoted: an unquoted < is a redirection in PowerShell (review defect 4e)
    assert f.fix == (r'C:\Python310\python.exe -m pip install "tensorflow<2.11" "numpy<2"',)


def test_scenario_tensorflow_cpu_on_gpu_host_is_an_error() -> None:
    tf = dataclasses.replace(tf_with_gpus(), build_info={"is_cuda_build": "False"})
    facts = gpu_host(python=python(dist("tensorflow-cpu", "2.15.0")), tf=tf)
    f = one(facts, "tensorflow-cpu-only-build")
    assert f.severity is Severity.ERROR
    # the CPU-only package goes first, then the CUDA build of the same release
    assert f.fix[0] == f"{PY} -m pip uninstall -y tensorflow-cpu"
    assert f.fix[1].startswith(f'{PY} -m pip install "tensorflow[and-cuda]==2.15.*"')
    assert len(f.fix) == 2
    assert "tensorflow-sees-no-gpu" not in ids(facts)


def test_scenario_cpu_only_build_on_cpu_host_is_info() -> None:
    tf = dataclasses.replace(tf_cpu_only_from_recording(),
                             build_info={"is_cuda_build": "False", "is_rocm_build": "False"})
    facts = dataclasses.replace(this_machine(), tf=tf)
    assert one(facts, "tensorflow-cpu-only-build").severity is Severity.INFO
    assert not run(facts).has_errors


def test_scenario_windows_native_tf_2_15_with_nvidia_gpu() -> None:
    facts = gpu_host(os=F.OSFacts(system="Windows", name="Windows 11", machine="AMD64"),
                     python=python(dist("tensorflow", "2.15.0"),
                                   dist("tensorflow-intel", "2.15.0")),
                     tf=dataclasses.replace(tf_with_gpus(), build_info={"is_cuda_build": "False"}))
    got = ids(facts)
    assert "tensorflow-windows-native-no-gpu" in got
    assert "tensorflow-cpu-only-build" not in got and "tensorflow-variants-conflict" not in got
    f = one(facts, "tensorflow-windows-native-no-gpu")
    assert f.fix[-1].endswith('-m pip install "tensorflow<2.11" "numpy<2"')


def test_scenario_removed_tensorflow_gpu_package_alone_is_a_warning() -> None:
    facts = gpu_host(python=python(dist("tensorflow-gpu", "2.10.1")),
                     tf=tf_with_gpus("NVIDIA L4", version="2.10.1"))
    f = one(facts, "tensorflow-gpu-package-removed")
    assert f.severity is Severity.WARNING and "2.12.0 is a stub" in f.cause
    assert f.fix == (f"{PY} -m pip uninstall -y tensorflow-gpu",
                     f"{PY} -m pip install 'tensorflow[and-cuda]'")


def test_scenario_tensorflow_gpu_next_to_tensorflow_is_an_error() -> None:
    facts = gpu_host(python=python(dist("tensorflow-gpu", "2.11.0"), dist("tensorflow", "2.11.0")),
                     tf=tf_with_gpus("NVIDIA L4", version="2.11.0"))
    assert one(facts, "tensorflow-gpu-package-removed").severity is Severity.ERROR


def test_scenario_tensorflow_and_tensorflow_cpu_both_installed() -> None:
    facts = gpu_host(python=python(dist("tensorflow", "2.15.0"), dist("tensorflow-cpu", "2.15.0")),
                     tf=tf_with_gpus())
    f = one(facts, "tensorflow-variants-conflict")
    assert f.severity is Severity.ERROR
    assert f.fix[0] == f"{PY} -m pip uninstall -y tensorflow tensorflow-cpu"


def _pip_cudnn9_not_selected() -> tuple[F.SharedLibrary, ...]:
    """Library facts: pip cuDNN 9 files (recorded `ls` of the wheel) that the loader skips."""
    names = recorded("libs/ls-site-packages-nvidia-cudnn-lib-cudnn9-pip-wheel.txt").split()
    libdir = f"{SITE}/nvidia/cudnn/lib"
    libs = [F.SharedLibrary(name="cudnn", filename=n, path=f"{libdir}/{n}", version="9",
                          origin="tf-runpath", selected=False)
            for n in names if n == "libcudnn.so.9"]
    for name in ("cudart", "cublas", "cublasLt", "cufft", "cusparse", "cusolver"):
        libs.append(F.SharedLibrary(name=name, filename=f"lib{name}.so.12",
                                  path=f"{SITE}/nvidia/x/lib/lib{name}.so.12", version="12",
                                  origin="tf-runpath", selected=True))
    return tuple(libs)


def test_scenario_gpu_works_but_tensorflow_sees_none_names_cudnn() -> None:
    err = tuple(recorded("tf-build-info/list-physical-devices-empty-wsl2-failing.txt")
                .splitlines()[:1])
    tf = dataclasses.replace(tf_with_gpus(version="2.16.1"), log_lines=err)
    facts = gpu_host(tf=tf, libraries=_pip_cudnn9_not_selected(),
                     env={"LD_LIBRARY_PATH": "/usr/local/cuda/lib64"})
    f = one(facts, "tensorflow-sees-no-gpu")
    assert f.severity is Severity.ERROR and f.category == "gpu-not-visible"
    assert "missing: libcudnn (found only at" in f.cause
    # reinstalling 2.16.1 would not help: its wheel does not find the and-cuda libraries
    # (platform fact tf-216-nvidia-wheel-libs-not-found); the fix is the plan's release
    assert not any("==2.16.1" in line for line in f.fix)
    assert "TensorFlow 2.21.0, route pip" in f.fix[0]
    assert any(line.startswith("unset LD_LIBRARY_PATH") for line in f.fix)
    assert run(facts).verdict.headline == "TensorFlow 2.16.1 will run on the CPU only: 1 problem"


def test_scenario_tensorflow_sees_none_without_library_facts_says_unknown() -> None:
    facts = gpu_host(tf=tf_with_gpus(version="2.16.1"))
    f = one(facts, "tensorflow-sees-no-gpu")
    assert "the library search did not run" in f.cause


def test_scenario_gpu_op_fails_with_no_kernel_image() -> None:
    facts = gpu_host(tf=tf_with_gpus("NVIDIA L4", op_ok=False))
    f = one(facts, "tensorflow-gpu-op-failed")
    assert f.category == "compute-capability" and "no kernel image" in f.cause
    assert not run(facts).verdict.gpu_usable


def test_scenario_tf_import_segfault_gives_clear_words() -> None:
    tf = F.TFFacts(F.ProbeStatus.ERROR, returncode=-11, error="the TensorFlow probe killed by "
                 "SIGSEGV (signal 11): a segmentation fault inside a native library")
    report = run(gpu_host(tf=tf))
    assert [f.id for f in report.findings] == ["tensorflow-import-crashed"]
    assert report.verdict.headline == "TensorFlow does not start: 1 problem"


def _tf_killed_by_sigill(log_lines: tuple[str, ...] = ()) -> F.TFFacts:
    """The TensorFlow probe's facts after its child died of SIGILL (-4)."""
    error = ("the TensorFlow probe killed by SIGILL (signal 4): an illegal instruction, "
             "usually a CPU without AVX")
    return F.TFFacts(F.ProbeStatus.ERROR, returncode=-4, error=error, log_lines=log_lines)


def test_scenario_tf_import_sigill_points_to_avx() -> None:
    tf = _tf_killed_by_sigill()
    no_avx = F.CPUFacts(model="Intel Pentium G4560", machine="x86_64", flags=("sse4_2",))
    f = one(gpu_host(tf=tf, cpu=no_avx), "tensorflow-import-crashed")
    assert "lacks AVX" in f.cause


def test_scenario_sigill_with_avx_cpu_does_not_blame_avx() -> None:
    """Review defect 14: the CPU facts show AVX, so the crash is something else."""
    tf = _tf_killed_by_sigill(("2024-01-01 loading", "Illegal instruction (core dumped)"))
    f = one(gpu_host(tf=tf), "tensorflow-import-crashed")
    assert "not the missing-AVX case" in f.cause and "AVX-512" in f.cause
    assert "lacks AVX" not in f.cause
    assert any("Illegal instruction (core dumped)" in e.text for e in f.evidence)


def test_scenario_tf_hang_is_a_timeout_finding() -> None:
    tf = F.TFFacts(F.ProbeStatus.TIMEOUT, error="the TensorFlow probe did not finish within 90 s "
                 "(import or device set-up hung) and was stopped")
    f = one(gpu_host(tf=tf), "tensorflow-probe-timeout")
    assert f.fix[0].startswith("tfgpu doctor --timeout")


def test_tf_probe_stopped_at_the_default_limit_is_a_hang() -> None:
    tf = F.TFFacts(F.ProbeStatus.TIMEOUT, timeout_s=F.DEFAULT_TF_TIMEOUT_S,
                   error="the TensorFlow probe did not finish within 90 s and was stopped")
    report = diagnose(gpu_host(tf=tf))
    assert "tensorflow-probe-timeout" in {f.id for f in report.findings}
    assert "does not start" in report.verdict.headline


def test_tf_probe_stopped_at_a_short_user_limit_is_unknown_not_hung() -> None:
    """Only the user's own --timeout 3 ran out: no "hung", no "does not start"."""
    tf = F.TFFacts(F.ProbeStatus.TIMEOUT, timeout_s=3.0,
                   error="the TensorFlow probe did not finish within 3 s and was stopped")
    report = diagnose(gpu_host(tf=tf))
    found = {f.id: f for f in report.findings}
    assert "tensorflow-probe-timeout" not in found
    f = found["tensorflow-probe-stopped-at-limit"]
    assert f.severity is Severity.WARNING and "3 s" in f.title and "hung" not in f.title
    assert "not known" in f.cause and f.fix[0].startswith("tfgpu doctor")
    v = report.verdict
    assert v.gpu_usable is None and v.headline.startswith("TensorFlow state unknown")
    assert "stopped after 3 s, --timeout 3" in v.headline
    assert "does not start" not in v.headline and not report.has_errors


def test_scenario_tf_import_error_quotes_the_exception() -> None:
    tf = F.TFFacts(F.ProbeStatus.ERROR, returncode=0, error="ImportError: libcudnn.so.8: cannot "
                 "open shared object file: No such file or directory")
    f = one(gpu_host(tf=tf), "tensorflow-import-failed")
    assert f.cause.startswith("ImportError: libcudnn.so.8")


# --- environment -----------------------------------------------------------------------------

@pytest.mark.parametrize(("value", "visible"), [
    ("-1", 0), ("", 0), (" ", 0), ("2", 0), ("0,1", 2), ("1", 1), ("0,5,1", 1), ("1,1", 1),
    ("GPU-00000001", 1), ("GPU-ffff", 0), ("MIG-0", 0), ("abc", 0),
])
def test_cuda_visible_devices_parsing_follows_cuda_rules(value: str, visible: int) -> None:
    uuids = ("GPU-00000000-0000-0000-0000-000000000000", "GPU-00000001-0000-0000-0000-000000000000")
    assert visible_gpu_count(value, 2, uuids) == visible


@pytest.mark.parametrize(("value", "visible"), [
    ("MIG-5c89b8f1", 1), ("MIG-ffff", 0), ("MIG-5c89b8f1,MIG-7d2a", 2), ("GPU-00000000", 1),
])
def test_a_mig_instance_is_matched_against_the_mig_uuids(value: str, visible: int) -> None:
    uuids = ("GPU-00000000-0000-0000-0000-000000000000", "GPU-00000001-0000-0000-0000-000000000000")
    migs = ("MIG-5c89b8f1-1111-2222-3333-444444444444", "MIG-7d2a0000-1111-2222-3333-444444444444")
    assert visible_gpu_count(value, 2, uuids, migs) == visible
    assert visible_gpu_count(value, 2, uuids, (None,)) >= 1  # MIG uuids unknown: may be valid


@pytest.mark.parametrize("value", ["-1", "", "3"])
def test_scenario_cuda_visible_devices_hides_every_gpu(value: str) -> None:
    facts = gpu_host(tf=tf_with_gpus(), env={"CUDA_VISIBLE_DEVICES": value})
    f = one(facts, "cuda-visible-devices-hides-gpus")
    assert f.fix[0] == "unset CUDA_VISIBLE_DEVICES"


def test_scenario_cuda_visible_devices_fix_in_fish_and_powershell() -> None:
    fish = gpu_host(tf=tf_with_gpus(), env={"CUDA_VISIBLE_DEVICES": "-1",
                                            "SHELL": "/usr/bin/fish"})
    assert one(fish, "cuda-visible-devices-hides-gpus").fix[0] == "set -e CUDA_VISIBLE_DEVICES"
    win = dataclasses.replace(fish, os=F.OSFacts(system="Windows", machine="AMD64"))
    assert one(win, "cuda-visible-devices-hides-gpus").fix[0] == \
        "Remove-Item Env:CUDA_VISIBLE_DEVICES"


def test_scenario_cuda_visible_devices_selecting_one_gpu_is_fine() -> None:
    facts = gpu_host(tf=tf_with_gpus("NVIDIA L4"), env={"CUDA_VISIBLE_DEVICES": "0"})
    assert ids(facts) == {"tensorflow-gpu-works"}


def test_scenario_two_cuda_toolkits_on_path_and_the_fix_really_works() -> None:
    path = "/usr/local/cuda-12.2/bin:/usr/local/cuda-11.8/bin"
    facts = gpu_host(tf=tf_with_gpus("NVIDIA L4"), env={"PATH": path}, toolkits=(
        F.CudaToolkit(root="/usr/local/cuda-12.2", version="12.2", source="nvcc", on_path=True),
        F.CudaToolkit(root="/usr/local/cuda-11.8", version="11.8", source="glob", on_path=True)))
    f = one(facts, "several-cuda-toolkits-on-path")
    assert f.severity is Severity.WARNING and "CUDA 12.2, 11.8" in f.cause
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("no bash")
    cmd = f.fix[0].split("   #")[0]
    out = subprocess.run([bash, "-c", f"PATH=/usr/local/cuda-12.2/bin:/usr/bin:/bin:"
                                      f"/usr/local/cuda-11.8/bin; {cmd}; printf %s \"$PATH\""],
                         capture_output=True, text=True, timeout=10, check=True)
    assert out.stdout == "/usr/local/cuda-12.2/bin:/usr/bin:/bin"


def test_scenario_one_toolkit_on_path_and_others_installed_is_only_a_fact() -> None:
    facts = gpu_host(tf=tf_with_gpus("NVIDIA L4"), toolkits=(
        F.CudaToolkit(root="/usr/local/cuda-12.2", version="12.2", on_path=True),
        F.CudaToolkit(root="/usr/local/cuda-11.8", version="11.8", on_path=False)))
    assert ids(facts) == {"tensorflow-gpu-works"}


def test_scenario_stale_ld_library_path_cudnn_shadows_pip_copy() -> None:
    libs = (
        F.SharedLibrary(name="cudnn", filename="libcudnn.so.8", path="/usr/local/cuda/lib64/"
                      "libcudnn.so.8", version="8.1.0", origin="ld_library_path", selected=True),
        F.SharedLibrary(name="cudnn", filename="libcudnn.so.8", path=f"{SITE}/nvidia/cudnn/lib/"
                      "libcudnn.so.8", version="8.9.4", origin="tf-runpath", selected=False),
    )
    facts = gpu_host(tf=tf_with_gpus("NVIDIA L4"), libraries=libs,
                     env={"LD_LIBRARY_PATH": "/usr/local/cuda/lib64"})
    f = one(facts, "ld-library-path-shadows-pip-libraries")
    assert "libcudnn 8.1.0" in f.cause and f.fix == ("unset LD_LIBRARY_PATH",)


def test_scenario_tf_cpp_min_log_level_3_hides_reasons() -> None:
    facts = dataclasses.replace(this_machine(), env={"TF_CPP_MIN_LOG_LEVEL": "3"})
    assert one(facts, "tf-log-level-hides-gpu-messages").severity is Severity.INFO


# --- every finding of every scenario is complete ----------------------------------------------

ALL_SCENARIOS = [
    this_machine(),
    smi_fail(recorded("nvidia-smi/fail-nvml-driver-library-mismatch-570.124.txt")),
    smi_fail(recorded("nvidia-smi/fail-couldnt-communicate-with-driver.txt")),
    smi_fail(recorded("nvidia-smi/fail-no-devices-were-found-rtx5090.txt")),
    _no_nvidia("Linux", "amd", "Radeon"), _no_nvidia("Darwin", "apple", "M1", "arm64"),
    gpu_host(tf=F.TFFacts(F.ProbeStatus.MISSING), python=python()),
    gpu_host(tf=tf_with_gpus(version="2.16.1"), libraries=_pip_cudnn9_not_selected()),
    gpu_host(tf=F.TFFacts(F.ProbeStatus.TIMEOUT, error="hung")),
    gpu_host(python=python(dist("tensorflow-gpu", "2.10.1"), dist("tensorflow", "2.10.1")),
             tf=tf_with_gpus("x"), env={"CUDA_VISIBLE_DEVICES": "-1"}),
]


@pytest.mark.parametrize("facts", ALL_SCENARIOS, ids=range(len(ALL_SCENARIOS)))
def test_every_problem_finding_has_cause_fix_doc_and_valid_labels(facts: F.HostFacts) -> None:
    for f in run(facts).findings:
        assert f.category in CATEGORIES and f.area in AREAS
        if f.severity.rank >= Severity.WARNING.rank:
            assert f.cause and f.doc and f.doc.startswith("https://"), f.id
            assert f.evidence, f.id
        if f.severity is Severity.ERROR:
            assert f.fix, f.id


def test_rules_are_pure_same_facts_same_findings() -> None:
    facts = ALL_SCENARIOS[7]
    assert run(facts).findings == run(facts).findings


def test_scenario_cuda_toolkit_of_wrong_major_does_not_fail_a_cpu_host() -> None:
    def toolkit_rule(f: object) -> list[Finding]:
        return [Finding(id="cuda-major-mismatch", severity=Severity.ERROR,
                        category="version-mismatch", title="t", area="cuda", cause="c")]

    report = diagnose(this_machine(), load_knowledge(), (*DOCTOR_RULES, toolkit_rule), meta={})
    f = next(f for f in report.findings if f.id == "cuda-major-mismatch")
    assert f.severity is Severity.INFO and f.cause.endswith("does not affect TensorFlow on "
                                                            "the CPU)")
    assert not report.has_errors
    gpu = diagnose(gpu_host(tf=tf_with_gpus("NVIDIA L4")), load_knowledge(),
                   (*DOCTOR_RULES, toolkit_rule), meta={})
    assert next(f for f in gpu.findings if f.id == "cuda-major-mismatch").severity \
        is Severity.ERROR


# ------------------------------------------------------------------ Tensor Cores: one answer

@pytest.mark.parametrize(("name", "cc", "has"), [
    ("NVIDIA GeForce GTX 1650", "7.5", False),
    ("NVIDIA GeForce GTX 1660 Ti", "7.5", False),
    ("NVIDIA GeForce MX450", "7.5", False),
    ("NVIDIA T1000", "7.5", False),          # TU117 workstation part: the old regex missed it
    ("Tesla T4", "7.5", True),
    ("NVIDIA GeForce RTX 2060", "7.5", True),
    ("NVIDIA GeForce GTX 1080 Ti", "6.1", False),
    ("NVIDIA L4", "8.9", True),
])
def test_gtx_1650_doctor_and_setup_agree_on_tensor_cores(name: str, cc: str, has: bool) -> None:
    """The doctor warns gpu-without-tensor-cores exactly where tfgpu.setup(auto) keeps float32."""
    from tfgpu.runtime._decide import choose_precision

    facts = gpu_host((l4_gpu(name=name, compute_capability=cc),))
    warned = "gpu-without-tensor-cores" in ids(facts)
    major, minor = (int(x) for x in cc.split("."))
    policy = choose_precision("auto", [(major, minor)], [name]).value
    assert warned is (not has)
    assert policy == ("mixed_float16" if has else "float32")


def test_gtx_1650_without_tensor_cores_cites_its_knowledge_row() -> None:
    f = one(gpu_host((l4_gpu(name="NVIDIA GeForce GTX 1650", compute_capability="7.5"),)),
            "gpu-without-tensor-cores")
    assert "Turing part without Tensor Cores although its compute capability is 7.5" in f.cause


def test_small_gtx_1650_is_not_told_to_use_mixed_precision() -> None:
    small = l4_gpu(name="NVIDIA GeForce GTX 1650", compute_capability="7.5",
                   memory_total_mib=3500, memory_free_mib=3400)
    assert "mixed precision" not in one(gpu_host((small,)), "gpu-memory-small").fix[0]
    tesla = l4_gpu(name="Tesla T4", compute_capability="7.5", memory_total_mib=3500,
                   memory_free_mib=3400)
    assert "mixed precision" in one(gpu_host((tesla,)), "gpu-memory-small").fix[0]


def test_a_hung_driver_probe_is_unknown_not_cpu_only() -> None:
    # nvidia-smi and NVML timed out: TensorFlow would hang the same way, not fall back to the CPU
    facts = dataclasses.replace(
        smi_fail("timeout"),
        driver=F.DriverFacts(status=F.ProbeStatus.TIMEOUT, source="nvidia-smi",
                             message="nvidia-smi did not finish within 10 s"),
        gpus=())
    from tfgpu.report.json_report import report_to_dict

    report = run(facts)
    verdict = report.verdict
    headline = verdict.headline
    assert headline.startswith("GPU state unknown (the driver probe timed out)")
    # the JSON says what the text says: not known (null), not "no GPU" (false)
    assert verdict.gpu_usable is None
    assert report_to_dict(report)["verdict"]["gpu_usable"] is None
    assert "CPU only" not in headline


def test_an_interpreter_that_did_not_answer_leaves_tensorflow_state_unknown() -> None:
    """Not "will run on the CPU only", not "does not start": nothing about it is known."""
    from tfgpu.diagnosis.verdict import host_meta

    for tf in (F.TFFacts(F.ProbeStatus.SKIPPED), None):
        facts = dataclasses.replace(
            gpu_host(tf=tf), python=F.PythonFacts(version=None, executable="/tmp/hangpy"))
        v = diagnose(facts).verdict
        assert v.gpu_usable is None, v
        assert v.headline.startswith("TensorFlow state unknown (the Python interpreter "
                                     "/tmp/hangpy did not answer)"), v.headline
        assert "CPU only" not in v.headline
        assert host_meta(facts)["python"] == \
            "unknown: the interpreter did not answer (/tmp/hangpy)"
