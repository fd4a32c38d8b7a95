"""XLA's flags from the environment: a flag the release does not define aborts the process.

``xla/parse_flags_from_env.cc`` parses ``XLA_FLAGS`` (the flags of ``xla/debug_options_flags.cc``)
and ``TF_XLA_FLAGS`` (``tensorflow/compiler/jit/flags.cc``) when TensorFlow starts; any flag
left over is fatal: ``LOG(QFATAL) << "Unknown flag" << (n > 1 ? "s" : "") << " in " << envvar
<< ": " << flags`` (``DieIfEnvHasUnknownFlagsLeft``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def xla_unknown_flag(f: Facts) -> list[Finding]:
    """``xla-flags-unknown-flag`` from "Unknown flag(s) in XLA_FLAGS: <flags>" (or in
    TF_XLA_FLAGS; pattern ``xla.unknown_flag``): the flags are the rest of the line up to
    XLA's own "Perhaps you meant ..." hint, quoted up to 80 characters; the fix moves
    TensorFlow's --tf_xla_* flags out of XLA_FLAGS (and XLA's --xla_* flags out of
    TF_XLA_FLAGS) and names a value written after a space.  Returns one finding or none."""
    hits = f.h("xla.unknown_flag")
    if not hits.count:
        return []
    first = hits.first[0]
    envvar = first.g("envvar") or "XLA_FLAGS"
    # XLA's own hint after the flags ("Perhaps you meant to specify these on the TF_XLA_FLAGS
    # envvar?", printed for any XLA_FLAGS failure) is not one of them
    flags = _HINT.split(first.g("flags") or "")[0].strip() or "?"
    words = flags.split()
    tf_flags = envvar == "XLA_FLAGS" and any(w.startswith("--tf_xla_") for w in words)
    xla_flags = envvar == "TF_XLA_FLAGS" and any(w.startswith("--xla_") for w in words)
    bare = [w for w in words if not w.startswith("-")]
    shown = flags if len(flags) <= 80 else flags[:77] + "..."
    lead: tuple[str, ...] = ()
    if tf_flags:
        lead += ("# the --tf_xla_* flags are TensorFlow's, read from TF_XLA_FLAGS: move them "
                  "there (export TF_XLA_FLAGS=...), keep only --xla_* flags in XLA_FLAGS",)
    if xla_flags:
        lead += ("# the --xla_* flags are XLA's, read from XLA_FLAGS: move them there "
                  "(export XLA_FLAGS=...), keep only --tf_xla_* flags in TF_XLA_FLAGS",)
    if bare:
        lead += (f"# '{bare[0]}' is no flag: a value after a space; write it as "
                  "--flag=value (no space around '=')",)
    return [catalogue.make(
        "xla-flags-unknown-flag", envvar=envvar, flags=shown,
        evidence=log_evidence(hits, limit=2),
        fix=(*lead,
             f"echo \"${envvar}\"   # where the flag comes from (a shell profile, a notebook "
             "cell, a job script)",
             "# remove or correct that flag, then run again; the flags a release defines are "
             "in its xla/debug_options_flags.cc (XLA_FLAGS) and "
             "tensorflow/compiler/jit/flags.cc (TF_XLA_FLAGS)"),
    )]


#: XLA's hint after the unknown flags of XLA_FLAGS (parse_flags_from_env.cc in later
#: releases): not a flag.
_HINT = re.compile(r"\s*Perhaps you meant")
