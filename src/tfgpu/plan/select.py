"""Choose the TensorFlow release and route for a target host, with the reasons.

Pure: ``(TargetHost, PlanKnowledge, requested route) -> Plan``.  Every number in a
reason comes from a knowledge row, and the reason names that row.

Decision order (the rules, each with its source in the knowledge rows it cites):

1. macOS: Apple's ``tensorflow-metal`` plugin on Apple silicon (no official GPU build
   exists for macOS).  AMD on Linux: ``tensorflow-rocm``.  Intel, unknown or no GPU:
   the CPU build.
2. NVIDIA on Linux/WSL2: walk the Linux tested configurations newest first and take
   the first release where (a) the Python version is inside the tested range, (b) the
   GPU's compute capability is at or above the wheel's minimum, (c) the driver is at or
   above the minimum of the release's CUDA family (minor-version compatibility), (d)
   when the GPU has no matching cubin and kernels are JIT-compiled from PTX, the driver
   is at least the build toolkit's own driver, and (e) for the default ``pip`` route the
   ``and-cuda`` extra exists.
3. Native Windows: WSL2 with the Linux choice by default; native GPU only with the last
   release that had it (2.10) and conda ``cudatoolkit``/``cudnn``.
4. No release fits the GPU (compute capability below every wheel's minimum): CPU plan,
   saying so.  Driver too old for CUDA 12: the newest release it can run, and the driver
   upgrade as the alternative.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from packaging.version import Version

from tfgpu.plan._kb import PlanKnowledge, Release, WheelArch
from tfgpu.plan.model import (
    Alternative,
    CondaCreate,
    CreateVenv,
    Manual,
    PipInstall,
    Plan,
    Reason,
    Route,
    SetEnv,
    Shell,
    Step,
    Verify,
)
from tfgpu.plan.target import TargetHost

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

    release: Release
    ok: bool
    blocker: str = ""  # "python" | "cc" | "driver" | "ptx" | "extra" | ""
    why: str = ""
    ref: str = ""
    ptx_jit: bool = False
    arch: WheelArch | None = None
    driver_needed: str | None = None
    driver_ref: str = ""
    driver_unclear: bool = False


def _v(text: str) -> Version:
    return Version(text)


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


def make_plan(
    target: TargetHost,
    kb: PlanKnowledge,
    route: Route | None = None,
    env_path: str | None = None,
    *,
    alternatives: bool = True,
) -> Plan:
    """Choose the newest TensorFlow that will use the target's GPU, and the steps.

    An explicit ``route`` is honoured or refused, never silently replaced: ``pip`` and
    ``conda`` on a host without a usable GPU give the CPU build by that route; any other
    route that cannot apply raises :class:`PlanError`.  Every alternative that names a
    ``tfgpu plan --route X`` command is computed by planning that route (so its text is
    what the command prints).

    Args:
        target: the host (see :mod:`tfgpu.plan.target`).
        kb: the knowledge (see :class:`tfgpu.plan._kb.PlanKnowledge`).
        route: a route the user asked for (``--route``); ``None`` = the default route.
        env_path: virtual environment folder; for conda routes a plain environment
            name (``-n``) or a path (``-p``); default :data:`DEFAULT_VENV` /
            :data:`DEFAULT_CONDA_ENV`.
        alternatives: compute the route alternatives (off for the inner plans).

    Returns:
        The plan.

    Raises:
        PlanError: ``route`` does not apply to the target, or ``env_path`` is neither a
            plain conda environment name nor a path for a conda route.
    """
    plan = _make_plan(target, kb, route, env_path)
    if route is not None and plan.route is not route:
        plan = _honour_route(plan, route, target, kb, env_path)
    conda = next((s.action for s in plan.steps if isinstance(s.action, CondaCreate)), None)
    if conda is not None:
        check_conda_env(conda.name)
    planner = _Planner(target, kb, env_path)
    warnings = list(plan.warnings)
    if planner.cc_warning is not None:
        warnings.insert(0, planner.cc_warning)
    gpu_unverified = (
        plan.uses_gpu and target.gpu_vendor == "nvidia" and planner.cc is None
    )
    if gpu_unverified and not any("--cc" in w.text for w in warnings):
        warnings.append(
            Reason(
                f"the compute capability of {target.gpu_name or 'the GPU'!r} is unknown; pass "
                "--cc X.Y (nvidia-smi --query-gpu=compute_cap --format=csv) to check it "
                "against the wheel"
            )
        )
    if target.python is None and plan.python and plan.tf_version:
        p = plan.python
        warnings.append(
            Reason(
                f"no Python version was given, so the plan assumes Python {p}, the newest "
                f"that TensorFlow {plan.tf_version} supports; if `python3 --version` shows "
                "another version, rerun with --python 3.X, or install Python "
                f"{p} (`uv python install {p}`, pyenv, or on Ubuntu the deadsnakes PPA's "
                f"python{p} and python{p}-venv packages)"
            )
        )
    plan = replace(plan, warnings=tuple(warnings), gpu_unverified=gpu_unverified)
    if alternatives:
        plan = replace(
            plan, alternatives=_route_alternatives(plan, target, kb, env_path)
        )
    return plan


_CONDA_NAME_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9._-]*")


def conda_env_is_path(name: str) -> bool:
    """A conda ``--venv`` value is a path (``-p``/``prefix:``) when it has a path
    separator or starts with ``~`` or ``.``; otherwise it is an environment name."""
    return CondaCreate(name, "3").is_path


def check_conda_env(name: str) -> None:
    """Refuse a conda environment name conda would reject.

    Raises:
        PlanError: neither a path nor a plain name (letters, digits, ``._-``).
    """
    if not conda_env_is_path(name) and not _CONDA_NAME_RE.fullmatch(name):
        raise PlanError(
            f"--venv {name!r}: a conda environment name may hold only letters, digits and "
            "._- (give a path such as ./envs/tf for a prefix environment)"
        )


def _describe(plan: Plan) -> str:
    """``TensorFlow 2.11.0 with system CUDA 11.2 + cuDNN 8.1, Python 3.10``."""
    tf = f"TensorFlow {plan.tf_version}"
    how = {
        Route.PIP: " with its CUDA wheels (tensorflow[and-cuda])"
        if any("[and-cuda]" in r for r in plan.requirements)
        else " from pip",
        Route.SYSTEM_CUDA: f" with system CUDA {plan.cuda} + cuDNN {plan.cudnn}",
        Route.CONDA: " in a conda environment"
        + (
            " with conda " + " ".join(c.packages)
            if (c := next((s.action for s in plan.steps if isinstance(s.action, CondaCreate)),
                          None)) is not None and c.packages
            else ""
        ),
        Route.WINDOWS_NATIVE: " on native Windows with conda "
        + " ".join(
            next(
                (s.action.packages for s in plan.steps if isinstance(s.action, CondaCreate)),
                (),
            )
        ),
        Route.WSL2: " inside WSL2",
        Route.CPU: " (CPU only)",
    }.get(plan.route, "")
    return f"{tf}{how}" + (f", Python {plan.python}" if plan.python else "")


def _route_alternatives(
    plan: Plan, target: TargetHost, kb: PlanKnowledge, env_path: str | None
) -> tuple[Alternative, ...]:
    """The plan's own non-route alternatives plus one per other applicable route,
    each made by planning that route."""
    keep = [a for a in plan.alternatives if "--route" not in a.summary]
    had_cpu = any(a.route is Route.CPU for a in plan.alternatives)
    out: list[Alternative] = []
    for r in ROUTES_FOR_OS[target.os]:
        if r is plan.route or (r is Route.CPU and not had_cpu):
            continue
        if r is Route.ROCM and target.gpu_vendor != "amd":
            continue
        try:
            other = make_plan(target, kb, r, env_path, alternatives=False)
        except PlanError:
            continue
        if other.route is not r or not other.requirements:
            continue
        if other.uses_gpu is not plan.uses_gpu and r is not Route.CPU:
            continue
        same_kind = {type(s.action) for s in other.steps} == {type(s.action) for s in plan.steps}
        if other.requirements == plan.requirements and same_kind:
            continue  # the same install under another label (pip vs cpu on a CPU host)
        out.append(
            Alternative(
                r,
                f"{_describe(other)} (tfgpu plan --route {r.value})",
                other.tf_version,
                other.reasons[0] if other.reasons else None,
            )
        )
    return (*keep, *out)


def _honour_route(
    plan: Plan, route: Route, target: TargetHost, kb: PlanKnowledge, env_path: str | None
) -> Plan:
    """An explicit route the planner did not take: the CPU build by pip or conda, or
    a :class:`PlanError` that says why."""
    if plan.route is Route.CPU and plan.requirements and route in (Route.PIP, Route.CONDA):
        why = Reason(
            f"route {route.value} was asked for; no usable GPU, so it installs the CPU build"
        )
        if route is Route.PIP:
            return replace(plan, route=Route.PIP, reasons=(*plan.reasons, why))
        name = env_path or DEFAULT_CONDA_ENV
        steps: list[Step] = []
        for st in plan.steps:
            if isinstance(st.action, CreateVenv):
                steps.append(
                    Step(
                        "Create a conda environment",
                        CondaCreate(name, plan.python or "3", "conda-forge"),
                        st.shell,
                    )
                )
            elif isinstance(st.action, PipInstall) and st.action.requirements == ("pip",):
                continue
            else:
                steps.append(st)
        return replace(
            plan, route=Route.CONDA, reasons=(*plan.reasons, why), steps=tuple(steps),
            env_path=name,
        )
    first = plan.reasons[0].text if plan.reasons else "it does not apply"
    raise PlanError(
        f"route {route.value!r} cannot be used for this target ({target.summary()}): {first}; "
        f"this target gets route {plan.route.value!r} (run tfgpu plan without --route)"
    )


def _make_plan(
    target: TargetHost,
    kb: PlanKnowledge,
    route: Route | None = None,
    env_path: str | None = None,
) -> Plan:
    """Choose the newest TensorFlow that will use the target's GPU, and the steps.

    Args:
        target: the host (see :mod:`tfgpu.plan.target`).
        kb: the knowledge (see :class:`tfgpu.plan._kb.PlanKnowledge`).
        route: a route the user asked for (``--route``); ``None`` = the default route.
        env_path: virtual environment folder (or conda environment name for conda
            routes); default :data:`DEFAULT_VENV` / :data:`DEFAULT_CONDA_ENV`.

    Returns:
        The plan.  A host whose GPU no wheel supports gets a CPU plan that says why.

    Raises:
        PlanError: ``route`` does not apply to the target (``metal`` on Linux,
            ``windows-native`` on Linux, ``rocm`` without an AMD GPU...).
    """
    if route is not None and route not in ROUTES_FOR_OS[target.os]:
        allowed = ", ".join(r.value for r in ROUTES_FOR_OS[target.os])
        raise PlanError(
            f"route {route.value!r} does not apply to {target.os}; choose one of: {allowed}"
        )
    if route is Route.ROCM and target.gpu_vendor != "amd":
        raise PlanError("route 'rocm' is for AMD GPUs; the target has none")
    planner = _Planner(target, kb, env_path)
    if route is Route.CPU:
        return planner.cpu([Reason("the CPU route was asked for (--route cpu)")])
    if target.os == "macos":
        return planner.macos()
    if target.gpu_vendor == "amd":
        if target.os == "linux":
            return planner.rocm()
        return planner.cpu(
            [
                Reason(
                    "AMD GPUs run TensorFlow only through tensorflow-rocm on Linux; the target "
                    f"is {target.os}",
                    "platform fact rocm",
                )
            ]
        )
    if target.gpu_vendor != "nvidia":
        why = (
            "no GPU was found"
            if target.gpu_vendor is None
            else f"{target.gpu_name or target.gpu_vendor} is not an NVIDIA GPU; "
            "official TensorFlow wheels use CUDA only"
        )
        return planner.cpu([Reason(why)])
    return planner.nvidia(route)


class _Planner:
    def __init__(self, target: TargetHost, kb: PlanKnowledge, env_path: str | None) -> None:
        self.t = target
        self.kb = kb
        self.env_path = env_path
        self.cc_warning: Reason | None = None
        self.cc, self.cc_reason = self._compute_capability()

    # ----------------------------------------------------------------- helpers
    def _compute_capability(self) -> tuple[str | None, Reason | None]:
        t = self.t
        if t.gpu_vendor != "nvidia":
            return None, None
        if t.compute_capability:
            row = self.kb.gpu(t.gpu_name) if t.gpu_name else None
            if row is not None and row.compute_capability != t.compute_capability:
                self.cc_warning = Reason(
                    f"compute capability {t.compute_capability} ({t.cc_source}) differs from "
                    f"{row.compute_capability}, the table's value for {t.gpu_name} (row "
                    f"{row.name}); the plan uses {t.compute_capability}: check it with "
                    "nvidia-smi --query-gpu=compute_cap --format=csv",
                    row.ref,
                )
            return t.compute_capability, Reason(
                f"{t.gpu_name or 'the GPU'} has compute capability {t.compute_capability} "
                f"({t.cc_source})"
            )
        if t.gpu_name:
            row = self.kb.gpu(t.gpu_name)
            if row is not None:
                same = row.name.lower() == t.gpu_name.lower()
                return row.compute_capability, Reason(
                    f"{t.gpu_name} has compute capability {row.compute_capability}"
                    + ("" if same else f" (table row {row.name})"),
                    row.ref,
                )
        return None, None

    def _python_for(self, rel: Release) -> str | None:
        if self.t.python and rel.python_ok(self.t.python):
            return self.t.python
        return rel.python_max

    def _interpreter(self, python: str | None, shell: Shell) -> tuple[str, ...]:
        if shell is Shell.POWERSHELL:
            return ("py", f"-{python}") if python else ("py", "-3")
        return (f"python{python}",) if python else ("python3",)

    def _env(self, conda: bool = False) -> str:
        if self.env_path:
            return self.env_path
        return DEFAULT_CONDA_ENV if conda else DEFAULT_VENV

    def _fit(self, rel: Release, *, need_extra: bool, python_soft: bool = False) -> _Fit:
        t = self.t
        if need_extra and not rel.has_and_cuda:
            return _Fit(
                rel, False, "extra", f"TensorFlow {rel.version} has no and-cuda extra", rel.ref
            )
        if t.python and not python_soft and not rel.python_ok(t.python):
            return _Fit(
                rel,
                False,
                "python",
                f"TensorFlow {rel.version} supports Python {rel.python_range()}, the target has "
                f"{t.python}",
                rel.ref,
            )
        arch = self.kb.wheel_arch(rel.version)
        ptx = False
        if self.cc and arch is not None:
            if _v(self.cc) < _v(arch.min_cc):
                return _Fit(
                    rel,
                    False,
                    "cc",
                    f"compute capability {self.cc} < {arch.min_cc}, the minimum of the "
                    f"TensorFlow {rel.version} wheel",
                    arch.ref,
                    arch=arch,
                )
            ptx = arch.needs_ptx_jit(self.cc)
            if ptx and not arch.can_run(self.cc):
                return _Fit(
                    rel,
                    False,
                    "cc",
                    f"the TensorFlow {rel.version} wheel has neither a cubin nor PTX usable by "
                    f"compute capability {self.cc}",
                    arch.ref,
                    arch=arch,
                )
        floor = self.kb.driver_floor(rel.cuda) if rel.cuda else None
        need = floor.minimum(t.driver_is_windows) if floor else None
        unclear = False
        if t.driver and need:
            meets = self.kb.driver_meets(t.driver, need)
            unclear = meets is None
        if t.driver and need and meets is False:
            return _Fit(
                rel,
                False,
                "driver",
                f"TensorFlow {rel.version} uses CUDA {rel.cuda}, which needs driver >= {need}; "
                f"the target has {t.driver}",
                floor.ref if floor else "",
                arch=arch,
                driver_needed=need,
                driver_ref=floor.ref if floor else "",
            )
        if ptx and arch is not None and arch.build_cuda:
            tk = self.kb.toolkit_driver(arch.build_cuda)
            tk_need = tk.minimum(t.driver_is_windows) if tk else None
            tk_meets = self.kb.driver_meets(t.driver, tk_need) if t.driver and tk_need else True
            unclear = unclear or tk_meets is None
            if t.driver and tk_need and tk_meets is False:
                return _Fit(
                    rel,
                    False,
                    "ptx",
                    f"compute capability {self.cc} has no cubin in TensorFlow {rel.version}, so "
                    "its kernels are "
                    f"JIT-compiled from PTX made by CUDA {arch.build_cuda}, which needs driver >= "
                    f"{tk_need}; "
                    f"the target has {t.driver}",
                    tk.ref if tk else arch.ref,
                    ptx_jit=True,
                    arch=arch,
                    driver_needed=tk_need,
                    driver_ref=tk.ref if tk else "",
                )
            if tk_need and (need is None or _v(tk_need) > _v(need)):
                need, floor_ref = tk_need, (tk.ref if tk else "")
            else:
                floor_ref = floor.ref if floor else ""
            return _Fit(
                rel,
                True,
                ptx_jit=True,
                arch=arch,
                driver_needed=need,
                driver_ref=floor_ref,
                driver_unclear=unclear,
            )
        return _Fit(
            rel,
            True,
            arch=arch,
            driver_needed=need,
            driver_ref=floor.ref if floor else "",
            driver_unclear=unclear,
        )

    def _first_fit(self, releases: Sequence[Release], **kw: bool) -> tuple[_Fit | None, list[_Fit]]:
        misses: list[_Fit] = []
        for rel in releases:
            f = self._fit(rel, **kw)
            if f.ok:
                return f, misses
            misses.append(f)
        return None, misses

    # ----------------------------------------------------------------- NVIDIA
    def nvidia(self, route: Route | None) -> Plan:
        t = self.t
        linux = [r for r in self.kb.releases("linux") if r.cuda]
        if not linux:
            return self.cpu([Reason("the knowledge has no Linux GPU release rows")])
        # 1. Can any wheel use this GPU at all (ignoring Python and the driver)?
        if self.cc:
            arches = [(r, self.kb.wheel_arch(r.version)) for r in linux]
            usable = [(r, a) for r, a in arches if a is None or a.can_run(self.cc)]
            if not usable:
                mins = sorted({a.min_cc for _, a in arches if a is not None}, key=_v)
                lowest = mins[0] if mins else "?"
                row = next(
                    (a for _, a in reversed(arches) if a is not None and a.min_cc == lowest), None
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
            return self.wsl2_from_windows()
        return self.linux_nvidia(route or Route.PIP, linux, explicit=route is not None)

    def _driver_upgrade_alt(self, linux: list[Release], than: Release | None) -> Alternative | None:
        """"upgrade the driver to >= X (>= Y on WSL2/Windows) -> TensorFlow N" when a
        newer driver gives a newer release than ``than`` (``None``: than nothing)."""
        t = self.t
        if not t.driver:
            return None
        free = self._with(driver=None)
        up = free._first_fit(linux, need_extra=True)[0] or free._first_fit(
            linux, need_extra=True, python_soft=True
        )[0]
        if up is None:
            up = free._first_fit(linux, need_extra=False, python_soft=True)[0]
        if up is None or (than is not None and up.release.v <= than.v):
            return None
        floor = self.kb.driver_floor(up.release.cuda) if up.release.cuda else None
        lin = floor.minimum(False) if floor else None
        win = floor.minimum(True) if floor else None
        if up.ptx_jit and up.arch is not None and up.arch.build_cuda:
            # PTX JIT needs the build toolkit's own driver, when that is higher.
            tk = self.kb.toolkit_driver(up.arch.build_cuda)
            if tk is not None:
                lin = _max_v(lin, tk.minimum(False))
                win = _max_v(win, tk.minimum(True))
        if lin or win:
            here, other = (win, lin) if t.driver_is_windows else (lin, win)
            where_other = "on Linux" if t.driver_is_windows else "on WSL2/Windows"
            text = f"upgrade the NVIDIA driver to >= {here}" + (
                f" (>= {other} {where_other})" if other and other != here else ""
            )
        else:
            return None
        py = "" if not t.python or up.release.python_ok(t.python) else (
            f" with Python {up.release.python_max}"
        )
        return Alternative(
            Route.PIP if up.release.has_and_cuda else Route.SYSTEM_CUDA,
            f"{text} to get TensorFlow {up.release.version} (CUDA {up.release.cuda}){py}",
            up.release.version,
            Reason(
                f"TensorFlow {up.release.version} needs driver >= {up.driver_needed}",
                up.driver_ref,
            ),
        )

    def _best_fit(
        self, linux: list[Release], route: Route, explicit: bool
    ) -> tuple[_Fit | None, list[_Fit], Route, bool]:
        """The newest fitting release over the allowed routes and Pythons.

        Order: the route with the target's Python; for the default route, system CUDA
        (releases before the ``and-cuda`` extra) with the target's Python; then either
        with another Python (the newest release wins; the plan says which Python to
        install).  Returns ``(fit, misses of the first try, route, python_changed)``.
        """
        routes = [route]
        if route is Route.PIP and not explicit:
            routes.append(Route.SYSTEM_CUDA)
        first_misses: list[_Fit] | None = None
        for r in routes:
            fit, misses = self._first_fit(linux, need_extra=r is Route.PIP)
            if first_misses is None:
                first_misses = misses
            if fit is not None:
                return fit, misses, r, False
        if self.t.python:
            best: tuple[_Fit, list[_Fit], Route] | None = None
            for r in routes:
                fit, misses = self._first_fit(linux, need_extra=r is Route.PIP, python_soft=True)
                if fit is not None and (best is None or fit.release.v > best[0].release.v):
                    best = (fit, misses, r)
            if best is not None:
                return best[0], best[1], best[2], True
        return None, first_misses or [], route, False

    def linux_nvidia(
        self,
        route: Route,
        linux: list[Release],
        *,
        wsl_from_windows: bool = False,
        explicit: bool = False,
    ) -> Plan:
        t = self.t
        asked = route
        fit, misses, route, python_changed = self._best_fit(linux, route, explicit)
        reasons: list[Reason] = []
        warnings: list[Reason] = []
        alternatives: list[Alternative] = []
        python_note: Reason | None = None
        if fit is not None and route is not asked:
            pip_misses = self._first_fit(linux, need_extra=True)[1]
            newest_extra = next((m for m in pip_misses if m.blocker != "extra"), None)
            reasons.append(
                Reason(
                    "no release with the and-cuda extra fits"
                    + (f" ({newest_extra.why})" if newest_extra else "")
                    + f"; TensorFlow {fit.release.version} predates the extra, "
                    + "so CUDA and cuDNN come from a system install (the guide's route)",
                    newest_extra.ref if newest_extra else fit.release.ref,
                )
            )
        if fit is not None and python_changed:
            python_note = Reason(
                f"Python {t.python} is outside the tested range of every release that fits "
                f"this GPU and driver; install Python {fit.release.python_max} (TensorFlow "
                f"{fit.release.version} supports {fit.release.python_range()})",
                fit.release.ref,
            )
        if fit is None:
            first = misses[0] if misses else None
            why = (
                f"no TensorFlow GPU release fits this host: {first.why}"
                if first
                else "no TensorFlow GPU release fits this host"
            )
            if explicit:
                raise PlanError(
                    f"route {asked.value!r} cannot give a GPU setup here: {why}; "
                    "run `tfgpu plan` without --route for the best route"
                )
            up = self._driver_upgrade_alt(linux, None)
            plan = self.cpu(
                [Reason(why, first.ref if first else "")]
                + ([self.cc_reason] if self.cc_reason else []),
            )
            return replace(plan, alternatives=(up, *plan.alternatives) if up else plan.alternatives)
        rel = fit.release
        python = t.python if (t.python and rel.python_ok(t.python)) else rel.python_max
        newest = linux[0]
        # Why this version.
        if rel.version == newest.version:
            reasons.insert(
                0,
                Reason(
                    f"TensorFlow {rel.version} is the newest release in the knowledge (Python "
                    f"{rel.python_range()}, "
                    f"CUDA {rel.cuda}, cuDNN {rel.cudnn})",
                    rel.ref,
                ),
            )
        else:
            reasons.insert(
                0,
                Reason(
                    f"TensorFlow {rel.version} is the newest release that fits this host (Python "
                    f"{rel.python_range()}, CUDA {rel.cuda}, cuDNN {rel.cudnn})",
                    rel.ref,
                ),
            )
            seen: set[str] = set()
            for m in misses:
                if (
                    m.blocker in seen
                    or m.blocker == "extra"
                    or (m.blocker == "python" and python_note is not None)
                    or m.release.v <= rel.v
                    or any(m.why in r.text for r in reasons)
                ):
                    continue
                seen.add(m.blocker)
                reasons.append(Reason(f"not newer: {m.why}", m.ref))
        if python_note:
            reasons.append(python_note)
        if t.arch != "x86_64" and fit.arch is not None:
            warnings.append(
                Reason(
                    f"the knowledge's wheel tables describe the Linux x86_64 wheels; on {t.arch} "
                    "check that the release has a CUDA wheel for this architecture before relying "
                    "on this plan (NVIDIA's NGC TensorFlow container is the fallback)",
                    fit.arch.ref,
                )
            )
        if self.cc_reason is not None:
            reasons.append(self.cc_reason)
        if self.cc and fit.arch is not None:
            if fit.ptx_jit:
                reasons.append(
                    Reason(
                        f"compute capability {self.cc} >= {fit.arch.min_cc}, the wheel's minimum; "
                        "it has no matching "
                        f"cubin (SASS {', '.join(fit.arch.sass)}), so kernels run from PTX "
                        f"{', '.join(fit.arch.ptx)}",
                        fit.arch.ref,
                    )
                )
                warnings.append(
                    Reason(
                        "the first start JIT-compiles CUDA kernels from PTX, which can take many "
                        "minutes (cached "
                        "afterwards; raise CUDA_CACHE_MAXSIZE if it repeats)",
                        self._fact_ref("ptx-jit-slow-first-run") or fit.arch.ref,
                    )
                )
                if int(self.cc.split(".")[0]) >= 10:
                    bw = self.kb.fact("blackwell-no-cubins")
                    if bw is not None:
                        warnings.append(
                            Reason(
                                bw.text + "; if `tfgpu verify` fails, NVIDIA's NGC TensorFlow "
                                "container is the known working route",
                                bw.ref,
                            )
                        )
            else:
                reasons.append(
                    Reason(
                        f"compute capability {self.cc} >= {fit.arch.min_cc}, the wheel's minimum, "
                        "with native "
                        f"cubins (SASS {', '.join(fit.arch.sass)})",
                        fit.arch.ref,
                    )
                )
        elif t.gpu_name and not self.cc:
            warnings.append(
                Reason(
                    f"the compute capability of {t.gpu_name!r} is not in the knowledge table; "
                    "pass --cc X.Y "
                    "(nvidia-smi --query-gpu=compute_cap --format=csv) to check it against the "
                    "wheel"
                )
            )
        if t.driver and fit.driver_needed and fit.driver_unclear:
            older = self._with(driver=f"{t.driver}.0")._first_fit(
                linux, need_extra=route is Route.PIP
            )[0]
            warnings.append(
                Reason(
                    f"driver {t.driver} is a branch number, and TensorFlow {rel.version} needs "
                    f"{fit.driver_needed} or later: check the full version with nvidia-smi"
                    + (
                        f"; if it is older, TensorFlow {older.release.version} is the newest "
                        "that fits"
                        if older is not None and older.release.v < rel.v
                        else ""
                    ),
                    fit.driver_ref,
                )
            )
        elif t.driver and fit.driver_needed:
            reasons.append(
                Reason(
                    f"driver {t.driver} >= {fit.driver_needed}, "
                    + (
                        f"the CUDA {fit.arch.build_cuda} toolkit minimum that PTX JIT needs"
                        if fit.ptx_jit and fit.arch is not None
                        else f"the minimum for CUDA {rel.cuda}"
                    )
                    + (" (Windows driver, as WSL2 uses it)" if t.driver_is_windows else ""),
                    fit.driver_ref,
                )
            )
        # Alternatives: what a newer driver, or another Python, would give.
        up_alt = self._driver_upgrade_alt(linux, rel)
        if up_alt is not None:
            alternatives.append(up_alt)
        if t.python and python_note is None:
            soft = self._first_fit(linux, need_extra=route is Route.PIP, python_soft=True)[0]
            if soft is not None and soft.release.v > rel.v:
                alternatives.append(
                    Alternative(
                        Route.PIP if soft.release.has_and_cuda else route,
                        f"use Python {soft.release.python_max} (not {t.python}) to get TensorFlow "
                        f"{soft.release.version}",
                        soft.release.version,
                        Reason(
                            f"TensorFlow {soft.release.version} supports Python "
                            f"{soft.release.python_range()}",
                            soft.release.ref,
                        ),
                    )
                )
        # Steps.
        steps: list[Step] = []
        if wsl_from_windows:
            steps.extend(self._wsl_setup_steps())
        steps.extend(self._driver_steps(fit))
        numpy_req, numpy_reason = self._numpy_cap(rel)
        if numpy_reason:
            reasons.append(numpy_reason)
        if route is Route.PIP:
            reasons.append(
                Reason(
                    "route pip: tensorflow[and-cuda] installs CUDA and cuDNN as nvidia-* wheels "
                    "inside the new "
                    "virtual environment, so no system CUDA toolkit or cuDNN is needed or touched",
                    self._fact_ref("pip-and-cuda-recommended"),
                )
            )
            req = (f"tensorflow[and-cuda]{_spec(rel.version)}", *numpy_req)
            env = self._env()
            steps += [
                Step(
                    "Create a fresh virtual environment",
                    CreateVenv(env, self._interpreter(python, Shell.POSIX)),
                ),
                Step("Upgrade pip inside it", PipInstall(("pip",), upgrade=True)),
                Step("Install TensorFlow with its CUDA wheels", PipInstall(req)),
                Step("Check that TensorFlow sees the GPU", Verify(expect_gpu=True)),
            ]
            alternatives.append(
                Alternative(
                    Route.SYSTEM_CUDA,
                    f"system CUDA {rel.cuda} + cuDNN {rel.cudnn} "
                    "(the guide's route; tfgpu plan --route system-cuda)",
                    rel.version,
                )
            )
        elif route is Route.CONDA:
            env = self._env(conda=True)
            conda_pk: tuple[str, ...] = ()
            if rel.has_and_cuda:
                req = (f"tensorflow[and-cuda]{_spec(rel.version)}", *numpy_req)
                reasons.append(
                    Reason(
                        "route conda: conda provides Python only; TensorFlow and its CUDA wheels "
                        "come from pip (TensorFlow's install page advises against conda's "
                        "tensorflow package)",
                        self._fact_ref("pip-and-cuda-recommended"),
                    )
                )
            else:
                conda_pk = (f"cudatoolkit={rel.cuda}", f"cudnn={rel.cudnn}")
                req = (f"tensorflow{_spec(rel.version)}", *numpy_req)
                reasons.append(
                    Reason(
                        f"route conda: TensorFlow {rel.version} has no and-cuda extra, so CUDA "
                        f"{rel.cuda} and cuDNN {rel.cudnn} come from conda-forge",
                        rel.ref,
                    )
                )
            steps += [
                Step(
                    "Create a conda environment",
                    CondaCreate(
                        env, python or "3", "conda-forge", conda_pk, lib_on_ld_library_path=bool(
                            conda_pk
                        )
                    ),
                ),
                Step("Install TensorFlow", PipInstall(req)),
                Step("Check that TensorFlow sees the GPU", Verify(expect_gpu=True)),
            ]
        else:  # SYSTEM_CUDA
            req = (f"tensorflow{_spec(rel.version)}", *numpy_req)
            cuda, cudnn = rel.cuda or "?", rel.cudnn or "?"
            root = f"/usr/local/cuda-{cuda}"
            reasons.append(
                Reason(
                    f"route system-cuda: TensorFlow {rel.version} was tested with CUDA {cuda} and "
                    f"cuDNN {cudnn}; "
                    "install exactly these majors system-wide and put them on "
                    "PATH/LD_LIBRARY_PATH",
                    rel.ref,
                )
            )
            env = self._env()
            if t.os in ("wsl2", "windows"):
                pkg = "cuda-toolkit-" + cuda.replace(".", "-")
                toolkit = Manual(
                    f"Inside WSL2, install CUDA toolkit {cuda} from NVIDIA's WSL-Ubuntu "
                    f"repository (package {pkg}, which contains no driver) into {root}. "
                    "Never install a Linux NVIDIA driver (nor the `cuda` or `cuda-drivers` "
                    "packages, nor the runfile's driver) inside WSL2: the Windows driver "
                    "provides libcuda in /usr/lib/wsl/lib, and a Linux driver would override it",
                    (f"sudo apt-get install {pkg}   # from the wsl-ubuntu repository",),
                    True,
                    _CUDA_WSL_URL,
                )
            else:
                toolkit = Manual(
                    f"Install CUDA toolkit {cuda} into {root} with NVIDIA's runfile or "
                    "network repository "
                    "(deselect the bundled driver if yours is newer)",
                    (),
                    True,
                    _CUDA_ARCHIVE_URL,
                )
            steps += [
                Step(f"Install the CUDA {cuda} toolkit (needs root)", toolkit),
                Step(
                    f"Install cuDNN {cudnn} for CUDA {cuda.split('.')[0]} (needs root)",
                    Manual(
                        f"Download cuDNN {cudnn} for CUDA {cuda.split('.')[0]}.x and copy "
                        f"include/ and lib/ into {root} "
                        "(or install NVIDIA's cudnn package)",
                        (),
                        True,
                        _CUDNN_ARCHIVE_URL,
                    ),
                ),
                Step(
                    "Create a fresh virtual environment",
                    CreateVenv(env, self._interpreter(python, Shell.POSIX)),
                ),
                Step("Put CUDA on PATH", SetEnv("PATH", f"{root}/bin")),
                Step(
                    "Put the CUDA libraries on LD_LIBRARY_PATH",
                    SetEnv("LD_LIBRARY_PATH", f"{root}/lib64"),
                ),
                Step("Upgrade pip inside it", PipInstall(("pip",), upgrade=True)),
                Step("Install TensorFlow (CUDA comes from the system)", PipInstall(req)),
                Step("Check that TensorFlow sees the GPU", Verify(expect_gpu=True)),
            ]
            if rel.has_and_cuda:
                alternatives.append(
                    Alternative(
                        Route.PIP,
                        "tensorflow[and-cuda] wheels instead of system CUDA "
                        "(the default; tfgpu plan --route pip)",
                        rel.version,
                    )
                )
        if wsl_from_windows:
            route = Route.WSL2
        return Plan(
            target_summary=t.summary(),
            route=route,
            tf_version=rel.version,
            requirements=req,
            python=python,
            uses_gpu=True,
            reasons=tuple(reasons),
            steps=tuple(steps),
            env_path=env,
            knowledge_version=self.kb.version,
            warnings=tuple(warnings),
            alternatives=tuple(alternatives),
            cuda=rel.cuda,
            cudnn=rel.cudnn,
        )

    def _with(self, **changes: str | None) -> _Planner:
        """A planner for the same target with some facts changed (for alternatives)."""
        return _Planner(replace(self.t, **changes), self.kb, self.env_path)  # type: ignore[arg-type]

    def _driver_steps(self, fit: _Fit) -> list[Step]:
        t = self.t
        need = fit.driver_needed
        if t.driver and (need is None or self.kb.driver_meets(t.driver, need) is not False):
            return []
        where = (
            "on Windows (WSL2 uses the Windows driver; install no Linux driver inside WSL2)"
            if t.driver_is_windows
            else "with your distribution's driver packages or NVIDIA's installer"
        )
        text = (
            f"Install the NVIDIA driver >= {need} {where}"
            if need
            else f"Install the NVIDIA driver {where}"
        )
        cmds: tuple[str, ...] = ()
        if t.os == "linux":
            cmds = (
                "sudo ubuntu-drivers install   # Ubuntu; other distributions: their driver package",
            )
        return [
            Step(
                "Install the NVIDIA driver (needs root)",
                Manual(text, cmds, True, _NVIDIA_DRIVER_URL),
            )
        ]

    def _numpy_cap(self, rel: Release) -> tuple[tuple[str, ...], Reason | None]:
        fact = self.kb.fact("numpy2-first-tf")
        first = fact.get("tf_version") if fact else ""
        if fact is None or not first or rel.v >= _v(first):
            return (), None
        return ("numpy<2",), Reason(
            f"numpy<2: TensorFlow {rel.version} predates NumPy 2 support (first in {first}); some "
            "of its "
            "releases do not cap numpy themselves",
            fact.ref,
        )

    def _fact_ref(self, key: str) -> str:
        f = self.kb.fact(key)
        return f.ref if f else ""

    def _wsl_setup_steps(self) -> list[Step]:
        return [
            Step(
                "Install WSL2 with Ubuntu (PowerShell as administrator)",
                Manual(
                    "Install WSL2 and a Linux distribution; needs Windows 10 build 19044 (21H2) "
                    "or later, or "
                    "Windows 11. Then open the Ubuntu shell and run the remaining steps there.",
                    ("wsl --install -d Ubuntu",),
                    True,
                    _WSL_URL,
                ),
                Shell.POWERSHELL,
            ),
        ]

    # ----------------------------------------------------------------- Windows
    def wsl2_from_windows(self) -> Plan:
        linux = [r for r in self.kb.releases("linux") if r.cuda]
        plan = self.linux_nvidia(Route.PIP, linux, wsl_from_windows=True)
        last = self.kb.fact("windows-native-gpu-last")
        reasons = [
            Reason(
                "native Windows: TensorFlow "
                + (
                    f"{last.get('tf_version', '2.10')} was the last release with GPU support"
                    if last
                    else "2.10 was the last release with GPU support"
                )
                + "; newer releases use the GPU only inside WSL2, "
                + "so the plan runs TensorFlow in WSL2",
                last.ref if last else "",
            ),
            *plan.reasons,
        ]
        native = self._windows_release()
        alts = list(plan.alternatives)
        if native is not None:
            alts.insert(
                0,
                Alternative(
                    Route.WINDOWS_NATIVE,
                    f"native Windows: TensorFlow {native.version} "
                    f"(tensorflow<{_next_minor(native.version)}) with conda "
                    + " ".join(self._windows_conda_packages(native))
                    + " (tfgpu plan --route windows-native)",
                    native.version,
                    Reason(
                        f"last native-Windows GPU row: CUDA {native.cuda}, cuDNN {native.cudnn}",
                        native.ref,
                    ),
                ),
            )
        return replace(plan, route=Route.WSL2, reasons=tuple(reasons), alternatives=tuple(alts))

    def _windows_conda_packages(self, rel: Release) -> tuple[str, ...]:
        """conda packages of TensorFlow's native-Windows recipe (platform fact), else the
        CUDA/cuDNN of the tested-configs row."""
        last = self.kb.fact("windows-native-gpu-last")
        recipe = last.items("conda_packages") if last else ()
        return recipe or (f"cudatoolkit={rel.cuda}", f"cudnn={rel.cudnn}")

    def _windows_release(self) -> Release | None:
        rows = [r for r in self.kb.releases("windows") if r.cuda]
        for r in rows:
            if not self.t.python or r.python_ok(self.t.python):
                return r
        return rows[0] if rows else None

    def windows_native(self, route: Route) -> Plan:
        t = self.t
        rel = self._windows_release()
        if rel is None:
            return self.cpu([Reason("the knowledge has no native-Windows GPU rows")])
        reasons: list[Reason] = []
        warnings: list[Reason] = []
        last = self.kb.fact("windows-native-gpu-last")
        reasons.append(
            Reason(
                "native Windows GPU support ended after TensorFlow "
                f"{last.get('tf_version') if last else '2.10'}; "
                "TensorFlow "
                f"{rel.version} is the newest native-Windows GPU release (Python "
                f"{rel.python_range()}, CUDA {rel.cuda}, "
                f"cuDNN {rel.cudnn})",
                rel.ref,
            )
        )
        python = t.python if (t.python and rel.python_ok(t.python)) else rel.python_max
        if t.python and not rel.python_ok(t.python):
            reasons.append(
                Reason(
                    f"Python {t.python} is outside {rel.python_range()}; install Python {python}",
                    rel.ref,
                )
            )
        fit = self._fit(rel, need_extra=False, python_soft=True)
        if not fit.ok:
            if fit.blocker == "cc":
                return self.cpu([Reason(fit.why, fit.ref)], gpu_unusable=True)
            warnings.append(Reason(fit.why, fit.ref))
        elif t.driver and fit.driver_needed:
            reasons.append(
                Reason(
                    f"driver {t.driver} >= {fit.driver_needed}, the minimum for CUDA {rel.cuda}"
                    + (" PTX JIT" if fit.ptx_jit else ""),
                    fit.driver_ref,
                )
            )
        if fit.ptx_jit and fit.arch is not None:
            warnings.append(
                Reason(
                    f"compute capability {self.cc} has no cubin in TensorFlow {rel.version} (SASS "
                    f"{', '.join(fit.arch.sass)}): the first start JIT-compiles kernels from PTX "
                    f"{', '.join(fit.arch.ptx)}, which can take many minutes",
                    fit.arch.ref,
                )
            )
        numpy_req, numpy_reason = self._numpy_cap(rel)
        if numpy_reason:
            reasons.append(numpy_reason)
        req = (f"tensorflow<{_next_minor(rel.version)}", *numpy_req)
        steps: list[Step] = list(self._driver_steps(fit))
        ps = Shell.POWERSHELL
        if route is Route.SYSTEM_CUDA:
            root = f"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v{rel.cuda}"
            env = self._env()
            reasons.append(
                Reason(
                    f"route system-cuda: CUDA {rel.cuda} and cuDNN {rel.cudnn} installed "
                    "system-wide "
                    "and put on PATH (the guide's route)",
                    rel.ref,
                )
            )
            steps += [
                Step(
                    f"Install the CUDA {rel.cuda} toolkit (administrator)",
                    Manual(
                        f"Install CUDA toolkit {rel.cuda} (custom install: CUDA components only) "
                        f"into {root}",
                        (),
                        True,
                        _CUDA_ARCHIVE_URL,
                    ),
                    ps,
                ),
                Step(
                    f"Install cuDNN {rel.cudnn} (administrator)",
                    Manual(
                        f"Copy cuDNN {rel.cudnn} for CUDA {(rel.cuda or '?').split('.')[0]}.x: "
                        "bin\\*.dll into "
                        f"{root}\\bin, include\\*.h into {root}\\include, lib\\x64\\*.lib into "
                        f"{root}\\lib\\x64",
                        (),
                        True,
                        _CUDNN_ARCHIVE_URL,
                    ),
                    ps,
                ),
                Step(
                    "Create a fresh virtual environment",
                    CreateVenv(env, self._interpreter(python, ps)),
                    ps,
                ),
                Step("Put CUDA on PATH", SetEnv("PATH", f"{root}\\bin"), ps),
                Step("Put CUPTI on PATH", SetEnv("PATH", f"{root}\\extras\\CUPTI\\lib64"), ps),
                Step("Upgrade pip inside it", PipInstall(("pip",), upgrade=True), ps),
                Step("Install TensorFlow", PipInstall(req), ps),
                Step("Check that TensorFlow sees the GPU", Verify(expect_gpu=True), ps),
            ]
        else:
            env = self._env(conda=True)
            conda_pk = self._windows_conda_packages(rel)
            if last and last.get("pip_requirement"):
                req = (last.get("pip_requirement"), *numpy_req)
            reasons.append(
                Reason(
                    "conda provides CUDA and cuDNN inside the environment "
                    f"({' '.join(conda_pk)}), then pip installs "
                    f"{req[0]}: TensorFlow's native-Windows recipe",
                    last.ref if last else rel.ref,
                )
            )
            steps += [
                Step(
                    "Create a conda environment with CUDA and cuDNN",
                    CondaCreate(env, python or "3.10", "conda-forge", conda_pk),
                    ps,
                ),
                Step("Install TensorFlow", PipInstall(req), ps),
                Step("Check that TensorFlow sees the GPU", Verify(expect_gpu=True), ps),
            ]
        return Plan(
            target_summary=t.summary(),
            route=route if route in (Route.SYSTEM_CUDA, Route.CONDA) else Route.WINDOWS_NATIVE,
            tf_version=rel.version,
            requirements=req,
            python=python,
            uses_gpu=fit.ok or fit.blocker != "cc",
            reasons=tuple(reasons),
            steps=tuple(steps),
            env_path=env,
            knowledge_version=self.kb.version,
            warnings=tuple(warnings),
            alternatives=(
                Alternative(
                    Route.WSL2,
                    "WSL2 with the newest TensorFlow (the default; tfgpu plan --route wsl2)",
                ),
            ),
            cuda=rel.cuda,
            cudnn=rel.cudnn,
        )

    # ----------------------------------------------------------------- others
    def macos(self) -> Plan:
        t = self.t
        rows = self.kb.releases("macos")
        apple = t.arch == "arm64"
        if not apple:
            last_x86 = self.kb.fact("macos-x86-last")
            if last_x86 and last_x86.get("tf_version"):
                rows = tuple(r for r in rows if r.v < _v(_next_minor(last_x86.get("tf_version"))))
        fit = next(
            (r for r in rows if not t.python or r.python_ok(t.python)), rows[0] if rows else None
        )
        if fit is None:
            return self.cpu([Reason("the knowledge has no macOS release rows")])
        python = t.python if (t.python and fit.python_ok(t.python)) else fit.python_max
        metal = self.kb.fact("macos-metal-plugin")
        reasons = [
            Reason(
                metal.text
                if metal
                else "macOS has no official TensorFlow GPU build; Apple's tensorflow-metal "
                "plugin runs TensorFlow on the GPU",
                metal.ref if metal else "",
            ),
            Reason(
                f"TensorFlow {fit.version} is the newest macOS release in the knowledge"
                + (f" (Python {fit.python_range()})" if fit.python_range() != "unknown" else ""),
                fit.ref,
            ),
        ]
        if t.python and not fit.python_ok(t.python):
            reasons.append(
                Reason(
                    f"Python {t.python} is outside {fit.python_range()}; install Python {python}",
                    fit.ref,
                )
            )
        warnings = [
            Reason(
                "tensorflow-metal releases follow TensorFlow's with a delay and the knowledge "
                "has no "
                "tensorflow-metal version table; if the GPU is not listed after install, pin the "
                "TensorFlow version Apple's plugin page names",
                metal.ref if metal else "",
            )
        ]
        pkg = "tensorflow" if fit.v >= _v("2.13") else "tensorflow-macos"
        req = (f"{pkg}{_spec(fit.version)}", "tensorflow-metal")
        if t.gpu_vendor not in ("apple", "amd"):
            return self.cpu([Reason("no Apple silicon or AMD GPU was found on this Mac")])
        env = self._env()
        steps = [
            Step(
                "Create a fresh virtual environment",
                CreateVenv(env, self._interpreter(python, Shell.POSIX)),
            ),
            Step("Upgrade pip inside it", PipInstall(("pip",), upgrade=True)),
            Step("Install TensorFlow and the Metal plugin", PipInstall(req)),
            Step("Check that TensorFlow sees the GPU", Verify(expect_gpu=True)),
        ]
        return Plan(
            t.summary(),
            Route.METAL,
            fit.version,
            req,
            python,
            True,
            tuple(reasons),
            tuple(steps),
            env,
            self.kb.version,
            tuple(warnings),
            (Alternative(Route.CPU, "CPU only (tfgpu plan --route cpu)"),),
        )

    def rocm(self) -> Plan:
        t = self.t
        fact = self.kb.fact("amd-rocm")
        if fact is None:
            return self.cpu([Reason("the knowledge has no tensorflow-rocm facts")])
        # rocm_matrix entries: "6.2.x: 2.14.1, 2.15.1, 2.16.1"; pick the newest TensorFlow.
        best_rocm, best_tf = "", ""
        for part in fact.items("rocm_matrix"):
            if ":" not in part:
                continue
            rocm_v, tfs = part.split(":", 1)
            for v in tfs.split(","):
                v = v.strip()
                if v and (not best_tf or _v(v) > _v(best_tf)):
                    best_rocm, best_tf = rocm_v.strip(), v
        if not best_tf:
            return self.cpu([Reason("the knowledge lists no tensorflow-rocm release")])
        rel = next(
            (r for r in self.kb.releases("linux") if _minor(r.version) == _minor(best_tf)), None
        )
        python = (
            t.python if (rel is None or (t.python and rel.python_ok(t.python))) else rel.python_max
        )
        req = (f"tensorflow-rocm=={best_tf}",)
        env = self._env()
        reasons = [
            Reason(
                "AMD GPUs use tensorflow-rocm; the newest release in AMD's support matrix is "
                f"{best_tf} "
                f"(ROCm {best_rocm})",
                fact.ref,
            ),
        ]
        if rel is not None:
            reasons.append(
                Reason(f"TensorFlow {rel.version} supports Python {rel.python_range()}", rel.ref)
            )
        steps = [
            Step(
                f"Install ROCm {best_rocm} (needs root)",
                Manual(
                    f"Install ROCm {best_rocm} and add your user to the render and video groups",
                    (),
                    True,
                    fact.url,
                ),
            ),
            Step(
                "Create a fresh virtual environment",
                CreateVenv(env, self._interpreter(python, Shell.POSIX)),
            ),
            Step("Upgrade pip inside it", PipInstall(("pip",), upgrade=True)),
            Step(
                "Install tensorflow-rocm",
                PipInstall(
                    req,
                    index_note=(
                        "from ROCm 6.1 AMD publishes tensorflow-rocm on its own package "
                        "repository; use the "
                        "--find-links/--index-url line from AMD's TensorFlow install page for "
                        f"ROCm {best_rocm}"
                    ),
                ),
            ),
            Step("Check that TensorFlow sees the GPU", Verify(expect_gpu=True)),
        ]
        return Plan(
            t.summary(),
            Route.ROCM,
            best_tf,
            req,
            python,
            True,
            tuple(reasons),
            tuple(steps),
            env,
            self.kb.version,
            (),
            (Alternative(Route.CPU, "CPU only (tfgpu plan --route cpu)"),),
        )

    def cpu(self, why: list[Reason], *, gpu_unusable: bool = False) -> Plan:
        t = self.t
        platform = {"windows": "windows", "macos": "macos"}.get(t.os, "linux")
        rows = self.kb.releases(platform)
        if platform == "macos" and t.arch != "arm64":
            last_x86 = self.kb.fact("macos-x86-last")
            if last_x86 and last_x86.get("tf_version"):
                rows = tuple(r for r in rows if r.v < _v(_next_minor(last_x86.get("tf_version"))))
        rel = next((r for r in rows if not t.python or r.python_ok(t.python)), None)
        reasons = list(why)
        if rel is None and rows:
            rel = rows[0]
            reasons.append(
                Reason(
                    f"Python {t.python} is outside the tested range of every release; install "
                    f"Python {rel.python_max} (TensorFlow {rel.version} supports "
                    f"{rel.python_range()})",
                    rel.ref,
                )
            )
        if rel is None:
            return Plan(
                t.summary(),
                Route.CPU,
                None,
                (),
                t.python,
                False,
                tuple(reasons),
                (),
                self._env(),
                self.kb.version,
            )
        python = t.python if (t.python and rel.python_ok(t.python)) else rel.python_max
        reasons.append(
            Reason(
                f"TensorFlow {rel.version} is the newest {platform} release that supports "
                f"Python {python}",
                rel.ref,
            )
        )
        # tensorflow-cpu is the CPU-only variant of the Linux x86_64 CUDA build (platform
        # fact tensorflow-is-cuda-build); on Windows `tensorflow` is Intel's CPU build
        # (windows-cpu-wheels-intel), elsewhere the plain package is the CPU build.
        pkg = "tensorflow-cpu" if (t.arch == "x86_64" and platform == "linux") else "tensorflow"
        cpu_fact = self.kb.fact(
            "tensorflow-is-cuda-build" if pkg == "tensorflow-cpu" else "windows-cpu-wheels-intel"
        )
        if cpu_fact is not None and platform in ("linux", "windows") and t.arch == "x86_64":
            reasons.append(Reason(cpu_fact.text, cpu_fact.ref))
        if t.os == "macos" and rel.v < _v("2.13") and t.arch == "arm64":
            pkg = "tensorflow-macos"
        numpy_req, numpy_reason = self._numpy_cap(rel)
        if numpy_reason:
            reasons.append(numpy_reason)
        req = (f"{pkg}{_spec(rel.version)}", *numpy_req)
        shell = Shell.POWERSHELL if t.os == "windows" else Shell.POSIX
        env = self._env()
        steps = [
            Step(
                "Create a fresh virtual environment",
                CreateVenv(env, self._interpreter(python, shell)),
                shell,
            ),
            Step("Upgrade pip inside it", PipInstall(("pip",), upgrade=True), shell),
            Step("Install TensorFlow (CPU)", PipInstall(req), shell),
            Step("Check that TensorFlow imports and computes", Verify(expect_gpu=False), shell),
        ]
        alts: tuple[Alternative, ...] = ()
        if gpu_unusable:
            alts = (
                Alternative(
                    Route.PIP, "a GPU with a supported compute capability (see the reason above)"
                ),
            )
        return Plan(
            t.summary(),
            Route.CPU,
            rel.version,
            req,
            python,
            False,
            tuple(reasons),
            tuple(steps),
            env,
            self.kb.version,
            (),
            alts,
        )
