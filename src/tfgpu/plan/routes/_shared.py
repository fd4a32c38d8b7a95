"""What every route planner shares: defaults, the routes per OS, the documentation URLs
that reasons cite, :class:`PlanError`, the release-fit record and version helpers."""

from __future__ import annotations

from dataclasses import dataclass

from packaging.version import Version

from tfgpu.knowledge import TestedConfig, WheelArchs
from tfgpu.plan.model import Route

#: Default folder of the new virtual environment (``tfgpu install``).
DEFAULT_VENV = ".venv-tfgpu"
#: Default conda environment name for conda routes.
DEFAULT_CONDA_ENV = "tfgpu"

#: Routes a user may ask for per target OS.
ROUTES_FOR_OS: dict[str, tuple[Route, ...]] = {
    "linux": (Route.PIP, Route.CONDA, Route.SYSTEM_CUDA, Route.ROCM, Route.CPU),
    "wsl2": (Route.PIP, Route.CONDA, Route.SYSTEM_CUDA, Route.CPU),
    "windows": (Route.WSL2, Route.WINDOWS_NATIVE, Route.SYSTEM_CUDA, Route.CONDA, Route.CPU),
    "macos": (Route.METAL, Route.CPU),
}

_NVIDIA_DRIVER_URL = "https://www.nvidia.com/Download/index.aspx"
_CUDA_ARCHIVE_URL = "https://developer.nvidia.com/cuda-toolkit-archive"
_CUDNN_ARCHIVE_URL = "https://developer.nvidia.com/rdp/cudnn-archive"
_WSL_URL = "https://learn.microsoft.com/windows/wsl/install"
#: NVIDIA's CUDA on WSL user guide: the Windows driver is the only driver (libcuda is
#: mapped into WSL2); inside WSL2 use the WSL-Ubuntu toolkit package, which has no driver.
_CUDA_WSL_URL = "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"
_TF_PIP_URL = "https://www.tensorflow.org/install/pip"


class PlanError(ValueError):
    """The requested plan cannot exist (a route that does not apply to the target)."""


@dataclass(frozen=True, slots=True)
class _Fit:
    """Why a release does or does not fit the target (first failing rule)."""

    release: TestedConfig
    ok: bool
    blocker: str = ""  # "python" | "cc" | "driver" | "ptx" | "extra" | ""
    why: str = ""
    ref: str = ""
    ptx_jit: bool = False
    arch: WheelArchs | None = None
    driver_needed: str | None = None
    driver_ref: str = ""
    driver_unclear: bool = False


def _v(text: str) -> Version:
    return Version(text)


def _rv(rel: TestedConfig) -> Version:
    """The newest release a tested-config row covers, parsed (for ordering releases)."""
    return Version(rel.release)


def _spec(version: str) -> str:
    """``~=2.21.0``: the release and its patch releases (compatible-release operator)."""
    return f"~={version}"


def _max_v(a: str | None, b: str | None) -> str | None:
    """The higher of two driver versions (``None`` counts as absent)."""
    if a is None or b is None:
        return a or b
    return a if _v(a) >= _v(b) else b


def _minor(version: str) -> str:
    return ".".join(version.split(".")[:2])


def _next_minor(version: str) -> str:
    major, minor = version.split(".")[:2]
    return f"{major}.{int(minor) + 1}"
