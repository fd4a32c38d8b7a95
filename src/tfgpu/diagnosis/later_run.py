"""A log that holds several runs, the last one past the point where an earlier one failed:
that earlier run's faults become notes.

People paste a failing run, the fix they typed, and the run that worked: a missing library,
then ``export LD_LIBRARY_PATH=...`` and ``python train.py`` again, which creates the GPU
device. Reading the whole paste as one run would report the first run's fault as the GPU's
state now. A run starts at a shell prompt that runs Python (pattern ``ctx.script``: ``$
python train.py``, ``$ python -m pkg.train``, ``python -c ...``, with the launchers and
``VAR=value`` prefixes users type). When the last run created the GPU device
(``gpu.created``), each error/warning whose log evidence lies wholly inside an earlier run
*before that run's own device line* (a start-up fault: a library, the driver, cuInit) is
turned into a note (severity info) that says so. Not turned: a fault that came after its own
run had created the device (a cuDNN handle, out of memory: a later run that creates the device
has not shown it fixed), a finding with host evidence or without line numbers, and every fault
when the two runs' prompts name different hosts (``alice@laptop`` then ``alice@gpu-node07``:
another machine fixed nothing). The last run's own faults stand as they are. And when the
last run fails before creating a device, a device line of an earlier run is noted as that
run's (its ``gpu-device-created`` finding is titled "Earlier run").
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Sequence

from tfgpu.facts.view import Facts
from tfgpu.findings import Finding, Severity

#: ``user@host`` at the start of a shell prompt (bash/zsh defaults), the host a run ran on.
_PROMPT_HOST = re.compile(r"^\s{0,4}(?:\([^)\n]{1,60}\)\s{1,3})?[\w.-]{1,64}@([\w.-]{1,64})[:\s]")


def _log_lines(f: Finding) -> list[int] | None:
    """The log line numbers ``f`` quotes, or ``None`` when any evidence is not a numbered log
    line (host facts: the host now, not an earlier run)."""
    lines = []
    for e in f.evidence:
        if e.source != "log" or e.line is None:
            return None
        lines.append(e.line)
    return lines or None


def _sentence(text: str) -> str:
    """``text`` ending with a full stop (a cause may end on a quoted loader message)."""
    text = text.rstrip()
    return text if not text or text.endswith((".", "!", "?")) else text + "."


def _note(f: Finding, start: int, created: int) -> Finding:
    return dataclasses.replace(
        f, severity=Severity.INFO, title=f"Earlier run: {f.title}",
        cause=(f"{_sentence(f.cause)} This comes from an earlier run in the pasted log: the "
               f"run that starts at line {start} got past it and created the GPU device (line "
               f"{created}).").strip())


def earlier_run_faults(ctx: Facts, found: Sequence[Finding]) -> tuple[Finding, ...]:
    """``found`` with the start-up faults of earlier runs turned into notes, and an earlier
    run's device line noted as that run's (module docstring).

    Returns:
        ``found`` unchanged (as a tuple) when the log shows one run (no prompt that runs
        Python), or its runs' prompts name different hosts; else with each eligible finding
        replaced by an info finding of the same id whose title is led by "Earlier run".
    """
    runs = [h for h in ctx.h("ctx.script").all() if h.g("cmd") or h.g("mod") or h.g("inline")]
    starts = sorted({h.line for h in runs})
    if not starts:
        return tuple(found)
    hosts = {m.group(1) for h in runs if (m := _PROMPT_HOST.match(h.text))}
    if len(hosts) > 1:
        return tuple(found)  # runs on two machines: one does not fix the other
    last = starts[-1]
    created = sorted(h.line for h in ctx.h("gpu.created").all())
    after = [n for n in created if n > last]
    out: list[Finding] = []
    for f in found:
        lines = _log_lines(f)
        if (not after or lines is None or f.harmless
                or f.severity not in (Severity.ERROR, Severity.WARNING)
                or max(lines) >= last or f.id == "gpu-device-created"):
            out.append(f)
            continue
        # the run holding the fault: from the start before its first line to the next start
        i = bisect.bisect_right(starts, min(lines)) - 1
        run_start = starts[i] if i >= 0 else 0
        run_end = starts[i + 1] if i + 1 < len(starts) else last
        if max(lines) >= run_end:
            out.append(f)  # it spans two runs
            continue
        own = [n for n in created if run_start <= n < min(lines)]
        out.append(f if own else _note(f, last, after[0]))
    if not after and created and created[-1] < last:
        # the last run failed before any device: an earlier run's device is that run's
        out = [dataclasses.replace(f, title=f"Earlier run: {f.title}")
               if f.id == "gpu-device-created" and (ls := _log_lines(f)) is not None
               and max(ls) < last else f for f in out]
    return tuple(out)
