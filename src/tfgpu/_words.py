"""Small wording helpers every layer shares (report, diagnosis, cli)."""

from __future__ import annotations


def plural(n: object, word: str) -> str:
    """``"1 line"``, ``"3 lines"``: ``n`` and ``word``, with an ``s`` unless ``n == 1``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


__all__ = ["plural"]
