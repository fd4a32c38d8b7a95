"""What every route planner shares: defaults, the routes per OS, :class:`PlanError`, the
release-fit record and version helpers.  Documentation links are keys of
``knowledge/data/docs.toml`` (:func:`tfgpu.knowledge.docs.url`)."""

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
    "linux": (Route.PIP, Route.CONDA, Route.SYSTEM_CUDA, Route.ROCM, Route.JETSON, Route.CPU),
    "wsl2": (Route.PIP, Route.CONDA, Route.SYSTEM_CUDA, Route.CPU),
    # WSL1 reaches no GPU: the CPU build, by pip or conda (platform fact wsl1-convert-to-wsl2)
    "wsl1": (Route.CPU, Route.PIP, Route.CONDA),
    "windows": (Route.WSL2, Route.WINDOWS_NATIVE, Route.SYSTEM_CUDA, Route.CONDA, Route.CPU),
    "macos": (Route.METAL, Route.CPU),
}

class PlanError(ValueError):
    """The requested plan cannot exist (a route that does not apply to the target)."""


@dataclass(frozen=True, slots=True)
class _Fit:
    """Why a release does or does not fit the target (first failing rule)."""

    release: TestedConfig
    ok: bool
    blocker: str = ""  # "python" | "cc" | "driver" | "ptx" | "extra" | "aarch64" | ""
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
