"""The planner: picks the NVIDIA route for the target OS; every other route is inherited."""

from __future__ import annotations

from tfgpu.knowledge import classify_cc
from tfgpu.plan.model import Plan, Reason, Route
from tfgpu.plan.routes._shared import _v
from tfgpu.plan.routes.windows import _WindowsRoutes


class _Planner(_WindowsRoutes):
    """One planner per target: ``nvidia()`` dispatches to the Linux/WSL2 or
    Windows route; ``macos()``, ``rocm()`` and ``cpu()`` plan the rest."""

    def nvidia(self, route: Route | None) -> Plan:
        t = self.t
        linux = [r for r in self.kb.releases("linux") if r.cuda]
        if not linux:
            return self.cpu([Reason("the knowledge has no Linux GPU release rows")])
        # 1. Can any wheel use this GPU at all (ignoring Python and the driver)?
        if self.cc:
            cc = self.cc
            arches = [(r, self.kb.wheel_compute_capabilities(r.release)) for r in linux]
            usable = [
                (r, a) for r, a in arches
                if a is None or classify_cc(a.sass, a.ptx, cc)[0] in ("native", "ptx-jit")
            ]
            if not usable:
                mins = sorted({a.row.min_cc for _, a in arches if a is not None}, key=_v)
                lowest = mins[0] if mins else "?"
                row = next(
                    (a.row for _, a in reversed(arches)
                     if a is not None and a.row.min_cc == lowest), None
                )
                return self.cpu(
                    [
                        *([self.cc_reason] if self.cc_reason else []),
                        Reason(
                            f"compute capability {self.cc} is below {lowest}, the lowest minimum "
                            "of any official "
                            "TensorFlow GPU wheel, so TensorFlow ignores this GPU (a GPU with "
                            "compute capability "
                            f">= {lowest} is needed)",
                            row.ref if row else "",
                        ),
                    ],
                    gpu_unusable=True,
                )
        if t.os == "windows":
            if route in (Route.WINDOWS_NATIVE, Route.SYSTEM_CUDA, Route.CONDA):
                return self.windows_native(route)
            if route is None:
                native = self.native_below_wsl2_floor()
                if native is not None:
                    return native
            return self.wsl2_from_windows()
        return self.linux_nvidia(route or Route.PIP, linux, explicit=route is not None)
