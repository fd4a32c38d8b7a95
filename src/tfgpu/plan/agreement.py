"""One source of truth for the doctor's install lines: the plan's route choice.

The doctor's findings each know one fault (a driver too old for CUDA 12, a compute
capability below the wheel's minimum, the CUDA wheels missing, Apple's plugin missing...),
and several used to name their own TensorFlow release to install.  ``tfgpu plan`` makes
that choice once, for the whole host, from the same knowledge rows (driver minimum of
the CUDA family, the wheel's compute capabilities, the Python range, the tensorflow-metal
pairing, the ``numpy<2`` cap of releases before NumPy 2 support): see
:mod:`tfgpu.plan.select`.  :func:`agree_with_plan` holds every ``pip install``/``conda
install`` line of the doctor's fixes that installs a TensorFlow package against the
plans for this host (the default route and each alternative route), and replaces a line
no plan accepts by the steps of the plan for this host, so the doctor and the plan can
never name different releases.

A line is accepted by a plan (:func:`line_accepted`) when every TensorFlow-family
package it installs (``tensorflow``, its ``[and-cuda]`` extra, ``tensorflow-metal``,
``intel-extension-for-tensorflow``...) is a requirement of the plan with the same
extras, and every release its version specifier admits is one the plan's specifier
admits (an unpinned ``tensorflow`` gives the newest release: accepted only where the
plan's specifier admits the newest release the knowledge knows); and, when it installs
``tensorflow`` itself, the plan's TensorFlow-family companions (the plugin) are on the
line too.  A line the plan's rules accept but that lacks the plan's other requirements
(``numpy<2`` next to a release before NumPy 2 support) gets them added.  On an NVIDIA
Linux/WSL2 host a pinned ``tensorflow[and-cuda]`` release other than the plan's pick is
accepted when the planner's own rules (:meth:`~tfgpu.plan.routes._base._PlannerBase.
release_fits`: Python, compute capability, driver, PTX JIT) let it use this GPU.
"""

from __future__ import annotations

import contextlib
import re
import shlex
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from packaging.version import InvalidVersion, Version

from tfgpu.facts import HostFacts
from tfgpu.findings import Finding, Report
from tfgpu.knowledge import knowledge_or_packaged

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge
    from tfgpu.plan.model import Plan
    from tfgpu.plan.routes._base import _PlannerBase

#: Options of ``pip install``/``conda install`` that take a value (the value is no package).
_VALUED_OPTIONS = frozenset({
    "-c", "--channel", "-i", "--index-url", "--extra-index-url", "-f", "--find-links",
    "-r", "--requirement", "-n", "--name", "-p", "--prefix", "-t", "--target",
    "--python-version", "--platform", "--only-binary", "--no-binary",
})

_INSTALL = re.compile(r"\b(?:pip|conda|mamba)\s+install\b")
#: A fix line that offers another install as a comment: ``# or: <command>`` (``# or <command>``).
_ALTERNATIVE = re.compile(r"#\s*or:?\s+(?=\S*(?:pip|python|conda|mamba)\S*\s)(.+)$")

_REQ = re.compile(r"([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?\s*(.*)")
_CLAUSE = re.compile(r"\s*(~=|===|==|!=|<=|>=|<|>)\s*([0-9][0-9A-Za-z.*+!-]*)\s*")


class InvalidRequirement(ValueError):
    """A requirement string this module cannot read."""


def canonicalize_name(name: str) -> str:
    """A package name as PEP 503 normalises it (``Tensorflow_Metal`` -> ``tensorflow-metal``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


@dataclass(frozen=True, slots=True)
class Requirement:
    """The part of a PEP 508 requirement the agreement needs: name, extras, and version
    clauses (``packaging.requirements`` is not imported: it pulls ``packaging.tags`` and
    ``logging`` into every doctor run, see tests/doctor/test_doctor_lean.py).

    Attributes:
        name: the canonical name.
        extras: the extras (``{"and-cuda"}``).
        clauses: ``(operator, version)`` pairs (``("~=", "2.17.0")``); empty = any version.
    """

    name: str
    extras: frozenset[str]
    clauses: tuple[tuple[str, str], ...]

    @classmethod
    def parse(cls, text: str) -> Requirement:
        """Read ``name[extras]spec`` (``"tensorflow[and-cuda]~=2.21.0"``, ``"numpy<2"``).

        Raises:
            InvalidRequirement: not a requirement (a path, a URL, an environment marker).
        """
        m = _REQ.fullmatch(text.strip())
        if m is None or ";" in text or "/" in text or "\\" in text:
            raise InvalidRequirement(text)
        clauses: list[tuple[str, str]] = []
        for part in filter(None, (p.strip() for p in m.group(3).split(","))):
            c = _CLAUSE.fullmatch(part)
            if c is None:
                raise InvalidRequirement(text)
            clauses.append((c.group(1), c.group(2)))
        extras = frozenset(canonicalize_name(e.strip()) for e in (m.group(2) or "").split(",")
                           if e.strip())
        return cls(canonicalize_name(m.group(1)), extras, tuple(clauses))

    def contains(self, v: Version) -> bool:
        """Whether every clause admits the final release ``v``."""
        return all(_clause_admits(op, text, v) for op, text in self.clauses)


def _release(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".") if p.isdigit())


def _clause_admits(op: str, text: str, v: Version) -> bool:
    """One PEP 440 clause against a final release (prefix ``.*`` matching, ``~=``)."""
    if text.endswith(".*"):
        prefix = _release(text[:-2])
        same = (*v.release, 0, 0, 0)[:len(prefix)] == prefix
        return same if op == "==" else (not same if op == "!=" else False)
    try:
        w = Version(text)
    except InvalidVersion:
        return False
    if op == "~=":
        prefix = w.release[:-1]
        return v >= w and (*v.release, 0, 0, 0)[:len(prefix)] == prefix
    return {"==": v == w, "===": str(v) == text, "!=": v != w, "<": v < w, "<=": v <= w,
            ">": v > w, ">=": v >= w}[op]


def _is_tf_family(name: str) -> bool:
    """Whether a (canonical) package name is TensorFlow or one of its GPU plugins/builds."""
    return "tensorflow" in name


def installed_requirements(line: str) -> list[Requirement] | None:
    """The requirements a fix line's ``pip install``/``conda install`` commands install.

    Args:
        line: one line of a fix (a shell command, maybe with ``&&`` and a ``#`` comment).

    Returns:
        The requirements (PEP 508; a conda ``pkg=1.2`` spec read as ``pkg==1.2.*``), or
        ``None`` when the line installs nothing or cannot be read as a command.
    """
    if not _INSTALL.search(line):
        return None
    try:
        words = shlex.split(line, comments=True, posix=True)
    except ValueError:
        return None
    out: list[Requirement] = []
    installing = skip = False
    for w in words:
        if w in {"&&", "||", ";", "|"}:
            installing = False
            continue
        if skip:
            skip = False
            continue
        if w == "install":
            installing = True
            continue
        if not installing:
            continue
        if w in {"--force-reinstall", "--no-deps"}:
            return None  # a repair of what is installed, not the choice of a release
        if w.startswith("-"):
            skip = w in _VALUED_OPTIONS
            continue
        text = w
        conda = re.fullmatch(r"([A-Za-z0-9_.\-]+)=(\d[\w.]*)", w)
        if conda is not None:  # conda's pkg=1.2 means 1.2.*
            text = f"{conda.group(1)}=={conda.group(2)}.*"
        try:
            out.append(Requirement.parse(text))
        except InvalidRequirement:
            continue
    return out or None


@dataclass(frozen=True, slots=True)
class Interpreter:
    """The Python a fix line's install runs with, as far as the line (and the lines before
    it in the same fix) tell.

    Attributes:
        python: its ``major.minor`` (``"3.10"``), or ``None`` when not known: a bare
            ``pip``/``python3`` is whichever Python comes first on ``PATH``, and a new
            environment made from one has that unknown Python too.
        env: the environment folder or conda environment name the line installs into
            (``".venv-tfgpu"``, ``"tfgpu"``), when it names one; ``None`` otherwise.
    """

    python: str | None = None
    env: str | None = None


_PY_VERSION = re.compile(r"(?:python|pip)(\d+\.\d+)(?:\.exe)?", re.IGNORECASE)
_ENV_PYTHON = re.compile(r"(.+?)[/\\](?:bin|Scripts)[/\\]python(?:\d+(?:\.\d+)?)?(?:\.exe)?",
                         re.IGNORECASE)


def _minor(version: str | None) -> str | None:
    """``"3.10"`` of ``"3.10.12"``; ``None`` for ``None`` or a version without a minor."""
    parts = (version or "").split(".")
    return ".".join(parts[:2]) if len(parts) >= 2 and all(p.isdigit() for p in parts[:2]) \
        else None


def _env_key(path: str) -> str:
    return path.strip().rstrip("/\\") or path


def _commands(line: str, windows: bool = False) -> list[list[str]]:
    """The commands of a shell line (``&&``/``;``/``||`` split), each its words without
    ``VAR=value`` prefixes and PowerShell's call operator ``&``; ``[]`` when unreadable.
    On Windows a backslash is a path separator, not an escape."""
    try:
        words = shlex.split(line.replace("\\", "\\\\") if windows else line,
                            comments=True, posix=True)
    except ValueError:
        return []
    out: list[list[str]] = [[]]
    for w in words:
        if w in {"&&", "||", ";", "|"}:
            out.append([])
        elif out[-1] or not (w == "&" or re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*=.*", w)):
            out[-1].append(w)
    return [c for c in out if c]


def _exe_python(words: list[str], facts: HostFacts,
                envs: dict[str, Interpreter]) -> tuple[Interpreter, list[str]] | None:
    """The interpreter a command starting with a Python (``EXE -m MODULE ...``, ``py -3.10
    -m ...``, ``conda run -n ENV python -m ...``) runs, and the words after ``-m``;
    ``None`` when the command is none of these."""
    env: str | None = None
    if words[:2] == ["conda", "run"] or words[:2] == ["mamba", "run"]:
        rest = words[2:]
        while rest and rest[0].startswith("-"):
            if rest[0] in {"-n", "--name", "-p", "--prefix"} and len(rest) > 1:
                env = _env_key(rest[1])
                rest = rest[2:]
            else:
                rest = rest[1:]
        words = rest
        if not words:
            return None
    if len(words) < 2:
        return None
    exe, rest = words[0], words[1:]
    if exe.lower() in {"py", "py.exe"}:  # the Windows launcher: py -3.10 -m pip
        version = None
        if rest and re.fullmatch(r"-\d+\.\d+", rest[0]):
            version, rest = rest[0][1:], rest[1:]
        interp = Interpreter(version)
    elif env is not None:
        interp = envs.get(env, Interpreter(None, env))
    else:
        named = _path_python(exe, facts, envs)
        if named is None:
            return None
        interp = named
    if len(rest) < 2 or rest[0] != "-m":
        return None
    return interp, rest[1:]


def _path_python(exe: str, facts: HostFacts, envs: dict[str, Interpreter]) -> Interpreter | None:
    """The interpreter a Python executable's word names (``None``: not a Python)."""
    own = facts.python.executable
    windows = facts.os.system == "Windows"
    if own and (exe == own or (windows and exe.lower() == own.lower())):
        return Interpreter(_minor(facts.python.version))
    m = _ENV_PYTHON.fullmatch(exe)
    if m is not None:
        key = _env_key(m.group(1))
        return envs.get(key, Interpreter(None, key))
    base = re.split(r"[/\\]", exe)[-1]
    m = _PY_VERSION.fullmatch(base)
    if m is not None and base.lower().startswith("python"):
        return Interpreter(m.group(1))
    if re.fullmatch(r"python3?(?:\.exe)?", base, re.IGNORECASE):
        return Interpreter()
    return None


def _note_environment(words: list[str], facts: HostFacts, envs: dict[str, Interpreter]) -> None:
    """Record the environment a command creates (``EXE -m venv DIR``, ``conda create -n
    NAME python=3.10``), with the Python it gets, in ``envs``."""
    if words[:2] in (["conda", "create"], ["mamba", "create"]):
        name = python = None
        rest = words[2:]
        i = 0
        while i < len(rest):
            w = rest[i]
            if w in {"-n", "--name", "-p", "--prefix"} and i + 1 < len(rest):
                name, i = _env_key(rest[i + 1]), i + 2
                continue
            m = re.fullmatch(r"python=+(\d+\.\d+)(?:\.[\d*]+)?", w)
            if m is not None:
                python = m.group(1)
            i += 1
        if name is not None:
            envs[name] = Interpreter(python, name)
        return
    made = _exe_python(words, facts, envs)
    if made is None:
        return
    interp, after = made
    if after and after[0] in {"venv", "virtualenv"}:
        folders = [w for w in after[1:] if not w.startswith("-")]
        if folders:
            key = _env_key(folders[-1])
            envs[key] = Interpreter(interp.python, key)


def line_interpreter(line: str, facts: HostFacts,
                     before: tuple[str, ...] | list[str] = ()) -> Interpreter:
    """The Python the ``pip install`` of a fix line runs with (:class:`Interpreter`).

    Read from the command itself: the interpreter tfgpu examined (its path: its version),
    ``pythonX.Y``, ``py -X.Y``, a new environment's ``DIR/bin/python`` or ``conda run -n
    NAME python`` (the Python that the same line or an earlier line of the fix made it
    with: ``python3.11 -m venv DIR``, ``conda create -n NAME python=3.10``), or an
    environment the line only names (then its Python is not known here).  A bare ``pip``
    or ``python3`` is whichever Python comes first on ``PATH``: not known.  A ``conda
    install`` goes into the environment it names (``-n``/``-p``), else the active one:
    the examined interpreter's when that is a conda environment.

    Args:
        line: the fix line with the install.
        facts: the host snapshot (the examined interpreter, its version and OS).
        before: the earlier lines of the same fix, in order.
    """
    envs: dict[str, Interpreter] = {}
    windows = facts.os.system == "Windows"
    for earlier in before:
        for words in _commands(earlier, windows):
            _note_environment(words, facts, envs)
    found = Interpreter()
    for words in _commands(line, windows):
        if "install" not in words:
            _note_environment(words, facts, envs)
            continue
        if words[0] in {"conda", "mamba"} and words[1:2] == ["install"]:
            for i, w in enumerate(words[:-1]):
                if w in {"-n", "--name", "-p", "--prefix"}:
                    key = _env_key(words[i + 1])
                    return envs.get(key, Interpreter(None, key))
            if facts.python.conda_env:
                return Interpreter(_minor(facts.python.version), facts.python.conda_env)
            return Interpreter()
        m = _PY_VERSION.fullmatch(words[0])
        if m is not None and words[0].lower().startswith("pip"):
            return Interpreter(m.group(1))
        made = _exe_python(words, facts, envs)
        if made is not None and made[1][:1] == ["pip"]:
            return made[0]
        return found
    return found


def python_fits(interp: Interpreter, plan: Plan) -> bool:
    """Whether a line running with ``interp`` installs into ``plan``'s Python: the same
    ``major.minor`` as the plan's, or the plan's own environment (which the plan's steps
    make with its Python)."""
    if interp.env is not None and plan.env_path \
            and _env_key(interp.env) == _env_key(plan.env_path):
        return True
    return interp.python is not None and interp.python == plan.python


def _candidates(reqs: list[Requirement], kb: Knowledge) -> set[Version]:
    """Versions to test specifiers on: the known TensorFlow releases, every version a
    specifier names, and the next patch, minor and major of each (what an open
    specifier lets pip take)."""
    named: set[Version] = set()
    for row in kb.tested:
        for v in (row.tf_version, getattr(row, "tf_version_last", None)):
            if v:
                with contextlib.suppress(InvalidVersion):
                    named.add(Version(v))
    for r in reqs:
        for _, text in r.clauses:
            with contextlib.suppress(InvalidVersion):
                named.add(Version(text.removesuffix(".*")))
    out = set(named)
    for v in named:
        rel = (*v.release, 0, 0)[:3]
        out |= {Version(f"{rel[0]}.{rel[1]}.{rel[2] + 1}"), Version(f"{rel[0]}.{rel[1] + 1}.0"),
                Version(f"{rel[0] + 1}.0.0")}
    return out


def line_accepted(reqs: list[Requirement], plan: Plan, kb: Knowledge,
                  interp: Interpreter | None = None) -> tuple[str, ...] | None:
    """Whether a fix line installing ``reqs`` agrees with ``plan`` (module docstring).

    Args:
        reqs: what the line installs (:func:`installed_requirements`).
        plan: a plan for the same host.
        kb: the knowledge (the known TensorFlow releases).
        interp: the Python the line runs with (:func:`line_interpreter`): it must be the
            plan's (:func:`python_fits`); ``None`` leaves the interpreter out (which plan
            the line's release belongs to).

    Returns:
        ``None`` when it does not; else the plan's requirements outside the TensorFlow
        family the line lacks (``("numpy<2",)``; ``()`` when none), to be added to it.
    """
    if interp is not None and not python_fits(interp, plan):
        return None
    planned: dict[str, Requirement] = {}
    for text in plan.requirements:
        try:
            r = Requirement.parse(text)
        except InvalidRequirement:
            continue
        planned[canonicalize_name(r.name)] = r
    tf_reqs = [r for r in reqs if _is_tf_family(canonicalize_name(r.name))]
    versions = _candidates([*reqs, *planned.values()], kb)
    for r in tf_reqs:
        p = planned.get(canonicalize_name(r.name))
        if p is None or set(p.extras) != set(r.extras):
            return None
        if not r.clauses and r.name == "tensorflow":
            # unpinned: the newest release, which the plan must be pinned to
            newest = max((Version(row.tf_version) for row in kb.tested
                          if re.fullmatch(r"\d+(\.\d+)*", row.tf_version)), default=None)
            if newest is None or not p.contains(newest):
                return None
            continue
        if not {v for v in versions if r.contains(v)} <= {v for v in versions if p.contains(v)}:
            return None
    if not any(r.name == "tensorflow" for r in tf_reqs):
        return ()
    have = {r.name for r in reqs}
    if any(_is_tf_family(n) and n not in have for n in planned):
        return None
    return tuple(t for t in plan.requirements
                 if Requirement.parse(t).name not in have)


@dataclass(frozen=True)
class HostRules:
    """The plan's view of one host: its plans (default route first, then each alternative
    route) and the planner whose rules judge any other release for its GPU."""

    plans: tuple[Plan, ...]
    planner: _PlannerBase
    nvidia_linux: bool

    def release_accepted(self, reqs: list[Requirement],
                         interp: Interpreter | None = None) -> tuple[str, ...] | None:
        """Whether a line installing the GPU build of a pinned TensorFlow (``tensorflow``
        or ``tensorflow[and-cuda]``, nothing else of the TensorFlow family) names only
        releases the plan's rules let use this host's GPU, with what the plan installs next
        to them (``numpy<2``): :meth:`~tfgpu.plan.routes._base._PlannerBase.release_fits`.
        Only for an NVIDIA GPU on Linux/WSL2, where the plan walks those releases.  The
        rules judge the release for the host's Python, so ``interp`` (the Python the line
        runs with, :func:`line_interpreter`; ``None``: not asked) must be that Python.

        Returns:
            ``None`` when it does not; else what the plan installs next to those releases
            that the line lacks (``("numpy<2",)``, or ``()``)."""
        tf = [r for r in reqs if _is_tf_family(r.name)]
        if interp is not None and (interp.python is None
                                   or interp.python != self.planner.t.python):
            return None
        if not self.nvidia_linux or len(tf) != 1 or tf[0].name != "tensorflow" \
                or not tf[0].clauses or not tf[0].extras <= {"and-cuda"}:
            return None
        series: set[str] = set()
        for row in self.planner.kb.tested_configs(os="linux", kind="gpu"):
            for text in (row.tf_version, row.tf_version_last):
                try:
                    if text and tf[0].contains(Version(text)):
                        series.add(text)
                except InvalidVersion:
                    continue
        if not series:
            return None
        have = {r.name for r in reqs}
        missing: list[str] = []
        for version in sorted(series):
            extra = self.planner.release_fits(version, and_cuda="and-cuda" in tf[0].extras)
            if extra is None:
                return None
            missing += [e for e in extra
                        if Requirement.parse(e).name not in have and e not in missing]
        return tuple(missing)


def host_rules(facts: HostFacts, kb: Knowledge) -> HostRules | None:
    """The plans for this host and the planner's rules (:class:`HostRules`).

    Returns:
        ``None`` when no plan can be made from the snapshot (a malformed value, no route),
        so nothing is held against a plan.
    """
    from tfgpu.plan import PlanError, TargetError, make_plan, target_from_facts
    from tfgpu.plan.routes.planner import _Planner

    try:
        target = target_from_facts(facts)
        plan = make_plan(target, kb)
    except (PlanError, TargetError):
        return None
    plans = [plan]
    for alt in plan.alternatives:
        if alt.route is plan.route:
            continue
        try:
            plans.append(make_plan(target, kb, alt.route, alternatives=False))
        except (PlanError, TargetError):
            continue
    return HostRules(tuple(plans), _Planner(target, kb, None),
                     target.gpu_vendor == "nvidia" and target.os in ("linux", "wsl2"))


def plan_fix_lines(plan: Plan, facts: HostFacts, *, default: bool = True,
                   reinstall: bool = False) -> list[str]:
    """The plan's install as fix lines: a comment naming its release and route, then the
    commands of its steps up to the install (the check that TensorFlow sees the GPU is
    ``tfgpu plan``'s last step), with a comment where the shell changes (a WSL2 plan's
    PowerShell steps, then those inside WSL2).  When the plan keeps the TensorFlow already
    installed on the CPU, one comment says so.

    Args:
        plan: the plan.
        facts: the host snapshot (the TensorFlow installed).
        default: ``plan`` is what ``tfgpu plan`` picks; else one of its alternative
            routes (``tfgpu plan --route ROUTE``), and the comment says so.
        reinstall: the fix uninstalled the TensorFlow packages before this line (two
            variants installed together): keeping the release then means installing it
            again, so a kept release is a pip command, not a comment.
    """
    from tfgpu.plan.model import Verify
    from tfgpu.plan.render import shell_label, step_commands

    tf = facts.tf.version if facts.tf is not None else None
    if not tf:  # --no-tf: the interpreter's distribution says which release is installed
        dist = facts.python.dist("tensorflow")
        tf = dist.version if dist is not None else None
    where = "uses the GPU" if plan.uses_gpu else "runs on the CPU"
    if not plan.uses_gpu and tf and plan.tf_version and tf.startswith(plan.tf_version):
        why = (f"`tfgpu plan` finds no GPU build for this host (route {plan.route.value}; "
               f"{plan.reasons[0].text if plan.reasons else ''})")
        if reinstall and plan.requirements:
            from tfgpu.diagnosis.checks._common import pip

            return [f'{pip(facts, "install", *plan.requirements)}   # then install one '
                    f"TensorFlow again, the release {tf} you had, as the plan names it: {why}"]
        return [f"# keep TensorFlow {tf}: {why}"]
    # a route whose release tfgpu does not pin (Jetson: NVIDIA's build for the JetPack
    # release) has no version to name
    release = (f"TensorFlow {plan.tf_version}" if plan.tf_version else
               "TensorFlow (a release this route's steps name)")
    if default:
        lines = [f"# what `tfgpu plan` picks for this host: {release}, route "
                 f"{plan.route.value} ({where}); its steps:"]
    else:
        lines = [f"# `tfgpu plan --route {plan.route.value}` for this host: {release} "
                 f"({where}), Python {plan.python}; its steps:"]
    label: str | None = None
    for step in plan.steps:
        if isinstance(step.action, Verify):
            continue
        here = shell_label(plan, step.shell)
        if here is not None and here != label:
            lines.append(f"# in the {here}:" if here.startswith("Linux") else f"# in {here}:")
            label = here
        lines.extend(step_commands(plan, step))
    return lines


def _with_requirements(line: str, reqs: list[Requirement], adds: tuple[str, ...]) -> str:
    """``line`` with ``adds`` (``numpy<2``) written after its TensorFlow requirement, quoted
    as that word is (or in single quotes: ``<`` is a redirection unquoted)."""
    if not adds:
        return line
    tf = next(r for r in reqs if r.name == "tensorflow" or _is_tf_family(r.name))
    for m in re.finditer(r"""(["']?)(tensorflow[^\s"']*)\1""", line, re.IGNORECASE):
        try:
            if Requirement.parse(m.group(2)).name != tf.name:
                continue
        except InvalidRequirement:
            continue
        q = m.group(1) or ('"' if '"' in line else "'")
        extra = "".join(f" {q}{a}{q}" for a in adds)
        return line[:m.end()] + extra + line[m.end():]
    return line


_TF_RELEASE = re.compile(r"\bTensorFlow (\d+\.\d+)\b")


def agree_with_plan(findings: tuple[Finding, ...], facts: HostFacts,
                    kb: Knowledge) -> tuple[Finding, ...]:
    """Replace each install line of the findings' fixes that no plan for this host accepts.

    A line is accepted when a plan accepts what it installs and the Python it runs with
    (:func:`line_interpreter`, :func:`python_fits`).  In each finding the first line no
    plan accepts becomes :func:`plan_fix_lines` of the default plan (the release the line
    names does not fit this host, or the Python it runs with is not the plan's); a pinned
    line whose release one of the plans picks, run with another Python, becomes that plan's
    lines instead (its release in the plan's environment).  Later lines whose plan is
    already shown (the same install in other words) are dropped.  The line just before a
    replaced one goes too when it is a comment naming another TensorFlow release, or an
    install of packages the plan's steps install themselves; the line just after it goes too
    when the replaced line announces it as its continuation (its text ends with ``then:``:
    the ``LD_LIBRARY_PATH`` export a pinned release needs, which the plan's steps do not).
    An alternative written as a comment (``# or: <install command>``) is held against the
    plans for the release it installs (not the Python it would run with) and left out when
    none accepts it.  Findings without such a line are
    returned as they are.

    Args:
        findings: the doctor's findings for ``facts``.
        facts: the host snapshot.
        kb: the knowledge.
    """
    rules: HostRules | None = None
    looked = False
    out: list[Finding] = []
    for f in findings:
        fix: list[str] = []
        shown: list[Plan] = []
        changed = False
        follows = False  # this line continues a replaced one ("... then:")
        for i, line in enumerate(f.fix):
            if follows:
                follows = False
                continue
            alt = _ALTERNATIVE.match(line)
            command = alt.group(1) if alt else line
            reqs = installed_requirements(command)
            if reqs is None or not any(_is_tf_family(canonicalize_name(r.name)) for r in reqs):
                fix.append(line)
                continue
            if not looked:
                rules, looked = host_rules(facts, kb), True
            if rules is None:
                fix.append(line)
                continue
            # an alternative's release is what is weighed (its bare pip names no Python)
            interp = None if alt else line_interpreter(command, facts, f.fix[:i])
            verdicts = [rules.release_accepted(reqs, interp),
                        *(line_accepted(reqs, p, kb, interp)
                          for p in rules.plans if p.tf_version)]
            adds = next((v for v in verdicts if v is not None), None)
            if alt:  # an alternative no plan accepts is not offered
                if adds is not None:
                    fix.append(line)
                changed = changed or adds is None
                continue
            if adds is not None:
                fix.append(_with_requirements(line, reqs, adds))
                changed = changed or bool(adds)
                continue
            changed = True
            follows = line.rstrip().endswith("then:")
            plan = rules.plans[0]
            if any(r.clauses for r in reqs if _is_tf_family(r.name)):
                plan = next((p for p in rules.plans
                             if p.tf_version and line_accepted(reqs, p, kb) is not None), plan)
            if any(p is plan or (p.route, p.tf_version) == (plan.route, plan.tf_version)
                   for p in shown) or (shown and plan is rules.plans[0]):
                continue
            shown.append(plan)
            # an earlier line of this fix uninstalled TensorFlow: what is kept is reinstalled
            gone = any(re.search(r"\buninstall\b[^#\n]*\btensorflow\b", x) for x in fix)
            new = plan_fix_lines(plan, facts, default=plan is rules.plans[0], reinstall=gone)
            text = "\n".join(new)
            if fix:
                prev = fix[-1]
                named = _TF_RELEASE.findall(prev) if prev.lstrip().startswith("#") else []
                before = installed_requirements(prev)
                command = prev.split("#", 1)[0].strip()
                if (named and plan.tf_version
                        and any(not plan.tf_version.startswith(n + ".") for n in named)) \
                        or (before and all(r.name in text for r in before)) \
                        or (command and re.search(rf"(?<!\S){re.escape(command)}(?!\S)", text)):
                    fix.pop()
            fix.extend(new)
        out.append(replace(f, fix=tuple(fix)) if changed else f)
    return tuple(out)


def diagnose_with_plan(facts: HostFacts, kb: Knowledge | None = None,
                       **kwargs: object) -> Report:
    """The doctor's report (:func:`tfgpu.diagnosis.doctor.diagnose`, same arguments) with
    its install lines held against the plan (:func:`agree_with_plan`): what ``tfgpu doctor``
    and ``tfgpu fleet`` print.

    Raises:
        tfgpu.knowledge.KnowledgeError: a data file cannot be read (a broken install).
    """
    from tfgpu.diagnosis.doctor import diagnose

    kb = knowledge_or_packaged(kb)
    return diagnose(facts, kb, fixes=agree_with_plan, **kwargs)  # type: ignore[arg-type]
