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
from functools import partial
from typing import Any

from tfgpu._version import __version__
from tfgpu.plan.model import (
    CondaCreate,
    CreateVenv,
    Manual,
    PipInstall,
    Plan,
    Route,
    RunCommands,
    SetEnv,
    Shell,
    Step,
    Verify,
)

#: Version of the JSON layout of ``tfgpu plan --format json``.
PLAN_SCHEMA_VERSION = "1.2"

#: ``--format`` choices.
FORMATS = ("text", "json", "sh", "powershell", "requirements", "conda")

#: The Python one-liner each script runs to check the environment (no tfgpu needed).
VERIFY_CODE = (
    "import tensorflow as tf; print(tf.__version__, tf.config.list_physical_devices()); "
    "print(float(tf.reduce_sum(tf.matmul(tf.ones((500, 500)), tf.ones((500, 500))))))"
)
"""Prints the version, the devices, and 125000000.0 (a 500x500 product of ones, summed).
It contains no quote characters, so it survives every shell's quoting unchanged."""

#: The same check for a plan that expects a GPU: it exits 1 when TensorFlow lists none
#: (``tf.test.gpu_device_name()`` is ``''`` then), so a script stops there instead of ending
#: as if the GPU worked.  No quote characters either.
VERIFY_GPU_CODE = VERIFY_CODE + "; import sys; sys.exit(0 if tf.test.gpu_device_name() else 1)"


def verify_code(action: Verify) -> str:
    """The check's code for ``action``: :data:`VERIFY_GPU_CODE` when the plan expects a
    GPU, else :data:`VERIFY_CODE`."""
    return VERIFY_GPU_CODE if action.expect_gpu else VERIFY_CODE


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


def _manual_lines(a: Manual) -> list[str]:
    """A manual step as comments (the same in sh and PowerShell): what to do, the commands
    to type, the link."""
    out = _comment_lines(a.text) + [f"#   {c}" for c in a.commands]
    if a.url:
        out.append(f"#   see {a.url}")
    return out


def _header(plan: Plan, verbosity: int = 0) -> list[str]:
    """The plan's header.  ``verbosity`` < 0: the route line only; > 0: also each
    alternative's TensorFlow version and knowledge row."""
    route_line = (
        # a Jetson: NVIDIA's build for its JetPack release, which tfgpu does not pin
        "Route: jetson; TensorFlow: NVIDIA's build for the JetPack release installed here "
        "(see the steps); uses the Jetson's GPU once that build is installed (tfgpu checks "
        "neither the release nor the GPU)"
        if plan.route is Route.JETSON else
        f"Route: {plan.route.value}; TensorFlow {plan.tf_version or 'none'}"
        + (f"; Python {plan.python}" if plan.python else "")
        + (" (the distribution's python3)" if plan.python and "." not in plan.python else "")
        + (
            # the fact itself is the ! note's, in platform_facts' words (blackwell-no-cubins)
            "; GPU use unverified: the wheels have no kernels for this Blackwell GPU, only "
            "PTX (see the ! note)"
            if plan.uses_gpu and plan.gpu_unverified
            and any("blackwell-no-cubins" in w.ref for w in plan.warnings)
            else "; GPU use unverified: WSL2 most likely does not see a GPU this old (see the "
            "! note)"
            if plan.uses_gpu and plan.gpu_unverified
            and any("wsl2-gpu-min-cc" in w.ref for w in plan.warnings)
            else "; uses an NVIDIA GPU if this host has one (unknown: see why), else the CPU"
            if plan.gpu_presence_unknown
            else "; uses the GPU if its compute capability is supported (unknown: pass --cc)"
            if plan.uses_gpu and plan.gpu_unverified
            else "; uses the GPU"
            if plan.uses_gpu
            else "; CPU only"
        )
    )
    if verbosity < 0:
        return [route_line]
    lines = [
        f"tfgpu {__version__} install plan (knowledge {plan.knowledge_version})",
        f"Target: {plan.target_summary}",
        route_line,
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
            if verbosity > 0 and a.reason is not None:
                lines.append(
                    f"      because: {a.reason.text}"
                    + (f" [{a.reason.ref}]" if a.reason.ref else "")
                )
    if verbosity > 0:
        lines.append(f"Environment: {plan.env_path}")
        if plan.cuda:
            lines.append(f"Built with: CUDA {plan.cuda}, cuDNN {plan.cudnn}")
    return lines


def render_header(plan: Plan, verbosity: int = 0) -> str:
    """The text header alone (target, route, reasons, alternatives), for ``tfgpu
    install``, which lists its own exact commands after it."""
    return "\n".join(_header(plan, verbosity)) + "\n"


def _conda_env(plan: Plan) -> CondaCreate | None:
    return next((s.action for s in plan.steps if isinstance(s.action, CondaCreate)), None)


# --------------------------------------------------------------------------- text
def render_text(plan: Plan, verbosity: int = 0) -> str:
    """Human-readable plan: the header, then numbered steps with their commands."""
    lines = _header(plan, verbosity)
    lines.append("Steps:")
    conda = _conda_env(plan)
    mixed = len({s.shell for s in plan.steps}) > 1
    for i, step in enumerate(plan.steps, 1):
        mark = "  (you do this; tfgpu never runs it)" if isinstance(step.action, Manual) else ""
        where = f"  [{_shell_label(plan, step.shell)}]" if mixed else ""
        lines.append(f"  {i}. {step.title}{where}{mark}")
        for cmd in _step_commands(plan, step, conda):
            lines.extend(f"       {part}" for part in cmd.split("\n"))
    if not plan.steps:
        lines.append("  (none: nothing can be installed until the reasons above are addressed)")
    return "\n".join(lines) + "\n"


def _shell_label(plan: Plan, shell: Shell) -> str:
    """Where a step runs, for a plan whose steps run in more than one shell (ux2):
    ``Windows PowerShell``, or the POSIX shell (inside WSL2 on a WSL2 plan)."""
    if shell is Shell.POWERSHELL:
        return "Windows PowerShell"
    if plan.target_os == "wsl1":
        return "Linux shell, inside WSL1"
    return ("Linux shell, inside WSL2" if plan.route is Route.WSL2 or plan.target_os == "wsl2"
            else "bash")


def shell_label(plan: Plan, shell: Shell) -> str | None:
    """Where a step of ``plan`` runs (``"Windows PowerShell"``, ``"Linux shell, inside
    WSL2"``), as the text plan labels it; ``None`` when all its steps run in one shell."""
    if len({s.shell for s in plan.steps}) <= 1:
        return None
    return _shell_label(plan, shell)


def step_commands(plan: Plan, step: Step) -> list[str]:
    """The commands of one step of ``plan``, as the text plan prints them (one string per
    command; PowerShell steps in PowerShell, the others in POSIX sh)."""
    return _step_commands(plan, step, _conda_env(plan))


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
    del d["target_os"]  # for the renderers; plan schema 1.x has no such key
    del d["gpu_presence_unknown"]  # likewise: its reasons[0] says so
    d["route"] = plan.route.value
    for s, step in zip(d["steps"], plan.steps, strict=True):
        s["kind"] = type(step.action).__name__
        s["shell"] = step.shell.value
    for a in d["alternatives"]:
        a["route"] = a["route"].value if hasattr(a["route"], "value") else a["route"]
    return {"schema_version": PLAN_SCHEMA_VERSION, "tfgpu_version": __version__, **d}


def render_json(plan: Plan, verbosity: int = 0) -> str:
    """One JSON document (see :func:`plan_to_dict`)."""
    return json.dumps(plan_to_dict(plan), indent=2, ensure_ascii=False) + "\n"


# --------------------------------------------------------------------------- POSIX sh
def conda_where(conda: CondaCreate, quote: Callable[[str], str]) -> str:
    """``-p 'PATH'`` for a path environment, ``-n NAME`` for a named one."""
    return ("-p " if conda.is_path else "-n ") + quote(conda.name)


#: The activate.d/deactivate.d scripts of :attr:`CondaCreate.lib_on_ld_library_path`.
CONDA_ACTIVATE_SH = (
    'export TFGPU_OLD_LD_LIBRARY_PATH="${LD_LIBRARY_PATH-}"\n'
    'export LD_LIBRARY_PATH="$CONDA_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"\n'
)
CONDA_DEACTIVATE_SH = (
    'export LD_LIBRARY_PATH="${TFGPU_OLD_LD_LIBRARY_PATH-}"\n'
    "unset TFGPU_OLD_LD_LIBRARY_PATH\n"
    '[ -n "$LD_LIBRARY_PATH" ] || unset LD_LIBRARY_PATH\n'
)


def _conda_lib_lines(conda: CondaCreate) -> list[str]:
    q = shlex.quote
    prefix = f"conda run {conda_where(conda, q)} python -c 'import sys; print(sys.prefix)'"
    out = [f'TFGPU_CONDA_PREFIX="$({prefix})"']
    for kind, body in (("activate", CONDA_ACTIVATE_SH), ("deactivate", CONDA_DEACTIVATE_SH)):
        d = f'"$TFGPU_CONDA_PREFIX/etc/conda/{kind}.d"'
        out.append(f"mkdir -p {d}")
        out.append(
            f"printf '%s' {q(body)} > \"$TFGPU_CONDA_PREFIX/etc/conda/{kind}.d/"
            'tfgpu-ld-library-path.sh"'
        )
    return out


def _sh_python(conda: CondaCreate | None) -> str:
    if conda is not None:
        return f"conda run {conda_where(conda, shlex.quote)} python"
    return '"$VENV/bin/python"'


def _sh_step(
    plan: Plan, step: Step, conda: CondaCreate | None, for_text: bool = False
) -> list[str]:
    a = step.action
    q = shlex.quote
    venv_ref = q(plan.env_path) if for_text else '"$VENV"'
    py = _sh_python(conda) if not for_text or conda else f"{q(plan.env_path + '/bin/python')}"
    if isinstance(a, Manual):
        return _manual_lines(a)
    if isinstance(a, RunCommands):
        return [" ".join(q(x) for x in argv) for argv in a.commands]
    if isinstance(a, CreateVenv):
        return [" ".join(q(x) for x in a.python) + f" -m venv {venv_ref}"]
    if isinstance(a, CondaCreate):
        return [
            f"conda create -y {conda_where(a, q)} -c "
            + q(a.channel)
            + " "
            + " ".join(q(p) for p in (f"python={a.python}", *a.packages)),
            *(_conda_lib_lines(a) if a.lib_on_ld_library_path else []),
        ]
    if isinstance(a, PipInstall):
        flags = "--upgrade " if a.upgrade else ""
        if a.find_links:
            flags += f"--find-links {q(a.find_links)} "
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
        # Keep the settings with the environment: tfgpu's marked block in the venv's
        # activate script, replaced (not appended) on a rerun, undone by deactivate.
        settings = [
            s.action for s in plan.steps[: plan.steps.index(step) + 1]
            if isinstance(s.action, SetEnv)
        ]
        args = " ".join(
            q(f"{s.name}={'+' if s.prepend else ''}{s.value}") for s in settings
        )
        return [line, f"{_KEEP_ENV} {args}"]
    if isinstance(a, Verify):
        return [f"{py} -c {q(verify_code(a))}"]
    raise TypeError(f"unknown step action {a!r}")


def _activate_source() -> str:
    """The source of :mod:`tfgpu.plan._activate`, embedded in shell scripts."""
    from importlib import resources

    return resources.files("tfgpu.plan").joinpath("_activate.py").read_text(encoding="utf-8")


# the sh function a script defines once (before its steps) when a step sets a variable
_KEEP_ENV = "tfgpu_keep_env"


def _keep_env_function(plan: Plan) -> list[str]:
    """The shell function that keeps the plan's variables in ``$VENV/bin/activate``
    (:mod:`tfgpu.plan._activate`, embedded once), or no lines when no step sets one
    outside PowerShell.  Each ``SetEnv`` step calls it with every setting so far."""
    if not any(isinstance(s.action, SetEnv) and s.shell is not Shell.POWERSHELL
               for s in plan.steps):
        return []
    return [
        "# keeps the plan's variables in the venv's bin/activate: one marked block,",
        "# replaced on a rerun, undone by deactivate (the same code as tfgpu install)",
        f"{_KEEP_ENV}() {{",
        '"$VENV/bin/python" - "$VENV/bin/activate" "$@" <<\'TFGPU_ACTIVATE_PY\'',
        *_activate_source().rstrip("\n").splitlines(),
        "TFGPU_ACTIVATE_PY",
        "}",
        "",
    ]


_StepLines = Callable[[Plan, Step, "CondaCreate | None"], list[str]]


def _script_steps(
    plan: Plan,
    conda: CondaCreate | None,
    foreign: Shell | None,
    foreign_note: str,
    foreign_lines: _StepLines,
    own_lines: _StepLines,
    foreign_run: _StepLines | None = None,
) -> list[str]:
    """The numbered step blocks of a script, each followed by a blank line.

    A step for the ``foreign`` shell (``None``: no step is) is written after the
    ``foreign_note`` comment, its ``foreign_lines`` as comments; any other gets ``own_lines``.
    With ``foreign_run`` (PowerShell running WSL2 steps), a foreign step gets its lines
    instead: commands run through the other shell, or comments saying why not.
    """
    lines: list[str] = []
    for i, step in enumerate(plan.steps, 1):
        manual = isinstance(step.action, Manual)
        lines.append(f"# Step {i}: {step.title}" + (" -- not run by this script" if manual else ""))
        if step.shell is foreign and foreign_run is not None:
            lines += foreign_run(plan, step, conda)
        elif step.shell is foreign:
            lines.append(foreign_note)
            lines += ["# " + ln for ln in foreign_lines(plan, step, conda)]
        else:
            lines += own_lines(plan, step, conda)
        lines.append("")
    return lines


def render_sh(plan: Plan, verbosity: int = 0) -> str:
    """A POSIX ``sh`` script (``set -eu``); PowerShell-only steps become comments."""
    lines = ["#!/bin/sh", *_comment_lines("\n".join(_header(plan, verbosity)))]
    lines += ["set -eu", ""]
    conda = _conda_env(plan)
    if conda is None:
        lines += [f"VENV={shlex.quote(plan.env_path)}", "", *_keep_env_function(plan)]
    note = "# (on Windows, in PowerShell)"
    lines += _script_steps(plan, conda, Shell.POWERSHELL, note, _ps_step, _sh_step)
    if not plan.steps:
        lines.append("echo 'tfgpu: nothing to install, see the reasons above' >&2\nexit 1")
    return "\n".join(lines).rstrip("\n") + "\n"


# --------------------------------------------------------------------------- PowerShell
def _ps_python(conda: CondaCreate | None) -> str:
    if conda is not None:
        return f"conda run {conda_where(conda, ps_quote)} python"
    return "& (Join-Path $Venv 'Scripts\\python.exe')"


def _ps_check(what: str) -> str:
    return f"if ($LASTEXITCODE -ne 0) {{ throw {ps_quote('tfgpu plan: ' + what + ' failed')} }}"


def _ps_step(plan: Plan, step: Step, conda: CondaCreate | None) -> list[str]:
    a = step.action
    py = _ps_python(conda)
    if isinstance(a, Manual):
        return _manual_lines(a)
    if isinstance(a, RunCommands):
        out = []
        for argv in a.commands:
            exe, *args = argv
            out += ["& " + ps_quote(exe) + "".join(" " + ps_quote(x) for x in args),
                    _ps_check(step.title)]
        return out
    if isinstance(a, CreateVenv):
        exe, *args = a.python
        cmd = "& " + ps_quote(exe) + "".join(" " + ps_quote(x) for x in args) + " -m venv $Venv"
        return [cmd, _ps_check(step.title)]
    if isinstance(a, CondaCreate):
        pk = " ".join(ps_quote(p) for p in (f"python={a.python}", *a.packages))
        return [
            f"conda create -y {conda_where(a, ps_quote)} -c {ps_quote(a.channel)} {pk}",
            _ps_check(step.title),
        ]
    if isinstance(a, PipInstall):
        flags = "--upgrade " if a.upgrade else ""
        if a.find_links:
            flags += f"--find-links {ps_quote(a.find_links)} "
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
        return [f"{py} -c {ps_quote(verify_code(a))}", _ps_check(step.title)]
    raise TypeError(f"unknown step action {a!r}")


# --- wsl2 steps run from PowerShell ---
#: How PowerShell runs a Linux step inside WSL2: the default distribution, in the Linux home
#: folder (Microsoft advises keeping Linux work in the Linux file system), a login shell.
#: Platform fact ``wsl-run-from-powershell`` (its ``argv`` and ``unsafe_chars``; a test
#: keeps these equal).
WSL_RUN_ARGV: tuple[str, ...] = ("wsl", "--cd", "~", "-e", "bash", "-lc")
#: Characters Windows PowerShell 5.1 (and 7.0-7.2) pass to wsl.exe changed: a double quote
#: inside an argument is not escaped, and a backslash before a quote escapes it
#: (CommandLineToArgvW).  A command holding one stays a comment.
WSL_UNSAFE_CHARS = '"\\'
_WSL_NOTE = "# (inside WSL2, in the Linux shell)"


def _commented(lines: list[str]) -> list[str]:
    """``lines`` as comments: a line that already is one is kept as it is (no "# #")."""
    return [ln if ln.startswith("#") else "# " + ln for ln in lines]
_WSL_RUNNABLE = (CreateVenv, PipInstall, RunCommands, Verify)


def wsl_passable(command: str) -> bool:
    """``command`` reaches ``bash -lc`` unchanged through PowerShell and wsl.exe: printable
    ASCII, no double quote, no backslash (:data:`WSL_UNSAFE_CHARS`)."""
    return bool(command) and command.isascii() and command.isprintable() and not any(
        c in command for c in WSL_UNSAFE_CHARS)


def wsl_ps_line(command: str) -> str:
    """The PowerShell line that runs the POSIX ``command`` inside WSL2:
    ``& 'wsl' '--cd' '~' '-e' 'bash' '-lc' '<command>'`` (``'`` doubled).  Only for a
    command :func:`wsl_passable` accepts."""
    return "& " + " ".join(ps_quote(x) for x in (*WSL_RUN_ARGV, command))


def _ps_wsl_step(plan: Plan, step: Step, conda: CondaCreate | None) -> list[str]:
    """A WSL2 (POSIX) step in the PowerShell script: run through ``wsl ... bash -lc`` when
    it is a command tfgpu runs itself and its text passes unchanged; otherwise the Linux
    lines as comments, with the reason (a manual step needs root, an environment setting
    would not outlive its ``bash`` process, or the command's characters would change)."""
    a = step.action
    lines = _sh_step(plan, step, conda, for_text=True)
    commands = [ln for ln in lines if not ln.startswith("#")]
    if isinstance(a, Manual):
        hints = [f"#   or from PowerShell: {wsl_ps_line(c)}" for c in a.commands
                 if wsl_passable(c)]
        return [_WSL_NOTE, *_commented(lines), *hints]
    why = None
    if not isinstance(a, _WSL_RUNNABLE):
        why = ("an environment setting made through wsl.exe would end with its bash process; "
               "set it in the Linux shell")
    elif not all(wsl_passable(c) for c in commands):
        why = ("the command holds a double quote, a backslash or a non-ASCII character, which "
               "Windows PowerShell 5.1 passes to wsl.exe changed; run it in the Linux shell")
    if why is not None:
        return [_WSL_NOTE, f"# not run from PowerShell: {why}", *_commented(lines)]
    out = ["# (runs inside WSL2: the default distribution, in the Linux home folder)"]
    out += [ln for ln in lines if ln.startswith("#")]
    for c in commands:
        out += [wsl_ps_line(c), _ps_check(step.title)]
    return out


def render_powershell(plan: Plan, verbosity: int = 0) -> str:
    """A PowerShell script.  POSIX steps inside WSL2 run through ``wsl --cd ~ -e bash -lc``
    where that passes them unchanged, else stay comments saying why (:func:`_ps_wsl_step`)."""
    lines = _comment_lines("\n".join(_header(plan, verbosity)))
    lines += ["$ErrorActionPreference = 'Stop'", ""]
    conda = _conda_env(plan)
    if conda is None:
        lines += [f"$Venv = {ps_quote(plan.env_path)}", ""]
    wsl2 = Shell.POSIX if plan.route.value in ("wsl2",) else None
    lines += _script_steps(plan, conda, wsl2, _WSL_NOTE, partial(_sh_step, for_text=True),
                           _ps_step, _ps_wsl_step)
    if not plan.steps:
        lines.append("throw 'tfgpu: nothing to install, see the reasons above'")
    return "\n".join(lines).rstrip("\n") + "\n"


# --------------------------------------------------------------------------- requirements / conda
def _before_installing(plan: Plan) -> list[str]:
    """The plan's manual steps (a driver to install, a Python to add) as comment lines, for
    the file formats that hold no commands."""
    lines: list[str] = []
    for step in plan.manual_steps:
        assert isinstance(step.action, Manual)
        lines += _comment_lines(f"Before installing: {step.action.text}")
    return lines


def render_requirements(plan: Plan, verbosity: int = 0) -> str:
    """``requirements.txt``: the requirements, with the plan's header and manual steps as
    comments."""
    lines = _comment_lines("\n".join(_header(plan, verbosity)))
    lines += _before_installing(plan)
    conda = _conda_env(plan)
    if conda is not None and conda.packages:
        lines.append("# conda packages (not pip): " + " ".join(conda.packages))
    lines += [f"--find-links {url}" for url in _find_links(plan)]
    lines += list(plan.requirements)
    return "\n".join(lines) + "\n"


def _find_links(plan: Plan) -> list[str]:
    """The ``--find-links`` pages of the plan's pip steps (AMD's for ``tensorflow-rocm``)."""
    urls = [s.action.find_links for s in plan.steps
            if isinstance(s.action, PipInstall) and s.action.find_links]
    return list(dict.fromkeys(urls))


def render_conda(plan: Plan, verbosity: int = 0) -> str:
    """A conda ``environment.yml``: Python (and conda packages), pip requirements; the plan's
    header and manual steps as comments.

    The environment is the plan's conda environment, or for other routes the plan's
    ``--venv`` value (default name ``tfgpu``); a path becomes ``prefix:``, a name
    ``name:``.
    """
    conda = _conda_env(plan)
    if conda is None:
        where = plan.env_path if plan.env_path and plan.env_path != ".venv-tfgpu" else "tfgpu"
        conda = CondaCreate(where, plan.python or "3")
    lines = _comment_lines("\n".join(_header(plan, verbosity)))
    lines += _before_installing(plan)
    if conda.lib_on_ld_library_path:
        lines += _comment_lines(
            "After `conda env create -f` this file, put the environment's lib on "
            "LD_LIBRARY_PATH when it is activated:\n" + "\n".join(_conda_lib_lines(conda))
        )
    lines += [
        f"{'prefix' if conda.is_path else 'name'}: {yaml_quote(conda.name)}",
        "channels:",
        f"  - {yaml_quote(conda.channel)}",
        "dependencies:",
        f"  - {yaml_quote('python=' + conda.python)}",
    ]
    for p in conda.packages:
        lines.append(f"  - {yaml_quote(p)}")
    lines.append('  - "pip"')
    if plan.requirements:
        lines.append("  - pip:")
        lines += [f"      - {yaml_quote('--find-links ' + url)}" for url in _find_links(plan)]
        lines += [f"      - {yaml_quote(r)}" for r in plan.requirements]
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[Plan, int], str]] = {
    "text": render_text,
    "json": render_json,
    "sh": render_sh,
    "powershell": render_powershell,
    "requirements": render_requirements,
    "conda": render_conda,
}


def render(plan: Plan, fmt: str, verbosity: int = 0) -> str:
    """Render ``plan`` in format ``fmt`` (one of :data:`FORMATS`).

    ``verbosity`` (``-v`` count minus ``-q`` count): below 0 the text and the scripts'
    comment headers keep only the route line (the script/steps stay whole); above 0
    they add each alternative's reason and the environment.  JSON is always complete.

    Raises:
        ValueError: unknown format.
    """
    try:
        renderer = RENDERERS[fmt]
    except KeyError:
        raise ValueError(f"unknown format {fmt!r}; choose one of {', '.join(FORMATS)}") from None
    return renderer(plan, verbosity)
