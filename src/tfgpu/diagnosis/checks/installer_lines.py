"""Fix lines in the words of the installer a pasted log shows (:attr:`Facts.log_installer`):
``pip install X`` becomes ``uv pip install X`` for uv's pip interface, ``uv add X`` in a uv
project, ``poetry add X`` for Poetry, so a fix does not put a package into the environment
behind the project's back (a uv project's ``uv sync`` and Poetry's ``poetry install`` remove
what pip added outside the lock file).

Sources: uv's documentation and CLI (astral-sh/uv crates/uv-cli: ``uv pip install``/
``uninstall``/``list``/``show``/``freeze``/``check``, ``uv pip uninstall`` has no ``-y``;
``uv add`` takes ``--upgrade-package``; ``--system`` for an interpreter outside a virtual
environment), Poetry's CLI documentation (``poetry add name@latest`` to update a declared
dependency, ``poetry show`` of one package, ``poetry run``).  Only command lines are
rewritten.  Kept in the pip interface (``uv pip``, ``poetry run pip``): uninstalling
(``uv remove``/``poetry remove`` refuse a name that is not a direct dependency, as an
installed TensorFlow variant often is), a flag the project command does not take
(``--force-reinstall``, ``--no-deps``, ``-r``, an index URL), and ``show`` of several
packages.  A line that only upgrades pip itself is left out.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable

#: A fix line running pip: optional "# or: " lead, VAR=value prefixes, ``pip`` or
#: ``python -m pip``, the verb, the rest (arguments, then "   # " and a comment).
_PIP = re.compile(r"^(?P<lead>(?:#\s*)?or:?\s+)?(?P<env>(?:[A-Z_][A-Z0-9_]*=\S*\s+)*)"
                  r"(?:python3?\s+-m\s+)?pip3?\s+(?P<verb>install|uninstall|list|show|freeze"
                  r"|check)\b(?P<rest>.*)$")

#: ``pip install`` flags that only ask for the newest release.
_UPGRADE = frozenset({"-U", "--upgrade"})


def _split(rest: str) -> tuple[str, list[str], str]:
    """The arguments of a pip line as written, as shell words, and its "   # ..." comment."""
    body, sep, comment = rest.partition("   #")
    try:
        words = shlex.split(body)
    except ValueError:
        words = body.split()
    return body.strip(), words, (sep + comment if sep else "")


def _without(body: str, drop: frozenset[str]) -> str:
    """``body`` without the whitespace-separated words in ``drop`` (the rest as written)."""
    return " ".join(w for w in body.split() if w not in drop)


def _project(verb: str, body: str, words: list[str], tool: str) -> str | None:
    """The project command for a pip ``verb`` (``uv add``, ``poetry add``, ``poetry show``);
    ``None`` to keep the pip interface."""
    flags = {w for w in words if w.startswith("-")}
    names = [w for w in words if not w.startswith("-")]
    if verb == "install" and names and flags <= _UPGRADE:
        args = _without(body, _UPGRADE)
        if not flags:
            return f"{tool} add {args}"
        bare = [n for n in names if re.fullmatch(r"[A-Za-z0-9][\w.-]*(?:\[[\w,-]+\])?", n)]
        if tool == "uv":  # keep the newest, not the locked version
            return f"uv add {args} " + " ".join(f"--upgrade-package {n.split('[')[0]}"
                                                for n in bare)
        if len(bare) == len(names):  # Poetry: name@latest updates a declared dependency
            return "poetry add " + " ".join(f"{n}@latest" for n in names)
        return f"poetry add {args}"
    if tool == "poetry" and verb in ("list", "show") and not flags and len(names) <= 1:
        return f"poetry show {' '.join(names)}".rstrip()
    return None


def installer_lines(lines: Iterable[str], installer: str, *,
                    system: bool = False) -> list[str]:
    """``lines`` with each pip command in the words of ``installer`` (``"uv-pip"``,
    ``"uv-project"`` or ``"poetry"``); ``system``: the paste's uv pip commands use
    ``--system`` (no virtual environment), so the rewritten ones do too.  A line that only
    upgrades pip (or setuptools, wheel) is left out, since neither installer uses pip; other
    lines as written."""
    out: list[str] = []
    for line in lines:
        m = _PIP.match(line)
        if m is None:
            out.append(line)
            continue
        lead, env, verb = m["lead"] or "", m["env"], m["verb"]
        body, words, comment = _split(m["rest"])
        if verb == "install" and {w for w in words if not w.startswith("-")} <= {
                "pip", "setuptools", "wheel"}:
            continue  # upgrading pip itself: uv and Poetry resolve without it
        cmd = None
        if installer in ("uv-project", "poetry") and verb != "uninstall":
            cmd = _project(verb, body, words, "uv" if installer == "uv-project" else "poetry")
        if cmd is None:
            if installer == "poetry":
                cmd = f"poetry run pip {verb} {body}".rstrip()
            else:  # uv's pip interface: it never prompts, so no -y
                args = _without(body, frozenset({"-y", "--yes"})) if verb == "uninstall" else body
                cmd = f"uv pip {verb}{' --system' if system else ''} {args}".rstrip()
        out.append(f"{lead}{env}{cmd}{comment}")
    return out


__all__ = ["installer_lines"]
