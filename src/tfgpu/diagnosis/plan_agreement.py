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
admits (an unpinned ``tensorflow`` admits the newest release, so it is accepted only
where the plan is unpinned too); and, when it installs ``tensorflow`` itself, every other
requirement of the plan (``numpy<2``, the plugin) is on the line too.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import replace
from typing import TYPE_CHECKING

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name
from packaging.version import InvalidVersion, Version

from tfgpu.facts import HostFacts
from tfgpu.findings import Finding

if TYPE_CHECKING:
    from tfgpu.knowledge import Knowledge
    from tfgpu.plan.model import Plan

#: Options of ``pip install``/``conda install`` that take a value (the value is no package).
_VALUED_OPTIONS = frozenset({
    "-c", "--channel", "-i", "--index-url", "--extra-index-url", "-f", "--find-links",
    "-r", "--requirement", "-n", "--name", "-p", "--prefix", "-t", "--target",
    "--python-version", "--platform", "--only-binary", "--no-binary",
})

_INSTALL = re.compile(r"\b(?:pip|conda|mamba)\s+install\b")


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
        if w.startswith("-"):
            skip = w in _VALUED_OPTIONS
            continue
        text = w
        conda = re.fullmatch(r"([A-Za-z0-9_.\-]+)=(\d[\w.]*)", w)
        if conda is not None:  # conda's pkg=1.2 means 1.2.*
            text = f"{conda.group(1)}=={conda.group(2)}.*"
        try:
            out.append(Requirement(text))
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
                try:
                    named.add(Version(v))
                except InvalidVersion:
                    pass
    for r in reqs:
        for spec in r.specifier:
            try:
                named.add(Version(spec.version.replace(".*", "")))
            except InvalidVersion:
                pass
    out = set(named)
    for v in named:
        rel = (*v.release, 0, 0)[:3]
        out |= {Version(f"{rel[0]}.{rel[1]}.{rel[2] + 1}"), Version(f"{rel[0]}.{rel[1] + 1}.0"),
                Version(f"{rel[0] + 1}.0.0")}
    return out


def line_accepted(reqs: list[Requirement], plan: Plan, kb: Knowledge) -> bool:
    """Whether a fix line installing ``reqs`` agrees with ``plan`` (module docstring).

    Args:
        reqs: what the line installs (:func:`installed_requirements`).
        plan: a plan for the same host.
        kb: the knowledge (the known TensorFlow releases).
    """
    planned: dict[str, Requirement] = {}
    for text in plan.requirements:
        try:
            r = Requirement(text)
        except InvalidRequirement:
            continue
        planned[canonicalize_name(r.name)] = r
    tf_reqs = [r for r in reqs if _is_tf_family(canonicalize_name(r.name))]
    versions = _candidates([*reqs, *planned.values()], kb)
    for r in tf_reqs:
        p = planned.get(canonicalize_name(r.name))
        if p is None or set(p.extras) != set(r.extras):
            return False
        if not {v for v in versions if r.specifier.contains(v, prereleases=False)} \
                <= {v for v in versions if p.specifier.contains(v, prereleases=False)}:
            return False
    if any(canonicalize_name(r.name) == "tensorflow" for r in tf_reqs):
        have = {canonicalize_name(r.name) for r in reqs}
        if not set(planned) <= have:
            return False
    return True


def host_plans(facts: HostFacts, kb: Knowledge) -> list[Plan]:
    """The plans for this host: the default route first, then each alternative route.

    Returns:
        ``[]`` when no plan can be made from the snapshot (a malformed value, no route),
        so nothing is held against a plan.
    """
    from tfgpu.plan import PlanError, TargetError, make_plan, target_from_facts

    try:
        target = target_from_facts(facts)
        plan = make_plan(target, kb)
    except (PlanError, TargetError):
        return []
    plans = [plan]
    for alt in plan.alternatives:
        if alt.route is plan.route:
            continue
        try:
            plans.append(make_plan(target, kb, alt.route, alternatives=False))
        except (PlanError, TargetError):
            continue
    return plans


def plan_fix_lines(plan: Plan, facts: HostFacts) -> list[str]:
    """The plan's install as fix lines: a comment naming its release and route, then the
    commands of its steps up to the install (the check that TensorFlow sees the GPU is
    ``tfgpu plan``'s last step).  When the plan keeps the TensorFlow already installed on
    the CPU, one comment says so."""
    from tfgpu.plan.model import Verify
    from tfgpu.plan.render import step_commands

    tf = facts.tf.version if facts.tf is not None else None
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


def _overlaps(reqs: list[Requirement], plan: Plan, kb: Knowledge) -> bool:
    """Whether the line's ``tensorflow`` specifier and the plan's admit a common release
    (the plan of the route the line meant, e.g. native Windows for ``tensorflow<2.11``)."""
    tf = [r for r in reqs if canonicalize_name(r.name) == "tensorflow"]
    planned = [Requirement(t) for t in plan.requirements
               if t.startswith("tensorflow") and not t.startswith("tensorflow-")]
    if not tf or not planned:
        return False
    versions = _candidates([*tf, *planned], kb)
    return any(tf[0].specifier.contains(v) and planned[0].specifier.contains(v)
               for v in versions)


_TF_RELEASE = re.compile(r"\bTensorFlow (\d+\.\d+)\b")


def agree_with_plan(findings: tuple[Finding, ...], facts: HostFacts,
                    kb: Knowledge) -> tuple[Finding, ...]:
    """Replace each install line of the findings' fixes that no plan for this host accepts.

    In each finding the first such line becomes :func:`plan_fix_lines` of the plan of the
    route the line meant (the plan whose TensorFlow specifier shares a release with the
    line's), else of the default plan; later ones (the same install in other words) are
    dropped.  The line just before it goes too when it is a comment naming another
    TensorFlow release, or an install of packages the plan's steps install themselves.
    Findings without such a line are returned as they are.

    Args:
        findings: the doctor's findings for ``facts``.
        facts: the host snapshot.
        kb: the knowledge.
    """
    plans: list[Plan] | None = None
    out: list[Finding] = []
    for f in findings:
        fix: list[str] = []
        replaced = changed = False
        for line in f.fix:
            reqs = installed_requirements(line)
            if reqs is None or not any(_is_tf_family(canonicalize_name(r.name)) for r in reqs):
                fix.append(line)
                continue
            if plans is None:
                plans = host_plans(facts, kb)
            if not plans or any(line_accepted(reqs, p, kb) for p in plans if p.tf_version):
                fix.append(line)
                continue
            changed = True
            if replaced:
                continue
            replaced = True
            plan = next((p for p in plans if _overlaps(reqs, p, kb)), plans[0])
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
