"""Environment probe: the variables that change what TensorFlow and CUDA do.

An allow-list, never a deny-list: only the variables named here are kept, verbatim
(``TF_*`` names that TensorFlow does not read, such as Terraform's ``TF_API_TOKEN`` or
``TF_VAR_*``, may hold secrets and are never read into the facts, nor into any excerpt).
Kept: ``CUDA_VISIBLE_DEVICES``, ``NVIDIA_VISIBLE_DEVICES``, ``LD_LIBRARY_PATH``,
``CUDA_HOME``, ``CUDA_PATH`` (and ``CUDA_PATH_V*``), ``CUDNN_PATH``, ``XLA_FLAGS``, the
TensorFlow variables of :data:`TF_VARIABLES` and the ``TF_CPP_*`` logging family
(compat/FACTS.md "Environment variables TF reads"), ``CONDA_PREFIX``, ``VIRTUAL_ENV``,
``SHELL``.  ``PATH`` is cut down to its entries that mention CUDA/NVIDIA/cuDNN (the rest
is private and irrelevant), joined with the host's path separator.  A variable that is
not set is absent from the mapping; a variable set to the empty string is kept as ``""``
(``CUDA_VISIBLE_DEVICES=""`` hides every GPU).
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping

from tfgpu.facts import ProbeRecord, ProbeStatus
from tfgpu.probes import ProbeContext, ProbeResult

NAME = "env"
ORDER = 40

#: Variables kept verbatim when set.
KEPT: tuple[str, ...] = (
    "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
    "LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", "CUDNN_PATH", "XLA_FLAGS",
    "CONDA_PREFIX", "CONDA_DEFAULT_ENV", "VIRTUAL_ENV", "SHELL", "PSModulePath",
)
#: TensorFlow's own variables (compat/FACTS.md "Environment variables TF reads"; sources
#: WHL, TFGPUGUIDE, GPUDEV, PIPMD, LOGGINGCC).  ``TF_CONFIG`` (the distributed cluster
#: spec) holds host names, not secrets, and decides multi-worker behaviour: kept.
TF_VARIABLES: tuple[str, ...] = (
    "TF_FORCE_GPU_ALLOW_GROWTH", "TF_GPU_ALLOCATOR", "TF_ENABLE_ONEDNN_OPTS",
    "TF_USE_LEGACY_KERAS", "TF_XLA_FLAGS", "TF_CONFIG", "TF_GPU_THREAD_MODE",
    "TF_GPU_THREAD_COUNT", "TF_MIN_GPU_MULTIPROCESSOR_COUNT", "TF_CUDNN_DETERMINISTIC",
    "TF_DETERMINISTIC_OPS", "TF_CUDNN_USE_AUTOTUNE", "TF_ENABLE_AUTO_MIXED_PRECISION",
    "TF_NUM_INTEROP_THREADS", "TF_NUM_INTRAOP_THREADS", "TF_FORCE_UNIFIED_MEMORY",
    "TF_GPU_HOST_MEM_LIMIT_IN_MB", "TF_DISABLE_MKL", "TF2_BEHAVIOR",
    "CUDA_FORCE_PTX_JIT", "CUDA_CACHE_MAXSIZE", "CUDA_CACHE_PATH", "CUDA_CACHE_DISABLE",
    "CUDA_MODULE_LOADING", "CUDA_DEVICE_ORDER", "CUDA_LAUNCH_BLOCKING",
)
#: Name prefixes kept: TensorFlow's C++ logging family (``TF_CPP_MIN_LOG_LEVEL``,
#: ``TF_CPP_MAX_VLOG_LEVEL``, ``TF_CPP_VMODULE``...) and Windows' ``CUDA_PATH_V12_4``.
_PREFIXES = ("TF_CPP_", "CUDA_PATH_V", "NCCL_")
_CUDA_WORD = re.compile(r"cuda|nvidia|cudnn", re.IGNORECASE)


def is_cuda_path_entry(entry: str) -> bool:
    """Whether a ``PATH`` entry is kept in the facts: it mentions CUDA, NVIDIA or cuDNN
    (any case). ``tfgpu capture`` keeps the same entries (plus the folders its probes
    found a file in, which its replay needs)."""
    return bool(_CUDA_WORD.search(entry))


def select(env: Mapping[str, str], system: str) -> dict[str, str]:
    """Return the variables that matter from ``env`` (see the module docstring).

    Args:
        env: the whole environment.
        system: ``"Windows"`` joins PATH entries with ``;``, others with ``:``.
    """
    out: dict[str, str] = {}
    for key in sorted(env):
        if key in KEPT or key in TF_VARIABLES or key.startswith(_PREFIXES):
            out[key] = env[key]
    sep = ";" if system == "Windows" else ":"
    path = env.get("PATH") if system != "Windows" else env.get("PATH", env.get("Path"))
    if path:
        cuda = [p for p in path.split(sep) if is_cuda_path_entry(p)]
        if cuda:
            out["PATH"] = sep.join(cuda)
    if "PSModulePath" in out:  # only its presence matters (PowerShell), not the value
        out["PSModulePath"] = "set"
    return out


def run(ctx: ProbeContext) -> ProbeResult:
    """Select the variables that matter from ``ctx.env``; never raises."""
    start = time.perf_counter()
    env = select(ctx.env, ctx.system)
    record = ProbeRecord(NAME, ProbeStatus.OK, ("environ",),
                         duration_s=round(time.perf_counter() - start, 4),
                         raw_excerpt=" ".join(f"{k}={v}" for k, v in env.items())[:4096] or None)
    return ProbeResult(records=(record,), env=env)
