"""The planner's state and the helpers every route uses: compute capability, the Python
and interpreter for a release, whether a release fits the target, driver steps, NumPy cap.
"""

from __future__ import annotations

from collections.abc import Sequence

from tfgpu.knowledge import docs
from tfgpu.plan._kb import PlanKnowledge, Release
from tfgpu.plan.model import Manual, Reason, Shell, Step
from tfgpu.plan.routes._shared import (
    DEFAULT_CONDA_ENV,
    DEFAULT_VENV,
    _Fit,
    _max_v,
    _v,
)
from tfgpu.plan.target import TargetHost


class _PlannerBase:
    """The target, the knowledge and the helpers that every route planner uses."""

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

    def _driver_steps(self, fit: _Fit) -> list[Step]:
        t = self.t
        need = fit.driver_needed
        if t.driver_problem:
            return [driver_fix_step(t, self._wsl2_tf_minimum(fit, need))]
        if t.driver and (need is None or self.kb.driver_meets(t.driver, need) is not False):
            return []
        need = self._wsl2_tf_minimum(fit, need)
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
                Manual(text, cmds, True, docs.url("nvidia-drivers")),
            )
        ]

    def _wsl2_tf_minimum(self, fit: _Fit, need: str | None) -> str | None:
        """``need`` raised to TensorFlow's WSL2 minimum (528.33, platform fact
        ``wsl2-min-driver`` from https://www.tensorflow.org/install/pip) for a CUDA 12
        release on a Windows driver, so the driver the step installs draws no warning."""
        fact = self.kb.fact("wsl2-min-driver")
        cuda = fit.release.cuda
        if not (self.t.driver_is_windows and need and cuda and fact is not None):
            return need
        if cuda.split(".")[0] != fact.get("cuda_major") or not fact.get("min_driver"):
            return need
        return _max_v(need, fact.get("min_driver"))

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


def driver_fix_step(t: TargetHost, need: str | None) -> Step:
    """The manual first step for a broken NVIDIA driver, chosen by its error message.

    * WSL2 (any error, e.g. ``CUDA Version: ERR!``): the Windows driver serves WSL2, so
      update WSL (``wsl --update``), restart it (``wsl --shutdown``), and update or roll
      back the Windows driver (NVIDIA's CUDA on WSL user guide).
    * ``Driver/library version mismatch``: the loaded kernel module and the user-space
      libraries differ (a driver update without a reboot): reboot, or reinstall
      matching driver packages.
    * ``couldn't communicate with the NVIDIA driver``: the kernel module is not loaded
      (new kernel without the DKMS module, Secure Boot refusing it).
    * anything else: run ``nvidia-smi`` and reinstall the driver.

    tfgpu never runs these (they need root/administrator rights); they are shown.

    Args:
        t: the target; ``t.driver_problem`` is the quoted error.
        need: the minimum driver the chosen TensorFlow needs, when known.
    """
    msg = t.driver_problem or "nvidia-smi failed"
    low = msg.lower()
    need_text = f" (TensorFlow needs driver >= {need})" if need else ""
    url = docs.url("nvidia-drivers")
    if t.os == "wsl2":
        text = (
            f"Fix the NVIDIA driver first: {msg!r}. WSL2 uses the Windows driver: in Windows "
            "PowerShell update WSL and restart it, then update (or roll back) the Windows "
            f"NVIDIA driver{need_text}; install no Linux driver inside WSL2"
        )
        cmds: tuple[str, ...] = (
            "wsl --update      # in Windows PowerShell",
            "wsl --shutdown    # then reopen the WSL2 terminal and run nvidia-smi",
        )
        # NVIDIA's CUDA on WSL user guide (the Windows driver serves WSL2)
        url = docs.url("cuda-wsl-guide")
    elif "mismatch" in low:
        text = (
            f"Fix the NVIDIA driver first: {msg!r}. The loaded kernel module and the driver "
            "libraries are different versions (usually a driver update without a reboot): "
            "reboot; if nvidia-smi still fails, reinstall matching driver packages"
            f"{need_text}"
        )
        cmds = (
            "sudo reboot",
            "sudo apt install --reinstall nvidia-driver-<branch>   # Ubuntu; if reboot "
            "did not help",
        ) if t.os == "linux" else ("reboot",)
    elif "communicate" in low or "not loaded" in low:
        text = (
            f"Fix the NVIDIA driver first: {msg!r}. The kernel module is not loaded (a new "
            "kernel without the driver module, or Secure Boot refusing it): reboot, check "
            f"Secure Boot, or reinstall the driver for this kernel{need_text}"
        )
        cmds = (
            "mokutil --sb-state   # Secure Boot on: enroll the module key or sign it",
            "sudo ubuntu-drivers install   # Ubuntu; reinstalls the module for this kernel",
        ) if t.os == "linux" else ()
    else:
        text = (
            f"Fix the NVIDIA driver first: {msg!r}. Run nvidia-smi until it lists the GPU "
            f"without an error; reinstall the driver if it keeps failing{need_text}"
        )
        cmds = ("nvidia-smi",)
    return Step("Fix the NVIDIA driver first (needs root)", Manual(text, cmds, True, url))
