"""pip's "<wheel> is not a supported wheel on this platform" for any wheel, read from its tags.

pip prints it (``resolution/legacy/resolver.py``, ``resolution/resolvelib/factory.py``) when
none of the wheel's tags (``{python}-{abi}-{platform}``, PEP 427 file name) is among the tags
this pip accepts for this interpreter.  Three things decide that set: the Python version and
implementation, the OS and CPU, and the pip version itself: a pip older than the release that
added a platform tag rejects every wheel of that tag (platform fact ``pip-platform-tag-first``:
manylinux2010 19.0, manylinux2014 19.3, PEP 600 ``manylinux_X_Y`` and macOS 11+ 20.3).  The
line alone cannot tell them apart, so the finding is a hedge naming them with the command
that lists the accepted tags (``pip debug --verbose``, pip >= 19.2).

TensorFlow's own wheels keep their finding (``tensorflow-no-matching-distribution`` variant
``wheel-file``, checks/pip_reports.py), which names the pip version too when their platform tag
is one an older pip rejects (:func:`tag_needs_newer_pip`).

An arm64 macOS wheel refused on an Apple-silicon Mac whose Python reports x86_64 is an Intel
Python under Rosetta (checks/_rosetta_wheel.py): that finding replaces the hedge.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._rosetta_wheel import rosetta_wheel
from tfgpu.diagnosis.checks.pip_machine_wheels import FAMILY_WORDS, family, log_machine
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeQueryError

#: The TensorFlow wheels whose rejection checks/pip_reports.py reads (``_TF_ITSELF`` and the
#: retired GPU name), normalised.
_TF_WHEELS = frozenset({"tensorflow", "tensorflow-cpu", "tf-nightly", "tf-nightly-cpu",
                        "tensorflow-aarch64", "tensorflow-cpu-aws", "tensorflow-gpu"})


def _tag_key(plat: str) -> str | None:
    """The ``pip-platform-tag-first`` key of a wheel's platform tag (a compressed tag set
    ``a.b`` counts by its first tag), else ``None`` (a tag every pip of the last years knows,
    or an unknown one)."""
    first = plat.split(".")[0].lower()
    if first.startswith("manylinux2010"):
        return "manylinux2010"
    if first.startswith("manylinux2014"):
        return "manylinux2014"
    if re.match(r"manylinux_\d+_\d+_", first):
        return "manylinux_x_y"
    m = re.match(r"macosx_(\d+)_\d+_", first)
    if m and int(m.group(1)) >= 11:
        return "macosx_11+"
    return None


def tag_needs_newer_pip(ctx: Facts, plat: str) -> tuple[str, str, str] | None:
    """``(tag kind, first pip that accepts it, knowledge ref)`` when the wheel platform tag
    ``plat`` is one a pip older than that release rejects (platform fact
    ``pip-platform-tag-first``), else ``None``."""
    key = _tag_key(plat)
    if key is None:
        return None
    try:
        fact = ctx.kb.platform_fact("pip-platform-tag-first")
    except KnowledgeQueryError:
        return None
    for item in fact.items("tags"):
        tag, _, first = item.partition("=")
        if tag == key:
            return key, first, fact.ref
    return None


def _other_machine(ctx: Facts, h: Hit, wheel: str, plat: str) -> Finding | None:
    """Variant ``other-machine`` when the log names one CPU family for this machine
    (``log_machine``) and the wheel's platform tag names another, else ``None``."""
    fam, machine = family(plat), log_machine(ctx)
    if fam is None or machine is None or machine[0] == fam:
        return None
    mac = ""
    if plat.startswith("macosx") and fam == "aarch64":
        mac = (" On a Mac, x86_64 is an Intel Mac (which runs no arm64 wheel) or an Intel "
               "Python under Rosetta 2 on Apple silicon (an Intel Anaconda, a Terminal set to "
               "'Open using Rosetta'), where a native arm64 Python takes the wheel; `sysctl -n "
               "machdep.cpu.brand_string` (Apple M...) and `file $(which python)` tell which.")
    return catalogue.make(
        "pip-wheel-tags-unsupported", variant="other-machine", wheel=wheel, tag=plat,
        wheel_cpu=FAMILY_WORDS[fam], machine=machine[1], line=str(machine[2].line), mac=mac,
        evidence=log_evidence([h], [machine[2]]),
        fix=("python -c \"import sys, platform; print(sys.version, platform.machine())\"   "
             "# the CPU (and Python) a wheel must name",
             "python -m pip debug --verbose   # 'Compatible tags': the tags this pip and "
             f"Python accept; the wheel needs one of {h.g('py')}-{h.g('abi')}-{plat}",
             *(("sysctl -n machdep.cpu.brand_string; file $(which python)   # Apple M...: "
                "Apple silicon; an x86_64-only python binary: make a new environment from a "
                "native arm64 Python (Miniforge arm64, python.org universal2)",)
               if mac else ("# install the build of this package for this CPU (pip "
                            "install <package> lets pip pick it)",))))


def pip_wheel_tags_unsupported(ctx: Facts) -> list[Finding]:
    """``pip-wheel-tags-unsupported`` (a hedge, category ``unknown``): pip rejected a wheel
    file of a package other than TensorFlow (see the module docstring).  Variant ``pip-tag``
    when the platform tag is one older pips reject: the pip version is named first among the
    causes, with the upgrade.

    Returns:
        One finding for the first rejected wheel, or nothing.
    """
    for h in ctx.h("pip.wheel_tags").all():
        pkg, plat = h.g("pkg") or "", h.g("plat") or ""
        if c.dist_key(pkg) in _TF_WHEELS:
            continue  # checks/pip_reports.py reads TensorFlow's own wheel
        newer = tag_needs_newer_pip(ctx, plat)
        wheel = f"{pkg}-{h.g('v')}-{h.g('py')}-{h.g('abi')}-{plat}.whl"
        # an arm64 wheel, an Apple-silicon Mac, an x86_64 Python: Rosetta
        # (checks/_rosetta_wheel.py)
        rosetta = None if h.g("stray") else rosetta_wheel(ctx, wheel, plat, [h])
        if rosetta is not None:
            return [rosetta]
        other = None if h.g("stray") else _other_machine(ctx, h, wheel, plat)
        if other is not None:
            return [other]
        fix = [*(("# rename the file: no space before '.whl' (pip reads it as part of the "
                  "platform tag, which no Python accepts), then install it again",)
                 if h.g("stray") else ()),
               "python -m pip debug --verbose   # 'Compatible tags': the tags this pip and "
               "Python accept (pip >= 19.2); the wheel needs one of "
               f"{h.g('py')}-{h.g('abi')}-{plat}",
               "python -c \"import sys, platform; print(sys.version, platform.platform(), "
               "platform.machine())\"   # the Python version, OS and CPU the tags must name"]
        if newer is not None:
            kind, first, ref = newer
            fix.insert(0, f"python -m pip install --upgrade \"pip>={first}\"   # pip < {first} "
                          f"does not know {kind} wheels")
            return [catalogue.make(
                "pip-wheel-tags-unsupported", variant="pip-tag", wheel=wheel, tag=plat,
                kind=kind, first=first, evidence=log_evidence([h]), fix=tuple(fix),
                knowledge_ref=ref)]
        fix.append(f"# then install a {pkg} wheel whose tags are in that list (or let pip "
                   f"pick one: pip install {pkg}=={h.g('v')})")
        return [catalogue.make(
            "pip-wheel-tags-unsupported", wheel=wheel, py=h.g("py") or "?",
            tag=plat, evidence=log_evidence([h]), fix=tuple(fix))]
    return []
