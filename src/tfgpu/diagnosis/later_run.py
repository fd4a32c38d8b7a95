"""A log that holds two runs, the last one healthy: the earlier run's faults become notes.

People paste a failing run, the fix they typed, and the run that worked: a missing library,
then ``export LD_LIBRARY_PATH=...`` and ``python train.py`` again, which creates the GPU
device. Reading the whole paste as one run would report the first run's fault as the
GPU's state now. A run starts at a shell prompt that runs Python (pattern ``ctx.script``,
group ``cmd`` or ``mod``: ``$ python train.py``, ``$ python -m pkg.train``). When the last such
start is followed by TensorFlow creating a GPU device (``gpu.created``) and no error or
warning finding quotes a line after that start, each error/warning whose log evidence lies
wholly before it is turned into a note (severity info) that says so; a finding with host
evidence, or with no line numbers, is left as it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from tfgpu.facts.view import Facts
from tfgpu.findings import Finding, Severity


def _log_lines(f: Finding) -> list[int] | None:
    """The log line numbers ``f`` quotes, or ``None`` when any evidence is not a numbered log
    line (host facts: the host now, not an earlier run)."""
    lines = []
    for e in f.evidence:
        if e.source != "log" or e.line is None:
            return None
        lines.append(e.line)
    return lines or None


def earlier_run_faults(ctx: Facts, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """``found`` with the faults of an earlier run turned into notes (module docstring).

    Returns:
        ``found`` unchanged (as a tuple) when the log shows no later run that created a GPU
        device, or a fault quotes a line of that run; else with each error/warning that quotes
        only earlier lines replaced by an info finding of the same id, its title led by
        "Earlier run" and its cause ending with the line where the later run starts.
    """
    starts = sorted(h.line for h in ctx.h("ctx.script").all() if h.g("cmd") or h.g("mod"))
    if not starts:
        return tuple(found)
    last = starts[-1]
    created = [h.line for h in ctx.h("gpu.created").all() if h.line > last]
    if not created:
        return tuple(found)
    alarms = [f for f in found if f.severity in (Severity.ERROR, Severity.WARNING)
              and not f.harmless]
    if not alarms:
        return tuple(found)
    spans = {id(f): _log_lines(f) for f in alarms}
    if any(lines is None or max(lines) > last for lines in spans.values()):
        return tuple(found)  # a fault of the last run, or of the host now: all stand
    out = []
    for f in found:
        if id(f) not in spans:
            out.append(f)
            continue
        out.append(dataclasses.replace(
            f, severity=Severity.INFO,
            title=f"Earlier run: {f.title}",
            cause=(f"{f.cause} This comes from an earlier run in the pasted log: the run "
                   f"that starts at line {last} created the GPU device (line {created[0]}) "
                   "and shows no fault.").strip()))
    return tuple(out)
