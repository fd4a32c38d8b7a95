"""Horovod's stall inspector: ``horovod-ranks-stalled``.

Source (``knowledge/data/messages_ecosystem.toml`` rows ``horovod-stall-inspector``,
``horovod-stalled-ops-*``; horovod/horovod ``horovod/common/stall_inspector.cc``, before it
``horovod/common/operations.cc``): when tensors submitted to an allreduce, allgather or
broadcast by some ranks wait longer than the stall time for the other ranks, Horovod prints
"One or more tensors were submitted to be reduced, gathered or broadcasted by subset of
ranks ... This may indicate that different ranks are trying to submit different tensors or
that only subset of ranks is submitting tensors, which will cause deadlock." and lists the
tensors: ``<tensor> [ready ranks: 1]`` (the ranks that submitted, before 0.13.6),
``<tensor> [missing ranks: 0]`` (0.13.6+), or ``Missing ranks:`` then ``<rank>: [<tensor>,
...]`` (the stall inspector's own file); past HOROVOD_STALL_SHUTDOWN_TIME_SECONDS it adds
"... is stalled for longer than N seconds. Will shutdown." at ERROR.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding, Severity


def _rank_in_line(text: str) -> str:
    """The rank of a "Missing ranks:" line whose rank the reader took for a line label
    ("[1,0]<stderr>:1: [...]", "0: 1: [...]"): the number right before ": [", else ""."""
    m = re.search(r"(\d{1,5})!?: \[[^\]\n]*\]?\s*$", text)
    return m.group(1) if m else ""


def _missing(ctx: Facts) -> str:
    """The ranks the log says have not submitted ("rank 0", "ranks 0, 2"), else the ranks
    that have ("only rank 1 submitted"), else "some ranks"."""
    missing: set[str] = {h.g("rank") or _rank_in_line(h.text)
                         for h in ctx.h("dist.horovod_missing_rank").all()}
    ready: set[str] = set()
    for h in ctx.h("dist.horovod_stall").all():
        ranks = {r.strip() for r in (h.g("ranks") or "").split(",") if r.strip()}
        (missing if h.g("kind") == "missing" else ready if h.g("kind") else set()).update(ranks)
    missing.discard("")
    if missing:
        return _ranks(missing)
    if ready:
        return f"only {_ranks(ready)} submitted"
    return "some ranks"


def _ranks(ranks: set[str]) -> str:
    """"rank 1" / "ranks 0, 2" (the first eight, then "...") of rank numbers."""
    ordered = sorted(ranks, key=int)
    return (("rank " if len(ordered) == 1 else "ranks ") + ", ".join(ordered[:8])
            + (" ..." if len(ordered) > 8 else ""))


def horovod_ranks_stalled(ctx: Facts) -> list[Finding]:
    """``horovod-ranks-stalled``: the stall inspector's warning (its sentences or its
    listing of stalled tensors); an error when it shuts the job down."""
    hits = ctx.h("dist.horovod_stall").all()
    if not hits:
        return []
    tensors = [t for h in hits if (t := h.g("tensor"))]
    names = (f"The stalled tensors include {', '.join(tensors[:3])}"
             + (" ..." if len(tensors) > 3 else "") + ": compare these names with the ones "
             "the other ranks print. ") if tensors else ""
    shut = any(h.g("shut") for h in hits)
    first = min(hits, key=lambda h: h.line)
    last = max(h.line for h in hits)
    # Keras's next epoch after the warning: the collectives completed after all, one rank
    # was slow for a while (data loading, rank-0 checkpoints or evaluation), no deadlock
    went_on = [e for e in ctx.h("ctx.keras_epoch").all() if e.line > last]
    if went_on and not shut:
        return [catalogue.make(
            "horovod-ranks-stalled", variant="went-on",
            evidence=log_evidence(hits, went_on, limit=4),
            missing=_missing(ctx), line=first.line, epoch=went_on[0].line, names=names,
        )]
    return [catalogue.make(
        "horovod-ranks-stalled",
        severity=Severity.ERROR if shut else None,
        evidence=log_evidence(hits, ctx.h("dist.horovod_missing_rank").all(), limit=4),
        missing=_missing(ctx), line=first.line, names=names,
    )]
