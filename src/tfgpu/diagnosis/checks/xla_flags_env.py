"""XLA's flags from the environment: a flag the release does not define aborts the process.

``xla/parse_flags_from_env.cc`` parses ``XLA_FLAGS`` (the flags of ``xla/debug_options_flags.cc``)
and ``TF_XLA_FLAGS`` (``tensorflow/compiler/jit/flags.cc``) when TensorFlow starts; any flag
left over is fatal: ``LOG(QFATAL) << "Unknown flag" << (n > 1 ? "s" : "") << " in " << envvar
<< ": " << flags`` (``DieIfEnvHasUnknownFlagsLeft``).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def xla_unknown_flag(f: Facts) -> list[Finding]:
    """``xla-flags-unknown-flag`` from "Unknown flag(s) in XLA_FLAGS: <flags>" (pattern
    ``xla.unknown_flag``); ``flags`` is the rest of the line, cut to 200 characters."""
    hits = f.h("xla.unknown_flag")
    if not hits.count:
        return []
    first = hits.first[0]
    return [catalogue.make(
        "xla-flags-unknown-flag", envvar=first.g("envvar") or "XLA_FLAGS",
        flags=(first.g("flags") or "?").strip()[:200], evidence=log_evidence(hits, limit=2),
    )]
