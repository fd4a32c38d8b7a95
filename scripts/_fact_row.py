"""Printing a platform-fact row's list of strings the way platform_facts.toml holds them (for
the probe scripts that generate such rows from the installed TensorFlow)."""

from __future__ import annotations


def print_items(key: str, items: list[str], width: int = 100) -> None:
    """Print ``key = [ "a", "b", ... ]`` with the items packed into lines of ``width``
    characters, four spaces in, as TOML."""
    print(f"{key} = [")
    line = "   "
    for item in items:
        piece = f' "{item}",'
        if len(line) + len(piece) > width:
            print(line)
            line = "   "
        line += piece
    print(line)
    print("]")
