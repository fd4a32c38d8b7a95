"""Which C++ string ABI a missing TensorFlow symbol was compiled for, read from its mangled
name (``-D_GLIBCXX_USE_CXX11_ABI``): read by checks.custom_ops and checks.bare_tf_symbol.

Sources:

* GCC's dual ABI (libstdc++ manual, "Dual ABI"): with ``_GLIBCXX_USE_CXX11_ABI=1`` std::string
  is ``std::__cxx11::basic_string`` (mangled ``NSt7__cxx1112basic_string...``); with ``=0`` it
  is the old ``std::basic_string`` (``Ss``).  A function that returns the new string and takes
  none gets the ``[abi:cxx11]`` tag after its name (``B5cxx11``); the old ABI's name has none.
* When TensorFlow's own builds switched: platform facts ``tf-pip-cxx11-abi`` (pip packages use
  ``=1`` from 2.9.0, TensorFlow's 2.9.0 release notes; conda and source builds may use either)
  and ``tf-abi-tagged-symbols`` (the names a ``=1`` TensorFlow exports with the tag, from the
  2.21 wheel's libtensorflow_framework.so.2).
"""

from __future__ import annotations

import re
from typing import Literal

from tfgpu.facts.view import Facts, tf_minor
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

__all__ = ["Abi", "abi_of_symbol", "pip_abi_flag", "qualified_name", "tagged_twin"]

#: What a mangled name says about the ABI its caller was compiled with: ``"new"`` (it takes or
#: returns the C++11 string: ``=1``), ``"old"`` (it takes the pre-C++11 string: ``=0``),
#: ``"old-return"`` (the untagged name of a function that returns a string, which a ``=1``
#: TensorFlow exports with the tag: the caller used ``=0``; platform fact
#: ``tf-abi-tagged-symbols``).
Abi = Literal["new", "old", "old-return"]

#: The C++11 string in a parameter, or the ``[abi:cxx11]`` tag of a string-returning function.
_NEW = re.compile(r"__cxx11|B5cxx11")

#: The pre-C++11 std::string as a parameter (``Ss`` by value, reference, pointer, or nested).
_OLD = re.compile(r"(?:^|[^A-Za-z])N?Ss|ESs|RKSs|PSs")

#: The start of a nested mangled name: ``_ZN`` then an optional ``K`` (a const method).
_NESTED = re.compile(r"_ZNK?")
_LEN = re.compile(r"\d{1,4}")


def _components(sym: str) -> tuple[int, list[str]]:
    """The ``<length><identifier>`` components of the nested name ``sym`` and the index right
    after the last one (where the ``E`` or the ABI tag ``B`` stands); ``(0, [])`` when ``sym``
    is not a nested name of two or more plain components."""
    m = _NESTED.match(sym)
    if m is None:
        return 0, []
    i, parts = m.end(), []
    while i < len(sym):
        n = _LEN.match(sym, i)
        if n is None:
            break
        size = int(n.group())
        parts.append(sym[n.end():n.end() + size])
        i = n.end() + size
    if i >= len(sym) or sym[i] not in "EB" or len(parts) < 2:
        return 0, []
    return i, parts


def qualified_name(sym: str) -> str:
    """``"tensorflow::OpKernel::TraceString"`` for ``_ZNK10tensorflow8OpKernel11TraceStringERK...``:
    the ``<length><identifier>`` components of a nested Itanium name up to its end (``E``) or
    ABI tag (``B``); ``""`` for a name that is not nested or holds template arguments there.
    Never raises."""
    return "::".join(_components(sym)[1])


def _tagged_symbols(ctx: Facts) -> frozenset[str]:
    """The names of platform fact ``tf-abi-tagged-symbols``; empty when the fact is missing or
    malformed."""
    try:
        return frozenset(ctx.kb.platform_fact("tf-abi-tagged-symbols").items("symbols"))
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return frozenset()


def tagged_twin(ctx: Facts, sym: str) -> str:
    """The ``[abi:cxx11]``-tagged name a C++11-ABI TensorFlow exports for ``sym`` when ``sym``
    is that name without the tag (platform fact ``tf-abi-tagged-symbols``); ``""``
    otherwise."""
    end = _components(sym)[0]
    if not end or _NEW.search(sym):
        return ""
    twin = sym[:end] + "B5cxx11" + sym[end:]
    return twin if twin in _tagged_symbols(ctx) else ""


def pip_abi_flag(ctx: Facts, tf_version: str | None) -> int | None:
    """``1`` or ``0``: the ``_GLIBCXX_USE_CXX11_ABI`` value of TensorFlow's pip packages of
    release ``tf_version`` (platform fact ``tf-pip-cxx11-abi``: ``1`` from 2.9); None when the
    version or the fact is unknown.  Conda and source builds may differ."""
    mm = tf_minor(tf_version)
    if mm is None:
        return None
    try:
        first = tf_minor(ctx.kb.platform_fact("tf-pip-cxx11-abi").value("new_abi_from"))
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return None
    if first is None:
        return None
    return 1 if mm >= first else 0


def abi_of_symbol(ctx: Facts, sym: str) -> Abi | None:
    """The ABI the caller of the missing tensorflow:: symbol ``sym`` was compiled with, where
    the mangled name can tell (:data:`Abi`); None where it cannot.

    A C++11-string name (``"new"``) is not read as an ABI mismatch when the log's TensorFlow
    is a release whose pip packages use that ABI too (2.9 and later): the function's name
    differs for another reason there (another release's signature)."""
    if _NEW.search(sym):
        return None if pip_abi_flag(ctx, ctx.tf_version) == 1 else "new"
    if _OLD.search(sym):
        return "old"
    return "old-return" if tagged_twin(ctx, sym) else None
