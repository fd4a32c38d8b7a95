"""Kinds the second held-out set (tests/fixtures/cases-holdout2) showed missing, grown from the
sources that print the messages and tested with VARIANTS (other versions, OSes, wordings,
libraries than the cases): nvidia-smi lists the GPU while CUDA finds none (WSL2 / native /
unknown host), libcuda vs kernel-module versions, a cuDNN / CUDA major from the host facts,
shell globbing of pip extras, a Keras metric registered twice, and the cudart notice that is
harmless only without a GPU."""

from __future__ import annotations

from tfgpu.explain import explain_lines
from tfgpu.facts import (
    GPU,
    CudaToolkit,
    Distribution,
    DriverFacts,
    HostFacts,
    OSFacts,
    ProbeStatus,
    PythonFacts,
    SharedLibrary,
    TFFacts,
)
from tfgpu.findings import Finding, Severity


def _ids(lines: list[str], facts: HostFacts | None = None) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines, facts)}


def _host(system: str = "Linux", *, wsl: bool = False, tf: str | None = None,
          cuda: str | None = None, cudnn: str | None = None, gpu: str | None = None,
          driver: str | None = None, dists: tuple[Distribution, ...] = ()) -> HostFacts:
    """Host facts as a user describes them (no probe records), like ``explain --facts``."""
    return HostFacts(
        os=OSFacts(system=system, name=system, is_wsl=wsl, wsl_version=2 if wsl else None),
        python=PythonFacts(version="3.11.4", executable="python", distributions=(
            *((Distribution("tensorflow", tf),) if tf else ()), *dists)),
        gpus=(GPU(index=0, vendor="nvidia", name=gpu, source="test"),) if gpu else (),
        driver=DriverFacts(status=ProbeStatus.OK, version=driver) if driver else None,
        toolkits=(CudaToolkit(root=None, version=cuda, source="test"),) if cuda else (),
        libraries=(SharedLibrary(name="cudnn", filename="", path="", version=cudnn),)
        if cudnn else (),
        tf=TFFacts(status=ProbeStatus.OK, version=tf) if tf else None,
    )


# ------------------------------------------- nvidia-smi sees the GPU, CUDA finds no device

_BANNER_WSL = ("| NVIDIA-SMI 560.35.02              Driver Version: 561.09         "
               "CUDA Version: 12.6     |")
_ROW = ("|   0  NVIDIA GeForce RTX 3080 ...    On  |   00000000:0A:00.0  On |"
        "                  N/A |")
_CUINIT = ("2024-11-02 09:14:55.118204: E external/local_xla/xla/stream_executor/cuda/"
           "cuda_driver.cc:152] failed call to cuInit: INTERNAL: CUDA error: Failed call to "
           "cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected")
_RUNTIME = "RuntimeError: CUDA error: no CUDA-capable device is detected"


def test_wsl2_from_the_log_smi_sees_gpu_cuda_does_not() -> None:
    found = _ids(["Linux box 5.15.153.1-microsoft-standard-WSL2 #1 SMP x86_64 GNU/Linux",
                  _BANNER_WSL, _ROW, _CUINIT])
    f = found["wsl2-linux-side-driver-packages-break-gpu"]
    assert f.severity is Severity.WARNING and f.category == "wsl2"
    assert "NVIDIA-SMI 560.35.02 and Driver Version 561.09 differ, which is normal" in f.cause
    fix = "\n".join(f.fix)
    assert "ldconfig -p | grep 'libcuda.so'" in fix and "cuda-toolkit-X-Y" in fix
    assert "wsl --shutdown" in fix and "and-cuda" not in fix
    # the generic readings of the same lines are superseded
    assert "tensorflow-sees-no-gpu" not in found and "cuinit-no-device" not in found


def test_wsl2_from_host_facts_runtime_wording_table_rows_only() -> None:
    """WSL2 known from the host facts; nvidia-smi's table row without the banner; another
    library's wording of cudaErrorNoDevice."""
    found = _ids([_ROW, _RUNTIME], _host(wsl=True, tf="2.15.1"))
    f = found["wsl2-linux-side-driver-packages-break-gpu"]
    assert f.cause.startswith("nvidia-smi inside WSL2 lists the GPU, yet")


def test_unknown_host_banner_split_states_both_readings() -> None:
    found = _ids(["| NVIDIA-SMI 470.63.01    Driver Version: 471.21       CUDA Version: 11.4 |",
                  _CUINIT])
    f = found["wsl2-linux-side-driver-packages-break-gpu"]
    assert "point to WSL2" in f.title
    assert "NVIDIA-SMI 470.63.01 but Driver Version 471.21" in f.cause
    assert "On native Linux" in f.cause
    assert any(line.startswith("# native Linux: sudo reboot") for line in f.fix)
    assert all(line.startswith(("#", "uname")) for line in f.fix)


def test_native_linux_banner_split_is_a_driver_library_mismatch() -> None:
    found = _ids(["| NVIDIA-SMI 535.183.01   Driver Version: 535.104.05   CUDA Version: 12.2 |",
                  _CUINIT], _host(tf="2.14.0"))
    f = found["nvidia-driver-library-mismatch"]
    assert "NVIDIA-SMI 535.183.01 but Driver Version 535.104.05" in f.cause
    assert "wsl2-linux-side-driver-packages-break-gpu" not in found


def test_native_linux_equal_banner_is_not_claimed() -> None:
    found = _ids(["| NVIDIA-SMI 550.54.15   Driver Version: 550.54.15   CUDA Version: 12.4 |",
                  _ROW, _CUINIT], _host(tf="2.16.1"))
    assert "wsl2-linux-side-driver-packages-break-gpu" not in found
    assert "nvidia-driver-library-mismatch" not in found


def test_banner_split_without_a_cuda_failure_says_nothing() -> None:
    found = _ids([_BANNER_WSL, _ROW])
    assert "wsl2-linux-side-driver-packages-break-gpu" not in found
    assert "nvidia-driver-library-mismatch" not in found


def test_native_windows_host_is_not_read_as_wsl2() -> None:
    found = _ids([_BANNER_WSL, _CUINIT], _host("Windows", tf="2.10.1"))
    assert "wsl2-linux-side-driver-packages-break-gpu" not in found


# ------------------------------------------------- libcuda vs kernel module (TF diagnostics)

_DIAG = "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:{n}] {what} reported version is: {v}"


def test_libcuda_and_kernel_versions_differ() -> None:
    found = _ids([
        "E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed call to cuInit: "
        "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
        _DIAG.format(n=200, what="libcuda", v="470.141.3"),
        _DIAG.format(n=204, what="kernel", v="470.129.6"),
    ])
    f = found["nvidia-driver-library-mismatch"]
    assert "libcuda 470.141.3" in f.cause and "kernel module 470.129.6" in f.cause
    assert f.fix[0].startswith("sudo reboot")


def test_libcuda_and_kernel_padding_is_not_a_split() -> None:
    found = _ids([_DIAG.format(n=200, what="libcuda", v="525.85.12"),
                  _DIAG.format(n=204, what="kernel", v="525.85.12.0")])
    assert "nvidia-driver-library-mismatch" not in found


# ------------------------------------------------------- cuDNN / CUDA major from host facts

_DLOPEN = ("W tensorflow/core/common_runtime/gpu/gpu_device.cc:2256] Cannot dlopen some GPU "
           "libraries. Please make sure the missing libraries mentioned above are installed "
           "properly if you would like to use GPU.")


def test_host_cudnn_9_with_tf_2_15_is_the_cudnn_major() -> None:
    found = _ids([_DLOPEN], _host(tf="2.15.0", cuda="12.2", cudnn="9.1.0"))
    f = found["cudnn-major-mismatch"]
    assert f.severity is Severity.ERROR
    assert "needs cuDNN 8" in f.title and "cuDNN 9" in f.title
    assert f.knowledge_ref is not None and f.knowledge_ref.startswith("tf_tested_configs:2.15")
    assert "nvidia-cudnn-cu12==" in f.fix[0]
    assert "gpu-libraries-not-loaded" not in found


def test_host_cudnn_8_with_tf_2_18_names_cudnn_9() -> None:
    found = _ids([_DLOPEN], _host(tf="2.18.0", cuda="12.5", cudnn="8.9.7"))
    assert "needs cuDNN 9" in found["cudnn-major-mismatch"].title


def test_windows_tf_2_10_cudnn64_8_with_cudnn_9() -> None:
    line = ("W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load "
            "dynamic library 'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found")
    found = _ids([line, _DLOPEN], _host("Windows", tf="2.10.1", cuda="11.2", cudnn="9.0"))
    assert "needs cuDNN 8" in found["cudnn-major-mismatch"].title


def test_host_cuda_12_with_tf_2_12_is_the_cuda_major() -> None:
    found = _ids([_DLOPEN], _host(tf="2.12.0", cuda="12.2", cudnn="8.6"))
    f = found["cuda-major-mismatch"]
    assert "needs CUDA 11" in f.title
    assert "cudnn-major-mismatch" not in found


def test_matching_majors_leave_the_generic_reading() -> None:
    found = _ids([_DLOPEN], _host(tf="2.16.1", cuda="12.3", cudnn="8.9"))
    assert "cudnn-major-mismatch" not in found and "cuda-major-mismatch" not in found
    assert "gpu-libraries-not-loaded" in found


def test_pip_cudnn_wheel_of_the_right_major_wins() -> None:
    found = _ids([_DLOPEN], _host(tf="2.15.0", cudnn="9.1", dists=(
        Distribution("nvidia-cudnn-cu12", "8.9.4.25"),)))
    assert "cudnn-major-mismatch" not in found


def test_tfjs_log_is_not_read_against_python_tensorflow() -> None:
    found = _ids(["at Object.<anonymous> (/app/node_modules/@tensorflow/tfjs-node-gpu/dist/"
                  "index.js:60:16)", _DLOPEN], _host(tf="2.15.0", cudnn="9.1"))
    assert "cudnn-major-mismatch" not in found


def test_no_failed_load_no_major_claim() -> None:
    found = _ids(["I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] Created device "
                  "/job:localhost/replica:0/task:0/device:GPU:0 with 22000 MB memory"],
                 _host(tf="2.15.0", cudnn="9.1"))
    assert "cudnn-major-mismatch" not in found


# ---------------------------------------------------------------- shell globbing of [extras]


def test_zsh_script_form_with_another_package() -> None:
    f = _ids(["zsh:1: no matches found: jax[cuda12_pip]"])["pip-extra-needs-quotes"]
    assert "jax[cuda12_pip]" in f.title
    assert f.fix[0].startswith("pip install 'jax[cuda12_pip]'")


def test_bash_failglob_wording() -> None:
    f = _ids(["bash: no match: tensorflow[and-cuda]==2.15.1"])["pip-extra-needs-quotes"]
    assert f.title.startswith("The shell expanded tensorflow[and-cuda]==2.15.1")
    assert "failglob" in f.cause and "bash" in f.fix[0]


def test_message_quoted_after_the_requirement() -> None:
    f = _ids(["python3 -m pip install transformers[tf-cpu]: no matches found"])[
        "pip-extra-needs-quotes"]
    assert "transformers[tf-cpu]" in f.title


def test_glob_without_brackets_is_not_an_extra() -> None:
    assert "pip-extra-needs-quotes" not in _ids(["zsh: no matches found: dist/*.whl"])


# ------------------------------------------------------------ Keras metric registered twice


def test_keras_gauge_registered_twice() -> None:
    line = ("2021-11-08 10:01:12.551021: E tensorflow/core/lib/monitoring/collection_registry"
            ".cc:77] Cannot register 2 metrics with the same name: /tensorflow/api/keras/models")
    f = _ids(["tensorflow 2.6.0", line])["keras-version-mismatch-tensorflow"]
    assert any("keras<2.7" in x for x in f.fix)


def test_non_keras_metric_twice_is_not_keras() -> None:
    line = ("E tensorflow/core/lib/monitoring/collection_registry.cc:77] Cannot register 2 "
            "metrics with the same name: /tensorflow/core/saved_model/write/count")
    assert "keras-version-mismatch-tensorflow" not in _ids([line])


# ------------------------------------------ cudart notice: harmless only without a GPU

_CUDART = [
    "W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic "
    "library 'cudart64_110.dll'; dlerror: cudart64_110.dll not found",
    "I tensorflow/stream_executor/cuda/cudart_stub.cc:29] Ignore above cudart dlerror if you "
    "do not have a GPU set up on your machine.",
]
_CUDART_ID = "library-not-loaded-cudart64-110-dll"


def test_cudart_notice_without_evidence_is_hedged() -> None:
    f = _ids(_CUDART)[_CUDART_ID]
    assert f.harmless and f.severity is Severity.INFO
    assert "If this host has an NVIDIA GPU" in f.cause and f.fix


def test_cudart_notice_with_nvidia_smi_listing_is_the_missing_runtime() -> None:
    f = _ids([*_CUDART, "GPU 0: NVIDIA GeForce GTX 1660 Ti (UUID: GPU-3c1a9d2e-0000)"])[_CUDART_ID]
    assert not f.harmless and f.severity is Severity.ERROR


def test_cudart_notice_with_lspci_or_wmic_listing() -> None:
    lspci = ("01:00.0 3D controller: NVIDIA Corporation GA107M [GeForce RTX 3050 Mobile] "
             "(rev a1)")
    for extra in ([lspci], ["Name", "NVIDIA Quadro P2000"]):
        assert not _ids([*_CUDART, *extra])[_CUDART_ID].harmless, extra


def test_cudart_notice_with_a_known_driver() -> None:
    f = _ids(_CUDART, _host("Windows", driver="516.94", tf="2.9.1"))[_CUDART_ID]
    assert not f.harmless


def test_cudart_notice_on_a_host_without_nvidia_gpu() -> None:
    host = _host("Windows", tf="2.9.1")
    host = HostFacts(os=host.os, python=host.python, tf=host.tf,
                     gpus=(GPU(index=0, vendor="intel", name="Intel UHD 620", source="t"),))
    f = _ids(_CUDART, host)[_CUDART_ID]
    assert f.harmless and "host facts show no NVIDIA GPU" in f.cause


def test_nvcc_copyright_is_no_gpu_listing() -> None:
    line = "Copyright (c) 2005-2022 NVIDIA Corporation"
    assert _ids([*_CUDART, line])[_CUDART_ID].harmless


# ---------------------------------------- Keras 3 meets Keras 2 model code (never called)

_NEVER = ("AttributeError: The layer data_augmentation has never been called and thus has no "
          "defined output.")


def test_keras3_never_called_with_tf_2_17_host() -> None:
    f = _ids([_NEVER], _host(tf="2.17.1"))["keras3-needs-tf-keras"]
    assert f.severity is Severity.WARNING
    assert "data_augmentation has no output" in f.title
    assert any('"tf-keras~=2.17.0"' in x for x in f.fix)
    assert any("keras.Input" in x for x in f.fix)


def test_keras3_never_called_from_the_keras3_traceback_path() -> None:
    f = _ids([
        '  File "/usr/lib/python3.12/site-packages/keras/src/ops/operation.py", line 259, in '
        "_get_node_attribute_at_index",
        "ValueError: The layer sequential has never been called and thus has no defined input.",
    ])["keras3-needs-tf-keras"]
    assert "the release of your TensorFlow minor" in "\n".join(f.fix)


def test_keras2_wording_or_old_tf_is_not_keras3() -> None:
    assert "keras3-needs-tf-keras" not in _ids([_NEVER], _host(tf="2.15.0"))
    # Keras 2's own message names no layer
    assert "keras3-needs-tf-keras" not in _ids(
        ["AttributeError: The layer has never been called and thus has no defined input "
         "shape."], _host(tf="2.16.1"))
    # nothing shows Keras 3 is in use
    assert "keras3-needs-tf-keras" not in _ids([_NEVER])
