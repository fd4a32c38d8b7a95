"""Messages the message universe marks harmless, on lines no other finding claims.

The message universe (``knowledge/data/messages_*.toml``) says of each message a TensorFlow
GPU user can meet what it means; a row with ``maps_to = "harmless"`` needs no action and says
why (``why``), with the file that prints it, the releases that hold it and its source
(:mod:`tfgpu.facts.known_messages` reads them; pattern ``notice.known_harmless``).  Most
harmless messages with a finding of their own (the oneDNN and CPU-feature notices, the
NUMA-node line...) are read by their checks; the others were invisible to ``tfgpu explain``,
so a log holding only such lines said "No known TensorFlow/CUDA message found".

:func:`rule_known_harmless` is a post-pass: it runs after the checks and names, in one
harmless notice (``known-harmless-message``), each such message on a line that no finding
already quotes.  A line another finding claims keeps that finding: the notice never stands
for a line a check read, nor replaces, supersedes or softens any finding.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import FRAME
from tfgpu.facts.known_messages import KnownMessage, which_message
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A Python exception line ("RuntimeError: ...", "tensorflow.python.framework.errors_impl.
#: NotFoundError: ..."): a message printed there is the program's failure, not a notice.
_EXCEPTION_LINE = re.compile(r"^\s*(?:[A-Za-z_]\w{0,60}\.){0,8}[A-Za-z_]\w{0,60}"
                             r"(?:Error|Exception): ")
#: How many messages the title names (the others are counted).
_NAMED = 2
#: Characters of a message's text the title quotes.
_QUOTE = 70


def _quote(text: str) -> str:
    """The first line of ``text``, its runs of spaces as one (TensorFlow prints "XLA!  This
    line"), cut to :data:`_QUOTE` characters, in quotes."""
    head = " ".join(text.strip().split("\n", 1)[0].split())
    return f"'{head[:_QUOTE - 1].rstrip()}…'" if len(head) > _QUOTE else f"'{head}'"


def _placement_holds(ctx: Facts, message: KnownMessage, hit: Hit) -> bool:
    """Whether the node placement a row's text names on the line after the message (TF 1.x's
    "[[Node: ... _device=\".../device:GPU:0\"]]", the condition that makes it harmless) is
    the one the log's node line under ``hit`` shows: a row without one always holds; one
    naming a GPU holds only when such a node line follows (a node placed on the CPU, or no
    node line, is not that message's harmless case)."""
    tail = message.text.split("[[Node:", 1)
    if len(tail) < 2 or "_device=" not in tail[1]:
        return True
    from tfgpu.diagnosis.checks.op_kernel_limits import gpu_node_after

    return "device:GPU" not in tail[1] or gpu_node_after(ctx, hit.line) is not None


def rule_known_harmless(ctx: Facts, found: Sequence[Finding]) -> list[Finding]:
    """``known-harmless-message`` (harmless, info): the messages of the universe's harmless
    rows on lines that no finding in ``found`` quotes, each named with its ``why``, the
    file that prints it, its releases and the row's source (the finding's link is the first
    message's source).  Returns at most one finding; nothing when no such line is left."""
    hits = ctx.h("notice.known_harmless").all()
    if not hits:
        return []
    covered = {e.line for f in found for e in f.evidence if e.line is not None}
    # a traceback's code line (the line under a frame) quotes the program's source, not a
    # message TensorFlow printed: raise RuntimeError("Failed to get CPU frequency: " + path)
    frames = {h.line for name in ("ctx.pkg_path", "ctx.own_frame") for h in ctx.h(name).all()
              if FRAME.search(h.text)}
    seen: dict[str, tuple[KnownMessage, list[Hit]]] = {}
    for hit in hits:
        if hit.line in covered or hit.line - 1 in frames or _EXCEPTION_LINE.match(hit.text):
            continue
        message = which_message(hit.g("msg") or hit.text)
        if message is None or not _placement_holds(ctx, message, hit):
            continue
        seen.setdefault(message.ref, (message, []))[1].append(hit)
    if not seen:
        return []
    messages = [m for m, _ in seen.values()]
    # the title quotes the lines as the log prints them, the cause the source's wording
    named = ", ".join(_quote(hs[0].g("msg") or m.text) for m, hs in list(seen.values())[:_NAMED])
    more = len(messages) - _NAMED
    title = named + (f" and {more} more" if more > 0 else "")
    cause = " ".join(
        f"{_quote(m.text)} ({m.file}; versions {m.versions}; level {m.level}; knowledge row "
        f"{m.ref}): {m.why.rstrip('.')}." for m in messages)
    first = messages[0]
    return [catalogue.make(
        "known-harmless-message", messages=title, count=len(messages),
        evidence=log_evidence([h for _, hs in seen.values() for h in hs[:1]], limit=6),
        cause=cause + " Nothing to fix: TensorFlow prints these in normal runs; if the "
                      "program failed, the cause is elsewhere in the log.",
        doc_url=first.source_url or None,
        knowledge_ref=first.ref,
    )]
