"""Fix lines in the words of the installer a pasted log shows (:attr:`Facts.log_installer`):
``pip install X`` becomes ``uv pip install X`` for uv's pip interface, ``uv add X`` in a uv
project, ``poetry add X`` for Poetry, so a fix does not put a package into the environment
behind the project's back (a uv project's ``uv sync`` and Poetry's ``poetry install`` remove
what pip added outside the lock file).

Sources: uv's documentation ("The pip interface": ``uv pip install``, ``uv pip uninstall``,
``uv pip list``, ``uv pip show``, ``uv pip freeze``, ``uv pip check``; "Projects":
``uv add``, ``uv remove``), Poetry's documentation (CLI: ``poetry add``, ``poetry remove``,
``poetry show``, ``poetry run``).  Only command lines are rewritten; a flag a project
command does not take (``--force-reinstall``, ``--no-deps``, ``-r``, an index URL) keeps the
line in the pip interface (``uv pip``, ``poetry run pip``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: A fix line running pip: optional "# or: " lead, VAR=value prefixes, ``pip`` or
#: ``python -m pip``, the verb, the rest (arguments, then "   # " and a comment).
_PIP = re.compile(r"^(?P<lead>(?:#\s*)?or:?\s+)?(?P<env>(?:[A-Z_][A-Z0-9_]*=\S*\s+)*)"
                  r"(?:python3?\s+-m\s+)?pip3?\s+(?P<verb>install|uninstall|list|show|freeze"
                  r"|check)\b(?P<rest>.*)$")

#: Flags of ``pip install`` that ``uv add`` / ``poetry add`` take the same way (or need not:
#: adding a requirement updates it).
_PROJECT_FLAGS = frozenset({"-U", "--upgrade"})


def _split(rest: str) -> tuple[list[str], str]:
    body, sep, comment = rest.partition("   #")
    return body.split(), (sep + comment if sep else "")


def _project(verb: str, words: list[str], tool: str) -> str | None:
    """The project command (``uv add``/``uv remove``, ``poetry add``/``remove``/``show``)
    for a pip ``verb`` and its ``words``; ``None`` when it has no such command or a flag
    the project command does not take."""
    flags = [w for w in words if w.startswith("-")]
    pkgs = [w for w in words if not w.startswith("-")]
    if verb == "install" and pkgs and set(flags) <= _PROJECT_FLAGS:
        return f"{tool} add {' '.join(pkgs)}"
    if verb == "uninstall" and pkgs and set(flags) <= {"-y", "--yes"}:
        return f"{tool} remove {' '.join(pkgs)}"
    if tool == "poetry" and verb in ("list", "show") and not flags:
        return f"poetry show {' '.join(pkgs)}".rstrip()
    return None


def installer_lines(lines: Iterable[str], installer: str) -> list[str]:
    """``lines`` with each pip command in the words of ``installer`` (``"uv-pip"``,
    ``"uv-project"`` or ``"poetry"``); a line that only upgrades pip (or setuptools, wheel)
    is left out, since neither installer uses pip; other lines as written."""
    out: list[str] = []
    for line in lines:
        m = _PIP.match(line)
        if m is None:
            out.append(line)
            continue
        lead, env, verb = m["lead"] or "", m["env"], m["verb"]
        words, comment = _split(m["rest"])
        if verb == "install" and {w.strip("'\"") for w in words if not w.startswith("-")} <= {
                "pip", "setuptools", "wheel"}:
            continue  # upgrading pip itself: uv and Poetry resolve without it
        cmd = None
        if installer in ("uv-project", "poetry"):
            cmd = _project(verb, words, "uv" if installer == "uv-project" else "poetry")
        if cmd is None:
            if installer == "poetry":
                cmd = f"poetry run pip {verb} {' '.join(words)}".rstrip()
            else:  # uv's pip interface: it never prompts, so no -y
                kept = [w for w in words if not (verb == "uninstall" and w in ("-y", "--yes"))]
                cmd = f"uv pip {verb} {' '.join(kept)}".rstrip()
        out.append(f"{lead}{env}{cmd}{comment}")
    return out


__all__ = ["installer_lines"]
