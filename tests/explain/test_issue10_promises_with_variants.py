"""Issue 10's promises, tried with variants of the data rows (other libraries,
versions, OSes and wordings than the cases)."""

from __future__ import annotations

import pytest

from tfgpu.explain import explain_lines
from tfgpu.findings import Finding, Severity
from tfgpu.knowledge import CudaError, load_knowledge

_KB = load_knowledge()
_ROWS = [r for r in _KB.status_codes if r.maps_to not in ("harmless", "context", "")]


def _ids(findings: tuple[Finding, ...]) -> list[str]:
    return [f.id for f in findings]


# --- section 1: every status code of the seven enums is reachable from a line printing it --

@pytest.mark.parametrize("row", _ROWS, ids=lambda r: f"{r.enum}.{r.name}")
def test_every_status_code_is_reachable_from_a_log_line(row: CudaError) -> None:
    """A glog error line that names the code (XLA's path, TF 2.15+ wording) yields a finding
    that quotes that line: a specific one, or cuda-status-code / unrecognised-error naming
    the code with the table's meaning."""
    line = (f"E0000 00:00:1712345678.123456 4242 gpu_kernel.cc:77] INTERNAL: call failed "
            f"with {row.name}")
    found = explain_lines([line])
    quoting = [f for f in found if any(e.line == 1 for e in f.evidence)]
    assert quoting, (row.name, _ids(found))
    lookup = [f for f in quoting if f.id in ("cuda-status-code", "unrecognised-error")]
    if lookup:
        assert row.name in lookup[0].title + lookup[0].cause
        assert row.meaning.rstrip(".")[:40] in lookup[0].cause
        # a named host fault is an error; any other code makes no claim
        assert (lookup[0].id == "cuda-status-code") == row.maps_to.startswith("new:")


@pytest.mark.parametrize(("line", "name", "fid"), [
    # cuFFT (fft_ops.cc), TF 2.4 path: no host fix, named with its meaning
    ("W tensorflow/core/framework/op_kernel.cc:1745] OP_REQUIRES failed at fft_ops.cc:271 : "
     "Internal: cuFFT launch failure: CUFFT_EXEC_FAILED", "CUFFT_EXEC_FAILED",
     "unrecognised-error"),
    # cuDNN API misuse: no host fix
    ("E tensorflow/stream_executor/cuda/cuda_dnn.cc:1234] CUDNN_STATUS_BAD_PARAM in "
     "cuda_dnn.cc(1600): 'cudnnSetTensorNdDescriptor'", "CUDNN_STATUS_BAD_PARAM",
     "unrecognised-error"),
    # cuBLAS's execution failure without TF's "failed to run cuBLAS routine" wording
    ("E external/local_xla/xla/stream_executor/cuda/cuda_blas.cc:1073] "
     "CUBLAS_STATUS_EXECUTION_FAILED", "CUBLAS_STATUS_EXECUTION_FAILED", "unrecognised-error"),
    # a hardware fault (cuda.h CUresult 214), XLA path
    ("E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:1] failed call to "
     "cuCtxSynchronize: CUDA_ERROR_ECC_UNCORRECTABLE: uncorrectable ECC error encountered",
     "CUDA_ERROR_ECC_UNCORRECTABLE", "cuda-status-code"),
    # the runtime-API twin of an MPS fault
    ("tensorflow.python.framework.errors_impl.InternalError: cudaErrorMpsServerNotReady: MPS "
     "server is not ready", "cudaErrorMpsServerNotReady", "cuda-status-code"),
    # NCCL 2.x timeout code
    ("InternalError: ncclTimeout: the collective timed out", "ncclTimeout",
     "cuda-status-code"),
])
def test_status_code_without_a_specific_rule(line: str, name: str, fid: str) -> None:
    found = explain_lines([line])
    f = next(f for f in found if f.id == fid)
    assert name in f.title + f.cause and f.fix
    assert f.severity is (Severity.ERROR if fid == "cuda-status-code" else Severity.WARNING)


def test_follow_on_code_of_an_explained_fault_is_not_repeated() -> None:
    """A generic code after a fault an error finding names (INVALID_PTX then INVALID_HANDLE)
    adds nothing; a hardware fault next to it still does."""
    log = ["W tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc:40] "
           "'cuModuleLoadData(&module, data)' failed with 'CUDA_ERROR_INVALID_PTX'",
           "W tensorflow/compiler/mlir/tools/kernel_gen/tf_gpu_runtime_wrappers.cc:40] "
           "'cuLaunchKernel(...)' failed with 'CUDA_ERROR_INVALID_HANDLE'"]
    assert "cuda-status-code" not in _ids(explain_lines(log))
    hw = [*log, "E cuda_driver.cc:1] CUDA_ERROR_NVLINK_UNCORRECTABLE: uncorrectable NVLink "
          "error detected during the execution"]
    assert "cuda-status-code" in _ids(explain_lines(hw))


def test_status_code_words_that_are_not_codes() -> None:
    """No finding from prose that only looks like a code prefix."""
    assert "cuda-status-code" not in _ids(explain_lines(
        ["I nccl_manager.cc:1] NCCL communicator created", "CUFFT_ plan cache size: 0"]))


# --- section 1: tensorflow-metal load failures (dyld wordings) -----------------------------

@pytest.mark.parametrize("line", [
    "tensorflow.python.framework.errors_impl.NotFoundError: dlopen(/opt/homebrew/lib/"
    "python3.12/site-packages/tensorflow-plugins/libmetal_plugin.dylib, 0x0006): Library not "
    "loaded: @rpath/_pywrap_tensorflow_internal.so",
    "NotFoundError: dlopen(/Users/a/miniforge3/envs/t/lib/python3.10/site-packages/"
    "tensorflow-plugins/libmetal_plugin.dylib, 6): Library not loaded: "
    "@rpath/libtensorflow_framework.2.dylib",
])
def test_metal_plugin_library_not_loaded(line: str) -> None:
    found = explain_lines([line])
    f = next(f for f in found if f.id == "metal-plugin-tensorflow-mismatch")
    assert "not loaded" in f.title or "not loaded" in f.cause


# --- section 2: libtensorflow hints; pip TensorFlow's own libtensorflow_framework is none ---

_CUDNN = ("W tensorflow/tsl/platform/default/dso_loader.cc:66] Could not load dynamic library "
          "'libcudnn.so.8'; dlerror: libcudnn.so.8: cannot open shared object file: No such "
          "file or directory")


def test_pip_tensorflow_framework_path_keeps_pip_fix() -> None:
    log = [_CUDNN + "; LD_LIBRARY_PATH: /usr/local/nvidia/lib64",
           "tensorflow.python.framework.errors_impl.NotFoundError: /home/u/venv/lib/python3.10/"
           "site-packages/tensorflow/python/../libtensorflow_framework.so.2: undefined symbol: "
           "_ZN3tsl8profiler"]
    fix = " ".join(f for x in explain_lines(log) if x.id.startswith("library-not-loaded")
                   for f in x.fix)
    assert "tensorflow[and-cuda]" in fix


@pytest.mark.parametrize("path", ["/opt/libtensorflow/lib", "/usr/local/libtensorflow-gpu-"
                                  "linux-x86_64-2.15.0/lib", "/app/lib/libtensorflow_jni.so"])
def test_libtensorflow_host_gets_no_pip_fix(path: str) -> None:
    log = [_CUDNN + f"; LD_LIBRARY_PATH: {path}"]
    found = [x for x in explain_lines(log) if x.id.startswith("library-not-loaded")]
    assert found
    fix = " ".join(found[0].fix)
    assert "pip install" not in fix and "does not apply" in fix


# --- kinds: TF >= 2.11 on native Windows seen only as a CPU-only device list ----------------

@pytest.mark.parametrize(("prompt", "out"), [
    ("PS C:\\dev> python -c \"import tensorflow as tf; print(tf.__version__, "
     "tf.config.list_physical_devices('GPU'))\"", "2.13.0 []"),
    ("C:\\Users\\me>python -c \"import tensorflow as tf; print(tf.__version__, "
     "tf.config.list_physical_devices())\"",
     "2.12.0 [PhysicalDevice(name='/physical_device:CPU:0', device_type='CPU')]"),
])
def test_windows_new_tf_cpu_only_one_line(prompt: str, out: str) -> None:
    assert "tensorflow-windows-native-no-gpu" in _ids(explain_lines([prompt, out]))


def test_version_and_gpu_list_on_one_line_is_no_fault() -> None:
    log = ["$ python3 -c \"import tensorflow as tf; print(tf.__version__, "
           "tf.config.list_physical_devices('GPU'))\"",
           "2.16.1 [PhysicalDevice(name='/physical_device:GPU:0', device_type='GPU')]"]
    found = explain_lines(log)
    assert not [f for f in found if f.severity not in (Severity.INFO, Severity.OK)]
    # the listed GPU is read as the GPU visible (an ok finding), never a fault
    assert [f.id for f in found if f.severity is Severity.OK] == ["gpu-device-created"]


# --- section 2: banners give TensorFlow's version, and the fix fits it ----------------------

@pytest.mark.parametrize(("banner", "version"), [
    ("Tensorflow Version:  2.15.0", "2.15.0"),
    ("TF version: 2.17.0", "2.17.0"),
    ("tf.__version__ = 2.11.0", "2.11.0"),
    ("Successfully installed keras-3.3.3 tensorflow-2.16.1 tensorboard-2.16.2", "2.16.1"),
    # not TensorFlow's own version
    ("Successfully installed tensorflow-estimator-2.15.0 tensorflow-metal-1.1.0", None),
    ("This version of TensorFlow Probability requires TensorFlow version >= 2.15; Detected "
     "an installation of version 2.13.0", None),
])
def test_banner_gives_tf_version(banner: str, version: str | None) -> None:
    from tfgpu.facts.view import Facts
    from tfgpu.logs import read_lines

    assert Facts(None, read_lines([banner])).tf_version == version


def test_fix_fits_the_cuda_major_the_banner_implies() -> None:
    """TF 2.11 (CUDA 11.2) with a CUDA 12.2 toolkit on the path: the fix names CUDA 11.2
    and no [and-cuda] (2.11 predates the extra), never the toolkit the path shows."""
    log = ["TF version: 2.11.0",
           "W tensorflow/compiler/xla/stream_executor/platform/default/dso_loader.cc:64] Could "
           "not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot "
           "open shared object file: No such file or directory; LD_LIBRARY_PATH: "
           "/usr/local/cuda-12.2/lib64"]
    f = next(f for f in explain_lines(log) if f.id.startswith("library-not-loaded"))
    fix = " ".join(f.fix)
    assert "CUDA 11.2" in fix and "and-cuda" not in fix and "cuda-12" not in fix


# --- section 1: tfjs-node(-gpu) install failures (node-pre-gyp's wording) -------------------

@pytest.mark.parametrize(("lines", "hit"), [
    (["node-pre-gyp WARN Tried to download(404): https://storage.googleapis.com/tf-builds/"
      "pre-built-binary/napi-v9/4.22.0/CPU-linux-4.22.0.tar.gz",
      "node-pre-gyp WARN Pre-built binaries not found for @tensorflow/tfjs-node@4.22.0 and "
      "node@23.1.0 (node-v131 ABI, glibc) (falling back to source compile with node-gyp)"], True),
    (["npm ERR! node-pre-gyp ERR! install response status 404 Not Found on https://storage."
      "googleapis.com/tf-builds/pre-built-binary/napi-v8/4.22.0/GPU-windows-4.22.0.zip"], True),
    # another package's missing prebuilt binary is not tfjs's
    (["node-pre-gyp WARN Tried to download(403): https://mapbox-node-binary.s3.amazonaws.com/"
      "sqlite3/v5.0.1/napi-v6-linux-x64.tar.gz",
      "node-pre-gyp WARN Pre-built binaries not found for sqlite3@5.0.1 and node@14.15.4 "
      "(node-v83 ABI, glibc) (falling back to source compile with node-gyp)"], False),
])
def test_tfjs_prebuilt_addon_missing(lines: list[str], hit: bool) -> None:
    found = explain_lines(lines)
    assert ("tfjs-node-gpu-addon-missing" in _ids(found)) is hit
    assert not any("and-cuda" in x for f in found for x in f.fix)


# --- kinds: Keras 3 errors from other libraries (the keras._tf_keras shim) ------------------

@pytest.mark.parametrize(("line", "hit"), [
    ("AttributeError: module 'keras._tf_keras.keras.__internal__' has no attribute "
     "'register_load_context_function'", True),
    ("AttributeError: module 'keras._tf_keras.keras.layers' has no attribute "
     "'DenseFeatures'", True),
    # Keras 2's own module path is not Keras 3
    ("AttributeError: module 'keras.api._v2.keras.layers' has no attribute 'Foo'", False),
])
def test_keras3_shim_attribute_error(line: str, hit: bool) -> None:
    assert ("keras3-needs-tf-keras" in _ids(explain_lines([line]))) is hit


# --- section 1: WSL2 driver errors: one root cause, the WSL2 one ----------------------------

def test_wsl2_libcuda_missing_owns_the_cuinit_303() -> None:
    log = ["W tensorflow/tsl/platform/default/dso_loader.cc:66] Could not load dynamic library "
           "'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No such file "
           "or directory; LD_LIBRARY_PATH: /usr/lib/wsl/lib:/opt/conda/lib",
           "E tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:268] failed call to "
           "cuInit: CUDA_ERROR_SHARED_OBJECT_INIT_FAILED: initialization of a shared object "
           "failed"]
    errors = [f.id for f in explain_lines(log) if f.severity is Severity.ERROR]
    assert errors == ["wsl2-libcuda-not-found"]
