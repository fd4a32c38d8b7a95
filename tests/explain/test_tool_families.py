"""Tool families (stage 3): messages printed by tools around TensorFlow (conda/mamba, the
Windows loader, the host's OOM killer, shells on Apple silicon/ARM) and GPU-intent evidence.

Each test feeds VARIANTS (other OS, TensorFlow/CUDA version, wording) of a family to
:func:`tfgpu.explain.explain_lines` and checks the finding id, severity and the key words of
its cause and fix; negative cases check that unrelated logs do not claim the cause. The
one-log rows are in kind_cases/tool_families.toml (run by ``test_case``); what a row cannot
say (a cross product, a fix line's start, a case-insensitive word) stays a test here.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity

from .kind_helpers import Case, check, table


def _explain(text: str) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(text.strip("\n").splitlines())}


# ------------------------------------------------------------------ GPU intent + no CUDA runtime

_WIN_CUDART = (
    "2022-01-05 10:11:12.123456: W tensorflow/stream_executor/platform/default/dso_loader.cc:64]"
    " Could not load dynamic library 'cudart64_{v}.dll'; dlerror: cudart64_{v}.dll not found\n"
    "2022-01-05 10:11:12.123456: I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore "
    "above cudart dlerror if you do not have a GPU set up on your machine.\n"
)
_LINUX_CUDART = (
    "2024-02-01 08:00:00.000000: W external/local_xla/xla/stream_executor/platform/default/"
    "dso_loader.cc:64] Could not load dynamic library 'libcudart.so.{v}'; dlerror: "
    "libcudart.so.{v}: cannot open shared object file: No such file or directory\n"
    "2024-02-01 08:00:00.000000: I external/local_xla/xla/stream_executor/cuda/cudart_stub.cc:29]"
    " Ignore above cudart dlerror if you do not have a GPU set up on your machine.\n"
)

_INTENT = {
    "num-gpus": "Num GPUs Available:  0\n",
    "list-empty": ">>> tf.config.list_physical_devices('GPU')\n[]\n",
    "list-empty-experimental": (
        "print(tf.config.experimental.list_physical_devices(device_type='GPU'))\n[]\n"),
    "cpu-only-list": (
        "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]\n"),
    "is-gpu-available": (
        ">>> tf.test.is_gpu_available()\n"
        "WARNING:tensorflow:From <stdin>:1: is_gpu_available (from "
        "tensorflow.python.framework.test_util) is deprecated and will be removed in a future "
        "version.\nFalse\n"),
    "gpu-device-name-empty": "Default GPU Device: \n",
    "please-install-gpu-version": "Please install GPU version of TF\n",
    "device-lib": (
        ">>> device_lib.list_local_devices()\n"
        '[name: "/device:CPU:0"\ndevice_type: "CPU"\nmemory_limit: 268435456\n'),
}


@pytest.mark.parametrize("intent", sorted(_INTENT))
@pytest.mark.parametrize(("lines", "lib", "tf"), [
    (_WIN_CUDART.format(v="110"), "library-not-loaded-cudart64-110-dll", "2.10.0"),
    (_WIN_CUDART.format(v="101"), "library-not-loaded-cudart64-101-dll", "2.3.0"),
    (_LINUX_CUDART.format(v="11.0"), "library-not-loaded-libcudart-so-11-0", "2.8.0"),
    (_LINUX_CUDART.format(v="12"), "library-not-loaded-libcudart-so-12", "2.16.1"),
])
def test_cuda_runtime_missing_with_gpu_intent_is_the_reason(
        intent: str, lines: str, lib: str, tf: str) -> None:
    found = _explain(f"TensorFlow version: {tf}\n" + lines + _INTENT[intent])
    f = found[lib]
    assert f.severity is Severity.WARNING and not f.harmless
    assert "asked for" in f.cause and "no NVIDIA GPU, nothing is wrong" in f.cause
    assert f.fix
    # the reason is named once: no "TensorFlow lists no GPU, the log does not say why"
    assert "tensorflow-sees-no-gpu" not in found


# ------------------------------------------------------------------------------ conda / mamba


@pytest.mark.parametrize(("text", "pkg"), [
    ("PackagesNotFoundError: The following packages are not available from current channels:"
     "\n\n  - cudatoolkit=11.2\n\nCurrent channels:\n\n"
     "  - https://repo.anaconda.com/pkgs/main/linux-64", "cudatoolkit=11.2"),
    ("PackagesNotFoundError: The following packages are not available from current channels:"
     "\n\n  - tensorflow-gpu==2.10.0\n", "tensorflow-gpu==2.10.0"),
])
def test_packages_not_found_names_them(text: str, pkg: str) -> None:
    f = _explain(text)["conda-packages-not-found"]
    assert pkg in f.title
    assert f.fix[0].startswith("conda search -c conda-forge " + pkg.split("=")[0])


def test_osx_channel_urls_show_the_platform_conda_solved_for() -> None:
    """The subdir at the end of conda's channel URLs is the platform it searched, as conda
    info's "platform :" line: CUDA packages asked for on osx-arm64 get the macOS answer."""
    f = _explain("PackagesNotFoundError: The following packages are not available from current "
                 "channels:\n\n  - cudatoolkit=11.2\n\nCurrent channels:\n\n"
                 "  - https://repo.anaconda.com/pkgs/main/osx-arm64\n"
                 "  - https://repo.anaconda.com/pkgs/main/noarch\n")["conda-packages-not-found"]
    assert "osx-arm64" in f.title + f.cause, f
    assert any("tensorflow-metal" in x for x in f.fix), f.fix


def test_a_pip_requirement_list_is_not_a_conda_error() -> None:
    found = _explain("requirements:\n  - tensorflow==2.10.0\n  - python=3.10\n")
    assert not any(i.startswith("conda-") for i in found)


# ----------------------------------------------------------------- Apple silicon and ARM boards


@pytest.mark.parametrize(("board", "jetson"), [
    ("NVIDIA Jetson Nano Developer Kit", True), ("tegra-ubuntu", True),
    ("Raspberry Pi 4 Model B Rev 1.4", False), ("armv7l", False), ("aarch64", False),
])
def test_illegal_instruction_on_arm_names_the_board(board: str, jetson: bool) -> None:
    f = _explain(f"{board}\nIllegal instruction (core dumped)")["cpu-illegal-instruction"]
    assert "ARM" in f.title
    assert not any("avx" in x.lower() for x in f.fix)
    assert any("JetPack" in x for x in f.fix) is jetson


@table("tool_families")
def test_case(case: Case) -> None:
    """A row of kind_cases/tool_families.toml: its lines give its finding, not the others."""
    check(case)
