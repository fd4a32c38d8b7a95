"""A conda conflict list that names one spec: no clash of pins, but a spec that cannot be
installed from the channels searched.

Source: conda 4.3's ``conda/resolve.py`` ``Resolve.find_conflicts`` raises
UnsatisfiableError ("The following specifications were found to be in conflict:", one
``  - <spec>`` line per entry, ``dashlist``) with the spec alone when "the package *itself*
was the common conflict" (``bad_deps.append((ms,))``): with one spec asked for, nothing
else can clash with it, so what fails is its own dependencies, none of whose versions in
the channels searched (and the packages installed) fits. ``--override-channels`` searches
only the ``-c`` channels given (conda docs, "conda install": "Do not search default or
.condarc channels"): a personal channel holding the package but not its dependencies
(conda/conda#5570: ``--override-channels -c dhirschfeld tensorflow=1.2.0=py36_0``).
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: A conflict-list item's line: its spec after the dash.
_ITEM = re.compile(r"^[^-]{0,80}?-\s+(\S(?:.{0,300}\S)?)\s*$")
#: The channels a conda command line names (-c X, --channel X, --channel=X).
_CHANNEL = re.compile(r"(?:^|\s)(?:-c|--channel)(?:\s+|=)(?P<chan>[^\s-][^\s]{0,200})")


def one_spec(ctx: Facts, header: Hit) -> Hit | None:
    """The one item of the conflict list right under ``header`` (conda 4.3's "The following
    specifications were found to be in conflict:") with conda's 'Use "conda info
    <package>"' line right under it, or ``None`` when the list names more than one spec,
    none, or a dependency chain ("a -> b"), or is not shown whole."""
    items = sorted((h for h in ctx.h("tools.conda_conflict_spec").all()
                    if header.line < h.line <= header.line + 40), key=lambda h: h.line)
    run: list[Hit] = []
    for h in items:
        if h.line != (run[-1].line if run else header.line) + 1:
            break
        run.append(h)
    if len(run) != 1 or " -> " in spec_text(run[0]):
        return None
    # the list is whole only when conda's own line follows it (a bullet list the log
    # holds elsewhere may push items out of the kept hits, and a paste may be cut)
    if not any(x.line == run[0].line + 1 for x in ctx.h("tools.conda_info_hint").all()):
        return None
    return run[0]


def spec_text(item: Hit) -> str:
    """The spec of a conflict-list item, from its own line (the engine may have read it
    joined with the line after it: :attr:`Hit.parts`)."""
    own = item.parts[0][1] if item.parts else item.text
    m = _ITEM.match(own)
    return m.group(1) if m else (item.g("spec") or "").strip()


def override_channels(ctx: Facts) -> tuple[Hit, tuple[str, ...]] | None:
    """The command that searched only the channels it names (``--override-channels``) and
    those channels, or ``None``."""
    hits = ctx.h("tools.conda_override_channels").all()
    if not hits:
        return None
    h = hits[-1]
    return h, tuple(dict.fromkeys(m.group("chan") for m in _CHANNEL.finditer(h.text)))


__all__ = ["one_spec", "override_channels", "spec_text"]
