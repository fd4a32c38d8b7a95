"""A TensorFlow release pinned from before its macOS arm64 wheels, on a Mac.

Source: platform fact ``macos-arm64-tensorflow-first`` (tensorflow/docs pip.md, "Update M1
pip instructions", with TensorFlow 2.13; Apple's tensorflow-metal page): ``tensorflow``
publishes macOS arm64 wheels from 2.13; before it Apple silicon got TensorFlow as
``tensorflow-macos``.  pip on an arm64 Python therefore offers no ``tensorflow`` older than
2.13 ("from versions: none" before 2.13 existed), while an Intel (x86_64) Python gets the
x86_64 wheels of every release up to 2.16.
"""

from __future__ import annotations

import re

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


def _admits_arm64_release(ctx: Facts, spec: str, since: tuple[int, int]) -> bool | None:
    """Whether the requirement's specifier (``"<2.10,>=2.4.1"``, ``"==2.8.*"``) admits a
    macOS release the knowledge lists (tested configurations) from ``since`` on; ``None``
    when the specifier does not parse (``packaging``), so nothing is claimed."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    try:
        wanted = SpecifierSet(spec)
    except InvalidSpecifier:
        return None
    for row in ctx.kb.releases("macos"):
        minor = tf_minor(row.release)
        if minor is None or minor < since:
            continue
        try:
            if wanted.contains(Version(row.release), prereleases=True):
                return True
        except InvalidVersion:
            continue
    return False


def apple_silicon_requirement(ctx: Facts, pkg: str, listed: list[str],
                              nod: list[Hit]) -> Finding | None:
    """``tensorflow-no-matching-distribution`` (variant ``apple-silicon-requirement``): on an
    Apple-silicon Mac pip finds no ``tensorflow`` for a requirement (often another package's:
    "(from magenta)") whose range stays below the first release with arm64 wheels
    (platform fact ``macos-arm64-tensorflow-first``), or a bare one with nothing listed
    while the log names ``tensorflow-macos`` (that era's Apple-silicon TensorFlow, which pip
    does not count as ``tensorflow``).  ``None`` elsewhere: not macOS, an Intel Mac or one
    not known to be Apple silicon, a release from that one on listed, another package."""
    if pkg != "tensorflow" or ctx.os != "macos" or ctx.intel_mac is not False:
        return None
    fact = ctx.kb.platform_fact("macos-arm64-tensorflow-first")
    first = fact.value("tf_version")
    since = tf_minor(first)
    if since is None or any((v := tf_minor(x)) is not None and v >= since for x in listed):
        return None
    ranged = ctx.h("pip.range_not_offered").all()
    spec = next((h.g("spec") for h in ranged if h.g("spec")), None) or next(
        (h.g("spec") for h in nod if h.g("spec")), None) or ""
    parent = next((h.g("parent") for h in ranged if h.g("parent")), None)
    if parent is None:
        m = re.search(r"\(from ([\w.-]{1,80})[^)]{0,120}\)", " ".join(h.text for h in nod))
        parent = m.group(1) if m else None
    admits = _admits_arm64_release(ctx, spec, since) if spec else None
    macos_named = ctx.h("ctx.tf_macos_named").all()
    if spec:
        if admits is not False:
            return None
    elif listed or not macos_named:
        return None
    before = fact.value("package_before")
    wanted = f"tensorflow{spec}" if spec else "tensorflow"
    who = f"{parent} requires {wanted}" if parent else f"The requirement is {wanted}"
    seen = f" (the log names {before} too)" if macos_named else ""
    cause = (f"{who}, and on a Mac `tensorflow` has arm64 (Apple silicon) wheels only from "
             f"{first} (knowledge row {fact.ref}); before it, Apple silicon got TensorFlow as "
             f"the separately named {before}{seen}, which pip does not count as `tensorflow`. "
             + ("No release in that range has an arm64 wheel, so pip finds none."
                if spec else
                "pip lists no release at all: the log is from before "
                f"{first}, or this pip is too old for the wheels' macOS tags."))
    fix = [_MACHINE + "   # arm64: Apple silicon with a native Python",
           (f"pip install {parent} --no-deps   # then install its other requirements "
            f"yourself, keeping {before} (and tensorflow-metal) as the TensorFlow"
            if parent else
            f"pip install {before}   # the Apple-silicon TensorFlow of that era, in place of "
            "tensorflow"),
           (f"# or a release of {parent} (or its source) that accepts {before} or "
            f"tensorflow>={first}" if parent else
            f"# or move the requirement to tensorflow>={first}, which has arm64 wheels")]
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="apple-silicon-requirement",
        first=first, package=before, evidence=log_evidence(nod, macos_named[:1]),
        cause=cause, fix=tuple(fix), knowledge_ref=fact.ref,
    )


def apple_silicon_none_listed(ctx: Facts, pkg: str, listed: list[str],
                              nod: list[Hit]) -> Finding | None:
    """``tensorflow-no-matching-distribution`` (variant ``apple-silicon-none-listed``): a
    bare requirement on ``tensorflow``, pip's list empty ("from versions: none"), on a Mac the
    log shows as Apple silicon (an M-series chip, or ``arm64`` named outside a wheel file
    name), with no ``tensorflow-macos`` named (that is :func:`apple_silicon_requirement`'s).
    tensorflow/tensorflow#57444 (macOS M1 (arm64), TensorFlow 2.9, August 2022: closed as a
    duplicate of #57185, whose answer is that Apple silicon wheels were published as
    tensorflow-macos).  ``None`` elsewhere."""
    from tfgpu.diagnosis.checks.pip_machine_wheels import log_machine

    chip = next((h for h in ctx.h("tools.apple_chip").all() if h.g("gen")), None)
    # an Apple M-series chip named (sysctl machdep.cpu.brand_string, About This Mac) is a Mac
    # even where the log shows no other macOS line (new user's review 49: not Linux aarch64)
    mac = ctx.os == "macos" or (ctx.os is None and chip is not None)
    if pkg != "tensorflow" or not mac or listed or ctx.intel_mac:
        return None
    if any((h.g("spec") or "").strip() for h in nod) or ctx.h("ctx.tf_macos_named").count:
        return None
    if not any(h.g("versions") is not None for h in nod):
        return None
    machine = log_machine(ctx)
    if chip is not None:
        shown, shown_hit = f"an Apple M{chip.g('gen')}", chip
    elif machine is not None and machine[0] == "aarch64":
        shown, shown_hit = machine[1], machine[2]
    else:
        return None
    fact = ctx.kb.platform_fact("macos-arm64-tensorflow-first")
    first, before = fact.value("tf_version"), fact.value("package_before")
    pipmin = ctx.kb.platform_fact("pip-min-version").value("macos")
    since = tf_minor(first)
    tf = tf_minor(ctx.tf_version or "")
    old_tf = tf is not None and since is not None and tf < since
    cause = (f"The log shows an Apple-silicon Mac ({shown}, line {shown_hit.line}), and pip "
             f"lists no `tensorflow` release at all. `tensorflow` has macOS arm64 wheels only "
             f"from {first} (knowledge row {fact.ref}); before it, Apple silicon got TensorFlow "
             f"as {before}, which pip does not count as `tensorflow`. So pip on an arm64 Python "
             f"lists nothing when the log is older than {first} (the TensorFlow of that time "
             f"is {before}), when this Python is one no arm64 release was built for, or when "
             f"pip is older than {pipmin}, the first that reads macOS 11+ wheel tags."
             + (f" The TensorFlow named here ({ctx.tf_version}) is older than {first}: on "
                f"Apple silicon it is {before}." if old_tf else ""))
    series = f"{tf[0]}.{tf[1]}" if old_tf and tf is not None else None
    fix = (_MACHINE + "   # arm64: Apple silicon with a native Python",
           (f'pip install "{before}=={series}.*"   # TensorFlow {series} on Apple silicon'
            if series else
            f'pip install "tensorflow>={first}"   # arm64 wheels, for the Python versions '
            "those releases support"),
           f"# a TensorFlow older than {first} on Apple silicon: pip install {before} (from "
           f"{fact.value('package_before_first')}), that era's Apple-silicon build",
           f"python -m pip install --upgrade pip   # pip >= {pipmin} reads macOS 11+ tags")
    return catalogue.make(
        "tensorflow-no-matching-distribution", variant="apple-silicon-none-listed",
        first=first, package=before, evidence=log_evidence(nod, [shown_hit]), cause=cause,
        fix=fix, knowledge_ref=fact.ref)
