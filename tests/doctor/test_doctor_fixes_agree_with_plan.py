"""The doctor's install lines and ``tfgpu plan`` never disagree about what to install.

Every fix line of the doctor that installs a TensorFlow package (``pip install``/``conda
install``) must be one the plan accepts for the same host (src/tfgpu/plan/agreement.py,
applied by ``tfgpu doctor`` and ``tfgpu fleet``): the release and route the plan picks,
another route's plan, or a release the planner's own rules let use the host's GPU, with
what the plan installs next to it (``numpy<2`` before NumPy 2 support, the pinned
tensorflow-metal pair), run with the plan's Python (the interpreter the line names, or the
plan's own environment).  Checked over every host snapshot under tests/fixtures.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from doctor_helpers import TESTS

from tfgpu.facts import HostFacts
from tfgpu.findings import Finding
from tfgpu.knowledge import load_knowledge
from tfgpu.plan.agreement import (
    Interpreter,
    host_rules,
    installed_requirements,
    line_accepted,
    line_interpreter,
)
from tfgpu.plan.agreement import (
    diagnose_with_plan as diagnose,
)

HOSTS = TESTS / "fixtures" / "plan-agreement-hosts"
FOLDERS = ("plan-agreement-hosts", "doctor-scenarios", "driver-aware-fix-hosts",
           "plan-hosts", "plan-driver-hosts")


def _snapshots() -> list[Path]:
    out: list[Path] = []
    for folder in FOLDERS:
        for path in sorted((TESTS / "fixtures" / folder).glob("*.json")):
            try:
                HostFacts.from_json(path.read_text(encoding="utf-8"))
            except Exception:  # noqa: BLE001 - not a host snapshot (a plan, a bad value)
                continue
            out.append(path)
    return out


def _load(name: str) -> HostFacts:
    return HostFacts.from_json((HOSTS / f"{name}.json").read_text(encoding="utf-8"))


def _fix(findings: tuple[Finding, ...], finding_id: str) -> tuple[str, ...]:
    return next(f for f in findings if f.id == finding_id).fix


def _tf_install_lines(findings: tuple[Finding, ...]) -> list[tuple[str, tuple[str, ...]]]:
    """Each TensorFlow install line with the lines before it in its finding's fix."""
    return [(line, f.fix[:i]) for f in findings for i, line in enumerate(f.fix)
            if (reqs := installed_requirements(line))
            and any("tensorflow" in r.name for r in reqs)]


def _tf_installs(findings: tuple[Finding, ...]) -> list[str]:
    return [line for line, _ in _tf_install_lines(findings)]


@pytest.mark.parametrize("path", _snapshots(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_tensorflow_install_line_of_the_doctor_is_one_the_plan_accepts(path: Path) -> None:
    kb = load_knowledge()
    facts = HostFacts.from_json(path.read_text(encoding="utf-8"))
    rules = host_rules(facts, kb)
    if rules is None:
        pytest.skip("no plan can be made from this snapshot")
    for line, before in _tf_install_lines(diagnose(facts, kb).findings):
        reqs = installed_requirements(line)
        assert reqs is not None
        interp = line_interpreter(line, facts, before)
        verdicts = [rules.release_accepted(reqs, interp),
                    *(line_accepted(reqs, p, kb, interp) for p in rules.plans if p.tf_version)]
        assert () in verdicts, (line, interp)


def test_externally_managed_python_replaced_by_the_plan_keeps_no_other_environment() -> None:
    """A fix whose install line became the plan's steps (they create .venv-tfgpu) keeps no
    hint about the replaced line's environment (~/tf): Python 3.7 marked EXTERNALLY-MANAGED,
    whose ~/tf line the plan replaces (the fresh-eyes review's doctor --python run)."""
    base = _load("linux-gtx1080-driver535-py37-no-tf")
    facts = dataclasses.replace(base, python=dataclasses.replace(base.python,
                                                                 externally_managed=True))
    fix = _fix(diagnose(facts, load_knowledge()).findings, "tensorflow-not-installed")
    assert any("-m venv .venv-tfgpu" in line for line in fix), fix
    assert not any("~/tf" in line for line in fix), fix


def test_old_driver_cuda_finding_names_the_plans_release_not_the_newest() -> None:
    found = diagnose(_load("linux-gtx1060-driver470")).findings
    fix = "\n".join(_fix(found, "tf-cuda-runtime-missing"))
    assert "2.21.0" not in fix
    assert "'tensorflow[and-cuda]~=2.14.0' 'numpy<2'" in fix


def test_every_finding_of_a_low_compute_capability_host_names_one_release() -> None:
    # 2.15, not 2.16, for the GTX 960: the 2.16.1 wheel does not find the and-cuda libraries
    for host, release in (("linux-mx130-driver470", "2.14"), ("linux-gtx960-driver580", "2.15")):
        lines = _tf_installs(diagnose(_load(host)).findings)
        assert lines
        assert all(f"=={release}" in line or f"~={release}" in line for line in lines), lines


def test_apple_silicon_fix_is_the_plans_pinned_metal_pair() -> None:
    found = diagnose(_load("macos14-apple-m2-no-metal")).findings
    lines = _tf_installs(found)
    assert lines and all("tensorflow-metal==" in line and "tensorflow~=" in line
                         for line in lines)


def test_older_release_fix_lines_carry_numpy_below_2() -> None:
    for host in ("linux-rtx3060-driver470", "windows11-rtx3060-laptop-driver536"):
        lines = _tf_installs(diagnose(_load(host)).findings)
        assert lines
        assert all("numpy<2" in line for line in lines if "2.21" not in line), lines


def test_intel_integrated_graphics_gets_no_older_tensorflow_with_itex() -> None:
    found = diagnose(_load("linux-intel-iris-xe-tf221")).findings
    fixes = [line for f in found for line in f.fix]
    assert not any("intel-extension-for-tensorflow" in line for line in fixes)
    assert not any("tensorflow==2.15" in line for line in fixes)


# ---------------------------------------------------------------- the Python a line runs with


def test_not_installed_on_python_37_gets_the_plans_release_not_an_unpinned_and_cuda() -> None:
    # pip resolves tensorflow[and-cuda] on Python 3.7 to 2.11, which has no and-cuda extra;
    # the plan for Python 3.7 is 2.11 with a system CUDA 11.2 and cuDNN 8.1
    fix = _fix(diagnose(_load("linux-gtx1080-driver535-py37-no-tf")).findings,
               "tensorflow-not-installed")
    assert not any("tensorflow[and-cuda]" in line for line in fix), fix
    assert "python3.7 -m venv .venv-tfgpu" in fix
    assert ".venv-tfgpu/bin/python -m pip install 'tensorflow~=2.11.0' 'numpy<2'" in fix


def test_a_plans_requirements_run_with_another_python_are_not_accepted() -> None:
    kb = load_knowledge()
    facts = _load("linux-gtx1080-driver535-py37-no-tf")
    rules = host_rules(facts, kb)
    assert rules is not None
    pip = next(p for p in rules.plans if p.route.value == "pip")
    assert pip.python != "3.7"
    line = "/opt/venv/bin/python -m pip install 'tensorflow[and-cuda]~=2.21.0'"
    reqs = installed_requirements(line)
    assert reqs is not None
    assert line_accepted(reqs, pip, kb) == ()  # what it installs is the plan's
    assert line_accepted(reqs, pip, kb, line_interpreter(line, facts)) is None  # not its Python
    venv = [f"python{pip.python} -m venv ~/tf"]
    assert line_accepted(reqs, pip, kb, line_interpreter(
        "~/tf/bin/python -m pip install 'tensorflow[and-cuda]~=2.21.0'", facts, venv)) == ()


@pytest.mark.parametrize(("line", "before", "want"), [
    ("/opt/venv/bin/python -m pip install tensorflow", (), Interpreter("3.7")),
    ("python3.11 -m pip install tensorflow", (), Interpreter("3.11")),
    ("py -3.10 -m pip install tensorflow", (), Interpreter("3.10")),
    ("pip3.9 install tensorflow", (), Interpreter("3.9")),
    ("pip install tensorflow", (), Interpreter()),
    ("python3 -m pip install tensorflow", (), Interpreter()),
    ("python3.10 -m venv ~/tf && ~/tf/bin/python -m pip install tensorflow", (),
     Interpreter("3.10", "~/tf")),
    ("python3 -m venv ~/tf && ~/tf/bin/python -m pip install tensorflow", (),
     Interpreter(None, "~/tf")),
    (".venv-tfgpu/bin/python -m pip install tensorflow", ("python3.11 -m venv .venv-tfgpu",),
     Interpreter("3.11", ".venv-tfgpu")),
    ("conda run -n tf210 python -m pip install 'tensorflow<2.11'",
     ("conda create -y -n tf210 -c conda-forge python=3.10 cudatoolkit=11.2",),
     Interpreter("3.10", "tf210")),
    ("conda install -n other tensorflow", (), Interpreter(None, "other")),
])
def test_line_interpreter_reads_the_python_a_pip_command_runs_with(
        line: str, before: tuple[str, ...], want: Interpreter) -> None:
    assert line_interpreter(line, _load("linux-gtx1080-driver535-py37-no-tf"), before) == want


def test_line_interpreter_reads_a_windows_path_with_backslashes() -> None:
    facts = _load("windows11-rtx3060-py312-tf217")
    assert line_interpreter(r'C:\Python312\python.exe -m pip install "tensorflow<2.11"',
                            facts) == Interpreter("3.12")
    assert line_interpreter(r".venv-tfgpu\Scripts\python.exe -m pip install tensorflow",
                            facts) == Interpreter(None, ".venv-tfgpu")


def test_windows_fix_is_the_plans_wsl2_steps_and_one_native_environment() -> None:
    fix = _fix(diagnose(_load("windows11-rtx3060-py312-tf217")).findings,
               "tensorflow-windows-native-no-gpu")
    # the WSL2 route: a virtual environment inside WSL2 (Ubuntu's python3 refuses a bare pip
    # install, PEP 668), never the Windows interpreter
    assert ".venv-tfgpu/bin/python -m pip install 'tensorflow[and-cuda]~=2.21.0'" in fix
    assert not any(line.startswith("python3 -m pip install") for line in fix)
    # the native fallback: TensorFlow 2.10 has no wheel for Python 3.12, so neither the
    # Windows Python nor a bare conda install into another environment
    assert not any("Python312" in line for line in fix)
    assert not any(line.startswith("conda install") for line in fix)
    create = next(line for line in fix if line.startswith("conda create"))
    env = create.split(" -n ", 1)[1].split()[0]
    assert "python=3.10" in create and "cudatoolkit=11.2" in create
    assert f'conda run -n {env} python -m pip install "tensorflow<2.11" "numpy<2"' in fix


def test_not_installed_on_apple_silicon_gets_the_plans_metal_pair_not_plain_tensorflow() -> None:
    # an unpinned `pip install tensorflow` is the CPU build of the newest release; the plan
    # for an Apple M1 on Python 3.9 is the pinned tensorflow-metal pair (its CPU alternative
    # is 2.20, the newest release with a Python 3.9 wheel)
    fix = _fix(diagnose(_load("macos12-apple-m1-py39-no-tf")).findings,
               "tensorflow-not-installed")
    assert not any(line.endswith("-m pip install tensorflow") for line in fix), fix
    assert any(line.endswith("-m pip install 'tensorflow~=2.17.0' tensorflow-metal==1.1.0")
               for line in fix), fix


@pytest.mark.parametrize(("python", "venv"), [("3.13.1", True), ("3.8.9", True),
                                              ("3.11.9", False)])
def test_not_installed_on_apple_silicon_gets_the_metal_pair_for_every_python(
        python: str, venv: bool) -> None:
    # the plan's route for every Python, never its CPU alternative (an unpinned tensorflow,
    # which a Python 3.13 CPU plan would accept): with a Python the pair's TensorFlow has no
    # wheel for, in a new venv of the pair's Python
    import dataclasses

    host = _load("macos12-apple-m1-py39-no-tf")
    host = dataclasses.replace(host, python=dataclasses.replace(host.python, version=python))
    fix = _fix(diagnose(host).findings, "tensorflow-not-installed")
    [line] = [x for x in fix if "-m pip install" in x]
    assert "'tensorflow~=2.17.0' tensorflow-metal==1.1.0" in line, fix
    assert line.startswith("python3.11 -m venv .venv-tfgpu && ") is venv, line
