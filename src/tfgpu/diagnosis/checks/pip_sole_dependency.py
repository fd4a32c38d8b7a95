"""pip's conflict report in which every line is one package's releases depending on the same
requirement: "keras-nlp 0.14.0 depends on tensorflow-text; platform_system != "Darwin"",
"keras-nlp 0.12.1 depends on tensorflow-text; ...", and nothing else under "The conflict is
caused by:".

pip's resolver (``resolution/resolvelib/factory.py`` get_installation_error) lists, under
"The conflict is caused by:", each candidate it tried with the requirement that sank it, and
"The user requested X" for the user's own pins.  When every candidate of the package sank on
the same requirement and no other requirement stands beside it, nothing conflicted with that
requirement: pip found no release of it to install at all (no wheel for this Python or
platform: tensorflow-text publishes none for Windows after 2.10, platform fact
``addon-platforms-tensorflow-text``; autokeras#1923 on Python 3.12 and Windows).  A paste cut
after these lines could hide another requirement, so the cause says so.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

#: Fewer candidate lines than this say too little (one release tried is a plain conflict).
_MIN_LINES = 2


def _platforms(f: Facts, dep: str) -> str:
    """The clause naming the platforms ``dep`` publishes pip packages for (platform fact
    ``addon-platforms-<dep>``, with its reference), to follow "platform" in the cause;
    empty without the row."""
    try:
        row = f.kb.platform_fact(f"addon-platforms-{dep}")
        platforms = row.items("platforms")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return ""
    since = row.values.get("since")
    shown = ", ".join(c.PLATFORM_WORDS.get(p, p) for p in platforms)
    return (f" ({dep} publishes pip packages for {shown}"
            f" only{f' since {since}' if isinstance(since, str) else ''}: {row.ref})")


def sole_dependency(f: Facts, depends: list[Hit]) -> Finding | None:
    """``tensorflow-dependency-no-wheel`` variant ``sole-dependency`` when every line of
    ``depends`` (pattern ``pip.depends``, at least :data:`_MIN_LINES`) is a release of one
    package depending on one requirement and no "The user requested" line stands beside
    them (pattern ``pip.user_requested``); else ``None``."""
    if len(depends) < _MIN_LINES or f.h("pip.user_requested").count:
        return None
    names = [c.requirement_name(h.g("req") or "") for h in depends]
    pkgs = {c.dist_key((h.g("pkg") or "").split("[")[0]) for h in depends}
    deps = {n for n in names if n is not None}
    if len(pkgs) != 1 or len(deps) != 1 or None in names:
        return None
    pkg, dep = next(iter(pkgs)), next(iter(deps))
    return catalogue.make(
        "tensorflow-dependency-no-wheel", variant="sole-dependency", package=dep,
        parent=pkg, count=str(len(depends)), platforms=_platforms(f, dep),
        evidence=log_evidence(depends[:1], depends[-1:]),
        fix=(c.pip(f, "download", "--no-deps", dep, "-d", "wheel-check")
             + f"   # 'No matching distribution': {dep} has no release for this Python or "
             "platform",
             'python -c "import sys, platform; print(sys.version, platform.system(), '
             'platform.machine())"   # the Python and platform pip looked for',
             f"# use a Python version and platform that {dep} publishes wheels for (or WSL on "
             f"Windows), or a {pkg} release that does not need it"),
    )


__all__ = ["sole_dependency"]
