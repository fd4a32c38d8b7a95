"""Regression tests for the fresh-eyes review of `tfgpu plan`/`install`/`matrix` (issue 3).

Each test names the review defect it pins down.  Snapshots are in
tests/fixtures/plan-hosts/ (see its README).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult
from tfgpu.cli.main import main
from tfgpu.facts import ProbeStatus
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import PlanError, make_plan, render, target_from_description
from tfgpu.plan._activate import BEGIN, update_activate
from tfgpu.plan.install import (
    RecordingReporter,
    VerifyOutcome,
    planned_steps,
    run_install,
    verify_argv,
)
from tfgpu.plan.model import CondaCreate, CreateVenv, Manual, Plan, Route
from tfgpu.plan.target import TargetError

FIX = Path(__file__).resolve().parents[1] / "fixtures" / "plan-hosts"
SH = shutil.which("sh")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def plan_for(route: Route | None = None, env: str | None = None, **desc: str) -> Plan:
    os_ = desc.pop("os")
    return make_plan(target_from_description(os_, **desc), load_knowledge(), route, env)


# --------------------------------------------------------------------------- defect 1
@pytest.mark.parametrize(
    ("gpu", "driver"),
    [
        ("RTX 3060", "470.82.01"),
        ("GTX 1060", "470.82.01"),
        ("A100", "460.32.03"),
        ("RTX 4090", "470.82.01"),
        ("H100", "470.82.01"),
    ],
)
@pytest.mark.parametrize("python", ["3.11", "3.12", "3.13"])
def test_old_driver_never_gets_a_silent_cpu_plan(gpu: str, driver: str, python: str) -> None:
    """Defect 1: a GPU route exists (another Python, system CUDA): it is chosen, and the
    driver upgrade is always an alternative with both the Linux and Windows minimum."""
    plan = plan_for(os="linux", gpu=gpu, driver=driver, python=python)

    def system_cuda_uses_gpu(p: str) -> bool:
        try:
            return make_plan(target_from_description("linux", gpu=gpu, driver=driver, python=p),
                             load_knowledge(), Route.SYSTEM_CUDA).uses_gpu
        except PlanError:  # no release at all (a driver older than the GPU itself)
            return False

    if any(system_cuda_uses_gpu(p) for p in ("3.8", "3.9", "3.10")):
        assert plan.uses_gpu and plan.route is not Route.CPU, plan.reasons
        if plan.python != python:
            assert any(f"install Python {plan.python}" in r.text for r in plan.reasons)
    ups = [a for a in plan.alternatives if a.summary.startswith("upgrade the NVIDIA driver")]
    assert ups, plan.alternatives
    assert "on WSL2/Windows" in ups[0].summary and ups[0].tf_version


def test_rtx3060_driver470_python311_gets_tf211_with_python310() -> None:
    """Defect 1, the reviewer's exact case."""
    plan = plan_for(os="linux", gpu="RTX 3060", driver="470.82.01", python="3.11")
    assert (plan.route, plan.tf_version, plan.python) == (Route.SYSTEM_CUDA, "2.11.0", "3.10")
    assert plan.uses_gpu
    text = render(plan, "text")
    assert "install Python 3.10" in text
    # on Windows the CUDA 12 build runs under WSL2 only, whose minimum is TensorFlow's own
    # (platform fact wsl2-min-driver: 528.33), not CUDA's Windows floor (527.41)
    assert "upgrade the NVIDIA driver to >= 525.60.13 (>= 528.33 on WSL2/Windows)" in text


def test_h1060_snapshot_plan_uses_the_gpu(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "plan", "--facts", str(FIX / "h1060.json"))
    assert code == 0 and "uses the GPU" in out and "Route: cpu" not in out
    assert "upgrade the NVIDIA driver" in out


# --------------------------------------------------------------------------- defect 2
@pytest.mark.parametrize("source", ["wsl2", "windows"])
def test_wsl2_system_cuda_never_installs_a_linux_driver(source: str) -> None:
    """Defect 2: the WSL-Ubuntu toolkit package, no driver, cite NVIDIA's WSL guide."""
    if source == "wsl2":
        plan = plan_for(Route.SYSTEM_CUDA, os="wsl2", gpu="RTX 3060", driver="531.14")
    else:  # Windows host whose driver only WSL2 can use through system CUDA
        plan = plan_for(os="windows", gpu="RTX 3060", driver="470.05", python="3.11")
    manuals = [s.action for s in plan.steps if isinstance(s.action, Manual)]
    toolkit = [m for m in manuals if "toolkit" in m.text]
    if plan.route is Route.SYSTEM_CUDA or source == "wsl2":
        assert toolkit
    for m in toolkit:
        assert "with NVIDIA's runfile" not in m.text and "deselect the bundled driver" not in m.text
        assert "WSL-Ubuntu" in m.text and "Never install a Linux NVIDIA driver" in m.text
        assert m.url == "https://docs.nvidia.com/cuda/wsl-user-guide/index.html"
        assert all("cuda-drivers" not in c and "ubuntu-drivers" not in c for c in m.commands)


def test_wsl_snapshot_system_cuda(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(
        capsys, "plan", "--facts", str(FIX / "hwsl.json"), "--route", "system-cuda"
    )
    assert code == 0
    assert "cuda-toolkit-12-5" in out and "with NVIDIA's runfile" not in out


# --------------------------------------------------------------------------- defect 3
@pytest.mark.parametrize(
    "desc",
    [
        {"os": "windows", "gpu": "RTX 3060 Laptop GPU", "driver": "531.14", "python": "3.11"},
        {"os": "windows", "gpu": "RTX 3060 Laptop GPU", "driver": "531.14"},
        {"os": "linux", "gpu": "A100", "driver": "550.54.14", "python": "3.11"},
        {"os": "linux", "gpu": "GTX 1060", "driver": "470.82.01", "python": "3.8"},
        {"os": "wsl2", "gpu": "RTX 3060", "driver": "531.14", "python": "3.10"},
        {"os": "macos", "gpu": "Apple M2", "python": "3.11"},
    ],
)
def test_each_route_alternative_is_what_that_route_command_gives(desc: dict[str, str]) -> None:
    """Defect 3: an alternative "... (tfgpu plan --route X)" is made by planning X."""
    plan = plan_for(**dict(desc))
    routed = [a for a in plan.alternatives if "--route" in a.summary]
    assert routed
    for alt in routed:
        assert f"tfgpu plan --route {alt.route.value}" in alt.summary
        other = plan_for(alt.route, **dict(desc))
        assert other.route is alt.route
        assert other.tf_version == alt.tf_version
        assert f"TensorFlow {other.tf_version}" in alt.summary
        if other.cuda and alt.route is Route.SYSTEM_CUDA:
            assert f"CUDA {other.cuda} + cuDNN {other.cudnn}" in alt.summary


def test_windows_default_no_longer_advertises_cuda12_system_route() -> None:
    plan = plan_for(os="windows", gpu="RTX 3060 Laptop GPU", driver="531.14", python="3.11")
    sc = next(a for a in plan.alternatives if a.route is Route.SYSTEM_CUDA)
    assert "CUDA 11.2 + cuDNN 8.1" in sc.summary and sc.tf_version == "2.10.0"


# --------------------------------------------------------------------------- defect 4
def test_no_python_is_an_assumption_said_out_loud() -> None:
    # (WSL2 now uses the distribution's own python3: tests/plan/test_wsl2_plan.py)
    plan = plan_for(os="linux", gpu="RTX 3060", driver="550.54.14")
    note = [w.text for w in plan.warnings if "assumes Python" in w.text]
    assert note and f"Python {plan.python}" in note[0]
    assert "uv python install" in note[0] and "deadsnakes" in note[0]


@pytest.mark.parametrize(
    "argv",
    [
        ["plan", "--os", "linux", "--python", ""],
        ["plan", "--facts", str(FIX / "badpy.json")],
    ],
)
def test_empty_or_garbage_python_is_a_usage_error(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = cli(capsys, *argv)
    assert code == 2 and "Traceback" not in err


# --------------------------------------------------------------------------- defect 5
@pytest.mark.parametrize(
    ("name", "what"),
    [("baddrv.json", "garbage"), ("badcc.json", "abc"), ("badpy.json", "banana")],
)
def test_malformed_snapshot_values_are_exit_2(
    capsys: pytest.CaptureFixture[str], name: str, what: str
) -> None:
    code, out, err = cli(capsys, "plan", "--facts", str(FIX / name))
    assert code == 2, err
    assert "not a tfgpu facts snapshot" in err and what in err
    assert "internal error" not in err and out == ""


# --------------------------------------------------------------------------- defect 6
def test_conda_path_uses_prefix_and_plain_names_are_validated() -> None:
    plan = plan_for(
        Route.CONDA, env="/tmp/my env", os="linux", gpu="A100", driver="550.54.14", python="3.11"
    )
    sh = render(plan, "sh")
    assert "conda create -y -p '/tmp/my env'" in sh and " -n " not in sh
    assert "conda run -p '/tmp/my env' python" in sh
    assert 'prefix: "/tmp/my env"' in render(plan, "conda")
    with pytest.raises(PlanError, match="conda environment name"):
        plan_for(Route.CONDA, env="my env", os="linux", gpu="A100", driver="550.54.14")
    named = plan_for(Route.CONDA, env="tf-2.x", os="linux", gpu="A100", driver="550.54.14")
    assert "conda create -y -n tf-2.x" in render(named, "sh")


def test_format_conda_without_conda_route_honours_venv(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["plan", "--os", "linux", "--gpu", "A100", "--driver", "550.54", "--python", "3.11"]
    code, out, _ = cli(capsys, *base, "--format", "conda", "--venv", "./envs/tf")
    assert code == 0 and 'prefix: "./envs/tf"' in out
    code, out, _ = cli(capsys, *base, "--format", "conda", "--venv", "tfenv")
    assert code == 0 and 'name: "tfenv"' in out
    code, _, err = cli(capsys, *base, "--format", "conda", "--venv", "bad name")
    assert code == 2 and "conda environment name" in err


@pytest.mark.skipif(SH is None, reason="no sh")
def test_conda_cudatoolkit_route_writes_ld_library_path_activation(tmp_path: Path) -> None:
    """Defect 6: TensorFlow's old Linux conda recipe (tensorflow/docs 5cb83e49...,
    pip.md) put $CONDA_PREFIX/lib on LD_LIBRARY_PATH through activate.d."""
    plan = plan_for(Route.CONDA, os="linux", gpu="GTX 1060", driver="450.80.02", python="3.8")
    conda = next(s.action for s in plan.steps if isinstance(s.action, CondaCreate))
    assert any(p.startswith("cudatoolkit=") for p in conda.packages)
    assert conda.lib_on_ld_library_path
    sh = render(plan, "sh")
    assert "etc/conda/activate.d" in sh and "etc/conda/deactivate.d" in sh
    # Run the activation script lines against a fake conda prefix and source them.
    prefix = tmp_path / "env"
    fake = tmp_path / "bin"
    fake.mkdir()
    (fake / "conda").write_text(f"#!/bin/sh\nprintf '%s\\n' '{prefix}'\n", encoding="utf-8")
    (fake / "conda").chmod(0o755)
    lines = sh.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("TFGPU_CONDA_PREFIX="))
    end = start + 1
    while not lines[end].startswith("# Step"):
        end += 1
    snippet = "\n".join(lines[start:end])
    subprocess.run(
        [SH, "-c", snippet], check=True, env={"PATH": f"{fake}:/usr/bin:/bin"}, timeout=30
    )
    act = prefix / "etc/conda/activate.d/tfgpu-ld-library-path.sh"
    deact = prefix / "etc/conda/deactivate.d/tfgpu-ld-library-path.sh"
    res = subprocess.run(
        [SH, "-c", f'. "{act}"; printf "%s|" "$LD_LIBRARY_PATH"; . "{deact}"; '
         'printf "%s" "${LD_LIBRARY_PATH-unset}"'],
        env={"PATH": "/usr/bin:/bin", "CONDA_PREFIX": str(prefix), "LD_LIBRARY_PATH": "/x"},
        capture_output=True, text=True, timeout=30, check=True,
    )
    assert res.stdout == f"{prefix}/lib:/x|/x"


# --------------------------------------------------------------------------- defect 7
@pytest.mark.parametrize(("route", "want"), [(Route.PIP, Route.PIP), (Route.CONDA, Route.CONDA)])
def test_explicit_pip_or_conda_on_a_gpu_less_host_is_honoured(route: Route, want: Route) -> None:
    plan = plan_for(route, os="linux", python="3.11")
    assert plan.route is want and not plan.uses_gpu and plan.requirements
    if route is Route.CONDA:
        assert any(isinstance(s.action, CondaCreate) for s in plan.steps)
        assert not any(isinstance(s.action, CreateVenv) for s in plan.steps)


@pytest.mark.parametrize(
    ("route", "desc"),
    [
        (Route.SYSTEM_CUDA, {"os": "linux", "python": "3.11"}),
        (Route.WINDOWS_NATIVE, {"os": "windows", "python": "3.11"}),
        (Route.WSL2, {"os": "windows", "python": "3.11"}),
        (Route.METAL, {"os": "macos", "gpu": "none", "python": "3.11"}),
        (Route.ROCM, {"os": "linux", "gpu": "A100", "driver": "550.54"}),
    ],
)
def test_a_route_that_cannot_apply_is_refused(route: Route, desc: dict[str, str]) -> None:
    with pytest.raises(PlanError, match=f"route '{route.value}'"):
        plan_for(route, **dict(desc))


def test_pip_on_an_unusable_gpu_is_the_cpu_build_by_pip() -> None:
    plan = plan_for(Route.PIP, os="linux", gpu="GTX 680", driver="470.82.01", python="3.11")
    assert plan.route is Route.PIP and not plan.uses_gpu
    assert plan.requirements[0].startswith("tensorflow-cpu")


def test_route_refusal_is_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "plan", "--os", "linux", "--route", "system-cuda")
    assert code == 2 and "route 'system-cuda'" in err


# --------------------------------------------------------------------------- defect 8
def test_powershell_for_a_linux_target_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "plan", "--os", "linux", "--format", "powershell")
    assert code == 2 and out == "" and "--format powershell" in err
    code, out, _ = cli(
        capsys, "plan", "--os", "windows", "--gpu", "RTX 3060", "--driver", "531.14",
        "--format", "powershell",
    )
    assert code == 0


# --------------------------------------------------------------------------- defect 9
class _Pip:
    def __init__(self) -> None:
        self.calls: list[tuple[str, ...]] = []

    def __call__(self, argv: list[str] | tuple[str, ...], timeout_s: float) -> CommandResult:
        self.calls.append(tuple(argv))
        if list(argv[1:3]) == ["-m", "venv"]:
            venv.EnvBuilder(with_pip=False).create(argv[-1])
            for site in Path(argv[-1]).glob("lib/*/site-packages"):  # as if ensurepip ran
                (site / "pip").mkdir()
                (site / "pip" / "__init__.py").write_text("")
        return CommandResult(tuple(argv), ProbeStatus.OK, 0)


def test_install_shows_exactly_the_argv_it_runs(tmp_path: Path) -> None:
    py = f"{sys.version_info.major}.{sys.version_info.minor}"
    t = target_from_description("linux", python=py)
    env = tmp_path / "e"
    plan = make_plan(t, load_knowledge(), None, str(env))
    shown = planned_steps(plan, env)
    pip = _Pip()
    seen: list[tuple[str, ...]] = []

    def verify(python: str, expect_gpu: bool, environ: object) -> VerifyOutcome:
        seen.append(verify_argv(python))
        return VerifyOutcome(True, "ok")

    res = run_install(plan, env, explicit_env=False, runner=pip, verify=verify,
                      reporter=RecordingReporter())
    assert res.ok, res.message
    assert [p.argv for p in shown if p.kind == "run"] == pip.calls
    assert [p.argv for p in shown if p.kind == "verify"] == seen == [
        o.command for o in res.steps if o.title.startswith("Check")
    ]
    # Reuse: said as reuse, nothing creates the venv again.
    again = planned_steps(plan, env)
    assert again[0].kind == "reuse" and again[0].title.startswith("Reuse")
    assert not any(p.argv[1:3] == ("-m", "venv") for p in again if p.argv)


def test_verify_argv_is_what_run_verify_runs() -> None:
    from tfgpu.plan.install import VERIFY_ALLOC_MIB, VERIFY_SIZE
    from tfgpu.verify import run_verify

    calls: list[tuple[str, ...]] = []

    def runner(argv: list[str] | tuple[str, ...], timeout_s: float) -> CommandResult:
        calls.append(tuple(argv))
        return CommandResult(tuple(argv), ProbeStatus.ERROR, 1, stderr="x")

    run_verify("py", alloc_mib=VERIFY_ALLOC_MIB, size=VERIFY_SIZE, runner=runner)
    assert calls == [verify_argv("py")]


# --------------------------------------------------------------------------- defect 10
def test_cc_conflict_is_warned_and_labelled_as_given() -> None:
    plan = plan_for(os="linux", gpu="RTX 3060", driver="550.54", python="3.12",
                    compute_capability="7.0")
    assert any("differs from 8.6" in w.text for w in plan.warnings)
    assert any("(given on the command line)" in r.text for r in plan.reasons)
    assert not any("reported by the host" in r.text for r in plan.reasons)


def test_cc_alone_describes_an_nvidia_gpu(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "plan", "--os", "linux", "--cc", "8.6", "--driver", "550.54",
                       "--python", "3.12")
    assert code == 0 and "(cc 8.6)" in out and "uses the GPU" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["--os", "linux", "--gpu", ""],
        ["--os", "macos", "--arch", "x86_64", "--gpu", "Apple M2"],
        ["--os", "linux", "--gpu", "Apple M2"],
        ["--os", "linux", "--cc", "abc"],
    ],
)
def test_meaningless_descriptions_are_usage_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, _ = cli(capsys, "plan", *argv)
    assert code == 2


def test_unknown_gpu_name_does_not_claim_the_gpu_unconditionally() -> None:
    plan = plan_for(os="linux", gpu="Foo Bar 9000", driver="550.54", python="3.12")
    assert plan.gpu_unverified
    head = render(plan, "text").splitlines()[2]
    assert "uses the GPU if its compute capability is supported" in head and "--cc" in head
    with pytest.raises(TargetError):
        target_from_description("linux", gpu="")


# --------------------------------------------------------------------------- defect 11
def test_matrix_rejects_unknown_cc_and_bare_major(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "matrix", "--gpu", "99.9")
    assert code == 2 and "not a known NVIDIA compute capability" in err
    code, _, err = cli(capsys, "matrix", "--tf", "2")
    assert code == 2 and "2.12" in err
    code, out, _ = cli(capsys, "matrix", "--tf", "2.16.0")
    assert code == 0 and "2.16.0 has no row of its own" in out
    code, out, _ = cli(capsys, "matrix", "--gpu", "8.6", "--tf", "2.12")
    assert code == 0


# --------------------------------------------------------------------------- defect 12
def test_quiet_and_verbose_change_plan_output(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["plan", "--os", "linux", "--gpu", "GTX 1060", "--driver", "470.82.01",
            "--python", "3.11"]
    _, normal, _ = cli(capsys, *base)
    _, quiet, _ = cli(capsys, *base, "-q")
    _, loud, _ = cli(capsys, *base, "-v")
    assert "Why:" in normal and "Why:" not in quiet and "Steps:" in quiet
    assert quiet.splitlines()[0].startswith("Route: ")
    assert len(loud) > len(normal) and "because:" in loud
    _, qsh, _ = cli(capsys, *base, "-q", "--format", "sh")
    _, nsh, _ = cli(capsys, *base, "--format", "sh")
    assert "Why:" not in qsh and "pip install" in qsh and len(qsh) < len(nsh)


# --------------------------------------------------------------------------- defect 14
def _real_activate(tmp_path: Path) -> Path:
    env = tmp_path / "v"
    venv.EnvBuilder(with_pip=False).create(env)
    return env / "bin" / "activate"


@pytest.mark.skipif(SH is None or sys.platform == "win32", reason="POSIX sh")
def test_activate_block_is_idempotent_and_undone_by_deactivate(tmp_path: Path) -> None:
    act = _real_activate(tmp_path)
    settings = [
        ("PATH", "/usr/local/cuda-11.2/bin", True),
        ("LD_LIBRARY_PATH", "/usr/local/cuda-11.2/lib64", True),
    ]
    once = update_activate(act.read_text(), settings)
    twice = update_activate(once, settings)
    assert once == twice and once.count(BEGIN) == 1
    act.write_text(twice)
    script = (
        f'. "{act}"; printf "%s|" "$LD_LIBRARY_PATH"; '
        f'. "{act}"; printf "%s|" "$LD_LIBRARY_PATH"; '
        'deactivate; printf "%s|%s" "${LD_LIBRARY_PATH-unset}" "$PATH"'
    )
    res = subprocess.run(
        [SH, "-c", script],
        env={"PATH": "/usr/bin:/bin", "LD_LIBRARY_PATH": "/orig"},
        capture_output=True, text=True, timeout=30, check=True,
    )
    first, second, restored, path = res.stdout.split("|")
    assert first == second == "/usr/local/cuda-11.2/lib64:/orig"  # not prepended twice
    assert restored == "/orig" and path == "/usr/bin:/bin"
    # Unset before: unset after.
    res = subprocess.run(
        [SH, "-c", f'. "{act}"; deactivate; printf "%s" "${{LD_LIBRARY_PATH-unset}}"'],
        env={"PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=30, check=True,
    )
    assert res.stdout == "unset"
    assert update_activate(twice, []).count(BEGIN) == 0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX venv layout")
def test_install_reuse_does_not_append_activate_lines_again(tmp_path: Path) -> None:
    py = f"{sys.version_info.major}.{sys.version_info.minor}"
    t = target_from_description("linux", gpu="GTX 1060", driver="470.82.01", python=py)
    env = tmp_path / "e"
    plan = make_plan(t, load_knowledge(), Route.SYSTEM_CUDA, str(env))

    def verify(python: str, expect_gpu: bool, environ: object) -> VerifyOutcome:
        return VerifyOutcome(True, "ok")

    for explicit in (False, True):
        run_install(plan, env, explicit_env=explicit, runner=_Pip(), verify=verify)
    text = (env / "bin" / "activate").read_text()
    assert text.count(BEGIN) == 1
    assert text.count("export LD_LIBRARY_PATH=") == 1 and text.count("export PATH='/usr/") == 1


def test_install_empty_python_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(capsys, "install", "--python", "")
    assert code == 2 and "--python ''" in err and out == ""


@pytest.mark.skipif(SH is None, reason="no sh")
def test_sh_script_activate_edit_is_idempotent_when_rerun(tmp_path: Path) -> None:
    """Defect 14 for the written script: running the system-CUDA script's activate edit
    twice leaves one block (the same code as tfgpu install), and the script embeds that
    code once, as a function each variable step calls."""
    plan = plan_for(Route.SYSTEM_CUDA, env=str(tmp_path / "v"), os="linux", gpu="GTX 1060",
                    driver="470.82.01", python="3.10")
    act = _real_activate(tmp_path)
    sh = render(plan, "sh")
    lines = sh.splitlines()
    assert lines.count("TFGPU_ACTIVATE_PY") == 1
    start = lines.index("tfgpu_keep_env() {")
    end = lines.index("}", lines.index("TFGPU_ACTIVATE_PY"))
    calls = [ln for ln in lines if ln.startswith("tfgpu_keep_env ")]
    assert len(calls) == 2 and "LD_LIBRARY_PATH=+" in calls[-1] and "PATH=+" in calls[0]
    snippet = "\n".join([*lines[start : end + 1], calls[-1]]).replace(
        '"$VENV/bin/python"', sys.executable)
    for _ in range(2):
        subprocess.run([SH, "-c", snippet], check=True, timeout=30,
                       env={"PATH": "/usr/bin:/bin", "VENV": str(act.parent.parent)})
    text = act.read_text()
    assert text.count(BEGIN) == 1 and "/usr/local/cuda-" in text


@pytest.mark.parametrize(("gpu", "driver", "need"), [
    ("H100", "450.80", "520.61.05"),
    ("RTX 4090", "470.82", "520.61.05"),
    ("RTX 5090", "560.35", "570.26"),
])
def test_a_driver_older_than_the_gpu_gets_no_tensorflow_that_uses_the_gpu(
        gpu: str, driver: str, need: str) -> None:
    """A driver branch older than the GPU's architecture does not list the GPU: no old
    TensorFlow helps; the plan says so, and the upgrade reaches the GPU's own minimum."""
    plan = plan_for(os="linux", gpu=gpu, driver=driver)
    assert not plan.uses_gpu and plan.route is Route.CPU
    assert "predates compute capability" in plan.reasons[0].text
    ups = [a for a in plan.alternatives if a.summary.startswith("upgrade the NVIDIA driver")]
    assert ups and ups[0].summary.startswith("upgrade the NVIDIA driver to >= ")
    have = ups[0].summary.split(">= ")[1].split(" ")[0]
    assert tuple(map(int, have.split("."))) >= tuple(map(int, need.split(".")))


def test_a_driver_of_the_gpus_first_branch_is_not_refused() -> None:
    """Compared by branch: RTX 4090's launch driver 520.56.06 is below CUDA 11.8's
    520.61.05 but of the same branch."""
    plan = plan_for(os="linux", gpu="RTX 4090", driver="520.56.06", python="3.10")
    assert plan.uses_gpu, plan.reasons


@pytest.mark.parametrize("gpu", ["B300", "B200"])
def test_a_datacenter_blackwell_is_never_called_an_rtx_50(gpu: str) -> None:
    """The failure reports are from GeForce RTX 50 GPUs (CC 12.0): a B300 (CC 10.3) is
    named by its own compute capability, and its plan does not claim those reports."""
    plan = plan_for(os="linux", gpu=gpu, driver="610.57.04")
    text = render(plan, "text")
    assert plan.uses_gpu and plan.gpu_unverified
    assert "RTX 50 /" not in text and "failing on this GPU" not in text
    assert "the wheels have no kernels for this Blackwell GPU, only PTX" in text
    note = next(w.text for w in plan.warnings if "blackwell-no-cubins" in w.ref)
    assert note.startswith(f"{gpu} (compute capability 10.") and "not this compute" in note


def test_an_rtx_50_keeps_the_reported_failures() -> None:
    plan = plan_for(os="linux", gpu="RTX 5090", driver="610.57.04")
    text = render(plan, "text")
    says = load_knowledge().platform_fact("blackwell-no-cubins").value("says")
    assert f"RTX 5090: {says}" in text


def test_not_newer_reasons_name_the_release_each_blocker_stops_first() -> None:
    """A GTX 970 (5.2) with Python 3.10 gets 2.15: 2.16.1 is stopped by its wheel not
    finding the pip CUDA libraries, 2.17.0 and later by the compute capability 6.0
    minimum; each 'not newer' line names the oldest release its blocker stops, so no line
    makes 2.16.1 look excluded by compute capability."""
    plan = plan_for(os="linux", gpu="GTX 970", driver="580.95.05", python="3.10")
    assert plan.tf_version == "2.15.0"
    not_newer = [r.text for r in plan.reasons if r.text.startswith("not newer: ")]
    assert len(not_newer) == 2
    assert "2.16.1's wheel does not find" in not_newer[0]
    assert "compute capability 5.2 < 6.0, the minimum of the TensorFlow 2.17.0 wheel" in (
        not_newer[1])
