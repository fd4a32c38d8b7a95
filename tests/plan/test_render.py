"""Renderers: scripts that parse and run, with every path quoted for its shell."""

from __future__ import annotations

import json
import os
import re
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement

from tfgpu.knowledge import load_knowledge
from tfgpu.plan import make_plan, render, target_from_description
from tfgpu.plan import model as M
from tfgpu.plan.render import VERIFY_CODE, VERIFY_GPU_CODE, ps_quote

SH = shutil.which("sh")
#: Every character that matters to a POSIX shell or PowerShell, in one folder name.
NASTY = 'my env\'s $HOME `x` "q" ;&|*?[a] {b} #c ~d ‘e’'
CUDA_WIN = r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin"


def described(route: M.Route | None = None, env: str | None = None, **desc: str) -> M.Plan:
    os_ = desc.pop("os")
    return make_plan(target_from_description(os_, **desc), load_knowledge(), route, env)


def _conda(env: str | None) -> str | None:
    """A nasty conda environment must be a prefix path: names allow only ``[A-Za-z0-9._-]``."""
    return None if env is None else "envs/" + env


PLANS = {
    "pip-a100": lambda env=None: described(
        os="linux", gpu="A100", driver="550.54.14", python="3.11", env=env
    ),
    "system-cuda-gtx1060": lambda env=None: described(
        M.Route.SYSTEM_CUDA, os="linux", gpu="GTX 1060", driver="470.82.01", python="3.11", env=env
    ),
    "conda-a100": lambda env=None: described(
        M.Route.CONDA, os="linux", gpu="A100", driver="550.54.14", python="3.11", env=_conda(env)
    ),
    "wsl2-rtx3060": lambda env=None: described(
        os="windows", gpu="RTX 3060 Laptop GPU", driver="531.14", env=env
    ),
    "windows-native": lambda env=None: described(
        M.Route.WINDOWS_NATIVE,
        os="windows",
        gpu="RTX 3060 Laptop GPU",
        driver="531.14",
        env=_conda(env),
    ),
    "windows-system-cuda": lambda env=None: described(
        M.Route.SYSTEM_CUDA,
        os="windows",
        gpu="RTX 3060 Laptop GPU",
        driver="531.14",
        python="3.10",
        env=env,
    ),
    "metal-m2": lambda env=None: described(os="macos", gpu="Apple M2", python="3.11", env=env),
    "cpu": lambda env=None: described(os="linux", python="3.11", env=env),
    "gtx680": lambda env=None: described(os="linux", gpu="GTX 680", driver="470.82.01", env=env),
}


# --------------------------------------------------------------------------- POSIX sh
@pytest.mark.skipif(SH is None, reason="no sh")
@pytest.mark.parametrize("name", sorted(PLANS))
@pytest.mark.parametrize("env", [None, NASTY])
def test_sh_script_parses(name: str, env: str | None, tmp_path: Path) -> None:
    script = tmp_path / "plan.sh"
    script.write_text(render(PLANS[name](env), "sh"), encoding="utf-8")
    res = subprocess.run([SH, "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert res.returncode == 0, res.stderr


def _fake_python(bin_dir: Path, name: str, log: Path) -> None:
    """A fake ``pythonX.Y``: ``-m venv DIR`` makes DIR/bin/python, a logger of its argv."""
    fake = bin_dir / name
    fake.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = -m ] && [ "$2" = venv ]; then\n'
        '  mkdir -p "$3/bin"\n'
        '  printf "%s\\n" "$3" >> "$LOG"\n'
        "  cat > \"$3/bin/python\" <<'EOF'\n"
        "#!/bin/sh\n"
        # `python - ACTIVATE NAME=+VALUE <<EOF` (tfgpu's activate-block updater) runs for
        # real, so the activate script gets the block; everything else is only logged.
        f'if [ "$1" = - ]; then exec {sys.executable} "$@"; fi\n'
        'for a in "$@"; do printf "%s\\0" "$a" >> "$LOG"; done; printf "\\n" >> "$LOG"\n'
        "EOF\n"
        '  chmod +x "$3/bin/python"\n'
        '  : > "$3/bin/activate"\n'
        "  exit 0\n"
        "fi\n"
        "exit 3\n",
        encoding="utf-8",
    )
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)


@pytest.mark.skipif(SH is None, reason="no sh")
def test_sh_script_runs_with_a_nasty_venv_path_and_passes_exact_arguments(tmp_path: Path) -> None:
    venv = tmp_path / NASTY
    custom = M.Plan(
        target_summary="test",
        route=M.Route.SYSTEM_CUDA,
        tf_version="2.14.0",
        requirements=("tensorflow[and-cuda]~=2.14.0", "numpy<2"),
        python="3.11",
        uses_gpu=True,
        reasons=(M.Reason("r"),),
        env_path=str(venv),
        knowledge_version="k",
        steps=(
            M.Step("manual", M.Manual("do it", ("sudo rm -rf /",), True)),
            M.Step("venv", M.CreateVenv(str(venv), ("python3.11",))),
            M.Step("lib", M.SetEnv("LD_LIBRARY_PATH", "/opt/cuda it's $HOME/lib64")),
            M.Step("pip", M.PipInstall(("pip",), upgrade=True)),
            M.Step("tf", M.PipInstall(("tensorflow[and-cuda]~=2.14.0", "numpy<2"))),
            M.Step("verify", M.Verify(True)),
        ),
    )
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "log"
    _fake_python(bin_dir, "python3.11", log)
    script = tmp_path / "plan.sh"
    script.write_text(render(custom, "sh"), encoding="utf-8")
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "LOG": str(log), "HOME": "/nonexistent-home"}
    res = subprocess.run(
        [SH, str(script)], capture_output=True, text=True, timeout=60, env=env, cwd=tmp_path
    )
    assert res.returncode == 0, res.stderr
    first, *calls = log.read_text(encoding="utf-8").splitlines()
    assert first == str(venv)  # the venv folder arrived as one, unchanged argument
    argvs = [c.split("\0")[:-1] for c in calls]
    assert argvs == [
        ["-m", "pip", "install", "--upgrade", "pip"],
        ["-m", "pip", "install", "tensorflow[and-cuda]~=2.14.0", "numpy<2"],
        ["-c", VERIFY_GPU_CODE],
    ]
    # The variable went into the venv's activate script; sourcing it sets the exact value.
    activate = venv / "bin" / "activate"
    out = subprocess.run(
        [SH, "-c", '. "$1"; printf %s "$LD_LIBRARY_PATH"', "sh", str(activate)],
        capture_output=True,
        text=True,
        timeout=30,
        env={"PATH": "/usr/bin:/bin"},
    )
    assert out.stdout == "/opt/cuda it's $HOME/lib64"
    # The root step is only a comment.
    assert "\nsudo" not in script.read_text(encoding="utf-8")


def test_sh_manual_steps_are_comments_never_commands() -> None:
    text = render(PLANS["system-cuda-gtx1060"](), "sh")
    for line in text.splitlines():
        if "sudo" in line or "Install CUDA toolkit" in line:
            assert line.startswith("#"), line


# --------------------------------------------------------------------------- PowerShell
_PS_LITERAL = re.compile(r"'((?:[^'‘’‚‛]|['‘’‚‛]{2})*)'")


def ps_literals(line: str) -> list[str]:
    """The single-quoted string literals of a PowerShell line, unescaped."""
    return [re.sub(r"(['‘’‚‛])\1", r"\1", m.group(1)) for m in _PS_LITERAL.finditer(line)]


@pytest.mark.parametrize("value", [CUDA_WIN, NASTY, "it''s", "'", "", "a‘b’c"])
def test_ps_quote_round_trips(value: str) -> None:
    assert ps_literals(ps_quote(value)) == [value]


def test_powershell_quotes_program_files_and_keeps_it_in_the_venv_activation() -> None:
    plan = PLANS["windows-system-cuda"](NASTY)
    text = render(plan, "powershell")
    lines = text.splitlines()
    set_line = next(ln for ln in lines if ln.startswith("$env:PATH = ") and "v11.2\\bin" in ln)
    assert ps_literals(set_line)[0] == CUDA_WIN
    add = next(ln for ln in lines if ln.startswith("Add-Content") and "v11.2\\bin" in ln)
    # -Value carries the same assignment line, itself quoted once more.
    assert ps_literals(add)[-1] == set_line
    venv_line = next(ln for ln in lines if ln.startswith("$Venv = "))
    assert ps_literals(venv_line) == [NASTY]
    # Every native command is followed by an exit-code check.
    for i, ln in enumerate(lines):
        if " -m pip install " in ln or " -m venv " in ln:
            assert lines[i + 1].startswith("if ($LASTEXITCODE -ne 0)"), ln


def test_powershell_windows_native_recipe() -> None:
    text = render(PLANS["windows-native"](), "powershell")
    conda = next(ln for ln in text.splitlines() if ln.startswith("conda create"))
    assert ps_literals(conda)[2:] == ["python=3.10", "cudatoolkit=11.2", "cudnn=8.1.0"]
    pip = next(ln for ln in text.splitlines() if " -m pip install " in ln)
    assert ps_literals(pip) == ["tfgpu", "tensorflow<2.11", "numpy<2"]


def test_wsl2_plan_renders_the_windows_step_in_powershell_and_the_rest_in_sh() -> None:
    plan = PLANS["wsl2-rtx3060"]()
    ps = render(plan, "powershell")
    assert "# (inside WSL2, in the Linux shell)" in ps
    sh = render(plan, "sh")
    assert "# (on Windows, in PowerShell)" in sh
    assert '\npython3.13 -m venv "$VENV"' in sh or '-m venv "$VENV"' in sh
    assert plan.steps[0].shell is M.Shell.POWERSHELL


# ------------------------------------------------------------------ requirements / conda / json
@pytest.mark.parametrize("name", sorted(PLANS))
def test_requirements_lines_parse_as_pep508(name: str) -> None:
    plan = PLANS[name]()
    text = render(plan, "requirements")
    reqs = [ln for ln in text.splitlines() if ln and not ln.startswith("#")]
    assert reqs == list(plan.requirements)
    names = [Requirement(r).name for r in reqs]
    assert "tensorflow-gpu" not in names


@pytest.mark.parametrize("name", sorted(PLANS))
def test_environment_yml_parses_back(name: str) -> None:
    plan = PLANS[name](NASTY if name == "conda-a100" else None)
    doc = yaml.safe_load(render(plan, "conda"))
    deps = doc["dependencies"]
    pip_deps = next((d["pip"] for d in deps if isinstance(d, dict)), [])
    assert pip_deps == list(plan.requirements)
    assert f"python={plan.python}" in deps
    assert "pip" in deps and doc["channels"] == ["conda-forge"]
    if name == "conda-a100":
        assert doc["prefix"] == "envs/" + NASTY  # a path: prefix:, never name:
    if name == "windows-native":
        assert {"cudatoolkit=11.2", "cudnn=8.1.0"} <= {d for d in deps if isinstance(d, str)}


def test_json_document(tmp_path: Path) -> None:
    plan = PLANS["gtx680"]()
    doc = json.loads(render(plan, "json"))
    assert doc["schema_version"] == "1.2" and doc["knowledge_version"] == plan.knowledge_version
    assert doc["route"] == "cpu" and doc["tf_version"] == plan.tf_version
    assert [s["kind"] for s in doc["steps"]] == ["CreateVenv", "PipInstall", "PipInstall", "Verify"]
    assert all("ref" in r for r in doc["reasons"])


def test_text_lists_reasons_with_refs_and_numbered_steps() -> None:
    plan = PLANS["pip-a100"]()
    text = render(plan, "text")
    assert f"Route: pip; TensorFlow {plan.tf_version}; Python 3.11; uses the GPU" in text
    assert f"[{plan.reasons[0].ref}]" in text
    assert re.search(r"^  4\. Check that TensorFlow sees the GPU$", text, re.M)


def test_unknown_format_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="unknown format"):
        render(PLANS["cpu"](), "xml")


def test_verify_code_has_no_quotes_so_no_shell_can_mangle_it() -> None:
    for code in (VERIFY_CODE, VERIFY_GPU_CODE):
        assert not set("'\"`$") & set(code)
        assert os.linesep not in code


def test_the_gpu_check_fails_when_tensorflow_lists_no_gpu() -> None:
    # this machine's TensorFlow (CPU only here, or none): the GPU check must not pass
    import importlib.util

    if importlib.util.find_spec("tensorflow") is None:
        pytest.skip("TensorFlow is not installed in this environment")
    import tensorflow as tf

    if tf.config.list_physical_devices("GPU"):
        pytest.skip("this machine has a GPU")
    cpu = subprocess.run([sys.executable, "-c", VERIFY_CODE], capture_output=True, timeout=300)
    gpu = subprocess.run([sys.executable, "-c", VERIFY_GPU_CODE], capture_output=True,
                         timeout=300)
    assert cpu.returncode == 0 and gpu.returncode == 1


@pytest.mark.parametrize("fmt", ["requirements", "conda"])
def test_file_formats_keep_the_manual_steps_as_comments(fmt: str) -> None:
    """A file that holds no commands still says what must be done first (the driver)."""
    for name in sorted(PLANS):
        plan = PLANS[name]()
        text = render(plan, fmt)
        for step in plan.manual_steps:
            assert isinstance(step.action, M.Manual)
            first = step.action.text.splitlines()[0]
            assert f"# Before installing: {first}" in text, (name, fmt)
    assert any(PLANS[n]().manual_steps for n in PLANS)
