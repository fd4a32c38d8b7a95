"""The few compatibility facts the explain engine needs, each with its source.

These rows are copied from the project's sourced tables (``../shared/reference/compat``);
when the knowledge layer (:mod:`tfgpu.knowledge`) exposes them, these constants should be
read from it instead.
"""

from __future__ import annotations

#: TensorFlow minor -> (CUDA, cuDNN) it was built and tested with, Linux GPU rows.
#: Source: compat/tf_tested_configs.csv (linux rows), from
#: https://www.tensorflow.org/install/source#gpu (tensorflow/docs commit 7c36502, 2026-03-11).
TF_TESTED_LINUX: dict[str, tuple[str, str]] = {
    "2.0": ("10.0", "7.4"),
    "2.1": ("10.1", "7.6"),
    "2.2": ("10.1", "7.6"),
    "2.3": ("10.1", "7.6"),
    "2.4": ("11.0", "8.0"),
    "2.5": ("11.2", "8.1"),
    "2.6": ("11.2", "8.1"),
    "2.7": ("11.2", "8.1"),
    "2.8": ("11.2", "8.1"),
    "2.9": ("11.2", "8.1"),
    "2.10": ("11.2", "8.1"),
    "2.11": ("11.2", "8.1"),
    "2.12": ("11.8", "8.6"),
    "2.13": ("11.8", "8.6"),
    "2.14": ("11.8", "8.7"),
    "2.15": ("12.2", "8.9"),
    "2.16": ("12.3", "8.9"),
    "2.17": ("12.3", "8.9"),
    "2.18": ("12.5", "9.3"),
    "2.19": ("12.5", "9.3"),
    "2.20": ("12.5", "9.3"),
    "2.21": ("12.5", "9.3"),
}

#: TensorFlow minor -> (CUDA, cuDNN), native Windows GPU rows; 2.10 is the last one.
#: Source: compat/tf_tested_configs.csv (windows rows), from
#: https://www.tensorflow.org/install/source_windows#gpu.
TF_TESTED_WINDOWS: dict[str, tuple[str, str]] = {
    "2.0": ("10.0", "7.4"),
    "2.1": ("10.1", "7.6"),
    "2.2": ("10.1", "7.6"),
    "2.3": ("10.1", "7.6"),
    "2.4": ("11.0", "8.0"),
    "2.5": ("11.2", "8.1"),
    "2.6": ("11.2", "8.1"),
    "2.7": ("11.2", "8.1"),
    "2.8": ("11.2", "8.1"),
    "2.9": ("11.2", "8.1"),
    "2.10": ("11.2", "8.1"),
}

#: Last TensorFlow minor with a CUDA build on native Windows (compat/tf_tested_configs.csv:
#: "CPU only on native Windows (no CUDA build since 2.11)").
LAST_NATIVE_WINDOWS_GPU_TF = (2, 10)

#: First TensorFlow minor whose pip extra ``[and-cuda]`` exists (compat/FACTS.md, "the extra
#: first appears in 2.14.0").
FIRST_AND_CUDA_TF = (2, 14)

#: First TensorFlow minor built against NumPy 2 (TensorFlow 2.18.0 release notes,
#: https://github.com/tensorflow/tensorflow/releases/tag/v2.18.0).
FIRST_NUMPY2_TF = (2, 18)

#: Python versions of the newest TensorFlow rows (compat/tf_tested_configs.csv, linux 2.21.0:
#: "3.10-3.13").
NEWEST_TF_PYTHONS = ("3.10", "3.13")

#: CUDA major -> minimum driver (Linux, Windows) for the whole family (minor-version
#: compatibility).  Source: compat/cuda_min_driver.csv ``minor_compat`` rows, from the CUDA
#: Toolkit release notes Table 2/3 (https://docs.nvidia.com/cuda/cuda-toolkit-release-notes/)
#: and https://docs.nvidia.com/deploy/cuda-compatibility/minor-version-compatibility.html.
#: Pre-11 toolkits had no minor compatibility: their rows are the toolkit minimums.
CUDA_MIN_DRIVER: dict[str, tuple[str, str]] = {
    "10.0": ("410.48", "411.31"),
    "10.1": ("418.39", "418.96"),
    "10.2": ("440.33", "441.22"),
    "11": ("450.80.02", "452.39"),
    "12": ("525.60.13", "527.41"),
    "13": ("580.65.06", "580"),
}

#: CUresult codes of the CUDA driver API (``cuda.h``), as TensorFlow prints them after
#: "failed call to cuInit".  Source: CUDA Driver API, Data types, enum CUresult
#: (https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html); numbers checked
#: against cuda.h copies and NVIDIA's cuda-python ``driver.Result``.
CURESULT: dict[int, str] = {
    1: "CUDA_ERROR_INVALID_VALUE",
    2: "CUDA_ERROR_OUT_OF_MEMORY",
    3: "CUDA_ERROR_NOT_INITIALIZED",
    4: "CUDA_ERROR_DEINITIALIZED",
    34: "CUDA_ERROR_STUB_LIBRARY",
    46: "CUDA_ERROR_DEVICE_UNAVAILABLE",
    100: "CUDA_ERROR_NO_DEVICE",
    101: "CUDA_ERROR_INVALID_DEVICE",
    102: "CUDA_ERROR_DEVICE_NOT_LICENSED",
    200: "CUDA_ERROR_INVALID_IMAGE",
    201: "CUDA_ERROR_INVALID_CONTEXT",
    209: "CUDA_ERROR_NO_BINARY_FOR_GPU",
    214: "CUDA_ERROR_ECC_UNCORRECTABLE",
    218: "CUDA_ERROR_INVALID_PTX",
    221: "CUDA_ERROR_JIT_COMPILER_NOT_FOUND",
    222: "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
    301: "CUDA_ERROR_FILE_NOT_FOUND",
    302: "CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND",
    303: "CUDA_ERROR_SHARED_OBJECT_INIT_FAILED",
    304: "CUDA_ERROR_OPERATING_SYSTEM",
    400: "CUDA_ERROR_INVALID_HANDLE",
    700: "CUDA_ERROR_ILLEGAL_ADDRESS",
    719: "CUDA_ERROR_LAUNCH_FAILED",
    800: "CUDA_ERROR_NOT_PERMITTED",
    801: "CUDA_ERROR_NOT_SUPPORTED",
    802: "CUDA_ERROR_SYSTEM_NOT_READY",
    803: "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
    804: "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE",
    999: "CUDA_ERROR_UNKNOWN",
}

#: Bytes per element of TensorFlow dtypes as OOM messages name them ("type float").
DTYPE_BYTES: dict[str, int] = {
    "float": 4,
    "float32": 4,
    "half": 2,
    "float16": 2,
    "bfloat16": 2,
    "double": 8,
    "float64": 8,
    "int8": 1,
    "uint8": 1,
    "int16": 2,
    "uint16": 2,
    "int32": 4,
    "uint32": 4,
    "int64": 8,
    "uint64": 8,
    "bool": 1,
    "complex64": 8,
    "complex128": 16,
    "qint8": 1,
    "quint8": 1,
    "qint32": 4,
    "float8_e4m3fn": 1,
    "float8_e5m2": 1,
}

DOC_CUDA_TYPES = "https://docs.nvidia.com/cuda/cuda-driver-api/group__CUDA__TYPES.html"
DOC_TF_PIP = "https://www.tensorflow.org/install/pip"
DOC_TF_PIP_WINDOWS = "https://www.tensorflow.org/install/pip#windows-native"
DOC_TF_SOURCE_GPU = "https://www.tensorflow.org/install/source#gpu"
DOC_TF_SOURCE_WINDOWS_GPU = "https://www.tensorflow.org/install/source_windows#gpu"
DOC_CUDA_COMPAT = "https://docs.nvidia.com/deploy/cuda-compatibility/"
DOC_TF_GPU_GUIDE = "https://www.tensorflow.org/guide/gpu#limiting_gpu_memory_growth"
DOC_WSL = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"
DOC_PROFILER = (
    "https://www.tensorflow.org/guide/profiler#install_the_profiler_and_gpu_prerequisites"
)
DOC_NCCL = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html"
DOC_MIRRORED = "https://www.tensorflow.org/api_docs/python/tf/distribute/MirroredStrategy"
DOC_MIXED = "https://www.tensorflow.org/guide/mixed_precision"
DOC_METAL = "https://developer.apple.com/metal/tensorflow-plugin/"
DOC_MSVC = "https://learn.microsoft.com/en-us/cpp/windows/latest-supported-vc-redist"
DOC_ZLIB = (
    "https://docs.nvidia.com/deeplearning/cudnn/archives/cudnn-890/install-guide/"
    "index.html#install-zlib-windows"
)
DOC_PROTOBUF = "https://protobuf.dev/news/2022-05-06/#python-updates"
DOC_TF_218 = "https://github.com/tensorflow/tensorflow/releases/tag/v2.18.0"
DOC_CUDA_GPUS = "https://developer.nvidia.com/cuda-gpus"
DOC_XLA_FLAGS = "https://openxla.org/xla/flags_guidance"
DOC_NUMA = (
    "https://github.com/torvalds/linux/blob/v6.0/Documentation/ABI/testing/sysfs-bus-pci#L344-L355"
)
DOC_TF_LOGGING = "https://www.tensorflow.org/api_docs/python/tf/debugging/set_log_device_placement"


def tf_minor(version: str | None) -> tuple[int, int] | None:
    """Return ``(major, minor)`` of a TensorFlow version string, or ``None``.

    ``"2.12.0"`` -> ``(2, 12)``; ``"2.16.1rc0"`` -> ``(2, 16)``; ``"2.x"`` -> ``None``.
    """
    if not version:
        return None
    import re

    m = re.match(r"\s*(\d+)\.(\d+)", version)
    return (int(m.group(1)), int(m.group(2))) if m else None


def tested_config(tf_version: str | None, windows: bool) -> tuple[str, str] | None:
    """Return the ``(cuda, cudnn)`` TensorFlow ``tf_version`` was tested with, or ``None``.

    Source: compat/tf_tested_configs.csv (see :data:`TF_TESTED_LINUX`).  ``None`` for a
    version outside the table (1.x, unknown) and for native Windows after 2.10.
    """
    mm = tf_minor(tf_version)
    if mm is None:
        return None
    table = TF_TESTED_WINDOWS if windows else TF_TESTED_LINUX
    return table.get(f"{mm[0]}.{mm[1]}")


def min_driver(cuda_version: str, windows: bool) -> str | None:
    """Return the minimum NVIDIA driver for CUDA ``cuda_version`` ("12", "12.2", "10.1").

    Source: :data:`CUDA_MIN_DRIVER`.  ``None`` when the version is not in the table.
    """
    parts = cuda_version.split(".")
    key = parts[0] if parts[0] in ("11", "12", "13") else ".".join(parts[:2])
    row = CUDA_MIN_DRIVER.get(key)
    if row is None:
        return None
    return row[1] if windows else row[0]


def windows_cudart_dll(cuda_version: str) -> str:
    """Return the cudart DLL name a CUDA ``cuda_version`` build loads on Windows.

    CUDA 10.x names carry major and minor (``cudart64_101.dll``), 11.x all load
    ``cudart64_110.dll``, 12.x ``cudart64_12.dll`` (the SONAME rule of the CUDA runtime).
    """
    parts = cuda_version.split(".")
    major = parts[0]
    if major == "11":
        return "cudart64_110.dll"
    if major.isdigit() and int(major) >= 12:
        return f"cudart64_{major}.dll"
    minor = parts[1] if len(parts) > 1 else "0"
    return f"cudart64_{major}{minor}.dll"
