"""The planner's view of the compatibility knowledge.

The planner asks a handful of questions ("which Linux releases, newest first?", "which
driver does CUDA 12.x need?", "what compute capability is an RTX 3060?").  This module
states them as a :class:`PlanKnowledge` protocol with small row types that carry their
knowledge reference; :func:`tfgpu.plan._kb_adapter.plan_knowledge` answers them from
:mod:`tfgpu.knowledge` (the sourced data files), and tests may answer them from a fake.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from packaging.version import Version


@dataclass(frozen=True, slots=True)
class Release:
    """One TensorFlow release's tested configuration.

    Attributes:
        version: release as the row names it (``"2.21.0"``, ``"2.16.1"``).
        platform: ``"linux"``, ``"windows"`` or ``"macos"`` (the tested-configs table).
        python_min, python_max: inclusive Python range (``"3.10"``, ``"3.13"``), or
            ``None`` when the source does not say.
        cuda, cudnn: CUDA and cuDNN the release was tested with (``"12.5"``, ``"9.3"``);
            ``None`` for CPU-only rows.
        has_and_cuda: ``pip install tensorflow[and-cuda]`` exists for this release.
        ref: the knowledge row (``"tf_tested_configs linux 2.21.0"``).
    """

    version: str
    platform: str
    python_min: str | None
    python_max: str | None
    cuda: str | None
    cudnn: str | None
    has_and_cuda: bool
    ref: str

    @property
    def v(self) -> Version:
        """:attr:`version` parsed."""
        return Version(self.version)

    def python_ok(self, python: str) -> bool:
        """``python`` (``"3.11"``) lies inside the tested range (unknown bounds pass)."""
        pv = Version(python)
        if self.python_min and pv < Version(self.python_min):
            return False
        return not (self.python_max and pv > Version(self.python_max))

    def python_range(self) -> str:
        """``"3.10-3.13"``, or ``"unknown"``."""
        if not self.python_min and not self.python_max:
            return "unknown"
        return f"{self.python_min or '?'}-{self.python_max or '?'}"


@dataclass(frozen=True, slots=True)
class WheelArch:
    """Compute capabilities compiled into one release's official Linux wheel.

    Attributes:
        sass: CCs with native cubins (``("6.0", "7.0", "8.0", "8.9")``).
        ptx: CCs with PTX (``("9.0",)``).
        min_cc: the smallest CC the wheel accepts; GPUs below it are ignored.
        build_cuda: CUDA the wheel was built with (``"12.5.1"``).
        ref: the knowledge row (``"tf_compute_capabilities 2.18.0-2.21.0"``).
    """

    sass: tuple[str, ...]
    ptx: tuple[str, ...]
    min_cc: str
    build_cuda: str | None
    ref: str

    def needs_ptx_jit(self, cc: str) -> bool:
        """No cubin of the same major with minor <= the GPU's: kernels JIT from PTX.

        Source: gpu_device.cc (tf_compute_capabilities header): a GPU runs a cubin of
        its own major version and an equal or lower minor.
        """
        major, minor = (int(x) for x in cc.split("."))
        for s in self.sass:
            smaj, smin = (int(x) for x in s.split("."))
            if smaj == major and smin <= minor:
                return False
        return True

    def can_run(self, cc: str) -> bool:
        """The GPU is at or above the minimum and has a cubin or a PTX it can JIT."""
        if Version(cc) < Version(self.min_cc):
            return False
        if not self.needs_ptx_jit(cc):
            return True
        return any(Version(p) <= Version(cc) for p in self.ptx)


@dataclass(frozen=True, slots=True)
class DriverFloor:
    """Minimum NVIDIA driver for a CUDA version.

    Attributes:
        cuda: the CUDA version or family (``"12.x"``, ``"12.5.1"``).
        linux, windows: minimum driver versions; ``None`` when the source gives none.
        ref: the knowledge row (``"cuda_min_driver 12.x minor_compat"``).
    """

    cuda: str
    linux: str | None
    windows: str | None
    ref: str

    def minimum(self, windows: bool) -> str | None:
        """The Windows (also WSL2) or Linux minimum."""
        return self.windows if windows else self.linux


@dataclass(frozen=True, slots=True)
class GpuModel:
    """A GPU name's compute capability from the knowledge table.

    Attributes:
        name: the table's name (``"GeForce RTX 3060 Laptop GPU"``).
        compute_capability: ``"8.6"``.
        ref: the knowledge row.
    """

    name: str
    compute_capability: str
    ref: str


@dataclass(frozen=True, slots=True)
class PlatformFact:
    """A sourced platform statement the planner quotes (e.g. native Windows GPU ended
    after 2.10).

    Attributes:
        key: the knowledge's fact id (``"windows-native-gpu-last"``).
        text: the sentence.
        ref: the knowledge row.
        values: its typed values (``{"tf_version": "2.10"}``), strings or tuples.
        url: the first web address among its sources, or ``""``.
    """

    key: str
    text: str
    ref: str
    values: Mapping[str, str | tuple[str, ...]] = field(default_factory=dict)
    url: str = ""

    def get(self, name: str, default: str = "") -> str:
        """String value ``name``, or ``default`` when absent or not a string."""
        v = self.values.get(name)
        return v if isinstance(v, str) else default

    def items(self, name: str) -> tuple[str, ...]:
        """Tuple value ``name`` (a single string becomes a 1-tuple; absent -> ``()``)."""
        v = self.values.get(name)
        if v is None:
            return ()
        return (v,) if isinstance(v, str) else tuple(v)


class PlanKnowledge(Protocol):
    """The questions the planner asks the knowledge (see module docstring)."""

    @property
    def version(self) -> str:
        """Knowledge version (newest ``updated`` date of the data files)."""
        ...

    def releases(self, platform: str) -> tuple[Release, ...]:
        """Tested releases for ``platform`` (``"linux"``/``"windows"``/``"macos"``),
        newest first; GPU rows carry ``cuda``/``cudnn``."""
        ...

    def wheel_arch(self, tf_version: str) -> WheelArch | None:
        """Compute capabilities of the official Linux wheel of ``tf_version``."""
        ...

    def driver_floor(self, cuda: str) -> DriverFloor | None:
        """Minimum driver for running an app built with CUDA ``cuda`` (``"12.5"``):
        the minor-version-compatibility floor of its major family, else the toolkit's
        own row."""
        ...

    def toolkit_driver(self, cuda: str) -> DriverFloor | None:
        """Minimum driver of the CUDA toolkit release ``cuda`` itself (``"12.5.1"``):
        what PTX JIT of that toolkit's PTX needs."""
        ...

    def driver_meets(self, driver: str, minimum: str) -> bool | None:
        """``driver`` (``"535.161.08"``, or a bare branch ``"525"``) is at or above
        ``minimum``; ``None`` when a bare branch equals the minimum's branch (unknown)."""
        ...

    def gpu(self, name: str) -> GpuModel | None:
        """The GPU table's row for a reported name (``"NVIDIA GeForce RTX 3060 Laptop
        GPU"``), or ``None`` when unknown."""
        ...

    def fact(self, key: str) -> PlatformFact | None:
        """A platform fact by key, or ``None``."""
        ...
