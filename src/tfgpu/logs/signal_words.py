"""The words a shell prints when a signal ended a process, in every language, as regexes.

The words are data: ``knowledge/data/signal_texts.toml`` holds glibc's ``strsignal()``
descriptions of the signals that end a process (``sysdeps/generic/siglist.h``) with every
translation glibc ships (``po/*.po``), bash's job-status words around them (jobs.c: " (core
dumped)", "(core dumped) ", "%s: line %d: ", with bash's translations) and zsh's own signal
names (``Src/signames2.awk``; zsh has no translations).  This module reads that file (as a
package resource: the logs layer imports no knowledge code) and builds, per kind of death,
the regular expression of the lines those shells print:

* bash (any shell calling ``strsignal()``) for a foreground job: the description alone on
  its line, then the " (core dumped)" words when the kernel wrote a core
  ("Speicherzugriffsfehler (Speicherabzug geschrieben)", "段错误 (核心已转储)");
* bash's job line: ``[1]+  <description>  <command>``;
* a non-interactive bash: ``<script>: <line N>: <pid> <description>  <command>``
  ("./run.sh: Zeile 3: 12345 Getötet  python train.py");
* zsh: ``zsh: <name>  <command>`` and its job list ``[1]  + 12345 <name>  <command>``.

The kinds are the patterns that read them (:data:`KINDS`): ``kill`` (SIGKILL, the
``tools.killed`` pattern: most often the OOM killer), ``illegal`` (SIGILL, ``cpu.illegal``)
and ``crash`` (SIGSEGV, SIGBUS, SIGFPE, ``tell.fatal``); SIGABRT's words (``abort``) are
``crash`` too, but alone on a line only with the core-dumped words (an abort's name is an
everyday word: "Abgebrochen", "Annullato" may be a program's own "cancelled").  A word two
signals share (Croatian glibc 2.27 "Prekinut" for SIGKILL and SIGABRT) is a crash only.
English descriptions already read by the English patterns are left to them (one hit per
line and pattern name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tfgpu.logs._package_data import load_package_toml

#: The data file, relative to the ``tfgpu`` package.
DATA = ("knowledge", "data", "signal_texts.toml")

#: Kind of death -> the catalogue pattern name its lines feed.
KINDS = {"kill": "tools.killed", "illegal": "cpu.illegal", "crash": "tell.fatal"}


@dataclass(frozen=True, slots=True)
class Words:
    """The words of one kind of death.

    Attributes:
        kind: ``kill``, ``illegal`` or ``crash`` (:data:`KINDS`).
        bare: descriptions that make a death alone on their line (translations, and English
            ones no English pattern reads).
        suffixed: descriptions that make one only with the core-dumped words or in a job
            line (SIGABRT's).
        zsh: zsh's names of these signals (English, lower case).
    """

    kind: str
    bare: tuple[str, ...]
    suffixed: tuple[str, ...]
    zsh: tuple[str, ...]


#: English descriptions the English patterns read already (tell.fatal: "Segmentation
#: fault" anywhere, "Aborted" at a line's start; tools.killed: "Killed"; cpu.illegal:
#: "Illegal instruction"): left out of the bare forms here.
_ENGLISH_READ = frozenset({"Segmentation fault", "Aborted", "Killed", "Illegal instruction"})
#: zsh names the English patterns read already (tools.killed "zsh: killed", cpu.illegal
#: "illegal hardware instruction").
_ZSH_READ = frozenset({"killed", "illegal hardware instruction"})


@cache
def load() -> dict[str, object]:
    """``signal_texts.toml`` parsed (a dict as :mod:`tomllib` gives it).

    Raises:
        OSError: the package data file is missing (a broken install).
    """
    return load_package_toml(DATA)


#: Typographic quotation marks (U+2018-U+201F) -> ASCII, as the reader folds them in every
#: line (:func:`tfgpu.logs.reader.normalize_paste`): a translation's apostrophe (Ukrainian
#: "пам’яті") must match the folded line.
_FOLD_QUOTES = {c: ("'" if c <= 0x201B else '"') for c in range(0x2018, 0x2020)}


def translated_strings(value: object) -> list[str]:
    """The strings of a ``{language: [text, ...]}`` table, typographic quotes folded (the
    reader folds them in every line), blank ones left out; ``[]`` for anything else."""
    if not isinstance(value, dict):
        return []
    return [s.translate(_FOLD_QUOTES) for texts in value.values() if isinstance(texts, list)
            for s in texts if isinstance(s, str) and s.strip()]


@cache
def words() -> tuple[Words, ...]:
    """The words of each kind of death (:class:`Words`), from the data file."""
    data = load()
    table = data.get("signal")
    rows = [r for r in table if isinstance(r, dict)] if isinstance(table, list) else []
    texts: dict[str, set[str]] = {}
    for r in rows:
        for t in [str(r.get("text", "")), *translated_strings(r.get("translations"))]:
            texts.setdefault(t.strip(), set()).add(str(r.get("death")))
    out = []
    for kind in KINDS:
        bare: set[str] = set()
        suffixed: set[str] = set()
        zsh: set[str] = set()
        for r in rows:
            death = str(r.get("death"))
            if (death == "abort" and kind != "crash") or (death != "abort" and death != kind):
                continue
            for t in [str(r.get("text", "")), *translated_strings(r.get("translations"))]:
                t = t.strip()
                if t in _ENGLISH_READ:
                    continue
                shared = len(texts.get(t, ())) > 1
                if shared and kind != "crash":
                    continue  # a word two signals share is a crash only
                (suffixed if death == "abort" else bare).add(t)
            for z in [str(r.get("zsh", "")), *(r.get("zsh_other") or [])]:
                if z and z not in _ZSH_READ:
                    zsh.add(z)
        out.append(Words(kind, tuple(sorted(bare, key=lambda s: (-len(s), s))),
                         tuple(sorted(suffixed - bare, key=lambda s: (-len(s), s))),
                         tuple(sorted(zsh, key=lambda s: (-len(s), s)))))
    return tuple(out)


def spaced(text: str) -> str:
    """The regex of ``text`` as a paste may re-space it: its words escaped, each run of
    blanks between them one or more blanks (``"core  dumped"`` -> ``core\\s+dumped``);
    blanks at its ends dropped."""
    return r"\s+".join(re.escape(w) for w in text.split())


def _alt(items: object) -> str:
    """A non-capturing alternation of ``items`` (strings), longest first, each
    :func:`spaced`."""
    seq = sorted({str(i).strip() for i in items if str(i).strip()},  # type: ignore[attr-defined]
                 key=lambda s: (-len(s), s))
    return "(?:" + "|".join(spaced(s) for s in seq) + ")"


def _bash(key: str) -> list[str]:
    bash = load().get("bash", {})
    return translated_strings(bash.get(key)) if isinstance(bash, dict) else []


def core_words() -> str:
    """Regex of bash's core-dumped words, any language ("(core dumped)", "(Speicherabzug
    geschrieben)", "（核心已转储）"), without the blank before them."""
    return _alt([*_bash("core_dumped"), *_bash("core_dumped_job")])


def script_prefix() -> str:
    """Regex of a non-interactive bash's "<script>: line N: " in any language (bash's
    ``"%s: line %d: "`` and its translations: "%s: Zeile %d: ", "%s: 第 %d 行：")."""
    forms = []
    for f in sorted(set(_bash("script_line")), key=lambda s: (-len(s), s)):
        rx = re.escape(f.strip()).replace(r"\ ", r"\s*")
        rx = rx.replace("%s", r"\S{1,200}").replace("%d", r"\d{1,9}")
        forms.append(rx)
    return "(?:" + "|".join(forms) + ")"


def regex(w: Words) -> str:
    """The regex of the lines that say a process died of one of ``w``'s signals (module
    docstring: bash's bare, job and script forms, zsh's forms)."""
    core = core_words()
    # a job line's head ("[1]+  ", zsh's "[1]  + 12345 ") or a non-interactive bash's
    # "<script>: line N: <pid> ": then the command follows the words; without one, the
    # words are alone on their line
    head = (rf"\[\d{{1,4}}\][+-]?\s+(?:\d{{1,9}}\s+)?"
            rf"|{script_prefix()}\s{{0,8}}\d{{1,9}}\s+")
    parts = []
    if w.bare:
        parts.append(rf"^\s*(?P<job>{head})?{_alt(w.bare)}(?:\s*{core})?"
                     rf"(?(job)(?:\s|$)|\s*$)")
    if w.suffixed:
        parts.append(rf"^\s*(?P<job2>{head})?{_alt(w.suffixed)}"
                     rf"(?(job2)(?:\s+{core})?(?:\s|$)|\s*{core}\s*$)")
    if w.kind == "kill" and w.bare:
        # glued to a progress bar's line that was redrawn with \r and no newline, as the
        # English "Killed" is (patterns.py "the shell's Killed glued to a progress bar")
        parts.append(r"^(?=[^\n]{0,4000}?(?: - loss: | - ETA: |/step\b|it/s\]|s/it\]))"
                     rf"[^\n]{{0,4000}}[\w.\]|%)] ?{_alt(w.bare)}\s*$")
    if w.zsh:
        zsh = _alt(w.zsh)
        parts.append(rf"^\s*(?:zsh: |\[\d{{1,4}}\](?:\s+[+-])?\s+(?:\d{{1,9}}\s+)?){zsh}"
                     rf"(?: \(core dumped\))?(?:\s|$)")
    body = "|".join(parts)
    if w.kind == "crash":
        # lines the English tell.fatal pattern reads already (one hit per line and name)
        return (r"^(?!.*?(?:Check failed:|\(core dumped\)|Segmentation fault|Fatal Python "
                r"error)|\s*Aborted\b)(?:" + body + ")")
    return body


def needle(text: str) -> str:
    """The prefilter keyword of one word: lower case; without its first letter when that is
    a cased non-ASCII letter (the byte prefilter lowers ASCII only: "Убито" is found by
    "бито"), so the keyword is found in the raw bytes and in the lowered line alike."""
    t = text.strip()
    if t and not t[0].isascii() and t[0].lower() != t[0]:
        t = t[1:]
    return t.lower()


def needles(w: Words) -> tuple[str, ...]:
    """The prefilter keywords of ``w``'s lines (no digits: the templates have none)."""
    out = {needle(re.sub(r"\d", "", t)) for t in (*w.bare, *w.suffixed)}
    out |= {z.lower() for z in w.zsh}
    return tuple(sorted(n for n in out if n.strip()))


__all__ = [
    "DATA",
    "KINDS",
    "Words",
    "core_words",
    "load",
    "needle",
    "needles",
    "regex",
    "script_prefix",
    "spaced",
    "translated_strings",
    "words",
]
