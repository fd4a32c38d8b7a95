"""Documentation links the explain rules cite.

Every compatibility fact the rules use comes from :mod:`tfgpu.knowledge` (the sourced
data files), through ``Ctx.kb``; what is left here are the addresses of the documents
findings point to (they move to the knowledge's docs table with the finding catalogue).
"""

from __future__ import annotations

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
