"""The installer's logic with an injected command runner (no pip, no TensorFlow)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest

from tfgpu._proc import CommandResult
from tfgpu.cli import main as cli_main
from tfgpu.facts import ProbeStatus
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import InstallRefused, VerifyOutcome, make_plan, run_install
from tfgpu.plan.install import RecordingReporter, check_installable, child_env, venv_python
from tfgpu.plan.model import Plan, Route
from tfgpu.plan.target import TargetHost, target_from_description

PY = f"{sys.version_info.major}.{sys.version_info.minor}"
SRC = Path(__file__).resolve().parents[2] / "src"


def cpu_plan(env: Path) -> Plan:
    return make_plan(TargetHost(os="linux", python=PY), load_knowledge(), None, str(env))


class FakePip:
    """Runner: ``-m venv`` makes a real (empty) venv folder; pip calls answer as told."""

    def __init__(self, fail_on: str | None = None, status: ProbeStatus = ProbeStatus.ERROR) -> None:
        self.calls: list[tuple[str, ...]] = []
        self.fail_on = fail_on
        self.status = status

    def __call__(self, argv: Sequence[str], timeout_s: float) -> CommandResult:
        a = tuple(argv)
        self.calls.append(a)
        if a[1:3] == ("-m", "venv"):
            env = Path(a[3])
            (env / "bin").mkdir(parents=True)
            (env / "pyvenv.cfg").write_text("home = /usr/bin\n")
            (env / "bin" / "activate").write_text("")
            return CommandResult(a, ProbeStatus.OK, 0)
        if self.fail_on and self.fail_on in a:
            return CommandResult(
                a,
                self.status,
                1 if self.status is ProbeStatus.ERROR else None,
                "",
                "ERROR: Could not find a version that satisfies the requirement "
                "tensorflow-cpu~=9.9\n"
                "ERROR: No matching distribution found for tensorflow-cpu~=9.9\n",
                12.0,
                "pip exited with status 1" if self.status is ProbeStatus.ERROR else "timed out",
            )
        return CommandResult(a, ProbeStatus.OK, 0, "Successfully installed\n", "", 3.0)


class FakeVerify:
    def __init__(self, ok: bool = True, gpus: int = 0) -> None:
        self.ok, self.gpus = ok, gpus
        self.calls: list[tuple[str, bool, Mapping[str, str]]] = []

    def __call__(self, python: str, expect_gpu: bool, env: Mapping[str, str]) -> VerifyOutcome:
        self.calls.append((python, expect_gpu, env))
        head = "TensorFlow 2.21.0 passed on CPU:0" if self.ok else "TensorFlow failed to import"
        return VerifyOutcome(self.ok, head, self.gpus, "2.21.0")


def test_success_runs_venv_pip_pip_then_verify_in_the_new_env(tmp_path: Path) -> None:
    env = tmp_path / "new env"
    plan = cpu_plan(env)
    runner, verify, rep = FakePip(), FakeVerify(), RecordingReporter()
    res = run_install(plan, env, explicit_env=False, runner=runner, verify=verify, reporter=rep)
    py = str(venv_python(env.absolute()))
    assert runner.calls == [
        (sys.executable, "-m", "venv", str(env.absolute())),
        (py, "-m", "pip", "install", "--upgrade", "pip"),
        (py, "-m", "pip", "install", *plan.requirements),
    ]
    assert verify.calls[0][:2] == (py, False)
    assert "PYTHONPATH" not in verify.calls[0][2]
    assert res.ok and [s.status for s in res.steps] == ["done"] * 4
    assert res.message.startswith(
        f"Done: TensorFlow {plan.tf_version} is installed in {env.absolute()}"
    )
    assert rep.events[0] == "start 1/4 Create a fresh virtual environment"


def test_failed_pip_step_names_the_step_and_the_new_env_and_stops(tmp_path: Path) -> None:
    env = tmp_path / "tfenv"
    plan = cpu_plan(env)
    runner, verify = FakePip(fail_on=plan.requirements[0]), FakeVerify()
    res = run_install(plan, env, explicit_env=False, runner=runner, verify=verify)
    assert not res.ok
    assert [s.status for s in res.steps] == ["done", "done", "failed", "not-run"]
    assert "step 3/4 'Install TensorFlow (CPU)' failed" in res.message
    assert f"building the new environment {env.absolute()}" in res.message
    assert "No matching distribution found" in res.message
    assert "Your own Python environment was not changed" in res.message
    assert verify.calls == []


def test_pip_timeout_is_reported_as_such(tmp_path: Path) -> None:
    env = tmp_path / "e"
    plan = cpu_plan(env)
    res = run_install(
        plan,
        env,
        explicit_env=False,
        runner=FakePip(fail_on="pip", status=ProbeStatus.TIMEOUT),
        verify=FakeVerify(),
    )
    assert not res.ok and "timed out" in res.message and "step 2/4" in res.message


def test_failed_verification_is_not_success(tmp_path: Path) -> None:
    env = tmp_path / "e"
    res = run_install(
        cpu_plan(env), env, explicit_env=False, runner=FakePip(), verify=FakeVerify(ok=False)
    )
    assert not res.ok and "the check failed: TensorFlow failed to import" in res.message


def test_existing_folder_that_is_not_a_venv_is_refused(tmp_path: Path) -> None:
    env = tmp_path / "project"
    env.mkdir()
    (env / "notes.txt").write_text("mine")
    with pytest.raises(InstallRefused, match="is not a virtual environment"):
        run_install(cpu_plan(env), env, explicit_env=True, runner=FakePip(), verify=FakeVerify())
    assert (env / "notes.txt").read_text() == "mine"


def _with_pip(env: Path) -> None:
    """Make ``env`` look like a venv that ensurepip completed (interpreter, pip)."""
    py = venv_python(env)
    py.parent.mkdir(parents=True, exist_ok=True)
    py.write_text("")
    pip = env / "lib" / "python3.11" / "site-packages" / "pip"
    pip.mkdir(parents=True)
    (pip / "__init__.py").write_text("")


def test_existing_venv_with_another_tensorflow_variant_is_refused(tmp_path: Path) -> None:
    # the plan installs tensorflow-cpu on this CPU host; a venv that has `tensorflow` would
    # then hold both in one `tensorflow` folder: refuse, naming the uninstall
    env = tmp_path / "tf"
    env.mkdir()
    (env / "pyvenv.cfg").write_text("home = /usr/bin\n")
    _with_pip(env)
    (env / "lib" / "python3.11" / "site-packages" / "tensorflow-2.21.0.dist-info").mkdir()
    plan = cpu_plan(env)
    assert any(r.startswith("tensorflow-cpu") for r in plan.requirements)
    with pytest.raises(InstallRefused, match=r"already has tensorflow.*pip uninstall -y "
                                             r"tensorflow"):
        check_installable(plan, env, explicit_env=True)
    # the same variant the plan installs is an upgrade in place, not a conflict
    (env / "lib" / "python3.11" / "site-packages" / "tensorflow-2.21.0.dist-info").rmdir()
    (env / "lib" / "python3.11" / "site-packages" / "tensorflow_cpu-2.20.0.dist-info").mkdir()
    assert check_installable(plan, env, explicit_env=True) == "reuse"
    # a vendor build writing the same folder (AMD's tensorflow-rocm), or an egg install
    for other in ("tensorflow_rocm-2.16.1.dist-info", "tensorflow-2.15.0.egg-info"):
        (env / "lib" / "python3.11" / "site-packages" / other).mkdir()
        with pytest.raises(InstallRefused, match="already has"):
            check_installable(plan, env, explicit_env=True)
        (env / "lib" / "python3.11" / "site-packages" / other).rmdir()


def test_existing_venv_is_changed_only_when_named_with_venv(tmp_path: Path) -> None:
    env = tmp_path / ".venv-tfgpu"
    env.mkdir()
    (env / "pyvenv.cfg").write_text("home = /usr/bin\n")
    _with_pip(env)
    with pytest.raises(InstallRefused, match="only when --venv names it"):
        check_installable(cpu_plan(env), env, explicit_env=False)
    runner = FakePip()
    res = run_install(cpu_plan(env), env, explicit_env=True, runner=runner, verify=FakeVerify())
    assert res.ok
    assert all(c[1:3] != ("-m", "venv") for c in runner.calls)  # reused, not recreated
    assert "using the existing environment" in res.steps[0].message


def test_manual_root_steps_are_never_run_and_sudo_never_appears(tmp_path: Path) -> None:
    env = tmp_path / "e"
    t = target_from_description("linux", gpu="GTX 1060", driver="470.82.01", python=PY)
    plan = make_plan(t, load_knowledge(), Route.SYSTEM_CUDA, str(env))
    runner = FakePip()
    res = run_install(plan, env, explicit_env=False, runner=runner, verify=FakeVerify())
    assert [s.status for s in res.steps][:2] == ["manual", "manual"]
    assert not any("sudo" in " ".join(c) for c in runner.calls)
    assert all(c[0] in (sys.executable, str(venv_python(env.absolute()))) for c in runner.calls)
    # PATH/LD_LIBRARY_PATH went into the new env's activate script, not the user's shell.
    activate = (env / "bin" / "activate").read_text()
    assert "export LD_LIBRARY_PATH='/usr/local/cuda-" in activate


def test_conda_and_powershell_plans_are_refused_with_what_to_do(tmp_path: Path) -> None:
    conda = make_plan(
        target_from_description("linux", gpu="A100", driver="550.54.14", python=PY),
        load_knowledge(),
        Route.CONDA,
    )
    with pytest.raises(InstallRefused, match="--format sh"):
        check_installable(conda, tmp_path / "x", explicit_env=False)
    if os.name != "nt":
        win = make_plan(target_from_description("windows", python="3.11"), load_knowledge())
        with pytest.raises(InstallRefused, match="PowerShell"):
            check_installable(win, tmp_path / "x", explicit_env=False)


def test_missing_interpreter_for_the_plans_python_is_a_clear_failure(tmp_path: Path) -> None:
    env = tmp_path / "e"
    plan = make_plan(TargetHost(os="linux", python="3.2"), load_knowledge(), None, str(env))
    # Python 3.2 fits no release: the plan asks for another Python, which is not on PATH here.
    assert plan.python != PY
    runner = FakePip()
    old = os.environ["PATH"], os.environ.get("PYENV_ROOT")
    os.environ["PATH"] = str(tmp_path)
    os.environ["PYENV_ROOT"] = str(tmp_path / "no-pyenv")  # nor among pyenv's versions
    try:
        res = run_install(plan, env, explicit_env=False, runner=runner, verify=FakeVerify())
    finally:
        os.environ["PATH"] = old[0]
        if old[1] is None:
            os.environ.pop("PYENV_ROOT", None)
        else:
            os.environ["PYENV_ROOT"] = old[1]
    assert not res.ok and runner.calls == []
    assert f"install Python {plan.python}" in res.message


def test_child_env_drops_our_python_path_and_quiets_pip() -> None:
    env = child_env({"PYTHONPATH": "/x", "VIRTUAL_ENV": "/v", "PATH": "/bin"})
    assert env == {"PATH": "/bin", "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}


# --------------------------------------------------------------------------- CLI refusals
def _cli(args: list[str], cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    return subprocess.run(
        [sys.executable, "-m", "tfgpu", *args],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=cwd,
        env=env,
        input=stdin,
    )


def test_install_without_tty_and_without_yes_refuses_and_runs_nothing(tmp_path: Path) -> None:
    res = _cli(["install", "--venv", "fresh"], tmp_path)
    assert res.returncode == 2, res.stderr
    assert "stdin is not a terminal" in res.stderr and "--yes" in res.stderr
    assert "Steps (exactly what tfgpu install runs):" in res.stdout  # the plan was shown first
    assert not (tmp_path / "fresh").exists()


def test_install_refuses_a_folder_that_is_not_a_venv(tmp_path: Path) -> None:
    (tmp_path / "src").mkdir()
    res = _cli(["install", "--yes", "--venv", "src"], tmp_path)
    assert res.returncode == 2
    assert "is not a virtual environment" in res.stderr
    assert list((tmp_path / "src").iterdir()) == []


def test_plan_bad_facts_file_is_a_usage_error(tmp_path: Path) -> None:
    bad = tmp_path / "host.json"
    bad.write_text("{not json")
    out = io.StringIO()
    err = io.StringIO()
    from contextlib import redirect_stderr, redirect_stdout

    with redirect_stdout(out), redirect_stderr(err):
        rc = cli_main.main(["plan", "--facts", str(bad)])
    assert rc == 2 and "not a tfgpu facts snapshot" in err.getvalue()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli_main.main(["plan", "--facts", str(tmp_path / "missing.json")])
    assert rc == 2 and "cannot read it" in err.getvalue()


def test_plan_from_a_facts_snapshot_and_conflicting_options(tmp_path: Path) -> None:
    from contextlib import redirect_stderr, redirect_stdout

    from tfgpu.facts import GPU, DriverFacts, HostFacts, OSFacts, PythonFacts

    facts = HostFacts(
        os=OSFacts(system="Linux", machine="x86_64"),
        python=PythonFacts(version="3.11.9", executable="/usr/bin/python3"),
        gpus=(GPU(0, "nvidia", "NVIDIA A100-SXM4-80GB", compute_capability="8.0"),),
        driver=DriverFacts(ProbeStatus.OK, version="535.54.03"),
    )
    path = tmp_path / "host.json"
    path.write_text(facts.to_json())
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli_main.main(["plan", "--facts", str(path), "--format", "json"])
    assert rc == 0, err.getvalue()
    import json

    doc = json.loads(out.getvalue())
    assert doc["route"] == "pip" and "NVIDIA A100-SXM4-80GB (cc 8.0)" in doc["target_summary"]
    with redirect_stdout(out), redirect_stderr(err):
        rc = cli_main.main(["plan", "--facts", str(path), "--os", "linux"])
    assert rc == 2 and "either --facts or --os" in err.getvalue()


def test_confirm_accepts_only_yes() -> None:
    from tfgpu.cli.cmd_install import _confirm

    assert _confirm("? ", ask=lambda q: "y")
    assert _confirm("? ", ask=lambda q: " YES ")
    assert not _confirm("? ", ask=lambda q: "")

    def eof(q: str) -> str:
        raise EOFError

    assert not _confirm("? ", ask=eof)


def test_console_progress_shows_commands_literally() -> None:
    from rich.console import Console

    from tfgpu.cli.cmd_install import ConsoleReporter
    from tfgpu.plan.install import StepOutcome
    from tfgpu.plan.model import PipInstall, Step

    buf = io.StringIO()
    rep = ConsoleReporter(Console(file=buf, width=200, no_color=True, soft_wrap=True))
    step = Step(
        "Install TensorFlow with its CUDA wheels", PipInstall(("tensorflow[and-cuda]~=2.21.0",))
    )
    argv = ("/e nv/bin/python", "-m", "pip", "install", "tensorflow[and-cuda]~=2.21.0")
    rep.start(3, 4, step, argv)
    rep.finish(StepOutcome(3, step.title, "done", argv, 65.0))
    text = buf.getvalue()
    assert "[3/4] Install TensorFlow with its CUDA wheels" in text
    assert "$ '/e nv/bin/python' -m pip install 'tensorflow[and-cuda]~=2.21.0'" in text
    assert "done (65 s)" in text
