"""The matching engine: cleaned lines in, bounded hits per pattern out (:class:`LogFacts`)."""

from __future__ import annotations

import re
import sys
from itertools import pairwise

from tfgpu.facts.line_prefix import split_prefix
from tfgpu.facts.log import MAX_FOLLOW_LINES, Hit, Hits, LogFacts
from tfgpu.facts.printf import TEXT_LETTERS, printf_conversion
from tfgpu.logs.fold import Folder, squeeze
from tfgpu.logs.needles import holders
from tfgpu.logs.needles import roots as needle_roots
from tfgpu.logs.patterns import CONTEXT_ONLY, PATTERNS, Pattern
from tfgpu.logs.reader import (
    MAX_LINE_CHARS,
    NARROW_WRAP_CHARS,
    WRAPPED_LINE_CHARS,
    continuation_of,
    continues,
    template_of,
)

#: Patterns that pick out telling lines for unrecognised errors.
TELLING_PREFIX = "tell."
#: Patterns whose match does not explain a line (context, generic CUDA error names).
NOT_EXPLAINING = ("tell.", "ctx.", "cuda.error")
#: Telling patterns tried on a line joined with the next one all the same: their words say
#: the program died ("... conv_ops.cc:672] Check" / "failed: ...", "Aborted (core" /
#: "dumped)", "Fatal Python" / "error: ..."), and a hard wrap splits them like any others.
JOINED_TELLING = frozenset({"tell.fatal", "tell.check_in_file"})
#: A value that is a format placeholder, not a value: printf's (``%s``, ``%d``, ``%.2f``,
#: ``%(name)s``; Python's ``%`` operator, C/C++ ``printf``/``absl::StrFormat``) and
#: ``str.format``'s (``{}``, ``{0}``, ``{path!r}``), with the quotes or brackets around it.
#: A group holding one read a program's source, not its message: the line a Python
#: traceback quotes (``raise ConfigError("Inconsistent CUDA toolkit path: %s vs %s" %``)
#: above the exception line that holds the values.
_PLACEHOLDER = re.compile(
    r"""[\s"'`(\[]*(?:""" + printf_conversion()
    + r"""|\{\w*(?:\.\w+|\[\w+\])*(?:![rsa])?(?::[^{}]*)?\})[\s"'`)\],.;:%]*""")
#: A printf placeholder inside a longer value (a message group that took in the whole
#: format string: "Inconsistent CUDA toolkit path: %s vs %s"): ``%`` after no word
#: character, a conversion letter before none ("100% done", "50%s", "%2Fpath" are none).
_PLACEHOLDER_IN = re.compile(r"(?<![\w%])" + printf_conversion(TEXT_LETTERS) + r"(?!\w)")


def source_template(groups: dict[str, str | None]) -> bool:
    """Whether a match whose named groups are ``groups`` read a format string rather than a
    message: one of them is a placeholder alone (:data:`_PLACEHOLDER`: ``%s``, ``{}``) or
    holds a printf placeholder (:data:`_PLACEHOLDER_IN`). The line is the program's source
    (a traceback's quoted ``raise X("... %s ..." % ...)``, a C++ frame's ``LOG(ERROR) <<``
    line); the message with the values is elsewhere in the log (the exception line below
    it)."""
    return any(v and (_PLACEHOLDER.fullmatch(v) or _PLACEHOLDER_IN.search(v))
               for v in groups.values())


#: Bytes of line templates (``sys.getsizeof``) whose pattern list is remembered before
#: the cache is cleared: a bound in bytes, so unique 2 KiB lines cannot grow it.
MAX_TEMPLATE_BYTES = 8 * 1024 * 1024


#: Longest text of lines joined to match a wrapped message, characters.
MAX_JOINED_CHARS = 2 * MAX_LINE_CHARS
#: Pending lines (messages still joined to the next lines) kept at once, at most: each line
#: adds one for its own keywords and one for the keywords across its break with the line
#: before, so the work per line stays a few joins however many lines continue.
MAX_PENDING = 3
#: Joined texts kept per pending line: a break inside a word is joined both with and without
#: a space, so two such joins give four texts (three would give eight: with up to
#: :data:`MAX_PENDING` lines pending at once, four keep the work per line near one line's).
MAX_JOIN_VARIANTS = 4


def _split_word(left: str, right: str) -> bool:
    """Whether a line break between ``left`` and ``right`` may cut a word in two (a
    terminal's or a tracker's hard wrap: "...with Cuda c" / "ompute capability 3.0.")."""
    return bool(left) and bool(right) and left[-1].isalnum() and right[0].isalnum()


#: The end of a line inside a bracketed list of numbers printed without spaces (TensorFlow's
#: shapes, "shape[64,128,256,"): a wrap at spaces cannot break there.
_OPEN_NUMBER_LIST = re.compile(r"\[\d{1,12}(?:,\d{1,12}){0,15},$")

#: Characters inside a number, a version, a path or an identifier, never at a word's edge in
#: prose: a break next to one, between letters or digits, cut a token ("8." / "6.0.",
#: "tensorflow-gpu==2" / ".10.0", "CUDA_ERROR_" / "COMPAT_...", "cuda-" / "11.8/lib64").
_INNER = "._-=/"


#: Lengths of a line a terminal's hard wrap may leave, narrow ones included.
CUT_LINE_CHARS = range(NARROW_WRAP_CHARS.start, WRAPPED_LINE_CHARS.stop)


def _cuts_token(left: str, right: str) -> bool:
    """Whether a line break between ``left`` (a line as fed, its trailing spaces removed)
    and ``right`` (the next line as fed) certainly falls inside one token, so that the two
    pieces are read joined without a space: a terminal's or a tracker's hard wrap cuts
    wherever the width falls, and a number, a version or an identifier read up to the break
    would be a shorter, wrong value ("compiled with: 8." / "6.0." read as 8.0.0).

    A break is such a cut when ``left`` is as long as a hard wrap leaves
    (:data:`CUT_LINE_CHARS`, a narrow terminal's too), ``right`` begins neither with a space
    (a wrap just before a space keeps it there) nor with a collector's prefix (a label
    "0: ", a quote: the break's own characters are not known), and:

    * digits meet ("[64,1" / "28,256]");
    * ``left`` ends with a character of :data:`_INNER` after a letter or a digit and
      ``right`` begins with one, a dot only between digits ("==2." / "10.0", "...ERROR_" /
      "COMPAT", "cuda-" / "11.8"); an equals sign only as "==" (a lone one at a line's end
      is an e-mail's quoted-printable soft break, joined away by :meth:`Engine._join`);
    * ``right`` begins with a dot or an underscore and a letter or a digit after one
      ("...gpu==2" / ".10.0", "libcudnn" / ".so.8"), or with a comma, a semicolon, a colon
      or a closing bracket ("2.20.0rc0" / ", 2.20.0)", "on /job" / ":localhost/...");
    * ``left`` ends with an opening bracket ("shape[" / "64,128,..."), or an "==" is cut
      in two ("tensorflow=" / "=2.10.0");
    * ``left`` ends inside a bracketed list of numbers printed without spaces, after a
      comma, and ``right`` begins with a digit ("shape[64,128,256," / "256]").

    A wrap at a space (a mail client's, a word processor's) leaves none of these: its
    pieces end and begin with whole words, and a line that begins with a dash or a slash
    (an option, a path) is not taken for a cut.  Between two letters (or a letter and a
    digit) the break may be either: see :meth:`Engine._cut`."""
    if not left or not right or len(left) not in CUT_LINE_CHARS or right[0].isspace() \
            or split_prefix(right)[0]:
        return False
    a, b = left[-1], right[0]
    if a.isdigit() and b.isdigit():
        return True
    if a in _INNER and len(left) > 1 and (left[-2:] == "==" or (
            a != "=" and left[-2].isalnum())) and b.isalnum():
        return a != "." or (left[-2].isdigit() and b.isdigit())
    if b in ",;:)]" or a in "([" or (a == b == "="):  # never at a space: "[" / "64,", "=" / "="
        return True
    if a == "," and b.isdigit() and _OPEN_NUMBER_LIST.search(left):
        return True  # inside a list printed without spaces: "shape[64,128,256," / "256]"
    return b in "._" and len(right) > 1 and right[1].isalnum() and a.isalnum()


#: Hard-wrap widths an engine remembers (:meth:`Engine._cut`): one log is wrapped at one
#: width, a paste of two at two.
MAX_CUT_WIDTHS = 4
#: Lines continued on the next at one length that tell a terminal's hard wrap at that width
#: (:meth:`Engine._learn_width`).
MIN_SAME_WIDTH = 3
#: Marks that end a clause before a space: a line that ends with one and a next line that
#: begins with a letter is where a wrap at spaces breaks (a traceback's frame, 'File
#: ".../imp.py", line 242,' / "in load_module"), which a terminal's cut leaves only where the
#: text had no space; such a break tells no terminal's width (:meth:`Engine._learn_width`).
_CLAUSE_END = frozenset(",;:.!?")
#: At a narrower terminal's length (:data:`~tfgpu.logs.reader.NARROW_WRAP_CHARS`) twice
#: :data:`MIN_SAME_WIDTH` lines tell it: a wrap at spaces leaves three lines of one length
#: there too often ("... Quadro K2000M," / "pci bus id: ... with Cuda" / "compute capability
#: 3.0. ... Cuda capability", 60 each).
MIN_SAME_NARROW_WIDTH = 2 * MIN_SAME_WIDTH


#: Reads of a value up to a line's end that a break between two letters or digits may have
#: cut, kept until the log's end tells (:meth:`Engine._settle`); one more settles the oldest.
MAX_UNDECIDED = 16


#: Characters a match may end before its line's end and still be held back for the next line
#: (:meth:`Engine._fill`): a hard wrap leaves the head of an optional part ("and type") there.
_OPEN_TAIL = 24


#: Widest line a hard wrap leaves (terminals and mail clients wrap at 72 to 132 columns): a
#: match read to the end of a longer line was not cut there, so the next line is not read as
#: the rest of its last group (:func:`_open_end`).
_WRAP_WIDTH = 132


#: Longest keyword piece that :meth:`NeedleIndex.across` checks before giving up on a tail.
_PIECE = 6
#: Line ends whose "=" belongs to a comparison (a version specifier's ">=", "<=", "==", "!=",
#: "~="), never a quoted-printable soft break's: the join keeps it.
_OPERATOR_EQUALS = (">=", "<=", "==", "!=", "~=")

#: Characters of a pending text's template end searched for the head of a keyword across
#: a break (above the longest keyword; twice as many characters of text are read, since
#: templates have no digits).
_LONGEST_TAIL = 80


class NeedleIndex:
    """Which catalogue patterns have a keyword (``needles``) in a line template, exactly as
    ``tuple(p for p in patterns if any(n in template for n in p.needles))`` but without
    testing every pattern's keywords against every new template.

    The keywords that contain no other keyword (the roots, ~400) are indexed by their first
    two characters; a template tests only the roots whose first two characters occur in it
    (one C-level ``set(zip(...))``), then only the keywords containing a root it holds (a
    keyword absent from a template cannot be part of a longer one that is present).  On
    unique 80-character error lines this is ~8x faster than the plain scan; the result, in
    catalogue order, is the same (tests/explain/test_paste_forms.py compares both).

    Attributes:
        patterns: the catalogue indexed.
        position: a pattern's index in ``patterns``, by ``id``.
    """

    __slots__ = (
        "_by_pair",
        "_by_prefix",
        "_children",
        "_longest",
        "_needle_patterns",
        "_pieces",
        "_short",
        "patterns",
        "position",
    )

    def __init__(self, patterns: tuple[Pattern, ...]) -> None:
        self.patterns = patterns
        #: a pattern's index in ``patterns``, by ``id``
        self.position = {id(p): i for i, p in enumerate(patterns)}
        needles = sorted({n for p in patterns for n in p.needles})
        held = holders(needles)
        roots = needle_roots(needles)
        self._children = {r: tuple(sorted(held[r])) for r in roots}
        self._by_pair: dict[tuple[str, str], list[str]] = {}
        self._short: list[str] = []  # one-character roots: always tested
        for r in roots:
            if len(r) >= 2:
                self._by_pair.setdefault((r[0], r[1]), []).append(r)
            else:
                self._short.append(r)
        self._needle_patterns: dict[str, list[int]] = {}
        for i, p in enumerate(patterns):
            for n in p.needles:
                self._needle_patterns.setdefault(n, []).append(i)
        #: every keyword's non-empty heads -> the keywords that begin with it
        self._by_prefix: dict[str, list[str]] = {}
        for n in needles:
            for k in range(1, len(n) + 1):
                self._by_prefix.setdefault(n[:k], []).append(n)
        self._longest = max(map(len, needles), default=0)
        #: every piece of a keyword up to :data:`_PIECE` characters long (~36,000 strings)
        self._pieces = {n[i:i + k] for n in needles for k in range(1, _PIECE + 1)
                        for i in range(len(n) - k + 1)}

    def lookup(self, template: str) -> tuple[Pattern, ...]:
        """The patterns, in catalogue order, one of whose needles ``template`` contains."""
        pairs = set(pairwise(template)).intersection(self._by_pair)
        hit = [r for k in pairs for r in self._by_pair[k] if r in template]
        hit += [r for r in self._short if r in template]
        if not hit:
            return ()
        found = set(hit)
        for r in hit:
            found.update(c for c in self._children[r] if c in template)
        index = sorted({i for n in found for i in self._needle_patterns[n]})
        return tuple(self.patterns[i] for i in index)

    def across(self, left: str, right: str, tail: int) -> set[int]:
        """The indexes (in :attr:`patterns`) of the patterns one of whose keywords occurs in
        the template ``left + right`` beginning in ``left`` and holding at least ``tail``
        characters of ``right`` (0 or 1): the keywords a join of two lines brings that
        neither line holds (with ``left`` ending in the joining space, ``tail`` 0).

        Work: one dictionary look-up per character of ``left``'s tail while that tail is a
        piece of some keyword (on most breaks a few characters; at most :attr:`_longest`,
        73)."""
        out: set[int] = set()
        by_prefix, pieces = self._by_prefix, self._pieces
        for k in range(1, min(len(left), self._longest) + 1):
            head = left[-k:]
            if k <= _PIECE and head not in pieces:
                break  # no keyword holds it, nor any longer tail of ``left``
            ends = by_prefix.get(head)
            if ends is None:
                continue
            for n in ends:
                if len(n) - k >= tail and right.startswith(n[k:]):
                    out.update(self._needle_patterns[n])
        return out


#: The needle index last built (one entry), for :func:`_index`.
_INDEXED: list[NeedleIndex] = []


def _index(patterns: tuple[Pattern, ...]) -> NeedleIndex:
    """The needle index of ``patterns`` (~30 ms to build): built on the first line an engine
    reads, not at import, and again only for another pattern tuple (a test's extended one);
    matched by identity, so a lookup costs no hashing of the catalogue."""
    if not _INDEXED or _INDEXED[0].patterns is not patterns:
        _INDEXED[:] = [NeedleIndex(patterns)]
    return _INDEXED[0]


#: A match held back for the next line: (pattern, joined text, match, (pattern name, the
#: part of the last line it takes in), the lines joined as ``Hit.parts``).
_Deferred = tuple[Pattern, str, "re.Match[str]", tuple[str, str], tuple[tuple[int, str], ...]]


class _Pending:
    """A line that does not end a sentence and holds the keyword of catalogue patterns that
    did not match it: they are tried again on it joined with the next line(s)."""

    __slots__ = ("deferred", "first", "joins", "kind", "last", "parts", "patterns", "tail",
                 "texts")

    def __init__(self, line_no: int, text: str, patterns: tuple[Pattern, ...]) -> None:
        self.first = line_no  # the hit is recorded at the message's first line
        self.last = line_no
        self.kind, message = split_prefix(text)  # a next line's prefix must be of this kind
        #: the joined texts tried (the line alone at first; it keeps its own prefix)
        self.texts: tuple[str, ...] = (text,) if message is text else (text, message)
        #: the last line joined (its template's end is where a keyword across the next
        #: break begins: :meth:`Engine._across`)
        self.tail = text
        self.patterns = patterns
        self.joins = 0
        #: the lines joined so far, each ``(line number, its own text)`` (Hit.parts)
        self.parts: tuple[tuple[int, str], ...] = ((line_no, text),)
        #: matches that ran to the end of the joined text: the next line may lengthen them
        #: (a group up to the line's end, "dlerror: libnvrtc.so.11.1: cannot open shared" /
        #: "object file: ..."); recorded once it does not, or when the message ends
        self.deferred: list[_Deferred] = []


def _from_match(parts: tuple[tuple[int, str], ...], joined: str,
                start: int) -> tuple[tuple[tuple[int, str], ...], int]:
    """``parts`` (the lines joined into ``joined``, in order) from the one the match that
    begins at ``start`` of ``joined`` begins on, and where that line's words begin in
    ``joined``: each later line's message (without its prefix) is found in ``joined`` after
    the one before; a line not found ends the search."""
    pos, first = 0, 0
    for i in range(1, len(parts)):
        message = split_prefix(parts[i][1])[1].strip()
        at = joined.find(message[:24], pos + 1) if message else -1
        if at < 0 or at > start:
            break
        pos, first = at, i
    return parts[first:], pos


def _cut_reading(p: Pattern, joined: str, m: re.Match[str],
                 parts: tuple[tuple[int, str], ...]) -> tuple[str, re.Match[str], int] | None:
    """``p``'s match on ``joined`` (the lines ``parts`` joined, ``m``) read again without
    the space put at a break where a named group of ``m`` ends, when that break may have
    cut the group's value and the log cannot tell yet: it falls between two letters or
    digits (:func:`_split_word`) after a line as long as a hard wrap leaves, and read
    without the space the group goes on past it (a terminal's "... cuInit: CUDA_ERROR_C"
    / "OMPAT_NOT_SUPPORTED_ON_DEVICE").  Returns the text read so, its match and the
    length of the line before the break; ``None`` when no such break."""
    pos = 0
    for i in range(1, len(parts)):
        left = parts[i - 1][1].rstrip()
        raw = parts[i][1]  # a wrap just before a space keeps the space on this line
        message = split_prefix(raw)[1].strip()
        at = joined.find(message[:24], pos + 1) if message else -1
        if at < 1:
            return None
        pos, brk = at, at - 1
        if joined[brk] != " " or len(left) not in CUT_LINE_CHARS \
                or not _split_word(left, raw) or not m.start() < brk <= m.end():
            continue
        ends = [k for k, v in m.groupdict().items() if v is not None and m.end(k) == brk]
        if not ends:
            continue
        alt = (joined[:brk] + joined[brk + 1:])[:MAX_JOINED_CHARS]
        m3 = p.regex.search(alt)
        if m3 is not None and m3.start() == m.start() and _reads_on(m, m3, ends, brk):
            return alt, m3, len(left)
    return None


def _reads_on(m: re.Match[str], m2: re.Match[str], ends: list[str], brk: int) -> bool:
    """Whether ``m2`` (the same pattern's match from the same place on the text read without
    the space at ``brk``) reads one of the groups ``ends`` of ``m`` (those that end at
    ``brk``) on past it, and leaves no group of ``m`` empty (a reading that loses one, "...
    device:GPU:0by" with no allocator, is not the message's)."""
    return all(m2.group(k) is not None for k, v in m.groupdict().items() if v is not None) \
        and any(m2.group(k) is not None and m2.end(k) > brk for k in ends)


def _may_go_on(m: re.Match[str], joined: str) -> bool:
    """Whether the next line may lengthen the match ``m`` on the ``joined`` text: it ran to
    the text's end, or it stopped within :data:`_OPEN_TAIL` characters of it with an optional
    group left empty (a wrap cut that part's head off: "... and type float on" /
    "/job:localhost/.../device:CPU:0 by allocator cpu")."""
    return m.end() >= len(joined) or (len(joined) - m.end() <= _OPEN_TAIL
                                      and None in m.groupdict().values())


def _groups(m: re.Match[str]) -> dict[str, str]:
    """The named groups that took part in ``m``.  A group named ``<name>__pinned`` (a
    message that names an exact release without a specifier: uv's "`tensorflow` (v2.15.0)")
    also gives group ``<name>`` its text after ``==``, the form the readers of a requirement's
    ``spec`` group take."""
    out = {k: v for k, v in m.groupdict().items() if v is not None}
    for k, v in list(out.items()):
        if k.endswith("__pinned"):
            out.setdefault(k[: -len("__pinned")], "==" + v)
    return out


def _open_end(m: re.Match[str]) -> bool:
    """Whether ``m`` ran to the end of its line with a named group that ends there: a
    reason or a path read to the line's end, which a hard wrap may have cut ("dlerror:
    libcuda.so.1: cannot" / "open shared object file: ...")."""
    end = m.end()
    return end > m.start() and end >= len(m.string.rstrip()) and any(
        v is not None and m.end(k) == end for k, v in m.groupdict().items())


def _reads_more(m: re.Match[str], own: Pattern, text: str, message: str) -> bool:
    """Whether the match ``m`` on a joined text fills a named group that ``own`` (a pattern
    of the same name that matched the next line ``text`` alone, or its ``message`` without
    the prefix) leaves empty there."""
    alone = own.regex.search(text) or own.regex.search(message)
    have = {k for k, v in alone.groupdict().items() if v is not None} if alone else set()
    return any(v is not None and k not in have for k, v in m.groupdict().items())


class _Prev:
    """The line before the current one, when it does not end a sentence (see
    :meth:`Engine._wrap_join`): its number, text, prefix kind and looked-up patterns."""

    __slots__ = ("kind", "line", "pats", "text")

    def __init__(self, line_no: int, text: str, pats: tuple[Pattern, ...]) -> None:
        self.line = line_no
        self.text = text
        self.kind = split_prefix(text)[0]
        self.pats = pats


class Engine:
    """Feed cleaned lines in input order; read :attr:`hits` afterwards.

    A message wrapped over several lines (a terminal's or an issue tracker's line breaks:
    "File format not supported:" / "filepath=..." / "Keras 3 only supports ...") is matched
    on the joined lines: when a line holds a pattern's keyword but the pattern does not
    match it, and the line does not end with terminal punctuation, the pattern is tried
    again on the line joined with the next one (up to :data:`MAX_FOLLOW_LINES` more lines,
    :data:`MAX_JOINED_CHARS` characters).  A break between two letters or digits may cut a
    word ("Cuda c" / "ompute capability"): the join is then also tried without the space,
    as it is without a line-ending ``=`` (an e-mail's quoted-printable soft break:
    "version 535.247.0=" / "1, but"); at most :data:`MAX_JOIN_VARIANTS` texts.  A next
    line with a collector's prefix ("Aug 26 14:08:07 host kernel: ", "[ 7386.259769] ", an
    RFC 3339 time) continues only a line with the same kind of prefix, and is joined
    without it.  Each line is joined at most that many times, so the work stays linear in
    the input; memory is at most :data:`MAX_PENDING` pending lines.  Several lines may be
    pending at once (a message hard-wrapped over four lines whose middle lines hold keywords
    of their own), a keyword across a break starts a pending message at the line before it,
    and a match that runs to the end of the joined text waits for the next line, which may
    lengthen it (a reason read to the line's end), before it is recorded.

    A line with such a prefix, or quoted ("> "), or behind a line-number gutter, is also
    matched without it when a pattern does not match it whole (anchored patterns such as
    ``^\\s*Illegal instruction``); see :func:`tfgpu.facts.line_prefix.split_prefix`.
    """

    def __init__(self) -> None:
        self.hits: dict[str, Hits] = {}
        self._templates: dict[str, tuple[Pattern, ...]] = {}
        self._template_bytes = 0
        #: lines still joined to the next ones, oldest first (each for at most
        #: :data:`MAX_FOLLOW_LINES` joins; at most :data:`MAX_PENDING` at once)
        self._pending: list[_Pending] = []
        #: the line before, for :meth:`_wrap_join` (one line: the memory stays bounded)
        self._prev: _Prev | None = None
        #: the lines before the current one that continue each other (each a continuation of
        #: the one before, none ending a sentence), oldest first, at most
        #: :data:`MAX_FOLLOW_LINES`: a message may begin several lines above its keyword
        self._chain: list[tuple[int, str]] = []
        self.lines_fed = 0
        self._folder = Folder()  # the tolerant pass for retyped lines (tfgpu.logs.fold)
        #: (pattern name, the part of the current line) a join hit of the line before took
        #: in: the same pattern matching inside it on the line alone is that message again
        self._covered: list[tuple[str, str]] = []
        #: the joined texts a pending line's join matched on into the current line, each
        #: ``(joined text, where the current line's part begins, where the match ends)``
        #: (:meth:`_read_twice`; at most one per pending pattern of this line)
        self._taken: list[tuple[str, int, int]] = []
        #: the current line's own matches, each ``(pattern, the hit recorded or None while
        #: it is held for the next line, text read, match, the pattern's last hit before
        #: it)``: a join of the line before that takes their words in may drop them again
        #: (:meth:`_drop_read_twice`)
        self._own: list[tuple[Pattern, Hit | None, str, re.Match[str], Hit | None]] = []
        #: hits of the line before whose optional groups its next line may fill (_fill)
        #: (pattern, line, text read, match, Hit.before, the lines joined so far, the hit
        #: already recorded for it: a match read to its line's end is recorded at once and
        #: replaced in place when the next line lengthens it, so the hits keep their order)
        self._held: list[tuple[Pattern, int, str, re.Match[str], str,
                               tuple[tuple[int, str], ...], Hit | None]] = []
        #: (tail template, 0 or 1) -> :meth:`NeedleIndex.across` of it and the current line
        self._across_memo: dict[tuple[str, int], set[int]] = {}
        #: the line fed last, ``(number, text)``: the break after it may tell a hard wrap's
        #: width (:meth:`_learn_width`)
        self._last: tuple[int, str] | None = None
        #: how many lines of each length (of :data:`CUT_LINE_CHARS`) the next line
        #: continued (at most 93 entries)
        self._continued: dict[int, int] = {}
        #: the lengths of lines this log shows cut inside a token (:func:`_cuts_token`): its
        #: hard wrap's width, at most :data:`MAX_CUT_WIDTHS`
        self._cut_widths: set[int] = set()
        #: narrow lengths (:data:`~tfgpu.logs.reader.NARROW_WRAP_CHARS`) a token cut was seen
        #: at once: a second cut at one of them tells the wrap's width (at most 24 entries)
        self._narrow_cuts: set[int] = set()
        #: values read up to a line's end that the next line may go on (a break between two
        #: letters or digits at a length a hard wrap leaves, before this log showed its wrap):
        #: (pattern, the hit recorded, the hit read joined without the space, the line's
        #: length), settled by :meth:`_settle` once the log's wrap width is known
        self._undecided: list[tuple[Pattern, Hit, Hit, int]] = []

    def facts(self) -> LogFacts:
        """What was fed so far, as :class:`LogFacts` (the engine's records, not copies).
        Ends the lines still joined to the next ones: call it once all lines are fed."""
        if self._held:
            self._fill(0, "")
        for pend in self._pending:
            self._flush(pend)
        while self._undecided:
            self._settle(*self._undecided.pop(0))
        return LogFacts(hits=self.hits, lines_fed=self.lines_fed)

    def _settle(self, p: Pattern, hit: Hit, whole: Hit, width: int) -> None:
        """Settle a value read up to its line's end where the next line went on without a
        space (``hit``; ``whole`` is the same match read across the break without the
        space, its value longer): at a width this log shows its hard wrap cut, anywhere in
        it (:meth:`_learn_width`: a token cut there, or several lines continued at it), the
        value was cut ("CUDA_ERROR_C" / "OMPAT_NOT_SUPPORTED_ON_DEVICE") and ``whole``
        replaces ``hit``; otherwise the break is read as a wrap at a space (a mail client's,
        which keeps whole words) and ``hit`` stands."""
        if width in self._cut_widths:
            self._replace(p, hit, whole)

    def _defer(self, p: Pattern, hit: Hit, whole: Hit, width: int) -> None:
        """Keep ``hit`` undecided until the log's end (:meth:`_settle` then reads it, with
        ``whole`` and ``width``); past :data:`MAX_UNDECIDED` the oldest is settled now."""
        self._undecided.append((p, hit, whole, width))
        if len(self._undecided) > MAX_UNDECIDED:
            self._settle(*self._undecided.pop(0))

    def _flush(self, pend: _Pending) -> None:
        """Record the matches ``pend`` held back for a next line that did not come (each
        was the only claim of its message when it was held back)."""
        for p, joined, m, _, parts in pend.deferred:
            self._record(p, pend.first, joined, m, parts=parts)
        pend.deferred = []

    def feed(self, line_no: int, text: str) -> None:
        """Match one cleaned line against the catalogue.

        Args:
            line_no: 1-based line number.
            text: the line without its newline, already cleaned (see ``clean_line``).
        """
        self.lines_fed += 1
        self._covered.clear()
        self._taken.clear()
        self._own.clear()
        self._across_memo.clear()
        last, self._last = self._last, (line_no, text)
        if last is not None and last[0] == line_no - 1 and len(self._cut_widths) < MAX_CUT_WIDTHS:
            self._learn_width(last[1], text)
        template = template_of(text)
        if self._held:
            self._fill(line_no, text)
        if self._pending:
            pending, self._pending = self._pending, []
            for pend in pending:
                self._join(pend, line_no, text, template)
        pats = self._templates.get(template)
        if pats is None:
            pats = _index(PATTERNS).lookup(template)
            if all(p.name in CONTEXT_ONLY for p in pats):
                pats = ()  # context patterns only read lines selected for another reason
            size = sys.getsizeof(template) + 100  # + dict slot and tuple
            if self._template_bytes + size > MAX_TEMPLATE_BYTES:
                self._templates.clear()
                self._template_bytes = 0
            self._templates[template] = pats
            self._template_bytes += size
        known = False  # a catalogue entry matched this line (PATTERNS puts tell.* last)
        failed: list[Pattern] = []
        message: str | None = None  # the line without its prefix, computed once if needed
        lead: str | None = None  # Hit.before, computed once if a pattern matches
        for p in pats:
            if known and p.name.startswith(TELLING_PREFIX):
                continue  # telling lines are the ones no catalogue entry explains
            m = p.regex.search(text)
            read = text  # the text ``m`` is a match on
            if m is None:
                if message is None:
                    message = split_prefix(text)[1]
                if message is not text:
                    m = p.regex.search(message)
                    read = message
            if m is not None and source_template(m.groupdict()):
                m = None  # a format string of the program's source: no message, no values
            if m is None:
                if not p.name.startswith(NOT_EXPLAINING):
                    failed.append(p)
                continue
            if not p.name.startswith(NOT_EXPLAINING):
                known = True
            if self._covered and any(name == p.name and m.group(0) in part
                                     for name, part in self._covered):
                continue  # the message a join just recorded at its first line, not again
            if self._taken and self._read_twice(p, text, read, m, self._taken):
                continue  # the words a join took in, read again as a message of their own
            if lead is None:
                lead = self._lead(line_no, text)
            rec = self.hits.get(p.name)
            before = None if rec is None else rec.last
            done = None
            if len(text) <= MAX_LINE_CHARS and continues(text) and (
                    len(text) - m.end() <= _OPEN_TAIL and None in m.groupdict().values()):
                self._held.append((p, line_no, text, m, lead, ((line_no, text),), None))
            elif len(text) <= _WRAP_WIDTH and continues(text) and _open_end(m):
                done = self._record(p, line_no, text, m, lead)  # the next line may lengthen it
                self._held.append((p, line_no, text, m, lead, ((line_no, text),), done))
            else:
                done = self._record(p, line_no, text, m, lead)
            self._own.append((p, done, read, m, before))
        if failed and not known:  # only adds hits: the exact pass's are kept as they are
            self._fold(line_no, text, template, failed, pats, message)
        prev, self._prev = self._prev, None
        if prev is not None:
            self._wrap_join(prev, line_no, text, pats, failed)
        chain, self._chain = self._chain, []
        if failed and len(chain) >= 2 and chain[-1][0] == line_no - 1:
            self._reach_back(chain, line_no, text, failed)
        if failed and self._covered:
            # a message an older line's join took this line's start into is not begun again
            # here (a wrapped "Could not load ... 'libX'; dlerror: libY: cannot open" once)
            taken = {name for name, _ in self._covered}
            failed = [p for p in failed if p.name not in taken]
        if failed and continues(text):
            self._pending.append(_Pending(line_no, text, tuple(failed)))
        elif failed and len(text) <= MAX_LINE_CHARS:
            # the line ends a sentence, but a message of two sentences may go on on the next
            # line ("... compute capability 5.2." / "The minimum required ... is 6.0.")
            spans = tuple(p for p in failed if p.spans_sentences)
            if spans:
                self._pending.append(_Pending(line_no, text, spans))
        while len(self._pending) > MAX_PENDING:  # a message begun before goes on first
            self._flush(self._pending.pop())
        if len(text) <= MAX_LINE_CHARS and continues(text):
            self._prev = _Prev(line_no, text, pats)
            if chain and chain[-1][0] == line_no - 1 \
                    and continuation_of(split_prefix(chain[0][1])[0], text) is not None:
                self._chain = [*chain[-(MAX_FOLLOW_LINES - 1):], (line_no, text)]
            else:
                self._chain = [(line_no, text)]

    def _read_twice(self, p: Pattern, text: str, read: str, m: re.Match[str],
                    taken: list[tuple[str, int, int]]) -> bool:
        """Whether ``m``, the match of ``p`` on the current line ``text`` alone (on ``read``:
        ``text`` or its message without the prefix), reads again words that a join of the
        lines before took in (``taken``: each ``(joined text, where this line's part begins
        in it, where the join's match ends)``) as a message that the line unwrapped would
        not give: the match begins inside the words the join took in, and on the joined
        text (the line as it was before the wrap) ``p`` finds no match that reaches this
        line, or finds one begun on the line before while a join recorded that pattern
        already.  A hard wrap at a space that leaves "CUDA_ERROR_OUT_OF_MEMORY: out of
        memory" alone on its line after "Failed to load in-memory CUBIN:" reads there no
        bare out-of-memory result of its own: unwrapped, the words are the module load's
        status.  Work: one regex search per joined text, only for matches on such words."""
        words = split_prefix(text)[1].strip()
        base = read.find(words) if words else -1
        if base < 0:
            return False
        at = m.start() - base  # where the match begins in the line's words
        covered = {name for name, _ in self._covered}
        for joined, cut, end in taken:
            if at >= len(joined[cut:end].lstrip()):
                continue  # after the words the join took in: the line's own message
            whole = p.regex.search(joined)
            if whole is None or whole.end() <= cut:
                return True
            if whole.start() < cut and p.name in covered:
                return True
        return False

    def _drop_read_twice(self, text: str, joined: str, cut: int, end: int) -> None:
        """Take back the current line's own hits (:attr:`_own`, on ``text`` alone) that read
        again the words a join of the line before just took in (``joined[cut:end]``, found
        after them by :meth:`_wrap_join`) as a message the line unwrapped would not give
        (:meth:`_read_twice`): its count, evidence and key are as if never recorded, and it
        is no longer held for the next line (:meth:`_fill`)."""
        keep: list[tuple[Pattern, Hit | None, str, re.Match[str], Hit | None]] = []
        for own in reversed(self._own):  # the latest first: each restores the last before it
            p, hit, read, m, before = own
            if not self._read_twice(p, text, read, m, [(joined, cut, end)]):
                keep.append(own)
                continue
            self._held = [h for h in self._held if h[3] is not m]
            if hit is None:
                continue
            rec = self.hits[p.name]
            rec.count -= 1
            rec.first = [h for h in rec.first if h is not hit]
            if rec.last is hit:
                rec.last = before
            rec.by_key = {k: h for k, h in rec.by_key.items() if h is not hit}
            rec.set_recent(h for h in rec.recent if h is not hit)
            if not rec.count:
                del self.hits[p.name]
        self._own = keep[::-1]

    def _wrap_join(self, prev: _Prev, line_no: int, text: str, pats: tuple[Pattern, ...],
                   failed: list[Pattern]) -> None:
        """A message wrapped where neither piece holds its keyword whole, or where the keyword
        is on the second piece only (a paste's hard wrap: "failed call to cuDevicePrimary" /
        "CtxRetain: CUDA_ERROR_OUT_OF_MEMORY"; "failed to enable" / "peer access from ...").

        ``text`` (line ``line_no``) is joined to ``prev`` (the line just before, which does
        not end a sentence) only when ``text`` does not start a new log record
        (:func:`continuation_of`); a break between two letters or digits is joined also
        without the space.  The catalogue patterns whose keyword the joined text holds are
        tried on it, except those the line before already looked up (its matches, and its
        failures, which :class:`_Pending` joins) and those that matched ``text`` alone
        (``pats`` minus ``failed``; by name: another wording of the same kind that ``text``
        gives alone is that line's own message): a hit counts only when its match begins on
        the line before and ends on ``text``, so neither piece matches alone.  Recorded at
        the line before, with the joined text and the two lines as its parts.  Work: at most
        two needle look-ups and their regexes per line that follows a line not ending a
        sentence; memory: one line.
        """
        if line_no - prev.line != 1 or not text:
            return
        message = continuation_of(prev.kind, text)
        if message is None:
            return
        message = message.strip()
        if not message:
            return
        skip = set(map(id, prev.pats))
        skip.update(id(p) for p in pats if p not in failed)
        # a message ``text`` alone gives under the same name (another wording of one kind:
        # the shell's "Killed" on its own line under a progress bar) is that line's own,
        # unless the join reads more of it (a named group the line alone leaves empty)
        alone = {p.name: p for p in pats if p not in failed}
        cut = len(prev.text)
        # A pattern whose keyword lies in ``prev`` alone is in ``prev.pats`` (or context
        # only); one whose keyword lies in ``message`` alone is in ``pats`` (skipped unless
        # it failed on ``text``): only the failed ones and the keywords across the break are
        # new, so the joined text is not looked up whole (issue 11: 3 look-ups a line).
        index = _index(PATTERNS)
        left = template_of(prev.text[-2 * _LONGEST_TAIL:])[-_LONGEST_TAIL:]  # see _across
        # with the space first: a break where the wrap dropped a space is read as one (the
        # quoted text stays the log's words); the break inside a word only when that fails
        joins = [(prev.text + " " + message, left + " ", 0)]
        if self._cut(prev.text, text):  # a token cut by the wrap: only read whole
            joins = [(prev.text + message, left, 1)]
        elif _split_word(prev.text, message):
            joins.append((prev.text + message, left, 1))
        unmatched: dict[int, Pattern] = {}  # tried on the joined text, no match yet
        deferred: list[_Deferred] = []
        goes_on = continues(text)
        parts = ((prev.line, prev.text), (line_no, text))
        right = template_of(message)
        for joined, head, tail in joins:
            joined = joined[:MAX_JOINED_CHARS]
            found = self._across_memo.get((head, tail))
            if found is None:  # (the pending lines' joins may have searched this break)
                found = self._across_memo[head, tail] = index.across(head, right, tail)
            found = set(found)
            if failed:
                whole = head + right
                found.update(index.position[id(p)] for p in failed
                             if any(n in whole for n in p.needles))
            for i in sorted(found):
                p = index.patterns[i]
                if id(p) in skip or p.name in CONTEXT_ONLY or (
                        p.name.startswith(NOT_EXPLAINING) and p.name not in JOINED_TELLING):
                    continue
                m = p.regex.search(joined)
                # begins on the line before; it may end there too: the line before did not
                # look this pattern up (its keyword needs the break: "cuDNN failed to" /
                # "initialize" for a match that ends at "failed")
                if m is not None and m.start() < cut and p.name in alone \
                        and not _reads_more(m, alone[p.name], text, message):
                    skip.add(id(p))
                    unmatched.pop(id(p), None)
                    continue
                if m is not None and m.start() < cut:
                    skip.add(id(p))
                    unmatched.pop(id(p), None)
                    part = (p.name, joined[cut:m.end()])
                    if part in self._covered:
                        continue
                    self._covered.append(part)
                    if self._own and not p.name.startswith(NOT_EXPLAINING):
                        self._drop_read_twice(text, joined, cut, m.end())
                    if goes_on and _may_go_on(m, joined):  # the next line may lengthen it
                        deferred.append((p, joined, m, part, parts))
                    else:
                        self._record(p, prev.line, joined, m, parts=parts)
                else:
                    unmatched[id(p)] = p
        if (unmatched or deferred) and goes_on:  # (only a line that goes on defers)
            # the message may go on: joined on from the line before, as a line holding the
            # keyword would be (a keyword across one break, the rest of the message after
            # the next one; "...so:" / "undefined symbol:" / "_ZNK10tensorflow...")
            tried = (*unmatched.values(), *(d[0] for d in deferred))
            same = next((q for q in self._pending
                         if q.first == prev.line and q.last == line_no), None)
            if same is not None:  # the line before's own message goes on: one pending line
                have = set(map(id, same.patterns))
                same.patterns += tuple(p for p in tried if id(p) not in have)
                same.deferred += deferred
                return
            pend = _Pending(prev.line, prev.text, tried)
            pend.texts = tuple(j[:MAX_JOINED_CHARS] for j, _, _ in joins)
            pend.last, pend.joins, pend.deferred, pend.tail = line_no, 1, deferred, text
            pend.parts = parts
            self._pending.append(pend)

    def _reach_back(self, chain: list[tuple[int, str]], line_no: int, text: str,
                    failed: list[Pattern]) -> None:
        """A message whose keyword stands on ``text`` (line ``line_no``) but which begins two
        or more lines above it (a hard wrap: "...redzone_allocator.cc:321] Profiling" /
        "failure on CUDNN engine 1#TC: ... Allocating 4718624784 bytes" / "exceeds the memory
        limit of 4294967296 bytes."): each pattern of ``failed`` (its keyword on ``text``, no
        match there) that no join took yet is tried on the ``chain`` lines (the lines that go
        on into this one, oldest first) joined with ``text``, from two lines back to the
        chain's start; a match that begins before the line just above is recorded at the
        line it begins on.  Work: at most :data:`MAX_FOLLOW_LINES` - 1 regex searches per
        such pattern, only on lines whose own keyword found no match."""
        message = continuation_of(split_prefix(chain[0][1])[0], text)
        if message is None or not message.strip():
            return
        taken = {name for name, _ in self._covered}
        todo = [p for p in failed if p.name not in taken and p.name not in CONTEXT_ONLY]
        if not todo:
            return
        for k in range(2, len(chain) + 1):
            lines = chain[-k:]
            pieces = [lines[0][1], *(split_prefix(t)[1].strip() for _, t in lines[1:])]
            head = " ".join(pieces)
            joined = f"{head} {message.strip()}"[:MAX_JOINED_CHARS]
            cut = len(head) - len(pieces[-1])  # where the line just above begins
            for p in list(todo):
                m = p.regex.search(joined)
                if m is not None and m.start() < cut and m.end() > len(head):
                    self._covered.append((p.name, joined[len(head) + 1:m.end()]))
                    if self._own:
                        self._drop_read_twice(text, joined, len(head), m.end())
                    self._record(p, lines[0][0], joined, m, parts=(*lines, (line_no, text)))
                    todo.remove(p)
            if not todo:
                return

    def _fold(self, line_no: int, text: str, template: str, failed: list[Pattern],
              pats: tuple[Pattern, ...], message: str | None) -> None:
        """The tolerant pass (:class:`tfgpu.logs.fold.Folder`) on a line the exact pass
        explained nothing on: ``failed`` (and the patterns whose keyword only the line with
        its spaces squeezed holds: "cudnn  handle") tried ignoring case and spacing; hits
        marked retyped.  ``message``: the line without its prefix, if already computed.
        Nothing is looked up once the pass would read nothing (its line bound reached, or
        the template already missed)."""
        if self._folder.skips(template):
            return
        if "  " in template:
            tried = set(map(id, pats))
            failed = failed + [p for p in _index(PATTERNS).lookup(squeeze(template))
                               if id(p) not in tried and p.name not in CONTEXT_ONLY]
        if message is None:
            message = split_prefix(text)[1]
        texts = (text,) if message is text else (text, message)
        # a format string of the program's source is no message in any spelling
        found = [(p, g) for p, g in self._folder.match(template, texts, failed)
                 if not source_template(dict(g))]
        for p, groups in found:
            self._add(p, Hit(line_no, text, groups, retyped=True))
        if found:
            # the retyped message's context words (its status form, the op or Node.js
            # wrapper around it) are retyped with it: the context patterns that missed
            # this line are tried the same way, so that a check reads the message in the
            # form it was printed in (fold.Folder.context)
            ctxs = [p for p in pats if p.name.startswith("ctx.")
                    and not any(p.regex.search(t) for t in texts)]
            for p in self._folder.context(texts, ctxs):
                self._add(p, Hit(line_no, text, {}, retyped=True))

    def _fill(self, line_no: int, text: str) -> None:
        """Record the hits held back for the line after theirs (:data:`_OPEN_TAIL`): each
        with ``text`` (line ``line_no``) joined on when that line continues it (not a new
        record, :func:`continuation_of`) and the joined match, begun at the same place,
        fills a named group the line alone left empty (a hard wrap's "... shape[1024,50257]
        and type" / "float on .../device:CPU:0 by allocator cpu") or lengthens the group
        that ran to the line's end (:func:`_open_end`: "dlerror: libcuda.so.1: cannot" /
        "open shared object file: ..."); else as matched.  A match lengthened so again waits
        for the line after (up to :data:`MAX_FOLLOW_LINES` lines joined: a path list wrapped
        over two more lines, "... tensor" / "with shape[...] and type float on" / "<device>
        by allocator cpu")."""
        held, self._held = self._held, []
        for p, at, prev, m, lead, parts, done in held:
            message = None
            if line_no == parts[-1][0] + 1 and text:
                message = continuation_of(split_prefix(parts[0][1])[0], text)
            if message is not None and message.strip():
                space = "" if self._cut(parts[-1][1], text) else " "  # a token cut: whole
                joined = (prev + space + message.strip())[:MAX_JOINED_CHARS]
                m2 = p.regex.search(joined)
                if m2 is not None and m2.start() == m.start() and m2.end() > len(prev) \
                        and any((v is None and m2.group(k) is not None)
                                or (v is not None and m.end(k) == m.end() and _open_end(m)
                                    and m2.end(k) > len(prev))
                                for k, v in m.groupdict().items()):
                    longer = (*parts, (line_no, text))
                    if done is not None:
                        done = self._replace(p, done, Hit(at, joined, _groups(m2), before=lead,
                                                          parts=longer))
                    if len(longer) <= MAX_FOLLOW_LINES and len(joined) < MAX_JOINED_CHARS \
                            and continues(text) and (
                                (len(text) <= _WRAP_WIDTH and _open_end(m2))
                                or (len(joined) - m2.end() <= _OPEN_TAIL
                                    and None in m2.groupdict().values())):
                        self._held.append((p, at, joined, m2, lead, longer, done))
                    elif done is None:
                        self._record(p, at, joined, m2, lead, longer)
                    continue
                whole = self._read_across(p, prev, m, message, parts[-1][1])
                if whole is not None:
                    if done is None:
                        done = self._record(p, at, prev, m, lead, parts if len(parts) > 1 else ())
                    self._defer(p, done, Hit(at, whole[0], _groups(whole[1]), before=lead,
                                             parts=(*parts, (line_no, text))),
                                len(parts[-1][1]))
                    continue
            if done is None:
                self._record(p, at, prev, m, lead, parts if len(parts) > 1 else ())

    @staticmethod
    def _read_across(p: Pattern, prev: str, m: re.Match[str], message: str,
                     last: str) -> tuple[str, re.Match[str]] | None:
        """``p``'s match on ``prev`` (read up to the end of its last line ``last``) and the
        next line's ``message`` joined without a space, when the break may have cut a value
        and the log cannot tell yet: the break falls between two letters or digits
        (:func:`_split_word`) at a length a hard wrap leaves, a named group of ``m`` ends at
        the line's end, and read without the space that group goes on past the break
        ("failed call to cuInit: CUDA_ERROR_C" / "OMPAT_NOT_SUPPORTED_ON_DEVICE"); else
        ``None``."""
        end = len(prev.rstrip())
        if len(last) not in CUT_LINE_CHARS or not _split_word(last, message) \
                or m.end() < end:
            return None  # (a wrap just before a space keeps it on the next line)
        joined = (prev.rstrip() + message.strip())[:MAX_JOINED_CHARS]
        m3 = p.regex.search(joined)
        if m3 is None or m3.start() != m.start():
            return None
        ends = [k for k, v in m.groupdict().items() if v is not None and m.end(k) == end]
        return (joined, m3) if _reads_on(m, m3, ends, end) else None

    def _learn_width(self, left: str, right: str) -> None:
        """Learn the width of this log's hard wrap from the break between the line ``left``
        (fed last) and the line ``right`` (fed now), when ``right`` continues it: a break
        that cuts a token (:func:`_cuts_token`), or :data:`MIN_SAME_WIDTH` or more lines
        continued on the next at one length, at least two thirds of the lines continued
        at a length a hard wrap leaves: a terminal's wrap cuts every piece of a long line
        at one width, a wrap at spaces leaves lines of many lengths.  A break after a mark
        that ends a clause, before a letter (:data:`_CLAUSE_END`), is a wrap at a space's
        and is not counted: a traceback's frames of one file break at one length each time."""
        if continuation_of(split_prefix(left)[0], right) is None:
            return
        n = len(left)
        if _cuts_token(left, right):
            if n in WRAPPED_LINE_CHARS or n in self._narrow_cuts:
                self._cut_widths.add(n)
            else:  # a narrow width: a second cut at it tells (a URL's "/" ends lines too)
                self._narrow_cuts.add(n)
            return
        if n not in CUT_LINE_CHARS:
            return
        if left[-1] in _CLAUSE_END and right[:1].isalpha():
            return  # a break a wrap at spaces leaves ("line 242," / "in load_module")
        counts = self._continued
        counts[n] = counts.get(n, 0) + 1
        need = MIN_SAME_WIDTH if n in WRAPPED_LINE_CHARS else MIN_SAME_NARROW_WIDTH
        if counts[n] >= need and 3 * counts[n] >= 2 * sum(counts.values()):
            self._cut_widths.add(n)

    def _cut(self, left: str, right: str) -> bool:
        """Whether the break between the line ``left`` and the next line ``right`` (both as
        fed) falls inside a token, so the two are read joined without a space: certainly so
        (:func:`_cuts_token`), or on a line as long as this log's hard wrap (a width it
        shows cut inside a token, :meth:`_learn_width`) before a line that does not begin
        with a space: a terminal's wrap keeps a space at the break on the next line, and
        one at the line's end shortens it ("... CUDA_ERROR_C" / "OMPAT_NOT_SUPPORTED_ON_
        DEVICE", "NVIDIA GeFo" / "rce", "/job:localhost" / "/replica:0").  A break between
        letters on a line of another length may be a wrap at a space: both joins are tried,
        with the space first (:meth:`_join`)."""
        if _cuts_token(left, right):
            return True
        return bool(left) and bool(right) and len(left) in self._cut_widths \
            and not right[0].isspace() and not split_prefix(right)[0]

    def _lead(self, line_no: int, text: str) -> str:
        """The line before ``text`` (line ``line_no``) when it may be the start of the same
        message (:attr:`tfgpu.facts.log.Hit.before`): it did not end a sentence and
        ``text`` continues it (:func:`continuation_of`), else ``""``."""
        prev = self._prev
        if prev is None or line_no - prev.line != 1 or continuation_of(prev.kind, text) is None:
            return ""
        return prev.text

    def _record(self, p: Pattern, line_no: int, text: str, m: re.Match[str],
                before: str = "", parts: tuple[tuple[int, str], ...] = ()) -> Hit:
        whole: tuple[str, re.Match[str]] | None = None
        width = 0
        if len(parts) > 1:
            found = _cut_reading(p, text, m, parts)
            if found is not None:
                whole, width = found[:2], found[2]
            # a message joined on from an earlier line is recorded at the line it begins on
            # (the lines before it were joined for another pattern's sake)
            parts, cut = _from_match(parts, text, m.start())
            if parts[0][0] != line_no:
                line_no, before, text = parts[0][0], "", text[cut:]
                if whole is not None:
                    whole = (whole[0][cut:], whole[1])
            if len(parts) == 1:
                parts = ()
        hit = Hit(line_no, text, _groups(m), before=before, parts=parts)
        self._add(p, hit)
        if whole is not None:
            self._defer(p, hit, Hit(line_no, whole[0], _groups(whole[1]), before=before,
                                    parts=parts), width)
        return hit

    def _replace(self, p: Pattern, old: Hit, new: Hit) -> Hit:
        """Put ``new`` where ``old`` (a hit of ``p`` recorded before) stands in its record:
        the same message read further on the next line, in the same place."""
        rec = self.hits[p.name]
        rec.first = [new if h is old else h for h in rec.first]
        rec.set_recent(new if h is old else h for h in rec.recent)
        if rec.last is old:
            rec.last = new
        key = old.groups.get(p.key) if p.key else None
        if key is not None and rec.by_key.get(key) is old:
            new_key = new.groups.get(p.key) if p.key else None
            if new_key == key:
                rec.by_key[key] = new
        return new

    def _add(self, p: Pattern, hit: Hit) -> None:
        groups = hit.groups
        rec = self.hits.get(p.name)
        if rec is None:
            rec = self.hits[p.name] = Hits.keeping(p.recent)
        last = rec.last
        rec.add(hit, groups.get(p.key) if p.key else None)
        if last is not None and hit.line < last.line:
            # a message held back for its next line (see _Pending.deferred) comes after a
            # later line's: the evidence stays in line order, as checks read it
            rec.last = last
            rec.first.sort(key=lambda h: h.line)  # stable: a line's hits keep their order
            rec.set_recent(sorted(rec.recent, key=lambda h: h.line))
            rec.by_key = dict(sorted(rec.by_key.items(), key=lambda kv: kv[1].line))

    def _across(self, pend: _Pending, message: str, cut: bool = False) -> list[Pattern]:
        """The catalogue patterns, not pending yet, one of whose keywords the pending text
        and ``message`` (the next line's) hold across the break, with or without the
        space (:meth:`NeedleIndex.across`; context-only and telling ones left out)."""
        index = _index(PATTERNS)
        right = template_of(message)
        have = set(map(id, pend.patterns))
        found: set[int] = set()
        memo = self._across_memo  # the pending lines of one feed end alike: one search each
        # the head of a keyword across this break lies in the last line joined (a keyword
        # is at most 73 characters; one across a whole short middle line is not searched)
        head = template_of(pend.tail[-2 * _LONGEST_TAIL:])[-_LONGEST_TAIL:]
        keys = ((head + " ", 0), (head, 1)) if _split_word(pend.tail, message) else (
            (head + " ", 0),)
        if cut:
            keys = ((head, 1),)
        for key in keys:
            hit = memo.get(key)
            if hit is None:
                hit = memo[key] = index.across(key[0], right, key[1])
            found |= hit
        out = []
        for i in sorted(found):
            p = index.patterns[i]
            if id(p) not in have and p.name not in CONTEXT_ONLY \
                    and not p.name.startswith(NOT_EXPLAINING):
                out.append(p)
        return out

    def _join(self, pend: _Pending, line_no: int, text: str, template: str) -> None:
        """Try the pending line's unmatched patterns on it joined with ``text`` (the next
        line, whose template is ``template``); keep it pending while the joined text still
        does not end a sentence.  A message an older pending line has just recorded (the same
        pattern, ending at the same place of ``text``) is not recorded again."""
        if line_no - pend.last not in (0, 1):  # 0: pieces of one line (#012)
            self._flush(pend)
            return
        message = continuation_of(pend.kind, text)
        if message is None:
            self._flush(pend)
            return
        message = message.strip()
        joins: dict[str, int] = {}  # joined text -> length of its pending part
        cut = self._cut(pend.tail, text)  # a token cut by the wrap: read whole first
        # a break at a width learned from other lines (not a token cut for certain) may still
        # be a wrap at a space: one message printed several times wraps at one length at the
        # same space each time, which teaches that length (_learn_width); then the join with
        # the space is tried after the whole one
        certain = cut and _cuts_token(pend.tail, text)
        for t in pend.texts:
            if cut:
                joins.setdefault((t + message)[:MAX_JOINED_CHARS], len(t))
                if not certain:
                    joins.setdefault((t + " " + message)[:MAX_JOINED_CHARS], len(t))
                continue
            joins.setdefault((t + " " + message)[:MAX_JOINED_CHARS], len(t))
            if _split_word(t, message):
                joins.setdefault((t + message)[:MAX_JOINED_CHARS], len(t))
            elif (t.endswith("=") and message[:1].isalnum()  # a quoted-printable soft break
                  and not t.endswith(_OPERATOR_EQUALS)):  # not a comparison's own "="
                joins.setdefault((t[:-1] + message)[:MAX_JOINED_CHARS], len(t) - 1)
        texts = list(joins)[:MAX_JOIN_VARIANTS]
        still: list[Pattern] = []
        held = {id(d[0]): d for d in pend.deferred}
        deferred: list[_Deferred] = []
        parts = pend.parts if line_no == pend.last else (*pend.parts, (line_no, text))
        goes_on = pend.joins + 1 < MAX_FOLLOW_LINES and continues(text)
        bare: str | None = None  # ``text`` without its prefix, computed once if needed
        for p in (*pend.patterns, *self._across(pend, message, certain)):
            before = held.get(id(p))  # its match on the shorter join, held back
            if any(n in template for n in p.needles):
                if bare is None:
                    bare = split_prefix(text)[1]
                if p.regex.search(text) is not None or p.regex.search(bare) is not None:
                    if before is not None:  # the held match stands; the line is its own
                        self._record(p, pend.first, before[1], before[2], parts=before[4])
                    continue  # the next line holds the message itself: matched on its own
            for joined in texts:
                m = p.regex.search(joined)
                if m is not None and m.start() < joins[joined]:  # begins on the pending line
                    # the part of ``text`` it takes in: an older pending line's join of the
                    # same message took it in already, or the line's own match is that message
                    part = (p.name, joined[joins[joined]:m.end()])
                    if part in self._covered:
                        break
                    self._covered.append(part)
                    self._taken.append((joined, joins[joined], m.end()))
                    if goes_on and _may_go_on(m, joined):
                        deferred.append((p, joined, m, part, parts))  # the next may go on
                        still.append(p)
                    else:
                        self._record(p, pend.first, joined, m, parts=parts)
                    break
            else:
                if before is not None:  # the longer join does not match: the held one stands
                    self._record(p, pend.first, before[1], before[2], parts=before[4])
                else:
                    still.append(p)
        pend.joins += 1
        pend.deferred = deferred
        if still and goes_on:
            pend.last, pend.texts, pend.patterns = line_no, tuple(texts), tuple(still)
            pend.tail, pend.parts = text, parts
            self._pending.append(pend)
        else:
            self._flush(pend)
