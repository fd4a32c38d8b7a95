"""pip's ResolutionImpossible whose "Cannot install" line names releases of one package only:
"Cannot install tflite-model-maker==0.1.2, tflite-model-maker==0.2.0, ... and
tflite-model-maker==0.4.3 because these package versions have conflicting dependencies."
(tensorflow/tensorflow#62942, on Python 3.10).

pip's resolver (``resolution/resolvelib/factory.py`` get_installation_error, pypa/pip at
6d30920) names in that line one "trigger" per cause of the conflict: a requirement the user
gave is written as given (``req.format_for_error()``: "numpy<1.24"), a candidate that brought a
failing requirement as ``name==version`` (``describe_trigger``, for a candidate asked for on
the command line), joined "A, B and C".  A list of one package's releases alone therefore
means each release pip tried of that package (those with a file this interpreter accepts)
failed on its own requirements, and no requirement of the user's stands in the conflict:
seldom two pins excluding each other, usually a package none of whose releases can be
installed on this Python or platform (tflite-model-maker on Python 3.10: its releases pin
packages with no build there).  The requirement each release fails on is printed under "The
conflict is caused by:", which pip logs at INFO level (``logger.info``): ``pip -q`` hides it,
and only the CRITICAL "Cannot install" line and the error remain.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.pip_platform_gap import NEEDS_TEXT, platform_gap, wsl_or_machine
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The line's list of triggers (factory.py: f"Cannot install {info} because these package
#: versions have conflicting dependencies.").
_CANNOT = re.compile(r"Cannot install (?P<info>.+?) because these package versions have "
                     r"conflicting dependencies")
#: One trigger written as a candidate: "name==version" (describe_trigger).
_PINNED = re.compile(r"(?P<name>[A-Za-z0-9][\w.-]*)(?:\[[\w,.-]*\])?==(?P<v>[\w.+!-]+)")
#: Fewer releases than this say too little (one release tried is a pin of the user's).
_MIN_RELEASES = 2
#: pip quieted on the log's own command line ("pip install -q ...", "--quiet").
_QUIET = re.compile(r"\bpip3?(?:\.exe)?\s+install\b[^\n]*\s(?:-q+|--quiet)\b")


def _triggers(text: str) -> list[str]:
    """The triggers of a "Cannot install ..." line, split as factory.py's text_join joins
    them (", " between, " and " before the last); ``[]`` for another line."""
    m = _CANNOT.search(text)
    if m is None:
        return []
    head, _, last = m.group("info").rpartition(" and ")
    return [p.strip() for p in (*head.split(", "), last) if p.strip()] if head else [last]


def _releases(hits: list[Hit]) -> tuple[str, list[str], Hit] | None:
    """``(package, versions, line)`` when a "Cannot install" line of ``hits`` names releases
    of one package only (at least :data:`_MIN_RELEASES` versions), else ``None``."""
    for h in hits:
        parts = _triggers(h.text)
        pinned = [m for p in parts if (m := _PINNED.fullmatch(p)) is not None]
        if not parts or len(pinned) != len(parts):
            continue
        names = {c.dist_key(m.group("name")) for m in pinned}
        versions = list(dict.fromkeys(m.group("v") for m in pinned))
        if len(names) == 1 and len(versions) >= _MIN_RELEASES:
            return pinned[0].group("name"), versions, h
    return None


def _block(hits: list[Hit], line: Hit) -> list[Hit]:
    """The lines of ``hits`` from the "Cannot install" line ``line`` up to the next
    "Cannot install" line: one pip run's report, not an earlier or later command's."""
    later = [h.line for h in hits if h.line > line.line and _CANNOT.search(h.text)]
    end = min(later, default=None)
    return [h for h in hits if h.line >= line.line and (end is None or h.line < end)]


def _blocking_dep(ctx: Facts, package: str, block: list[Hit]) -> tuple[str, str] | None:
    """``(dependency, why)``: a requirement of ``package``'s releases that publishes no pip
    package for the log's platform (:func:`pip_platform_gap.platform_gap`): one named by the
    report's "depends on" lines, else tensorflow-text for the packages whose newer releases
    require it (:data:`pip_platform_gap.NEEDS_TEXT`); ``None`` when none is known."""
    for h in [*block, *ctx.h("pip.depends").all()]:
        dep = c.requirement_name(h.g("req") or "") if h.g("req") else None
        if dep is not None and platform_gap(ctx, dep) is not None:
            return dep, (f"the report's own line (line {h.line}) names {dep} as a requirement "
                         "of those releases")
    key = c.dist_key(package)
    if key == "keras-nlp" and ctx.os == "macos":
        return None  # keras-nlp requires tensorflow-text off macOS only
    if key in NEEDS_TEXT and platform_gap(ctx, "tensorflow-text") is not None:
        return "tensorflow-text", (
            "keras-nlp requires tensorflow-text off macOS (keras-hub's setup.py)"
            if key == "keras-nlp" else
            f"the newer releases of {package} require tensorflow-text (directly or through "
            "tf-models-official: google-ai-edge/mediapipe#5545)")
    return None


def every_release_sunk(ctx: Facts, hits: list[Hit]) -> Finding | None:
    """``pip-tensorflow-pin-conflict`` variant ``every-release`` for pip's resolution report
    ``hits`` (pattern ``pip.resolution``) whose "Cannot install" line names releases of one
    package only, with no "The user requested" line beside it (pattern
    ``pip.user_requested``: a pin of the user's in the conflict); else ``None``."""
    if ctx.h("pip.user_requested").count:
        return None
    found = _releases(hits)
    if found is None:
        return None
    package, versions, line = found
    block = _block(hits, line)
    shown = (", ".join(versions) if len(versions) <= 4
             else f"{versions[0]}, {versions[1]}, ... {versions[-1]}")
    caused = [h for h in hits if "conflict is caused by" in h.text] or ctx.h("pip.depends").all()
    asked = ctx.h("pip.asked_for").all()
    quiet = any(_QUIET.search(h.text) for h in asked)
    hidden = "" if caused else (
        " pip names the requirement each release fails on under 'The conflict is caused "
        "by:', which this log does not show"
        + (" (pip install -q hides it: pip prints those lines at INFO level)." if quiet
           else " (cut from the paste, or hidden by pip -q, which leaves out pip's INFO "
           "lines)." if not asked else
           " (pip prints those lines at INFO level: a quiet pip, -q, hides them)."))
    blocking = _blocking_dep(ctx, package, block)
    gap = platform_gap(ctx, blocking[0]) if blocking is not None else None
    if blocking is not None and gap is not None:
        dep, why = blocking
        fix = [wsl_or_machine(gap, package)]
        if not caused:
            fix.append(c.pip(ctx, "install", package) + ("   # without -q:" if quiet else
                                                          "   # the whole report:")
                       + f" 'The conflict is caused by:' names {dep} among the requirements "
                       "each release fails on")
        fix.append(c.pip(ctx, "install", "--no-deps", package)
                   + f"   # only if nothing you use imports {dep}: then install its other "
                   f"requirements yourself, leaving {dep} out (google-ai-edge/mediapipe#5077)")
        return catalogue.make(
            "pip-tensorflow-pin-conflict", variant="every-release-platform", package=package,
            count=str(len(versions)), releases=shown, hidden=hidden, dep=dep, why=why,
            platform=gap.platform, platforms=gap.platforms, source=gap.ref,
            since=f" from {gap.since} on" if gap.since else "",
            since_lead=f"from {gap.since} on, " if gap.since else "",
            evidence=log_evidence(block, limit=4), knowledge_ref=gap.ref, fix=tuple(fix),
        )
    fix = [
        "python --version   # compare with the Python versions " + package
        + " supports: its index page ('Requires: Python', the classifiers) and its newest "
        "release's wheels (cpXY tags)",
        f"# a new environment with a Python version {package} supports, then install it "
        "there: " + c.venv_fix(ctx, "3.X"),
    ]
    if not caused:
        fix.append(c.pip(ctx, "install", package) + "   # without -q: 'The conflict is caused "
                   "by:' names the requirement each release fails on")
    fix.append(f"# no release of {package} supports this Python or platform any more: the "
               "project's successor, or a container image with the Python it was built for")
    return catalogue.make(
        "pip-tensorflow-pin-conflict", variant="every-release", package=package,
        count=str(len(versions)), releases=shown, hidden=hidden,
        evidence=log_evidence(block, limit=4), fix=tuple(fix),
    )


__all__ = ["every_release_sunk"]
