"""The bounded record of one pattern's matches (tfgpu.facts.log.Hits): what it keeps."""

from __future__ import annotations

import pytest

from tfgpu.facts.log import MAX_EVIDENCE, MAX_RECENT, Hit, Hits


def _fill(rec: Hits, n: int) -> None:
    for i in range(1, n + 1):
        rec.add(Hit(i, f"line {i}", {}), None)


def test_plain_record_keeps_first_few_and_last() -> None:
    rec = Hits()
    _fill(rec, 100)
    assert [h.line for h in rec.all()] == [*range(1, MAX_EVIDENCE + 1), 100]
    assert rec.count == 100


def test_record_keeping_recent_hits_keeps_the_latest_in_line_order() -> None:
    rec = Hits.keeping(8)
    _fill(rec, 100)
    assert [h.line for h in rec.all()] == [*range(1, MAX_EVIDENCE + 1), *range(93, 101)]


def test_record_keeping_recent_hits_has_no_duplicates_when_short() -> None:
    rec = Hits.keeping(8)
    _fill(rec, 3)
    assert [h.line for h in rec.all()] == [1, 2, 3]


@pytest.mark.parametrize("n", [-1, MAX_RECENT + 1])
def test_recent_beyond_the_bound_is_refused(n: int) -> None:
    with pytest.raises(ValueError, match="recent must be"):
        Hits.keeping(n)
