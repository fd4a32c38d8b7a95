"""The lines notebook and IDE front ends print when their kernel process died, as regexes.

The wordings are data: ``knowledge/data/kernel_deaths.toml`` holds each front end's words
(JupyterLab's "appears to have died", the classic Notebook's "Dead kernel" dialog,
@jupyterlab/services' "Canceled future for execute_request message", VS Code Jupyter's
"Kernel crashed" and "The kernel '<name>' died", QtConsole's and Spyder's "Kernel died,
restarting" and Spyder's error page), every wording across their releases, with the
translations Spyder ships.  This module reads that file (as a package resource: the logs
layer imports no knowledge code) and builds one pattern per form (:data:`FORMS`):

* ``died``: the front end says the kernel died (``tools.kernel_died``);
* ``error-page``: Spyder's error page heading, "An error ocurred while starting the kernel"
  (sic, Spyder 3.0-5.5; "occurred" from 6.0), which tops both a kernel that failed to start
  and, when jupyter_client restarts a dead kernel, the dead kernel's stderr
  (``tools.kernel_error_page``; checks/host_killed.py tells the two apart by what follows).

A row's ``match`` phrases are the fixed words that identify it, ``%s`` a variable part (a
kernel's display name); spaces match any run of blanks (a paste's re-spacing).  Translations
are matched whole.  Matching is case-sensitive: "kernel died, restarting" in a person's own
words is not the front end's line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.logs._package_data import load_package_toml
from tfgpu.logs.signal_words import needle, spaced, translated_strings

#: The data file, relative to the ``tfgpu`` package.
DATA = ("knowledge", "data", "kernel_deaths.toml")

#: Form of a row -> the catalogue pattern name its lines feed.
FORMS = {"died": "tools.kernel_died", "error-page": "tools.kernel_error_page"}

#: What a ``%s`` of a match phrase stands for: a kernel's display name ("Python 3.10.12",
#: "tf (Python 3.9.18)"), on one line.
_VARIABLE = r"[^\n]{1,200}?"
#: U+200C ZERO WIDTH NON-JOINER, inside Persian words.
_ZWNJ = "\u200c"


@dataclass(frozen=True, slots=True)
class Death:
    """One front end's wording of a kernel death.

    Attributes:
        id: the row's id (``"vscode-kernel-crashed-the-the"``).
        frontend: the front end and its releases (``"VS Code Jupyter 2022.4-2023.11"``).
        form: ``died`` or ``error-page`` (:data:`FORMS`).
        source: the key of the row's ``[sources.<key>]`` table.
        phrases: the fixed words that identify the line (``match``, then the translations).
        example: a line as a user sees it.
    """

    id: str
    frontend: str
    form: str
    source: str
    phrases: tuple[str, ...]
    example: str


def load() -> dict[str, object]:
    """``kernel_deaths.toml`` parsed (a dict as :mod:`tomllib` gives it); read once, by the
    cached :func:`deaths`.

    Raises:
        OSError: the package data file is missing (a broken install).
    """
    return load_package_toml(DATA)


@cache
def deaths() -> tuple[Death, ...]:
    """Every row of the data file (:class:`Death`), in file order."""
    table = load().get("death")
    rows = [r for r in table if isinstance(r, dict)] if isinstance(table, list) else []
    out = []
    for r in rows:
        phrases = [str(p) for p in r.get("match", []) if str(p).strip()]
        phrases += translated_strings(r.get("translations"))
        out.append(Death(str(r.get("id", "")), str(r.get("frontend", "")),
                         str(r.get("form", "")), str(r.get("source", "")),
                         tuple(dict.fromkeys(p.strip() for p in phrases)),
                         str(r.get("example", ""))))
    return tuple(out)


def phrase_regex(phrase: str) -> str:
    """The regex of one match phrase: escaped, blanks as ``\\s+``, ``%s`` a variable part.
    ``"The kernel '%s' died"`` -> ``The\\s+kernel\\s+'[^\\n]{1,200}?'\\s+died``."""
    parts = [spaced(piece) for piece in phrase.split("%s")]
    # a zero-width non-joiner (Persian "راه‌اندازی") may be dropped by a paste or the reader
    return _VARIABLE.join(parts).replace(_ZWNJ, _ZWNJ + "?")


def regex(form: str) -> str:
    """The regex of the lines of one form (:data:`FORMS`): an alternation of its phrases,
    longest first."""
    phrases = sorted({p for d in deaths() if d.form == form for p in d.phrases},
                     key=lambda s: (-len(s), s))
    return "|".join(f"(?:{phrase_regex(p)})" for p in phrases)


def needles(form: str) -> tuple[str, ...]:
    """The prefilter keywords of one form's lines: each phrase's longest word outside its
    variable parts, lower case, without digits (:func:`tfgpu.logs.signal_words.needle` for a
    non-ASCII start); one word, so a paste's re-spacing does not hide the line."""
    out = set()
    for d in deaths():
        if d.form != form:
            continue
        for p in d.phrases:
            words = [re.sub(r"\d", "", w) for piece in p.split("%s")
                     for w in piece.replace(_ZWNJ, " ").split()]
            out.add(needle(max(words, key=len, default="")))
    return tuple(sorted(n for n in out if n.strip()))


__all__ = ["DATA", "FORMS", "Death", "deaths", "load", "needles", "phrase_regex", "regex"]
