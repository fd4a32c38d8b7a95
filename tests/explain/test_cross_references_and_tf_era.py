"""Findings say what is printed and what fits the log: a cross-reference names only a finding
that is in the output (a superseded cause is named by the one that absorbed it); one pip
Keras 2/3 conflict is one finding, not two with opposite fixes; a TensorFlow 1.x log gets
TensorFlow 1.x calls in its fix lines, never 2.x-only ones."""

from __future__ import annotations

import re

from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.explain import explain_lines
from tfgpu.findings import Finding

WSL_LIBCUDA = [
    "$ uname -r",
    "5.15.90.1-microsoft-standard-WSL2",
    "$ python3 -c \"import tensorflow as tf; print(tf.__version__, "
    "tf.config.list_physical_devices('GPU'))\"",
    "2023-09-01 10:00:00.000000: W tensorflow/compiler/xla/stream_executor/platform/default/"
    "dso_loader.cc:64] Could not load dynamic library 'libcuda.so.1'; dlerror: libcuda.so.1: "
    "cannot open shared object file: No such file or directory",
    "2023-09-01 10:00:00.000100: W tensorflow/compiler/xla/stream_executor/cuda/"
    "cuda_driver.cc:265] failed call to cuInit: UNKNOWN ERROR (303)",
    "2.13.0 []",
]


def _named_ids(f: Finding, known: set[str]) -> set[str]:
    text = " ".join((f.title, f.cause, *f.fix))
    return {w for w in re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)+", text) if w in known} - {f.id}


def _known_ids() -> set[str]:
    return set(load_catalogue().ids)


def test_a_cross_reference_names_only_a_printed_finding() -> None:
    found = explain_lines(WSL_LIBCUDA)
    ids = {f.id for f in found}
    known = _known_ids()
    for f in found:
        assert _named_ids(f, known) <= ids, (f.id, _named_ids(f, known) - ids)
    no_gpu = next(f for f in found if f.id == "tensorflow-sees-no-gpu")
    assert "wsl2-libcuda-not-found" in no_gpu.title


PIP_KERAS3_OVER_TF215 = [
    "$ pip install -U keras",
    "Successfully installed keras-3.3.3",
    "ERROR: pip's dependency resolver does not currently take into account all the packages "
    "that are installed. This behaviour is the source of the following dependency conflicts.",
    "tensorflow 2.15.1 requires keras<2.16,>=2.15.0, but you have keras 3.3.3 which is "
    "incompatible.",
]


def test_one_pip_keras3_over_keras2_conflict_is_one_finding() -> None:
    found = explain_lines(PIP_KERAS3_OVER_TF215)
    ids = [f.id for f in found if not f.harmless]
    assert ids == ["keras3-installed-over-keras2-tensorflow"], ids
    fix = "\n".join(found[0].fix)
    assert "keras<2.16" in fix and "tensorflow>=2.16" in fix  # both ways out, as alternatives


def test_a_numpy_pin_conflict_alone_keeps_its_own_finding() -> None:
    lines = [PIP_KERAS3_OVER_TF215[2],
             "tensorflow 2.15.1 requires numpy<2.0.0,>=1.23.5, but you have numpy 2.0.0 which "
             "is incompatible."]
    assert "pip-tensorflow-pin-conflict" in {f.id for f in explain_lines(lines)}


TF1_CUDNN_HANDLE = [
    "2019-06-10 11:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1115] "
    "Created TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 6700 MB "
    "memory) -> physical GPU (device: 0, name: GeForce RTX 2070, pci bus id: 0000:01:00.0, "
    "compute capability: 7.5)",
    "2019-06-10 11:00:02.000000: E tensorflow/stream_executor/cuda/cuda_dnn.cc:334] Could not "
    "create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR",
    "tensorflow.python.framework.errors_impl.UnknownError: Failed to get convolution algorithm. "
    "This is probably because cuDNN failed to initialize, so try looking to see if a warning log "
    "message was printed above.",
]
TF2_ONLY = ("get_build_info", "list_physical_devices", "set_memory_growth")


def _fix_text(lines: list[str]) -> str:
    return "\n".join(x for f in explain_lines(lines) for x in f.fix)


def test_a_tf1_log_gets_no_tf2_only_calls() -> None:
    for shown in (["'1.13.1'"], ["1.13.1"]):  # the REPL's repr and print()'s form
        text = _fix_text([*TF1_CUDNN_HANDLE, ">>> tf.__version__", *shown])
        assert not [w for w in TF2_ONLY if w in text], text
        assert "tf.test.is_built_with_cuda()" in text and "allow_growth" in text


def test_a_tf2_log_keeps_its_tf2_calls() -> None:
    text = _fix_text([*TF1_CUDNN_HANDLE, ">>> tf.__version__", "'2.15.0'"])
    assert "get_build_info" in text and "list_physical_devices" in text


DLOPEN = ("2024-03-01 08:00:01.200000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2256] "
          "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned "
          "above are installed properly if you would like to use GPU.")


def _no_libs_fix(first: str) -> str:
    found = explain_lines([first, DLOPEN, "Skipping registering GPU devices...", "[]"])
    return "\n".join(next(f for f in found if f.id == "gpu-libraries-not-loaded").fix)


def test_a_cpu_only_tensorflow_image_gets_its_gpu_tag_not_a_pip_upgrade() -> None:
    for first, want in (
        ("$ docker run --rm --gpus all tensorflow/tensorflow:2.15.0 python train.py",
         "tensorflow/tensorflow:2.15.0-gpu"),
        ("docker run --gpus all -it tensorflow/tensorflow bash",
         "tensorflow/tensorflow:latest-gpu"),
        ("docker run --gpus all -p 8888:8888 tensorflow/tensorflow:latest-jupyter",
         "tensorflow/tensorflow:latest-gpu-jupyter"),
        ("FROM tensorflow/tensorflow:2.1.0-py3", "tensorflow/tensorflow:2.1.0-gpu-py3"),
    ):
        text = _no_libs_fix(first)
        assert want in text and "pip install" not in text, (first, text)


def test_a_gpu_image_or_a_repository_url_is_no_cpu_image() -> None:
    for first in ("docker run --gpus all tensorflow/tensorflow:2.15.0-gpu python train.py",
                  "docker run --gpus all tensorflow/tensorflow:latest-gpu-jupyter",
                  "see https://github.com/tensorflow/tensorflow for docker run examples"):
        assert "-gpu   #" not in _no_libs_fix(first), first


def test_a_windows_cudnn_dll_gets_the_tested_pair_of_the_release_shown() -> None:
    lines = ["PS C:\\proj> python train.py",
             "2022-11-02 10:11:12.123456: W tensorflow/stream_executor/platform/default/"
             "dso_loader.cc:64] Could not load dynamic library 'cudnn64_8.dll'; dlerror: "
             "cudnn64_8.dll not found",
             ">>> tf.__version__", "'2.10.1'"]
    text = _fix_text(lines)
    assert "cuDNN 8.1 for CUDA 11.2" in text, text  # tf_tested_configs 2.10.0-windows
    unknown = _fix_text(lines[:2])  # no release shown: no pair claimed
    assert "for your CUDA version" in unknown and "CUDA 11.2" not in unknown
