"""A tool the log first could not find and later ran: the later run supersedes the miss.

A user who pastes a whole session often shows the failure and then the fix (``nvcc: command
not found``, ``export PATH=...``, then ``nvcc --version`` printing its release). The "not
found" line then describes a state the log itself shows was left behind, so a finding built
on it would report a fixed problem as the error.
"""

from __future__ import annotations

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts


def superseded_by_later_run(misses: list[Hit], runs: list[Hit]) -> bool:
    """True when one of ``runs`` (lines only the working tool prints: ``nvcc --version``'s
    release line, ``nvidia-smi``'s banner) comes after the last of ``misses`` (the shell's
    "not found" lines for that tool), by 1-based line number.  False when there is no miss
    or no later run."""
    if not misses:
        return False
    last_miss = max(h.line for h in misses)
    return any(h.line > last_miss for h in runs)


def smi_missing_superseded(f: Facts, misses: list[Hit]) -> bool:
    """:func:`superseded_by_later_run` for ``nvidia-smi``: a table it printed later in the log
    (its banner, pattern ``smi.banner``, or its Driver Version line, ``smi.driver``) comes
    after the last of ``misses``."""
    return superseded_by_later_run(misses, f.h("smi.banner").all() + f.h("smi.driver").all())
