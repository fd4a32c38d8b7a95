"""Environment probe: the variables that change what TensorFlow and CUDA do.

Kept verbatim: ``CUDA_VISIBLE_DEVICES``, ``NVIDIA_VISIBLE_DEVICES``, ``LD_LIBRARY_PATH``,
``CUDA_HOME``, ``CUDA_PATH`` (and ``CUDA_PATH_V*``), ``CUDNN_PATH``, ``XLA_FLAGS``, every
``TF_*`` (except Terraform's, which may hold secrets), ``CONDA_PREFIX``, ``VIRTUAL_ENV``,
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
from tfgpu.probes.base import ProbeContext, ProbeResult

NAME = "env"
ORDER = 40

#: Variables kept verbatim when set.
KEPT: tuple[str, ...] = (
    "CUDA_VISIBLE_DEVICES", "NVIDIA_VISIBLE_DEVICES", "NVIDIA_DRIVER_CAPABILITIES",
    "LD_LIBRARY_PATH", "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT", "CUDNN_PATH", "XLA_FLAGS",
    "CONDA_PREFIX", "CONDA_DEFAULT_ENV", "VIRTUAL_ENV", "SHELL", "PSModulePath",
)
_PREFIXES = ("TF_", "CUDA_PATH_V")
#: Terraform also uses ``TF_`` names, some of them secrets (``TF_TOKEN_*``); never kept.
#: Source: https://developer.hashicorp.com/terraform/cli/config/environment-variables
_TERRAFORM = ("TF_CLI_", "TF_VAR_", "TF_TOKEN_", "TF_LOG", "TF_INPUT", "TF_WORKSPACE",
              "TF_DATA_DIR", "TF_PLUGIN_CACHE", "TF_IN_AUTOMATION", "TF_REGISTRY_",
              "TF_STATE_", "TF_IGNORE", "TF_APPEND_USER_AGENT")
_CUDA_WORD = re.compile(r"cuda|nvidia|cudnn", re.IGNORECASE)


def select(env: Mapping[str, str], system: str) -> dict[str, str]:
    """Return the variables that matter from ``env`` (see the module docstring).

    Args:
        env: the whole environment.
        system: ``"Windows"`` joins PATH entries with ``;``, others with ``:``.
    """
    out: dict[str, str] = {}
    for key in sorted(env):
        if key.startswith(_TERRAFORM):
            continue
        if key in KEPT or key.startswith(_PREFIXES):
            out[key] = env[key]
    sep = ";" if system == "Windows" else ":"
    path = env.get("PATH") if system != "Windows" else env.get("PATH", env.get("Path"))
    if path:
        cuda = [p for p in path.split(sep) if _CUDA_WORD.search(p)]
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
