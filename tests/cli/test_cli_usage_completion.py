"""Argument errors name the command's own usage; shell completion comes from the parser;
``doctor -v`` shows what docs/doctor.md promises (issue 12)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu.cli.main import COMMANDS, main

ROOT = Path(__file__).resolve().parents[2]
FIX = ROOT / "tests" / "fixtures"


@pytest.mark.parametrize("command", [name for name, _, _ in COMMANDS])
def test_an_unknown_option_prints_the_commands_own_usage(
        command: str, capsys: pytest.CaptureFixture[str]) -> None:
    args = [command, "--bogus"]
    if command in ("completion", "tensorboard"):  # a required positional first
        args = [command, "bash" if command == "completion" else "logs", "--bogus"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: tfgpu {command} "), err
    assert f"tfgpu {command}: error: unrecognized arguments: --bogus" in err
    assert "COMMAND ..." not in err


def test_doctor_bogus_exactly(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor", "--bogus"]) == 2
    err = capsys.readouterr().err
    assert re.match(r"usage: tfgpu doctor \[-h\] \[--debug\] \[-v\] \[-q\]\s+\[--format", err)


def test_options_before_the_command_stay_top_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--bogus", "doctor"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: tfgpu [-h]") and "unrecognized arguments: --bogus" in err


def test_bad_choice_still_uses_the_commands_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plan", "--format", "yaml"]) == 2
    assert capsys.readouterr().err.startswith("usage: tfgpu plan ")


# --------------------------------------------------------------------------- completion
def _script(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["completion", shell]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_script_names_every_command(
        shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    text = _script(shell, capsys)
    for name, _, _ in COMMANDS:
        assert re.search(rf"\b{name}\b", text), (shell, name)
    # options of commands that are not selected come from the full parser
    for option in ("--facts", "--format", "--plot", "--alloc-mib", "--route"):
        assert option in text, (shell, option)


def test_bash_completion_is_valid_bash_and_completes(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path) -> None:
    script = tmp_path / "tfgpu.bash"
    script.write_text(_script("bash", capsys))
    assert subprocess.run(["bash", "-n", str(script)], capture_output=True).returncode == 0
    probe = (f'source {script}; COMP_WORDS=(tfgpu ""); COMP_CWORD=1; '
             '_shtab_tfgpu tfgpu "" tfgpu; echo "${COMPREPLY[@]}"; '
             'COMP_WORDS=(tfgpu plan --for); COMP_CWORD=2; '
             '_shtab_tfgpu tfgpu --for plan; echo "${COMPREPLY[@]}"')
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30)
    first, second = out.stdout.splitlines()[:2]
    assert first.split() == [name for name, _, _ in COMMANDS]
    assert second.split() == ["--format"]


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh not installed")
def test_zsh_completion_parses(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    script = tmp_path / "_tfgpu"
    script.write_text(_script("zsh", capsys))
    assert subprocess.run(["zsh", "-n", str(script)], capture_output=True).returncode == 0


def test_completion_needs_a_known_shell(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["completion", "tcsh"]) == 2
    assert capsys.readouterr().err.startswith("usage: tfgpu completion ")


def test_help_does_not_import_shtab() -> None:
    code = ("import sys; from tfgpu.cli.main import main; main(['schema', 'facts']); "
            "main(['doctor', '--bogus']); print('shtab' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env={"PYTHONPATH": str(ROOT / "src")}, timeout=60)
    assert out.stdout.strip().endswith("False")


# --------------------------------------------------------------------------- doctor -v
def _doctor(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    main(["doctor", *argv])
    return capsys.readouterr().out


def test_doctor_v_shows_passing_checks_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    facts = str(FIX / "doctor-scenarios" / "l4_ok.json")
    plain = _doctor(capsys, "--facts", facts)
    verbose = _doctor(capsys, "-v", "--facts", facts)
    ok_line = "[   ok] TensorFlow 2.21.0 computed on 1 GPU "
    assert ok_line in plain and ok_line in verbose
    # default: the passing check is one line; -v: with its evidence and cause
    after = plain.split(ok_line, 1)[1].splitlines()[1:]
    assert not any(ln.strip().startswith("cause:") for ln in after)
    assert "cause: a 2x2 matmul gave the right answer" in verbose
    # -v: what each host check concluded, passing ones included
    from tfgpu.diagnosis.checks import HOST_CHECKS

    assert "CHECKS" in verbose
    for check in HOST_CHECKS:
        assert f"({check.__name__})" in verbose
    assert "found tensorflow-gpu-works:" in verbose
    assert "nothing found: " in verbose
    assert "CHECKS" not in plain


def test_doctor_v_shows_all_evidence(capsys: pytest.CaptureFixture[str]) -> None:
    from tfgpu.findings import Evidence, Finding, Report, Severity, Verdict
    from tfgpu.report.text import render_text_to_string

    f = Finding("many-lines", Severity.WARNING, "pip", "Many lines",
                evidence=tuple(Evidence("log", f"evidence {i}", i) for i in range(1, 21)))
    report = Report(command="doctor", verdict=Verdict(False, "x"), findings=(f,))
    plain = render_text_to_string(report, 0)
    verbose = render_text_to_string(report, 1)
    assert "evidence 5" not in plain and "(+16 more evidence lines: -v)" in plain
    assert all(f"evidence {i}\n" in verbose for i in range(1, 21))
    assert "more evidence" not in verbose


def test_facts_json_is_accepted_and_prints_the_snapshot(
        capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["facts", "--json", "--no-tf"]) == 0
    assert json.loads(capsys.readouterr().out)["schema_version"]
