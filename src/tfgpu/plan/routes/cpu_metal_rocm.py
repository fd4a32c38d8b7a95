"""Routes without CUDA: Apple's ``tensorflow-metal`` on macOS, ``tensorflow-rocm`` for AMD
on Linux, and the CPU build.
"""

from __future__ import annotations

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
from tfgpu.plan.routes._base import _PlannerBase
from tfgpu.plan.routes._shared import _minor, _next_minor, _spec, _v


class _OtherRoutes(_PlannerBase):
    """macOS (Metal), AMD (ROCm) and CPU plans."""

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
