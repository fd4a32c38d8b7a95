"""NVIDIA on native Windows: WSL2 with the Linux choice by default; native GPU only with
the last release that had it (2.10) and conda ``cudatoolkit``/``cudnn``.
"""

from __future__ import annotations

from dataclasses import replace

from tfgpu.knowledge import TestedConfig, docs
from tfgpu.plan import model as M
from tfgpu.plan.routes._shared import _next_minor, _v
from tfgpu.plan.routes.linux_nvidia import _LinuxNvidiaRoute


class _WindowsRoutes(_LinuxNvidiaRoute):
    """NVIDIA GPU on native Windows: through WSL2, or natively with TensorFlow 2.10."""

    def wsl2_from_windows(self) -> M.Plan:
        linux = [r for r in self.kb.releases("linux") if r.cuda]
        # the Windows interpreter's version (a host snapshot's) says nothing about the
        # distribution's Python: plan the Linux side without it (select then uses the
        # distribution's own python3); a --python given for the plan still counts
        inside = self if self.t.linux_python == self.t.python else self._with(python=None)
        plan = inside.linux_nvidia(M.Route.PIP, linux, wsl_from_windows=True)
        plan = replace(plan, target_summary=self.t.summary())
        last = self.kb.platform_fact("windows-native-gpu-last")
        reasons = [
            M.Reason(
                f"native Windows: TensorFlow {last.value('tf_version')} was the last release "
                "with GPU support; newer releases use the GPU only inside WSL2, "
                "so the plan runs TensorFlow in WSL2",
                last.ref,
            ),
            *plan.reasons,
        ]
        if not plan.uses_gpu:
            # no GPU release fits (a driver of a branch that ignores the GPU...): the CPU
            # build, installed natively; WSL2 would add nothing. What stops the GPU comes
            # first (a refused --route quotes the first reason)
            windows = M.Reason(
                f"native Windows: TensorFlow {last.value('tf_version')} was the last release "
                "with GPU support; newer releases use the GPU only inside WSL2",
                last.ref,
            )
            return replace(plan, route=M.Route.CPU, reasons=(*plan.reasons, windows))
        native = self._windows_release()
        alts = list(plan.alternatives)
        if native is not None:
            alts.insert(
                0,
                M.Alternative(
                    M.Route.WINDOWS_NATIVE,
                    f"native Windows: TensorFlow {native.release} "
                    f"(tensorflow<{_next_minor(native.release)}) with conda "
                    + " ".join(self._windows_conda_packages(native))
                    + " (tfgpu plan --route windows-native)",
                    native.release,
                    M.Reason(
                        f"last native-Windows GPU row: CUDA {native.cuda}, cuDNN {native.cudnn}",
                        native.ref,
                    ),
                ),
            )
        return replace(plan, route=M.Route.WSL2, reasons=tuple(reasons), alternatives=tuple(alts))

    def native_below_wsl2_floor(self) -> M.Plan | None:
        """The windows-native plan for a GPU below the compute capability NVIDIA's CUDA on
        WSL guide names (platform fact ``wsl2-gpu-min-cc``: Pascal, 6.0): WSL2 most likely
        does not see it, TensorFlow 2.10 on native Windows can use it.  ``None`` when the
        compute capability is unknown or not below that floor, or the native plan does not
        use the GPU either (then the WSL2 plan and its warning stand)."""
        fact = self.kb.platform_fact("wsl2-gpu-min-cc")
        floor = fact.value("min_cc")
        if not self.cc or _v(self.cc) >= _v(floor):
            return None
        ceiling = self.gpu_driver_ceiling()
        if ceiling is not None and self.t.driver and self._driver_beyond(ceiling):
            # a driver that ignores the GPU: the CPU plan with the branch as the way back,
            # as for every GPU past its last branch (a --route windows-native plan still
            # shows the driver step)
            return None
        native = self.windows_native(M.Route.WINDOWS_NATIVE)
        if not native.uses_gpu:
            return None
        why = M.Reason(
            f"{self.t.gpu_name or 'this GPU'} has compute capability {self.cc}, below {floor}: "
            f"NVIDIA's CUDA on WSL guide names Pascal ({floor}) or newer GPUs in WDDM mode, and "
            "no Tesla GPU in TCC mode, so WSL2 will most likely not see it; the plan uses the "
            "last TensorFlow with native Windows GPU support",
            fact.ref,
        )
        return replace(native, reasons=(why, *native.reasons))

    def _windows_conda_packages(self, rel: TestedConfig) -> tuple[str, ...]:
        """conda packages of TensorFlow's native-Windows recipe (platform fact), else the
        CUDA/cuDNN of the tested-configs row."""
        recipe = self.kb.platform_fact("windows-native-gpu-last").items("conda_packages")
        return recipe or (f"cudatoolkit={rel.cuda}", f"cudnn={rel.cudnn}")

    def _windows_release(self) -> TestedConfig | None:
        rows = [r for r in self.kb.releases("windows") if r.cuda]
        for r in rows:
            if not self.t.python or self._python_ok(r, self.t.python):
                return r
        return rows[0] if rows else None

    def windows_native(self, route: M.Route) -> M.Plan:
        t = self.t
        rel = self._windows_release()
        if rel is None:
            return self.cpu([M.Reason("the knowledge has no native-Windows GPU rows")])
        reasons: list[M.Reason] = []
        warnings: list[M.Reason] = []
        last = self.kb.platform_fact("windows-native-gpu-last")
        reasons.append(
            M.Reason(
                "native Windows GPU support ended after TensorFlow "
                f"{last.value('tf_version')}; "
                "TensorFlow "
                f"{rel.release} is the newest native-Windows GPU release (Python "
                f"{rel.python_range()}, CUDA {rel.cuda}, "
                f"cuDNN {rel.cudnn})",
                rel.ref,
            )
        )
        python = t.python if (t.python and self._python_ok(rel, t.python)) else rel.python_max
        if t.python and not self._python_ok(rel, t.python):
            reasons.append(
                M.Reason(
                    f"Python {t.python} is outside {rel.python_range()}; install Python {python}",
                    rel.ref,
                )
            )
        fit = self._fit(rel, need_extra=False, python_soft=True)
        if not fit.ok:
            if fit.blocker == "cc":
                return self.cpu([M.Reason(fit.why, fit.ref)], gpu_unusable=True)
            warnings.append(M.Reason(fit.why, fit.ref))
        elif t.driver and fit.driver_needed:
            reasons.append(
                M.Reason(
                    f"driver {t.driver} >= {fit.driver_needed}, the minimum for CUDA {rel.cuda}"
                    + (" PTX JIT" if fit.ptx_jit else ""),
                    fit.driver_ref,
                )
            )
        if fit.ptx_jit and fit.arch is not None:
            warnings.append(
                M.Reason(
                    f"compute capability {self.cc} has no cubin in TensorFlow {rel.release} (SASS "
                    f"{', '.join(fit.arch.sass)}): the first start JIT-compiles kernels from PTX "
                    f"{', '.join(fit.arch.ptx)}, which can take many minutes",
                    fit.arch.row.ref,
                )
            )
        numpy_req, numpy_reason = self._numpy_cap(rel)
        if numpy_reason:
            reasons.append(numpy_reason)
        req = (f"tensorflow<{_next_minor(rel.release)}", *numpy_req)
        steps: list[M.Step] = list(self._driver_steps(fit, native=True))
        ps = M.Shell.POWERSHELL
        if route is M.Route.SYSTEM_CUDA:
            root = f"C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v{rel.cuda}"
            env = self._env()
            reasons.append(
                M.Reason(
                    f"route system-cuda: CUDA {rel.cuda} and cuDNN {rel.cudnn} installed "
                    "system-wide "
                    "and put on PATH (the guide's route)",
                    rel.ref,
                )
            )
            steps += [
                M.Step(
                    f"Install the CUDA {rel.cuda} toolkit (administrator)",
                    M.Manual(
                        f"Install CUDA toolkit {rel.cuda} (custom install: CUDA components only) "
                        f"into {root}",
                        (),
                        True,
                        docs.url("cuda-toolkit-archive"),
                    ),
                    ps,
                ),
                M.Step(
                    f"Install cuDNN {rel.cudnn} (administrator)",
                    M.Manual(
                        f"Copy cuDNN {rel.cudnn} for CUDA {(rel.cuda or '?').split('.')[0]}.x: "
                        "bin\\*.dll into "
                        f"{root}\\bin, include\\*.h into {root}\\include, lib\\x64\\*.lib into "
                        f"{root}\\lib\\x64",
                        (),
                        True,
                        docs.url("cudnn-archive"),
                    ),
                    ps,
                ),
                M.Step(
                    "Create a fresh virtual environment",
                    M.CreateVenv(env, self._interpreter(python, ps)),
                    ps,
                ),
                M.Step("Put CUDA on PATH", M.SetEnv("PATH", f"{root}\\bin"), ps),
                M.Step("Put CUPTI on PATH", M.SetEnv("PATH", f"{root}\\extras\\CUPTI\\lib64"), ps),
                M.Step("Upgrade pip inside it", M.PipInstall(("pip",), upgrade=True), ps),
                M.Step("Install TensorFlow", M.PipInstall(req), ps),
                M.Step("Check that TensorFlow sees the GPU", M.Verify(expect_gpu=True), ps),
            ]
        else:
            env = self._env(conda=True)
            conda_pk = self._windows_conda_packages(rel)
            req = (last.value("pip_requirement"), *numpy_req)
            reasons.append(
                M.Reason(
                    "conda provides CUDA and cuDNN inside the environment "
                    f"({' '.join(conda_pk)}), then pip installs "
                    f"{req[0]}: TensorFlow's native-Windows recipe",
                    last.ref,
                )
            )
            steps += [
                M.Step(
                    "Create a conda environment with CUDA and cuDNN",
                    M.CondaCreate(env, python or "3.10", "conda-forge", conda_pk),
                    ps,
                ),
                M.Step("Install TensorFlow", M.PipInstall(req), ps),
                M.Step("Check that TensorFlow sees the GPU", M.Verify(expect_gpu=True), ps),
            ]
        return M.Plan(
            target_summary=t.summary(), target_os=t.os,
            route=(
                route if route in (M.Route.SYSTEM_CUDA, M.Route.CONDA) else M.Route.WINDOWS_NATIVE
            ),
            tf_version=rel.release,
            requirements=req,
            python=python,
            uses_gpu=fit.ok or fit.blocker != "cc",
            reasons=tuple(reasons),
            steps=tuple(steps),
            env_path=env,
            knowledge_version=self.kb.version,
            warnings=tuple(warnings),
            alternatives=(
                M.Alternative(
                    M.Route.WSL2,
                    "WSL2 with the newest TensorFlow (the default; tfgpu plan --route wsl2)",
                ),
            ),
            cuda=rel.cuda,
            cudnn=rel.cudnn,
        )
