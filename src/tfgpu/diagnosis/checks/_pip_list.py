"""The ``pip list`` filter fix lines give: one place for the command's form.

A fix that asks the user to look at the installed distributions writes
``pip list 2>/dev/null | grep -i ...`` (POSIX shells; ``2>/dev/null`` hides pip's
"new release available" notice) or, for a native Windows host, ``pip list | findstr /i ...``
(cmd.exe and PowerShell both run findstr.exe; space-separated strings are alternatives).
"""

from __future__ import annotations

import re

__all__ = ["pip_list_grep"]

#: A name grep matches literally without ``-E`` and the shell takes unquoted.
_PLAIN = re.compile(r"[\w.-]+")


def pip_list_grep(*names: str, windows: bool = False, anchored: bool = False) -> str:
    """``pip list`` filtered to the lines that match any of ``names``, case-insensitively.

    Args:
        names: distribution names or POSIX extended regexes (``tensorflow-(text|io)``,
            ``^tensorflow``); at least one.
        windows: write the ``findstr /i`` form for cmd.exe/PowerShell; ``names`` must then
            be plain words (findstr's own regex dialect differs).
        anchored: match a whole distribution name at the start of the line (``'^(a|b) '``;
            ``pip list`` puts a space after the name), POSIX form only.

    Returns:
        One command line, without a comment: ``pip list 2>/dev/null | grep -i cudnn``,
        ``pip list 2>/dev/null | grep -i -E 'cudnn|nvrtc'``,
        ``pip list 2>/dev/null | grep -i -E '^(keras|tensorflow) '``,
        ``pip list | findstr /i "tensorflow directml"``.

    Raises:
        ValueError: no names, a Windows name that is not a plain word, or ``anchored``
            with ``windows``.
    """
    if not names:
        raise ValueError("pip_list_grep needs at least one name")
    if windows:
        if anchored or not all(_PLAIN.fullmatch(n) for n in names):
            raise ValueError(f"findstr takes plain words only, not {names!r} "
                             f"(anchored={anchored})")
        words = " ".join(names)
        return f'pip list | findstr /i "{words}"' if len(names) > 1 else \
            f"pip list | findstr /i {words}"
    pattern = "|".join(names)
    if anchored:
        pattern = f"^({pattern}) " if len(names) > 1 else f"^{pattern} "
    if _PLAIN.fullmatch(pattern):
        return f"pip list 2>/dev/null | grep -i {pattern}"
    return f"pip list 2>/dev/null | grep -i -E '{pattern}'"
