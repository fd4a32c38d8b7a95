"""NVIDIA on Linux/WSL2: walk the tested configurations newest first and take the first
release that fits Python, compute capability and driver; the driver-upgrade alternative.
"""

from __future__ import annotations

import re
from dataclasses import replace

from tfgpu.knowledge import (
    GpuDriverCeiling,
    KnowledgeQueryError,
    TestedConfig,
    docs,
    driver_at_least,
)
from tfgpu.plan import model as M
from tfgpu.plan.routes._shared import (
    PlanError,
    _Fit,
    _max_v,
    _rv,
    _spec,
    _v,
)
from tfgpu.plan.routes.cpu_metal_rocm import _OtherRoutes


class _LinuxNvidiaRoute(_OtherRoutes):
    """NVIDIA GPU on Linux or WSL2 (pip, conda or system CUDA); falls back to
    the CPU plan when no release fits."""

    def _bundled_driver_note(self, cuda: str) -> str:
        """The runfile's bundled driver, in the toolkit step: for a GPU whose last driver
        branch (:meth:`gpu_driver_ceiling`) is older than the toolkit's own driver
        (``cuda_min_driver.toml`` toolkit row: NVIDIA's "CUDA Toolkit and Corresponding
        Driver Versions", the driver the runfile bundles), never install it; else only
        when the installed driver is not newer."""
        ceiling = self.gpu_driver_ceiling()
        tk = self.kb.min_driver(cuda, "linux", ptx_jit=True)  # the toolkit row's driver
        if ceiling is not None and tk is not None and _beyond_branch(ceiling, tk.version):
            return (f"(deselect the bundled driver {tk.version}, and install the package "
                    f"cuda-toolkit-{cuda.replace('.', '-')}, not `cuda` or `cuda-drivers`: "
                    f"their drivers are of a branch newer than R{ceiling.last_branch}, the "
                    f"last for {ceiling.architecture} GPUs, and would replace the driver that "
                    f"runs this GPU [{ceiling.fact.ref}])")
        if ceiling is not None:
            return (f"(deselect the bundled driver if yours is newer; from the repository "
                    f"install the package cuda-toolkit-{cuda.replace('.', '-')}, not `cuda` or "
                    "`cuda-drivers`, which can bring a driver of a branch newer than "
                    f"R{ceiling.last_branch}, the last for {ceiling.architecture} GPUs "
                    f"[{ceiling.fact.ref}])")
        return "(deselect the bundled driver if yours is newer)"

    def _native_below_floor_alt(self, ceiling: GpuDriverCeiling) -> M.Alternative | None:
        """On native Windows, for a GPU below WSL2's compute capability floor (platform fact
        ``wsl2-gpu-min-cc``), the way back is native Windows with the GPU's last branch
        (the windows-native plan shows that driver step); ``None`` elsewhere."""
        if self.t.os != "windows" or not self.cc:
            return None
        fact = self.kb.platform_fact("wsl2-gpu-min-cc")
        if _v(self.cc) >= _v(fact.value("min_cc")):
            return None
        rows = [r for r in self.kb.releases("windows") if r.cuda]
        if not rows:
            return None
        return M.Alternative(
            M.Route.WINDOWS_NATIVE,
            f"install an NVIDIA driver of the R{ceiling.last_branch} branch (driver "
            f"{self.t.driver} ignores this {ceiling.architecture} GPU) to get TensorFlow "
            f"{rows[0].release} on native Windows (the windows-native route, with that driver "
            "step)",
            rows[0].release,
            M.Reason(f"R{ceiling.last_branch} is the last driver branch for "
                     f"{ceiling.architecture} GPUs; WSL2 most likely does not see a GPU below "
                     f"compute capability {fact.value('min_cc')}", ceiling.fact.ref),
        )

    def _upgrade_route(self, rel: TestedConfig) -> M.Route:
        """The route a driver alternative leads to: WSL2 from native Windows (the Linux
        releases run there), else pip where ``rel`` has the and-cuda extra, else system
        CUDA."""
        if self.t.os == "windows":
            return M.Route.WSL2
        return M.Route.PIP if self._has_extra(rel) else M.Route.SYSTEM_CUDA

    def _driver_upgrade_alt(
        self, linux: list[TestedConfig], than: TestedConfig | None
    ) -> M.Alternative | None:
        """"upgrade the driver to >= X (>= Y on WSL2/Windows) -> TensorFlow N" when a
        newer driver gives a newer release than ``than`` (``None``: than nothing); ``None``
        when the target's driver already is >= X (then something else, its Python, stops
        that release, and another alternative says so)."""
        t = self.t
        if not t.driver:
            return None
        free = self._with(driver=None)
        ceiling = self.gpu_driver_ceiling()
        if ceiling is not None and self._driver_beyond(ceiling):
            # the driver is of a newer branch than the GPU's last: a legacy driver, not an
            # upgrade, brings the GPU back (platform fact *-last-driver-branch)
            native = self._native_below_floor_alt(ceiling)
            if native is not None:
                return native
            back = free._first_fit(linux, need_extra=True)[0] or free._first_fit(
                linux, need_extra=True, python_soft=True)[0] or free._first_fit(
                linux, need_extra=False, python_soft=True)[0]
            if back is None:
                return None
            return M.Alternative(
                self._upgrade_route(back.release),
                f"install an NVIDIA driver of the R{ceiling.last_branch} branch (driver "
                f"{t.driver} ignores this {ceiling.architecture} GPU) to get TensorFlow "
                f"{back.release.release} (CUDA {back.release.cuda})",
                back.release.release,
                M.Reason(f"R{ceiling.last_branch} is the last driver branch for "
                         f"{ceiling.architecture} GPUs", ceiling.fact.ref),
            )
        up = free._first_fit(linux, need_extra=True)[0] or free._first_fit(
            linux, need_extra=True, python_soft=True
        )[0]
        if up is None and t.arch != "arm64":
            up = free._first_fit(linux, need_extra=False, python_soft=True)[0]
        if up is None or (than is not None and _rv(up.release) <= _rv(than)):
            return None
        lin, win = self._driver_minimums(up.release.cuda)
        if up.ptx_jit and up.arch is not None and up.arch.row.build_cuda:
            # PTX JIT needs the build toolkit's own driver, when that is higher.
            tk_lin, tk_win = self._driver_minimums(up.arch.row.build_cuda, ptx_jit=True)
            lin = _max_v(lin, tk_lin)
            win = _max_v(win, tk_win)
        if self.cc:
            # and at least the first driver branch of the GPU's architecture
            gpu_lin = self.kb.gpu_min_driver(self.cc, "linux")
            gpu_win = self.kb.gpu_min_driver(self.cc, "windows")
            lin = _max_v(lin, gpu_lin.minimum.version if gpu_lin else None)
            win = _max_v(win, gpu_win.minimum.version if gpu_win else None)
        # a Windows driver runs a CUDA 12 Linux build only under WSL2, where TensorFlow's own
        # minimum is higher than CUDA's Windows floor (528.33 against 527.41)
        win = self.windows_driver_minimum(up.release.cuda, win)
        if lin or win:
            here, other = (win, lin) if t.driver_is_windows else (lin, win)
            try:
                if here and driver_at_least(t.driver, here) is True:
                    return None  # the driver is not what stops that release (its Python is)
            except KnowledgeQueryError:
                pass  # a driver version that does not parse: say the minimum
            where_other = "on Linux" if t.driver_is_windows else "on WSL2/Windows"
            text = f"upgrade the NVIDIA driver to >= {here}" + (
                f" (>= {other} {where_other})" if other and other != here else ""
            ) + (f", within R{ceiling.last_branch} at most (the last branch for "
                 f"{ceiling.architecture} GPUs)" if ceiling is not None else "")
        else:
            return None
        py = "" if not t.python or self._python_ok(up.release, t.python) else (
            f" with Python {up.release.python_max}"
        )
        return M.Alternative(
            self._upgrade_route(up.release),
            f"{text} to get TensorFlow {up.release.release} (CUDA {up.release.cuda}){py}",
            up.release.release,
            M.Reason(
                f"TensorFlow {up.release.release} needs driver >= {up.driver_needed}",
                up.driver_ref,
            ),
        )

    def _no_cubins_warning(self, fit: _Fit) -> M.Reason:
        """The caveat of a compute capability 10.x+ GPU the wheel has no cubin for
        (platform fact ``blackwell-no-cubins``): the reported failures are named only for a
        compute capability of the GPUs the reports are from (the fact's ``reported_gpus``
        name prefix, looked up in ``gpu_compute_capability.toml``); another GPU (a B300,
        CC 10.3) is named by its own compute capability, never as one of those."""
        bw = self.kb.platform_fact("blackwell-no-cubins")
        prefix = bw.value("reported_gpus")
        reported = sorted({g.compute_capability for g in self.kb.gpus
                           if g.compute_capability and g.name.startswith(prefix)})
        # the fact and the remedy in platform_facts' own words, as doctor and explain print them
        ngc = f"; if `tfgpu verify` fails, {bw.value('remedy')}"
        if self.cc in reported:
            gpu = self.t.gpu_name or f"compute capability {self.cc}"
            return M.Reason(f"{gpu}: {bw.value('says')}{ngc}", bw.ref)
        ptx = ", ".join(f"compute_{p.replace('.', '')}" for p in fit.arch.ptx) \
            if fit.arch is not None else "PTX"
        gpu = f"{self.t.gpu_name} (compute capability {self.cc})" if self.t.gpu_name \
            else f"compute capability {self.cc}"
        return M.Reason(
            f"{gpu}: no checked wheel contains cubins for it, only {ptx} PTX, so whether "
            f"TensorFlow runs on it is not verified; the public failure reports are from "
            f"{prefix} GPUs (compute capability {', '.join(reported) or '?'}), not this "
            f"compute capability" + ngc, bw.ref)

    def _why_system_cuda(self, linux: list[TestedConfig], fit: _Fit) -> M.Reason:
        """Why the plan installs CUDA and cuDNN system-wide for ``fit``: what stops the
        ``[and-cuda]`` wheels of the newest release that has them, of ``fit``'s own release
        (it predates the extra, or its wheel does not find the nvidia-* libraries: platform
        fact ``tf-216-nvidia-wheel-libs-not-found``) and of the newest older release, each
        as :meth:`_fit` words it (tf_pip_cuda_wheels, tf_tested_configs,
        tf_compute_capabilities, cuda_min_driver)."""
        misses = self._first_fit(linux, need_extra=True)[1]
        rel = fit.release
        extra = [m for m in misses if self.kb.and_cuda_pins(m.release.release)]
        newest = next((m for m in misses if m.blocker != "extra"), None)
        own = next((m for m in misses if m.release.release == rel.release), None)
        if self.kb.and_cuda_pins(rel.release):  # the next older release with the extra
            other = next((m for m in extra if _rv(m.release) < _rv(rel)), None)
        else:  # the oldest release with the extra (what stops the whole series)
            other = extra[-1] if extra else None
        parts: list[str] = []
        for m in (newest, own, other):
            if m is None:
                continue
            why = (f"TensorFlow {m.release.release} predates the extra"
                   if m.blocker == "extra" and not self.kb.and_cuda_pins(m.release.release)
                   else m.why)
            if why not in parts:
                parts.append(why)
        known = own or newest
        ref = known.ref if known is not None else rel.ref
        return M.Reason(
            "no release's and-cuda wheels serve this host ("
            + "; ".join(parts) + f"), so TensorFlow {rel.release} uses CUDA and cuDNN from a "
            "system install (the guide's route)", ref)

    def _best_fit(
        self, linux: list[TestedConfig], route: M.Route, explicit: bool
    ) -> tuple[_Fit | None, list[_Fit], M.Route, bool]:
        """The newest fitting release over the allowed routes and Pythons.

        Order: the route with the target's Python; for the default route, system CUDA
        (releases before the ``and-cuda`` extra) with the target's Python; then either
        with another Python (the newest release wins; the plan says which Python to
        install).  Returns ``(fit, misses of the first try, route, python_changed)``.
        """
        routes = [route]
        if route is M.Route.PIP and not explicit and self.t.arch != "arm64":
            # on arm64 the knowledge knows which and-cuda sets resolve (tf_and_cuda_aarch64),
            # not whether an older release's aarch64 wheel runs on a system CUDA
            routes.append(M.Route.SYSTEM_CUDA)
        first_misses: list[_Fit] | None = None
        for r in routes:
            fit, misses = self._first_fit(linux, need_extra=r is M.Route.PIP)
            if first_misses is None:
                first_misses = misses
            if fit is not None:
                return fit, misses, r, False
        if self.t.python:
            best: tuple[_Fit, list[_Fit], M.Route] | None = None
            for r in routes:
                fit, misses = self._first_fit(linux, need_extra=r is M.Route.PIP, python_soft=True)
                if fit is not None and (best is None or _rv(fit.release) > _rv(best[0].release)):
                    best = (fit, misses, r)
            if best is not None:
                return best[0], best[1], best[2], True
        return None, first_misses or [], route, False

    def linux_nvidia(
        self,
        route: M.Route,
        linux: list[TestedConfig],
        *,
        wsl_from_windows: bool = False,
        explicit: bool = False,
    ) -> M.Plan:
        t = self.t
        asked = route
        fit, misses, route, python_changed = self._best_fit(linux, route, explicit)
        reasons: list[M.Reason] = []
        warnings: list[M.Reason] = []
        alternatives: list[M.Alternative] = []
        python_note: M.Reason | None = None
        if fit is not None and route is not asked:
            reasons.append(self._why_system_cuda(linux, fit))
        if fit is not None and python_changed:
            python_note = M.Reason(
                f"Python {t.python} is outside the tested range of every release that fits "
                f"this GPU and driver; install Python {fit.release.python_max} (TensorFlow "
                f"{fit.release.release} supports {fit.release.python_range()})",
                fit.release.ref,
            )
        if fit is None:
            # the blocker of the newest release for the target's Python (a driver too old
            # for every release that has its wheels), not the Python of the newest release
            sys_misses = self._first_fit(linux, need_extra=False)[1]
            for_python = next((m for m in sys_misses if m.blocker != "python"), None)
            first = for_python or (misses[0] if misses else None)
            why = (
                "no TensorFlow GPU release fits this host: "
                + (f"every release with wheels for Python {t.python} is blocked; the newest, "
                   if for_python is not None and t.python and sys_misses[0] is not for_python
                   else "")
                + first.why
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
                [M.Reason(why, first.ref if first else "")]
                + self._aarch64_reasons(asked)
                + ([self.cc_reason] if self.cc_reason else []),
            )
            return replace(plan, alternatives=(up, *plan.alternatives) if up else plan.alternatives)
        rel = fit.release
        python = t.python if (t.python and self._python_ok(rel, t.python)) else rel.python_max
        newest = linux[0]
        # Why this version.
        if rel.release == newest.release:
            reasons.insert(
                0,
                M.Reason(
                    f"TensorFlow {rel.release} is the newest release in the knowledge (Python "
                    f"{rel.python_range()}, "
                    f"CUDA {rel.cuda}, cuDNN {rel.cudnn})",
                    rel.ref,
                ),
            )
        else:
            reasons.insert(
                0,
                M.Reason(
                    f"TensorFlow {rel.release} is the newest release that fits this host (Python "
                    f"{rel.python_range()}, CUDA {rel.cuda}, cuDNN {rel.cudnn})",
                    rel.ref,
                ),
            )
            # each blocker once, said of the oldest newer release it blocks: "the minimum of
            # the TensorFlow 2.21.0 wheel" would hide that 2.16.1 fails for another reason
            seen: set[str] = set()
            for m in sorted(misses, key=lambda m: _rv(m.release)):
                if (
                    m.blocker in seen
                    or (m.blocker == "extra" and not self._has_extra(m.release))
                    or (m.blocker == "python" and python_note is not None)
                    or _rv(m.release) <= _rv(rel)
                    or any(m.why in r.text for r in reasons)
                ):
                    continue
                seen.add(m.blocker)
                reasons.append(M.Reason(f"not newer: {m.why}", m.ref))
        if python_note:
            reasons.append(python_note)
        if route is M.Route.PIP:
            reasons.extend(self._aarch64_reasons(route, rel))
        if t.arch == "arm64" and route is M.Route.PIP and fit.arch is not None:
            warnings.append(
                M.Reason(
                    "the compute capabilities above are those of the Linux x86_64 wheel; the "
                    "aarch64 wheel's were not inspected: `tfgpu verify` after the install shows "
                    "whether TensorFlow uses the GPU (NVIDIA's NGC TensorFlow container is the "
                    "fallback)",
                    fit.arch.row.ref,
                )
            )
        elif t.arch != "x86_64" and fit.arch is not None:
            warnings.append(
                M.Reason(
                    f"the knowledge's wheel tables describe the Linux x86_64 wheels; on {t.arch} "
                    "check that the release has a CUDA wheel for this architecture before relying "
                    "on this plan (NVIDIA's NGC TensorFlow container is the fallback)",
                    fit.arch.row.ref,
                )
            )
        if self.cc_reason is not None:
            reasons.append(self.cc_reason)
        if self.cc and fit.arch is not None:
            if fit.ptx_jit:
                reasons.append(
                    M.Reason(
                        f"compute capability {self.cc} >= {fit.arch.row.min_cc}, the wheel's "
                        "minimum; it has no matching "
                        f"cubin (SASS {', '.join(fit.arch.sass)}), so kernels run from PTX "
                        f"{', '.join(fit.arch.ptx)}",
                        fit.arch.row.ref,
                    )
                )
                warnings.append(
                    M.Reason(
                        "the first start JIT-compiles CUDA kernels from PTX, which can take many "
                        "minutes (cached "
                        "afterwards; raise CUDA_CACHE_MAXSIZE if it repeats)",
                        self._fact_ref("ptx-jit-slow-first-run") or fit.arch.row.ref,
                    )
                )
                if int(self.cc.split(".")[0]) >= 10:
                    warnings.append(self._no_cubins_warning(fit))
            else:
                reasons.append(
                    M.Reason(
                        f"compute capability {self.cc} >= {fit.arch.row.min_cc}, the wheel's "
                        "minimum, with native "
                        f"cubins (SASS {', '.join(fit.arch.sass)})",
                        fit.arch.row.ref,
                    )
                )
        elif t.gpu_name and not self.cc:
            warnings.append(
                M.Reason(
                    f"the compute capability of {t.gpu_name!r} is not in the knowledge table; "
                    "pass --cc X.Y "
                    "(nvidia-smi --query-gpu=compute_cap --format=csv) to check it against the "
                    "wheel"
                )
            )
        if t.driver and fit.driver_needed and fit.driver_unclear:
            older = self._with(driver=f"{t.driver}.0")._first_fit(
                linux, need_extra=route is M.Route.PIP
            )[0]
            warnings.append(
                M.Reason(
                    f"driver {t.driver} is a branch number, and TensorFlow {rel.release} needs "
                    f"{fit.driver_needed} or later: check the full version with nvidia-smi"
                    + (
                        f"; if it is older, TensorFlow {older.release.release} is the newest "
                        "that fits"
                        if older is not None and _rv(older.release) < _rv(rel)
                        else ""
                    ),
                    fit.driver_ref,
                )
            )
        elif t.driver and fit.driver_needed:
            reasons.append(
                M.Reason(
                    f"driver {t.driver} >= {fit.driver_needed}, "
                    + (
                        f"the {_floor_words(fit.driver_ref)} minimum that PTX JIT needs"
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
            soft = self._first_fit(linux, need_extra=route is M.Route.PIP, python_soft=True)[0]
            if soft is not None and _rv(soft.release) > _rv(rel):
                alternatives.append(
                    M.Alternative(
                        M.Route.PIP if self._has_extra(soft.release) else route,
                        f"use Python {soft.release.python_max} (not {t.python}) to get TensorFlow "
                        f"{soft.release.release}",
                        soft.release.release,
                        M.Reason(
                            f"TensorFlow {soft.release.release} supports Python "
                            f"{soft.release.python_range()}",
                            soft.release.ref,
                        ),
                    )
                )
        # Steps.
        steps: list[M.Step] = []
        if wsl_from_windows:
            # install WSL, update it, install the Windows driver, THEN check that
            # nvidia-smi.exe lists the GPU (the check needs the driver)
            *setup, driver_check = self._wsl_setup_steps()
            steps.extend(setup)
            steps.extend(self._driver_steps(fit))
            steps.append(driver_check)
        else:
            steps.extend(self._driver_steps(fit))
        numpy_req, numpy_reason = self._numpy_cap(rel)
        if numpy_reason:
            reasons.append(numpy_reason)
        if route is M.Route.PIP:
            reasons.append(
                M.Reason(
                    "route pip: tensorflow[and-cuda] installs CUDA and cuDNN as nvidia-* wheels "
                    "inside the new "
                    "virtual environment, so no system CUDA toolkit or cuDNN is needed or touched",
                    self._fact_ref("pip-and-cuda-recommended"),
                )
            )
            req = (f"tensorflow[and-cuda]{_spec(rel.release)}", *numpy_req)
            env = self._env()
            steps += self._venv_steps(env, python, "Install TensorFlow with its CUDA wheels", req)
            alternatives.append(
                M.Alternative(
                    M.Route.SYSTEM_CUDA,
                    f"system CUDA {rel.cuda} + cuDNN {rel.cudnn} "
                    "(the guide's route; tfgpu plan --route system-cuda)",
                    rel.release,
                )
            )
        elif route is M.Route.CONDA:
            env = self._env(conda=True)
            conda_pk: tuple[str, ...] = ()
            if self._has_extra(rel):
                req = (f"tensorflow[and-cuda]{_spec(rel.release)}", *numpy_req)
                reasons.append(
                    M.Reason(
                        "route conda: conda provides Python only; TensorFlow and its CUDA wheels "
                        "come from pip (TensorFlow's install page advises against conda's "
                        "tensorflow package)",
                        self._fact_ref("pip-and-cuda-recommended"),
                    )
                )
            else:
                conda_pk = (f"cudatoolkit={rel.cuda}", f"cudnn={rel.cudnn}")
                req = (f"tensorflow{_spec(rel.release)}", *numpy_req)
                reasons.append(
                    M.Reason(
                        f"route conda: TensorFlow {rel.release} has no and-cuda extra, so CUDA "
                        f"{rel.cuda} and cuDNN {rel.cudnn} come from conda-forge",
                        rel.ref,
                    )
                )
            steps += [
                M.Step(
                    "Create a conda environment",
                    M.CondaCreate(
                        env, python or "3", "conda-forge", conda_pk, lib_on_ld_library_path=bool(
                            conda_pk
                        )
                    ),
                ),
                M.Step("Install TensorFlow", M.PipInstall(req)),
                M.Step("Check that TensorFlow sees the GPU", M.Verify(expect_gpu=True)),
            ]
        else:  # SYSTEM_CUDA
            req = (f"tensorflow{_spec(rel.release)}", *numpy_req)
            cuda, cudnn = rel.cuda or "?", rel.cudnn or "?"
            root = f"/usr/local/cuda-{cuda}"
            reasons.append(
                M.Reason(
                    f"route system-cuda: TensorFlow {rel.release} was tested with CUDA {cuda} and "
                    f"cuDNN {cudnn}; "
                    "install exactly these majors system-wide and put them on "
                    "PATH/LD_LIBRARY_PATH",
                    rel.ref,
                )
            )
            env = self._env()
            if t.os in ("wsl2", "windows"):
                pkg = "cuda-toolkit-" + cuda.replace(".", "-")
                toolkit = M.Manual(
                    f"Inside WSL2, install CUDA toolkit {cuda} from NVIDIA's WSL-Ubuntu "
                    f"repository (package {pkg}, which contains no driver) into {root}. "
                    "Never install a Linux NVIDIA driver (nor the `cuda` or `cuda-drivers` "
                    "packages, nor the runfile's driver) inside WSL2: the Windows driver "
                    "provides libcuda in /usr/lib/wsl/lib, and a Linux driver would override it",
                    (f"sudo apt-get install {pkg}   # from the wsl-ubuntu repository",),
                    True,
                    # the Windows driver provides libcuda: NVIDIA's CUDA on WSL guide
                    docs.url("cuda-wsl-guide"),
                )
            else:
                toolkit = M.Manual(
                    f"Install CUDA toolkit {cuda} into {root} with NVIDIA's runfile or "
                    "network repository " + self._bundled_driver_note(cuda),
                    (),
                    True,
                    docs.url("cuda-toolkit-archive"),
                )
            steps += [
                M.Step(f"Install the CUDA {cuda} toolkit (needs root)", toolkit),
                M.Step(
                    f"Install cuDNN {cudnn} for CUDA {cuda.split('.')[0]} (needs root)",
                    M.Manual(
                        f"Download cuDNN {cudnn} for CUDA {cuda.split('.')[0]}.x and copy "
                        f"include/ and lib/ into {root} "
                        "(or install NVIDIA's cudnn package)",
                        (),
                        True,
                        docs.url("cudnn-archive"),
                    ),
                ),
                M.Step(
                    "Create a fresh virtual environment",
                    M.CreateVenv(env, self._interpreter(python, M.Shell.POSIX)),
                ),
                M.Step("Put CUDA on PATH", M.SetEnv("PATH", f"{root}/bin")),
                M.Step(
                    "Put the CUDA libraries on LD_LIBRARY_PATH",
                    M.SetEnv("LD_LIBRARY_PATH", f"{root}/lib64"),
                ),
                M.Step("Upgrade pip inside it", M.PipInstall(("pip",), upgrade=True)),
                M.Step("Install TensorFlow (CUDA comes from the system)", M.PipInstall(req)),
                M.Step("Check that TensorFlow sees the GPU", M.Verify(expect_gpu=True)),
            ]
            if self._has_extra(rel):
                alternatives.append(
                    M.Alternative(
                        M.Route.PIP,
                        "tensorflow[and-cuda] wheels instead of system CUDA "
                        "(the default; tfgpu plan --route pip)",
                        rel.release,
                    )
                )
        if wsl_from_windows:
            route = M.Route.WSL2
        return M.Plan(
            target_summary=t.summary(), target_os=t.os,
            route=route,
            tf_version=rel.release,
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

    def _aarch64_reasons(self, route: M.Route, rel: TestedConfig | None = None) -> list[M.Reason]:
        """On an arm64 target and the pip route, the evidence that the chosen release's
        ``tensorflow[and-cuda]`` resolves on Linux aarch64 (``rel``), or, with no release
        chosen, which releases it resolves for (``tf_and_cuda_aarch64.toml``)."""
        if self.t.arch != "arm64" or route is not M.Route.PIP:
            return []
        if rel is not None:
            row = self.kb.and_cuda_on_aarch64(rel.release)
            return [M.Reason(row.describe(), row.ref)] if row is not None else []
        rows = [r for r in self.kb.and_cuda_aarch64 if r.resolves]
        if not rows:
            return [M.Reason("on Linux aarch64 no release's tensorflow[and-cuda] resolves "
                             "(table tf_and_cuda_aarch64)")]
        when = max(r.retrieved for r in rows).isoformat()
        return [M.Reason(
            "on Linux aarch64 tensorflow[and-cuda] resolves only for TensorFlow "
            f"{', '.join(r.tf_version for r in rows)} (pip dry-run, {when}); the other "
            "releases pin nvidia-* wheels that have no aarch64 build", rows[-1].ref)]

    def _with(self, **changes: str | None) -> _LinuxNvidiaRoute:
        """A planner for the same target with some facts changed (for alternatives)."""
        return type(self)(replace(self.t, **changes), self.kb, self.env_path)  # type: ignore[arg-type]

    def _fact_ref(self, key: str) -> str:
        return self.kb.platform_fact(key).ref

    def _driver_beyond(self, ceiling: GpuDriverCeiling) -> bool:
        """Whether the target's driver is of a newer branch than ``ceiling`` (a Windows
        driver read with the Windows numbering, :meth:`GpuDriverCeiling.excludes`)."""
        try:
            return bool(self.t.driver) and ceiling.excludes(
                self.t.driver or "", windows=self.t.driver_is_windows)
        except KnowledgeQueryError:
            return False

    def _driver_minimums(
        self, cuda: str | None, *, ptx_jit: bool = False
    ) -> tuple[str | None, str | None]:
        """``(Linux, Windows)`` minimum drivers for CUDA ``cuda`` (Knowledge.min_driver)."""
        if not cuda:
            return None, None
        lin = self.kb.min_driver(cuda, "linux", ptx_jit=ptx_jit)
        win = self.kb.min_driver(cuda, "windows", ptx_jit=ptx_jit)
        return (lin.version if lin else None), (win.version if win else None)

    def _wsl_setup_steps(self) -> list[M.Step]:
        return [
            M.Step(
                "Install WSL2 with Ubuntu (PowerShell as administrator)",
                M.Manual(
                    "Install WSL2 and a Linux distribution; needs Windows 10 build 19044 (21H2) "
                    "or later, or "
                    "Windows 11. Then open the Ubuntu shell and run the remaining steps there (the "
                    "PowerShell script runs those that need no root through wsl.exe).",
                    ("wsl --install -d Ubuntu",),
                    True,
                    docs.url("wsl-install"),
                ),
                M.Shell.POWERSHELL,
            ),
            *self._wsl_check_steps(),
        ]

    # --- wsl2 python ---
    def _wsl_check_steps(self) -> list[M.Step]:
        """PowerShell steps the script runs on the Windows side before the Linux steps:
        bring WSL up to date and show its status (platform fact ``wsl-update-status``),
        then ``nvidia-smi.exe``: the Windows driver, which WSL2 uses, must list the GPU."""
        fact = self.kb.platform_fact("wsl-update-status")
        return [
            M.Step("Update WSL and show its status",
                   M.RunCommands(tuple(tuple(c.split()) for c in fact.items("commands"))),
                   M.Shell.POWERSHELL),
            M.Step("Check that the Windows NVIDIA driver lists the GPU",
                   M.RunCommands((("nvidia-smi.exe",),)), M.Shell.POWERSHELL),
        ]
    # --- end wsl2 python ---


def _beyond_branch(ceiling: GpuDriverCeiling, driver: str) -> bool:
    """Whether the Linux ``driver`` is of a branch newer than ``ceiling``'s."""
    try:
        return ceiling.excludes(driver)
    except KnowledgeQueryError:
        return False


def _floor_words(ref: str) -> str:
    """``"CUDA 12.8 toolkit"`` for the driver-floor row ``ref`` (``cuda_min_driver:12.8-
    toolkit-ga``): the CUDA whose minimum the cited row gives (the GPU's architecture may
    need a newer toolkit's driver than the PTX's own); ``"driver"`` when the ref names none."""
    m = re.match(r"cuda_min_driver:(\d+\.\d+(?:\.\d+)?)-toolkit", ref)
    return f"CUDA {m.group(1)} toolkit" if m else "driver"
