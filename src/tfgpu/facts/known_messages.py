"""The messages TensorFlow and the tools around it print that need no action, as a log sees them.

The message universe (``knowledge/data/messages_*.toml``) lists every message a TensorFlow
GPU user can meet, each with the file that prints it, the releases whose binaries hold its
text, its log level and what it means (``maps_to``).  A row with ``maps_to = "harmless"``
looks alarming and needs no action, and says why (``why``).  This module reads those rows
(as package resources: the log layer imports no knowledge code) and turns each ``text`` into
the regular expression of the lines that print it, so that the log reader can find them and
a check can name them with their ``why`` and source:

* printf conversions (``%s``, ``%d``, ``%lld``, ``%.2f``, ``%r``; ``%%`` is a ``%``) and
  Python ``str.format`` fields (``{}``, ``{name}``) are the variable parts;
* the text's first line is matched (a message that spans lines is found by its head, an
  op error without the ``[[node ...]]`` TensorFlow prints below it);
  variable parts at its start or end are left out, runs of spaces match any spaces.

Only the ``[[message]]`` blocks that say ``maps_to = "harmless"`` are parsed (the files hold
about 1,100 rows; parsing all of them would cost a log run a quarter of a second).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.facts.printf import printf_conversion

#: A variable part of a message text: a printf conversion, a str.format field, or an
#: ellipsis the universe writes for a part it leaves out.
_VARIABLE = re.compile(printf_conversion() + r"|\{[^{}]*\}|\.\.\.|\u2026")
#: Where a text's first line ends: a line break, or the two characters ``\n`` that a text
#: quoting a multi-line message keeps.
_LINE_END = re.compile(r"\n|\\n|\s\[\[")
#: A ``[sources.<key>]`` table of a data file (its rows follow until the next table).
_SOURCE = re.compile(r"^\[sources\.([\w.-]+)\]$", re.MULTILINE)
#: A source table's ``url = "..."`` line (basic strings; the data files use no others there).
_URL = re.compile(r'^url\s*=\s*"([^"\\]*)"', re.MULTILINE)
#: What a variable part matches inside a line (a value, a path, a shape, a status text): it
#: starts and ends with a non-space, at most 300 characters.
_VALUE = r"\S(?:.{0,298}?\S)?"
#: How a message row marks itself harmless (the universe's ``maps_to`` value).
_HARMLESS = 'maps_to = "harmless"'


@dataclass(frozen=True, slots=True)
class KnownMessage:
    """One harmless message of the universe.

    Attributes:
        table: the data file's name without ``.toml`` (``"messages_gpu_stack"``).
        id: the row's id (``"xla-devices-not-created"``).
        text: the message as its source prints it (printf/format placeholders kept).
        file: the source file that prints it (``tensorflow/compiler/jit/xla_gpu_device.cc``).
        versions: the releases whose binaries hold the text (``"2.4-2.21"``).
        level: its log level (``INFO``, ``WARNING``, ``PYTHON``...).
        why: why it needs no action, in the universe's words.
        source_url: the URL of the row's ``[sources.<key>]`` entry.
        regex: the expression of the lines that print it (:func:`text_regex`).
        needle: a lower-case, digit-free piece of its fixed words (the reader's prefilter).
    """

    table: str
    id: str
    text: str
    file: str
    versions: str
    level: str
    why: str
    source_url: str
    regex: str
    needle: str

    @property
    def ref(self) -> str:
        """``"messages_gpu_stack:xla-devices-not-created"``: the row, for ``knowledge_ref``."""
        return f"{self.table}:{self.id}"


def text_regex(text: str) -> str:
    """The regular expression of the lines that print ``text`` (its first line): fixed
    words escaped, runs of spaces as ``\\s+``, each variable part (printf conversion,
    ``str.format`` field) as a value that starts and ends with a non-space (so that it and the
    spaces around it can be told apart: the search stays linear); variable parts at either end,
    and a variable next to another, are one or none.
    ``"CPU Frequency: %d Hz"`` -> ``CPU\\s+Frequency:\\s+<value>\\s+Hz``."""
    head = _LINE_END.split(text, 1)[0].replace("%%", "\0")
    parts = _VARIABLE.split(head)
    while parts and not parts[0].strip():
        parts.pop(0)
    while parts and not parts[-1].strip():
        parts.pop()
    # a blank part between two variables: one variable ("%s %s" is one value)
    parts = [p for i, p in enumerate(parts) if p.strip() or i in (0, len(parts) - 1)]
    out = []
    for i, part in enumerate(parts):
        if i:
            out.append((r"\s+" if parts[i - 1].endswith((" ", "\t")) else "") + _VALUE
                       + (r"\s+" if part.startswith((" ", "\t")) else ""))
        out.append(r"\s+".join(re.escape(w.replace("\0", "%")) for w in part.split()))
    return "".join(out)


def needle(text: str) -> str:
    """The longest fixed piece of ``text``'s first line, lower case and without digits (the
    reader's prefilter compares such templates of the lines); ``""`` when it has none."""
    head = _LINE_END.split(text, 1)[0].replace("%%", "%")
    pieces = [p.lower().translate(_NO_DIGITS).strip() for p in _VARIABLE.split(head)]
    return max(pieces, key=len, default="")


_NO_DIGITS = str.maketrans("\t", " ", "0123456789")


def _blocks(content: str) -> list[str]:
    """The ``[[message]]`` blocks of one file that say they are harmless, each cut at the
    next table."""
    blocks = content.split("\n[[message]]\n")[1:]
    return [b.split("\n[", 1)[0] for b in blocks if _HARMLESS in b]


def _source_urls(content: str) -> dict[str, str]:
    """``[sources.<key>]`` -> its ``url``, wherever the file puts the table."""
    out: dict[str, str] = {}
    for m in _SOURCE.finditer(content):
        end = content.find("\n[", m.end())
        url = _URL.search(content, m.end(), end if end >= 0 else len(content))
        out[m.group(1)] = url.group(1) if url else ""
    return out


@cache
def known_messages() -> tuple[KnownMessage, ...]:
    """Every harmless row of the packaged ``messages_*.toml`` files, in file and row order.

    Rows whose first line keeps fewer than 12 fixed characters are left out (too little to
    tell the message from another line).

    Raises:
        TOMLDecodeError: a packaged data file is broken (a broken install).
    """
    # imported here: a run without a log (``tfgpu doctor``) loads neither
    from importlib import resources

    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10: the backport
        import tomli as tomllib

    folder = resources.files("tfgpu").joinpath("knowledge").joinpath("data")
    out: list[KnownMessage] = []
    names = sorted(p.name for p in folder.iterdir()
                   if p.name.startswith("messages_") and p.name.endswith(".toml"))
    for name in names:
        content = folder.joinpath(name).read_text(encoding="utf-8")
        blocks = _blocks(content)
        if not blocks:
            continue
        sources = _source_urls(content)
        for block in blocks:
            row = tomllib.loads(block)
            if row.get("maps_to") != "harmless":
                continue
            text = str(row.get("text", ""))
            key = needle(text)
            if len(key) < 12:
                continue
            out.append(KnownMessage(
                table=name.removesuffix(".toml"), id=str(row.get("id", "")), text=text,
                file=str(row.get("file", "")), versions=str(row.get("versions", "")),
                level=str(row.get("level", "")), why=str(row.get("why", "")),
                source_url=sources.get(str(row.get("source", "")), ""),
                regex=text_regex(text), needle=key))
    return tuple(out)


@cache
def _compiled() -> tuple[tuple[re.Pattern[str], KnownMessage], ...]:
    return tuple((re.compile(m.regex), m) for m in known_messages())


def which_message(line: str) -> KnownMessage | None:
    """The first harmless message whose expression a line matches, or ``None``."""
    return next((m for rx, m in _compiled() if rx.search(line)), None)
