"""Streaming reader: bytes in, candidate log lines out, in bounded memory.

The reader never holds more than one chunk (``CHUNK_BYTES``) plus one partial line
(``MAX_CARRY_BYTES``), and its template cache is bounded in bytes (``MAX_CACHE_BYTES``),
not in entries: 512 MiB of unique 4 KiB lines, or 1 GiB of letters without a newline,
cannot grow it.  To reach tens of MB/s in pure Python it works on whole chunks
with C-speed bytes operations: each chunk is lower-cased with its digits deleted
(``bytes.translate``), split into "templates", de-duplicated with a ``set``, and only the
templates that contain a catalogue keyword (the prefilter, cached across chunks) lead to a
decoded, cleaned line.  Log lines that differ only in timestamps or numbers share one
template, so a repetitive 1 GB log costs a few thousand keyword checks.
"""

from __future__ import annotations

import codecs
import re
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate
from typing import Any, Protocol

from tfgpu.facts.line_prefix import split_prefix, unwrap_markdown
from tfgpu.facts.log import BINARY_SHARE, MAX_FOLLOW_LINES, ReadStats


class ByteSource(Protocol):
    """What the reader reads from: anything with ``read(size) -> bytes`` (``b""`` at the
    end), such as a file opened ``"rb"``, ``sys.stdin.buffer``, or a wrapper that stops
    after a number of bytes (``tfgpu explain``'s input cap)."""

    def read(self, size: int = -1, /) -> bytes:
        """Up to ``size`` bytes (all that is left when negative); ``b""`` at the end."""
        ...


#: Bytes read per chunk.  1 MiB: a chunk of tiny lines (``"ab\n"`` repeated) splits into
#: ~350,000 objects, ~30 MiB while it is processed; 4 MiB chunks made that ~120 MiB.
CHUNK_BYTES = 1024 * 1024
#: A line longer than this without a newline is cut into pieces of this size.
MAX_CARRY_BYTES = 1024 * 1024
#: Longest line text kept for matching and evidence, in characters.
MAX_LINE_CHARS = 2048
#: Bytes of templates the prefilter cache holds before it is cleared (keys are at most
#: ``2 * MAX_SCAN_BYTES + 1`` bytes each, plus ~100 bytes of bookkeeping per entry).
MAX_CACHE_BYTES = 8 * 1024 * 1024
#: Bookkeeping bytes counted per cache entry (dict slot, bytes header, int).
_ENTRY_OVERHEAD = 100
#: Only this many bytes of a line's template are searched for keywords (bounded prefix).
MAX_SCAN_BYTES = 16 * 1024
#: A candidate line template (same text up to digits) is matched this many times; later
#: repeats are counted as skipped (evidence keeps the first ones, counts become "at least").
#: The pieces of a line split at ``\r`` (progress bars) follow the same rule (:func:`line_texts`).
MAX_REPEATS = 8

#: The start of a new log record: a timestamp, a glog prefix, a traceback line, a shell
#: prompt, a log-level word ("ERROR: " as pip, Python's logging and many tools print it), a
#: Python exception line ("ImportError: ...", "tensorflow...InternalError: ..."; the colon
#: ends the line when a hard wrap broke at the space after it), the node a TensorFlow error
#: names on a line of its own ("\t [[Node: x = Op[...]]", "\t [[{{node x}}]]"), or a
#: program naming itself before an error ("docker: Error response from daemon").
_NEW_RECORD_RE = re.compile(
    # ("[123.4] ..." starts a record; "[512,512,3]." a shape, a wrapped message's rest, not)
    r"^\s*(?:\d{4}-\d\d-\d\d[ T]|[IWEF]\d{4} |Traceback \(|File \"|\$ |>>> |#\s|\[\d(?!\d*,)"
    r"|[IWEF] ?[\w/.+-]{1,200}\.(?:cc|cpp|c|h):\d{1,6}\]"
    r"|(?:ERROR|WARNING|INFO|DEBUG|CRITICAL|FATAL|NOTICE):(?: |$)"
    r"|(?:[A-Za-z_]\w{0,60}\.){0,8}[A-Z]\w{0,60}(?:Error|Exception|Warning):(?: |$)"
    r"|[a-z][\w-]{0,30}: [Ee]rror\b|PS [A-Z]:\\[^>\n]{0,200}> "
    r"|\[\[(?:Node: |\{\{node ))"
)


#: Lengths of a line that a hard wrap may have cut (terminals and mail clients wrap at 72 to
#: 132 columns; the piece before the break is at most that long and seldom much shorter):
#: such a line may go on past a sentence end, since a wrap breaks between sentences too
#: ("... cudaGetDevice() failed." / "Status: initialization error").
WRAPPED_LINE_CHARS = range(64, 133)
#: Lengths of a line a narrower terminal (a split pane, a small window: 40 to 63 columns)
#: leaves: read as a wrap's piece only where the break itself shows a cut (inside a number,
#: a path, an identifier: :func:`tfgpu.logs.engine._cuts_token`); a full stop there ends a
#: sentence unless a digit is before it ("compiled with: 8." / "6.0.", a version cut).
NARROW_WRAP_CHARS = range(40, 64)


def continues(text: str) -> bool:
    """Whether a line may continue on the next one: its text does not end with terminal
    punctuation (``.``, ``!``, ``?``), or it ends with a full stop at a length a hard wrap
    leaves (:data:`WRAPPED_LINE_CHARS`; at a narrower terminal's length,
    :data:`NARROW_WRAP_CHARS`, after a digit).  A wrapped message ("File format not
    supported:" then "filepath=...") is matched on the joined lines; see
    :class:`tfgpu.logs.engine.Engine`."""
    end = text.rstrip()
    return bool(end) and (end[-1] not in ".!?" or (
        end[-1] == "." and (len(end) in WRAPPED_LINE_CHARS or (
            len(end) in NARROW_WRAP_CHARS and end[-2:-1].isdigit()))))


def starts_record(text: str) -> bool:
    """Whether a line starts a new log record (a timestamp, a glog prefix, a traceback, a
    shell prompt), so it is not the continuation of the line before."""
    return _NEW_RECORD_RE.match(text) is not None


class FollowState:
    """Lines still to pass on after a candidate line that :func:`continues` (across chunks).

    Attributes:
        left: how many of the next lines are passed on (at most :data:`MAX_FOLLOW_LINES`).
        kind: the prefix kind of the candidate line (see :func:`split_prefix`): a next line
            with a prefix continues it only when its prefix is of the same kind.
    """

    __slots__ = ("kind", "left")

    def __init__(self) -> None:
        self.left = 0
        self.kind = ""

    def after_candidate(self, text: str | None) -> None:
        """A candidate line was yielded (its last text, or ``None`` when none was)."""
        self.left = MAX_FOLLOW_LINES if text is not None and continues(text) else 0
        self.kind = split_prefix(text)[0] if self.left and text is not None else ""

    def next_line(self, raw: bytes, anchors: tuple[bytes, ...]) -> str | None:
        """The text of a non-candidate line to pass on, or ``None`` (and stop following)."""
        self.left -= 1
        text = clean_line(raw, anchors)
        if not text or continuation_of(self.kind, text) is None:
            self.left = 0
            return None
        if not continues(text):
            self.left = 0
        return text


def continuation_of(kind: str, text: str) -> str | None:
    """The message part of ``text`` when it may continue a line whose prefix kind is
    ``kind``, else ``None``.

    A line with no prefix continues any line unless it starts a new record (an indented
    "NVRM: ..." under a journald or dmesg line); a line with a prefix continues only a line
    with the same kind of prefix (the next kernel line of one message, a quoted paste's next
    line), and only when its message does not start a new record.
    """
    own, message = split_prefix(text)
    if own and own != kind and not kind.startswith(own + "+"):
        return None  # "> " continues "> [ 7386.2] " (a quoted dmesg's indented lines)
    if starts_record(message):
        return None
    return message


_DIGITS = b"0123456789"
_LOWER = bytes(range(256)).translate(
    bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ\t", b"abcdefghijklmnopqrstuvwxyz ")
)
_ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-Z\\-_]")
#: A colour code (SGR) without its ESC, as pasted from a notebook or a web terminal.
_ORPHAN_SGR_RE = re.compile(r"\[(?:\d{1,3}(?:;\d{1,3}){0,8})?m")
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
#: A path a notebook front end (JupyterLab) rendered as a link to its own local server,
#: copied as Markdown: "[/device](http://127.0.0.1:8899/device):GPU:0" -> "/device:GPU:0".
_LOCAL_LINK_RE = re.compile(
    r"\[([^\[\]\n]{1,300})\]\(https?://(?:127\.0\.0\.1|localhost)(?::\d{1,5})?/[^()\s]{0,400}\)")


def template_of(text: str) -> str:
    """Return the prefilter template of a text line: lower case, digits deleted, tabs as
    spaces (a message pasted with tabs between its words still holds its keywords)."""
    return text.lower().translate(_STR_NO_DIGITS)


_STR_NO_DIGITS = str.maketrans("\t", " ", "0123456789")


def _decode(raw: bytes) -> str:
    """UTF-8, else GBK/cp936 when the bytes are valid GBK holding CJK text, else latin-1.

    Chinese Windows consoles (code page 936) print system messages such as
    ``DLL load failed: 找不到指定的模块。`` in GBK; latin-1 would turn them into mojibake.
    """
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        text = raw.decode("gbk")
    except UnicodeDecodeError:
        return raw.decode("latin-1")
    if any("\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" for ch in text):
        return text
    return raw.decode("latin-1")


#: Ray's log deduplication (ray-project/ray ``python/ray/_private/ray_logging/__init__.py``,
#: Ray 2.4+, on by default): a line repeated by several workers is printed once with
#: " [repeated 3x across cluster]" after it (the first time with " (Ray deduplicates logs by
#: default. Set RAY_DEDUP_LOGS=0 to disable log deduplication, ...)").
_RAY_REPEATED_RE = re.compile(
    r" ?\[repeated \d{1,9}x across cluster\]"
    r"(?: \(Ray deduplicates logs by default\.[^)\n]{0,400}\))?\s*$")


#: Markdown bold inside a line (a report's prose: "It states that '**Could not load dynamic
#: library 'libcusolver.so.10**''", "when listing the GPU devices using
#: **tf.config.list_physical_devices('GPU')**", tensorflow/tensorflow#44753): an opening
#: "**" after a space, quote or bracket and before a word, quote, backtick or bracket, a
#: closing "**" after one of those and before no word, at most 300 characters apart.  A
#: program prints no such pair: C pointer types ("'char**' to 'char**'"), Python's "**kwargs"
#: and globs ("src/**/x") leave one side unmatched.
_INNER_BOLD_RE = re.compile(
    r"(?<![\w*])\*\*(?=[\w'\"`(\[])([^*\n]{1,300}?)(?<=[\w'\"`)\].])\*\*(?![\w*])")


def clean_line(raw: bytes, anchors: tuple[bytes, ...] = ()) -> str | None:
    """Decode one raw line into matchable text, or ``None`` for binary garbage.

    UTF-8 is tried first, then GBK (when it yields CJK text), then latin-1 (which never
    fails); ANSI escape sequences (also colour codes that lost their ESC, "[0;31m", on a
    line with a "[0m" or "[0;" one), carriage returns and other control characters are
    removed; tabs become spaces; a path a notebook rendered as a Markdown link to its own
    local server keeps only its text.  A line longer than :data:`MAX_LINE_CHARS` is cut to an
    excerpt: its start, or, when the first keyword of ``anchors`` (lower-case bytes) lies
    beyond, a window around that keyword.

    Args:
        raw: the line without its ``\\n``.
        anchors: lower-case keywords used to place the excerpt of a long line.

    Returns:
        The cleaned text, or ``None`` when the line holds NUL bytes or is mostly control
        characters.
    """
    if b"\x00" in raw:
        return None
    limit = MAX_LINE_CHARS * 2
    if len(raw) > MAX_LINE_CHARS:
        low = raw[:MAX_SCAN_BYTES].translate(_LOWER)
        hits = [p for p in (low.find(a) for a in anchors) if p >= 0]
        start = 0
        if hits and min(hits) > limit // 2:
            start = min(hits) - limit // 4
        elif not hits and len(raw) > MAX_SCAN_BYTES:
            # No keyword in the head: place the window on the first one in the tail.
            tail_at = len(raw) - MAX_SCAN_BYTES
            low = raw[tail_at:].translate(_LOWER)
            hits = [p for p in (low.find(a) for a in anchors) if p >= 0]
            if hits:
                start = max(0, tail_at + min(hits) - limit // 4)
        raw = raw[start : start + limit]
    text = _decode(raw)
    if "\x1b" in text:
        text = _ANSI_RE.sub("", text)
    if "[0m" in text or "[0;" in text:  # colour codes whose ESC a copy dropped ("[0;31m")
        text = _ORPHAN_SGR_RE.sub("", text)
    text = text.replace("\r", " ").replace("\t", " ").rstrip()
    if _CONTROL_RE.search(text):
        bad = len(_CONTROL_RE.findall(text))
        if bad * 4 > len(text):
            return None
        text = _CONTROL_RE.sub(" ", text)
    if "](http" in text:
        text = _LOCAL_LINK_RE.sub(r"\1", text)
    if "across cluster]" in text:  # Ray's log deduplication tail: no part of the message
        text = _RAY_REPEATED_RE.sub("", text)
    if len(text) > MAX_LINE_CHARS:
        text = text[:MAX_LINE_CHARS] + " …"
    if "`" in text or "*" in text or text.endswith("_"):  # Markdown code, bold, emphasis
        text = unwrap_markdown(text)
    if "**" in text:  # bold inside the line, around a quoted name or a call
        text = _INNER_BOLD_RE.sub(r"\1", text)
    return text


# --- pasted forms -------------------------------------------------------------------
# Logs reach tfgpu the way users paste them: copied from a web page (HTML entities,
# non-breaking and zero-width spaces), quoted in Markdown or e-mail ("> "), printed as a
# Python/JSON string (escaped newlines: subprocess output, a notebook's "text": [...] list,
# a bytes repr), written by rsyslog (control characters escaped as "#012"), or prefixed by
# a collector (kubectl/docker --timestamps, journald/syslog, dmesg).  Each form is undone
# here, in linear time and on bounded text, as a property of the reader, not per message.

#: Non-breaking spaces (U+00A0, U+202F) as UTF-8; they become plain spaces.
_NBSP = (b"\xc2\xa0", b"\xe2\x80\xaf")
#: Zero-width characters (U+200B/C/D, U+2060, U+FEFF) as UTF-8; they are deleted.
_ZERO_WIDTH = (b"\xe2\x80\x8b", b"\xe2\x80\x8c", b"\xe2\x80\x8d", b"\xe2\x81\xa0", b"\xef\xbb\xbf")
#: Typographic quotation marks (U+2018-U+201F) as UTF-8 -> the ASCII quote they stand for.
#: A forum, a blog engine or a word processor turns the quotes of a pasted message into
#: them (SmartyPants, WordPress' ``wptexturize``, Word's AutoFormat: 'x' -> \u2018x\u2019,
#: "x" -> \u201cx\u201d, it's -> it\u2019s); TensorFlow, CUDA and pip print ASCII quotes.
_CURLY_QUOTES = tuple(
    (chr(c).encode("utf-8"), b"'" if c <= 0x201B else b'"') for c in range(0x2018, 0x2020)
)
_ASCII = bytes(range(128))
_NAMED_ENTITIES = {b"quot": b'"', b"apos": b"'", b"lt": b"<", b"gt": b">", b"amp": b"&",
                   b"nbsp": b" "}
_ENTITY_RE = re.compile(rb"&(?:(quot|apos|lt|gt|amp|nbsp)|#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6}));")


def _entity(m: re.Match[bytes]) -> bytes:
    name, dec, hexa = m.groups()
    if name is not None:
        return _NAMED_ENTITIES[name]
    code = int(dec) if dec is not None else int(hexa, 16)
    if code < 32 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
        return b" "  # a control character or no character: never a new line (line numbers)
    return chr(code).encode("utf-8")


#: A GitHub issue form's answer (TensorFlow's and Keras's bug forms: ".github/ISSUE_TEMPLATE/
#: *.yml" fields rendered as "### <label>", a blank line, then the answer): the heading of a
#: host field, then its answer within three lines.
_FORM_LABELS = (r"OS [Pp]latform and [Dd]istribution|TensorFlow [Vv]ersion|Python [Vv]ersion"
                r"|CUDA/cuDNN [Vv]ersion|GPU [Mm]odel and [Mm]emory")
_FORM_ANSWER_RE = re.compile(
    rb"(?m)^(#{2,4}[ \t]*(" + _FORM_LABELS.encode() + rb")[ \t]*\r?\n"
    rb"(?:[ \t]*\r?\n){0,2})([^\s#`>][^\n]{0,200})")


def form_answers(body: bytes) -> bytes:
    """Put a GitHub issue form's field label in front of its answer ("### OS platform and
    distribution", a blank line, "Windows 10" -> the answer line reads "OS platform and
    distribution: Windows 10"), as the old issue template wrote it on one line, so the
    patterns that read those lines read the form too.  Line numbers do not change; a body
    without "##" costs one ``in`` test."""
    if b"##" not in body:
        return body
    return _FORM_ANSWER_RE.sub(lambda m: m.group(1) + m.group(2) + b": " + m.group(3), body)


class FormAnswers:
    """:func:`form_answers` for text given line by line (:func:`tfgpu.logs.read_lines`,
    whose items may be single lines): the label of a heading line is put in front of the
    first non-blank line within three lines after it."""

    __slots__ = ("label", "left")

    def __init__(self) -> None:
        self.label = ""
        self.left = 0

    def feed(self, line: str) -> str:
        """``line``, or ``"<label>: <line>"`` when it answers the form heading before it."""
        head = _FORM_HEADING_RE.match(line)
        if head is not None:
            self.label, self.left = head.group(1), 3
            return line
        if not self.left:
            return line
        if not line.strip():
            self.left -= 1
            return line
        self.left = 0
        if line.lstrip()[:1] in ("#", "`", ">"):
            return line
        return f"{self.label}: {line}"


#: The heading of one of those fields on a line of its own (:class:`FormAnswers`).
_FORM_HEADING_RE = re.compile(rf"^#{{2,4}}[ \t]*({_FORM_LABELS})[ \t]*\r?$")


def normalize_paste(body: bytes) -> bytes:
    """Undo the manglings of text copied from a web page, on raw bytes (one chunk or line).

    Non-breaking spaces become spaces, zero-width characters and byte-order marks are
    deleted, typographic quotation marks (U+2018-U+201F: \u2018 \u2019 \u201c \u201d ...)
    become the ASCII quote they stand for, and HTML character references (``&quot;``
    ``&#39;`` ``&lt;`` ``&gt;`` ``&amp;`` ``&#x27;`` ...) are decoded (references to control
    characters become a space, so line numbers never change).  Each step runs only when its
    marker byte sequence is present: plain logs pay a few C-speed ``in`` tests per chunk.

    Args:
        body: UTF-8 (or other byte-oriented) text, any length.

    Returns:
        The normalized bytes (``body`` itself when nothing was found).
    """
    if not body.isascii() and (b"\xc2" in body or b"\xe2" in body or b"\xef" in body):
        # The marks' lead bytes are found by memchr; the marks themselves are searched in
        # the non-ASCII bytes only (~1 GB/s, then tiny): in valid UTF-8 a lead byte is
        # followed by its own continuation bytes, so deleting ASCII makes no false pair.
        high = body.translate(None, _ASCII)
        for nb in _NBSP:
            if nb in high:
                body = body.replace(nb, b" ")
        for zw in _ZERO_WIDTH:
            if zw in high:
                body = body.replace(zw, b"")
        if b"\xe2\x80" in high:
            for curly, plain in _CURLY_QUOTES:
                if curly in high:
                    body = body.replace(curly, plain)
    if b"&" in body:
        body = _ENTITY_RE.sub(_entity, body)
    return body


#: rsyslog's escapes of control characters (``$EscapeControlCharactersOnReceive``, on by
#: default): ``#`` and three octal digits, e.g. ``#012`` newline, ``#011`` tab, ``#033`` ESC.
_SYSLOG_ESC_RE = re.compile(rb"#0[0-3][0-7]")
#: Backslash escapes of a Python or JSON string literal (repr, json.dumps, a notebook).
_STRING_ESC_RE = re.compile(
    rb"\\(?:([nrt\"'\\/])|x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|U([0-9a-fA-F]{8}))"
)
#: The opening of a string literal holding a log: ``"``, ``b'``, ``["``, ``"text": "``.
_STRING_OPEN_RE = re.compile(rb'^\s*(?:"[\w ]{1,40}"\s*:\s*)?\[?\s*[bBuUrR]?["\']')
#: The end of one: ``"``, ``",``, ``'"]``, ``'``.
_STRING_CLOSE_RE = re.compile(rb'["\']\s*\]?\s*,?\s*$')
#: A raw line with more escaped pieces than this keeps the rest as one piece.
MAX_PIECES = 4096


def _syslog_escape(m: re.Match[bytes]) -> bytes:
    code = int(m.group()[1:], 8)
    return b"\n" if code in (10, 13) else b"\x1b" if code == 27 else b" "


def _unfold_syslog(raw: bytes) -> list[bytes]:
    """Split an rsyslog line at ``#012``/``#015`` and decode its other ``#0oo`` escapes."""
    out = _SYSLOG_ESC_RE.sub(_syslog_escape, raw).split(b"\n", MAX_PIECES)
    if len(out) > MAX_PIECES:
        out[-1] = out[-1].replace(b"\n", b" ")
    return out


def _string_escape(m: re.Match[bytes]) -> bytes:
    simple, hx, u4, u8 = m.groups()
    if simple is not None:
        return _SIMPLE_ESCAPES[simple]
    if hx is not None:
        return bytes([int(hx, 16)])
    code = int(u4 or u8, 16)
    if code == 10 or code == 13:
        return b"\n"
    ok = (code >= 32 or code == 27) and not 0xD800 <= code <= 0xDFFF and code <= 0x10FFFF
    return chr(code).encode("utf-8") if ok else b" "


_SIMPLE_ESCAPES = {b"n": b"\n", b"r": b"\n", b"t": b" ", b'"': b'"', b"'": b"'",
                   b"\\": b"\\", b"/": b"/"}
#: A backslash that starts no valid escape, once the escaped backslashes are taken out.
_BAD_ESCAPE_RE = re.compile(
    rb"\\(?![nrt\"'/]|x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8})"
)


def _unfold_string(raw: bytes) -> list[bytes]:
    r"""Decode a line that is a string literal holding a log, split at its escaped newlines.

    The line is taken as escaped only when every backslash in it starts a valid escape
    (``\n \r \t \" \' \\ \/ \xHH \uHHHH \UHHHHHHHH``) and one of them is a newline, a
    quote or a backslash: a Windows path (``C:\Program Files\...``) holds other
    backslashes and is left alone.  ``\xHH`` gives a byte (a bytes repr of UTF-8 text),
    ``\uHHHH`` a character.  C-speed checks first; one ``re.sub`` pass to decode.
    """
    singles = raw.replace(b"\\\\", b"")  # escaped backslashes, paired left to right
    if _BAD_ESCAPE_RE.search(singles) is not None:
        return [raw]
    if len(singles) == len(raw) and b"\\n" not in singles and b"\\r" not in singles \
            and b'\\"' not in singles:
        return [raw]
    out = _STRING_ESC_RE.sub(_string_escape, raw).split(b"\n", MAX_PIECES)
    if len(out) > MAX_PIECES:
        out[-1] = out[-1].replace(b"\n", b" ")
    if len(out) > 1:  # the string's own quotes: '"text": "' before, '",' after
        out[0] = _STRING_OPEN_RE.sub(b"", out[0], count=1)
        out[-1] = _STRING_CLOSE_RE.sub(b"", out[-1], count=1)
    return out


def pieces_of(raw: bytes) -> list[bytes]:
    r"""The pieces of one raw line that are matched as lines of their own.

    A line is split at carriage returns, at runs of NUL bytes (NUL-separated records) and
    at runs of backspaces (progress bars rewritten in place: Keras' Progbar erases its bar
    with backspaces, then writes ``\r``; a CRLF ending gives one piece), at rsyslog's
    escaped newlines (``...but#012NVRM: this kernel...``; ``#011`` and the other escapes
    become a space, ``#033`` an ESC), and, when the line is a
    Python/JSON string literal (``json.dumps``, ``repr``, a notebook's ``"text"`` list), at
    its escaped newlines, with its escapes decoded.  Blank pieces are dropped.  At most
    :data:`MAX_PIECES` pieces per form; the work is linear in the line's length.

    Args:
        raw: one line without its ``\n`` (at most ``MAX_CARRY_BYTES``).

    Returns:
        The non-blank pieces, in order (``[raw]`` for a plain line).
    """
    if b"\x00" in raw and _OTHER_CONTROL_RE.search(raw) is None:
        # NUL-separated records (find -print0, xargs -0, a journal export) or text around
        # a crash's NUL-filled block: each run of NULs ends a piece, as a carriage return
        # does.  A line with other control bytes as well is garbage (clean_line drops it)
        raw = _NULS_RE.sub(b"\r", raw)
    if b"\b" in raw:
        raw = _BACKSPACES_RE.sub(b"\r", raw)
    parts = split_cr(raw) if b"\r" in raw else [raw]
    if b"#0" in raw:
        parts = [q for p in parts for q in (_unfold_syslog(p) if b"#0" in p else (p,))]
    if b"\\" in raw:
        parts = [q for p in parts for q in (_unfold_string(p) if b"\\" in p else (p,))]
        if any(b"\b" in p for p in parts):  # a string literal's escaped backspaces
            parts = [q for p in parts
                     for q in (split_cr(_BACKSPACES_RE.sub(b"\r", p)) if b"\b" in p else (p,))]
    if (b"Error(" in raw or b"Exception(" in raw) and _EXC_LINE_RE.search(raw, 0,
                                                                          MAX_EXCEPTION_SCAN):
        parts = [q for p in parts for q in _with_exception_args(p)]
    return [p for p in parts if p.strip()]


#: An exception among the arguments of another one, as Python prints an exception with
#: several arguments: ``str(exc)`` is the repr of its ``args`` tuple (CPython
#: Objects/exceptions.c BaseException_str), whose elements are reprs, and an exception's repr
#: is ``Name('text')`` (BaseException_repr; the text in double quotes when it holds a single
#: quote).  ``pyhf.exceptions.ImportBackendError: ('There was a problem importing
#: TensorFlow...', ImportError("cannot import name 'naming' from 'tensorflow.python..."))``:
#: the inner exception's text is the message a reader looks for.  Only an element of such a
#: tuple (after ``: (`` or ``, ``) on a line that is itself such an exception, never a
#: ``raise Name("...")`` of a traceback's code line nor a handled one a log line mentions.
_EXC_ARG_RE = re.compile(
    rb"(?:: \(|, )(?P<name>(?:[A-Za-z_]\w{0,60}\.){0,6}[A-Za-z_]\w{0,60}(?:Error|Exception))"
    # the repr's text runs to its first unescaped closing quote, so each candidate is read
    # once: a line of many unclosed "X, AError('" fragments stays linear
    rb"\((?:'(?P<single>(?:[^'\\\n]|\\.){1,2000})'|\"(?P<double>(?:[^\"\\\n]|\\.){1,2000})\")\)"
)
#: A line that is itself an exception with several arguments (its name, then ": (" and the
#: args tuple), as a traceback's last line prints it (after pytest's "E   ", a timestamp or
#: an MPI rank's prefix): only there are the inner exceptions what ended the program, not a
#: handled one a log line mentions.
_EXC_LINE_RE = re.compile(
    rb"(?:^|(?<=[\s:>\]]))(?:[A-Za-z_]\w{0,60}\.){0,8}[A-Za-z_]\w{0,60}(?:Error|Exception): \(")
#: At most this many inner exceptions are read from one line.
MAX_EXCEPTION_ARGS = 8
#: Only the first this many bytes of a line are searched for inner exceptions (a traceback's
#: last line; the rest of a longer line is no exception's arguments a reader needs).
MAX_EXCEPTION_SCAN = 16 * 1024


def _with_exception_args(raw: bytes) -> list[bytes]:
    """``[raw]``, then ``Name: text`` for each exception :data:`_EXC_ARG_RE` finds among the
    arguments printed on the line, an exception line (:data:`_EXC_LINE_RE`): at most
    :data:`MAX_EXCEPTION_ARGS`, in its first :data:`MAX_EXCEPTION_SCAN` bytes, its repr's
    escapes of quotes and backslashes undone.  Linear in those bytes."""
    out = [raw]
    for m in _EXC_ARG_RE.finditer(raw, 0, MAX_EXCEPTION_SCAN):
        text = m.group("single") or m.group("double") or b""
        text = text.replace(b"\\\\", b"\\").replace(b"\\'", b"'").replace(b'\\"', b'"')
        out.append(m.group("name") + b": " + text)
        if len(out) > MAX_EXCEPTION_ARGS:
            break
    return out


#: A run of NUL bytes inside a text line: a record separator (:func:`pieces_of`).
_NULS_RE = re.compile(rb"\x00+")
#: A control byte other than NUL (and the whitespace and escape bytes text holds).
_OTHER_CONTROL_RE = re.compile(rb"[\x01-\x07\x0e-\x1a\x1c-\x1f\x7f]")

#: A run of backspaces: a progress bar erased in place before it is redrawn.  Keras' Progbar
#: (keras 0.1.0 to 2.x ``keras/utils/generic_utils.py`` ``Progbar.update``, and tf.keras'
#: copy in TF 1.x/2.x, verbose=1 on a terminal) writes ``"\b" * prev_total_width``, then
#: ``"\r"``, then the new bar: the run ends a piece as ``\r`` does (:func:`split_cr`).
_BACKSPACES_RE = re.compile(rb"\x08+")


def scan_stream(
    stream: ByteSource,
    anchors: tuple[bytes, ...],
    stats: ReadStats,
    chunk_bytes: int = CHUNK_BYTES,
) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, text)`` for every line whose template holds one of ``anchors``.

    Args:
        stream: binary input (a file opened ``"rb"``, ``sys.stdin.buffer``).
        anchors: the prefilter keywords (lower case, no digits, bytes); a line is a
            candidate when its template (lower case, digits deleted) contains one within
            its first :data:`MAX_SCAN_BYTES`.  Results are cached per template.
        stats: updated in place while reading.
        chunk_bytes: read size in bytes.

    Yields:
        1-based line numbers and cleaned texts, in input order.  Binary garbage is
        skipped (counted in ``stats.skipped_binary``).

    Raises:
        OSError: when reading ``stream`` fails (an unreadable file).
    """
    cache = TemplateCache()
    follow = FollowState()
    carry = b""
    first_line = 1  # number of the first line in the next buffer
    continuing = False  # the carry is the continuation of an over-long line
    chunks = _cr_lines(_utf8_chunks(stream, chunk_bytes, stats))
    while True:
        chunk = next(chunks, b"")
        eof = not chunk
        binary = is_binary_chunk(chunk)
        if chunk and not stats.non_blank:
            # NUL bytes are no text either (a zeroed or preallocated file is "blank")
            text = chunk.replace(b"\x00", b"")
            stats.nul_bytes += len(chunk) - len(text)
            stats.non_blank = bool(text) and not text.isspace()
        buf = carry + chunk if carry else chunk
        if eof:
            if not buf:
                break
            body, carry = buf, b""
            ends_line = True
            continuing = False
        else:
            cut = buf.rfind(b"\n")
            if cut < 0:
                if len(buf) <= MAX_CARRY_BYTES:
                    carry = buf
                    continue
                body, carry = buf, b""
                ends_line = False
                continuing = True
            else:
                body, carry = buf[: cut + 1], buf[cut + 1 :]
                if len(carry) > MAX_CARRY_BYTES:
                    carry = carry[:MAX_CARRY_BYTES]
                ends_line = True
                continuing = False
        if body.endswith(b"\n"):
            body = body[:-1]
        if binary:
            body = skim_binary(body, stats)
        yield from _scan_body(body, first_line, anchors, stats, cache, follow)
        if ends_line:
            first_line += body.count(b"\n") + 1
        if eof:
            break
    stats.lines = first_line - 1 if not continuing else first_line


#: Bytes at the start of an input that decide whether its lines end with a lone carriage
#: return (:func:`cr_line_endings`): one chunk.  A progress bar's line (Keras' Progbar:
#: ~100 bytes a step, a newline after each epoch) is far shorter; a bar saved without any
#: newline is read as lines too: its steps get line numbers of their own, its findings stay.
CR_SNIFF_BYTES = 1024 * 1024


def cr_line_endings(head: bytes | str) -> bool:
    """Whether an input whose first :data:`CR_SNIFF_BYTES` are ``head`` ends its lines with
    a lone carriage return (classic Mac OS text, a tool's CRLF with its line feeds lost):
    ``head`` holds a ``\\r`` and no ``\\n``.  Such an input is read with universal newlines,
    as Python's ``open()`` and ``str.splitlines`` read it (``\\r``, ``\\n`` and ``\\r\\n`` each
    end a line), so that lines keep their own numbers; in any other input a ``\\r`` splits a
    line into pieces that keep its number (a progress bar, :func:`split_cr`).

    Args:
        head: the input's first :data:`CR_SNIFF_BYTES` (bytes or characters), or all of it
            when it is shorter.
    """
    if isinstance(head, str):
        return "\n" not in head and "\r" in head
    return b"\n" not in head and b"\r" in head


def _cr_lines(chunks: Iterator[bytes]) -> Iterator[bytes]:
    """The chunks, with every ``\\r\\n`` and lone ``\\r`` made a ``\\n`` when the input's head
    (:data:`CR_SNIFF_BYTES`, or all of a shorter input) has lone carriage returns only
    (:func:`cr_line_endings`); else the chunks as they are.  Holds back at most the head and
    one byte (a ``\\r`` at a chunk's end, whose ``\\n`` may start the next)."""
    head: list[bytes] = []
    size = 0
    for chunk in chunks:
        head.append(chunk)
        size += len(chunk)
        if size >= CR_SNIFF_BYTES or b"\n" in chunk:
            break
    if not head:
        return
    first = b"".join(head)
    if not cr_line_endings(first[:CR_SNIFF_BYTES]):
        yield first
        yield from chunks
        return
    held = b""
    for chunk in _chain_first(first, chunks):
        data = held + chunk if held else chunk
        held = b""
        if data.endswith(b"\r"):
            data, held = data[:-1], b"\r"
        if data:  # an empty chunk would end the stream
            yield data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    if held:
        yield b"\n"


def _chain_first(first: bytes, rest: Iterator[bytes]) -> Iterator[bytes]:
    """``first``, then the chunks of ``rest``."""
    yield first
    yield from rest


def is_candidate(raw: bytes, anchors: tuple[bytes, ...]) -> bool:
    """Whether one raw line's template (see :func:`scan_view`) holds one of ``anchors``."""
    view = scan_view(raw.translate(_LOWER, _DIGITS))
    return holds_anchor(view, anchors)


#: The keyword matcher last built (one entry): ``(anchors, compiled trie or None)``.
_MATCHER: list[tuple[tuple[bytes, ...], re.Pattern[bytes] | None]] = []


def _trie_source(anchors: tuple[bytes, ...]) -> bytes:
    """A regex source matching exactly the occurrences of ``anchors`` (as substrings),
    written as a trie: ``(?:cu(?:da|dnn)|dll)``; a keyword that starts with another one is
    dropped (wherever the longer one occurs, the shorter one does too)."""
    trie: dict[int, dict[int, Any]] = {}
    for a in anchors:
        node = trie
        for c in a:
            node = node.setdefault(c, {})
        node[-1] = {}  # a keyword ends here

    def emit(node: dict[int, Any]) -> bytes:
        if -1 in node:
            return b""
        alts = [re.escape(bytes([c])) + emit(sub) for c, sub in sorted(node.items())]
        return alts[0] if len(alts) == 1 else b"(?:" + b"|".join(alts) + b")"

    return emit(trie)


def anchor_matcher(anchors: tuple[bytes, ...]) -> re.Pattern[bytes] | None:
    """One compiled regex whose ``search`` finds a template holding any of ``anchors``: one
    C-level pass over the text instead of one ``bytes.find`` pass per keyword (~580 in the
    catalogue: 2x faster on unique word lines, 6x on unique candidate lines).  Built once
    per anchor tuple (matched by identity; ~20 ms); ``None`` when a keyword is empty or
    holds a newline (then the plain per-keyword search is used).

    Args:
        anchors: the prefilter keywords (lower case, no digits, bytes).

    Returns:
        The compiled regex, or ``None``.
    """
    if not _MATCHER or _MATCHER[0][0] is not anchors:
        ok = bool(anchors) and all(a and b"\n" not in a for a in anchors)
        _MATCHER[:] = [(anchors, re.compile(_trie_source(anchors)) if ok else None)]
    return _MATCHER[0][1]


def holds_anchor(view: bytes, anchors: tuple[bytes, ...]) -> bool:
    """``any(a in view for a in anchors)``, through :func:`anchor_matcher` when it can."""
    rx = anchor_matcher(anchors)
    if rx is None:
        return any(a in view for a in anchors)
    return rx.search(view) is not None


def scan_view(template: bytes) -> bytes:
    """The part of a template searched for keywords: all of it, or its head and its tail.

    A very long line (a Keras progress bar rewritten with ``\\r`` thousands of times) can
    end with the one message that matters, so the last :data:`MAX_SCAN_BYTES` are searched
    as well as the first.  The two pieces are joined by a newline so that no keyword is
    found across the cut.
    """
    if len(template) <= 2 * MAX_SCAN_BYTES:
        return template
    return template[:MAX_SCAN_BYTES] + b"\n" + template[-MAX_SCAN_BYTES:]


def split_cr(raw: bytes) -> list[bytes]:
    """Split a line at carriage returns (progress bars), dropping empty pieces.

    ``b"1/5 [=>..]\\r2/5 [==>.]\\rW ... OOM"`` -> three pieces; a CRLF line ending gives
    one piece.  Line numbers stay those of newlines: every piece keeps its line's number.
    """
    return [part for part in raw.split(b"\r") if part.strip()]


#: Bytes of the first chunk inspected for UTF-16 without a byte-order mark.
_SNIFF_BYTES = 4096


def sniff_utf16(head: bytes) -> str | None:
    """Return ``"utf-16"`` (BOM), ``"utf-16-le"``/``"utf-16-be"`` (NUL-interleaved text) or
    ``None`` for a byte-oriented encoding.

    Windows PowerShell 5.1 ``>`` redirection writes UTF-16LE with a BOM; some tools write it
    without one.  Without a BOM, text is taken as UTF-16 when at least 40 % of the even (BE)
    or odd (LE) bytes of the first :data:`_SNIFF_BYTES` are NUL and almost none of the others.
    """
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    sample = head[: _SNIFF_BYTES - _SNIFF_BYTES % 2]
    if len(sample) < 8:
        return None
    even, odd = sample[0::2], sample[1::2]
    n = len(odd)
    even_nul, odd_nul = even.count(0), odd.count(0)
    if odd_nul >= 0.4 * n and even_nul <= 0.05 * n:
        return "utf-16-le"
    if even_nul >= 0.4 * n and odd_nul <= 0.05 * n:
        return "utf-16-be"
    return None


#: Bytes no text log holds (C0 controls but backspace, tab, newline, vertical tab, form feed,
#: carriage return and escape; DEL): a file most of whose bytes are these is not a text log
#: (:attr:`tfgpu.facts.log.ReadStats.control_bytes`).  Backspace is a terminal's redraw, as
#: carriage return is: a Keras progress bar captured from a terminal is half backspaces
#: (:data:`_BACKSPACES_RE`).
CONTROL_BYTES = bytes([*range(0x00, 0x08), *range(0x0E, 0x1B), *range(0x1C, 0x20), 0x7F])


def control_count(data: bytes) -> int:
    """How many :data:`CONTROL_BYTES` ``data`` holds, each run of NUL bytes counted as one:
    a block of NULs (a crash's padding, a preallocated log file) is one gap in a text, while
    random bytes hold single NULs (their count barely changes)."""
    count = len(data) - len(data.translate(None, CONTROL_BYTES))
    if b"\x00\x00" in data:
        nuls = data.count(b"\x00")
        count -= nuls - len(_NULS_RE.findall(data))
    return count


def is_binary_chunk(chunk: bytes) -> bool:
    """Whether a chunk of the input is not text: it holds a NUL byte and at least
    :data:`~tfgpu.facts.log.BINARY_SHARE` of its bytes are :data:`CONTROL_BYTES` (random
    bytes: about 11 %).  Text, UTF-16 text after transcoding included, holds no NUL byte, so
    the share is counted only where one is found (a ``memchr`` pass): reading text costs
    nothing more."""
    if b"\x00" not in chunk:
        return False
    return control_count(chunk) >= BINARY_SHARE * len(chunk)


#: A line holding a :data:`CONTROL_BYTES` byte (from its start: linear, one try per line).
_CONTROL_LINE_RE = re.compile(rb"^[^\n]*?[\x00-\x07\x0e-\x1a\x1c-\x1f\x7f][^\n]*", re.M)


def skim_binary(body: bytes, stats: ReadStats) -> bytes:
    """``body`` (lines of a chunk :func:`is_binary_chunk` found not to be text) with every
    line that holds a :data:`CONTROL_BYTES` byte emptied; the newlines stay, so line numbers
    do not change.  ``stats.skipped_binary`` counts the emptied lines.

    A text line has no such byte, so a log that follows a binary part in the same chunk (a
    crash's NUL-filled block, then the log again) keeps its lines, while the garbage costs
    one regex pass (random bytes: ~1 ms a MiB; 1-byte lines: ~30 ms) instead of the
    keyword search, the decoding and the catalogue (~300 ms a MiB of random bytes)."""
    out, dropped = _CONTROL_LINE_RE.subn(b"", body)
    stats.skipped_binary += dropped
    return out


def _utf8_chunks(stream: ByteSource, chunk_bytes: int, stats: ReadStats) -> Iterator[bytes]:
    """Yield the stream's chunks; UTF-16 parts are transcoded to UTF-8 chunk by chunk.

    ``stats.bytes_read`` counts the input bytes.  The first chunk's encoding is sniffed
    (:func:`sniff_utf16`); a file that mixes UTF-16 and byte-oriented parts (cmd.exe's
    ``>>`` appending UTF-8 lines to a log that Windows PowerShell 5.1's ``>`` wrote in
    UTF-16, or the reverse) is read part by part (see :class:`_Transcoder`).  Memory stays
    one chunk (plus at most :data:`_HOLD_BYTES` held back between chunks).
    """
    first = stream.read(chunk_bytes)
    if not first:
        return
    stats.bytes_read += len(first)
    encoding = sniff_utf16(first)
    last = b"\n"
    if encoding in _BOMS and b"\n" in first[: first.find(b"\x00")]:
        # a byte-oriented line before the first NUL: UTF-16 text (no mark) comes after it
        encoding = None
    if encoding is None and b"\x00" not in first:
        # byte-oriented text, the usual case: as fast as before while no NUL byte comes
        stats.control_bytes += len(first) - len(first.translate(None, CONTROL_BYTES))
        yield first
        last = first[-2:]
        while chunk := stream.read(chunk_bytes):
            stats.bytes_read += len(chunk)
            if b"\x00" in chunk:  # a UTF-16 part may start here
                first = chunk
                break
            stats.control_bytes += len(chunk) - len(chunk.translate(None, CONTROL_BYTES))
            yield chunk
            last = (last + chunk)[-2:]
        else:
            return
    coder = _Transcoder(encoding, stats, offset=stats.bytes_read - len(first), last=last,
                        big_endian=first.startswith(b"\xfe\xff"))
    yield from coder.feed(first)
    while chunk := stream.read(chunk_bytes):
        stats.bytes_read += len(chunk)
        yield from coder.feed(chunk)
    yield from coder.feed(b"", final=True)


#: Bytes of ASCII text (printable, tab, carriage return, newline) -> ``p``, NUL -> ``0``,
#: any other byte -> ``x``: where UTF-16 and byte-oriented parts meet is found with
#: C-speed ``bytes.find`` on the mapped chunk (a regex took ~28 ms per MiB).
_PART_MAP = bytes(
    ord("p") if b in (9, 10, 13) or 0x20 <= b < 0x7F else ord("0") if b == 0 else ord("x")
    for b in range(256)
)
#: UTF-16 text starting in a byte-oriented part: this many ASCII characters in a row.
_UTF16_RUN = 16
#: ... or this many when it does not start a line (nor follows a byte-order mark).
_UTF16_LONG_RUN = 64
#: A byte-oriented part starting in a UTF-16 part: this many ASCII bytes in a row, no NUL
#: (UTF-16 text never has two; CJK UTF-16 text whose 32 bytes all read as ASCII: ~1e-7).
_BYTES_RUN = 32
#: ... or, reaching the end of the input, this many (or 3 ending with a newline: "Killed").
_BYTES_TAIL_RUN = 8
#: UTF-16 code units in a row that only a byte-oriented part decoded as UTF-16 gives (two
#: ASCII bytes each: U+0909-U+7E7E, a UTF-8 lead byte E0-E7 and two continuation bytes);
#: 15, as a run of :data:`_BYTES_RUN` bytes that starts on an odd byte holds 15 whole ones.
_WIDE_CHARS = _BYTES_RUN // 2 - 1
#: UTF-8 lead bytes E0-E7 -> ``L``, continuation bytes -> ``c``, any other -> ``.``.
_WIDE_MAP = bytes(
    ord("L") if 0xE0 <= b <= 0xE7 else ord("c") if 0x80 <= b <= 0xBF else ord(".")
    for b in range(256)
)
_WIDE_RUN = b"Lcc" * _WIDE_CHARS
#: Bytes at most held back at a chunk's end while a part may start there.
_HOLD_BYTES = 256
#: Parts recorded in :attr:`ReadStats.encoding_parts` (later switches are only counted).
MAX_PARTS = 8
_BOMS = {"utf-16-le": b"\xff\xfe", "utf-16-be": b"\xfe\xff"}
#: A run of ASCII characters in UTF-16, on the :data:`_PART_MAP`-mapped bytes.
_PAIRS = {"utf-16-le": re.compile(rb"(?:p0)*"), "utf-16-be": re.compile(rb"(?:0p)*")}


class _Transcoder:
    """Input bytes in, matchable bytes out (UTF-8 for the UTF-16 parts), for an input whose
    parts may be in different encodings: UTF-16 (LE/BE, with or without a byte-order mark)
    or byte-oriented (UTF-8, GBK, latin-1: decoded line by line later).

    A UTF-16 part starts where :data:`_UTF16_RUN` ASCII characters in UTF-16 follow a
    newline or a byte-order mark (or :data:`_UTF16_LONG_RUN` anywhere); a byte-oriented part
    starts in a UTF-16 part at the first :data:`_BYTES_RUN` ASCII bytes in a row, from just
    after the UTF-16 text's last NUL byte, on a code-unit boundary.  Every part is read;
    ``stats`` records the parts (:attr:`ReadStats.encoding_parts`), the UTF-16 code units
    that could not be decoded (``undecoded_units``) and the control characters of each part.
    """

    __slots__ = ("_big_endian", "_count", "_decoder", "_fed16", "_held", "_last", "_mode",
                 "_offset", "_parts", "stats")

    def __init__(self, encoding: str | None, stats: ReadStats, offset: int = 0,
                 last: bytes = b"\n", *, big_endian: bool = False) -> None:
        """``encoding``: the sniffed one of the first part (``"utf-16"``: a byte-order mark,
        big-endian when ``big_endian``); ``offset``: input bytes already passed on as
        byte-oriented text before this coder, ``last`` their last 2 bytes."""
        self.stats = stats
        self._big_endian = big_endian
        self._held = b""
        self._last = last  # the 2 bytes before the data fed next (a line start at first)
        self._offset = offset  # input offset of the data fed next (held bytes included)
        self._mode: str | None = None
        self._decoder: codecs.IncrementalDecoder | None = None
        self._fed16 = 0  # bytes of the current UTF-16 part decoded so far (its parity)
        #: (input offset, encoding) of the first MAX_PARTS parts, and how many there are;
        #: ``offset``: the byte-oriented chunks read before this coder are the first part
        self._parts: list[tuple[int, str]] = [(0, "bytes")] if offset else []
        self._count = len(self._parts)
        self._enter(encoding)

    def _enter(self, encoding: str | None) -> None:
        """A part in ``encoding`` (``None``: byte-oriented) starts at the current offset."""
        self._mode = encoding
        self._decoder = (codecs.getincrementaldecoder(encoding)(errors="replace")
                         if encoding else None)
        if encoding != "utf-16":  # the mark decides that one's byte order
            self._big_endian = encoding == "utf-16-be"
        self._fed16 = 0
        parts, name = self._parts, encoding or "bytes"
        if parts and parts[-1][0] == self._offset and self._count == len(parts):
            parts.pop()  # the part before holds no byte (the sniff's guess, at once undone)
            self._count -= 1
        if not parts or parts[-1][1] != name or self._count > len(parts):
            self._count += 1
            if len(parts) < MAX_PARTS:
                parts.append((self._offset, name))
        s = self.stats
        s.encoding_switches = max(0, self._count - 1)
        s.encoding_parts = tuple(parts) if self._count > 1 else ()
        first16 = next((enc for _, enc in parts if enc != "bytes"), None)
        if first16 is not None or self._count <= len(parts):
            s.encoding = first16

    def feed(self, chunk: bytes, *, final: bool = False) -> list[bytes]:
        """The matchable bytes of ``chunk`` (the next input bytes); ``final`` at the end."""
        data = self._held + chunk if self._held else chunk
        self._held = b""
        out: list[bytes] = []
        while data:
            if self._mode is None:
                data = self._bytes_part(data, final, out)
            else:
                data = self._utf16_part(data, final, out)
        if final and self._decoder is not None:
            self._emit16(b"", True, out)
        return out

    def _emit(self, data: bytes, out: list[bytes]) -> None:
        if data:
            self.stats.control_bytes += control_count(data)
            out.append(data)
            self._last = (self._last + data[-2:])[-2:]
            self._offset += len(data)

    def _emit16(self, data: bytes, final: bool, out: list[bytes],
                text: str | None = None) -> None:
        """Decode ``data`` (``text``: already decoded) and emit it as UTF-8."""
        assert self._decoder is not None
        if text is None:
            text = self._decoder.decode(data, final=final)
        self._fed16 += len(data)
        self._offset += len(data)
        if data:
            self._last = (self._last + data[-2:])[-2:]
        if text:
            if "\ufffd" in text:
                self.stats.undecoded_units += text.count("\ufffd")
            utf8 = text.encode("utf-8")
            # a control character is one 2-byte code unit of the input
            self.stats.control_bytes += 2 * (len(utf8) - len(utf8.translate(None, CONTROL_BYTES)))
            out.append(utf8)

    def _bytes_part(self, data: bytes, final: bool, out: list[bytes]) -> bytes:
        """Emit ``data`` up to where a UTF-16 part starts; return the rest (``b""``)."""
        if b"\x00" not in data:
            keep = len(data) if final else max(0, len(data) - 3)  # a mark and a character?
            self._emit(data[:keep], out)
            self._held = data[keep:]
            return b""
        found = self._utf16_start(data)
        if found is None:
            keep = len(data)
            if not final and b"\x00" in data[-2 * _UTF16_RUN :]:
                keep = max(0, len(data) - _HOLD_BYTES)  # a UTF-16 part may start in the tail
            self._emit(data[:keep], out)
            self._held = data[keep:]
            return b""
        at, bom, encoding = found
        self._emit(data[:at], out)
        self._offset += bom
        self._enter(encoding)
        return data[at + bom :]

    def _utf16_start(self, data: bytes) -> tuple[int, int, str] | None:
        """Where a UTF-16 part starts in byte-oriented ``data``: (offset, length of its
        byte-order mark, encoding), or ``None``.

        A run of ASCII characters in UTF-16 reads as both byte orders, one byte apart; the
        one that follows a byte-order mark or a newline wins, else little-endian (what
        Windows writes)."""
        mapped = data.translate(_PART_MAP)
        found: list[tuple[int, bool, int, str]] = []  # (offset, weak, BOM length, encoding)
        for encoding, pair in (("utf-16-le", b"p0"), ("utf-16-be", b"0p")):
            run, long_run, bom = pair * _UTF16_RUN, pair * _UTF16_LONG_RUN, _BOMS[encoding]
            i = mapped.find(run)
            while i >= 0:
                before = data[i - 2 : i] if i >= 2 else (self._last + data[:i])[-2:]
                if before == bom:
                    found.append((max(0, i - 2), False, i - max(0, i - 2), encoding))
                elif before[-1:] == b"\n":
                    found.append((i, False, 0, encoding))
                elif mapped.startswith(long_run, i):
                    found.append((i, True, 0, encoding))
                else:  # on after this run (linear: no restart inside it)
                    end = _PAIRS[encoding].match(mapped, i)
                    i = mapped.find(run, max(i + 2, (end.end() if end else i) - 1))
                    continue
                break
        if not found:
            return None
        found.sort()
        best = found[0]
        if best[1]:  # no mark or line start before it: the other byte order may have one
            strong = next((f for f in found[1:] if not f[1] and f[0] - best[0] <= 1), None)
            if strong is not None:
                best = strong
            elif best[3] == "utf-16-be" and mapped.startswith(b"p0" * _UTF16_RUN, best[0] + 1):
                best = (best[0] + 1, True, 0, "utf-16-le")
        return best[0], best[2], best[3]

    def _utf16_part(self, data: bytes, final: bool, out: list[bytes]) -> bytes:
        """Decode ``data`` up to where a byte-oriented part starts; return the rest.

        The bytes after the last NUL (at most :data:`_HOLD_BYTES`) wait for the next chunk,
        unless ``final``: a byte-oriented part may start there.  The search for one runs on
        the raw bytes only when the decoded text holds :data:`_WIDE_CHARS` characters in a
        row that two ASCII bytes make (U+0909-U+7E7E, each 3 bytes in UTF-8): a
        byte-oriented part always does, ASCII text in UTF-16 never (pure Python: the raw
        search costs ~6 ms a MiB, the check ~1 ms)."""
        assert self._decoder is not None
        tail = len(data) - data.rfind(b"\x00") - 1
        body = data if final or tail > _HOLD_BYTES else data[: len(data) - tail]
        if body:
            state = self._decoder.getstate()
            text: str | None = self._decoder.decode(body)
            utf8 = text.encode("utf-8") if text else b""
            if utf8.isascii() or _WIDE_RUN not in utf8.translate(_WIDE_MAP):
                at = -1
            else:
                self._decoder.setstate(state)
                text = None
                at = self._bytes_start(body)
            if at < 0:
                ends = tail >= _BYTES_TAIL_RUN or (tail >= 3 and data.endswith(b"\n"))
                if final and ends and data[-tail:].translate(_PART_MAP) == b"p" * tail:
                    # the input ends with ASCII text after its last UTF-16 part
                    if text is not None:
                        self._decoder.setstate(state)
                    return self._switch_to_bytes(data, self._aligned(len(data) - tail - 1), out)
                self._emit16(body, False, out, text)
                self._held = data[len(body) :]
                return b""
            return self._switch_to_bytes(data, at, out)
        self._held = data
        return b""

    def _aligned(self, nul: int) -> int:
        """The offset just after the UTF-16 code unit whose high byte is the NUL at ``nul``
        (``-1``: the start of the data), on a code-unit boundary."""
        at = 0 if nul < 0 else nul + (2 if self._big_endian else 1)
        return at + (self._fed16 + at) % 2

    def _bytes_start(self, body: bytes) -> int:
        """Where a byte-oriented part starts in the UTF-16 ``body``: just after the UTF-16
        text before the first :data:`_BYTES_RUN` ASCII bytes in a row; ``-1`` when none."""
        k = body.translate(_PART_MAP).find(b"p" * _BYTES_RUN)
        return -1 if k < 0 else self._aligned(body.rfind(b"\x00", 0, k))

    def _switch_to_bytes(self, data: bytes, at: int, out: list[bytes]) -> bytes:
        at = min(at, len(data))
        self._emit16(data[:at], True, out)
        self._enter(None)
        return data[at:]


class TemplateCache:
    """Template key -> ``-1`` (not a candidate) or the number of times it was matched.

    Bounded by bytes, not entries: once the keys (plus :data:`_ENTRY_OVERHEAD` each) pass
    :data:`MAX_CACHE_BYTES`, it is cleared (repeat counts start again; only speed and
    the "at least" counts are affected).  A key is :func:`scan_view` of the template (at
    most 32 KiB + 1 byte), since only that part decides whether it is a candidate.

    Attributes:
        counts: the mapping.
        nbytes: bytes accounted to it.
        limit: the bound, bytes.
    """

    __slots__ = ("counts", "limit", "nbytes")

    def __init__(self, limit: int = MAX_CACHE_BYTES) -> None:
        self.counts: dict[bytes, int] = {}
        self.nbytes = 0
        self.limit = limit

    def make_room(self, new_keys: list[bytes]) -> bool:
        """Clear the cache if adding ``new_keys`` would pass the bound; True if cleared."""
        add = sum(len(k) for k in new_keys) + _ENTRY_OVERHEAD * len(new_keys)
        if self.nbytes + add <= self.limit:
            self.nbytes += add
            return False
        self.counts.clear()
        self.nbytes = 0
        return True

    def account(self, keys: list[bytes]) -> None:
        """Count ``keys`` (just added after a clear) against the bound."""
        self.nbytes += sum(len(k) for k in keys) + _ENTRY_OVERHEAD * len(keys)


def cache_key(template: bytes) -> bytes:
    """The cache key of a template: itself, or for a very long one its :func:`scan_view`
    (what the keyword search reads), so that a 5 MiB line costs 32 KiB of cache."""
    return template if len(template) <= 2 * MAX_SCAN_BYTES else scan_view(template)


#: Above this many new templates in a chunk, keywords are searched in one joined blob.
_BATCH_MIN = 64
#: The same for the pieces of one line (an escaped log in one JSON string).
_PIECES_BATCH_MIN = 8


def _batch_candidates(templates: list[bytes], needles: tuple[bytes, ...]) -> list[bool]:
    """Return, per template, whether it contains one of ``needles`` (searched in one blob).

    One regex pass (:func:`anchor_matcher`) over all templates joined by newlines, from
    each hit on to the next template, is far cheaper than a Python-level check per template
    when most lines are unique (else one ``bytes.find`` pass per needle).
    """
    parts = [scan_view(t) for t in templates]
    blob = b"\n".join(parts)
    ends = list(accumulate(len(p) + 1 for p in parts))  # offset just past each template
    hit = [False] * len(parts)
    rx = anchor_matcher(needles)
    if rx is not None:  # leftmost keyword from each template on: same flags, one pass
        m = rx.search(blob)
        while m is not None:
            k = bisect_right(ends, m.start())
            hit[k] = True
            if k + 1 >= len(ends):
                break
            m = rx.search(blob, ends[k])
        return hit
    for needle in needles:
        i = blob.find(needle)
        while i != -1:
            k = bisect_right(ends, i)
            hit[k] = True
            if k + 1 >= len(ends):
                break
            i = blob.find(needle, ends[k])
    return hit


def _scan_body(
    body: bytes,
    first_line: int,
    anchors: tuple[bytes, ...],
    stats: ReadStats,
    tcache: TemplateCache,
    follow: FollowState | None = None,
) -> Iterator[tuple[int, str]]:
    cache = tcache.counts
    body = form_answers(normalize_paste(body))  # keep every newline: line numbers stay
    templates = body.translate(_LOWER, _DIGITS).split(b"\n")
    unique = set(templates)
    keys = {t: cache_key(t) for t in unique}
    new = list({k for k in keys.values() if k not in cache})
    if tcache.make_room(new):
        new = list(set(keys.values()))
        tcache.account(new)
    if len(new) > _BATCH_MIN:
        for k, hit in zip(new, _batch_candidates(new, anchors), strict=True):
            cache[k] = 0 if hit else -1
    else:
        for k in new:
            head = scan_view(k)
            cache[k] = 0 if holds_anchor(head, anchors) else -1
    wanted: set[bytes] = set()
    for t in unique:
        seen = cache[keys[t]]
        if 0 <= seen < MAX_REPEATS:
            wanted.add(t)
        elif seen >= MAX_REPEATS:
            stats.repeats_skipped += 1  # per chunk and template: "at least" this many
    if not wanted:
        if follow is not None and follow.left:
            raw_lines = body.split(b"\n", follow.left)
            for i, raw in enumerate(raw_lines[: follow.left]):
                text = follow.next_line(raw, anchors)
                if text is not None:
                    yield first_line + i, text
                if not follow.left:
                    break
        return
    raw_lines = body.split(b"\n")
    for i, t in enumerate(templates):
        if t not in wanted:
            if follow is not None and follow.left:
                text = follow.next_line(raw_lines[i], anchors)
                if text is not None:
                    yield first_line + i, text
            continue
        k = keys[t]
        seen = cache.get(k, 0)
        if seen >= MAX_REPEATS:
            stats.repeats_skipped += 1
            if follow is not None:
                follow.left = 0
            continue
        cache[k] = seen + 1
        raw = raw_lines[i]
        if len(raw) > MAX_LINE_CHARS:
            stats.long_lines += 1
        for text in line_texts(raw, anchors, stats, follow, tcache):
            yield first_line + i, text


def line_texts(
    raw: bytes,
    anchors: tuple[bytes, ...],
    stats: ReadStats,
    follow: FollowState | None = None,
    repeats: TemplateCache | None = None,
) -> Iterator[str]:
    """The cleaned texts of a candidate line: its :func:`pieces_of` that hold a keyword,
    and the pieces after one of them that continue it (see :class:`FollowState`).

    With ``repeats``, the pieces of a line split in several (a progress bar rewritten with
    ``\\r``) follow the rule of repeated lines: a piece whose template (lower case, digits
    deleted; :func:`cache_key`) has already been matched :data:`MAX_REPEATS` times, as a
    piece or as a whole line, is skipped (``stats.repeats_skipped`` counts it once per line
    and template; hit counts become lower bounds, evidence keeps the first ones).

    Args:
        raw: the line without its newline, already :func:`normalize_paste`-d.
        anchors: the prefilter keywords (lower-case bytes).
        stats: ``candidates``, ``skipped_binary`` and ``repeats_skipped`` are counted here.
        follow: the follow state, updated; ``None`` to pass no continuation on.
        repeats: the stream's template cache (:class:`TemplateCache`: template -> times
            matched), updated; ``None`` to match every piece (:func:`tfgpu.logs.read_lines`).

    Yields:
        Cleaned texts, in order.
    """
    pieces = pieces_of(raw)
    views: list[bytes | None]
    if len(pieces) <= 1:
        flags = [True] * len(pieces)
        views = [None] * len(pieces)  # a whole line: the caller counted its template
    else:
        keys = [scan_view(p.translate(_LOWER, _DIGITS)) for p in pieces]
        # pieces that differ only in numbers (a progress bar's steps) are searched once
        unique = list(dict.fromkeys(keys))
        if len(unique) > _PIECES_BATCH_MIN:  # one pass over all pieces joined
            found = dict(zip(unique, _batch_candidates(unique, anchors), strict=True))
        else:
            found = {v: holds_anchor(v, anchors) for v in unique}
        flags = [found[v] for v in keys]
        views = list(keys)
    if follow is not None and not pieces:
        follow.left = 0
    skipped: set[bytes] = set()
    binary = False  # the line is counted once in skipped_binary, however many pieces it has
    for piece, flag, view in zip(pieces, flags, views, strict=True):
        if flag and repeats is not None and view is not None:
            seen = max(repeats.counts.get(view, 0), 0)
            if seen >= MAX_REPEATS:
                if view not in skipped:
                    skipped.add(view)
                    stats.repeats_skipped += 1
                if follow is not None:
                    follow.left = 0
                continue
            if view not in repeats.counts and repeats.make_room([view]):
                repeats.account([view])
            repeats.counts[view] = seen + 1
        if flag:
            text = clean_line(piece, anchors)
            if text is None:
                # per line, as stats.lines counts them (a run of backspaces or a \r splits
                # a line into pieces, not into lines)
                if not binary:
                    binary = True
                    stats.skipped_binary += 1
            else:
                stats.candidates += 1
                yield text
            if follow is not None:
                follow.after_candidate(text)
        elif follow is not None and follow.left:
            text = follow.next_line(piece, anchors)
            if text is not None:
                yield text
