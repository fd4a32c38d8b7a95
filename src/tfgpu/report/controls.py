"""The characters no report prints as they are, and the visible text written instead.

Text in a report comes from host snapshots, logs and facts files that anyone may have
written, so it must not drive the reader's terminal or reorder what the reader sees:

* C0 controls but TAB, DEL and C1 controls: ESC starts terminal escape sequences (a GPU
  name ``\\x1b]52;...`` from a facts file would reach the terminal of whoever prints the
  report; others move the cursor, clear the screen, set the window title or start a fake
  line);
* the Unicode bidirectional embeddings, overrides (U+202A-U+202E) and isolates
  (U+2066-U+2069), which reorder the characters shown from the characters copied ("Trojan
  Source", CVE-2021-42574): a pasted fix line could run another command than it shows.

Each is written as ``\\xNN`` (controls) or ``\\uNNNN`` (bidi) text.  The text report
(:func:`tfgpu.report.text.safe_text`) escapes newlines too, so one printed line stays one
line; the shareable pages (:func:`tfgpu.report.share.render_shareable`) keep them.
"""

from __future__ import annotations

__all__ = ["BIDI_CONTROLS", "visible"]

#: C0 controls, DEL, C1 controls.
_CONTROLS = (*range(0x20), 0x7F, *range(0x80, 0xA0))

#: LRE, RLE, PDF, LRO, RLO (U+202A-U+202E) and LRI, RLI, FSI, PDI (U+2066-U+2069):
#: Unicode Standard Annex #9, "Unicode Bidirectional Algorithm", table 4.
BIDI_CONTROLS = (*range(0x202A, 0x202F), *range(0x2066, 0x206A))

_TAB, _NEWLINE = 0x09, 0x0A

#: str.translate tables: every unsafe character but TAB, and the same keeping newlines.
_ONE_LINE = {c: f"\\x{c:02x}" for c in _CONTROLS if c != _TAB}
_ONE_LINE.update({c: f"\\u{c:04x}" for c in BIDI_CONTROLS})
_LINES = {c: esc for c, esc in _ONE_LINE.items() if c != _NEWLINE}


def visible(text: str, *, keep_newlines: bool = False) -> str:
    """``text`` with every unsafe character (see the module docstring) written as visible
    escape text: ``"a\\x1b[2Jb"`` -> ``"a\\\\x1b[2Jb"``, ``"\\u202e"`` -> ``"\\\\u202e"``.

    Args:
        text: any text.
        keep_newlines: leave ``\\n`` as it is (a multi-line page); else it becomes ``\\x0a``.

    Returns:
        The text, of at least the same length; TAB always stays.
    """
    return text.translate(_LINES if keep_newlines else _ONE_LINE)
