"""A driver fix an old GPU cannot take: Kepler stays on R470, Maxwell to Volta on R580.

The facts are ``platform_facts.toml`` rows with ``last_branch``
(``Knowledge.gpu_last_driver``); a fix that asks such a GPU for a newer branch's driver
names the branch ceiling and the plan to run instead, in doctor and in explain.
"""

from __future__ import annotations

import dataclasses

import pytest
from doctor_helpers import TESTS

from tfgpu.diagnosis.doctor import diagnose
from tfgpu.explain import explain_lines
from tfgpu.facts import HostFacts
from tfgpu.knowledge import load_knowledge

KB = load_knowledge()


@pytest.mark.parametrize(("cc", "arch", "branch"), [
    ("3.7", "Kepler", 470), ("3.0", "Kepler", 470),
    ("5.2", "Maxwell, Pascal or Volta", 580), ("7.0", "Maxwell, Pascal or Volta", 580),
])
def test_old_architectures_have_a_last_driver_branch(cc: str, arch: str, branch: int) -> None:
    c = KB.gpu_last_driver(cc)
    assert c is not None
    assert (c.architecture, c.last_branch) == (arch, branch)
    assert c.fact.source  # every ceiling cites where it comes from
    assert c.excludes(f"{branch + 5}.10") and not c.excludes(f"{branch}.99")


@pytest.mark.parametrize("cc", ["7.5", "8.6", "9.0", "12.0", "3.2", "5.3", "7.2"])
def test_current_and_jetson_architectures_have_no_ceiling(cc: str) -> None:
    # Turing and newer run current drivers; Jetson (3.2, 5.3, 7.2) uses L4T, not these
    assert KB.gpu_last_driver(cc) is None


def _linux(release: str):  # type: ignore[no-untyped-def]
    return next(c for c in KB.gpu_configs("linux") if c.tf_version == release)


def test_a_cuda_12_release_is_beyond_a_kepler_gpu_whatever_the_driver() -> None:
    ids = [b.id for b in KB.gpu_blockers(_linux("2.15.0"), os="linux", compute_capability="3.7")]
    assert "driver-beyond-gpu" in ids
    # CUDA 11.8 (TF 2.14) runs on R470 (its minimum is 450.80.02)
    ids = [b.id for b in KB.gpu_blockers(_linux("2.14.0"), os="linux", compute_capability="3.7")]
    assert "driver-beyond-gpu" not in ids
    # a Pascal GPU runs CUDA 12's driver (R525 <= R580)
    ids = [b.id for b in KB.gpu_blockers(_linux("2.15.0"), os="linux", compute_capability="6.1")]
    assert "driver-beyond-gpu" not in ids


def _k80_host() -> HostFacts:
    """The recorded GTX 1060 host on driver 470 (``driver-aware-fix-hosts/h7.json``:
    TensorFlow 2.16.1, CUDA 12.3, so driver >= 525.60.13), its GPU made a Tesla K80 and its
    Python 3.11 (so TensorFlow 2.14 is an alternative)."""
    facts = HostFacts.from_json(
        (TESTS / "fixtures" / "driver-aware-fix-hosts" / "h7.json").read_text(encoding="utf-8"))
    gpu = dataclasses.replace(facts.gpus[0], name="Tesla K80", compute_capability="3.7")
    python = dataclasses.replace(facts.python, version="3.11.9")
    return dataclasses.replace(facts, gpus=(gpu,), python=python)


def test_doctor_does_not_ask_a_kepler_gpu_for_a_cuda_12_driver() -> None:
    found = {f.id: f for f in diagnose(_k80_host()).findings}
    f = found["driver-too-old-for-cuda"]
    text = "\n".join(f.fix)
    assert "install an NVIDIA driver >= 525" not in text
    assert "no NVIDIA driver >= 525.60.13 runs Tesla K80 (compute capability 3.7)" in text
    assert "R470 is the last driver branch for Kepler GPUs" in text
    assert 'tfgpu plan --os linux --gpu "Tesla K80" --driver 470.239.06' in text
    # and the release this driver and GPU run, concretely, never as "without an upgrade"
    assert "or use TensorFlow 2.14 (CUDA 11.8)" in text
    assert "without a driver upgrade" not in text


def test_doctor_offers_an_older_python_venv_without_calling_it_no_upgrade() -> None:
    facts = _k80_host()
    facts = dataclasses.replace(facts, python=dataclasses.replace(facts.python,
                                                                  version="3.12.3"))
    f = {f.id: f for f in diagnose(facts).findings}["driver-too-old-for-cuda"]
    text = "\n".join(f.fix)
    assert "# or a new venv with Python 3.11 and TF 2.14" in text
    assert "without a driver upgrade" not in text


def test_doctor_still_asks_a_pascal_gpu_for_the_driver() -> None:
    facts = HostFacts.from_json(
        (TESTS / "fixtures" / "driver-aware-fix-hosts" / "h7.json").read_text(encoding="utf-8"))
    f = {f.id: f for f in diagnose(facts).findings}["driver-too-old-for-cuda"]
    assert "install an NVIDIA driver >= 525.60.13" in "\n".join(f.fix)


K80_LOG = [
    ">>> tf.__version__",
    "'2.21.0'",
    "2026-01-10 10:00:01.000000: E external/local_xla/xla/stream_executor/cuda/"
    "cuda_driver.cc:152] failed call to cuInit: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system has "
    "unsupported display driver / cuda driver combination",
    "2026-01-10 10:00:01.000000: I external/local_xla/xla/stream_executor/cuda/"
    "cuda_diagnostics.cc:178] libcuda reported version is: 470.256.2",
    "2026-01-10 10:00:01.000000: I external/local_xla/xla/stream_executor/cuda/"
    "cuda_diagnostics.cc:182] kernel reported version is: 470.256.2",
]
SMI_K80 = ("|   0  Tesla K80           Off  | 00000000:00:1E.0 Off |                    0 |")
SMI_T4 = ("|   0  Tesla T4            Off  | 00000000:00:1E.0 Off |                    0 |")


def test_explain_reads_the_gpu_from_an_nvidia_smi_table_in_the_log() -> None:
    f = {f.id: f for f in explain_lines([*K80_LOG, SMI_K80])}["driver-too-old-for-cuda"]
    text = "\n".join(f.fix)
    assert "no NVIDIA driver >= 525.60.13 runs Tesla K80" in text
    assert 'tfgpu plan --os linux --gpu "Tesla K80" --driver 470.256.2' in text
    # the generic "or use another release" and "check nvidia-smi" lines would contradict it
    assert "nvidia-smi   # then check" not in text


@pytest.mark.parametrize("extra", [[SMI_T4], []])
def test_explain_asks_for_the_driver_when_the_gpu_takes_it_or_is_not_shown(
        extra: list[str]) -> None:
    f = {f.id: f for f in explain_lines([*K80_LOG, *extra])}["driver-too-old-for-cuda"]
    assert "# install an NVIDIA driver >= 525.60.13" in f.fix[0]


# --- the other paths that advise a driver: each words the ceiling, never the upgrade --------

SMI_TABLE_K80 = [
    "| NVIDIA-SMI 470.256.02   Driver Version: 470.256.02   CUDA Version: 11.4     |",
    "|   0  Tesla K80           Off  | 00000000:01:00.0 N/A |                  N/A |",
]
INSUFFICIENT = ("tensorflow.python.framework.errors_impl.InternalError: cudaGetDevice() failed. "
                "Status: CUDA driver version is insufficient for CUDA runtime version")


def test_the_insufficient_driver_message_on_a_k80_names_the_ceiling() -> None:
    version = ['$ python -c "import tensorflow as tf; print(tf.__version__); '
               'tf.test.gpu_device_name()"', "2.16.1"]
    found = {f.id: f for f in explain_lines([*SMI_TABLE_K80, *version, INSUFFICIENT])}
    text = "\n".join(found["driver-too-old-for-cuda"].fix)
    assert "upgrade the NVIDIA driver to >= 525" not in text
    assert "R470 is the last driver branch for Kepler GPUs" in text


def test_a_gpu_named_only_in_tensorflows_ignoring_line_gets_the_ceiling() -> None:
    lines = [
        ">>> tf.__version__", "'2.15.0'",
        "2024-01-01 10:00:00.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] "
        "Ignoring visible gpu device (device: 0, name: Tesla K80, pci bus id: 0000:02:00.0, "
        "compute capability: 3.7) with Cuda compute capability 3.7. The minimum required Cuda "
        "capability is 5.0.",
        "2024-01-01 10:00:01.000000: E external/local_xla/xla/stream_executor/cuda/"
        "cuda_driver.cc:282] failed call to cuInit: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system "
        "has unsupported display driver / cuda driver combination",
        "2024-01-01 10:00:01.000100: I external/local_xla/xla/stream_executor/cuda/"
        "cuda_diagnostics.cc:172] kernel reported version is: 470.223.2",
    ]
    text = "\n".join(ln for f in explain_lines(lines) for ln in f.fix)
    assert "install an NVIDIA driver >= 525" not in text
    assert 'tfgpu plan --os linux --gpu "Tesla K80" --driver 470.223.2' in text


@pytest.mark.parametrize(("name", "cc"), [("Tesla K40m", "3.5"), ("Tesla K40c", "3.5"),
                                          ("Tesla K20Xm", "3.5"), ("Tesla K10.G1.8GB", "3.0")])
def test_the_board_names_nvidia_smi_prints_for_kepler_tesla_cards_are_known(
        name: str, cc: str) -> None:
    m = KB.gpu_compute_capability(name)
    assert m is not None and m[0] == cc


def test_windows_driver_numbers_of_a_branch_stay_in_it() -> None:
    kepler = KB.gpu_last_driver("3.7")
    assert kepler is not None
    assert not kepler.excludes("474.44", windows=True)  # an R470 Windows release
    assert kepler.excludes("474.44")  # a Linux 474 would be another branch
    assert kepler.excludes("527.41", windows=True)


# --- the plan: a driver beyond the GPU's branch does not drive it ---------------------------


def test_plan_refuses_a_driver_newer_than_the_gpus_last_branch() -> None:
    from tests.plan.test_select import plan_for

    from tfgpu.plan.render import render

    plan = plan_for(os="linux", gpu="Tesla K80", driver="535.183.01", python="3.11")
    assert not plan.uses_gpu
    text = render(plan, "text", 0)
    assert "driver 535.183.01 is of a branch newer than R470" in text
    assert "install an NVIDIA driver of the R470 branch" in text
    plan = plan_for(os="linux", gpu="GTX 980", driver="590.44.01", python="3.11")
    assert not plan.uses_gpu and "R580" in render(plan, "text", 0)


def test_plan_driver_step_for_a_kepler_gpu_names_its_branch() -> None:
    from tests.plan.test_select import plan_for

    from tfgpu.plan.render import render

    text = render(plan_for(os="linux", gpu="Tesla K80", python="3.11"), "text", 0)
    assert "Install an NVIDIA driver >= 450.80.02, of the R470 branch at most" in text


def test_an_old_gpu_below_its_last_branch_is_told_to_upgrade_within_it() -> None:
    smi = ["| NVIDIA-SMI 470.82.01    Driver Version: 470.82.01    CUDA Version: 11.4     |",
           "|   0  NVIDIA GeForce GTX 980  Off  | 00000000:01:00.0 N/A |                  N/A |"]
    found = {f.id: f for f in explain_lines([*smi, INSUFFICIENT])}
    text = "\n".join(found["driver-too-old-for-cuda"].fix)
    assert "upgrade the NVIDIA driver within R580 at most" in text
    assert "keep it" not in text


def test_plan_upgrade_alternative_names_the_ceiling() -> None:
    from tests.plan.test_select import plan_for

    from tfgpu.plan.render import render

    text = render(plan_for(os="linux", gpu="Tesla K80", driver="390.157", python="3.10"),
                  "text", 0)
    assert "within R470 at most (the last branch for Kepler GPUs)" in text


@pytest.mark.parametrize(("branch", "os", "family"), [
    (470, "linux", "11.x"), (474, "windows", "11.x"), (580, "linux", "13.x"),
    (520, "linux", "11.x"), (525, "linux", "12.x"),
])
def test_the_newest_cuda_family_a_branch_runs(branch: int, os: str, family: str) -> None:
    row = KB.newest_cuda_family(branch, os)
    assert row is not None and row.cuda_version == family


def test_forward_compatibility_error_on_a_kepler_gpu_asks_for_an_older_image() -> None:
    smi = ["| NVIDIA-SMI 470.223.02   Driver Version: 470.223.02   CUDA Version: 11.4     |",
           "|   0  Tesla K80           Off  | 00000000:00:1E.0 Off |                    0 |"]
    line = ("W tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:268] failed call "
            "to cuInit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward compatibility was "
            "attempted on non supported HW")
    found = {f.id: f for f in explain_lines([*smi, line])}
    text = "\n".join(found["cuinit-compat-not-supported-on-device"].fix)
    assert "host driver that supports the image's CUDA" not in text
    assert "runs CUDA 11.x code at most" in text and "R470" in text
    # without an old GPU in the log, a newer host driver is still the way
    plain = {f.id: f for f in explain_lines([line])}
    assert "host driver that supports the image's CUDA" in "\n".join(
        plain["cuinit-compat-not-supported-on-device"].fix)


def test_system_cuda_plan_keeps_the_toolkits_driver_off_an_old_gpu() -> None:
    from tests.plan.test_select import plan_for

    from tfgpu.plan.model import Manual, Route

    def toolkit_text(gpu: str, driver: str) -> str:
        plan = plan_for(Route.SYSTEM_CUDA, os="linux", gpu=gpu, driver=driver, python="3.10")
        step = next(s for s in plan.steps if "toolkit" in s.title)
        assert isinstance(step.action, Manual)
        return step.action.text

    kepler = toolkit_text("Tesla K80", "470.223.02")  # CUDA 11.8's own driver is 520.61.05
    assert "deselect the bundled driver 520.61.05" in kepler and "newer than R470" in kepler
    pascal = toolkit_text("GTX 1080", "570.124.04")
    assert "cuda-toolkit-" in pascal and "newer than R580" in pascal
    assert "cuda-toolkit-" not in toolkit_text("RTX 3060", "570.124.04")
