"""Stops asked for from outside the program, and a log made with another TensorFlow.

* ``program-stopped-by-user`` (harmless): a traceback ending in ``KeyboardInterrupt``
  (Ctrl-C: CPython's default SIGINT handler raises it, Doc/library/signal.rst and
  Modules/signalmodule.c ``default_int_handler``), an IDE's "exit code 130 (interrupted by
  signal 2: SIGINT)"; variant ``sigterm``: the shell's "Terminated" (glibc
  sysdeps/generic/siglist.h, SIGTERM ``N_("Terminated")``, printed by bash's jobs.c where it
  prints "Killed" for SIGKILL), zsh's "zsh: terminated", an IDE's exit code 143.  Only the
  stop's own lines are explained: an error earlier in the log is still reported.
* ``log-and-host-tensorflow-differ`` (info): ``explain --facts`` with host facts whose
  TensorFlow release differs from the one the log names (a version line, ``pip show``,
  ``tf.__version__``) or dates (C++ source paths printed only by older releases: platform
  fact ``tf-log-source-paths``).  Host facts win (the fixes are written for them); this
  finding says so once.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding


def _traceback_header(ctx: Facts, stop: Hit) -> list[Hit]:
    """The ``Traceback (most recent call last)`` line of the traceback that ``stop`` (its
    ``KeyboardInterrupt`` line) ends: the nearest header before it with no other
    exception line between them; ``[]`` when there is none."""
    heads = [h for h in ctx.h("tell.line").all()
             if h.line < stop.line and "Traceback (most recent call last)" in h.text]
    if not heads:
        return []
    head = max(heads, key=lambda h: h.line)
    if any(head.line < e.line < stop.line for e in ctx.h("tell.exception").all()):
        return []  # another exception ended that traceback (chained: "During handling...")
    return [head]


def program_stopped(ctx: Facts) -> list[Finding]:
    """``program-stopped-by-user``: the log ends its run with Ctrl-C (KeyboardInterrupt,
    exit code 130) or SIGTERM (``Terminated``, exit code 143): a stop asked for from outside,
    not a fault.  Quotes the stop's lines (and the traceback header a KeyboardInterrupt
    ends, so that traceback counts as explained); says nothing of the lines before it."""
    user = ctx.h("tools.user_stop").all()
    term = ctx.h("tools.sigterm_stop").all()
    if user:
        stop = user[-1]
        return [catalogue.make(
            "program-stopped-by-user", line=stop.text.strip()[:80],
            evidence=log_evidence(_traceback_header(ctx, stop), [stop]),
        )]
    if term:
        stop = term[-1]
        return [catalogue.make(
            "program-stopped-by-user", variant="sigterm", line=stop.text.strip()[:80],
            evidence=log_evidence([stop]),
        )]
    return []


def _log_tf_version(ctx: Facts, log_only: Facts) -> tuple[str, Hit | None] | None:
    """The TensorFlow release the LOG names (a version line, ``pip show``'s Version after
    its Name, a version printed after ``tf.__version__``), with its line; ``None`` when the
    log names none.  ``log_only``: ``ctx``'s log without host facts."""
    hit = ctx.h("ctx.tf_version").last
    if hit is not None:
        v = hit.g("v") or hit.g("v2") or hit.g("v3")
        if v:
            return v, hit
    printed = log_only.printed_tf_version
    return (printed, None) if printed else None


def log_and_host_tensorflow_differ(ctx: Facts) -> list[Finding]:
    """``log-and-host-tensorflow-differ``: host facts (``--facts``, or the probed host)
    name a TensorFlow release of another ``major.minor`` than the log's (named by a version
    line, or dated by the C++ source paths its lines print: ``Facts.tf_at_most``).  Host
    facts win: the other findings' fixes are for the host's release; this says so.  Silent
    without host facts, without a host TensorFlow version, or when the log names none."""
    host = ctx.host
    if host is None:
        return []
    host_v = Facts(host, None, ctx.kb).tf_version  # the host's own, never the log's
    host_mm = tf_minor(host_v)
    newest = max((m for r in ctx.kb.releases("linux") if (m := tf_minor(r.release))),
                 default=None)
    if host_mm is None or newest is None or host_mm > newest:
        return []  # no host release, or not one the knowledge knows (a misread description)
    log_only = Facts(None, ctx.log, ctx.kb)  # the log's own, never the host's
    named = _log_tf_version(ctx, log_only)
    if named is not None:
        log_v, hit = named
        log_mm = tf_minor(log_v)
        if log_mm is None or log_mm == host_mm:
            return []
        ev: tuple[Evidence, ...] = log_evidence([hit]) if hit is not None else (
            Evidence("log", f"TensorFlow {log_v} (printed tf.__version__ / pip show)"),)
        how = f"The log names TensorFlow {log_v}"
    else:
        bound = log_only.tf_at_most
        if bound is None or host_mm <= bound:
            return []
        fact = ctx.kb.platform_fact("tf-log-source-paths")
        log_v = f"{bound[0]}.{bound[1]} or older"
        ev = ()
        how = (f"The log's C++ source paths are printed only by TensorFlow {log_v} "
               f"(knowledge row {fact.ref})")
    return [catalogue.make(
        "log-and-host-tensorflow-differ", log_tf=log_v, host_tf=host_v, how=how,
        evidence=(*ev, Evidence("tf.version", f"tensorflow {host_v} (host facts)")),
    )]
