"""Plans for the hosts issue 3 names, with expectations asked of the knowledge itself.

Each expected TensorFlow version is computed here from :mod:`tfgpu.knowledge` queries
(tested configs, driver minimums, wheel compute capabilities, and-cuda pins), not typed
in, so the tests follow the data files; the planner uses its own walk over the same
rows, so a disagreement between the two is a real bug.
"""

from __future__ import annotations

import pytest

from tfgpu.knowledge import Knowledge, load_knowledge
from tfgpu.plan import PlanError, make_plan, target_from_description
from tfgpu.plan.model import (
    CondaCreate,
    CreateVenv,
    Manual,
    PipInstall,
    Plan,
    Route,
    SetEnv,
    Verify,
)
from tfgpu.plan.target import TargetHost


@pytest.fixture(scope="module")
def kb() -> Knowledge:
    return load_knowledge()


def plan_for(route: Route | None = None, **desc: str) -> Plan:
    os_ = desc.pop("os")
    return make_plan(target_from_description(os_, **desc), load_knowledge(), route)


def expected_pip_release(kb: Knowledge, os: str, *, python: str, driver: str, cc: str) -> str:
    """Newest release with the and-cuda extra and no blocking blocker (knowledge API)."""
    for cfg in kb.gpu_configs(os):
        if not kb.and_cuda_pins(cfg.tf_version):
            continue
        blockers = kb.gpu_blockers(cfg, os=os, python=python, driver=driver, compute_capability=cc)
        if not any(b.blocking for b in blockers):
            return cfg.tf_version
    raise AssertionError("no release fits")


def refs(plan: Plan) -> str:
    return " ".join(r.ref for r in (*plan.reasons, *plan.warnings))


def actions(plan: Plan) -> list[object]:
    return [s.action for s in plan.steps]


# --------------------------------------------------------------------------- the hosts
def test_rtx3060_laptop_windows11_driver531_goes_to_wsl2_with_newest_tf(kb: Knowledge) -> None:
    plan = plan_for(
        os="windows", gpu="NVIDIA GeForce RTX 3060 Laptop GPU", driver="531.14", python="3.11"
    )
    want = expected_pip_release(kb, "wsl2", python="3.11", driver="531.14", cc="8.6")
    assert plan.route is Route.WSL2
    assert plan.tf_version == want == kb.latest_tf("linux")
    assert plan.requirements[0] == f"tensorflow[and-cuda]~={want}"
    last = kb.platform_fact("windows-native-gpu-last")
    assert (
        f"{last.value('tf_version')} was the last release with GPU support" in plan.reasons[0].text
    )
    assert plan.reasons[0].ref == last.ref
    # WSL2 runs on the Windows driver: the Windows column of the 12.x floor is the one checked.
    floor = kb.min_driver("12.5", "wsl2")
    assert floor is not None
    assert any(f">= {floor.version}" in r.text and r.ref == floor.row.ref for r in plan.reasons)
    # The WSL2 install is a manual PowerShell step; the rest runs inside WSL2.
    first = plan.steps[0]
    assert isinstance(first.action, Manual) and first.action.needs_root
    assert "wsl --install" in first.action.commands[0]
    # The native alternative is the last native-Windows GPU release with conda CUDA/cuDNN.
    native = kb.gpu_configs("windows")[0]
    alt = next(a for a in plan.alternatives if a.route is Route.WINDOWS_NATIVE)
    assert alt.tf_version == native.tf_version
    assert f"cudatoolkit={native.cuda}" in alt.summary


def test_rtx3060_laptop_windows_native_route_uses_the_install_page_recipe(kb: Knowledge) -> None:
    plan = plan_for(
        Route.WINDOWS_NATIVE,
        os="windows",
        gpu="RTX 3060 Laptop GPU",
        driver="531.14",
        python="3.10",
    )
    fact = kb.platform_fact("windows-native-gpu-last")
    assert plan.route is Route.WINDOWS_NATIVE
    assert plan.requirements[0] == fact.value("pip_requirement") == "tensorflow<2.11"
    assert "numpy<2" in plan.requirements  # 2.10 predates numpy 2 (platform fact)
    conda = next(a for a in actions(plan) if isinstance(a, CondaCreate))
    assert conda.packages == tuple(fact.values["conda_packages"])
    assert conda.python == "3.10"


def test_gtx1060_ubuntu2004_driver470_gets_newest_cuda11_release_and_driver_upgrade(
    kb: Knowledge,
) -> None:
    plan = plan_for(os="linux", gpu="GeForce GTX 1060", driver="470.82.01", python="3.11")
    want = expected_pip_release(kb, "linux", python="3.11", driver="470.82.01", cc="6.1")
    cfg = kb.config_for(want, "linux")
    assert cfg is not None and cfg.cuda_major == 11  # the driver cannot run CUDA 12
    assert plan.route is Route.PIP and plan.tf_version == want
    assert plan.requirements[0] == f"tensorflow[and-cuda]~={want}"
    cuda12 = kb.min_driver("12.5", "linux")
    assert cuda12 is not None
    assert any(
        "not newer" in r.text and cuda12.version in r.text and r.ref == cuda12.row.ref
        for r in plan.reasons
    )
    alt = next(a for a in plan.alternatives if "upgrade the NVIDIA driver" in a.summary)
    assert f">= {cuda12.version}" in alt.summary and alt.tf_version == kb.latest_tf("linux")


def test_gtx1060_with_ubuntu2004_python38_falls_back_to_system_cuda(kb: Knowledge) -> None:
    # Python 3.8 rules out every release with the and-cuda extra, so the default route
    # cannot work: the newest release for 3.8 with system CUDA, as the guide describes.
    plan = plan_for(os="linux", gpu="GeForce GTX 1060", driver="470.82.01", python="3.8")
    fits = [
        c
        for c in kb.gpu_configs("linux")
        if not any(
            b.blocking
            for b in kb.gpu_blockers(
                c, os="linux", python="3.8", driver="470.82.01", compute_capability="6.1"
            )
        )
    ]
    want = fits[0]
    assert not kb.and_cuda_pins(want.tf_version)
    assert plan.route is Route.SYSTEM_CUDA and plan.tf_version == want.tf_version
    assert "no release's and-cuda wheels serve this host" in plan.reasons[1].text
    assert f"TensorFlow {want.tf_version} predates the extra" in plan.reasons[1].text
    sets = [a for a in actions(plan) if isinstance(a, SetEnv)]
    assert [(s.name, s.value) for s in sets] == [
        ("PATH", f"/usr/local/cuda-{want.cuda}/bin"),
        ("LD_LIBRARY_PATH", f"/usr/local/cuda-{want.cuda}/lib64"),
    ]
    manual = [a for a in actions(plan) if isinstance(a, Manual)]
    assert any(f"CUDA toolkit {want.cuda}" in m.text for m in manual)
    assert any(f"cuDNN {want.cudnn}" in m.text for m in manual)
    assert any(a.summary.startswith("use Python") for a in plan.alternatives)


@pytest.mark.parametrize("driver", ["525.85.12", "525.60.13"])
def test_a100_driver525_runs_newest_tf_by_minor_version_compatibility(
    kb: Knowledge, driver: str
) -> None:
    plan = plan_for(os="linux", gpu="NVIDIA A100-SXM4-80GB", driver=driver)
    want = expected_pip_release(kb, "linux", python=plan.python or "", driver=driver, cc="8.0")
    assert plan.tf_version == want == kb.latest_tf("linux")
    fam = kb.min_driver("12.5", "linux")
    assert fam is not None and fam.rule == "minor-version-compat"
    assert any(
        r.ref == fam.row.ref and f"driver {driver} >= {fam.version}" in r.text for r in plan.reasons
    )
    # sm_80 cubins: no PTX JIT; the only caveat is the assumed Python (none was given)
    assert [w.text for w in plan.warnings if "assumes Python" not in w.text] == []


def test_a100_bare_driver_525_plans_newest_and_says_what_to_check(kb: Knowledge) -> None:
    # "525" is a branch: CUDA 12's 525.60.13 lies inside it, so the knowledge calls the
    # comparison unknown (a caveat, not a blocker); the plan says what to check and what
    # an older 525 driver would get.
    plan = plan_for(os="linux", gpu="A100", driver="525", python="3.11")
    fam = kb.min_driver("12.5", "linux")
    assert fam is not None and fam.version.startswith("525.")
    assert kb.driver_ok("525", "12.5", "linux")[0] is None
    want = expected_pip_release(kb, "linux", python="3.11", driver="525", cc="8.0")
    assert plan.tf_version == want == kb.latest_tf("linux")
    older = expected_pip_release(kb, "linux", python="3.11", driver="525.0", cc="8.0")
    warn = next(w for w in plan.warnings if "branch number" in w.text)
    assert fam.version in warn.text and f"TensorFlow {older} is the newest" in warn.text
    assert warn.ref == fam.row.ref


@pytest.mark.parametrize("gpu", ["NVIDIA H100 80GB HBM3", "NVIDIA H200"])
def test_h100_h200_driver580_newest_tf_with_ptx_jit_caveat(kb: Knowledge, gpu: str) -> None:
    plan = plan_for(os="linux", gpu=gpu, driver="580.65.06", python="3.12")
    want = expected_pip_release(kb, "linux", python="3.12", driver="580.65.06", cc="9.0")
    assert plan.tf_version == want == kb.latest_tf("linux")
    support = kb.cc_support(want, "9.0")
    assert support is not None
    assert (support.status == "ptx-jit") == any("JIT" in w.text for w in plan.warnings)
    if support.status == "ptx-jit":
        need = kb.min_driver(support.row.build_cuda, "linux", ptx_jit=True)
        assert need is not None
        assert any(r.ref == need.row.ref and need.version in r.text for r in plan.reasons)


def test_gtx680_cc30_is_below_every_wheel_and_gets_an_honest_cpu_plan(kb: Knowledge) -> None:
    plan = plan_for(os="linux", gpu="GeForce GTX 680", driver="470.82.01", python="3.11")
    lowest = min((r.min_cc for r in kb.wheel_archs), key=lambda c: tuple(map(int, c.split("."))))
    assert plan.route is Route.CPU and not plan.uses_gpu
    assert plan.tf_version == kb.latest_tf("linux")
    assert plan.requirements == (f"tensorflow-cpu~={plan.tf_version}",)
    why = " ".join(r.text for r in plan.reasons)
    assert "compute capability 3.0" in why and f"below {lowest}" in why
    assert "gpu_compute_capability:" in refs(plan) and "tf_compute_capabilities:" in refs(plan)
    assert isinstance(plan.steps[-1].action, Verify) and not plan.steps[-1].action.expect_gpu


def test_apple_m2_gets_tensorflow_metal(kb: Knowledge) -> None:
    plan = plan_for(os="macos", gpu="Apple M2", python="3.11")
    metal = kb.platform_fact("macos-metal-plugin")
    pair = kb.platform_fact("macos-metal-pairing")  # issue 12: a pair with a source
    assert plan.route is Route.METAL and plan.uses_gpu
    assert plan.tf_version == f"{pair.value('tf_version')}.0" != kb.latest_tf("macos")
    assert plan.requirements == (
        f"{metal.value('base_package')}~={plan.tf_version}",
        f"{metal.value('package')}=={pair.value('metal_version')}",
    )
    assert plan.reasons[0].ref == metal.ref


def test_no_gpu_host_gets_the_cpu_build(kb: Knowledge) -> None:
    plan = plan_for(os="linux", python="3.11")
    # a described host: nothing was searched (ux2)
    assert plan.route is Route.CPU and plan.reasons[0].text == "no GPU given (--gpu)"
    newest = next(c for c in kb.tested_configs(os="linux") if c.python_ok("3.11"))
    assert (
        plan.tf_version
        == kb.latest_tf("linux")
        == max(
            (c.tf_version for c in kb.tested_configs(os="linux") if c.python_ok("3.11")),
            key=lambda v: tuple(map(int, v.split("."))),
        )
    )
    assert newest is not None
    assert [type(a).__name__ for a in actions(plan)] == [
        "CreateVenv",
        "PipInstall",
        "PipInstall",
        "Verify",
    ]


# --------------------------------------------------------------------------- edges
@pytest.mark.parametrize("python", ["3.2", "3.14"])
def test_python_outside_every_release_says_which_python_to_install(
    kb: Knowledge, python: str
) -> None:
    plan = plan_for(os="linux", gpu="A100", driver="550.54.14", python=python)
    newest = kb.gpu_configs("linux")[0]
    assert plan.tf_version == newest.tf_version
    assert plan.python == newest.python_max
    assert any(f"install Python {newest.python_max}" in r.text for r in plan.reasons)
    venv = next(a for a in actions(plan) if isinstance(a, CreateVenv))
    assert venv.python == (f"python{newest.python_max}",)


def test_driver_too_old_for_cuda11_uses_cuda10_with_system_cuda(kb: Knowledge) -> None:
    plan = plan_for(os="linux", gpu="GeForce GTX 1060", driver="440.33.01", python="3.8")
    assert plan.route is Route.SYSTEM_CUDA
    cfg = kb.config_for(plan.tf_version or "", "linux")
    assert cfg is not None and cfg.cuda is not None
    ok, minimum = kb.driver_ok("440.33.01", cfg.cuda, "linux")
    assert ok and minimum is not None
    newer = kb.min_driver("11.2", "linux")
    assert newer is not None and newer.version > "440.33.01"


def test_blackwell_recorded_b300_gets_ptx_and_the_known_failure_warning(kb: Knowledge) -> None:
    plan = plan_for(os="linux", gpu="NVIDIA B300 SXM6 AC", driver="610.57.04")
    assert plan.tf_version == kb.latest_tf("linux")
    assert "platform_facts:blackwell-no-cubins" in refs(plan)


def test_amd_on_linux_gets_tensorflow_rocm_from_the_support_matrix(kb: Knowledge) -> None:
    plan = plan_for(os="linux", gpu="AMD Radeon RX 7900 XTX", python="3.11")
    matrix = kb.platform_fact("amd-rocm").values["rocm_matrix"]
    newest = max(
        (v.strip() for row in matrix for v in row.split(":")[1].split(",")),
        key=lambda v: tuple(map(int, v.split("."))),
    )
    assert plan.route is Route.ROCM and plan.requirements == (f"tensorflow-rocm=={newest}",)
    assert any(isinstance(a, Manual) and a.needs_root for a in actions(plan))


def test_intel_gpu_gets_cpu_plan() -> None:
    plan = plan_for(os="linux", gpu="Intel Arc A770", python="3.11")
    assert plan.route is Route.CPU and "not an NVIDIA GPU" in plan.reasons[0].text


def test_unknown_gpu_name_warns_and_still_plans() -> None:
    plan = plan_for(os="linux", gpu="GeForce RTX 9999 Imaginary", driver="580.65.06", python="3.12")
    assert plan.route is Route.PIP
    assert any("--cc" in w.text for w in plan.warnings)


def test_missing_driver_becomes_a_manual_root_step() -> None:
    t = TargetHost(
        os="linux", python="3.11", gpu_vendor="nvidia", gpu_name="NVIDIA A100", driver=None
    )
    plan = make_plan(t, load_knowledge())
    manual = plan.manual_steps[0].action
    assert isinstance(manual, Manual) and manual.needs_root and "NVIDIA driver" in manual.text


@pytest.mark.parametrize(
    ("os_", "route"),
    [
        ("linux", Route.METAL),
        ("linux", Route.WINDOWS_NATIVE),
        ("macos", Route.PIP),
        ("linux", Route.ROCM),
    ],
)
def test_routes_that_do_not_apply_are_refused(os_: str, route: Route) -> None:
    with pytest.raises(PlanError):
        plan_for(
            route,
            os=os_,
            gpu="A100" if os_ == "linux" else "Apple M2",
            driver="550.54.14" if os_ == "linux" else None,
        )  # type: ignore[arg-type]


def test_conda_route_uses_conda_for_python_and_pip_for_tensorflow() -> None:
    plan = plan_for(Route.CONDA, os="linux", gpu="A100", driver="550.54.14", python="3.11")
    conda = next(a for a in actions(plan) if isinstance(a, CondaCreate))
    assert conda.python == "3.11" and conda.packages == ()
    pip = [a for a in actions(plan) if isinstance(a, PipInstall)]
    assert pip[-1].requirements[0].startswith("tensorflow[and-cuda]~=")


# --------------------------------------------------------------------------- invariants
def _sample_targets(kb: Knowledge) -> list[TargetHost]:
    out = []
    names = [g.name for g in kb.gpus if g.compute_capability][::7]
    for i, name in enumerate(names):
        for os_ in ("linux", "wsl2", "windows"):
            out.append(
                TargetHost(
                    os=os_,
                    python=("3.8", "3.10", "3.11", "3.13")[i % 4],
                    gpu_vendor="nvidia",
                    gpu_name=name,
                    driver=("418.96", "470.82.01", "531.14", "580.65.06")[i % 4],
                )
            )
    return out


def test_every_plan_cites_real_rows_and_never_uses_tensorflow_gpu(kb: Knowledge) -> None:
    view = kb
    targets = _sample_targets(kb)
    assert len(targets) > 60
    for t in targets:
        for route in (None, Route.CPU):
            plan = make_plan(t, view, route)
            for req in plan.requirements:
                assert not req.startswith("tensorflow-gpu"), (t, req)
            for r in (*plan.reasons, *plan.warnings):
                if r.ref:
                    kb.row(r.ref)  # raises when the cited row does not exist
            # a Jetson's plan pins no release: NVIDIA's build for its JetPack release
            assert plan.tf_version is not None or plan.route is Route.JETSON
            for step in plan.steps:
                if isinstance(step.action, Manual):
                    continue
                text = repr(step.action)
                assert "sudo" not in text, (t, step)


def test_windows_without_gpu_gets_intels_tensorflow_in_powershell(kb: Knowledge) -> None:
    plan = plan_for(os="windows", python="3.11")
    assert plan.route is Route.CPU
    assert plan.requirements == (f"tensorflow~={kb.latest_tf('windows')}",)
    assert "platform_facts:windows-cpu-wheels-intel" in refs(plan)
    assert all(s.shell.value == "powershell" for s in plan.steps)


def test_python_and_driver_both_limiting_name_both(kb: Knowledge) -> None:
    # Python 3.14 fits no release and driver 470 rules out CUDA 12: the plan names the
    # Python to install, the driver reason for not going newer, and the driver upgrade.
    plan = plan_for(os="linux", gpu="GTX 1060", driver="470.82.01", python="3.14")
    cuda12 = kb.min_driver("12.5", "linux")
    assert cuda12 is not None
    text = " ".join(r.text for r in plan.reasons)
    assert f"install Python {plan.python}" in text
    assert f"needs driver >= {cuda12.version}" in text
    assert any(f">= {cuda12.version}" in a.summary for a in plan.alternatives)
