"""Tool families (stage 3): messages printed by tools around TensorFlow (conda/mamba, the
Windows loader, the host's OOM killer, shells on Apple silicon/ARM) and GPU-intent evidence.

Each test feeds VARIANTS (other OS, TensorFlow/CUDA version, wording) of a family to
:func:`tfgpu.explain.explain_lines` and checks the finding id, severity and the key words of
its cause and fix; negative cases check that unrelated logs do not claim the cause.
"""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity


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


def test_windows_intent_fix_names_the_tested_cuda_and_cudnn() -> None:
    f = _explain("TensorFlow version: 2.10.0\n" + _WIN_CUDART.format(v="110")
                 + _INTENT["num-gpus"])["library-not-loaded-cudart64-110-dll"]
    text = "\n".join(f.fix)
    assert "CUDA 11.2" in text and "cuDNN 8.1" in text


@pytest.mark.parametrize("lines", [_WIN_CUDART.format(v="110"), _LINUX_CUDART.format(v="11.0")])
def test_cuda_runtime_missing_without_intent_stays_hedged(lines: str) -> None:
    f = _explain(lines)
    lib = next(i for i in f if i.startswith("library-not-loaded-"))
    assert f[lib].harmless and f[lib].severity is Severity.INFO


def test_empty_list_far_from_a_gpu_call_is_not_intent() -> None:
    text = (_LINUX_CUDART.format(v="11.0") + "print(tf.config.list_physical_devices('GPU'))\n"
            + "epoch 1\nepoch 2\nepoch 3\nepoch 4\nepoch 5\n[]\n")
    f = _explain(text)
    assert f["library-not-loaded-libcudart-so-11-0"].harmless


def test_gpu_listed_is_not_intent_without_a_gpu() -> None:
    text = (_LINUX_CUDART.format(v="11.0")
            + "[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU'), "
              "PhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')]\n")
    f = _explain(text)
    assert f["library-not-loaded-libcudart-so-11-0"].harmless
