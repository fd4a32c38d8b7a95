#!/usr/bin/env python3
"""Paste-form invariance of ``tfgpu explain`` on the real case sets: a metamorphic measure.

A bug report pastes the same TensorFlow messages in many forms: quoted in a reply, indented
as a Markdown code block, with Windows line endings, with a forum's typographic quotes, behind
a log collector's prefix, hard-wrapped by a terminal or a mail client, HTML-escaped by a web
page.  The diagnosis must not depend on the form.  For every case of
``tests/fixtures/cases*/`` that :mod:`score_cases` grades RIGHT, each transform of
:data:`TRANSFORMS` is applied to the case's ``log`` and the diagnosis is taken again: the case
is *kept* when its grade, the ids of its claims (the findings the scorer reads,
:func:`score_cases.claims`), the verdict's ``program_failed`` (the log shows the program
died) and ``tfgpu explain``'s exit code stay the same, else *changed*.

The prefixes are those the tools print (their sources, read at the commits named):

* Docker Compose v2 ``cmd/formatter/logs.go`` (docker/compose f72979427042):
  ``fmt.Sprintf("%-"+strconv.Itoa(width)+"s | ", p.name)``, the name padded to the longest
  container name plus one (v1 printed ``app_1``, v2 ``app-1``).
* ``kubectl logs --prefix`` ``pkg/cmd/logs/logs.go`` (kubernetes/kubectl dee3483a3d6a):
  ``fmt.Sprintf("[pod/%s/%s] ", ref.Name, containerName)`` before every line.
* ``srun --label`` ``src/common/write_labelled_message.c`` (SchedMD/slurm 284c3b95f08a):
  ``"%*d: "`` (the task id right-aligned to the widest one), ``"P%u %*d: "`` in a
  heterogeneous job, before every line.
* ``journalctl`` (``-o short``, the default; systemd ``src/shared/logs-show.c``
  ``output_short``): the time (``"%b %d %H:%M:%S"``), then ``" hostname"``,
  ``" identifier"``, ``"[pid]"`` and ``": "``, as syslog writes it; the later lines of a
  multi-line message are indented to the message's column (``print_multiline``).
* Jupyter Notebook 6.x ``notebook/notebookapp.py`` (jupyter/notebook v6.5.7): log format
  ``"[%(levelname)1.1s %(asctime)s.%(msecs).03d %(name)s] "`` with date format
  ``"%H:%M:%S"`` (``[W 12:00:00.000 NotebookApp] ``); Jupyter Server's ``serverapp.py``
  keeps the format with the date (``[W 2024-05-01 12:00:00.000 ServerApp] ``).

Usage::

    PYTHONPATH=src python scripts/paste_forms.py [--json] [--show TRANSFORM] [FOLDER ...]

Prints a Markdown table (transform -> RIGHT cases, kept, changed) on stdout; with
``--show`` the changed cases of that transform (before and after ids) on stderr.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests" / "explain")]


def _scorer() -> Any:
    """The case scorer (``scripts/score_cases.py``) as a module."""
    if "score_cases" in sys.modules:
        return sys.modules["score_cases"]
    spec = importlib.util.spec_from_file_location("score_cases",
                                                  ROOT / "scripts" / "score_cases.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["score_cases"] = module
    spec.loader.exec_module(module)
    return module


# ------------------------------------------------------------------ the transforms


def per_line(fn: Callable[[str], str]) -> Callable[[str], str]:
    """A transform that rewrites every line (split at ``\\n``) of a log with ``fn``."""
    def apply(log: str) -> str:
        return "\n".join(fn(line) for line in log.split("\n"))
    return apply


def prefix(text: str) -> Callable[[str], str]:
    """A transform that puts ``text`` before every line."""
    return per_line(lambda line: text + line)


_QUOTE_OPENS = frozenset(" \t([{<-\u2014\u2013/")
_SMART = {("'", True): "\u2018", ("'", False): "\u2019",
          ('"', True): "\u201c", ('"', False): "\u201d"}


def smart_quotes(line: str) -> str:
    """Typographic quotes as a blog engine or a word processor writes them (SmartyPants'
    rule): a quote at the start of the line or after a space or an opening bracket opens
    (U+2018, U+201C), any other closes (U+2019, U+201D; an apostrophe inside a word too)."""
    out = []
    for i, ch in enumerate(line):
        if ch in "'\"":
            opens = i == 0 or line[i - 1] in _QUOTE_OPENS
            ch = _SMART[ch, opens]
        out.append(ch)
    return "".join(out)


def hard_wrap(width: int) -> Callable[[str], str]:
    """A transform that splits every line longer than ``width`` at its last space within
    ``width`` columns (a terminal's or a mail client's wrap), again on the rest; a line
    with no such space is left whole."""
    def wrap(line: str) -> str:
        out = []
        while len(line) > width:
            k = line.rfind(" ", 0, width + 1)
            if k <= 0 or not line[:k].strip():
                break
            out.append(line[:k])
            line = line[k + 1 :]
        out.append(line)
        return "\n".join(out)
    return per_line(wrap)


def terminal_wrap(width: int) -> Callable[[str], str]:
    """A transform that cuts every line longer than ``width`` every ``width`` characters,
    wherever that falls: inside a word, a number, a version (a terminal's wrap, copied from
    its screen)."""
    def wrap(line: str) -> str:
        return "\n".join(line[i : i + width] for i in range(0, len(line), width)) or line
    return per_line(wrap)


def inline_code(line: str) -> str:
    """A line pasted as Markdown inline code: in backticks, or, when it holds a backtick
    itself, in two backticks and a space on each side (CommonMark's code spans); a blank
    line is left as it is."""
    if not line.strip():
        return line
    return f"`` {line} ``" if "`" in line else f"`{line}`"


def html_escape(line: str) -> str:
    """A web page's escaping of text (``&amp;`` first, then ``&lt; &gt; &quot; &#39;``)."""
    return (line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#39;"))


#: Transform name -> function of the whole log text.
TRANSFORMS: dict[str, Callable[[str], str]] = {
    "quote '> '": prefix("> "),
    "quote '>> '": prefix(">> "),
    "indent 4 spaces": prefix("    "),
    "indent tab": prefix("\t"),
    "CRLF": lambda log: log.replace("\n", "\r\n"),
    "CR only": lambda log: log.replace("\n", "\r"),
    "typographic quotes": per_line(smart_quotes),
    "docker compose": prefix("app_1  | "),
    "kubectl --prefix": prefix("[pod/train-0/worker] "),
    "journald": prefix("Dec 01 12:00:00 host python3[1234]: "),
    "srun --label": prefix("0: "),
    "jupyter server log": prefix("[W 12:00:00.000 NotebookApp] "),
    "wrap 80": hard_wrap(80),
    "wrap 120": hard_wrap(120),
    "terminal 80": terminal_wrap(80),
    "terminal 120": terminal_wrap(120),
    "HTML entities": per_line(html_escape),
    "inline code": per_line(inline_code),
    "bold": per_line(lambda line: f"**{line}**" if line.strip() else line),
}


# ------------------------------------------------------------------ the measure


class Key(NamedTuple):
    """What a paste form must keep: the grade, the claims' ids, whether the verdict says the
    program died, and the exit code."""

    grade: str
    ids: frozenset[str]
    program_failed: bool
    exit_code: int


@dataclass
class Case:
    """One case graded RIGHT on its clean log: its file, log, host facts and diagnosis key."""

    path: Path
    case: dict[str, Any]
    log: str
    facts: Any
    key: Key


@dataclass
class Outcome:
    """What one transform did to the RIGHT cases: how many kept, which changed (with the
    key before and after)."""

    name: str
    kept: int = 0
    changed: list[tuple[str, Key, Key]] = field(default_factory=list)

    @property
    def total(self) -> int:
        """RIGHT cases measured."""
        return self.kept + len(self.changed)


def case_files(folders: Iterable[Path] | None = None) -> list[Path]:
    """The case files of ``folders`` (default: every ``tests/fixtures/cases*/``), sorted."""
    if folders is None:
        folders = sorted(p for p in (ROOT / "tests" / "fixtures").glob("cases*") if p.is_dir())
    return [p for folder in folders for p in sorted(folder.glob("*.json"))]


def key_of(case: dict[str, Any], log: str, facts: Any) -> Key:
    """The diagnosis of ``log`` as the scorer and a script read it: (grade, ids of the
    claims, the verdict's ``program_failed``, ``tfgpu explain``'s exit code: 1 for an
    error-level finding or a death, else 0)."""
    from tfgpu.diagnosis.checks.unknown import death_hits, log_failure_lines
    from tfgpu.diagnosis.verdict import explain_report
    from tfgpu.explain import explain_log
    from tfgpu.logs import ReadStats, read_lines

    sc = _scorer()
    read = read_lines([log])
    died = death_hits(read)
    findings = explain_log(read, facts, died=died)
    report = explain_report(findings, read.stats or ReadStats(), "case", died=tuple(died),
                            failure=log_failure_lines(read, died))
    return Key(sc.grade(case, findings), frozenset(f.id for f in sc.claims(findings)),
               report.verdict.program_failed, 1 if report.failed else 0)


def right_cases(files: Iterable[Path]) -> list[Case]:
    """The cases of ``files`` graded RIGHT on their clean log."""
    from case_env import facts_from_env

    out = []
    for path in files:
        case = json.loads(path.read_text(encoding="utf-8"))
        log = case.get("log")
        if not log:
            continue
        facts = facts_from_env(case.get("env"))
        key = key_of(case, log, facts)
        if key[0] == "RIGHT":
            out.append(Case(path, case, log, facts, key))
    return out


def measure(cases: list[Case], names: Iterable[str] | None = None) -> list[Outcome]:
    """Apply each transform (default: all of :data:`TRANSFORMS`) to every case's log."""
    outcomes = []
    for name in names or TRANSFORMS:
        fn = TRANSFORMS[name]
        out = Outcome(name)
        for c in cases:
            after = key_of(c.case, fn(c.log), c.facts)
            if after == c.key:
                out.kept += 1
            else:
                out.changed.append((_label(c.path), c.key, after))
        outcomes.append(out)
    return outcomes


def _label(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def table(outcomes: list[Outcome]) -> str:
    """A Markdown table: transform, RIGHT cases, kept, changed (and of those, no longer
    RIGHT)."""
    lines = ["| transform | RIGHT cases | kept | changed | of which no longer RIGHT |",
             "| --- | ---: | ---: | ---: | ---: |"]
    for o in outcomes:
        lost = sum(after[0] != "RIGHT" for _, _, after in o.changed)
        lines.append(f"| {o.name} | {o.total} | {o.kept} | {len(o.changed)} | {lost} |")
    return "\n".join(lines)


def main() -> int:
    """Print the table; see the module docstring."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folders", nargs="*", type=Path)
    ap.add_argument("--json", action="store_true", help="the changed cases as JSON")
    ap.add_argument("--show", action="append", default=[], metavar="TRANSFORM",
                    help="list the changed cases of this transform on stderr")
    ap.add_argument("--only", action="append", default=[], metavar="TRANSFORM",
                    help="measure only this transform (repeatable)")
    args = ap.parse_args()
    for name in args.show + args.only:
        if name not in TRANSFORMS:
            ap.error(f"unknown transform {name!r}; one of {', '.join(map(repr, TRANSFORMS))}")
    cases = right_cases(case_files(args.folders or None))
    outcomes = measure(cases, args.only or None)
    if args.json:
        json.dump({o.name: {"kept": o.kept, "changed": [
            {"case": c, "before": sorted(b[1]), "after": sorted(a[1]), "grade": a[0],
             "program_failed": [b.program_failed, a.program_failed],
             "exit_code": [b.exit_code, a.exit_code]}
            for c, b, a in o.changed]} for o in outcomes}, sys.stdout, indent=1)
        print()
        return 0
    print(table(outcomes))
    for o in outcomes:
        if o.name in args.show:
            for label, before, after in o.changed:
                gone, new = sorted(before[1] - after[1]), sorted(after[1] - before[1])
                print(f"{o.name}: {label} {after[0]} lost {gone} gained {new} "
                      f"program_failed {before.program_failed}->{after.program_failed} "
                      f"exit {before.exit_code}->{after.exit_code}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
