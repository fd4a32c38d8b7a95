"""The substring relation among the catalogue's keywords (tfgpu.logs.needles), checked against
the pair-by-pair definition on the real catalogue and on keywords that overlap at the edges."""

import pytest

from tfgpu.logs.needles import holders, roots
from tfgpu.logs.patterns import PATTERNS


def _pairwise_holders(needles: set[str]) -> dict[str, frozenset[str]]:
    return {n: frozenset(m for m in needles if m != n and n in m) for n in needles}


def test_holders_match_the_pairwise_definition_on_the_catalogue() -> None:
    needles = {n for p in PATTERNS for n in p.needles}
    assert holders(needles) == _pairwise_holders(needles)


def test_roots_are_the_keywords_holding_no_other() -> None:
    needles = {n for p in PATTERNS for n in p.needles}
    expected = {n for n in needles if not any(m != n and m in n for m in needles)}
    assert set(roots(needles)) == expected
    assert [len(r) for r in roots(needles)] == sorted(len(r) for r in roots(needles))


def test_a_keyword_found_twice_in_one_holder_or_at_the_join_is_read_right() -> None:
    # "ab" twice in "abab"; "ba" only across the join of "xb" and "ay" (never a holder)
    got = holders(["ab", "abab", "xb", "ay", "ba"])
    assert got["ab"] == {"abab"}
    assert got["ba"] == {"abab"}
    assert got["xb"] == got["ay"] == got["abab"] == frozenset()
    assert roots(["ab", "abab", "ba", "xb"]) == ("ab", "ba", "xb")


@pytest.mark.parametrize("bad", ["", "a\0b"])
def test_an_empty_keyword_or_one_holding_nul_is_refused(bad: str) -> None:
    with pytest.raises(ValueError):
        holders(["cuda", bad])
