"""The planner's state and the helpers every route uses: compute capability, the Python
and interpreter for a release, whether a release fits the target, driver steps, NumPy cap.
"""

from __future__ import annotations

from collections.abc import Sequence

from tfgpu.knowledge import (
    GpuDriverCeiling,
    Knowledge,
    KnowledgeQueryError,
    TestedConfig,
    docs,
    driver_at_least,
)
from tfgpu.knowledge.containers import OTHER_ENGINE_GPU_ACCESS, container_gpu_access
from tfgpu.plan.model import (
    Alternative,
    CreateVenv,
    Manual,
    PipInstall,
    Plan,
    Reason,
    Route,
    Shell,
    Step,
    Verify,
)
from tfgpu.plan.routes._shared import (
    DEFAULT_CONDA_ENV,
    DEFAULT_VENV,
    _Fit,
    _max_v,
    _rv,
    _v,
)
from tfgpu.plan.target import TargetHost


class _PlannerBase:
    """The target, the knowledge and the helpers that every route planner uses."""

    def __init__(self, target: TargetHost, kb: Knowledge, env_path: str | None) -> None:
        self.t = target
        self.kb = kb
        self.env_path = env_path
        self.cc_warning: Reason | None = None
        self.cc, self.cc_reason = self._compute_capability()

    # ----------------------------------------------------------------- helpers
    def _plan(
        self,
        route: Route,
        tf_version: str | None,
        requirements: tuple[str, ...],
        python: str | None,
        reasons: Sequence[Reason],
        steps: Sequence[Step],
        env_path: str,
        *,
        uses_gpu: bool,
        warnings: Sequence[Reason] = (),
        alternatives: tuple[Alternative, ...] = (),
    ) -> Plan:
        """A :class:`Plan` for this target and knowledge version (positional fields as Plan's)."""
        return Plan(
            self.t.summary(), route, tf_version, requirements, python, uses_gpu, tuple(reasons),
            tuple(steps), env_path, self.kb.version, tuple(warnings), alternatives,
            target_os=self.t.os,
        )

    def _gpu_row(self, name: str) -> tuple[str, str, str] | None:
        """``(row label, compute capability, row ref)`` of a GPU name in the knowledge's
        gpu table (:meth:`Knowledge.gpu_compute_capability`), or ``None``."""
        m = self.kb.gpu_compute_capability(name)
        if m is None:
            return None
        label = m.row.name + (
            " row; the laptop part is assumed to match" if m.how == "desktop-row" else ""
        )
        return label, m.cc, m.row.ref

    def _compute_capability(self) -> tuple[str | None, Reason | None]:
        t = self.t
        if t.gpu_vendor != "nvidia":
            return None, None
        if t.compute_capability:
            row = self._gpu_row(t.gpu_name) if t.gpu_name else None
            if row is not None and row[1] != t.compute_capability:
                self.cc_warning = Reason(
                    f"compute capability {t.compute_capability} ({t.cc_source}) differs from "
                    f"{row[1]}, the table's value for {t.gpu_name} (row "
                    f"{row[0]}); the plan uses {t.compute_capability}: check it with "
                    "nvidia-smi --query-gpu=compute_cap --format=csv",
                    row[2],
                )
            return t.compute_capability, Reason(
                f"{t.gpu_name or 'the GPU'} has compute capability {t.compute_capability} "
                f"({t.cc_source})"
            )
        if t.gpu_name:
            row = self._gpu_row(t.gpu_name)
            if row is not None:
                same = row[0].lower() == t.gpu_name.lower()
                return row[1], Reason(
                    f"{t.gpu_name} has compute capability {row[1]}"
                    + ("" if same else f" (table row {row[0]})"),
                    row[2],
                )
        return None, None

    def _driver_os(self) -> str:
        """The driver column of the target: WSL2 and Windows run the Windows driver."""
        return "windows" if self.t.driver_is_windows else "linux"

    def _has_extra(self, rel: TestedConfig) -> bool:
        """``pip install tensorflow[and-cuda]`` exists for this GPU release
        (tf_pip_cuda_wheels rows) and, on an arm64 target, resolves on Linux aarch64
        (:meth:`_aarch64_miss`)."""
        return (rel.kind == "gpu" and bool(self.kb.and_cuda_pins(rel.release))
                and self._aarch64_miss(rel) is None)

    def _aarch64_miss(self, rel: TestedConfig) -> tuple[str, str] | None:
        """On an arm64 target, ``(why, ref)`` when ``tensorflow[and-cuda]==rel`` is not
        known to resolve on Linux aarch64 (pip's answer in ``tf_and_cuda_aarch64.toml``,
        :meth:`Knowledge.and_cuda_on_aarch64`: most releases pin nvidia-* wheels that have no
        aarch64 build); ``None`` when it resolves or the target is not arm64."""
        if self.t.arch != "arm64":
            return None
        row = self.kb.and_cuda_on_aarch64(rel.release)
        if row is None:
            return (f"whether tensorflow[and-cuda]=={rel.release} resolves on Linux aarch64 is "
                    "not in the knowledge (table tf_and_cuda_aarch64)", rel.ref)
        return None if row.resolves else (row.describe(), row.ref)

    def _python_ok(self, rel: TestedConfig, python: str) -> bool:
        """``python`` is in the release's tested range (an unknown range passes)."""
        return rel.python_ok(python) is not False

    def _python_for(self, rel: TestedConfig) -> str | None:
        if self.t.python and self._python_ok(rel, self.t.python):
            return self.t.python
        return rel.python_max

    def _interpreter(self, python: str | None, shell: Shell) -> tuple[str, ...]:
        if shell is Shell.POWERSHELL:
            return ("py", f"-{python}") if python else ("py", "-3")
        return (f"python{python}",) if python else ("python3",)

    def _venv_steps(self, env: str, python: str | None, install: str,
                    req: tuple[str, ...], *, expect_gpu: bool = True,
                    shell: Shell = Shell.POSIX) -> list[Step]:
        """The steps of every fresh-venv route: create the venv with ``python``, upgrade
        pip, install ``req`` (step titled ``install``), check TensorFlow (on a GPU when
        ``expect_gpu``)."""
        check = ("Check that TensorFlow sees the GPU" if expect_gpu
                 else "Check that TensorFlow imports and computes")
        return [
            Step("Create a fresh virtual environment",
                 CreateVenv(env, self._interpreter(python, shell)), shell),
            Step("Upgrade pip inside it", PipInstall(("pip",), upgrade=True), shell),
            Step(install, PipInstall(req), shell),
            Step(check, Verify(expect_gpu=expect_gpu), shell),
        ]

    def _env(self, conda: bool = False) -> str:
        if self.env_path:
            return self.env_path
        return DEFAULT_CONDA_ENV if conda else DEFAULT_VENV

    def _fit(self, rel: TestedConfig, *, need_extra: bool, python_soft: bool = False) -> _Fit:
        """Whether ``rel`` fits the target: the and-cuda extra when asked for, then the
        knowledge's :meth:`Knowledge.gpu_blockers` (Python, compute capability, driver,
        PTX JIT driver), reported by the first failing rule in that order, with the
        driver minimum the steps need."""
        t = self.t
        if need_extra and not self._has_extra(rel):
            miss = self._aarch64_miss(rel) if rel.kind == "gpu" and self.kb.and_cuda_pins(
                rel.release) else None
            if miss is not None:
                return _Fit(rel, False, "aarch64", miss[0], miss[1])
            return _Fit(
                rel, False, "extra", f"TensorFlow {rel.release} has no and-cuda extra", rel.ref
            )
        if need_extra and rel.kind == "gpu":
            libs = self.kb.platform_fact("tf-216-nvidia-wheel-libs-not-found")
            if rel.release in libs.items("affected"):
                # its wheel does not find the nvidia-* libraries and-cuda installs (no GPU)
                return _Fit(rel, False, "extra",
                            f"TensorFlow {rel.release}'s wheel does not find the CUDA/cuDNN "
                            "libraries of the nvidia-* wheels tensorflow[and-cuda] installs "
                            f"(no GPU; {libs.value('last_working')} finds them)", libs.ref)
        os = self._driver_os()
        blockers = {
            b.id: b
            for b in self.kb.gpu_blockers(
                rel, os=os, python=None if python_soft else t.python, driver=t.driver,
                compute_capability=self.cc,
            )
        }
        arch = self.kb.wheel_compute_capabilities(rel.release)
        newer = blockers.get("driver-newer-than-gpu")
        if newer is not None:
            # no release helps: the installed driver does not drive this GPU at all
            low = self.kb.min_driver(rel.cuda, os) if rel.cuda else None
            return _Fit(rel, False, "driver", newer.message, newer.row.ref,
                        driver_needed=low.version if low else None, driver_ref=newer.row.ref)
        if "python-outside-range" in blockers:
            return _Fit(
                rel,
                False,
                "python",
                f"TensorFlow {rel.release} supports Python {rel.python_range()}, the target has "
                f"{t.python}",
                rel.ref,
            )
        cc_block = blockers.get("cc-below-minimum") or blockers.get("no-kernels")
        if cc_block is not None:
            why = (
                f"compute capability {self.cc} < {cc_block.need}, the minimum of the "
                f"TensorFlow {rel.release} wheel"
                if cc_block.id == "cc-below-minimum"
                else f"the TensorFlow {rel.release} wheel has neither a cubin nor PTX usable "
                f"by compute capability {self.cc}"
            )
            return _Fit(rel, False, "cc", why, cc_block.row.ref, arch=arch)
        beyond = blockers.get("driver-beyond-gpu")
        if beyond is not None:
            # no driver of this GPU's generation runs the release's CUDA
            return _Fit(rel, False, "driver", beyond.message, beyond.row.ref, arch=arch)
        floor = self.kb.min_driver(rel.cuda, os) if rel.cuda else None
        need = floor.version if floor else None
        floor_ref = floor.row.ref if floor else ""
        gpu_floor = self._gpu_driver_floor(os)
        if gpu_floor is not None and (need is None or _v(gpu_floor[0]) > _v(need)):
            # the release's CUDA runs on older drivers than the GPU itself needs
            need, floor_ref = gpu_floor
        unclear = "driver-unclear" in blockers
        gpu_old = blockers.get("driver-older-than-gpu")
        if gpu_old is not None:
            # no release helps: the driver does not list the GPU (Knowledge.gpu_min_driver)
            return _Fit(rel, False, "driver", gpu_old.message, gpu_old.row.ref, arch=arch,
                        driver_needed=_max_v(gpu_old.need, need), driver_ref=gpu_old.row.ref)
        old = blockers.get("driver-too-old")
        if old is not None:
            return _Fit(
                rel,
                False,
                "driver",
                f"TensorFlow {rel.release} uses CUDA {rel.cuda}, which needs driver >= "
                f"{old.need}; the target has {t.driver}",
                old.row.ref,
                arch=arch,
                driver_needed=old.need,
                driver_ref=old.row.ref,
            )
        if "ptx-jit" in blockers and arch is not None:
            build = arch.row.build_cuda
            tk = self.kb.min_driver(build, os, ptx_jit=True)
            tk_need = tk.version if tk else None
            if t.driver and tk_need and driver_at_least(t.driver, tk_need) is None:
                unclear = True
            ptx_old = blockers.get("driver-too-old-for-ptx-jit")
            if ptx_old is not None:
                return _Fit(
                    rel,
                    False,
                    "ptx",
                    f"compute capability {self.cc} has no cubin in TensorFlow {rel.release}, so "
                    "its kernels are "
                    f"JIT-compiled from PTX made by CUDA {build}, which needs driver >= "
                    f"{ptx_old.need}; "
                    f"the target has {t.driver}",
                    ptx_old.row.ref,
                    ptx_jit=True,
                    arch=arch,
                    driver_needed=ptx_old.need,
                    driver_ref=ptx_old.row.ref,
                )
            if tk_need and (need is None or _v(tk_need) > _v(need)):
                need, floor_ref = tk_need, (tk.row.ref if tk else "")
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
            driver_ref=floor_ref,
            driver_unclear=unclear,
        )

    def _first_fit(
        self, releases: Sequence[TestedConfig], **kw: bool
    ) -> tuple[_Fit | None, list[_Fit]]:
        misses: list[_Fit] = []
        for rel in releases:
            f = self._fit(rel, **kw)
            if f.ok:
                return f, misses
            misses.append(f)
        return None, misses

    def gpu_driver_ceiling(self) -> GpuDriverCeiling | None:
        """The last driver branch of the target GPU's architecture
        (:meth:`Knowledge.gpu_last_driver`: R470 for Kepler, R580 for Maxwell to Volta), or
        ``None`` for a current architecture or an unknown compute capability."""
        if not self.cc:
            return None
        try:
            return self.kb.gpu_last_driver(self.cc)
        except KnowledgeQueryError:
            return None

    def _gpu_driver_floor(self, os: str) -> tuple[str, str] | None:
        """``(version, row ref)`` of the first driver branch of the target GPU's
        architecture (:meth:`Knowledge.gpu_min_driver`: the first CUDA toolkit that knows
        it, ``cuda_arch.toml``, and that toolkit's own minimum driver), or ``None`` when
        the compute capability is unknown or older than the table."""
        if not self.cc:
            return None
        try:
            g = self.kb.gpu_min_driver(self.cc, os)
        except KnowledgeQueryError:
            return None
        return (g.minimum.version, g.minimum.row.ref) if g is not None else None

    def _driver_steps(self, fit: _Fit, *, native: bool = False) -> list[Step]:
        """The manual driver step a plan needs (none when the target's driver will do);
        ``native``: a native-Windows plan, whose step says nothing of WSL2."""
        t = self.t
        need = fit.driver_needed
        if t.driver_problem:
            return [driver_fix_step(t, self._wsl2_tf_minimum(fit, need))]
        ceiling = self.gpu_driver_ceiling()
        beyond = ceiling is not None and t.driver is not None and _beyond(
            ceiling, t.driver, windows=t.driver_is_windows)
        if t.driver and not beyond and (
                need is None or driver_at_least(t.driver, need) is not False):
            return []
        need = self._wsl2_tf_minimum(fit, need)
        where = (
            "on Windows" if native
            else "on Windows (WSL2 uses the Windows driver; install no Linux driver inside WSL2)"
            if t.driver_is_windows
            else "with your distribution's driver packages or NVIDIA's installer"
        )
        text = (
            f"Install the NVIDIA driver >= {need} {where}"
            if need
            else f"Install the NVIDIA driver {where}"
        )
        if ceiling is not None:
            # an old architecture: only its legacy branch drives it (platform fact); a
            # driver of a newer branch is replaced, not kept
            text = ("Install an NVIDIA driver" + (f" >= {need}" if need else "")
                    + f", of the R{ceiling.last_branch} branch at most, {where}"
                    + (f", in place of driver {t.driver}" if beyond else "")
                    + f": R{ceiling.last_branch} is the last branch for "
                    f"{ceiling.architecture} GPUs, a newer driver ignores this GPU "
                    f"[{ceiling.fact.ref}]")
        cmds: tuple[str, ...] = ()
        if t.os == "linux" and t.container and t.container_served:
            # the GPU was passed without the 'utility' capability: the driver's version is
            # the host's and unreadable here (cmd/nvidia-container-runtime/README.md)
            return [Step(
                "Check the host's NVIDIA driver version (this container cannot read it)",
                Manual(f"This runs in a container ({t.container}) that has the NVIDIA "
                       f"driver's CUDA library ({t.container_served}) but neither nvidia-smi "
                       "nor NVML, so the driver's version is unknown here"
                       + (f": on the host, nvidia-smi must show a driver >= {need}" if need
                          else "")
                       + ". To read it inside, start the container with the 'utility' driver "
                       "capability as well.",
                       ("nvidia-smi   # on the host: the driver version",
                        "docker run --gpus all -e NVIDIA_DRIVER_CAPABILITIES=compute,utility "
                        "...   # the container then has nvidia-smi and NVML"),
                       False, docs.url("nvidia-container-toolkit")),
                Shell.POSIX)]
        if t.os == "linux" and t.container:
            # the driver is the host's: installed there, passed in when the container starts
            # (platform fact container-markers)
            return [Step(
                "Give this container the host's NVIDIA GPU (outside it, needs root on the host)",
                Manual(f"This runs in a container ({t.container}), which has no NVIDIA "
                       "driver of its own: it uses its host's, passed in with the GPU when it "
                       "starts. On the host (never inside the container): "
                       f"{text[:1].lower()}{text[1:]}, unless nvidia-smi there already lists "
                       "the GPU; then start this container with GPU access:",
                       (*(container_gpu_access(self.kb, t.container_engine)
                          or (OTHER_ENGINE_GPU_ACCESS,)),
                        "nvidia-smi   # inside the restarted container: it lists the GPU"),
                       True, docs.url("apptainer-gpu" if t.container_engine in (
                           "apptainer", "singularity") else "nvidia-container-toolkit")),
                Shell.POSIX)]
        if t.os == "linux":
            cmds = (
                "sudo ubuntu-drivers install   # Ubuntu; other distributions: their driver package",
            )
        return [
            Step(
                f"Install the NVIDIA driver ({needs_admin(t)})",
                Manual(text, cmds, True, docs.url("nvidia-drivers")),
                Shell.POWERSHELL if t.os == "windows" else Shell.POSIX,
            )
        ]

    def _wsl2_tf_minimum(self, fit: _Fit, need: str | None) -> str | None:
        """``need`` raised to TensorFlow's WSL2 minimum (528.33, platform fact
        ``wsl2-min-driver`` from https://www.tensorflow.org/install/pip) for a CUDA 12
        release on a Windows driver, so the driver the step installs draws no warning."""
        if not self.t.driver_is_windows:
            return need
        return self.windows_driver_minimum(fit.release.cuda, need)

    def windows_driver_minimum(self, cuda: str | None, need: str | None) -> str | None:
        """``need``, a Windows driver version (``"527.41"``), raised to TensorFlow's WSL2
        minimum (platform fact ``wsl2-min-driver``: 528.33 from
        https://www.tensorflow.org/install/pip) when ``cuda`` (``"12.5"``) is of the CUDA
        major that fact names: a Windows driver runs a CUDA 12 Linux build only under WSL2.
        ``need`` itself otherwise, ``None`` kept."""
        fact = self.kb.platform_fact("wsl2-min-driver")
        if not (need and cuda) or cuda.split(".")[0] != fact.value("cuda_major"):
            return need
        return _max_v(need, fact.value("min_driver"))

    def release_fits(self, version: str, *, and_cuda: bool) -> tuple[str, ...] | None:
        """Whether the plan's rules let TensorFlow ``version``'s Linux GPU build use this
        target's GPU, as :meth:`_fit` judges every release the plan walks (Python range,
        compute capability, driver, PTX JIT driver, the ``and-cuda`` extra when asked).

        Args:
            version: a release or series (``"2.15"``, ``"2.15.1"``).
            and_cuda: the ``tensorflow[and-cuda]`` extra is installed with it.

        Returns:
            The requirements the plan installs next to that release (``("numpy<2",)`` for
            a release before NumPy 2 support, platform fact ``numpy2-first-tf``), or
            ``None`` when the rules refuse it or the knowledge has no GPU row for it.
        """
        try:
            rows = self.kb.tested_configs(tf=version, os="linux", kind="gpu")
        except KnowledgeQueryError:
            return None
        if not rows or not self._fit(rows[0], need_extra=and_cuda).ok:
            return None
        return self._numpy_cap(rows[0])[0]

    def _numpy_cap(self, rel: TestedConfig) -> tuple[tuple[str, ...], Reason | None]:
        fact = self.kb.platform_fact("numpy2-first-tf")
        first = fact.value("tf_version")
        if _rv(rel) >= _v(first):
            return (), None
        return ("numpy<2",), Reason(
            f"numpy<2: TensorFlow {rel.release} predates NumPy 2 support (first in {first}); some "
            "of its "
            "releases do not cap numpy themselves",
            fact.ref,
        )


def needs_admin(t: TargetHost) -> str:
    """``"needs an administrator"`` where the driver is a Windows driver (native Windows,
    WSL2: it is installed on Windows), else ``"needs root"``."""
    return "needs an administrator" if t.driver_is_windows else "needs root"


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
    return Step(f"Fix the NVIDIA driver first ({needs_admin(t)})", Manual(text, cmds, True, url),
                Shell.POWERSHELL if t.os == "windows" else Shell.POSIX)


def _beyond(ceiling: GpuDriverCeiling, driver: str, *, windows: bool) -> bool:
    """Whether ``driver`` is of a branch newer than ``ceiling`` (so it ignores the GPU);
    ``False`` when the version does not parse (a typo is reported elsewhere)."""
    try:
        return ceiling.excludes(driver, windows=windows)
    except KnowledgeQueryError:
        return False
