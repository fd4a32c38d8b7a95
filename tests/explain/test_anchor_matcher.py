"""The reader's one-pass keyword matcher gives the same candidates as one search per keyword."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tfgpu.logs import reader
from tfgpu.logs.patterns import PREFILTER_NEEDLES_BYTES

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def _templates() -> list[bytes]:
    rng = random.Random(7)
    base: list[bytes] = []
    texts = [p.read_bytes() for p in sorted((FIXTURES / "recorded" / "tf-logs").glob("*.txt"))]
    for path in sorted(FIXTURES.glob("cases*/*.json")):
        log = json.loads(path.read_text(encoding="utf-8")).get("log")
        if isinstance(log, str):
            texts.append(log.encode("utf-8", "replace"))
    for text in texts:
        base += text.translate(reader._LOWER, reader._DIGITS).split(b"\n")
    out = list(base)
    for t in base[:5000]:
        a = rng.choice(PREFILTER_NEEDLES_BYTES)
        i = rng.randrange(len(t) + 1)
        out.append(t[:i] + a[: rng.randrange(1, len(a) + 1)] + t[i:])  # whole or cut keyword
    for t in base[:100]:
        a = rng.choice(PREFILTER_NEEDLES_BYTES)
        out.append(b"q" * rng.randrange(33_000, 40_000) + a + t)  # keyword in the cut middle
    out += [b"", b"zzz", b"- ", b"cud", b"cuda", b"a\nb"]
    return out


def test_matcher_flags_equal_plain_search() -> None:
    templates = _templates()
    plain = [any(a in reader.scan_view(t) for a in PREFILTER_NEEDLES_BYTES) for t in templates]
    assert 0 < sum(plain) < len(plain)
    assert reader._batch_candidates(templates, PREFILTER_NEEDLES_BYTES) == plain
    held = [reader.holds_anchor(reader.scan_view(t), PREFILTER_NEEDLES_BYTES) for t in templates]
    assert held == plain


def test_trie_matches_exactly_the_keywords() -> None:
    anchors = (b"cuda", b"cudnn", b"cu", b"dll", b"a.b")
    rx = reader.anchor_matcher(anchors)
    assert rx is not None
    for text, want in [(b"xcux", True), (b"xcx", False), (b"d.l", False), (b"dll", True),
                       (b"axb", False), (b"a.b", True), (b"c\nu", False)]:
        assert (rx.search(text) is not None) is want, text
    assert reader.anchor_matcher((b"a\nb",)) is None  # a newline: per-keyword search
