"""Run a plan into a new virtual environment (``tfgpu install``).

Safety rules (issue 3): never ``sudo``; never touch a system CUDA; steps that need root
or a download page (:class:`~tfgpu.plan.model.Manual`) are printed, never run; an
existing folder is used only when the user named it with ``--venv`` and it is a
virtual environment; a failing step stops the run with a message that names the step
and the environment being built.  Every command goes through an injectable runner
(``(argv, timeout_s) -> CommandResult``) so the logic is tested without pip.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

from tfgpu._proc import CommandResult, Runner, run_command
from tfgpu.facts import ProbeStatus
from tfgpu.facts.tf_variants import TF_FOLDER_WRITERS
from tfgpu.plan import _activate
from tfgpu.plan import model as M
from tfgpu.plan.render import ps_quote

#: Seconds allowed for creating a virtual environment.
VENV_TIMEOUT_S = 300.0
#: Seconds allowed for one pip install (TensorFlow with its CUDA wheels is ~3 GB).
PIP_TIMEOUT_S = 3600.0
#: Seconds allowed for the verification child (importing TensorFlow alone takes 3-20 s).
VERIFY_TIMEOUT_S = 300.0
#: Lines of a failing command's output quoted in the error message.
TAIL_LINES = 15
#: Matrix size and allocation of the verification child (``tfgpu verify``'s checks).
VERIFY_SIZE = 512
VERIFY_ALLOC_MIB = 64


class InstallRefused(Exception):
    """The plan cannot or must not be run here (the message says why and what to do)."""


# --- issue 11: interrupted builds and unwritable folders -----------------------------------
#: File tfgpu puts in an environment folder it creates, before ``python -m venv`` runs, and
#: removes once every command of the build succeeded.  A folder holding it is a build of
#: tfgpu's own that did not finish (interrupted, or a failed step): the next ``tfgpu
#: install`` rebuilds it.  tfgpu never deletes a folder without it.
INCOMPLETE_MARKER = ".tfgpu-install-incomplete"
_MARKER_TEXT = ("tfgpu install is building this virtual environment, or its build did not "
                "finish.\nRerun tfgpu install to build it again, or delete this folder.\n")


def unfinished_build(path: Path) -> bool:
    """``path`` is a real folder (not a link) holding :data:`INCOMPLETE_MARKER`: a build
    by ``tfgpu install`` that did not finish."""
    return path.is_dir() and not path.is_symlink() and (path / INCOMPLETE_MARKER).is_file()


def has_pip(env_path: Path) -> bool:
    """The virtual environment ``env_path`` has its interpreter and the ``pip`` package
    (``lib/<python>/site-packages/pip`` or ``Lib/site-packages/pip`` on Windows), or
    uses the system site-packages (where pip may live)."""
    if not venv_python(env_path).exists():
        return False
    try:
        cfg = (env_path / "pyvenv.cfg").read_text(encoding="utf-8", errors="replace")
    except OSError:
        cfg = ""
    if any(line.replace(" ", "").lower() == "include-system-site-packages=true"
           for line in cfg.splitlines()):
        return True
    return any(env_path.glob("lib/*/site-packages/pip/__init__.py")) or (
        env_path / "Lib" / "site-packages" / "pip" / "__init__.py").is_file()


def unwritable_reason(path: Path) -> str | None:
    """Why the folder ``path`` (which does not exist yet) cannot be created, or ``None``.

    Looks at the nearest folder above it that exists: it must be a folder, writable and
    searchable by this user (``os.access``), on a file system not mounted read-only
    (``statvfs`` ``ST_RDONLY``; root passes ``os.access`` there too).
    """
    parent = path
    # os.path.* answer False where Path.exists() would raise (a folder above not searchable)
    while not os.path.lexists(parent) and parent.parent != parent:
        parent = parent.parent
    if not os.path.isdir(parent):
        return f"{parent} is not a folder, or not reachable by this user"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"{parent} is not writable by this user"
    statvfs = getattr(os, "statvfs", None)
    rdonly = getattr(os, "ST_RDONLY", 0)
    if statvfs is not None and rdonly:
        try:
            if statvfs(parent).f_flag & rdonly:
                return f"{parent} is on a read-only file system"
        except OSError:
            pass
    return None


def _prepare_folder(env_path: Path, mode: str) -> None:
    """Before ``python -m venv``: create ``env_path`` holding :data:`INCOMPLETE_MARKER`
    (``mode`` ``"new"``), or empty tfgpu's unfinished build but for its marker
    (``"rebuild"``; links inside are removed, never followed).

    Raises:
        OSError: the folder could not be created or emptied.
    """
    if mode == "rebuild":
        if not unfinished_build(env_path):
            raise OSError(f"{env_path} is no longer tfgpu's unfinished build; not touched")
        for entry in env_path.iterdir():
            if entry.name == INCOMPLETE_MARKER:
                continue
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
        return
    env_path.mkdir(parents=True)
    (env_path / INCOMPLETE_MARKER).write_text(_MARKER_TEXT, encoding="utf-8")


@dataclass(frozen=True, slots=True)
class VerifyOutcome:
    """Result of checking the new environment.

    Attributes:
        ok: TensorFlow imported and computed correctly; with ``expect_gpu``, on a GPU.
        headline: one line for the user.
        gpu_count: GPUs TensorFlow listed.
        tf_version: ``tf.__version__`` in the new environment, or ``None``.
        details: further lines (per-device results, the error).
    """

    ok: bool
    headline: str
    gpu_count: int = 0
    tf_version: str | None = None
    details: tuple[str, ...] = ()


#: ``(python_executable, expect_gpu, env) -> VerifyOutcome``.
VerifyFn = Callable[[str, bool, Mapping[str, str]], VerifyOutcome]


@dataclass(frozen=True, slots=True)
class StepOutcome:
    """What happened to one step.

    Attributes:
        index: 1-based step number.
        title: the step's title.
        status: ``"done"``, ``"failed"``, ``"manual"`` (printed, not run) or
            ``"not-run"`` (after a failure).
        command: the argv that ran, if any.
        duration_s: wall time, seconds.
        message: what went wrong, or the instruction for a manual step.
    """

    index: int
    title: str
    status: str
    command: tuple[str, ...] = ()
    duration_s: float = 0.0
    message: str = ""


@dataclass(frozen=True, slots=True)
class InstallResult:
    """Outcome of :func:`run_install`.

    Attributes:
        ok: every runnable step succeeded and verification passed.
        env_path: absolute path of the environment that was built.
        steps: one outcome per plan step.
        verify: the verification result (``None`` when it did not run).
        message: summary for the user (the failure, or what to do next).
    """

    ok: bool
    env_path: str
    steps: tuple[StepOutcome, ...]
    verify: VerifyOutcome | None
    message: str


class Reporter(Protocol):
    """Progress callbacks (the CLI shows a spinner on stderr; tests record calls)."""

    def start(self, index: int, total: int, step: M.Step, command: Sequence[str]) -> None:
        """A step is about to run ``command`` (empty for manual steps)."""

    def finish(self, outcome: StepOutcome) -> None:
        """A step ended."""


@dataclass
class RecordingReporter:
    """A :class:`Reporter` that keeps every event (for tests and ``--quiet``)."""

    events: list[str] = field(default_factory=list)

    def start(self, index: int, total: int, step: M.Step, command: Sequence[str]) -> None:
        self.events.append(f"start {index}/{total} {step.title}")

    def finish(self, outcome: StepOutcome) -> None:
        self.events.append(f"{outcome.status} {outcome.index} {outcome.title}")


def venv_python(env_path: Path, windows: bool | None = None) -> Path:
    """The interpreter inside a virtual environment (``bin/python`` or
    ``Scripts\\python.exe`` on Windows)."""
    win = os.name == "nt" if windows is None else windows
    return env_path / "Scripts" / "python.exe" if win else env_path / "bin" / "python"


def is_venv(path: Path) -> bool:
    """``path`` is a virtual environment (has ``pyvenv.cfg``, PEP 405)."""
    return (path / "pyvenv.cfg").is_file()


def installed_distributions(env_path: Path) -> set[str]:
    """The canonical names of the distributions installed in the virtual environment
    ``env_path``, read from its ``*.dist-info`` folders (``tensorflow_cpu-2.21.0.dist-info``
    -> ``tensorflow-cpu``); empty when none can be read."""
    names: set[str] = set()
    for site in (*env_path.glob("lib/python*/site-packages"), env_path / "Lib" / "site-packages"):
        try:
            entries = [*site.glob("*.dist-info"), *site.glob("*.egg-info")]
        except OSError:
            continue
        for info in entries:
            stem = info.name.rsplit(".", 1)[0].split("-", 1)[0]
            names.add(canonicalize_name(stem))
    return names


def _other_tf_variants(plan: M.Plan, env_path: Path) -> list[str]:
    """The distributions writing the ``tensorflow`` folder (:data:`TF_FOLDER_WRITERS`) that
    ``env_path`` has and the plan's requirements do not name: installing the plan beside them
    would put two of them in one environment."""
    wanted = {canonicalize_name(Requirement(r).name) for r in plan.requirements
              if _parses(r)}
    have = installed_distributions(env_path)
    return sorted(n for n in TF_FOLDER_WRITERS
                  if n in have and n not in wanted and wanted & set(TF_FOLDER_WRITERS))


def _parses(req: str) -> bool:
    try:
        Requirement(req)
    except InvalidRequirement:
        return False
    return True


def check_installable(plan: M.Plan, env_path: Path, *, explicit_env: bool) -> str:
    """Refuse plans and folders that ``tfgpu install`` must not run into.

    Args:
        plan: the plan (made for this host).
        env_path: where the environment goes.
        explicit_env: the user named ``env_path`` with ``--venv``.

    Returns:
        ``"new"`` (the folder does not exist), ``"rebuild"`` (tfgpu's own build of it did
        not finish: :func:`unfinished_build`) or ``"reuse"`` (an existing virtual
        environment that ``--venv`` named).

    Raises:
        InstallRefused: nothing to install; a Jetson's plan (NVIDIA's build, by hand); a
            conda or PowerShell-only plan on a host that runs POSIX steps (render it with
            ``--format`` instead); the folder
            exists and is not a virtual environment; an existing environment that
            ``--venv`` did not name; an existing environment without ``pip`` (a build
            interrupted outside tfgpu); a new folder that cannot be created there (a
            read-only folder).
    """
    if plan.route is M.Route.JETSON:
        raise InstallRefused(
            "on an NVIDIA Jetson TensorFlow is NVIDIA's build for its JetPack release, which "
            "tfgpu install does not drive: follow the steps of `tfgpu plan`")
    if not plan.requirements:
        raise InstallRefused("the plan installs nothing (see its reasons)")
    if any(isinstance(s.action, M.CondaCreate) for s in plan.steps):
        raise InstallRefused(
            f"the {plan.route.value} route uses conda, which tfgpu install does not drive; "
            f"write the steps with `tfgpu plan --route {plan.route.value} --format sh` "
            "(or --format conda for an environment.yml) and run them yourself"
        )
    runnable = [s for s in plan.steps if not isinstance(s.action, M.Manual)]
    if os.name != "nt" and any(s.shell is M.Shell.POWERSHELL for s in runnable):
        raise InstallRefused(
            "this plan's steps are PowerShell (a Windows host); render it with --format powershell"
        )
    if unfinished_build(env_path):
        return "rebuild"
    if env_path.exists() or env_path.is_symlink():
        if not env_path.is_dir() or not is_venv(env_path):
            raise InstallRefused(
                f"{env_path} exists and is not a virtual environment; tfgpu install will not "
                "write into it. "
                "Choose a new folder with --venv PATH"
            )
        if not explicit_env:
            raise InstallRefused(
                f"{env_path} is an existing virtual environment; tfgpu install changes an "
                "existing environment "
                f"only when --venv names it (--venv {shlex.quote(str(env_path))}), or choose a "
                "new folder"
            )
        if not has_pip(env_path):
            py = venv_python(env_path)
            raise InstallRefused(
                f"{env_path} is a virtual environment without pip ({py} -m pip would fail: "
                "No module named pip), likely a build that was interrupted; tfgpu install "
                f"does not delete your folders. Repair it with `{shlex.quote(str(py))} -m "
                f"ensurepip --upgrade`, or delete {env_path} and rerun"
            )
        other = _other_tf_variants(plan, env_path)
        if other:
            exe = shlex.quote(str(venv_python(env_path)))
            raise InstallRefused(
                f"{env_path} already has {', '.join(other)}, which shares the `tensorflow` "
                "package folder with what this plan installs "
                f"({', '.join(plan.requirements)}): both in one environment overwrite each "
                f"other's files. Remove it first ({exe} -m pip uninstall -y {' '.join(other)}) "
                "and rerun, or choose a new folder with --venv"
            )
        return "reuse"
    why = unwritable_reason(env_path)
    if why is not None:
        raise InstallRefused(
            f"cannot create the environment {env_path}: {why}. Choose a folder you can "
            "write with --venv PATH (for example --venv ~/tf)"
        )
    return "new"


def child_env(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """Environment for commands in the new environment: ours, without ``PYTHONPATH``,
    ``PYTHONHOME`` and an active venv's ``VIRTUAL_ENV`` (they would leak our packages in),
    with pip's version check and prompts off."""
    env = dict(os.environ if base is None else base)
    for k in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP"):
        env.pop(k, None)
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env["PIP_NO_INPUT"] = "1"
    return env


#: Seconds a candidate interpreter is given to print its version (a cold start of a
#: Python on a network file system takes about a second).
PYTHON_CHECK_TIMEOUT_S = 15.0
#: The code a candidate runs to print its ``major.minor`` (Python 2.7 and 3.x alike).
_VERSION_CODE = "import sys; print('%d.%d' % sys.version_info[:2])"


def interpreter_candidates(name: str, env: Mapping[str, str] | None = None) -> list[str]:
    """Every file that could start ``name`` (``python3.10``), in the order tried: each
    executable of that name on ``PATH`` (not only the first: a pyenv shim that cannot run
    that version stands before the real one), then pyenv's own installs of that version,
    ``$PYENV_ROOT/versions/<X.Y.*>/bin/<name>`` (default root ``~/.pyenv``; pyenv's shims
    run those files: https://github.com/pyenv/pyenv#understanding-shims), newest first."""
    env = os.environ if env is None else env
    out: list[str] = []
    for folder in env.get("PATH", "").split(os.pathsep):
        exe = shutil.which(name, path=folder) if folder else None
        if exe is not None and exe not in out:
            out.append(exe)
    root = Path(env.get("PYENV_ROOT") or Path.home() / ".pyenv")
    version = name.removeprefix("python")
    if name.startswith("python") and version and (root / "versions").is_dir():
        def key(p: Path) -> tuple[int, ...]:
            parts = p.parents[1].name.split(".")
            return tuple(int(x) if x.isdigit() else -1 for x in parts)

        found = [p for p in (root / "versions").glob(f"{version}.*/bin/{name}") if p.is_file()]
        out.extend(str(p) for p in sorted(found, key=key, reverse=True) if str(p) not in out)
    return out


def interpreter_runs(argv: Sequence[str], python: str, runner: Runner | None = None) -> bool:
    """Whether ``argv`` starts a Python ``python`` (``"3.10"``): it prints that
    ``major.minor`` within :data:`PYTHON_CHECK_TIMEOUT_S` and exits 0.  A pyenv shim of a
    version pyenv has not selected exits 127 ("pyenv: python3.10: command not found")."""
    run: Runner = runner or run_command
    res = run((*argv, "-c", _VERSION_CODE), PYTHON_CHECK_TIMEOUT_S)
    return (res.status is ProbeStatus.OK and res.returncode == 0
            and res.stdout.strip() == python)


def resolve_interpreter(wanted: Sequence[str], python: str | None,
                        runner: Runner | None = None,
                        env: Mapping[str, str] | None = None) -> tuple[str, ...] | None:
    """The argv that starts the plan's Python on this host, or ``None`` if absent.

    The running interpreter is used when its version is the plan's (``python -m venv``
    from inside a venv builds on the base interpreter); otherwise the candidates of
    ``python3.X`` (:func:`interpreter_candidates`; the ``py -3.X`` launcher on Windows)
    are tried in order, and the first that runs and reports that version
    (:func:`interpreter_runs`) is chosen: a candidate that cannot run is skipped, never
    put in the plan.
    """
    if python is None or python == f"{sys.version_info.major}.{sys.version_info.minor}":
        return (sys.executable,)
    for exe in interpreter_candidates(wanted[0], env):
        argv = (exe, *wanted[1:])
        if interpreter_runs(argv, python, runner):
            return argv
    return None


def verify_argv(python: str) -> tuple[str, ...]:
    """The exact argv of the verification child that :func:`default_verify` runs (the
    same construction as :func:`tfgpu.verify.run_verify`)."""
    import json

    from tfgpu.verify import CHILD_SCRIPT

    args = {
        "size": VERIFY_SIZE,
        "alloc_mib": VERIFY_ALLOC_MIB,
        "include_cpu": False,
        "inject_fault": None,
    }
    return (python, str(CHILD_SCRIPT), json.dumps(args))


@dataclass(frozen=True, slots=True)
class PlannedStep:
    """What ``tfgpu install`` does for one step, decided before anything runs.

    Attributes:
        index: 1-based step number.
        title: the title shown (``"Reuse the existing virtual environment"`` on reuse).
        kind: ``"run"`` (``argv`` runs), ``"manual"`` (printed, never run),
            ``"reuse"`` (nothing runs), ``"setenv"`` (tfgpu edits the activate script),
            ``"verify"`` (``argv`` is the verification child), ``"missing-python"``.
        argv: the exact command, when one runs.
        text: what happens, in words (manual steps, reuse, activate-script edits).
        timeout_s: the command's time limit, seconds.
    """

    index: int
    title: str
    kind: str
    argv: tuple[str, ...] = ()
    text: str = ""
    timeout_s: float = 0.0


def planned_steps(plan: M.Plan, env_path: Path) -> tuple[PlannedStep, ...]:
    """The steps exactly as :func:`run_install` will run them into ``env_path``.

    The installer runs these argvs, so what the user is shown before saying yes is
    what runs (absolute environment path, the resolved interpreter, the verification
    child).
    """
    env_path = env_path.absolute()
    py = str(venv_python(env_path))
    out: list[PlannedStep] = []
    for i, step in enumerate(plan.steps, 1):
        a = step.action
        if isinstance(a, M.Manual):
            out.append(
                PlannedStep(
                    i, step.title, "manual", text=a.text + (f" (see {a.url})" if a.url else "")
                )
            )
        elif isinstance(a, M.CreateVenv):
            if is_venv(env_path) and not unfinished_build(env_path):
                out.append(
                    PlannedStep(
                        i,
                        "Reuse the existing virtual environment",
                        "reuse",
                        text=f"reuse {env_path} (nothing is created)",
                    )
                )
                continue
            interp = resolve_interpreter(a.python, plan.python)
            if interp is None:
                out.append(
                    PlannedStep(
                        i,
                        step.title,
                        "missing-python",
                        text=(
                            f"Python {plan.python} is needed to build {env_path} and no "
                            f"`{a.python[0]}` on PATH (or among pyenv's versions) runs; "
                            f"install Python {plan.python} "
                            f"(your distribution's python{plan.python} package, or "
                            f"`uv python install {plan.python}`) and rerun"
                        ),
                    )
                )
                continue
            again = unfinished_build(env_path)
            out.append(
                PlannedStep(
                    i, step.title, "run", (*interp, "-m", "venv", str(env_path)),
                    text=(f"first empties {env_path}: tfgpu's earlier build of it did not "
                          f"finish ({INCOMPLETE_MARKER} is there)") if again else "",
                    timeout_s=VENV_TIMEOUT_S,
                )
            )
        elif isinstance(a, M.RunCommands):
            out.extend(PlannedStep(i, step.title, "run", argv, timeout_s=PIP_TIMEOUT_S)
                       for argv in a.commands)
        elif isinstance(a, M.PipInstall):
            argv = (py, "-m", "pip", "install", *(["--upgrade"] if a.upgrade else []),
                    *(["--find-links", a.find_links] if a.find_links else []),
                    *a.requirements)
            out.append(PlannedStep(i, step.title, "run", argv, timeout_s=PIP_TIMEOUT_S))
        elif isinstance(a, M.SetEnv):
            script = env_path / ("Scripts/Activate.ps1" if os.name == "nt" else "bin/activate")
            out.append(
                PlannedStep(
                    i, step.title, "setenv",
                    text=f"{a.name}: prepend {a.value} in tfgpu's block of {script}"
                    if a.prepend else f"{a.name}={a.value} in tfgpu's block of {script}",
                )
            )
        elif isinstance(a, M.Verify):
            out.append(
                PlannedStep(i, step.title, "verify", verify_argv(py), timeout_s=VERIFY_TIMEOUT_S)
            )
        else:  # CondaCreate is refused by check_installable
            raise InstallRefused(f"step {i} ({step.title}) cannot be run by tfgpu install")
    return tuple(out)


def _rerun_hint(env_path: Path, mode: str) -> str:
    """What to do after a failed step: a build of tfgpu's own is rebuilt by the next run."""
    if mode == "reuse":
        return (f"Fix the cause and rerun with --venv {shlex.quote(str(env_path))}, or "
                f"delete {env_path} to start over.")
    return (f"Fix the cause and rerun the same command: tfgpu rebuilds {env_path}, which it "
            f"marked unfinished ({INCOMPLETE_MARKER}); or delete that folder.")


def _tail(res: CommandResult) -> str:
    text = (res.stderr.strip() or res.stdout.strip() or res.message or "").splitlines()
    return "\n".join("    " + ln for ln in text[-TAIL_LINES:])


def run_install(
    plan: M.Plan,
    env_path: Path,
    *,
    explicit_env: bool,
    runner: Runner | None = None,
    verify: VerifyFn | None = None,
    reporter: Reporter | None = None,
    base_env: Mapping[str, str] | None = None,
) -> InstallResult:
    """Run the plan's steps into ``env_path`` and verify the result.

    Args:
        plan: the plan for this host.
        env_path: the environment folder (created here unless it is an existing venv
            that ``--venv`` named).
        explicit_env: the user passed ``--venv``.
        runner: runs ``(argv, timeout_s)``; default :func:`run_command` with
            :func:`child_env`.
        verify: checks the environment; default :func:`default_verify`.
        reporter: progress callbacks.
        base_env: environment to derive the children's from (default ``os.environ``).

    Returns:
        The outcome; never raises for a failing command.

    Raises:
        InstallRefused: see :func:`check_installable` (checked again here).
    """
    env_path = env_path.absolute()
    mode = check_installable(plan, env_path, explicit_env=explicit_env)
    env = child_env(base_env)
    run: Runner = runner or (lambda argv, t: run_command(argv, t, env=env))
    check: VerifyFn = verify or default_verify
    rep: Reporter = reporter or RecordingReporter()
    py = venv_python(env_path)
    outcomes: list[StepOutcome] = []
    total = len(plan.steps)
    failed: StepOutcome | None = None
    verify_result: VerifyOutcome | None = None
    setenvs: list[M.SetEnv] = []
    for ps, step in zip(planned_steps(plan, env_path), plan.steps, strict=True):
        i, a = ps.index, step.action
        shown = M.Step(ps.title, a, step.shell)
        if failed is not None:
            outcomes.append(StepOutcome(i, ps.title, "not-run"))
            continue
        if ps.kind in ("manual", "reuse", "missing-python"):
            rep.start(i, total, shown, ())
            status = {"manual": "manual", "reuse": "done", "missing-python": "failed"}[ps.kind]
            text = ps.text if ps.kind != "reuse" else f"using the existing environment {env_path}"
            oc = StepOutcome(i, ps.title, status, message=text)
            rep.finish(oc)
            outcomes.append(oc)
            if status == "failed":
                failed = oc
            continue
        if ps.kind == "setenv":
            assert isinstance(a, M.SetEnv)
            rep.start(i, total, shown, ())
            setenvs.append(a)
            msg = _apply_setenv(a, setenvs, env_path, env)
            oc = StepOutcome(i, ps.title, "done", message=msg)
            rep.finish(oc)
            outcomes.append(oc)
            continue
        if ps.kind == "verify":
            assert isinstance(a, M.Verify)
            rep.start(i, total, shown, ps.argv)
            verify_result = check(str(py), a.expect_gpu, env)
            oc = StepOutcome(
                i,
                ps.title,
                "done" if verify_result.ok else "failed",
                ps.argv,
                message=verify_result.headline,
            )
            rep.finish(oc)
            outcomes.append(oc)
            continue
        argv = ps.argv
        rep.start(i, total, shown, argv)
        if isinstance(a, M.CreateVenv) and mode != "reuse":
            try:
                _prepare_folder(env_path, mode)
            except OSError as exc:
                oc = StepOutcome(i, ps.title, "failed", argv, 0.0,
                                 f"step {i}/{total} '{ps.title}' failed: could not prepare "
                                 f"{env_path}: {exc}\n  Nothing was installed.")
                failed = oc
                rep.finish(oc)
                outcomes.append(oc)
                continue
        res = run(argv, ps.timeout_s)
        if res.status is ProbeStatus.OK:
            oc = StepOutcome(i, ps.title, "done", argv, res.duration_s)
        else:
            why = res.message or f"exit status {res.returncode}"
            oc = StepOutcome(
                i,
                ps.title,
                "failed",
                argv,
                res.duration_s,
                (
                    f"step {i}/{total} '{ps.title}' failed while building the new environment "
                    f"{env_path}: {why}\n"
                    f"  command: {shlex.join(argv)}\n"
                    + (_tail(res) + "\n" if _tail(res) else "")
                    + "  Your own Python environment was not changed. "
                    + _rerun_hint(env_path, mode)
                ),
            )
            failed = oc
        rep.finish(oc)
        outcomes.append(oc)
    if failed is None and mode != "reuse":
        # Every command of the build succeeded: the environment is no longer unfinished.
        (env_path / INCOMPLETE_MARKER).unlink(missing_ok=True)
    manual = [o for o in outcomes if o.status == "manual"]
    if failed is not None:
        message = failed.message
        ok = False
    elif verify_result is not None and not verify_result.ok:
        ok = False
        message = (
            f"TensorFlow was installed into {env_path}, but the check failed: "
            f"{verify_result.headline}"
        )
        if manual:
            message += (
                "\n  Complete the steps tfgpu does not run (listed above), then run `tfgpu "
                "verify` with "
                f"{py}"
            )
    else:
        ok = True
        message = f"Done: TensorFlow {plan.tf_version} is installed in {env_path}"
        if verify_result is not None:
            message += f"; {verify_result.headline}"
        activate = env_path / ("Scripts\\Activate.ps1" if os.name == "nt" else "bin/activate")
        message += (
            f"\n  Activate it with: {'' if os.name == 'nt' else '. '}{shlex.quote(str(activate))}"
        )
    return InstallResult(ok, str(env_path), tuple(outcomes), verify_result, message)


def _apply_setenv(
    a: M.SetEnv, settings: Sequence[M.SetEnv], env_path: Path, env: dict[str, str]
) -> str:
    """Set ``a`` in ``env`` and write ``settings`` (every variable so far) as tfgpu's
    marked block in the environment's activate script, replacing an earlier block
    (:mod:`tfgpu.plan._activate`): reinstalling never duplicates the lines, and
    ``deactivate`` restores the old values."""
    sep = os.pathsep
    if a.prepend and env.get(a.name):
        env[a.name] = a.value + sep + env[a.name]
    else:
        env[a.name] = a.value
    if os.name == "nt":
        script = env_path / "Scripts" / "Activate.ps1"
        lines = [
            f"$env:{s.name} = "
            + (
                f"{ps_quote(s.value)} + [IO.Path]::PathSeparator + $env:{s.name}"
                if s.prepend
                else ps_quote(s.value)
            )
            for s in settings
        ]

        def update(text: str) -> str:
            text = _activate._strip(text, _activate.BEGIN, _activate.END)
            if not text.endswith("\n"):
                text += "\n"
            return text + "\n".join([_activate.BEGIN, *lines, _activate.END]) + "\n"
    else:
        script = env_path / "bin" / "activate"

        def update(text: str) -> str:
            return _activate.update_activate(
                text, [(s.name, s.value, s.prepend) for s in settings]
            )

    try:
        old = script.read_text(encoding="utf-8")
        script.write_text(update(old), encoding="utf-8")
    except OSError as exc:
        return (
            f"could not write {a.name} into {script}: {exc}; set it yourself: "
            f"{a.name}={a.value}" + (f"{sep}${a.name}" if a.prepend else "")
        )
    return f"{a.name} set in tfgpu's block of {script} (restored by deactivate)"


def default_verify(python: str, expect_gpu: bool, env: Mapping[str, str]) -> VerifyOutcome:
    """Run ``tfgpu verify``'s checks (:func:`tfgpu.verify.run_verify`) with the new
    environment's interpreter.

    The verify child needs only TensorFlow and numpy, so the new environment does not
    need tfgpu.  With ``expect_gpu`` false (a CPU plan) a passing ``CPU:0`` is success.
    """
    from tfgpu.verify import run_verify

    r = run_verify(
        python,
        alloc_mib=VERIFY_ALLOC_MIB,
        timeout_s=VERIFY_TIMEOUT_S,
        cpu_ok=not expect_gpu,
        size=VERIFY_SIZE,
        env=env,
    )
    details: list[str] = []
    for c in r.checks:
        line = f"{c.device}: {'passed' if c.passed else 'FAILED'}"
        if c.matmul_gflops is not None:
            line += f", {c.matmul_gflops:.1f} GFLOP/s float32 matmul"
        if c.problems:
            line += " (" + "; ".join(c.problems) + ")"
        details.append(line)
    if not r.ok:  # the causes and fixes matter only when it failed
        for f in r.findings:
            details.append(f"{f.title}" + (f": {f.cause}" if f.cause else ""))
            details.extend(f"  fix: {x}" for x in f.fix)
    return VerifyOutcome(r.ok, r.headline, r.gpu_count, r.tf_version, tuple(details))
