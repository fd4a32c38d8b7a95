"""Whether requirements on one package, as pip prints them, admit a common version.

pip writes a requirement's specifiers joined by "," in its post-install check ("protobuf!=
4.21.0,...,<5.0.0dev,>=3.20.3", commands/install.py _warn_about_conflicts) and by ", " with
" and " before the last in its conflict report ("numpy<=1.24.3 and >=1.22",
resolution/resolvelib/requirements.py format_for_error, pypa/pip at 6d30920); packaging's
``SpecifierSet`` reads either once the words are normalised.  A version both admit is
looked for among the versions the specifiers name themselves (a lower bound such as
TensorFlow 2.15's ">=3.20.3" names a published release): tf2onnx 1.16.0's
"protobuf~=3.20.2" and tensorflow-intel 2.15.0's range meet at 3.20.3, the version the
tf2onnx maintainer names in onnx/tensorflow-onnx#2287 ("upgrade protobuf to 3.20.3 and
tf2onnx supports it as well").
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

#: A requirement's leading name and extras ("protobuf", "tensorflow[and-cuda]").
_NAME = re.compile(r"^\s*[A-Za-z0-9][\w.-]*(?:\[[^\]]*\])?")


def specifiers(req: str) -> SpecifierSet | None:
    """The specifiers of requirement ``req`` as pip prints it (name, extras and an
    environment marker dropped; " and " read as ","), or ``None`` when they do not parse or
    there are none."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    text = _NAME.sub("", req.split(";", 1)[0]).replace(" and ", ",").replace(" ", "")
    if not text:
        return None
    try:
        return SpecifierSet(text)
    except InvalidSpecifier:
        return None


def common_version(specs: list[SpecifierSet]) -> Version | None:
    """The newest final version that every one of ``specs`` admits among the versions they
    name with an inclusive operator (``>=``, ``<=``, ``==``, ``~=``), or ``None``: none of
    them fits all (the ranges may still meet between named versions; the caller words that
    as unknown)."""
    from packaging.version import InvalidVersion, Version

    named: set[Version] = set()
    for spec in specs:
        for sp in spec:
            if sp.operator in (">=", "<=", "==", "~=") and "*" not in sp.version:
                try:
                    named.add(Version(sp.version))
                except InvalidVersion:
                    continue
    fits = [v for v in named
            if not v.is_prerelease and all(s.contains(v) for s in specs)]
    return max(fits, default=None)


__all__ = ["common_version", "specifiers"]
