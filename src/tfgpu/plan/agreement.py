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


def line_accepted(reqs: list[Requirement], plan: Plan, kb: Knowledge) -> tuple[str, ...] | None:
    """Whether a fix line installing ``reqs`` agrees with ``plan`` (module docstring).

    Args:
        reqs: what the line installs (:func:`installed_requirements`).
        plan: a plan for the same host.
        kb: the knowledge (the known TensorFlow releases).

    Returns:
        ``None`` when it does not; else the plan's requirements outside the TensorFlow
        family the line lacks (``("numpy<2",)``; ``()`` when none), to be added to it.
    """
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

    def release_accepted(self, reqs: list[Requirement]) -> tuple[str, ...] | None:
        """Whether a line installing the GPU build of a pinned TensorFlow (``tensorflow``
        or ``tensorflow[and-cuda]``, nothing else of the TensorFlow family) names only
        releases the plan's rules let use this host's GPU, with what the plan installs next
        to them (``numpy<2``): :meth:`~tfgpu.plan.routes._base._PlannerBase.release_fits`.
        Only for an NVIDIA GPU on Linux/WSL2, where the plan walks those releases.

        Returns:
            ``None`` when it does not; else what the plan installs next to those releases
            that the line lacks (``("numpy<2",)``, or ``()``)."""
        tf = [r for r in reqs if _is_tf_family(r.name)]
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


def plan_fix_lines(plan: Plan, facts: HostFacts) -> list[str]:
    """The plan's install as fix lines: a comment naming its release and route, then the
    commands of its steps up to the install (the check that TensorFlow sees the GPU is
    ``tfgpu plan``'s last step).  When the plan keeps the TensorFlow already installed on
    the CPU, one comment says so."""
    from tfgpu.plan.model import Verify
    from tfgpu.plan.render import step_commands

    tf = facts.tf.version if facts.tf is not None else None
    if not tf:  # --no-tf: the interpreter's distribution says which release is installed
        dist = facts.python.dist("tensorflow")
        tf = dist.version if dist is not None else None
    where = "uses the GPU" if plan.uses_gpu else "runs on the CPU"
    if not plan.uses_gpu and tf and plan.tf_version and tf.startswith(plan.tf_version):
        return [f"# keep TensorFlow {tf}: `tfgpu plan` finds no GPU build for this host "
                f"(route {plan.route.value}; {plan.reasons[0].text if plan.reasons else ''})"]
    lines = [f"# what `tfgpu plan` picks for this host: TensorFlow {plan.tf_version}, route "
             f"{plan.route.value} ({where}); its steps:"]
    for step in plan.steps:
        if isinstance(step.action, Verify):
            continue
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

    In each finding the first such line becomes :func:`plan_fix_lines` of the default plan
    (the release the line names does not fit this host); later ones (the same install in
    other words) are dropped.  The line just before it goes too when it is a comment naming another
    TensorFlow release, or an install of packages the plan's steps install themselves.
    Findings without such a line are returned as they are.

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
        replaced = changed = False
        for line in f.fix:
            reqs = installed_requirements(line)
            if reqs is None or not any(_is_tf_family(canonicalize_name(r.name)) for r in reqs):
                fix.append(line)
                continue
            if not looked:
                rules, looked = host_rules(facts, kb), True
            if rules is None:
                fix.append(line)
                continue
            verdicts = [rules.release_accepted(reqs),
                        *(line_accepted(reqs, p, kb) for p in rules.plans if p.tf_version)]
            adds = next((v for v in verdicts if v is not None), None)
            if adds is not None:
                fix.append(_with_requirements(line, reqs, adds))
                changed = changed or bool(adds)
                continue
            plans = rules.plans
            changed = True
            if replaced:
                continue
            replaced = True
            plan = plans[0]
            new = plan_fix_lines(plan, facts)
            text = "\n".join(new)
            if fix:
                prev = fix[-1]
                named = _TF_RELEASE.findall(prev) if prev.lstrip().startswith("#") else []
                before = installed_requirements(prev)
                if (named and plan.tf_version
                        and any(not plan.tf_version.startswith(n + ".") for n in named)) \
                        or (before and all(r.name in text for r in before)):
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

    if kb is None:
        from tfgpu.knowledge import load_knowledge

        kb = load_knowledge()
    return diagnose(facts, kb, fixes=agree_with_plan, **kwargs)  # type: ignore[arg-type]
