"""The engine's work per line on unique candidate lines stays bounded (issue 11): the
wrapped-line join finds the keywords a break joins without looking the joined text up
whole, and gives the same patterns as that look-up."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tfgpu.logs import engine as engine_mod
from tfgpu.logs.engine import Engine, _index
from tfgpu.logs.patterns import PATTERNS

from ._adversarial_logs import error_word_lines

RECORDED = Path(__file__).parent.parent / "fixtures" / "recorded" / "tf-logs"


def _pieces(seed: int) -> list[tuple[str, str]]:
    """Real log lines and adversarial lines cut at random places (also inside keywords)."""
    rng = random.Random(seed)
    lines = [ln.lower() for p in sorted(RECORDED.glob("*.txt"))
             for ln in p.read_text(encoding="utf-8", errors="replace").splitlines() if ln]
    lines += [ln.lower() for ln in error_word_lines(300, seed)]
    lines += sorted({n for p in PATTERNS for n in p.needles})  # every keyword, cut
    out = []
    for line in lines:
        if len(line) < 2:
            continue
        cut = rng.randrange(1, len(line))
        out.append((line[:cut], line[cut:]))
    return out


@pytest.mark.parametrize("seed", [0, 1])
def test_the_keywords_across_a_break_complete_the_look_up_of_the_joined_text(seed: int) -> None:
    index = _index(PATTERNS)
    pos = index.position
    checked = 0
    for left, right in _pieces(seed):
        for head, tail in ((left, 1), (left + " ", 0)):
            whole = {pos[id(p)] for p in index.lookup(head + right)}
            parts = {pos[id(p)] for p in index.lookup(head) + index.lookup(right)}
            assert parts | index.across(head, right, tail) == whole, (head, right)
            checked += whole != parts
    assert checked > 100  # the cut keywords do bring patterns that neither piece has


def test_unique_error_word_lines_cost_one_look_up_each(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]
    real = engine_mod.NeedleIndex.lookup

    def counting(self: engine_mod.NeedleIndex, template: str) -> tuple[object, ...]:
        calls[0] += 1
        return real(self, template)

    monkeypatch.setattr(engine_mod.NeedleIndex, "lookup", counting)
    lines = error_word_lines(3_000)
    eng = Engine()
    for i, line in enumerate(lines, 1):
        eng.feed(i, line)
    # one look-up per new template; the wrapped-line join used to add two more per line
    assert calls[0] <= len(lines)
    assert eng.lines_fed == len(lines)
