"""Answer the planner's questions (:class:`~tfgpu.plan._kb.PlanKnowledge`) from
:mod:`tfgpu.knowledge`, the sourced data files.

Nothing here is a compatibility fact of its own: each answer is a knowledge row (or a
query over rows) and carries its ``ref`` (``"tf_tested_configs:2.21.0-linux"``).
"""

from __future__ import annotations

from tfgpu.knowledge import Knowledge, KnowledgeQueryError, load_knowledge, parse_version
from tfgpu.plan._kb import DriverFloor, GpuModel, PlatformFact, Release, WheelArch


class KnowledgeView:
    """:class:`~tfgpu.plan._kb.PlanKnowledge` over a loaded :class:`Knowledge`."""

    def __init__(self, kb: Knowledge) -> None:
        self._kb = kb
        self._releases: dict[str, tuple[Release, ...]] = {}

    @property
    def version(self) -> str:
        """Knowledge version (newest ``updated`` date of the data files)."""
        return self._kb.version

    def releases(self, platform: str) -> tuple[Release, ...]:
        """Tested releases for ``platform``, newest first (range rows by their last
        release; rows whose Python is unknown keep ``None`` bounds)."""
        if platform in self._releases:
            return self._releases[platform]
        out: list[Release] = []
        for r in self._kb.tested_configs(os=platform):
            version = r.tf_version_last or r.tf_version
            if any(x.version == version for x in out):
                continue  # the source's duplicate macOS 2.0.0 row: keep the first
            out.append(
                Release(
                    version=version,
                    platform=r.platform,
                    python_min=r.python_min,
                    python_max=r.python_max,
                    cuda=r.cuda,
                    cudnn=r.cudnn,
                    has_and_cuda=bool(self._kb.and_cuda_pins(version))
                    if r.kind == "gpu"
                    else False,
                    ref=r.ref,
                )
            )
        out.sort(key=lambda x: parse_version(x.version), reverse=True)
        self._releases[platform] = tuple(out)
        return self._releases[platform]

    def wheel_arch(self, tf_version: str) -> WheelArch | None:
        """Compute capabilities of the official Linux wheel (``tf_compute_capabilities``)."""
        a = self._kb.wheel_compute_capabilities(tf_version)
        if a is None:
            return None
        return WheelArch(a.sass, a.ptx, a.row.min_cc, a.row.build_cuda, a.row.ref)

    def _floor(self, cuda: str, ptx_jit: bool) -> DriverFloor | None:
        try:
            lin = self._kb.min_driver(cuda, "linux", ptx_jit=ptx_jit)
            win = self._kb.min_driver(cuda, "windows", ptx_jit=ptx_jit)
        except KnowledgeQueryError:
            return None
        if lin is None and win is None:
            return None
        row = lin or win
        assert row is not None
        return DriverFloor(
            row.row.cuda_version,
            lin.version if lin else None,
            win.version if win else None,
            row.row.ref,
        )

    def driver_floor(self, cuda: str) -> DriverFloor | None:
        """Minor-version-compatibility floor of CUDA ``cuda``'s family (toolkit minimum
        before CUDA 11), from ``cuda_min_driver``."""
        return self._floor(cuda, ptx_jit=False)

    def toolkit_driver(self, cuda: str) -> DriverFloor | None:
        """Driver minimum of the CUDA ``cuda`` toolkit itself (what PTX JIT needs)."""
        return self._floor(cuda, ptx_jit=True)

    def driver_meets(self, driver: str, minimum: str) -> bool | None:
        """Compare driver versions the way :meth:`Knowledge.driver_ok` does: a driver given
        by its branch only (``"525"``) is unknown against a minimum inside that branch
        (525.60.13), and definite against any other branch.

        Raises:
            KnowledgeQueryError: a version does not parse.
        """
        have = parse_version(driver, "driver version")
        need = parse_version(minimum, "driver version")
        if len(have.release) == 1 and len(need.release) > 1 and have.major == need.major:
            return None
        return have >= need

    def gpu(self, name: str) -> GpuModel | None:
        """Compute capability of a GPU name (``gpu_compute_capability``)."""
        m = self._kb.gpu_compute_capability(name)
        if m is None:
            return None
        label = m.row.name + (
            " row; the laptop part is assumed to match" if m.how == "desktop-row" else ""
        )
        return GpuModel(label, m.cc, m.row.ref)

    def fact(self, key: str) -> PlatformFact | None:
        """Platform fact ``key`` (a ``platform_facts`` row id), or ``None``."""
        try:
            f = self._kb.platform_fact(key)
        except KnowledgeQueryError:
            return None
        return PlatformFact(f.id, f.title, f.ref, dict(f.values), self._kb.doc_url(f) or "")


def plan_knowledge(kb: Knowledge | None = None) -> KnowledgeView:
    """The planner's view of ``kb`` (default: the packaged data files).

    Raises:
        tfgpu.knowledge.KnowledgeError: a data file is missing or malformed.
    """
    return KnowledgeView(kb if kb is not None else load_knowledge())
