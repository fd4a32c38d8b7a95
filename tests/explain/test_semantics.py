"""Semantic fixes of issue 10 (stage 3), each as a KIND with variants the cases do not show:

1. a library whose dlerror names a missing DEPENDENCY gives one finding about the dependency
   (and about the CUDA-major mix when the dependency belongs to another CUDA major version);
2. host facts that prove the GPU works win over a stale cuInit failure line;
3. one severity per cuInit fault whatever the source (doctor or a log alone);
and the driver kernel/library mismatch read from cuda_diagnostics.cc's two version lines.
"""

from __future__ import annotations

import dataclasses

import pytest

from doctor.doctor_helpers import gpu_host, tf_with_gpus
from tfgpu.diagnosis.catalogue import load_catalogue
from tfgpu.diagnosis.doctor import diagnose
from tfgpu.facts import HostFacts, TFFacts
from tfgpu.findings import Finding, Severity

from .kind_helpers import Case, check, ids, table

DSO = "W tensorflow/stream_executor/platform/default/dso_loader.cc:60] "
OPENED = ("I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully opened "
          "dynamic library ")
NOFILE = ": cannot open shared object file: No such file or directory"


def _library_ids(found: dict[str, Finding]) -> list[str]:
    return [i for i in found if i.startswith(("library-", "cuda-library-", "cuda-minor-"))]


# ------------------------------------------------------------------ 1. missing dependency


@pytest.mark.parametrize(("line", "outer", "dep"), [
    # TensorFlow's dso_loader wording, cuDNN 8 sub-library needing CUDA 11 cuBLASLt
    (DSO + "Could not load dynamic library 'libcudnn_cnn_infer.so.8'; dlerror: "
     "libcublasLt.so.11" + NOFILE, "libcudnn_cnn_infer.so.8", "libcublasLt.so.11"),
    # cuDNN's own loader wording, another sub-library, another CUDA major version
    ("Could not load library libcudnn_ops_infer.so.8. Error: libcublas.so.12" + NOFILE,
     "libcudnn_ops_infer.so.8", "libcublas.so.12"),
    # an unversioned dependency (NVRTC's development name)
    ("Could not load library libcudnn_cnn_infer.so.8. Error: libnvrtc.so" + NOFILE,
     "libcudnn_cnn_infer.so.8", "libnvrtc.so"),
    # the newer XLA path, a math library needing nvJitLink
    ("W external/local_tsl/tsl/platform/default/dso_loader.cc:70] Could not load dynamic "
     "library 'libcusparse.so.12'; dlerror: libnvJitLink.so.12" + NOFILE,
     "libcusparse.so.12", "libnvJitLink.so.12"),
])
def test_a_missing_dependency_is_one_finding_naming_it(line: str, outer: str, dep: str) -> None:
    found = ids([line])
    assert _library_ids(found) == ["library-dependency-missing"], list(found)
    f = found["library-dependency-missing"]
    assert f.severity is Severity.ERROR
    assert dep in f.title and outer in f.title
    assert any(dep.split(".so")[0] in x for x in f.fix)
    assert not any(x.startswith("ldconfig -p | grep " + outer.split(".so")[0]) for x in f.fix)


def test_the_dependency_wheel_is_offered_for_its_cuda_major() -> None:
    found = ids([DSO + "Could not load dynamic library 'libcudnn_cnn_infer.so.8'; dlerror: "
                 "libcublasLt.so.11" + NOFILE])
    fix = found["library-dependency-missing"].fix
    assert any("nvidia-cublas-cu11" in x for x in fix), fix
    assert not any("cu12" in x for x in fix), fix


def test_libcuda_as_dependency_names_the_driver() -> None:
    found = ids(["Could not load library libcudnn_cnn_infer.so.8. Error: libcuda.so" + NOFILE])
    f = found["library-dependency-missing"]
    assert "driver" in f.cause
    assert not any("pip install" in x for x in f.fix)


@pytest.mark.parametrize(("lines", "want", "other", "wheel"), [
    # a CUDA 12 cuSOLVER (SONAME still .so.11) on a CUDA 11 TensorFlow
    ([OPENED + "libcudart.so.11.0",
      DSO + "Could not load dynamic library 'libcusolver.so.11'; dlerror: libnvJitLink.so.12"
      + NOFILE], "11", "12", "nvidia-cusolver-cu11"),
    # a CUDA 11 cuDNN 8 on a CUDA 12 TensorFlow (the other direction, another library)
    ([OPENED + "libcudart.so.12",
      DSO + "Could not load dynamic library 'libcudnn.so.8'; dlerror: libcublasLt.so.11"
      + NOFILE], "12", "11", "nvidia-cudnn-cu12==8.*"),
    # cuDNN's wording, TensorFlow's CUDA known from cuBLAS it opened
    ([OPENED + "libcublas.so.12",
      "Could not load library libcudnn_ops_infer.so.8. Error: libcublas.so.11" + NOFILE],
     "12", "11", "nvidia-cudnn-cu12==8.*"),
])
def test_a_dependency_of_another_cuda_major_is_the_mix(
        lines: list[str], want: str, other: str, wheel: str) -> None:
    found = ids(lines)
    assert _library_ids(found) == ["cuda-library-from-other-cuda-major"], list(found)
    f = found["cuda-library-from-other-cuda-major"]
    assert f"CUDA {other}" in f.title and f"CUDA {want}" in f.title
    assert f.category == "version-mismatch"
    assert any(wheel in x for x in f.fix), f.fix


def test_the_mix_from_the_tensorflow_version_of_the_host() -> None:
    """No library opened in the log: TensorFlow 2.15's tested CUDA 12 decides."""
    host = gpu_host(tf=TFFacts(tf_with_gpus().status, version="2.15.0"))
    found = ids([DSO + "Could not load dynamic library 'libcudnn.so.8'; dlerror: "
                 "libcublasLt.so.11" + NOFILE], host)
    assert "cuda-library-from-other-cuda-major" in found, list(found)


def test_a_library_missing_itself_is_still_library_not_loaded() -> None:
    found = ids([DSO + "Could not load dynamic library 'libcudnn.so.8'; dlerror: "
                 "libcudnn.so.8" + NOFILE])
    assert "library-not-loaded-libcudnn-so-8" in found
    assert "library-dependency-missing" not in found


def test_a_dependency_that_also_fails_on_its_own_keeps_its_finding() -> None:
    found = ids([DSO + "Could not load dynamic library 'libcublasLt.so.11'; dlerror: "
                 "libcublasLt.so.11" + NOFILE,
                 DSO + "Could not load dynamic library 'libcudnn_cnn_infer.so.8'; dlerror: "
                 "libcublasLt.so.11" + NOFILE])
    assert "library-not-loaded-libcublaslt-so-11" in found
    assert "library-dependency-missing" in found
    assert "library-not-loaded-libcudnn-cnn-infer-so-8" not in found


# ------------------------------------------------------------------ 2. host facts win

CUINIT_LINES = [
    "E tensorflow/stream_executor/cuda/cuda_driver.cc:271] failed call to cuInit: "
    "CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
    "E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:152] failed call to cuInit: "
    "INTERNAL: CUDA error: Failed call to cuInit: CUDA_ERROR_UNKNOWN: unknown error",
    "W tensorflow/stream_executor/cuda/cuda_driver.cc:326] failed call to cuInit: "
    "UNKNOWN ERROR (303)",
]


@pytest.mark.parametrize("line", CUINIT_LINES)
def test_a_stale_cuinit_line_is_context_when_the_host_proves_the_gpu(line: str) -> None:
    host = gpu_host(tf=tf_with_gpus("NVIDIA L4"))
    for found in (ids([line], host),
                  {f.id: f for f in diagnose(dataclasses.replace(
                      host, tf=dataclasses.replace(host.tf, log_lines=(line,))),
                      meta={}).findings}):
        cu = [f for i, f in found.items() if i.startswith("cuinit-")]
        assert len(cu) == 1, list(found)
        assert cu[0].severity is Severity.INFO
        assert "earlier run" in cu[0].title
        assert not [f for f in found.values() if f.severity is Severity.ERROR], list(found)


@pytest.mark.parametrize("lines", [
    ["I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not find cuda drivers on your "
     "machine, GPU will not be used."],
    ["I tensorflow/stream_executor/platform/default/dso_loader.cc:44] Successfully opened "
     "dynamic library libcuda.so.1", CUINIT_LINES[2],
     "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:163] no NVIDIA GPU device is "
     "present: /dev/nvidia0 does not exist"],
])
def test_other_stale_no_gpu_lines_give_no_error_when_the_host_proves_the_gpu(
        lines: list[str]) -> None:
    found = ids(lines, gpu_host(tf=tf_with_gpus("NVIDIA L4")))
    assert not [i for i, f in found.items() if f.severity is Severity.ERROR], list(found)
    # without the proof, the same lines are an error
    host = gpu_host(tf=TFFacts(tf_with_gpus().status, version="2.15.0"))
    assert [i for i, f in ids(lines, host).items() if f.severity is Severity.ERROR]


def test_without_tensorflow_listing_the_gpu_the_cuinit_line_stays_an_error() -> None:
    host = gpu_host(tf=TFFacts(tf_with_gpus().status, version="2.15.0"))
    found = ids([CUINIT_LINES[0]], host)
    assert found["cuinit-no-device"].severity is Severity.ERROR


# ------------------------------------------------------------------ 3. one severity


@pytest.mark.parametrize(("line", "fid"), [
    (CUINIT_LINES[0], "cuinit-no-device"),
    (CUINIT_LINES[1], "cuinit-unknown"),
    ("E tensorflow/stream_executor/cuda/cuda_driver.cc:313] failed call to cuInit: "
     "UNKNOWN ERROR (100)", "cuinit-no-device"),
])
def test_cuinit_severity_is_the_same_for_a_log_alone_and_the_doctor(line: str, fid: str) -> None:
    # (a log alone with NO_DEVICE: the hedged cuda-visible-devices-hides-gpus names it; the
    # doctor, which read the environment, keeps the cuInit finding)
    found = ids([line])
    alone = found.get(fid) or found["cuda-visible-devices-hides-gpus"]
    tf = dataclasses.replace(TFFacts(tf_with_gpus().status, version="2.15.0"),
                             log_lines=(line,))
    doctor = {f.id: f for f in diagnose(gpu_host(tf=tf), meta={}).findings}[fid]
    assert alone.severity is doctor.severity is Severity.ERROR


def test_the_severity_rule_is_in_the_catalogue_row() -> None:
    spec = load_catalogue().spec("cuinit-{error}")
    assert spec.severity is Severity.ERROR
    # a warning only where nothing shows a GPU either way beside TensorFlow's "no kernel
    # driver" diagnostics (the doctor always knows the GPU, so never gives it)
    warned = [n for n, v in spec.variants.items() if v.severity is Severity.WARNING]
    assert warned == ["no-driver-shown"]


# ------------------------------------------------------------------ driver versions differ

_DIAG = "I tensorflow/stream_executor/cuda/cuda_diagnostics.cc:"
_XDIAG = "I external/local_xla/xla/stream_executor/cuda/cuda_diagnostics.cc:"


@pytest.mark.parametrize(("lines", "kernel", "lib"), [
    # TF 1.x wording, the mismatch line cut in the paste
    ([CUINIT_LINES[0], _DIAG + "189] libcuda reported version is: 470.57.2",
      _DIAG + "193] kernel reported version is: 460.56.0",
      "E tensorflow/stream_executor/cuda/cuda_diagnostics.cc:303] kernel version 460.56.0 "
      "does not match DSO versio..."], "460.56.0", "470.57.2"),
    # XLA wording, no mismatch line at all, a patch-level difference
    ([_XDIAG + "168] libcuda reported version is: 550.127.5",
      _XDIAG + "172] kernel reported version is: 550.120.0"], "550.120.0", "550.127.5"),
])
def test_kernel_and_libcuda_versions_that_differ_are_the_mismatch(
        lines: list[str], kernel: str, lib: str) -> None:
    found = ids(lines)
    f = found["nvidia-driver-library-mismatch"]
    assert kernel in f.cause and lib in f.cause
    assert "cuinit-no-device" not in found  # the mismatch is why cuInit saw no device


@pytest.mark.parametrize("lines", [
    [_DIAG + "189] libcuda reported version is: 535.104.5",
     _DIAG + "193] kernel reported version is: 535.104.05"],
    # a forward-compatibility libcuda (cuda-compat) differs from the kernel on purpose
    ["E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:152] failed call to cuInit: "
     "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward compatibility was attempted on non "
     "supported HW", _XDIAG + "168] libcuda reported version is: 470.223.2",
     _XDIAG + "172] kernel reported version is: 470.182.3"],
])
def test_equal_versions_or_a_compat_libcuda_are_no_mismatch(lines: list[str]) -> None:
    assert "nvidia-driver-library-mismatch" not in ids(lines)


# ------------------------------------------------------------------ kinds of the held-out review


def _env(**kw: str) -> HostFacts:
    from explain.case_env import facts_from_env

    host = facts_from_env(kw)
    assert host is not None
    tf = kw.get("tf")
    if tf and "rc" in tf:  # facts_from_env keeps x.y.z only
        from tfgpu.facts import Distribution

        host = dataclasses.replace(host, python=dataclasses.replace(
            host.python, distributions=(Distribution("tensorflow", tf),)),
            tf=dataclasses.replace(host.tf, version=tf) if host.tf else None)
    return host


@pytest.mark.parametrize("line", [
    # TensorFlow's jit_compile path (TF 2.18+ vendored XLA)
    "W tensorflow/core/framework/op_kernel.cc:1857] OP_REQUIRES failed at xla_ops.cc:591 : "
    "UNAVAILABLE: No PTX compilation provider is available. Neither ptxas/nvlink nor nvjtlink "
    "is available. As a fallback you can enable JIT compilation in the CUDA driver via the flag "
    "`--xla_gpu_unsafe_fallback_to_driver_on_ptxas_not_found`. Details: ",
    # the same from a Python traceback, another wording of the exception
    "jaxlib.xla_extension.XlaRuntimeError: UNAVAILABLE: No PTX compilation provider is "
    "available. Neither ptxas/nvlink nor nvjtlink is available.",
    # parallel compilation requested, no provider supports it
    "UNAVAILABLE: Parallel compilation was requested, but no available compilation provider "
    "supports it. Details: ptxas_path: NOT_FOUND",
])
def test_no_ptx_compilation_provider_is_ptxas_not_found(line: str) -> None:
    found = ids([line])
    assert found["ptxas-not-found"].severity is Severity.ERROR
    assert any("nvcc" in x for x in found["ptxas-not-found"].fix)


def test_nccl_invalid_rank_is_the_same_kind_and_replaces_the_generic_nccl_error() -> None:
    found = ids(["node-1:1234:1234 [0] init.cc:1012 NCCL WARN Invalid rank requested : 4/4"])
    f = found["collective-group-size-mismatch"]
    assert "rank 4 of 4" in f.cause
    assert "nccl-error" not in found


@pytest.mark.parametrize(("tf", "os"), [("2.16.1", "Ubuntu 22.04"),
                                        ("2.17.0rc0", "Ubuntu 22.04 on WSL2")])
def test_tf_216_wheels_not_finding_their_nvidia_libraries(tf: str, os: str) -> None:
    found = ids(["W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] Cannot dlopen some "
                 "GPU libraries. Please make sure the missing libraries mentioned above are "
                 "installed properly if you would like to use GPU."], _env(tf=tf, os=os))
    f = found["tf-2-16-nvidia-wheel-libs-not-found"]
    assert f.knowledge_ref == "platform_facts:tf-216-nvidia-wheel-libs-not-found"
    assert any("LD_LIBRARY_PATH" in x and "nvidia" in x for x in f.fix)
    assert any("2.15.1" in x for x in f.fix)
    assert "gpu-libraries-not-loaded" not in found


@pytest.mark.parametrize(("tf", "os"), [("2.16.2", "Ubuntu 22.04"), ("2.15.1", "Ubuntu 22.04"),
                                        ("2.16.1", "Windows 10")])
def test_other_releases_or_windows_keep_the_generic_finding(tf: str, os: str) -> None:
    found = ids(["W tensorflow/core/common_runtime/gpu/gpu_device.cc:2251] Cannot dlopen some "
                 "GPU libraries."], _env(tf=tf, os=os))
    assert "tf-2-16-nvidia-wheel-libs-not-found" not in found


@pytest.mark.parametrize(("tf", "cuda", "os"), [("2.15.1", "11.4", "Ubuntu 22.04 on WSL2"),
                                                ("2.17.0", "11.8", "Ubuntu 24.04")])
def test_cudart_stub_with_a_toolkit_of_another_major_is_the_cause(
        tf: str, cuda: str, os: str) -> None:
    """'Could not find cuda drivers' (tsl cudart_stub.cc) means the CUDA runtime TensorFlow
    loads is missing; a toolkit of another major version in the host facts shows a GPU set-up."""
    found = ids(["I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not find cuda "
                 "drivers on your machine, GPU will not be used."], _env(tf=tf, cuda=cuda, os=os))
    f = found["tf-cuda-runtime-missing"]
    assert f.severity is Severity.ERROR and f"CUDA {cuda}" in f.cause


def test_cudart_stub_with_the_right_major_and_no_gpu_known_stays_a_notice() -> None:
    found = ids(["I external/local_tsl/tsl/cuda/cudart_stub.cc:32] Could not find cuda "
                 "drivers on your machine, GPU will not be used."],
                 _env(tf="2.15.1", cuda="12.2", os="Ubuntu 22.04"))
    assert "tf-cuda-runtime-missing" not in found


_XLA_GPU_ONLY = ["[PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU'),",
                 " PhysicalDevice(name='/physical_device:XLA_CPU:0', device_type='XLA_CPU'),",
                 " PhysicalDevice(name='/physical_device:XLA_GPU:0', device_type='XLA_GPU')]"]
_DEVLIB_NO_GPU = ['name: "/device:CPU:0"', 'name: "/device:XLA_GPU:0"']


@pytest.mark.parametrize(("lines", "tf", "cuda"), [
    (_XLA_GPU_ONLY, "2.1.0", "10.2"),  # pre-11: major.minor names, another 10.x fails
    (_DEVLIB_NO_GPU, "2.3.0", "10.2"),  # device_lib wording, TF 2.3 needs 10.1
    (_XLA_GPU_ONLY, "2.15.0", "11.8"),  # 11+: another major version
])
def test_no_gpu_listed_with_a_cuda_release_the_build_cannot_load(
        lines: list[str], tf: str, cuda: str) -> None:
    f = ids(lines, _env(tf=tf, cuda=cuda, os="Ubuntu 20.04"))["tf-cuda-runtime-missing"]
    assert f.category == "version-mismatch" and f"CUDA {cuda}" in f.title


@pytest.mark.parametrize(("tf", "cuda", "install"), [
    ("2.4.0", "11.2", "pip"),  # 11.x serves an 11.0 build (major names from 11)
    ("2.1.0", "10.1", "pip"),  # the right release
    ("2.1.0", "10.2", "conda"),  # conda brings its own CUDA
])
def test_no_cuda_release_claim_when_the_host_can_serve_it(tf: str, cuda: str,
                                                          install: str) -> None:
    found = ids(_XLA_GPU_ONLY, _env(tf=tf, cuda=cuda, os="Ubuntu 20.04",
                                    install_method=install))
    assert "tf-cuda-runtime-missing" not in found


@pytest.mark.parametrize("lines", [
    ['  File "/home/u/.local/lib/python3.8/site-packages/tensorflow/__init__.py", line 41, in '
     "<module>", '  File "/home/u/miniconda3/envs/tf/lib/python3.8/importlib/__init__.py", '
     "line 127, in import_module", "ImportError: libcudart.so.10.0: cannot open shared object "
     "file: No such file or directory"],
    # the base environment of Anaconda, another Python
    ['  File "/opt/anaconda3/lib/python3.11/importlib/__init__.py", line 126, in import_module',
     '  File "/root/.local/lib/python3.11/site-packages/tensorflow/python/__init__.py", line 3'],
    # Windows wording
    ['  File "C:\\Users\\u\\anaconda3\\envs\\tf\\lib\\site-packages\\keras\\__init__.py", line 3',
     '  File "C:\\Users\\u\\AppData\\Roaming\\Python\\Python39\\site-packages\\tensorflow\\'
     '__init__.py", line 37, in <module>'],
])
def test_user_site_tensorflow_shadowing_a_conda_environment(lines: list[str]) -> None:
    f = ids(lines)["user-site-tensorflow-shadows-env"]
    assert f.knowledge_ref == "platform_facts:python-user-site-first"
    assert f.doc is not None and "site" in f.doc
    assert any("PYTHONNOUSERSITE" in x for x in f.fix)


_SMI = ["| NVIDIA-SMI 560.94                 Driver Version: 560.94         CUDA Version: "
        "12.6     |",
        "|   0  NVIDIA GeForce RTX 3060      WDDM  |   00000000:01:00.0  On |            "
        "      N/A |"]


@pytest.mark.parametrize("tf", ["2.11.0", "2.16.1", "2.19.0"])
def test_native_windows_tf_after_2_10_with_a_working_gpu_is_cpu_only(tf: str) -> None:
    f = ids(_SMI, _env(tf=tf, os="Windows 11"))["tensorflow-windows-native-no-gpu"]
    assert any("wsl" in x.lower() for x in f.fix)


@pytest.mark.parametrize(("tf", "os"), [("2.10.1", "Windows 10"), ("2.16.1", "Ubuntu 22.04"),
                                        ("2.16.1", "Windows 11 + WSL2 Ubuntu 22.04")])
def test_no_windows_native_claim_for_2_10_linux_or_wsl2(tf: str, os: str) -> None:
    assert "tensorflow-windows-native-no-gpu" not in ids(_SMI, _env(tf=tf, os=os))


def test_no_windows_native_claim_when_the_log_is_a_tfjs_node_program() -> None:
    """A tfjs-node-gpu program (tensorflow/tfjs#2760: an OOM in face-api.js) runs its own
    libtensorflow, not the host's Python TensorFlow: the pip wheels' Windows rule is not its."""
    tfjs = ["(node:18420) UnhandledPromiseRejectionWarning: Error: Invalid TF_Status: 8",
            "    at NodeJSKernelBackend.executeSingleOutput (C:\\app\\node_modules\\"
            "@tensorflow\\tfjs-node-gpu\\dist\\nodejs_kernel_backend.js:193:43)"]
    assert "tensorflow-windows-native-no-gpu" in ids(_SMI, _env(tf="2.16.1", os="Windows 11"))
    assert "tensorflow-windows-native-no-gpu" not in ids(
        _SMI + tfjs, _env(tf="2.16.1", os="Windows 11"))


_OLD_STACK = ("W tensorflow/stream_executor/gpu/asm_compiler.cc:235] Your CUDA software stack is "
              "old. We fallback to the NVIDIA driver for some compilation. Update your CUDA "
              "version to get the best performance. The ptxas error was: ptxas fatal   : Value "
              "'{sm}' is not defined for option 'gpu-name'")
_XLA_FALLBACK = ["W external/local_xla/xla/service/gpu/nvptx_compiler.cc:600] Falling back to "
                 "the CUDA driver for PTX compilation; ptxas does not support CC {cc}"]


@pytest.mark.parametrize(("lines", "cuda"), [
    ([_OLD_STACK.format(sm="sm_86")], "11.0"),  # Ampere GA10x: ptxas from CUDA 11.1
    ([_XLA_FALLBACK[0].format(cc="8.9")], "11.7"),  # Ada: ptxas from CUDA 11.8, XLA wording
    ([_OLD_STACK.format(sm="sm_90")], "11.4"),
])
def test_ptxas_fallback_with_a_toolkit_older_than_the_gpu_is_a_warning(
        lines: list[str], cuda: str) -> None:
    f = ids(lines, _env(cuda=cuda, os="Ubuntu 20.04"))["ptxas-does-not-support-gpu"]
    assert f.severity is Severity.WARNING and not f.harmless
    assert cuda in f.cause


def test_the_toolkit_can_come_from_a_cuda_folder_in_the_log() -> None:
    f = ids([_OLD_STACK.format(sm="sm_86"),
             "I subprocess.cc] running /usr/local/cuda-11.0/bin/ptxas --version"])[
        "ptxas-does-not-support-gpu"]
    assert f.severity is Severity.WARNING


@pytest.mark.parametrize("host", [None, "11.1", "12.2"])
def test_ptxas_fallback_is_a_note_not_harmless_when_the_toolkit_is_new_enough_or_unknown(
        host: str | None) -> None:
    # nothing fails (an info, no alarm), but asm_compiler.cc's own text asks to update CUDA
    # "to get the best performance": not a harmless "nothing to fix" notice
    facts = _env(cuda=host, os="Ubuntu 20.04") if host else None
    f = ids([_OLD_STACK.format(sm="sm_86")], facts)["ptxas-does-not-support-gpu"]
    assert f.severity is Severity.INFO and not f.harmless
    assert "slower" in f.title and "performance" in f.cause


_FALLBACK_WORDINGS = [
    [_OLD_STACK.format(sm="sm_89")],  # TF 2.4-2.5 asm_compiler.cc
    # TF 2.5-2.11 asm_compiler.cc (LogPtxasTooOld) and redzone_allocator.cc
    ["W tensorflow/stream_executor/gpu/asm_compiler.cc:111] Falling back to the "
     "CUDA driver for PTX compilation; ptxas does not support CC 8.9",
     "W tensorflow/stream_executor/gpu/redzone_allocator.cc:314] UNIMPLEMENTED: "
     "ptxas ptxas too old. Falling back to the driver to compile.",
     "Relying on driver to perform ptx compilation. "],
]


@pytest.mark.parametrize("lines", _FALLBACK_WORDINGS)
def test_ptxas_fallback_fix_names_a_toolkit_that_knows_the_architecture(
        lines: list[str]) -> None:
    # sm_89 is known to ptxas from CUDA 11.8 (cuda_arch.toml): a toolkit-era TensorFlow's
    # tested toolkit is no fix unless it is that new
    f = ids(lines)["ptxas-does-not-support-gpu"]
    assert f.severity is Severity.INFO and not f.harmless
    assert "11.8 or newer" in f.fix[0] and "sm_89" in f.fix[0]


def test_ptxas_fallback_of_a_wheel_era_tensorflow_keeps_the_nvcc_wheel() -> None:
    # external/local_xla paths: a TensorFlow that reads the pip CUDA wheels (2.14+), whose
    # nvidia-cuda-nvcc wheel is the fix, not a toolkit
    f = ids([_XLA_FALLBACK[0].format(cc="8.9")])["ptxas-does-not-support-gpu"]
    assert f.severity is Severity.INFO and not f.harmless
    assert "nvidia-cuda-nvcc-cu" in f.fix[0]


def test_ptxas_fallback_fix_says_the_tested_toolkit_is_too_old() -> None:
    # TensorFlow 2.4 was tested with CUDA 11.0, whose ptxas predates sm_86 (CUDA 11.1)
    f = ids([_OLD_STACK.format(sm="sm_86")], _env(tf="2.4.1", os="Ubuntu 20.04"))[
        "ptxas-does-not-support-gpu"]
    assert "11.1 or newer" in f.fix[0] and "CUDA 11.0" in f.fix[0]


@table("semantics")
def test_case(case: Case) -> None:
    """A row of kind_cases/semantics.toml: its lines give its finding, not the others."""
    check(case)
