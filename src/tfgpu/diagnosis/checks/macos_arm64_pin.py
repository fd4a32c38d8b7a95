"""A TensorFlow release pinned from before its macOS arm64 wheels, on a Mac.

Source: platform fact ``macos-arm64-tensorflow-first`` (tensorflow/docs pip.md, "Update M1
pip instructions", with TensorFlow 2.13; Apple's tensorflow-metal page): ``tensorflow``
publishes macOS arm64 wheels from 2.13; before it Apple silicon got TensorFlow as
``tensorflow-macos``.  pip on an arm64 Python therefore offers no ``tensorflow`` older than
2.13 ("from versions: none" before 2.13 existed), while an Intel (x86_64) Python gets the
x86_64 wheels of every release up to 2.16.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError

#: What tells an Apple-silicon Mac's native Python from an Intel one (``platform.machine()``:
#: ``arm64`` native, ``x86_64`` on an Intel Mac or under Rosetta 2).
_MACHINE = 'python -c "import platform; print(platform.machine())"'


def _python_fits(ctx: Facts, pin: str) -> bool:
    """Whether this Python (host facts) is one the pinned release was built for on macOS;
    ``True`` when the facts do not say (the log's listing decides then)."""
    py = ctx.host.python.version if ctx.host is not None else None
    if not py:
        return True
    try:
        row = ctx.kb.config_for(pin, "macos")
    except KnowledgeQueryError:
        return True
    if row is None or not row.python_min or not row.python_max:
        return True
    have = tf_minor(py)
    lo, hi = tf_minor(row.python_min), tf_minor(row.python_max)
    return None in (have, lo, hi) or lo <= have <= hi  # type: ignore[operator]


def apple_silicon_pin(ctx: Facts, pkg: str, pin: str | None, listed: list[str],
                      nod: list[Hit]) -> Finding | None:
    """``tensorflow-no-matching-distribution`` (variant ``apple-silicon-pin``): pip finds no
    ``tensorflow==<pin>`` on macOS, the pin is older than the first release with arm64
    wheels, pip lists nothing older than that release, and this Python is one the pin was
    built for.  On an Intel Mac pip would list the pin's x86_64 wheel, so the Mac is an
    Apple-silicon one with an arm64 Python; when pip lists nothing at all, an old pip on an
    Intel Mac lists nothing too, so the finding names that check as well.  ``None`` on an
    Intel Mac, off macOS, for another package or a newer pin."""
    if pkg != "tensorflow" or not pin or ctx.os != "macos" or ctx.intel_mac:
        return None
    fact = ctx.kb.platform_fact("macos-arm64-tensorflow-first")
    first = fact.value("tf_version")
    want, since = tf_minor(pin), tf_minor(first)
    if want is None or since is None or want >= since or not _python_fits(ctx, pin):
        return None
    if any((v := tf_minor(x)) is not None and v < since for x in listed):
        return None  # older releases are offered: an x86_64 Python, another cause
    before = fact.value("package_before")
    series = ".".join(pin.split(".")[:2])
    machine = (ctx.host.os.machine or ctx.host.cpu.machine or "") if ctx.host else ""
    shown = (f" The host facts show {machine}." if machine else
             " pip lists only releases from that one on: an arm64 Python." if listed else
             " pip lists no release at all: an arm64 Python before that release existed "
             "(or a pip too old for the wheels' macOS tags on an Intel Mac).")
    cause = (f"On a Mac, tensorflow publishes arm64 (Apple silicon) wheels only from {first} "
             f"(knowledge row {fact.ref}); before it, Apple silicon got TensorFlow as "
             f"{before}. The pinned tensorflow {pin} has no arm64 wheel, so pip on an arm64 "
             f"Python finds none, whatever its version.{shown}")
    oldest = tf_minor(fact.value("package_before_first"))
    build = (f'pip install "{before}=={series}.*"   # arm64: the Apple-silicon build of '
             f"{series}, in place of tensorflow=={pin} in the requirements"
             if oldest is not None and want >= oldest else
             f"# arm64: no Apple-silicon build of {series} exists ({before} starts at "
             f"{fact.value('package_before_first')}): move the pin to a newer release")
    fix = (_MACHINE + "   # arm64: Apple silicon with a native Python; x86_64: an Intel Mac "
           "or a Python under Rosetta",
           build,
           f"# or drop the pin: pip install tensorflow   # {first} and later have arm64 wheels",
           "python -m pip install --upgrade pip   # x86_64 (Intel Mac): an old pip lists no "
           "wheel for newer macOS versions")
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="apple-silicon-pin", pin=pin,
        first=first, package=before, evidence=log_evidence(nod), cause=cause, fix=fix,
        knowledge_ref=fact.ref,
    )
