"""Routes without CUDA: Apple's ``tensorflow-metal`` on macOS, ``tensorflow-rocm`` for AMD
on Linux, and the CPU build.
"""

from __future__ import annotations

from dataclasses import replace

from tfgpu.knowledge import PlatformFact, TestedConfig
from tfgpu.plan import model as M
from tfgpu.plan.routes._base import _PlannerBase
from tfgpu.plan.routes._shared import _minor, _next_minor, _rv, _spec, _v

#: The CPU build, offered beside the Metal and ROCm routes.
_CPU_ALTERNATIVE = (M.Alternative(M.Route.CPU, "CPU only (tfgpu plan --route cpu)"),)


def _macos_package(metal: PlatformFact, rel: TestedConfig) -> str:
    """``tensorflow`` from TensorFlow 2.13 on macOS, ``tensorflow-macos`` before (platform
    fact ``macos-metal-plugin``: ``tf_version``, ``base_package``, ``base_package_until_2_12``)."""
    if _rv(rel) >= _v(metal.value("tf_version")):
        return metal.value("base_package")
    return metal.value("base_package_until_2_12")


class _OtherRoutes(_PlannerBase):
    """macOS (Metal), AMD (ROCm) and CPU plans."""

    def macos(self) -> M.Plan:
        t = self.t
        rows = self.kb.releases("macos")
        apple = t.arch == "arm64"
        if not apple:
            rows = self._intel_mac_rows(rows)
        fit = next(
            (r for r in rows if not t.python or self._python_ok(r, t.python)),
            rows[0] if rows else None,
        )
        if fit is None:
            return self.cpu([M.Reason("the knowledge has no macOS release rows")])
        python = t.python if (t.python and self._python_ok(fit, t.python)) else fit.python_max
        metal = self.kb.platform_fact("macos-metal-plugin")
        reasons = [
            M.Reason(metal.title, metal.ref),
            M.Reason(
                f"TensorFlow {fit.release} is the newest macOS release in the knowledge"
                + (f" (Python {fit.python_range()})" if fit.python_range() != "unknown" else ""),
                fit.ref,
            ),
        ]
        if t.python and not self._python_ok(fit, t.python):
            reasons.append(
                M.Reason(
                    f"Python {t.python} is outside {fit.python_range()}; install Python {python}",
                    fit.ref,
                )
            )
        warnings = [
            M.Reason(
                "tensorflow-metal releases follow TensorFlow's with a delay and the knowledge "
                "has no "
                "tensorflow-metal version table; if the GPU is not listed after install, pin the "
                "TensorFlow version Apple's plugin page names",
                metal.ref,
            )
        ]
        pkg = _macos_package(metal, fit)
        req: tuple[str, ...] = (f"{pkg}{_spec(fit.release)}", "tensorflow-metal")
        if t.gpu_vendor not in ("apple", "amd"):
            # a described host (--os macos) was not examined: say what was given, not found
            return self.cpu([M.Reason(
                "no Apple silicon or AMD GPU was given (describe it with --gpu, e.g. --gpu "
                "\"Apple M2\")" if t.origin == "described"
                else "no Apple silicon or AMD GPU was found on this Mac")])
        release = fit.release
        if apple:
            release, python, req, reasons, warnings = self._metal_pairing(rows, reasons)
        env = self._env()
        steps = self._venv_steps(env, python, "Install TensorFlow and the Metal plugin", req)
        return self._plan(M.Route.METAL, release, req, python, reasons, steps, env,
                          uses_gpu=True, warnings=warnings, alternatives=_CPU_ALTERNATIVE)

    # --- metal pairing ---
    def _metal_pairing(
        self, rows: tuple[TestedConfig, ...], reasons: list[M.Reason],
    ) -> tuple[str, str | None, tuple[str, ...], list[M.Reason], list[M.Reason]]:
        """Apple silicon: the TensorFlow / tensorflow-metal pair reported working
        (platform fact ``macos-metal-pairing``: tensorflow-metal 1.1.0 with TensorFlow 2.17
        on Python 3.11, tensorflow#84167), not the newest TensorFlow, which fails to load
        the plugin from 2.18 ("Symbol not found", tensorflow#81987).

        Returns:
            ``(release, python, requirements, reasons, warnings)`` of the plan.
        """
        t = self.t
        pair = self.kb.platform_fact("macos-metal-pairing")
        tf_minor, metal_v = pair.value("tf_version"), pair.value("metal_version")
        py_max = pair.value("python_max")
        want = _v(tf_minor).release[:2]
        row = next((r for r in rows
                    if _v(r.tf_version).release[:2] <= want
                    <= _v(r.tf_version_last or r.tf_version).release[:2]), None)
        release = f"{tf_minor}.0"
        python_ok = (t.python is not None and _v(t.python) <= _v(py_max)
                     and (row is None or self._python_ok(row, t.python)))
        python = t.python if python_ok else py_max
        req = (f"tensorflow{_spec(release)}", f"tensorflow-metal=={metal_v}")
        out = [r for r in reasons if not r.text.startswith(("TensorFlow ", "Python "))]
        out.append(M.Reason(
            f"TensorFlow {tf_minor} with tensorflow-metal {metal_v} on Python {py_max} is the "
            "pair reported working on Apple silicon; the newest TensorFlow is not used "
            f"because from {pair.value('broken_from')} it fails to load the Metal plugin",
            pair.ref))
        if t.python and not python_ok:
            out.append(M.Reason(f"Python {t.python} is not that pair's ({py_max}); install "
                                f"Python {python}", pair.ref))
        warnings = [M.Reason(
            f"do not upgrade TensorFlow past {tf_minor} alone: TensorFlow "
            f"{pair.value('broken_from')} and later stop at import with \"Symbol not found\" "
            "in libmetal_plugin.dylib until a matching tensorflow-metal exists "
            "(tfgpu doctor reports it as metal-plugin-tensorflow-mismatch)", pair.ref)]
        return release, python, req, out, warnings
    # --- end metal pairing ---

    def rocm(self) -> M.Plan:
        t = self.t
        fact = self.kb.platform_fact("amd-rocm")
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
            return self.cpu([M.Reason("the knowledge lists no tensorflow-rocm release")])
        rel = next(
            (r for r in self.kb.releases("linux") if _minor(r.release) == _minor(best_tf)), None
        )
        python = (
            t.python
            if (rel is None or (t.python and self._python_ok(rel, t.python)))
            else rel.python_max
        )
        req = (f"tensorflow-rocm=={best_tf}",)
        rocm_xy = ".".join(best_rocm.split(".")[:2])  # "6.2.x" -> "6.2", AMD's rocm-rel-X.Y
        env = self._env()
        reasons = [
            M.Reason(
                "AMD GPUs use tensorflow-rocm; the newest release in AMD's support matrix is "
                f"{best_tf} "
                f"(ROCm {best_rocm})",
                fact.ref,
            ),
        ]
        if rel is not None:
            reasons.append(
                M.Reason(f"TensorFlow {rel.release} supports Python {rel.python_range()}", rel.ref)
            )
        steps = [
            M.Step(
                f"Install ROCm {best_rocm} (needs root)",
                M.Manual(
                    f"Install ROCm {best_rocm} and add your user to the render and video groups",
                    (),
                    True,
                    self.kb.doc_url(fact) or "",
                ),
            ),
            M.Step(
                "Create a fresh virtual environment",
                M.CreateVenv(env, self._interpreter(python, M.Shell.POSIX)),
            ),
            M.Step("Upgrade pip inside it", M.PipInstall(("pip",), upgrade=True)),
            M.Step(
                "Install tensorflow-rocm from AMD's wheel repository",
                M.PipInstall(
                    req,
                    index_note=(
                        f"from ROCm 6.1 AMD publishes tensorflow-rocm for ROCm {rocm_xy} on its "
                        "own wheel repository, not on the Python package index (AMD's "
                        "TensorFlow install page, \"Using a wheels package\")"
                    ),
                    find_links=fact.value("wheel_index").replace("{rocm}", rocm_xy),
                ),
            ),
            M.Step("Check that TensorFlow sees the GPU", M.Verify(expect_gpu=True)),
        ]
        return self._plan(M.Route.ROCM, best_tf, req, python, reasons, steps, env,
                          uses_gpu=True, alternatives=_CPU_ALTERNATIVE)

    def _intel_mac_rows(self, rows: tuple[TestedConfig, ...]) -> tuple[TestedConfig, ...]:
        """macOS release rows an Intel Mac can install (platform fact ``macos-x86-last``:
        the 2.16 series is the last with macOS x86_64 wheels), the last series' row naming
        the fact's ``last_release`` (2.16.2, pip.md's wheel table), the release explain's
        Intel-Mac fix pins too."""
        fact = self.kb.platform_fact("macos-x86-last")
        last_x86 = fact.value("tf_version")
        last = fact.value("last_release")
        return tuple(
            replace(r, tf_version=last) if r.tf_series == last_x86 and _v(last) > _rv(r) else r
            for r in rows if _rv(r) < _v(_next_minor(last_x86)))

    def cpu(self, why: list[M.Reason], *, gpu_unusable: bool = False) -> M.Plan:
        t = self.t
        platform = {"windows": "windows", "macos": "macos"}.get(t.os, "linux")
        rows = self.kb.releases(platform)
        if platform == "macos" and t.arch != "arm64":
            rows = self._intel_mac_rows(rows)
        rel = next((r for r in rows if not t.python or self._python_ok(r, t.python)), None)
        reasons = list(why)
        if rel is None and rows:
            rel = rows[0]
            reasons.append(
                M.Reason(
                    f"Python {t.python} is outside the tested range of every release; install "
                    f"Python {rel.python_max} (TensorFlow {rel.release} supports "
                    f"{rel.python_range()})",
                    rel.ref,
                )
            )
        if rel is None:
            return self._plan(M.Route.CPU, None, (), t.python, reasons, (), self._env(),
                              uses_gpu=False)
        python = t.python if (t.python and self._python_ok(rel, t.python)) else rel.python_max
        reasons.append(
            M.Reason(
                f"TensorFlow {rel.release} is the newest {platform} release"
                + (f" that supports Python {python}" if python else ""),  # not "None"
                rel.ref,
            )
        )
        if platform == "macos" and t.arch != "arm64":  # say why not newer
            x86 = self.kb.platform_fact("macos-x86-last")
            reasons.append(M.Reason(
                f"{x86.title}; its last release is {x86.value('last_release')}", x86.ref))
        # tensorflow-cpu is the CPU-only variant of the Linux x86_64 CUDA build (platform
        # fact tensorflow-is-cuda-build); on Windows `tensorflow` is Intel's CPU build
        # (windows-cpu-wheels-intel), elsewhere the plain package is the CPU build.
        pkg = "tensorflow-cpu" if (t.arch == "x86_64" and platform == "linux") else "tensorflow"
        cpu_fact = self.kb.platform_fact(
            "tensorflow-is-cuda-build" if pkg == "tensorflow-cpu" else "windows-cpu-wheels-intel"
        )
        if platform in ("linux", "windows") and t.arch == "x86_64":
            reasons.append(M.Reason(cpu_fact.title, cpu_fact.ref))
        if t.os == "macos" and t.arch == "arm64":
            pkg = _macos_package(self.kb.platform_fact("macos-metal-plugin"), rel)
        numpy_req, numpy_reason = self._numpy_cap(rel)
        if numpy_reason:
            reasons.append(numpy_reason)
        req = (f"{pkg}{_spec(rel.release)}", *numpy_req)
        shell = M.Shell.POWERSHELL if t.os == "windows" else M.Shell.POSIX
        env = self._env()
        steps = self._venv_steps(env, python, "Install TensorFlow (CPU)", req, expect_gpu=False,
                                 shell=shell)
        alts: tuple[M.Alternative, ...] = ()
        if gpu_unusable:
            alts = (
                M.Alternative(
                    M.Route.PIP, "a GPU with a supported compute capability (see the reason above)"
                ),
            )
        return self._plan(M.Route.CPU, rel.release, req, python, reasons, steps, env,
                          uses_gpu=False, alternatives=alts)
