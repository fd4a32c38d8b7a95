"""The WSL2 PowerShell plan runs something on the Windows side, and inside WSL2 the
default Python is the distribution's own, with python3-venv named (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.cli.main import main
from tfgpu.facts import GPU, DriverFacts, HostFacts, OSFacts, ProbeStatus, PythonFacts
from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, render
from tfgpu.plan.install import planned_steps
from tfgpu.plan.model import CreateVenv, Manual, Route, RunCommands, Shell
from tfgpu.plan.target import target_from_description, target_from_facts

KB = load_knowledge()


def _windows(python: str | None = None):  # type: ignore[no-untyped-def]
    return make_plan(target_from_description("windows", gpu="RTX 3060", driver="551.86",
                                             python=python), KB)


def test_powershell_plan_runs_wsl_update_status_and_nvidia_smi() -> None:
    plan = _windows()
    assert plan.route is Route.WSL2
    ps = render(plan, "powershell").splitlines()
    code = [ln for ln in ps if ln.strip() and not ln.lstrip().startswith("#")]
    for cmd in ("& 'wsl' '--update'", "& 'wsl' '--status'", "& 'nvidia-smi.exe'"):
        i = code.index(cmd)
        assert code[i + 1].startswith("if ($LASTEXITCODE -ne 0) { throw")
    runs = [s for s in plan.steps if isinstance(s.action, RunCommands)]
    assert runs and all(s.shell is Shell.POWERSHELL for s in runs)
    fact = KB.platform_fact("wsl-update-status")
    assert fact.items("commands") == ("wsl --update", "wsl --status")
    assert "WSL-CMD" in fact.source_keys


def test_wsl2_uses_the_distributions_python3_and_names_python3_venv() -> None:
    for plan in (_windows(), make_plan(target_from_description(
            "wsl2", gpu="RTX 3060", driver="551.86"), KB)):
        venv = next(s for s in plan.steps if isinstance(s.action, CreateVenv))
        assert venv.action.python == ("python3",)
        manual = [s.action for s in plan.steps if isinstance(s.action, Manual)]
        assert any("sudo apt-get install -y python3-venv" in m.commands for m in manual)
        assert plan.python == "3"
        assert not any("assumes Python" in w.text for w in plan.warnings)
        assert any(r.ref == "platform_facts:debian-python3-venv" for r in plan.reasons)
        sh = render(plan, "sh")
        assert 'python3 -m venv "$VENV"' in sh or "python3 -m venv .venv-tfgpu" in sh


@pytest.mark.parametrize("python", ["3.11", "3.12"])
@pytest.mark.parametrize("os", ["wsl2", "windows"])
def test_a_given_python_is_kept_and_its_install_shown(python: str, os: str) -> None:
    """A given Python 3.X is the venv's, and a manual step before the venv installs it
    from the deadsnakes PPA (the Ubuntu that `wsl --install` brings may ship another)."""
    plan = make_plan(target_from_description(os, gpu="RTX 3060", driver="551.86",
                                             python=python), KB)
    at = next(i for i, s in enumerate(plan.steps) if isinstance(s.action, CreateVenv))
    assert plan.steps[at].action.python == (f"python{python}",)
    assert plan.python == python
    before = plan.steps[at - 1]
    assert isinstance(before.action, Manual) and before.shell is Shell.POSIX
    assert before.action.commands == (
        "sudo add-apt-repository -y ppa:deadsnakes/ppa",
        f"sudo apt-get install -y python{python} python{python}-venv")
    assert f"`python{python} -c 'import ensurepip, venv'`" in before.title


def test_this_wsl2_hosts_own_python_needs_no_install_step() -> None:
    """Planned for this WSL2 host, whose interpreter is there: no deadsnakes step."""
    facts = HostFacts(
        os=OSFacts(system="Linux", name="Ubuntu 24.04.1 LTS", version="24.04",
                   kernel="5.15.167.4-microsoft-standard-WSL2", machine="x86_64",
                   is_wsl=True, wsl_version=2),
        python=PythonFacts(version="3.12.3", executable="/usr/bin/python3"),
        driver=DriverFacts(ProbeStatus.OK, version="560.94", cuda_version="12.6",
                           source="nvidia-smi"),
        gpus=(GPU(0, "nvidia", "NVIDIA GeForce RTX 4070", compute_capability="8.9",
                  source="nvidia-smi"),))
    plan = make_plan(target_from_facts(facts, origin="wsl.json"), KB)
    assert plan.python == "3.12"
    assert not any("deadsnakes" in " ".join(s.action.commands) for s in plan.steps
                   if isinstance(s.action, Manual))


def test_the_installer_runs_the_commands_as_argv() -> None:
    plan = _windows()
    argvs = [s.argv for s in planned_steps(plan, Path("/tmp/env")) if s.kind == "run"]
    assert ("wsl", "--update") in argvs and ("nvidia-smi.exe",) in argvs


def _windows_host(python: str) -> HostFacts:
    """A Windows host snapshot whose own interpreter is Python ``python``."""
    return HostFacts(
        os=OSFacts(system="Windows", name="Windows 11 Pro", version="10.0.22631",
                   machine="AMD64"),
        python=PythonFacts(version=python, executable="C:\\Python\\python.exe"),
        driver=DriverFacts(ProbeStatus.OK, version="560.94", cuda_version="12.6",
                           source="nvidia-smi"),
        gpus=(GPU(0, "nvidia", "NVIDIA GeForce RTX 4070", compute_capability="8.9",
                  source="nvidia-smi"),))


@pytest.mark.parametrize("python", ["3.13.1", "3.12.7", "3.9.13"])
def test_a_windows_hosts_own_python_is_not_the_distributions(python: str) -> None:
    plan = make_plan(target_from_facts(_windows_host(python), origin="win.json"), KB)
    assert plan.route is Route.WSL2
    venv = next(s for s in plan.steps if isinstance(s.action, CreateVenv))
    assert venv.action.python == ("python3",) and venv.shell is Shell.POSIX
    manual = [s.action for s in plan.steps if isinstance(s.action, Manual)]
    assert any("sudo apt-get install -y python3-venv" in m.commands for m in manual)
    assert plan.python == "3" and plan.tf_version == KB.releases("linux")[0].release
    # the target line still describes the Windows host, its interpreter included
    assert f"Python {python.rsplit('.', 1)[0]}" in plan.target_summary
    assert "'bash' '-lc' 'python3 -m venv " in render(plan, "powershell")


def test_python_given_with_a_windows_snapshot_is_kept(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    facts = tmp_path / "win.json"
    facts.write_text(_windows_host("3.13.1").to_json(), encoding="utf-8")
    assert main(["plan", "--facts", str(facts), "--python", "3.12", "--format", "sh"]) == 0
    out = capsys.readouterr().out
    assert "python3.12 -m venv" in out and "python3-venv" not in out
