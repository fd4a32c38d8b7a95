"""The printf conversion: the variable part of a C/C++ or Python ``%`` format string.

One expression for every reader of format strings (the message universe's texts,
:mod:`tfgpu.facts.known_messages`; a log line that quotes a program's source rather than its
message, :mod:`tfgpu.logs.engine`), so they cannot disagree on what a placeholder is.
"""

from __future__ import annotations

#: Every conversion letter (C11 7.21.6.1 and POSIX ``printf``; Python's ``%`` operator adds
#: ``r``).
ALL_LETTERS = "diouxXeEfFgGaAcspnr"
#: The letters that stand for a placeholder inside other text: those the sources' messages
#: use (``%s``, ``%d``, ``%lu``, ``%zu``, ``%x``, ``%.2f``, ``%r``...).  ``%a``, ``%p``,
#: ``%n``, ``%o`` and the capitals are left out there: inside a log line they are far more
#: often something else (an HLO operand, ``fusion(f32[8,8]{1,0} %a)``; a Windows variable).
TEXT_LETTERS = "diuxfgecsr"


def printf_conversion(letters: str = ALL_LETTERS) -> str:
    """The regex of one printf conversion specification ending in one of ``letters``: an
    optional ``n$`` position, Python's ``(name)`` mapping key, flags, width, precision, length
    modifier (C's ``hh h ll l L j z t``; glibc's ``q Z``), the letter. The space and ``'``
    flags are left out: in the texts read here they occur only in prose ("75% of"), never in
    a format string. ``%%`` (a literal ``%``) is the caller's to replace first."""
    return (r"%(?:\d+\$)?(?:\(\w+\))?[-+#0]*(?:\d+|\*)?(?:\.(?:\d+|\*))?"
            rf"(?:hh|h|ll|l|L|q|j|z|Z|t)?[{letters}]")


__all__ = ["ALL_LETTERS", "TEXT_LETTERS", "printf_conversion"]
