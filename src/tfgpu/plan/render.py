"""Render a :class:`~tfgpu.plan.model.Plan` as text, JSON, a POSIX shell script,
PowerShell, ``requirements.txt`` or a conda ``environment.yml``.

Renderers make no decisions.  Every value that reaches a shell is quoted for that shell:
POSIX with :func:`shlex.quote`; PowerShell with single quotes, where the only special
character is ``'`` itself, written twice (about_Quoting_Rules); YAML with JSON-style
double-quoted strings (every JSON string is a YAML double-quoted scalar).
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from tfgpu import __version__
from tfgpu.plan.model import (
    CondaCreate,
    CreateVenv,
    Manual,
    PipInstall,
    Plan,
    SetEnv,
    Shell,
    Step,
    Verify,
)

#: Version of the JSON layout of ``tfgpu plan --format json``.
PLAN_SCHEMA_VERSION = "1.0"

#: ``--format`` choices.
FORMATS = ("text", "json", "sh", "powershell", "requirements", "conda")

#: The Python one-liner each script runs to check the environment (no tfgpu needed).
VERIFY_CODE = (
    "import tensorflow as tf; print(tf.__version__, tf.config.list_physical_devices()); "
    "print(float(tf.reduce_sum(tf.matmul(tf.ones((500, 500)), tf.ones((500, 500))))))"
)
"""Prints the version, the devices, and 125000000.0 (a 500x500 product of ones, summed).
It contains no quote characters, so it survives every shell's quoting unchanged."""


def ps_quote(value: str) -> str:
    """Quote ``value`` as a PowerShell single-quoted string (``'`` doubled).

    PowerShell also treats the typographic quotes U+2018/U+2019/U+201A/U+201B as single
    quotes, so they are doubled too.
    """
    out = []
    for ch in value:
        out.append(ch)
        if ch in "'\u2018\u2019\u201a\u201b":
            out.append(ch)
    return "'" + "".join(out) + "'"


def yaml_quote(value: str) -> str:
    """Quote ``value`` as a YAML double-quoted scalar (JSON string syntax)."""
    return json.dumps(value, ensure_ascii=False)


def _comment_lines(text: str, prefix: str = "# ") -> list[str]:
    return [prefix + line if line else prefix.rstrip() for line in text.splitlines()]


def _header(plan: Plan) -> list[str]:
    lines = [
        f"tfgpu {__version__} install plan (knowledge {plan.knowledge_version})",
        f"Target: {plan.target_summary}",
        f"Route: {plan.route.value}; TensorFlow {plan.tf_version or 'none'}"
        + (f"; Python {plan.python}" if plan.python else "")
        + ("; uses the GPU" if plan.uses_gpu else "; CPU only"),
        "Why:",
    ]
    for r in plan.reasons:
        lines.append(f"  - {r.text}" + (f" [{r.ref}]" if r.ref else ""))
    for w in plan.warnings:
        lines.append(f"  ! {w.text}" + (f" [{w.ref}]" if w.ref else ""))
    if plan.alternatives:
        lines.append("Alternatives:")
        for a in plan.alternatives:
            lines.append(f"  - {a.route.value}: {a.summary}")
    return lines


def _conda_env(plan: Plan) -> CondaCreate | None:
    return next((s.action for s in plan.steps if isinstance(s.action, CondaCreate)), None)


# --------------------------------------------------------------------------- text
def render_text(plan: Plan) -> str:
    """Human-readable plan: the header, then numbered steps with their commands."""
    lines = _header(plan)
    lines.append("Steps:")
    conda = _conda_env(plan)
    for i, step in enumerate(plan.steps, 1):
        mark = "  (you do this; tfgpu never runs it)" if isinstance(step.action, Manual) else ""
        lines.append(f"  {i}. {step.title}{mark}")
        for cmd in _step_commands(plan, step, conda):
            lines.append(f"       {cmd}")
    if not plan.steps:
        lines.append("  (none: nothing can be installed until the reasons above are addressed)")
    return "\n".join(lines) + "\n"


def _step_commands(plan: Plan, step: Step, conda: CondaCreate | None) -> list[str]:
    if step.shell is Shell.POWERSHELL:
        venv = "(" + ps_quote(plan.env_path) + ")"
        return [
            ln.replace("$Venv", venv)
            for ln in _ps_step(plan, step, conda)
            if not ln.startswith("if ($LASTEXITCODE")
        ]
    return _sh_step(plan, step, conda, for_text=True)


# --------------------------------------------------------------------------- JSON
def plan_to_dict(plan: Plan) -> dict[str, Any]:
    """JSON-ready dict with ``schema_version``, ``tfgpu_version``, ``knowledge_version``."""
    d = asdict(plan)
    d["route"] = plan.route.value
    for s, step in zip(d["steps"], plan.steps, strict=True):
        s["kind"] = type(step.action).__name__
        s["shell"] = step.shell.value
    for a in d["alternatives"]:
        a["route"] = a["route"].value if hasattr(a["route"], "value") else a["route"]
    return {"schema_version": PLAN_SCHEMA_VERSION, "tfgpu_version": __version__, **d}


def render_json(plan: Plan) -> str:
    """One JSON document (see :func:`plan_to_dict`)."""
    return json.dumps(plan_to_dict(plan), indent=2, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------------- POSIX sh
def _sh_python(conda: CondaCreate | None) -> str:
    if conda is not None:
        return f"conda run -n {shlex.quote(conda.name)} python"
    return '"$VENV/bin/python"'


def _sh_step(
    plan: Plan, step: Step, conda: CondaCreate | None, for_text: bool = False
) -> list[str]:
    a = step.action
    q = shlex.quote
    venv_ref = q(plan.env_path) if for_text else '"$VENV"'
    py = _sh_python(conda) if not for_text or conda else f"{q(plan.env_path + '/bin/python')}"
    if isinstance(a, Manual):
        out = _comment_lines(a.text)
        out += [f"#   {c}" for c in a.commands]
        if a.url:
            out.append(f"#   see {a.url}")
        return out
    if isinstance(a, CreateVenv):
        return [" ".join(q(x) for x in a.python) + f" -m venv {venv_ref}"]
    if isinstance(a, CondaCreate):
        return [
            "conda create -y -n "
            + q(a.name)
            + " -c "
            + q(a.channel)
            + " "
            + " ".join(q(p) for p in (f"python={a.python}", *a.packages))
        ]
    if isinstance(a, PipInstall):
        flags = "--upgrade " if a.upgrade else ""
        out = _comment_lines(a.index_note) if a.index_note else []
        out.append(f"{py} -m pip install {flags}" + " ".join(q(r) for r in a.requirements))
        return out
    if isinstance(a, SetEnv):
        var = a.name
        if a.prepend:
            line = f'export {var}={q(a.value)}"${{{var}:+:${var}}}"'
        else:
            line = f"export {var}={q(a.value)}"
        if for_text:
            return [line]
        # Keep the setting with the environment: appended to the venv's activate script.
        return [line, f"printf '%s\\n' {q(line)} >> \"$VENV/bin/activate\""]
    if isinstance(a, Verify):
        return [f"{py} -c {q(VERIFY_CODE)}"]
    raise TypeError(f"unknown step action {a!r}")


def render_sh(plan: Plan) -> str:
    """A POSIX ``sh`` script (``set -eu``); PowerShell-only steps become comments."""
    lines = ["#!/bin/sh", *_comment_lines("\n".join(_header(plan)))]
    lines += ["set -eu", ""]
    conda = _conda_env(plan)
    if conda is None:
        lines += [f"VENV={shlex.quote(plan.env_path)}", ""]
    for i, step in enumerate(plan.steps, 1):
        manual = isinstance(step.action, Manual)
        lines.append(f"# Step {i}: {step.title}" + (" -- not run by this script" if manual else ""))
        if step.shell is Shell.POWERSHELL:
            lines.append("# (on Windows, in PowerShell)")
            lines += ["# " + ln for ln in _ps_step(plan, step, conda)]
        else:
            lines += _sh_step(plan, step, conda)
        lines.append("")
    if not plan.steps:
        lines.append("echo 'tfgpu: nothing to install, see the reasons above' >&2\nexit 1")
    return "\n".join(lines).rstrip("\n") + "\n"


# --------------------------------------------------------------------------- PowerShell
def _ps_python(conda: CondaCreate | None) -> str:
    if conda is not None:
        return f"conda run -n {ps_quote(conda.name)} python"
    return "& (Join-Path $Venv 'Scripts\\python.exe')"


def _ps_check(what: str) -> str:
    return f"if ($LASTEXITCODE -ne 0) {{ throw {ps_quote('tfgpu plan: ' + what + ' failed')} }}"


def _ps_step(plan: Plan, step: Step, conda: CondaCreate | None) -> list[str]:
    a = step.action
    py = _ps_python(conda)
    if isinstance(a, Manual):
        out = _comment_lines(a.text)
        out += [f"#   {c}" for c in a.commands]
        if a.url:
            out.append(f"#   see {a.url}")
        return out
    if isinstance(a, CreateVenv):
        exe, *args = a.python
        cmd = "& " + ps_quote(exe) + "".join(" " + ps_quote(x) for x in args) + " -m venv $Venv"
        return [cmd, _ps_check(step.title)]
    if isinstance(a, CondaCreate):
        pk = " ".join(ps_quote(p) for p in (f"python={a.python}", *a.packages))
        return [
            f"conda create -y -n {ps_quote(a.name)} -c {ps_quote(a.channel)} {pk}",
            _ps_check(step.title),
        ]
    if isinstance(a, PipInstall):
        flags = "--upgrade " if a.upgrade else ""
        out = _comment_lines(a.index_note) if a.index_note else []
        out += [
            f"{py} -m pip install {flags}" + " ".join(ps_quote(r) for r in a.requirements),
            _ps_check(step.title),
        ]
        return out
    if isinstance(a, SetEnv):
        if a.prepend:
            value = f"{ps_quote(a.value)} + [IO.Path]::PathSeparator + $env:{a.name}"
        else:
            value = ps_quote(a.value)
        line = f"$env:{a.name} = {value}"
        # Keep the setting with the environment: appended to the venv's Activate.ps1.
        return [
            line,
            f"Add-Content -Path (Join-Path $Venv 'Scripts\\Activate.ps1') -Value {ps_quote(line)}",
        ]
    if isinstance(a, Verify):
        return [f"{py} -c {ps_quote(VERIFY_CODE)}", _ps_check(step.title)]
    raise TypeError(f"unknown step action {a!r}")


def render_powershell(plan: Plan) -> str:
    """A PowerShell script; POSIX-only steps (inside WSL2) become comments."""
    lines = _comment_lines("\n".join(_header(plan)))
    lines += ["$ErrorActionPreference = 'Stop'", ""]
    conda = _conda_env(plan)
    if conda is None:
        lines += [f"$Venv = {ps_quote(plan.env_path)}", ""]
    for i, step in enumerate(plan.steps, 1):
        manual = isinstance(step.action, Manual)
        lines.append(f"# Step {i}: {step.title}" + (" -- not run by this script" if manual else ""))
        if step.shell is Shell.POSIX and plan.route.value in ("wsl2",):
            lines.append("# (inside WSL2, in the Linux shell)")
            lines += ["# " + ln for ln in _sh_step(plan, step, conda, for_text=True)]
        else:
            lines += _ps_step(plan, step, conda)
        lines.append("")
    if not plan.steps:
        lines.append("throw 'tfgpu: nothing to install, see the reasons above'")
    return "\n".join(lines).rstrip("\n") + "\n"


# --------------------------------------------------------------------------- requirements / conda
def render_requirements(plan: Plan) -> str:
    """``requirements.txt``: the requirements, with the plan's header and manual steps as
    comments."""
    lines = _comment_lines("\n".join(_header(plan)))
    for step in plan.manual_steps:
        assert isinstance(step.action, Manual)
        lines += _comment_lines(f"Before installing: {step.action.text}")
    conda = _conda_env(plan)
    if conda is not None and conda.packages:
        lines.append("# conda packages (not pip): " + " ".join(conda.packages))
    lines += list(plan.requirements)
    return "\n".join(lines) + "\n"


def render_conda(plan: Plan) -> str:
    """A conda ``environment.yml``: Python (and conda packages), pip requirements."""
    conda = _conda_env(plan)
    name = conda.name if conda else "tfgpu"
    channel = conda.channel if conda else "conda-forge"
    python = conda.python if conda else (plan.python or "3")
    lines = _comment_lines("\n".join(_header(plan)))
    lines += [
        f"name: {yaml_quote(name)}",
        "channels:",
        f"  - {yaml_quote(channel)}",
        "dependencies:",
        f"  - {yaml_quote('python=' + python)}",
    ]
    for p in conda.packages if conda else ():
        lines.append(f"  - {yaml_quote(p)}")
    lines.append('  - "pip"')
    if plan.requirements:
        lines.append("  - pip:")
        lines += [f"      - {yaml_quote(r)}" for r in plan.requirements]
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[Plan], str]] = {
    "text": render_text,
    "json": render_json,
    "sh": render_sh,
    "powershell": render_powershell,
    "requirements": render_requirements,
    "conda": render_conda,
}


def render(plan: Plan, fmt: str) -> str:
    """Render ``plan`` in format ``fmt`` (one of :data:`FORMATS`).

    Raises:
        ValueError: unknown format.
    """
    try:
        return RENDERERS[fmt](plan)
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}") from None
