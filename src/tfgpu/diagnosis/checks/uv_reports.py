"""uv's resolver reports (astral-sh/uv): which of their no-wheel lines is what the resolver
failed on, and the readings of a TensorFlow release without a wheel that only uv's words
give (a split resolution over a project's requires-python range, a platform tag).

Sources: uv ``crates/uv-distribution-types/src/prioritized_distribution.rs`` (the
IncompatibleDist texts "no wheels with a matching Python implementation / Python ABI / Python
version / platform tag"), ``crates/uv-resolver/src/pubgrub/report.rs`` (the report's
"Because ... we can conclude" derivations and the tag uv wants, "(e.g., `cp312`)") and
``crates/uv-resolver/src/resolver/mod.rs`` (a "split" resolution and its hint "While the
active Python version is X, the resolution failed for other Python versions supported by your
project"); PEP 425 and PEP 703 for the tags.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError


def uv_no_wheel(h: Hit) -> bool:
    """Whether pip.no_dist hit ``h`` is uv's "<pkg><spec> has no wheels with a matching ...
    tag" or its hint "... only has wheels with the following ... tags: ..." (a release with
    wheels, none for this interpreter or platform)."""
    return "has no wheels with" in h.text or uv_hint(h)


def uv_hint(h: Hit) -> bool:
    """Whether pip.no_dist hit ``h`` is uv's hint "You're using CPython 3.13 (`cp313`), but
    `<pkg>` (v<release>) only has wheels with the following Python ABI tag: `cp311`", which
    lists the tags the release has (group ``tags``)."""
    return h.g("tags") is not None


#: CPython wheel tags in a uv hint's list (PEP 425: cp + major + minor)
_CP_TAG = re.compile(r"`cp(\d)(\d{1,2})`")


def _report_starts(ctx: Facts) -> list[int]:
    """The lines that start a uv/Poetry report: its header ("× No solution found ...") and
    its first "╰─▶" line (a header and the arrow line under it start one report)."""
    return [x.line for x in ctx.h("pip.uv_report").all()
            if x.g("arrow") or x.text.lstrip().startswith(("×", "No solution"))]


def _uv_report_start(ctx: Facts, line: int) -> int:
    """The last report start at or before ``line``; 0 when no start is shown."""
    return max((s for s in _report_starts(ctx) if s <= line), default=0)


def uv_no_wheel_is_cause(ctx: Facts, h: Hit) -> bool:
    """Whether uv's no-wheel line ``h`` is what the resolver failed on: it is in the LAST
    report of the log (an earlier report is a run the user changed since), and no line of
    that report derives a conflict between two requirements (pattern
    ``pip.pubgrub_conflict``: "A depends on X and your project depends on Y" / "and you
    require Y"; or two packages' derivations on one line), which a no-wheel side branch of
    the same report does not explain."""
    if not uv_no_wheel(h):
        return True
    start = _uv_report_start(ctx, h.line)
    if start < max(_report_starts(ctx), default=0):
        return False  # a report before the last one
    if any(d.line >= start for d in ctx.h("pip.pubgrub_conflict").all()):
        return False
    # two requirements' derivations on one line ("A==1 depends on X and B==2 depends on Y")
    lines = [d.line for d in ctx.h("pip.depends").kept() if d.line >= start]
    return len(lines) == len(set(lines))


def _uv_split(ctx: Facts, h: Hit) -> str | None:
    """The active Python uv names when the failure is in another part of the project's
    Python range ("No solution found ... for split (python_full_version >= '3.12')", its
    hint "While the active Python version is 3.11, ..."): ``"3.11"``, ``""`` for a split
    without the hint; ``None`` when the report is for the active interpreter."""
    start = _uv_report_start(ctx, h.line)
    hits = [x for x in ctx.h("pip.uv_report").all() if x.line >= start]
    active = next((x.g("active") for x in hits if x.g("active")), None)
    if active is not None:
        return active
    return "" if any(x.g("split") for x in hits) else None


def uv_no_tensorflow_wheel(ctx: Facts, uv: Hit, pkg: str, pin: str | None) -> Finding | None:
    """uv's own words for a TensorFlow release without a wheel, where pip's reading would
    mislead: a split resolution (the project's requires-python range, not the active
    Python: variant ``uv-split``) and a platform tag (variant ``uv-platform``; an Intel
    Mac's ``macosx_*_x86_64`` with platform fact ``macos-x86-last``).  ``None`` for a Python
    tag of the active interpreter (the generic reading says that)."""
    want = uv.g("uvwant")
    release = pin or (uv.g("spec") or "").lstrip("=") or "this release"
    ev = log_evidence([uv], [x for x in ctx.h("pip.uv_report").all() if x.g("active")
                             or x.g("split")])
    hint = next((x for x in ctx.h("pip.no_dist").all() if uv_hint(x)
                 and (x.g("pkg") or "").lower() == pkg), None)
    if hint is not None and hint.g("uvtag") != "platform" and _uv_split(ctx, uv) is None:
        return _hint_python_tags(ctx, hint, pkg, release)
    active = _uv_split(ctx, uv)
    if active is not None and uv.g("uvtag") != "platform":
        try:
            row = ctx.kb.config_for(release, "windows" if ctx.windows else "linux")
        except KnowledgeQueryError:
            row = None
        span = (f"{row.python_min}-{row.python_max}" if row is not None and row.python_min
                and row.python_max else None)
        top = span.split("-")[-1] if span else None
        upper = (f"{top.split('.')[0]}.{int(top.split('.')[1]) + 1}" if top and
                 top.count(".") == 1 and top.split(".")[1].isdigit() else None)
        which = f" ({want}{tag_python(want)})" if want else ""
        cause = (f"uv resolves a project for every Python version its requires-python allows, "
                 f"and for one of them{which} {pkg} {release} has no "
                 "wheel" + (f"; the active Python {active} is not the problem" if active else "")
                 + ". "
                 + (f"{pkg} {release} has wheels for Python {span} (knowledge row {row.ref}): "
                    "limit the project's range to those." if span and row is not None else
                    "Limit the project's range to the Pythons the release has wheels for."))
        fix = ((f'# pyproject.toml: requires-python = ">={span.split("-")[0]},<{upper}"   # the '
                f"Pythons {pkg} {release} has wheels for" if span and upper else
                "# pyproject.toml: narrow requires-python to the Python versions the release "
                "has wheels for (tfgpu matrix lists them)"),
               f"uv add {pkg}=={release}   # again, after narrowing the range")
        return catalogue.make("tensorflow-no-matching-distribution", variant="uv-split",
                              pin=release, evidence=ev, cause=cause, fix=fix,
                              knowledge_ref=row.ref if row is not None else None)
    if uv.g("uvtag") != "platform" or want is None:
        return None  # no tag named: the generic reading
    mac = ctx.kb.platform_fact("macos-x86-last")
    if want.startswith("macosx") and want.endswith("x86_64"):
        last = str(mac.value("last_release"))
        cause = (f"uv found wheels of {pkg} {release}, none for this platform ({want}, an Intel "
                 f"Mac): the last TensorFlow release with macOS x86_64 wheels is {last} "
                 f"(knowledge row {mac.ref}).")
        fix = (f"uv add {pkg}=={last}   # the last release with Intel-Mac wheels",
               "# or run newer releases on Linux (a container, a cloud machine) or an Apple-"
               "silicon Mac")
        return catalogue.make("tensorflow-no-matching-distribution", variant="uv-platform",
                              pin=release, tag=want, evidence=ev, cause=cause, fix=fix,
                              knowledge_ref=mac.ref)
    cause = (f"uv found wheels of {pkg} {release}, none for this platform ({want}): the release "
             "publishes wheels for some operating systems and CPU architectures only; its "
             "files on the package index show which.")
    fix = ("python -c \"import platform, sys; print(sys.version, platform.system(), "
           "platform.machine())\"   # the platform uv resolves for",
           f"# a release of {pkg} with a wheel for this platform, or a platform this one "
           "has wheels for (on Windows, WSL2)")
    return catalogue.make("tensorflow-no-matching-distribution", variant="uv-platform",
                          pin=release, tag=want, evidence=ev, cause=cause, fix=fix)


def _hint_python_tags(ctx: Facts, hint: Hit, pkg: str, release: str) -> Finding | None:
    """Variant ``uv-python-tags``: uv's hint lists the CPython tags ``pkg`` ``release`` has
    wheels for, none of them the interpreter's (``uvwant``): a venv of the newest listed
    Python, in uv's words (``uv sync --python``/``uv python pin`` for a project, ``uv venv
    --python`` for uv pip).  ``None`` when the list names no CPython tag."""
    pythons = [f"{a}.{b}" for a, b in _CP_TAG.findall(hint.g("tags") or "")]
    if not pythons:
        return None
    newest = max(pythons, key=lambda v: tuple(int(x) for x in v.split(".")))
    want = hint.g("uvwant") or "another tag"
    python = tag_python(want).removeprefix(": ")
    cause = (f"uv found {pkg} {release}, with wheels only for CPython {', '.join(pythons)} "
             f"({hint.need('uvtag')} tags), and the interpreter it resolves for is "
             + (f"{python} ({want})" if python else want)
             + ": no wheel fits it. uv took the newest interpreter it found, or the one "
             ".python-version names: a Python the release has wheels for, or a release with "
             "wheels for this Python, is the fix.")
    if ctx.log_installer == "uv-pip":
        fix: tuple[str, ...] = (
            f"uv venv --python {newest}   # a venv with a Python {pkg} {release} has wheels "
            "for (uv downloads it when missing)",
            f"uv pip install \"{pkg}=={release}\"")
    else:
        nxt = f"{newest.split('.')[0]}.{int(newest.split('.')[1]) + 1}"
        fix = (f"# first, pyproject.toml: requires-python must allow it, e.g. requires-python "
               f"= \">={min(pythons, key=_py_key)},<{nxt}\" (uv init writes the Python it ran "
               "under as the floor, and uv python pin refuses a Python outside it)",
               f"uv python pin {newest}   # writes .python-version: the project's commands "
               "then use that Python",
               _project_again(ctx, pkg, release))
    fix += (f"# or keep this Python and move to a {pkg} release that has wheels for it "
            "(tfgpu matrix lists each release's Pythons)",)
    return catalogue.make("tensorflow-no-matching-distribution", variant="uv-python-tags",
                          pin=release, pythons=", ".join(pythons),
                          evidence=log_evidence([hint]), cause=cause, fix=fix)


def _project_again(ctx: Facts, pkg: str, release: str) -> str:
    """The project command to run again once the Python is pinned: the paste's own ``uv
    sync``/``uv lock``/``uv run`` as ``uv sync``, else ``uv add "<pkg>==<release>"``
    (pattern ``ctx.installer``)."""
    tools = [h.g("tool") for h in ctx.h("ctx.installer").all() if h.g("tool")]
    if tools and tools[-1] in ("uv sync", "uv lock", "uv run"):
        return "uv sync   # again, in that Python"
    return f"uv add \"{pkg}=={release}\"   # again, in that Python"


def _py_key(version: str) -> tuple[int, ...]:
    """``"3.10"`` -> ``(3, 10)``, for ordering Python versions."""
    return tuple(int(x) for x in version.split("."))


def tag_python(tag: str) -> str:
    """``": CPython 3.12"`` for a CPython wheel tag ``cp312`` (PEP 425: ``cp`` + major +
    minor), else ``""``."""
    m = re.fullmatch(r"cp(\d)(\d{1,2})(t?)", tag)
    if not m:
        return ""
    # PEP 703's ABI suffix "t": the free-threaded build, whose wheels are separate
    return (f": the free-threaded CPython {m.group(1)}.{m.group(2)}t build, whose wheels are "
            "separate from the regular build's" if m.group(3) else
            f": CPython {m.group(1)}.{m.group(2)}")
