"""The build a CPython ABI tag's flags name, for a wheel file refused in the Python version
it names (checks/wheel_file_tags.py, variant ``wheel-file-tags-match``'s situation).

PEP 3149 (ABI version tagged .so files) puts the build's flags after the version: ``d``
(``--with-pydebug``), ``m`` (``--with-pymalloc``), ``u`` (``--with-wide-unicode``); PEP 425
takes them into the wheel's ABI tag, and pip computes this interpreter's own as packaging
``tags._cpython_abis`` does (packaging 26.x): ``d`` for a debug build, ``m`` before Python
3.8 when pymalloc is on (cpython#80888 removed it in 3.8), ``u`` before 3.3 when
``Py_UNICODE_SIZE`` is 4 or ``sys.maxunicode == 0x10FFFF`` (PEP 393 ended the two unicode
builds in 3.3), ``t`` from 3.13 for a free-threaded build.  So ``cp27mu`` (wide, UCS4) and
``cp27m`` (narrow, UCS2) are two real ABIs whose extensions are not interchangeable: a file
renamed from one to the other installs and then fails on import with an undefined
``PyUnicodeUCS4_*`` / ``PyUnicodeUCS2_*`` symbol (tensorflow/tensorflow#5336, #16985;
pytorch/pytorch#591: "you have a UCS2 based python 2.7"; pytorch/pytorch#17094).  A wide
build comes from ``configure --enable-unicode=ucs4`` (pyenv: ``PYTHON_CONFIGURE_OPTS=
"--enable-unicode=ucs4" pyenv install``, mozilla/DeepSpeech#1276); Python 2's own default
is narrow, while the Linux distributions' Python 2.7 is wide.  Renaming is safe only for a
tag no interpreter has (``cp38m``, the ``wheel-file-abi-misnamed`` variant) or towards
``none`` for a pip too old to read ABI tags (tensorflow/tensorflow#467).  Review b48b P5.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit
    from tfgpu.facts.view import Facts

#: A CPython ABI tag with its flags (the order packaging writes them: t, d, m, u).
_ABI = re.compile(r"cp(\d)(\d{1,2})(t?)(d?)(m?)(u?)")


def abi_build(abi: str) -> str | None:
    """The build the flags of ``abi`` name, when they name one that a Python of the same
    version may not be: ``"wide"`` (``u`` before 3.3), ``"narrow"`` (``m`` without ``u``
    before 3.3), ``"debug"`` (``d``), ``"free-threaded"`` (``t`` from 3.13); ``None`` for
    no flags, ``m`` of 3.3-3.7 (every standard build) or a tag of another form."""
    m = _ABI.fullmatch(abi)
    if m is None:
        return None
    ver = (int(m.group(1)), int(m.group(2)))
    t, d, pymalloc, u = m.group(3), m.group(4), m.group(5), m.group(6)
    if d:
        return "debug"
    if t and ver >= (3, 13):
        return "free-threaded"
    if ver < (3, 3) and u:
        return "wide"
    if ver < (3, 3) and pymalloc:
        return "narrow"
    return None


_WORDS = {"wide": "wide-unicode (UCS4)", "narrow": "narrow-unicode (UCS2)",
          "debug": "debug (--with-pydebug)", "free-threaded": "free-threaded"}


def build_words(build: str) -> str:
    """``"wide-unicode (UCS4)"`` for ``"wide"``, and so on."""
    return _WORDS[build]


def shown_width(ctx: Facts) -> tuple[str, Hit] | None:
    """``("narrow" | "wide", hit)`` when the log prints ``sys.maxunicode`` beside its value
    (pattern ``ctx.maxunicode``: 65535 narrow, 1114111 wide), else ``None``."""
    hit = next(iter(ctx.h("ctx.maxunicode").all()), None)
    if hit is None:
        return None
    return ("narrow" if hit.g("v") == "65535" else "wide"), hit


def flags_cause_and_fix(ctx: Facts, abi: str, build: str, py_tag: str,
                        wpy: str) -> tuple[str, str, tuple[str, ...], list[Hit]]:
    """``(verdict, cause part, fix lines, evidence)`` for a file of ABI ``abi`` naming the
    ``build`` of CPython ``wpy`` (see the module docstring)."""
    verdict = (f"pip refuses it unless this Python is a {build_words(build)} build; "
               "renaming the tag cannot make it one")
    if build in ("wide", "narrow"):
        other = "narrow" if build == "wide" else "wide"
        mine, theirs = (f"{py_tag}mu", f"{py_tag}m") if build == "wide" else (
            f"{py_tag}m", f"{py_tag}mu")
        seen = shown_width(ctx)
        cause = (f" CPython {wpy} came in two builds whose compiled extensions are not "
                 "interchangeable: narrow (UCS2, sys.maxunicode 65535, ABI "
                 f"{py_tag}m) and wide (UCS4, sys.maxunicode 1114111, ABI {py_tag}mu); pip "
                 f"accepts {mine} files only in a {build_words(build)} build. The Linux "
                 f"distributions' Python {wpy} is wide; one built from source with the default "
                 "options (pyenv, some installers) is narrow.")
        ev: list[Hit] = []
        if seen is not None and seen[0] == other:
            cause += (f" The log shows sys.maxunicode = {seen[1].g('v')} (line {seen[1].line}): "
                      f"this Python is {other}, which is why pip refuses the file.")
            verdict = (f"this Python is a {build_words(other)} build (sys.maxunicode "
                       f"{seen[1].g('v')}), so pip refuses it")
            ev = [seen[1]]
        elif seen is not None:
            cause += (f" The log shows sys.maxunicode = {seen[1].g('v')} (line {seen[1].line}): "
                      f"this Python is {build}, so the width fits; the platform tag or the pip "
                      "is what is refused.")
            ev = [seen[1]]
        sym = "UCS4" if build == "wide" else "UCS2"
        cause += (f" Renaming the file's ABI tag to {theirs} lets pip install it, and the "
                  f"import then fails with an undefined symbol PyUnicode{sym}_... "
                  "(tensorflow/tensorflow#16985, pytorch/pytorch#591).")
        fix = ("python -c \"import sys; print(sys.maxunicode)\"   # 1114111: a wide (UCS4) "
               f"build, takes {py_tag}mu files; 65535: narrow (UCS2), takes {py_tag}m only",
               f"# a {build_words(other)} Python with this {abi} file: use a "
               f"{build_words(build)} Python {wpy} for it ("
               + (f"the distribution's python{wpy}, or a source build with "
                  "--enable-unicode=ucs4: PYTHON_CONFIGURE_OPTS=\"--enable-unicode=ucs4\" "
                  "pyenv install " + ("2.7.18" if wpy == "2.7" else f"<a {wpy} release>")
                  if build == "wide" else
                  "a source build with the default --enable-unicode=ucs2")
               + f"), or a {theirs} build of the file; do not rename the ABI tag")
        return verdict, cause, fix, ev
    if build == "debug":
        cause = (f" Its ABI tag {abi} names a debug build of CPython {wpy} (the d flag: "
                 "--with-pydebug, python-dbg), whose extensions a release build cannot load; "
                 "pip accepts it only in such a build.")
        fix = ("python -c \"import sys; print(hasattr(sys, 'gettotalrefcount'))\"   # True: a "
               "debug build",
               f"# use a debug build of Python {wpy} (python{wpy}-dbg) for this file, or a "
               "release build of the file; do not rename the ABI tag")
    else:
        cause = (f" Its ABI tag {abi} names a free-threaded build of CPython {wpy} (the t "
                 "flag, python3.13t), whose extensions the default build cannot load; pip "
                 "accepts it only in such a build.")
        fix = ("python -c \"import sysconfig; print(sysconfig.get_config_var('Py_GIL_DISABLED'))"
               "\"   # 1: a free-threaded build",
               f"# use a free-threaded Python {wpy} (python{wpy}t) for this file, or a build of "
               "the file for the default interpreter; do not rename the ABI tag")
    return verdict, cause, fix, []


__all__ = ["abi_build", "build_words", "flags_cause_and_fix", "shown_width"]
