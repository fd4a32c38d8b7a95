"""Kinds the second held-out set (tests/fixtures/cases-holdout2) showed missing, grown from the
sources that print the messages and tested with VARIANTS (other versions, OSes, wordings,
libraries than the cases): nvidia-smi lists the GPU while CUDA finds none (WSL2 / native /
unknown host), libcuda vs kernel-module versions, a cuDNN / CUDA major from the host facts,
shell globbing of pip extras, a Keras metric registered twice, and the cudart notice that is
harmless only without a GPU. The one-log rows are in
kind_cases/smi_vs_cuda_and_host_majors.toml (run by
``test_case``); what a row cannot say (a start of a text, every fix line, a knowledge row)
stays a test here."""

from __future__ import annotations

from tfgpu.findings import Severity

from .kind_helpers import Case, check, host_facts, ids, table

# ------------------------------------------- nvidia-smi sees the GPU, CUDA finds no device

_BANNER_WSL = ("| NVIDIA-SMI 560.35.02              Driver Version: 561.09         "
               "CUDA Version: 12.6     |")
_ROW = ("|   0  NVIDIA GeForce RTX 3080 ...    On  |   00000000:0A:00.0  On |"
        "                  N/A |")
_CUINIT = ("2024-11-02 09:14:55.118204: E external/local_xla/xla/stream_executor/cuda/"
           "cuda_driver.cc:152] failed call to cuInit: INTERNAL: CUDA error: Failed call to "
           "cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected")
_RUNTIME = "RuntimeError: CUDA error: no CUDA-capable device is detected"


def test_wsl2_from_host_facts_runtime_wording_table_rows_only() -> None:
    """WSL2 known from the host facts; nvidia-smi's table row without the banner; another
    library's wording of cudaErrorNoDevice."""
    found = ids([_ROW, _RUNTIME], host_facts(wsl=True, tf="2.15.1"))
    f = found["wsl2-linux-side-driver-packages-break-gpu"]
    assert f.cause.startswith("nvidia-smi inside WSL2 lists the GPU, yet")


def test_unknown_host_banner_split_states_both_readings() -> None:
    found = ids(["| NVIDIA-SMI 470.63.01    Driver Version: 471.21       CUDA Version: 11.4 |",
                  _CUINIT])
    f = found["wsl2-linux-side-driver-packages-break-gpu"]
    assert "point to WSL2" in f.title
    assert "NVIDIA-SMI 470.63.01 but Driver Version 471.21" in f.cause
    assert "On native Linux" in f.cause
    assert any(line.startswith("# native Linux: sudo reboot") for line in f.fix)
    assert all(line.startswith(("#", "uname")) for line in f.fix)


# ------------------------------------------------- libcuda vs kernel module (TF diagnostics)

_DIAG = "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:{n}] {what} reported version is: {v}"


def test_libcuda_and_kernel_versions_differ() -> None:
    found = ids([
        "E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed call to cuInit: "
        "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
        _DIAG.format(n=200, what="libcuda", v="470.141.3"),
        _DIAG.format(n=204, what="kernel", v="470.129.6"),
    ])
    f = found["nvidia-driver-library-mismatch"]
    assert "(libcuda) reports 470.141.3" in f.cause and "module reports 470.129.6" in f.cause
    assert f.fix[0].startswith("sudo reboot")


# ------------------------------------------------------- cuDNN / CUDA major from host facts

_DLOPEN = ("W tensorflow/core/common_runtime/gpu/gpu_device.cc:2256] Cannot dlopen some GPU "
           "libraries. Please make sure the missing libraries mentioned above are installed "
           "properly if you would like to use GPU.")


def test_host_cudnn_9_with_tf_2_15_is_the_cudnn_major() -> None:
    found = ids([_DLOPEN], host_facts(tf="2.15.0", cuda="12.2", cudnn="9.1.0"))
    f = found["cudnn-major-mismatch"]
    assert f.severity is Severity.ERROR
    assert "needs cuDNN 8" in f.title and "cuDNN 9" in f.title
    assert f.knowledge_ref is not None and f.knowledge_ref.startswith("tf_tested_configs:2.15")
    assert "nvidia-cudnn-cu12==" in f.fix[0]
    assert "gpu-libraries-not-loaded" not in found


# ---------------------------------------------------------------- shell globbing of [extras]


def test_zsh_script_form_with_another_package() -> None:
    f = ids(["zsh:1: no matches found: jax[cuda12_pip]"])["pip-extra-needs-quotes"]
    assert "jax[cuda12_pip]" in f.title
    assert f.fix[0].startswith("pip install 'jax[cuda12_pip]'")


def test_bash_failglob_wording() -> None:
    f = ids(["bash: no match: tensorflow[and-cuda]==2.15.1"])["pip-extra-needs-quotes"]
    assert f.title.startswith("The shell expanded tensorflow[and-cuda]==2.15.1")
    assert "failglob" in f.cause and "bash" in f.fix[0]


# ------------- the rest (Keras metric twice, cudart notice, Keras 3 meets Keras 2 code): rows


@table("smi_vs_cuda_and_host_majors")
def test_case(case: Case) -> None:
    """A row of kind_cases/smi_vs_cuda_and_host_majors.toml: its lines (with its host facts)
    give its finding, not the others."""
    check(case)
