"""A PubGrub resolver's report (uv, Poetry) in which TensorFlow's Requires-Python leaves out the
Python it resolves for: the interpreter ("the current Python version (3.13.1) does not satisfy
Python>=3.9,<3.13"), or a project's Python range reaching past TensorFlow's (uv's "the
requested Python version (>=3.10) does not satisfy ...", Poetry's "The current project's
supported Python range (>=3.9,<4.0) is not compatible ...").

Sources: uv's resolver reports (astral-sh/uv crates/uv-resolver pubgrub report: "the current
Python version", "the requested Python version", the ``requires-python`` hint), Poetry's
SolverProblemError (python-poetry/poetry mixology: "requires Python ..., X is forbidden", "The
current project's supported Python range ... is not compatible" and its list "  - X requires
Python R, so it will not be installable (older: satisfied) for Python ...", which names
TensorFlow's dependencies such as tensorflow-io-gcs-filesystem too); the range is TensorFlow's own
Requires-Python, printed by the resolver, so nothing here comes from tfgpu's tables.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import docs


def _tf_hits(f: Facts) -> list[Hit]:
    """The ``pip.python_range`` derivations about one of TensorFlow's distributions (platform
    fact ``tf-distributions``)."""
    return [h for h in f.h("pip.python_range").all()
            if ((pkg := h.g("pkg") or h.g("pkg2") or h.g("pkg3"))
                and c.is_tf_distribution(f, pkg))
            # Poetry's list names TensorFlow's own dependencies too (tensorflow-io-gcs-
            # filesystem's wheels stopped below Python 3.12 before TensorFlow's did)
            or (h.g("pkg4") or "").lower().startswith("tensorflow")]


def python_range_shown(f: Facts) -> bool:
    """Whether the log holds a resolver's derivation that TensorFlow's Python range leaves out
    the Python it resolves for (pip_resolution_conflict then leaves the report to this
    reading)."""
    return bool(_tf_hits(f))


def resolver_python_range(f: Facts) -> list[Finding]:
    """``python-outside-tf-range`` variants ``resolver-interpreter`` (uv: the interpreter is
    outside TensorFlow's Requires-Python) and ``resolver-project`` (a uv or Poetry project
    whose Python range reaches past TensorFlow's: the resolver must find a TensorFlow for
    every Python the project allows).

    Raises:
        KnowledgeError: platform fact ``tf-distributions`` lost its list.
    """
    hits = _tf_hits(f)
    if not hits:
        return []
    tool = ("Poetry" if f.log_installer == "poetry" or any(h.g("pkg3") or h.g("pkg4")
                                                         for h in hits) else "uv")
    interp = next((h for h in hits if h.g("py")), None)
    if interp is not None:
        rng = interp.need("range")
        py = _newest_inside(rng)
        return [catalogue.make(
            "python-outside-tf-range", variant="resolver-interpreter", python=interp.need("py"),
            pkg=interp.need("pkg"), range=rng, tool=tool, evidence=log_evidence([interp]),
            doc_url=docs.url("tf-pip"),
            fix=(f"uv venv --python {py} && uv pip install {interp.need('pkg')}   # a Python "
                 f"inside {rng} (uv python install {py} fetches one)",
                 "# or a TensorFlow release whose wheels support this Python, when there is "
                 "one (the resolver's range is that of every release it tried)"),
        )]
    hit = hits[0]
    # (a derivation of the project's range: uv's "requested Python" or Poetry's "forbidden")
    rng = hit.g("range2") or hit.g("range3") or re.sub(r",\s+", ",", hit.need("range4"))
    proj = hit.g("req") or next((p.g("proj") for p in f.h("pip.python_range").all()
                                 if p.g("proj")), None)
    pkg = hit.g("pkg2") or hit.g("pkg3") or hit.need("pkg4")
    inside = _inside(proj, rng)
    direct = not hit.g("pkg4")  # Poetry's list names TensorFlow's own dependencies too
    if _empty(inside):
        # the project's lowest Python is already above the package's range: no overlap
        narrow = (f"# the project's Python range{f' {proj}' if proj else ''} starts above "
                  f"{pkg}'s {rng}: lower the project's range to a Python inside {rng} (and use "
                  "that interpreter), or a TensorFlow release whose dependencies support the "
                  "project's Python")
    elif tool == "uv":
        narrow = (f"# in pyproject.toml: [project] requires-python = \"{inside}\" (inside "
                  f"{rng}), then uv lock")
    else:
        narrow = (f"# in pyproject.toml: python = \"{inside}\" under [tool.poetry.dependencies] "
                  "(or [project] requires-python)"
                  + (f", or give {pkg} the marker python = \"{rng}\"" if direct else "")
                  + ", then poetry lock")
    return [catalogue.make(
        "python-outside-tf-range", variant="resolver-project",
        project=f" {proj}" if proj else "", pkg=pkg, range=rng, tool=tool,
        evidence=log_evidence(hits[:2]), doc_url=docs.url("tf-pip"), fix=(narrow,),
    )]


def _empty(rng: str) -> bool:
    """Whether ``rng`` (``">=3.12,<3.12"``) holds no Python: its lower bound is at or above
    its upper bound (major.minor read from both)."""
    low = re.search(r">=?\s*(\d+)\.(\d+)", rng)
    high = re.search(r"<\s*(\d+)\.(\d+)", rng)
    if not low or not high:
        return False
    return (int(low.group(1)), int(low.group(2))) >= (int(high.group(1)), int(high.group(2)))


def _newest_inside(rng: str) -> str:
    """The newest Python minor inside ``rng`` by its upper bound ("<3.13" -> "3.12",
    "<=3.11" -> "3.11"); ``"<a Python inside the range>"`` when it has none."""
    m = re.search(r"<(=)?\s*3\.(\d+)", rng)
    if m is None:
        return "<a Python inside the range>"
    minor = int(m.group(2)) - (0 if m.group(1) else 1)
    return f"3.{minor}"


def _inside(project: str | None, rng: str) -> str:
    """A Python range for the project inside TensorFlow's ``rng``: the project's own lower
    bound (``>=3.10`` of ``project``) with TensorFlow's upper bound (``<3.13``); ``rng``
    itself when either is not shown."""
    low = re.search(r">=?\s*\d+(?:\.\d+)*", project or "")
    high = re.search(r"<=?\s*\d+(?:\.\d+)*", rng)
    return f"{low.group(0)},{high.group(0)}" if low and high else rng


__all__ = ["python_range_shown", "resolver_python_range"]
