"""The WSL2 PowerShell plan runs something on the Windows side, and inside WSL2 the
default Python is the distribution's own, with python3-venv named (issue 12)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, render
from tfgpu.plan.install import planned_steps
from tfgpu.plan.model import CreateVenv, Manual, Route, RunCommands, Shell
from tfgpu.plan.target import target_from_description

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
def test_a_given_python_is_kept(python: str) -> None:
    plan = make_plan(target_from_description("wsl2", gpu="RTX 3060", driver="551.86",
                                             python=python), KB)
    venv = next(s for s in plan.steps if isinstance(s.action, CreateVenv))
    assert venv.action.python == (f"python{python}",)
    assert plan.python == python


def test_the_installer_runs_the_commands_as_argv() -> None:
    plan = _windows()
    argvs = [s.argv for s in planned_steps(plan, Path("/tmp/env")) if s.kind == "run"]
    assert ("wsl", "--update") in argvs and ("nvidia-smi.exe",) in argvs
