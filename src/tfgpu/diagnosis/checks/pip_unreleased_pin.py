"""A pin ``==X.Y.Z`` whose release pip does not list while it lists release candidates of it
(``X.Y.ZrcN``) and no final release after it: X.Y.Z is not published on the index pip reads
(not yet, or a mirror that lags), not a version that can never exist nor one built for other
Pythons.

pip's "(from versions: ...)" (pip ``resolution/resolvelib/factory.py``) lists every release,
pre-releases included, that has a file this interpreter accepts.  Projects publish a
version's release candidates first and the final release after them (PEP 440 orders
``X.Y.ZrcN`` before ``X.Y.Z``), and a package released beside another may follow it by days:
tensorflow/tensorflow#61984 (tensorflow 2.14.0's macOS arm64 wheel requires
``tensorflow-macos==2.14.0``, whose list the day after ended at ``2.14.0rc0, 2.14.0rc1``;
tensorflow/text#1234: "For the 2.14 release, the tensorflow-macos version should be 2.14.0").
A version can also be skipped after its candidates (``pip index versions tensorflow --pre``,
2026-12-07: 2.16.0rc0, then 2.16.1; no 2.16.0), so the cause names that too.
Read for every distribution by the pin readers of checks/pip_reports.py (TensorFlow, Apple's
packages, dependencies) and checks/no_matching_wheel.py (other packages' requirements).
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit


def unreleased(pin: str, listed: list[str]) -> tuple[list[str], str | None] | None:
    """``(the pre-releases of pin pip lists, the newest final release below pin or None)``
    when ``pin`` is a final release pip does not list while it lists pre-releases of that
    same version and no final release at or after it; else ``None``."""
    from packaging.version import InvalidVersion, Version

    try:
        want = Version(pin)
        versions = [(x, Version(x)) for x in listed]
    except InvalidVersion:
        return None
    if want.is_prerelease or want.is_devrelease or want.local:
        return None
    pre = [x for x, v in versions if v.pre is not None and v.release == want.release
           and v.epoch == want.epoch]
    if not pre or any(not v.is_prerelease and v >= want for _, v in versions):
        return None
    below = [v for _, v in versions if not v.is_prerelease and v < want]
    return pre, (str(max(below)) if below else None)


def parent_of(hit: Hit) -> str | None:
    """The project pip names as requiring the pin ("(from tensorflow)",
    "(from tensorflow==2.14.0)"), not a requirements file's "(from -r ...)"."""
    m = re.search(r"\(from ([A-Za-z0-9][\w.-]{0,80})(?:[<>=!~\[][^)]{0,80})?\)", hit.text)
    return m.group(1) if m else None


def unreleased_reading(dist: str, pin: str, listed: list[str],
                       hits: list[Hit]) -> tuple[str, tuple[str, ...], str] | None:
    """``(cause, fix lines, the release candidates listed)`` of a pin :func:`unreleased`
    reads, for the caller's finding (variant ``not-yet-published``, whose cause template is
    ``{why}``), else ``None``."""
    pkg = dist
    read = unreleased(pin, listed)
    if read is None:
        return None
    pre, prev = read
    parent = next((p for h in hits if (p := parent_of(h))), None)
    why = (f" {parent} requires {pkg}=={pin} (pip's '(from {parent})'): {pkg} {pin} is released "
           f"beside it, and was not out yet when this ran." if parent else "")
    cause = (f"pip lists {pkg} {', '.join(pre)}: release candidates of {pin}, but not {pin} "
             "itself and no final release after it. A project publishes a version's release "
             f"candidates first and the final release after them, so {pkg} {pin} is not "
             "published on the index pip reads: not yet (a package released beside another can "
             "follow it by days), or that index (a mirror) lags behind, or, rarely, the "
             "version was skipped (tensorflow 2.16.0rc0 was followed by 2.16.1). Not a Python "
             f"or platform matter: the candidates of {pin} have files for this interpreter."
             f"{why}")
    series = ".".join(prev.split(".")[:2]) if prev else None
    fix = [f"pip index versions {pkg}   # lists {pin} once it is published; then install again"]
    if parent and series and parent.lower().replace("_", "-") == "tensorflow":
        fix.append(f'pip install "tensorflow=={series}.*"   # meanwhile: the TensorFlow '
                   f"release whose {pkg} ({prev}) is published")
    elif parent:
        fix.append(f"# meanwhile: an earlier {parent} release, whose {pkg} requirement is "
                   "published")
    else:
        if prev:
            fix.append(f'pip install "{pkg}=={prev}"   # meanwhile: the newest published '
                       "release")
        fix.append(f'pip install --pre "{pkg}=={pre[-1]}"   # or the release candidate, if '
                   "one will do")
    return cause, tuple(fix), ", ".join(pre)
