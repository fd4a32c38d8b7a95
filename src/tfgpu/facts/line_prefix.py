"""The prefixes that log collectors and pastes put before a message (quotes, syslog/journald,
RFC 3339 times, dmesg, gutters, MPI ranks, Docker Compose, kubectl, Jupyter, srun labels) and
the Markdown marks around a whole pasted line: :func:`split_prefix` gives a line's message.

A fact about one line's text, shared by the log reader (:mod:`tfgpu.logs.reader`, which
matches the message) and the diagnosis (which reads a hit's text the same way); it imports
nothing of either.
"""

from __future__ import annotations

import re

#: The prefixes that collectors and pastes put before a log message.  Named groups give the
#: kind: ``q`` a Markdown/e-mail quote ("> ", "> > "), ``sys`` a syslog/journald line
#: ("Aug 26 14:08:07 host kernel: ", also with an ISO time), ``ts`` an RFC 3339 time
#: (``kubectl logs --timestamps``, ``docker logs -t``; a CRI log's "stderr F "),
#: ``dm`` a dmesg time ("[ 7386.259769] ", "[Mon May  1 10:00:00 2024] "), ``gut`` a
#: line-number gutter ("  12 | ", Jupyter's "---> 62 ", a CI log viewer's elapsed time and
#: line number "13m 43s | 221 | "), ``mpi`` an Open MPI rank tag as horovodrun/mpirun
#: print it ("[1,0]<stderr>:", with --timestamp-output "Thu Jun 18 14:28:35 2020[1,0]<stderr>:"),
#: ``compose`` a Docker Compose service column ("web_1  | ", "tf-serving-1  | "),
#: ``kube`` ``kubectl logs --prefix``'s source ("[pod/train-0/worker] "; kubernetes/kubectl
#: ``pkg/cmd/logs/logs.go``: ``fmt.Sprintf("[pod/%s/%s] ", ref.Name, containerName)``),
#: ``jup`` a Jupyter server's log record ("[W 12:00:00.000 NotebookApp] ", "[E 2024-05-01
#: 12:00:00.000 ServerApp] "; jupyter/notebook 6.x ``notebookapp.py`` and
#: jupyter_server ``serverapp.py``: ``"[%(levelname)1.1s %(asctime)s.%(msecs).03d
#: %(name)s] "``, dates ``"%H:%M:%S"`` and traitlets' ``"%Y-%m-%d %H:%M:%S"``), ``srun``
#: Slurm's task label (``srun --label``: "0: ", " 7: ", "P1 0: "; SchedMD/slurm
#: ``src/common/write_labelled_message.c``: ``"%*d: "``, ``"P%u %*d: "`` in a
#: heterogeneous job), ``pyt`` pytest's mark before an exception's lines in its failure report
#: ("E       ModuleNotFoundError: ..."; pytest ``_pytest/_code/code.py``: ``fail_marker =
#: "E"`` followed by the indentation's spaces), ``bk`` Docker BuildKit's plain progress, a
#: build step's number and its seconds before each line the step printed ("#12 0.843 ";
#: moby/buildkit ``util/progress/progressui/display.go``: ``"#%d %s %s"``), ``ray`` Ray's
#: worker log prefix ("(pid=45601) ", "(MyActor pid=480956) ", with an ip, Ray Data's
#: "(MapBatches(infer) pid=1234) "; ray-project/ray
#: ``doc/source/ray-observability/ray-logging.rst``), ``col`` one column of a log table pasted
#: as pipe-separated text before the message column: a line number, an epoch time, a date
#: or time of day, or a log level ("132 | 1534166953114 | ", "| 2018-08-13 13:29:02.319 |
#: INFO | ").  GitHub's comment box
#: turns a table copied from a web page (a log viewer, a job dashboard) into exactly that
#: (github/paste-markdown ``src/paste-markdown-table.ts``: the cells of a row joined by
#: ``' | '``, the header followed by ``'-- | -- | --'``); hand-written Markdown tables add
#: the outer pipes.  A cell of any other text (a name, a version) is no prefix: the message
#: column of a configuration table stays whole.  A quote is one or more levels of "> " or
#: ">> " (e-mail clients write ">> " for a reply's reply), the space optional as CommonMark
#: and mail clients have it (">line", not ">=", a comparison wrapped to the line's start:
#: "... requires TensorFlow version" / ">= 2.4"); ">>> " stays text (Python's prompt,
#: :func:`starts_record`), and ">>>> " is a quote of it.
_PREFIX_RE = re.compile(
    r"(?P<q>(?:[ \t]{0,3}(?:>(?=>>> )|>>?(?!>)(?:[ \t]|$|(?=[^\s>=]))))+)"
    r"|(?P<sys>(?:[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d"
    r"|\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?)"
    r" (?P<host>[\w.-]{1,64}) (?P<tag>[\w./@-]{1,64})(?P<pid>\[\d{1,10}\])?: )"
    r"|(?P<ts>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? "
    r"(?:(?:stdout|stderr) [FP] )?(?!\| ))"  # a table's time column: ``col``
    r"|(?P<dm>\[(?: {0,12}\d{1,10}\.\d{1,9}|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d "
    r"\d\d:\d\d:\d\d \d{4})\] ?)"
    r"|(?P<mpi>(?:[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4})?"
    r"(?P<rank>\[\d{1,6},\d{1,6}\])<(?:stdout|stderr)>: ?)"
    r"|(?P<compose>(?P<svc>[\w.-]{1,64}?[-_]\d{1,4}) {1,24}\| ?)"
    r"|(?P<kube>\[pod/(?P<pod>[\w.-]{1,253}/[\w.-]{0,63})\] )"
    r"|(?P<jup>\[[DIWEC] (?:\d{4}-\d\d-\d\d )?\d\d:\d\d:\d\d\.\d{3} [\w.-]{1,64}\] )"
    # (a task's empty line is its label alone, "0:" once trailing spaces are gone)
    r"|(?P<srun>(?:P\d{1,6} )? {0,6}\d{1,7}:(?: |$))"
    r"|(?P<pyt>E {3,24}(?=\S))"
    r"|(?P<bk>#(?P<step>\d{1,6}) \d{1,6}\.\d{1,4} )"
    r"|(?P<ray>\((?:[\w.:<>-]{1,80}(?:\([\w.:<>-]{0,80}(?:\([\w.:<>-]{0,80}\))?\))? )?"
    r"pid=(?P<raypid>\d{1,10})(?:, ip=[\w.:-]{1,64})?\) )"
    r"|(?P<gut>[ \t]{0,8}(?:-{1,4}> {0,4}\d{1,6} "
    r"|(?:(?:\d{1,3}[hms] ){1,3}\| )?\d{1,6} {0,3}[|\u2502] ?))"
    r"|(?P<col>(?P<lead>\| )?(?:\d{1,19}"
    r"|\d{4}-\d\d-\d\d(?:[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?: ?(?:Z|UTC|[+-]\d\d:?\d\d))?)?"
    r"|\d\d:\d\d:\d\d(?:[.,]\d{1,9})?"
    r"|[A-Z][a-z]{2} [ \d]?\d, \d{4} @ \d\d:\d\d:\d\d(?:\.\d{1,9})?"
    r"|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|CRITICAL|FATAL|std(?:out|err))"
    r"[ \t]{1,3}\|(?:[ \t]|$))"
)
#: An RFC 3339 time in UTC as ``kubectl logs --timestamps`` and ``docker logs -t`` print it
#: (Go's ``time.RFC3339Nano``: "2024-12-02T10:00:02.123456789Z") and the space after it.  A
#: syslog or journald time carries a numeric offset ("+00:00", journalctl ``-o short-iso``'s
#: "%z"), so such a time followed by two words and a colon ("Z Total memory: 7.92GiB") is
#: the collector's time before a message, not a syslog host and tag, unless the tag has the
#: process id a syslog tag carries ("python3[1234]: ").
_UTC_TS_RE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:[.,]\d{1,9})?Z "
                        r"(?:(?:stdout|stderr) [FP] )?")
#: Prefixes stripped from one line, at most (a quote around a kubectl line...).
_MAX_PREFIXES = 3


#: The last lines :func:`split_prefix` split, with their parts (at most
#: ``_SPLIT_MEMO_SIZE``, then it starts again): the engine and the follow state ask for the
#: same line's prefix up to six times (its own match, the pending and wrapped-line joins,
#: the follow state), for each of the thousands of pieces of a progress-bar line.
_SPLIT_MEMO: dict[str, tuple[str, str]] = {}
_SPLIT_MEMO_SIZE = 8


def split_prefix(text: str) -> tuple[str, str]:
    """Split a collector's or a paste's prefix off a cleaned line.

    Args:
        text: a cleaned line.

    The indentation of a line (a Markdown code block's four spaces or tab, a list's eight)
    is no prefix kind, but it is left out of the message, as the space after each prefix is:
    an anchored pattern (``^\\W{0,4}CUBLAS_STATUS_...``) reads an indented paste's line as
    it reads the line itself.

    Args:
        text: a cleaned line.

    Returns:
        ``(kind, message)``: ``kind`` names the prefixes found (``""`` when none; a syslog
        prefix's kind includes its host and tag, so that lines of two programs never
        join; ``md`` a whole line wrapped in Markdown inline code or bold, whose marks are
        removed), ``message`` the rest without leading spaces (``text`` itself when there is
        neither a prefix nor an indentation).
    """
    done = _SPLIT_MEMO.get(text)
    if done is None:
        done = _split_prefix(text)
        if len(_SPLIT_MEMO) >= _SPLIT_MEMO_SIZE:
            _SPLIT_MEMO.clear()  # one call, safe beside another thread's use
        _SPLIT_MEMO[text] = done
    if not done[0] and len(done[1]) == len(text):
        # no prefix: the message is ``text`` itself, this very object (callers test identity)
        return "", text
    return done


#: Markdown marks that wrap a whole pasted line (GitHub issues): inline code and bold.
_MD_WRAPS = ("**", "`")
#: A bold mark inside a line (two spans on it): two asterisks, not part of a longer run such
#: as the "***" a report puts for a hidden host or user name ("binary running on ***.").
_BOLD_MARK = re.compile(r"(?<!\*)\*\*(?!\*)")


def _md_unwrapped(rest: str) -> str | None:
    """The line inside a Markdown inline-code (`` `...` ``, `` ```...``` `` on one line),
    bold (``**...**``) or emphasis (``_..._``, ``*...*``) wrapping of the whole line, as issue
    reports paste single log lines, or ``None`` when ``rest`` is not wrapped so (a code
    fence, two spans on one line, a mark inside).

    A code span may run over lines (CommonMark 0.31 "Code spans": a line ending inside one
    is read as a space), as a long line pasted in backticks and then hard-wrapped is: its
    first line opens the span with the line's only backtick, its last line closes it with
    its only backtick, glued to the text it marks (PowerShell's line continuation, a
    backtick after a space at the line's end, is no mark); that mark is removed too."""
    t = rest.rstrip()
    if t.startswith("```") and t.endswith("```") and len(t) > 6:
        # a code span of three backticks on one line (CommonMark 0.31 "Code spans": any
        # run of backticks opens one; GitHub renders "```text```" inline)
        inner = t[3:-3].strip()
        if "`" not in inner and inner:
            return inner
    if (len(t) > 2 and t[0] == t[-1] and t[0] in "_*" and t[1] not in " _*"
            and t[-2] not in " _*" and t.count(t[0]) == 2):
        # emphasis of the whole line with one mark on each side ("_ImportError: ..._",
        # "*text*"): the line holds no other such mark, so none is part of what was printed
        return t[1:-1]
    if t.count("`") == 1 and len(t) > 1 and (
            (t[0] == "`" and not t[1].isspace()) or (t[-1] == "`" and not t[-2].isspace())):
        return t[1:] if t[0] == "`" else t[:-1]
    if t.startswith("`` ") and t.endswith(" ``") and len(t) > 6:
        # a line that holds a backtick itself, in CommonMark's longer code span: two
        # backticks and a space on each side ("`` the `x` line ``", spec 0.31 "Code spans")
        inner = t[3:-3]
        if "``" not in inner and inner.strip():
            return inner
    if (t.startswith("****") and t.endswith("****") and len(t) > 8
            and t[4] not in " *" and t[-5] not in " *" and not _BOLD_MARK.search(t[4:-4])):
        return t[4:-4]  # bold around a line bold already ("****...****")
    if (len(t) > 8 and t.startswith("**") and t[2] not in " *" and t.endswith("****")
            and t[-5] not in " *"):
        return t[2:-2]  # bold around a line whose end is bold ("**Error: **reason****")
    if (len(t) > 2 and t[0] == t[-1] == "`" and "`" not in t[1:-1] and t[1:-1].strip()
            and t[1] != " " and t[-2] != " "):
        return t[1:-1]  # a code span holds no markup: marks inside it are text
    for mark in _MD_WRAPS:
        n = len(mark)
        if len(t) > 2 * n and t.startswith(mark) and t.endswith(mark):
            inner = t[n:-n]
            inside = (_BOLD_MARK.search(inner) is not None if mark == "**"
                      else mark in inner)
            if ((mark == "**" or "`" not in inner) and not inside and inner.strip()
                    and ((not inner.startswith("*") and not inner.endswith("*"))
                         # inline code around a bold line ("`**...**`")
                         or (mark == "`" and _md_unwrapped(inner) is not None))):
                return inner  # never a "*** ... ***" banner (glibc's, a test runner's)
    return None


def _marked(rest: str) -> bool:
    """Whether ``rest`` begins with a Markdown mark, or ends with a backtick (the last line
    of a code span over lines): only then may :func:`_md_unwrapped` remove one."""
    return rest[:1] in ("`", "*", "_") or rest.rstrip()[-1:] == "`"


def unwrap_markdown(text: str) -> str:
    """``text`` with a Markdown inline-code (`` `...` ``) or bold (``**...**``) wrapping of
    its whole message removed, its prefixes (:func:`split_prefix`) kept; ``text`` itself
    when the message is not wrapped so.

    Issue reports paste single log lines that way; the marks are no part of what the program
    printed, and a pattern that reads to the line's end (a version, a reason, a host name)
    would take the closing mark in, or not match at all.  Every reader of a cleaned line (the
    engine, the joins of wrapped lines, the checks reading a hit's text, the verdict's
    exception lines) therefore sees the line as it was printed.

    Args:
        text: a cleaned line (:func:`clean_line`).
    """
    start = _prefix_end(text)[1]
    rest = text[start:]
    unwrapped = False
    for _ in range(2):  # one wrapping inside another ("**`...`**", "`**...**`")
        inner = _md_unwrapped(rest) if _marked(rest) else None
        if inner is None:
            break
        rest, unwrapped = inner, True
    return text[:start] + rest if unwrapped else text


def _prefix_end(text: str) -> tuple[list[str], int]:
    """The prefix kinds of ``text`` (:func:`split_prefix`, without ``md``) and the index at
    which its message begins (after the prefixes and the spaces around them)."""
    kinds: list[str] = []
    rest = text.lstrip()
    for _ in range(_MAX_PREFIXES):
        m = _PREFIX_RE.match(rest)
        if m is None or not m.group():
            break
        kind = m.lastgroup or ""
        end = m.end()
        utc = (_UTC_TS_RE.match(rest) if m.group("sys") is not None and m.group("pid") is None
               and rest[:1].isdigit() else None)
        if utc is not None:
            kind, end = "ts", utc.end()
        elif m.group("sys") is not None:
            kind = f"sys {m.group('host')} {m.group('tag')}"
        elif m.group("compose") is not None:
            kind = f"compose {m.group('svc')}"  # one service's lines never join another's
        elif m.group("mpi") is not None:
            kind = f"mpi {m.group('rank')}"  # one rank's lines never join another's
        elif m.group("kube") is not None:
            kind = f"kube {m.group('pod')}"  # nor one pod's or container's another's
        elif m.group("srun") is not None:
            kind = f"srun {m.group('srun').strip()}"  # nor one task's another's
        elif m.group("bk") is not None:
            kind = f"bk {m.group('step')}"  # nor one build step's another's
        elif m.group("ray") is not None:
            kind = f"ray {m.group('raypid')}"  # nor one Ray worker's another's
        elif m.group("lead") is not None:
            kind = "row"  # a Markdown table row begun with a pipe: its end has one too
        kinds.append(kind)
        rest = rest[end:].lstrip()
    return kinds, len(text) - len(rest)


def _split_prefix(text: str) -> tuple[str, str]:
    kinds, start = _prefix_end(text)
    rest = text[start:]
    if "row" in kinds and rest.rstrip().endswith("|"):
        rest = rest.rstrip()[:-1].rstrip()  # "| 12 | message |": the row's closing pipe
    # a whole line pasted as Markdown inline code or bold: the marks are no part of the
    # message (patterns anchored at the line's end, such as the diagnostics' host name,
    # would not match with a closing mark after it)
    inner = _md_unwrapped(rest) if _marked(rest) else None
    if inner is not None:
        kinds.append("md")
        # one wrapping inside another: bold around inline code ("**`...`**"), inline code
        # around bold ("`**...**`")
        rest = (_md_unwrapped(inner) or inner) if _marked(inner) else inner
    return "+".join(kinds), rest
