"""Ecosystem kinds of the message universe (issue 10 §1, stage 3): pip, NumPy, Keras, Docker /
NVIDIA Container Toolkit, WSL2, tensorflow-metal, ROCm and tfjs-node-gpu, with VARIANTS (other
versions, wordings, OSes than the rows of src/tfgpu/knowledge/data/messages_ecosystem.toml) and
the cases each kind must NOT claim (the fix must fit the host the log shows)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.facts import Distribution, HostFacts, OSFacts, PythonFacts
from tfgpu.findings import Severity

from .kind_helpers import Case, check, fix_text, ids, known, table

# ---------------------------------------------------------------------------------------- pip


def test_and_cuda_2_14_tensorrt_on_python_3_11() -> None:
    """2.14's pin (tensorrt==8.5.3.1, tensorflow/tensorflow#61986), not the 2.15 data row."""
    lines = [
        'ERROR: Could not find a version that satisfies the requirement tensorrt==8.5.3.1; '
        'extra == "and-cuda" (from tensorflow[and-cuda]) (from versions: 0.0.1.dev5, 0.0.1, '
        "8.6.1, 8.6.1.post1, 9.0.0.post11.dev1)",
        'ERROR: No matching distribution found for tensorrt==8.5.3.1; extra == "and-cuda"',
    ]
    f = known(lines, "tensorflow-and-cuda-tensorrt-pin")
    assert "2.14" in f.title and "tensorrt==8.5.3.1" in f.title
    assert "python3.10" in fix_text(f)
    assert "CUDA 12 libraries: they need NVIDIA driver 525.60.13" in fix_text(f)
    assert "tensorflow-dependency-no-wheel" not in ids(lines)


def test_and_cuda_2_15_release_named_by_pip() -> None:
    f = known([
        "Collecting tensorrt-bindings==8.6.1 (from tensorflow[and-cuda]==2.15.0)",
        "ERROR: No matching distribution found for tensorrt-bindings==8.6.1",
    ], "tensorflow-and-cuda-tensorrt-pin")
    assert "2.15.0" in f.title
    assert "tensorflow[and-cuda]==2.15.0.post1" in fix_text(f)


@pytest.mark.parametrize("lines", [
    ["ERROR: Could not install packages due to an OSError: [Errno 2] No such file or "
     "directory: 'C:\\Users\\a\\venv\\Lib\\site-packages\\tensorflow\\include\\external\\x.h'",
     "HINT: This error might have occurred since this system does not have Windows Long Path "
     "support enabled. You can find information on how to enable this at "
     "https://pip.pypa.io/warnings/enable-long-paths"],
    ["ERROR: Could not install packages due to an EnvironmentError: [Errno 2] No such file or "
     "directory: 'D:\\envs\\x.h'",
     "HINT: This error might have occurred since this system does not have Windows Long Path "
     "support enabled."],
])
def test_windows_long_paths(lines: list[str]) -> None:
    f = known(lines, "pip-windows-long-paths")
    assert "LongPathsEnabled" in fix_text(f)


def test_windows_long_path_from_an_old_pip_without_the_hint() -> None:
    long_path = "C:\\Users\\someone\\AppData\\Local\\Packages\\" + "x" * 260 + ".h"
    f = known(["ERROR: Could not install packages due to an EnvironmentError: [Errno 2] No "
               f"such file or directory: '{long_path}'"], "pip-windows-long-paths")
    assert "LongPathsEnabled" in fix_text(f)
    short = ids(["ERROR: Could not install packages due to an EnvironmentError: [Errno 2] No "
                 "such file or directory: 'C:\\tmp\\a.h'"])
    assert "pip-windows-long-paths" not in short


def test_permission_denied_posix_is_not_a_windows_fix() -> None:
    f = known([
        "ERROR: Could not install packages due to an OSError: [Errno 13] Permission denied: "
        "'/usr/lib/python3/dist-packages/numpy/__init__.py'",
        "Consider using the `--user` option or check the permissions.",
    ], "pip-install-permission-denied")
    assert "venv" in fix_text(f) and "Jupyter" not in fix_text(f) and "C:\\" not in fix_text(f)


def test_permission_denied_windows_file_in_use() -> None:
    f = known([
        "ERROR: Could not install packages due to an EnvironmentError: [WinError 5] Access is "
        "denied: 'c:\\programdata\\anaconda3\\lib\\site-packages\\tensorflow\\lite\\"
        "_pywrap_tensorflow_lite.pyd'",
    ], "pip-install-permission-denied")
    assert "Jupyter" in fix_text(f)


# -------------------------------------------------------------------------------------- NumPy


def test_numpy_symbolic_tensor_with_tf_2_3_and_numpy_1_20() -> None:
    f = known([
        "TensorFlow version: 2.3.1",
        "numpy==1.20.1",
        "NotImplementedError: Cannot convert a symbolic Tensor (gru/strided_slice:0) to a numpy "
        "array. This error may indicate that you're trying to pass a Tensor to a NumPy call, "
        "which is not supported",
    ], "numpy-too-new-for-tensorflow")
    assert f.severity is Severity.ERROR and "numpy<1.20" in fix_text(f)


@pytest.mark.parametrize("context", [["TensorFlow version: 2.12.0"], ["numpy 1.19.5"]])
def test_numpy_symbolic_tensor_not_claimed_when_versions_rule_it_out(context: list[str]) -> None:
    found = ids([*context, "NotImplementedError: Cannot convert a symbolic Tensor "
                 "(lstm/strided_slice:0) to a numpy array."])
    assert "numpy-too-new-for-tensorflow" not in found


# -------------------------------------------------------------------------------------- Keras


def test_keras_not_importable_names_the_tf_keras_minor() -> None:
    f = known(["TensorFlow version: 2.17.1",
               "  File \"/usr/lib/python3.11/site-packages/tensorflow/python/util/"
               "lazy_loader.py\", line 106, in _initialize",
               "ImportError: Keras cannot be imported. Check that it is installed."],
               "keras-not-importable")
    assert "tf-keras~=2.17.0" in fix_text(f)


@pytest.mark.parametrize(("line", "what"), [
    ("ValueError: File format not supported: filepath=checkpoints/model.tf. Keras 3 only "
     "supports V3 `.keras` and `.weights.h5` files, or legacy V1/V2 `.h5` files.", "load"),
    ("ValueError: The `save_format` argument is deprecated in Keras 3. Please remove this "
     "argument and pass a file path with either `.keras` or `.h5` extension.Received: "
     "save_format=tf", "save"),
])
def test_keras3_savedmodel_format_wordings(line: str, what: str) -> None:
    f = known([line], "keras3-savedmodel-format")
    assert what in f.title
    assert ("TFSMLayer" in fix_text(f)) is (what == "load")


# ------------------------------------------------------------------------------------- Docker


def test_image_cuda_requirement_names_the_driver_that_cuda_needs() -> None:
    f = known(["nvidia-container-cli: requirement error: unsatisfied condition: cuda>=11.8, "
               "please update your driver to a newer version, or use an earlier cuda "
               "container: unknown."], "docker-image-cuda-newer-than-host-driver")
    assert "cuda>=11.8" in f.title
    assert "520.61.05" in f.cause  # CUDA 11.8 GA's Linux driver (cuda_min_driver.toml)
    assert "and-cuda" not in fix_text(f)


def test_image_cuda_requirement_on_wsl2_names_the_windows_driver() -> None:
    f = known(["$ cat /proc/version",
               "Linux version 5.15.153.1-microsoft-standard-WSL2",
               "nvidia-container-cli: requirement error: unsatisfied condition: cuda>=12.4, "
               "please update your driver to a newer version, or use an earlier cuda "
               "container: unknown."], "docker-image-cuda-newer-than-host-driver")
    assert "Windows NVIDIA driver" in fix_text(f)


def test_nvml_unknown_in_a_container_prompt_is_an_error() -> None:
    f = known(["root@0b1c2d3e4f5a:/workspace# nvidia-smi",
               "Failed to initialize NVML: Unknown Error"], "docker-container-lost-gpu-access")
    assert f.severity is Severity.ERROR
    assert "create-dev-char-symlinks" in fix_text(f)


def test_nvml_unknown_alone_on_an_unknown_host_is_a_hedged_warning() -> None:
    f = known(["$ nvidia-smi", "Failed to initialize NVML: Unknown Error"],
              "docker-container-lost-gpu-access")
    assert f.severity is Severity.WARNING and "bare host" in f.cause
    assert "most often a container" in f.title


@pytest.mark.parametrize("cuinit", [
    # the toolkit's reports (NVIDIA/nvidia-container-toolkit#48, #251)
    "CUDA_ERROR_UNKNOWN: unknown error",
    # cuda.h CUDA_ERROR_NO_DEVICE = 100: the device nodes cannot be opened
    "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
])
def test_nvml_unknown_with_cuinit_failed_is_one_hedged_error_not_cuda_visible_devices(
        cuinit: str) -> None:
    # a failed cuInit means CUDA has no GPU in this process (the cuInit severity rule), and
    # NVML failing too rules out CUDA_VISIBLE_DEVICES, which NVML does not read
    lines = ["$ nvidia-smi", "Failed to initialize NVML: Unknown Error",
             "2024-05-01 10:00:00.000000: E tensorflow/compiler/xla/stream_executor/cuda/"
             f"cuda_driver.cc:268] failed call to cuInit: {cuinit}"]
    found = ids(lines)
    f = known(lines, "docker-container-lost-gpu-access")
    assert f.severity is Severity.ERROR and "bare host" in f.cause
    assert cuinit.split(":")[0] in f.cause and "most often a container" in f.title
    gone = {"cuinit-unknown", "cuinit-no-device", "cuda-visible-devices-hides-gpus"}
    assert not gone & set(found)
    assert [g.id for g in found.values() if g.severity is Severity.ERROR] == [
        "docker-container-lost-gpu-access"]


def test_nvml_unknown_in_a_container_prompt_with_no_device_is_the_container_finding() -> None:
    lines = ["root@3f2c1d4e5a6b:/workspace# nvidia-smi",
             "Failed to initialize NVML: Unknown Error",
             "root@3f2c1d4e5a6b:/workspace# python train.py",
             "E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:274] failed call to "
             "cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"]
    found = ids(lines)
    f = known(lines, "docker-container-lost-gpu-access")
    assert f.severity is Severity.ERROR and "this container" in f.cause
    assert "lost access" in f.title and "most often" not in f.title
    assert "cuda-visible-devices-hides-gpus" not in found and "cuinit-no-device" not in found


# --------------------------------------------------------------------------------------- WSL2


def test_gpu_access_blocked_in_docker_under_wsl() -> None:
    f = known(["$ docker exec ollama nvidia-smi",
               "Failed to initialize NVML: GPU access blocked by the operating system"],
               "wsl2-gpu-access-blocked")
    assert "wsl --shutdown" in fix_text(f)


def test_device_handle_on_native_linux_is_not_called_wsl() -> None:
    f = known(["Unable to determine the device handle for GPU 0000:02:00.0: Unknown Error"],
               "nvidia-smi-device-handle-unknown-error")
    assert f.category != "wsl2" and "dmesg" in fix_text(f) and "WDDM" not in fix_text(f)


def test_device_handle_under_wsl2_is_the_tcc_variant() -> None:
    f = known(["Linux version 5.15.167.4-microsoft-standard-WSL2",
               "Unable to determine the device handle for GPU1: 0000:E1:00.0: Unknown Error",
               "No devices were found"], "nvidia-smi-device-handle-unknown-error")
    assert f.category == "wsl2" and "WDDM" in fix_text(f)


def test_libcuda_missing_with_wsl_path_is_the_wsl2_finding() -> None:
    found = ids(["2023-03-01 10:00:00.000000: W tensorflow/compiler/xla/stream_executor/"
                 "platform/default/dso_loader.cc:64] Could not load dynamic library "
                 "'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No "
                 "such file or directory; LD_LIBRARY_PATH: /usr/lib/wsl/lib:/usr/local/cuda/"
                 "lib64"])
    assert "wsl2-libcuda-not-found" in found
    assert not any(i.startswith("library-not-loaded-libcuda") for i in found)
    assert "/usr/lib/wsl/lib" in fix_text(found["wsl2-libcuda-not-found"])


# -------------------------------------------------------------------------------------- Metal


def test_metal_xla_needs_metal_evidence() -> None:
    line = ("2023-02-03 10:30:38.448542: W tensorflow/core/framework/op_kernel.cc:1830] "
            "OP_REQUIRES failed at xla_ops.cc:418 : NOT_FOUND: could not find registered "
            "platform with id: 0x13f441e40")
    f = known(["Metal device set to: Apple M2 Pro", line], "metal-xla-optimizer-unsupported")
    assert "legacy.Adam" in fix_text(f)
    found = ids(["2023-08-02 10:41:48.000068: I tensorflow/core/common_runtime/gpu/"
                 "gpu_device.cc:1886] Created device /job:localhost/replica:0/task:0/device:"
                 "GPU:0 with 22000 MB memory:  -> device: 0, name: NVIDIA A10, pci bus id: "
                 "0000:00:1e.0, compute capability: 8.6", line])
    assert "metal-xla-optimizer-unsupported" not in found


# --------------------------------------------------------------------------------------- ROCm


def test_rocm_library_of_another_release_never_gets_a_cuda_fix() -> None:
    f = known(["ImportError: libMIOpen.so.1: cannot open shared object file: No such file or "
               "directory"], "rocm-runtime-missing")
    assert "MIOpen" in f.cause
    assert "and-cuda" not in fix_text(f) and "LD_LIBRARY_PATH=/usr/local/cuda" not in fix_text(f)
    assert not any(i.startswith("library-not-loaded") for i in ids(
        ["ImportError: librocblas.so.0: cannot open shared object file: No such file"]))


# -------------------------------------------------------------------------------------- tfjs


def test_tfjs_addon_missing_cpu_package_windows() -> None:
    f = known(["Error: The Node.js native addon module (tfjs_binding.node) can not be found at "
               "path: C:\\app\\node_modules\\@tensorflow\\tfjs-node\\lib\\napi-v9\\"
               "tfjs_binding.node."], "tfjs-node-gpu-addon-missing")
    assert "npm rebuild" in fix_text(f)


def test_tfjs_cuda_library_missing_on_linux_cuda_11() -> None:
    lines = ["Error: libcudart.so.11.0: cannot open shared object file: No such file or "
             "directory",
             "    at Object.Module._extensions..node (node:internal/modules/cjs/loader.js:1"
             "338:18)",
             "    at /srv/app/node_modules/@tensorflow/tfjs-node-gpu/dist/index.js:60:60"]
    found = ids(lines)
    f = found["tfjs-node-gpu-cuda-libraries-missing"]
    assert "libcudart.so.11.0" in f.cause
    assert "and-cuda" in f.cause and "pip install" not in fix_text(f)
    assert not any(i.startswith("library-not-loaded") for i in found)


# ----------------------------------------------------- native Windows TF >= 2.11, CPU-only list


def _host_with(numpy: str, tf: str) -> HostFacts:
    return HostFacts(
        os=OSFacts(system="Linux"),
        python=PythonFacts(version="3.8.10", executable="python3",
                           distributions=(Distribution("numpy", numpy),
                                          Distribution("tensorflow", tf))),
    )


@pytest.mark.parametrize(("numpy", "tf", "claimed"), [
    ("1.19.5", "2.4.1", False),  # NumPy the TF 2.4 pin allows: the code, not the pairing
    ("1.21.6", "2.4.1", True),
    ("1.21.6", "2.8.0", False),  # TF 2.5+ is built for NumPy 1.20+
])
def test_numpy_symbolic_tensor_reads_versions_from_host_facts(
        numpy: str, tf: str, claimed: bool) -> None:
    found = {f.id: f for f in explain_lines(
        ["NotImplementedError: Cannot convert a symbolic Tensor (lstm_1/strided_slice:0) to a "
         "numpy array."], _host_with(numpy, tf), host_checks=False)}
    assert ("numpy-too-new-for-tensorflow" in found) is claimed
    if claimed:
        assert found["numpy-too-new-for-tensorflow"].severity is Severity.ERROR


@table("ecosystem_kinds")
def test_case(case: Case) -> None:
    """A row of kind_cases/ecosystem_kinds.toml: its lines give its finding, not the others."""
    check(case)
