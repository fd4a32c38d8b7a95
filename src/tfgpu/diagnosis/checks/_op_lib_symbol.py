"""The library and symbol of an ``op.lib_symbol`` hit: an op library (an add-on's or a custom
op's) that did not load because a symbol it needs is missing.

Source (message format): TensorFlow's ``load_op_library`` raises ``NotFoundError`` with
``dlerror()``'s text (``tensorflow/core/platform/default/load_library.cc``); glibc's text for
a missing symbol is ``<object>: undefined symbol: <name>[, version <v>]`` (glibc
``elf/dl-lookup.c``). Read by checks.custom_ops and checks.addons.
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit

__all__ = ["UNDEFINED", "op_lib_symbol"]

#: glibc's words between the object and the symbol it lacks.
UNDEFINED = ": undefined symbol:"

#: The shared library named before glibc's ": undefined symbol: " is the last word there
#: (after a space, quote, bracket or parenthesis)...
_WORD_SEP = re.compile(r"[\s'\"\[(]")
#: ... ending in .so or .so.<version>.
_SO_NAME = re.compile(r"\.so(?:\.[\w.]{1,20})?$")


def op_lib_symbol(hit: Hit) -> tuple[str, str]:
    """``(library path, missing symbol)`` of an ``op.lib_symbol`` hit (the pattern's groups
    ``sym``/``msym``/``msym2`` and ``mlib``); the path is ``""`` when the word before glibc's
    text is not a shared library (``.so``, ``.so.<version>``), the symbol ``""`` when the hit
    names none. Never raises."""
    sym = hit.g("sym") or hit.g("msym") or hit.g("msym2") or ""
    lib = hit.g("mlib") or ""
    if hit.g("sym") and UNDEFINED in hit.text:
        word = _WORD_SEP.split(hit.text[: hit.text.index(UNDEFINED)])[-1]
        lib = word if _SO_NAME.search(word) else ""
    return lib.strip(), sym
