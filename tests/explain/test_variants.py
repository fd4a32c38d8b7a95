"""Each kind caught in forms the real cases do not show: other libraries, versions, OSes."""

from __future__ import annotations

import pytest

from tfgpu.diagnosis.checks.libraries import parse_library
from tfgpu.explain import explain_lines
from tfgpu.facts import GPU, CudaToolkit, HostFacts, OSFacts, ProbeStatus, PythonFacts, TFFacts
from tfgpu.findings import Finding, Severity


def _by_id(lines: list[str], facts: HostFacts | None = None) -> dict[str, Finding]:
    return {f.id: f for f in explain_lines(lines, facts)}


def _facts(
    system: str = "Linux",
    *,
    wsl: bool = False,
    tf: str | None = None,
    gpus: tuple[GPU, ...] = (),
    cuda: str | None = None,
) -> HostFacts:
    return HostFacts(
        os=OSFacts(system=system, is_wsl=wsl, wsl_version=2 if wsl else None),
        python=PythonFacts(version="3.11.7", executable="python"),
        gpus=gpus,
        toolkits=(CudaToolkit(root=None, version=cuda),) if cuda else (),
        tf=TFFacts(status=ProbeStatus.OK, version=tf) if tf else None,
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("libcudart.so.11.0", "CUDA 11"),
        ("libcudart.so.10.1", "CUDA 10.1"),
        ("libcublas.so.12", "CUDA 12"),
        ("cudart64_101.dll", "CUDA 10.1"),
        ("cudart64_110.dll", "CUDA 11"),
        ("cudart64_12.dll", "CUDA 12"),
        ("cudnn64_8.dll", "cuDNN 8"),
        ("cudnn64_9.dll", "cuDNN 9"),
        ("libcudnn.so.8", "cuDNN 8"),
        ("libcudnn_ops_infer.so.8", "cuDNN 8"),
        ("libnvinfer.so.7", "TensorRT 7"),
        ("libcufft.so.10", "libcufft 10"),
    ],
)
def test_library_names_give_component_and_major(name: str, expected: str) -> None:
    assert parse_library(name)[2] == expected


def test_missing_cublas12_on_linux_with_cuda11_is_a_version_mismatch() -> None:
    line = (
        "W tensorflow/tsl/platform/default/dso_loader.cc:66] Could not load dynamic library "
        "'libcublas.so.12'; dlerror: libcublas.so.12: cannot open shared object file"
    )
    f = _by_id([line], _facts(cuda="11.8", tf="2.15.0"))["library-not-loaded-libcublas-so-12"]
    assert f.category == "version-mismatch" and f.severity is Severity.ERROR
    assert "CUDA 12" in f.title and "11.8" in f.cause
    assert any("tensorflow[and-cuda]" in x for x in f.fix)
    assert any("CUDA 12.2" in x for x in f.fix)  # TF 2.15 tested config


def test_missing_cudnn64_9_dll_on_windows_gives_path_fix() -> None:
    f = _by_id(
        ["Could not load dynamic library 'cudnn64_9.dll'; dlerror: cudnn64_9.dll not found"]
    )["library-not-loaded-cudnn64-9-dll"]
    assert f.category == "windows-dll"
    assert f.fix[0] == "where.exe cudnn64_9.dll"


def test_tensorrt_missing_is_harmless() -> None:
    f = _by_id(["Could not load dynamic library 'libnvinfer.so.7'; dlerror: not found"])[
        "tensorrt-not-loaded-libnvinfer-so-7"
    ]
    assert f.harmless and f.severity is Severity.INFO


def test_cudnn_mismatch_new_dotted_form() -> None:
    f = _by_id(
        [
            "E tensorflow/stream_executor/cuda/cuda_dnn.cc:361] Loaded runtime CuDNN library: "
            "8.0.5 but source was compiled with: 8.1.0.  CuDNN library needs to have matching "
            "major version and equal or higher minor version."
        ]
    )["cudnn-version-mismatch"]
    assert "8.1.0" in f.cause and "8.0.5" in f.cause and "older cuDNN 8.0" in f.cause


@pytest.mark.parametrize(
    ("line", "name", "category"),
    [
        (
            "failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected",
            "CUDA_ERROR_NO_DEVICE",
            "gpu-not-visible",
        ),
        (
            "failed call to cuInit: INTERNAL: CUDA error: Failed call to cuInit: UNKNOWN ERROR "
            "(303)",
            "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED",
            "gpu-not-visible",
        ),
        (
            "failed call to cuInit: UNKNOWN ERROR (803)",
            "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
            "version-mismatch",
        ),
        (
            "failed call to cuInit: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE: forward "
            "compatibility",
            "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
            "version-mismatch",
        ),
    ],
)
def test_cuinit_codes_are_named(line: str, name: str, category: str) -> None:
    # a bare CUDA_ERROR_NO_DEVICE line: the hedged cuda-visible-devices-hides-gpus names it
    fs = [f for f in explain_lines([line])
          if f.id.startswith("cuinit-") or f.id == "cuda-visible-devices-hides-gpus"]
    assert len(fs) == 1 and name in fs[0].title and fs[0].category == category


def test_cuinit_303_on_gpu_less_host_is_harmless() -> None:
    facts = _facts(gpus=())
    facts = HostFacts(os=facts.os, python=facts.python, gpus=(GPU(0, "intel", "UHD"),))
    fs = [f for f in explain_lines(["failed call to cuInit: UNKNOWN ERROR (303)"], facts)]
    assert fs[0].harmless and fs[0].severity is Severity.INFO


def test_cuinit_no_device_on_wsl_is_wsl2() -> None:
    f = _by_id(
        ["failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected"],
        _facts(wsl=True),
    )["cuinit-no-device"]
    assert f.category == "wsl2" and any("wsl --shutdown" in x for x in f.fix)


def test_oom_shape_size_is_computed() -> None:
    f = _by_id(
        [
            "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when "
            "allocating tensor with shape[256,64,112,112] and type half on "
            "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc"
        ]
    )["gpu-out-of-memory-tensor"]
    # 256*64*112*112 = 205,520,896 elements x 2 B = 392.0 MiB
    assert "205,520,896 x 2 B = 392.0 MiB" in f.cause


def test_oom_float_shape() -> None:
    f = _by_id(["OOM when allocating tensor with shape[1024,1024,128] and type float"])[
        "gpu-out-of-memory-tensor"
    ]
    assert "512.0 MiB" in f.cause


def test_ptx_unsupported_version_and_no_kernel_image() -> None:
    ids = _by_id(
        [
            "'cuModuleLoadData' failed with 'CUDA_ERROR_UNSUPPORTED_PTX_VERSION'",
            "CUDA error: no kernel image is available for execution on the device",
        ]
    )
    assert ids["ptx-newer-than-driver"].category == "xla-ptxas"
    # no GPU CC and no build in the log: the missing-kernel line is named, not claimed
    assert ids["gpu-arch-not-in-build"].category == "unknown"


def test_ptxas_too_old() -> None:
    f = _by_id(["ptxas fatal   : Unsupported .version 7.8; current version is '7.4'"])[
        "ptxas-too-old"
    ]
    assert "7.8" in f.cause and "7.4" in f.cause


def test_libdevice_other_form() -> None:
    assert "xla-libdevice-not-found" in _by_id(
        ["INTERNAL: libdevice not found at ./libdevice.10.bc"]
    )


def test_compute_capability_other_gpu() -> None:
    f = _by_id(
        [
            "Ignoring visible gpu device (device: 0, name: Tesla K40c, pci bus id: 0000:02:00.0,"
            " compute capability: 3.5) with Cuda compute capability 3.5. The minimum required "
            "Cuda capability is 5.0."
        ]
    )["gpu-compute-capability-too-low"]
    assert "Tesla K40c" in f.title and "TF_CUDA_COMPUTE_CAPABILITIES=3.5" in " ".join(f.fix)


def test_native_windows_dll_load_failed_while_importing() -> None:
    f = _by_id(
        [
            "ImportError: DLL load failed while importing _pywrap_tensorflow_internal: The "
            "specified module could not be found."
        ],
        _facts("Windows", tf="2.10.0"),
    )["windows-msvc-runtime-missing"]
    # TF >= 2.1 loads cudart64_110.dll/cudnn64_8.dll lazily (warnings, not an import error):
    # at import the missing DLL is the MSVC runtime (TF 2.1.0 release notes; k-driver)
    assert "msvcp140_1.dll" in f.cause and "winget install Microsoft.VCRedist.2015+.x64" in \
        f.fix[0]


def test_native_windows_dll_load_failed_on_tf20_names_the_cuda_dlls() -> None:
    f = _by_id(
        ["ImportError: DLL load failed: The specified module could not be found."],
        _facts("Windows", tf="2.0.0"),
    )["windows-dll-not-found"]
    assert "where.exe cudart64_100.dll" in f.fix and "where.exe cudnn64_7.dll" in f.fix


def test_msvc_runtime_missing() -> None:
    f = _by_id(
        [
            "Could not find the DLL(s) 'msvcp140_1.dll'. TensorFlow requires that these DLLs "
            "be installed in a directory that is named in your %PATH% environment variable."
        ]
    )["windows-msvc-runtime-missing"]
    assert "winget install Microsoft.VCRedist.2015+.x64" in f.fix


def test_zlibwapi_direct_message() -> None:
    assert (
        _by_id(["Could not locate zlibwapi.dll. Please make sure it is in your library path!"])[
            "windows-zlibwapi-missing"
        ].category
        == "windows-dll"
    )


def test_windows_tf_2_15_gpu_list_empty() -> None:
    # one fault with the doctor's host check: tensorflow-windows-native-no-gpu
    got = _by_id(["tf.config.list_physical_devices('GPU')", "[]"], _facts("Windows", tf="2.15.0"))
    f = got["tensorflow-windows-native-no-gpu"]
    assert "2.10 was the last" in f.cause and f.severity is Severity.ERROR
    assert "tensorflow-sees-no-gpu" not in got


def test_no_matching_distribution_names_python() -> None:
    facts = HostFacts(
        os=OSFacts(system="Linux"), python=PythonFacts(version="3.14.0", executable="python")
    )
    f = _by_id(
        [
            "ERROR: Could not find a version that satisfies the requirement tensorflow "
            "(from versions: none)",
            "ERROR: No matching distribution found for tensorflow",
        ],
        facts,
    )["tensorflow-no-matching-distribution"]
    assert "3.14.0" in f.cause and "3.10-3.13" in f.cause


def test_numpy_abi_variant() -> None:
    assert "numpy-abi-mismatch" in _by_id(["AttributeError: _ARRAY_API not found"])


def test_nccl_runtime_error() -> None:
    f = _by_id(
        [
            "NCCL WARN Cuda failure 'peer access is not supported between these two devices'",
            "ncclUnhandledCudaError: Call to CUDA function failed.",
        ]
    )["nccl-error"]
    assert any("NCCL_P2P_DISABLE=1" in x for x in f.fix)


def test_mixed_precision_warning() -> None:
    f = _by_id(
        [
            "Mixed precision compatibility check (mixed_float16): WARNING",
            "Your GPU may run slowly with dtype policy mixed_float16 because it does not have "
            "compute capability of at least 7.0. Your GPU:",
            "  Tesla P100-PCIE-16GB, compute capability 6.0",
        ]
    )["gpu-without-tensor-cores"]
    assert "6.0" in f.cause and f.severity is Severity.WARNING


def test_cupti_privileges() -> None:
    f = _by_id(["CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"])["cupti-not-loaded"]
    assert "NVreg_RestrictProfilingToAdminUsers=0" in f.fix[0]


def test_driver_insufficient_with_tf_facts() -> None:
    f = _by_id(
        [
            "cudaGetDevice() failed. Status: CUDA driver version is insufficient for CUDA "
            "runtime version"
        ],
        _facts(tf="2.16.1"),
    )["driver-too-old-for-cuda"]
    assert "CUDA 12.3" in f.cause and "525.60.13" in f.cause


def test_harmless_noise_sorted_after_problems() -> None:
    fs = explain_lines(
        [
            "I tensorflow/core/util/port.cc:113] oneDNN custom operations are on.",
            "E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:9261] Unable to register "
            "cuDNN "
            "factory: Attempting to register factory for plugin cuDNN when one has already been "
            "registered",
            "W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not "
            "find "
            "TensorRT",
            "RuntimeError: Physical devices cannot be modified after being initialized",
        ]
    )
    assert fs[0].id == "device-config-after-init"
    assert all(f.harmless for f in fs[1:])
    assert {f.id for f in fs[1:]} == {
        "onednn-notice",
        "duplicate-factory-registration",
        "tensorrt-not-found-notice",
    }


def test_unknown_error_is_said_to_be_unknown() -> None:
    fs = explain_lines(
        [
            "Traceback (most recent call last):",
            '  File "train.py", line 3, in <module>',
            "    model.fit(x)",
            "ValueError: Input 0 of layer dense is incompatible with the layer",
        ]
    )
    assert [f.id for f in fs] == ["unrecognised-error"]
    assert fs[0].category == "unknown"
    assert "ValueError: Input 0 of layer dense" in fs[0].cause
    assert [e.line for e in fs[0].evidence] == [1, 4]


def test_working_log_reports_created_device() -> None:
    fs = explain_lines(
        [
            "I tensorflow/core/common_runtime/gpu/gpu_device.cc:1886] Created device "
            "/job:localhost/replica:0/task:0/device:GPU:0 with 20795 MB memory:  -> device: 0, "
            "name: "
            "NVIDIA L4, pci bus id: 0000:00:03.0, compute capability: 8.9"
        ]
    )
    assert fs[0].id == "gpu-device-created" and "NVIDIA L4" in fs[0].title


def test_illegal_instruction_linux_and_windows() -> None:
    f = _by_id([">>> import tensorflow", "Illegal instruction (core dumped)"])[
        "cpu-illegal-instruction"
    ]
    assert f.category == "pip" and "AVX" in f.cause and "/proc/cpuinfo" in f.fix[0]
    g = _by_id(["Process finished with exit code -1073741795 (0xC000001D)"])[
        "cpu-illegal-instruction"
    ]
    assert g.category == "windows-dll" and "coreinfo64" in g.fix[0]


def test_unhandled_cuda_error_is_unknown_but_named() -> None:
    # (CUDA_ERROR_ILLEGAL_ADDRESS, this test's first code, is now gpu-kernel-fault)
    f = _by_id(["CUDA_ERROR_NOT_PERMITTED: operation not permitted"])["unrecognised-error"]
    assert "CUDA_ERROR_NOT_PERMITTED (800)" in f.cause and f.evidence[0].line == 1


def test_gtx_1650_keras_ok_still_warns_no_tensor_cores() -> None:
    # Keras only checks compute capability >= 7.0, so it logs OK for a GTX 1650 (CC 7.5,
    # TU117, no Tensor Cores); the knowledge answers by name and explain warns, like the
    # doctor's gpu-without-tensor-cores
    f = _by_id(
        [
            "Mixed precision compatibility check (mixed_float16): OK",
            "Your GPU will likely run quickly with dtype policy mixed_float16 as it has "
            "compute capability of at least 7.0. Your GPU: NVIDIA GeForce GTX 1650, "
            "compute capability 7.5",
        ]
    )["gpu-without-tensor-cores"]
    assert "GeForce GTX 1650: no Tensor Cores" in f.cause
    assert f.knowledge_ref == "gpu_compute_capability:geforce-gtx-1650"
    ok_t4 = _by_id(
        [
            "Mixed precision compatibility check (mixed_float16): OK",
            "Your GPU will likely run quickly with dtype policy mixed_float16 as it has "
            "compute capability of at least 7.0. Your GPU: Tesla T4, compute capability 7.5",
        ]
    )
    assert "gpu-without-tensor-cores" not in ok_t4


def test_a_garbled_soname_has_no_expected_version() -> None:
    """``libcudart.so..`` (a cut line) names no CUDA version: nothing is inferred from it."""
    assert parse_library("libcudart.so..")[2] is None
    assert parse_library("libcudart.so.12")[2] == "CUDA 12"
