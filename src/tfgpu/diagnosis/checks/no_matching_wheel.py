"""``tensorflow-no-matching-distribution``: pip finds no wheel for the pinned release: a
TensorFlow 0.x/1.x pin whose wheels exist only for older Pythons, or tensorflow-directml
(TensorFlow 1.15 with DirectML, wheels for the Pythons of platform fact
``tensorflow-directml-python`` only).

An NVIDIA CUDA package of ``tensorflow[and-cuda]`` with no wheel for this platform
(``and_cuda_nvidia_wheel_unavailable``):

* pip ``src/pip/_internal/resolution/resolvelib/factory.py``
  ``_report_single_requirement_conflict`` (pypa/pip, mirrored HEAD): "Could not find a version
  that satisfies the requirement {req} (from {parent}) (from versions: {...})", the versions
  being every candidate pip's finder accepts for this interpreter and platform; NVIDIA's
  ``nvidia-*-cu1x`` wheels that TensorFlow's ``[and-cuda]`` extra pins (knowledge rows
  tf_pip_cuda_wheels, read from the Linux wheel's METADATA) are Linux wheels, beside a
  ``0.0.1.devN`` source placeholder; platform fact: no native Windows GPU build after 2.10.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._common import dist_key
from tfgpu.diagnosis.checks.pip_index import (
    index_maybe_unread,
    index_unread_before,
    listed_releases,
)
from tfgpu.diagnosis.checks.pip_machine_wheels import aarch64_no_wheel
from tfgpu.diagnosis.checks.pip_platform_gap import PlatformGap, range_gap, wsl_or_machine
from tfgpu.diagnosis.checks.pip_unreleased_pin import unreleased_reading
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

if TYPE_CHECKING:
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version


def old_release_pin(hit: Hit) -> str | None:
    """The pinned TensorFlow 0.x/1.x release of a pip "No matching distribution" line
    (``tensorflow-gpu==1.4.1`` -> ``"1.4.1"``, a prefix match ``==1.15.*`` -> ``"1.15"``), else
    ``None``.  Such a pin names a real release with binaries (tensorflow-gpu's placeholder is
    2.12), so the fault is the interpreter, not the retired name.

    a range whose upper bound is a 0.x/1.x release (``<=1.14.0,>=1.10.0``,
    ``>=1.10,<1.15``, ``<2``, ``~=1.15.0``) names real releases too: its newest allowed
    release is returned (``"1.14.0"``, ``"1.14"``, ``"1.15"``: 1.15 is the last 1.x series); a
    range without such an upper bound (``>=1.10``) may resolve to the placeholder, so
    ``None``.
    """
    spec = (hit.g("spec") or "").strip()
    m = re.fullmatch(r"==\s*([01]\.\d+(?:\.\d+)?)(?:\.\*)?", spec)  # ==1.15.* names 1.15
    if m:
        return m.group(1)
    for part in spec.split(","):
        part = part.strip()
        if (m := re.fullmatch(r"<=\s*([01]\.\d+(?:\.\d+)?)", part)):
            return m.group(1)
        # PEP 440's compatible release: ~=1.15.0 is >=1.15.0,<1.16 (newest 1.15), ~=1.14 is
        # >=1.14,<2 (newest 1.15, the last 1.x series)
        if (m := re.fullmatch(r"~=\s*([01])\.(\d+)(\.\d+)?", part)):
            return f"{m.group(1)}.{m.group(2)}" if m.group(3) or m.group(1) == "0" else "1.15"
        if (m := re.fullmatch(r"<\s*([01])\.(\d+)(?:\.0)?", part)) and int(m.group(2)) > 0:
            return f"{m.group(1)}.{int(m.group(2)) - 1}"
        if re.fullmatch(r"<\s*2(?:\.0){0,2}", part):
            return "1.15"
    return None


def _tf1_pythons(f: Facts, release: str, os: str) -> tuple[str, str] | None:
    """``(python versions, knowledge ref)`` of TensorFlow ``release`` (1.x) on ``os``
    ("linux" / "windows") from platform fact ``tf1-python-versions``, else ``None``."""
    fact = f.kb.platform_fact("tf1-python-versions")
    mm = tuple(int(x) for x in release.split(".")[:2])
    for entry in fact.values.get(os, ()):
        span, _, pythons = str(entry).partition("=")
        lo, _, hi = span.partition("-")
        lo_t = tuple(int(x) for x in lo.split("."))
        hi_t = tuple(int(x) for x in (hi or lo).split("."))
        if lo_t <= mm <= hi_t:
            return pythons.replace(",", ", "), fact.ref
    return None


def _in_pythons(py: str, pythons: str) -> bool:
    """``py`` ("3.7.4") is one of ``pythons`` ("2.7, 3.3-3.6")."""
    m = re.match(r"(\d+)\.(\d+)", py)
    if m is None:
        return True  # unknown: not "outside"
    have = (int(m.group(1)), int(m.group(2)))
    for part in pythons.split(","):
        lo, _, hi = part.strip().partition("-")
        lo_t = tuple(int(x) for x in lo.split("."))
        hi_t = tuple(int(x) for x in (hi or lo).split("."))
        if lo_t <= have <= hi_t:
            return True
    return False


def _python_set(pythons: str) -> set[tuple[int, int]]:
    """The Python versions a ``tf1-python-versions`` entry names (``"2.7, 3.3-3.6"`` ->
    {(2, 7), (3, 3), ..., (3, 6)})."""
    out: set[tuple[int, int]] = set()
    for part in pythons.split(","):
        lo, _, hi = part.strip().partition("-")
        lo_t = tuple(int(x) for x in lo.split("."))
        hi_t = tuple(int(x) for x in (hi or lo).split("."))
        out |= {(lo_t[0], m) for m in range(lo_t[1], hi_t[1] + 1)} if lo_t[0] == hi_t[0] else set()
    return out


def listed_release_rules_out_python(f: Facts, pin: str, listed: list[str],
                                    os: str) -> tuple[str, str, str] | None:
    """``(release, its Pythons, the pin's Pythons)`` when pip's "(from versions: ...)" list
    ``listed`` holds a final TensorFlow 1.x ``release`` built only for Python versions that
    the pinned 1.x ``pin`` was built for too (platform fact ``tf1-python-versions`` on ``os``):
    pip lists a release only when one of its files fits this interpreter (pip's finder), so
    this Python is one ``pin`` has wheels for and the Python version is not why ``pin`` is
    missing. ``None`` when no listed release shows it (or the pin's Pythons are unknown)."""
    mine = _tf1_pythons(f, pin, os)
    if mine is None or not listed:
        return None
    finals = [tuple(int(x) for x in v.split(".")) for v in listed
              if re.fullmatch(r"\d+\.\d+\.\d+", v)]
    if any(v > tuple(int(x) for x in pin.split(".")) for v in finals):
        # a newer release is listed: the pin is no release at all (tensorflow-gpu 1.13.0)
        # or another story; only a list that stops before the pin says "not this Python"
        return None
    want = _python_set(mine[0])
    for v in reversed(listed):
        if v == pin or not re.fullmatch(r"[01]\.\d+\.\d+", v):
            continue  # pre-releases and 2.x builds are not in the table
        theirs = _tf1_pythons(f, v, os)
        if theirs is not None and _python_set(theirs[0]) and _python_set(theirs[0]) <= want:
            return v, theirs[0], mine[0]
    return None


def tag_or_index_cause(f: Facts, pkg: str, pin: str, neighbour: tuple[str, str, str]
                       ) -> tuple[str, tuple[str, ...]]:
    """Cause and fix of a pinned 1.x release pip does not list while it lists ``neighbour``
    (:func:`listed_release_rules_out_python`): not the Python version, but the files of
    ``pin`` that this pip does not take (an older pip rejects a newer platform tag; TensorFlow's
    wheels need the pip of platform fact ``pip-min-version``), or an index that lacks ``pin``
    (a mirror, ``--index-url``); the log does not tell which."""
    rel, theirs, mine = neighbour
    fact = f.kb.platform_fact("tf1-python-versions")
    pipmin = f.kb.platform_fact("pip-min-version")
    cause = (f"pip lists {pkg} {rel} for this interpreter, and {rel} was built only for Python "
             f"versions {pin} was built for too ({theirs}, against {mine}; knowledge row "
             f"{fact.ref}): this Python has {pin} wheels, so its version is not why pip skips "
             f"{pin}. What is left: the {pin} files carry a platform tag this pip does not "
             "accept (an old pip lists only the releases whose tags it knows; TensorFlow's "
             f"wheels need pip >= {pipmin.value('linux_windows')} on Linux and Windows, knowledge "
             f"row {pipmin.ref}), or the package index pip reads (a mirror, --index-url) does "
             f"not have {pin}. The log does not say which; pip --version and the index tell.")
    fix = ("pip --version   # older than " + pipmin.value("linux_windows") + ": upgrade it",
           "python -m pip install --upgrade pip   # then install the pin again",
           f"pip install -v \"{pkg}=={pin}\" 2>&1 | grep -i -E 'Looking in indexes|Skipping'   "
           "# the index pip reads and why it skips each file (its tag, or no such release "
           "there)")
    return cause, fix


def tf1_pin_no_wheel(f: Facts) -> list[Finding]:
    """pip finds no ``tensorflow-gpu==1.x`` -> ``tensorflow-no-matching-distribution``: that
    release has wheels only for the Python versions of platform fact ``tf1-python-versions``
    (64-bit CPython), and this interpreter is not one of them (CSP#6: Python 3.7 and
    tensorflow-gpu 1.4.1).  ``tensorflow==1.x`` is :func:`pip_reports._no_matching`'s."""
    hits = [h for h in f.h("pip.no_dist").all()
            if (h.g("pkg") or "").lower().replace("_", "-") == "tensorflow-gpu"
            and old_release_pin(h)]
    if not hits:
        return []
    pin = old_release_pin(hits[0]) or "?"
    spec = (hits[0].g("spec") or "").strip()
    # a 1.x range is named with its newest allowed release; a prefix pin (==1.15.*) as written
    wanted = spec.replace(" ", "") if spec.startswith("==") else f"=={pin}"
    named = (wanted[2:] if spec.startswith("==")
             else f"{pin} (the newest release {spec} allows)")
    os = "windows" if f.windows else "linux"
    known = _tf1_pythons(f, pin, os)
    py = f.python_version
    listed = next((vs for h in f.h("pip.no_dist").all()
                   if (h.g("pkg") or "").lower().replace("_", "-") == "tensorflow-gpu"
                   and (vs := listed_releases(h))), [])
    neighbour = (listed_release_rules_out_python(f, pin, listed, os)
                 if spec.startswith("==") and not (py and known and not _in_pythons(py, known[0]))
                 else None)
    if neighbour is not None:
        cause, tag_fix = tag_or_index_cause(f, "tensorflow-gpu", pin, neighbour)
        return [catalogue.make(
            "tensorflow-no-matching-distribution", variant="tag-or-index",
            pkg="tensorflow-gpu", listed=neighbour[0], pin=pin, evidence=log_evidence(hits),
            cause=cause, fix=tag_fix, knowledge_ref=known[1] if known else None,
        )]
    if known is None:
        cause = (f"pip offers no tensorflow-gpu {named} for this interpreter and platform: "
                 "TensorFlow 1.x wheels exist only for 64-bit CPython of the versions each "
                 "release was built for, on Linux and Windows (none for macOS GPU after 1.1).")
        ref = None
    else:
        pythons, ref = known
        cause = (f"tensorflow-gpu {named} was built for Python {pythons} on "
                 f"{'Windows' if os == 'windows' else 'Linux'} (64-bit CPython only; knowledge "
                 f"row {ref}), so pip finds no wheel of it for "
                 + (f"this Python {py}" if py and not _in_pythons(py, pythons) else
                    "this interpreter (another Python version, or a 32-bit Python)")
                 + ".")
    fix = ["python -c \"import sys, struct; print(sys.version, struct.calcsize('P') * 8)\"",
           (f"# create a 64-bit Python {known[0].split(', ')[-1].split('-')[-1]} environment "
            f"and install \"tensorflow-gpu{wanted}\" there" if known else
            f"# create a 64-bit Python environment of a version tensorflow-gpu {pin} was "
            "built for, and install it there"),
           "# or use a newer TensorFlow that supports this Python (and a matching CUDA)"]
    return [catalogue.make(
        "tensorflow-no-matching-distribution", evidence=log_evidence(hits),
        cause=cause, fix=tuple(fix), knowledge_ref=ref,
    )]


def directml_no_wheel(f: Facts) -> list[Finding]:
    """``tensorflow-no-matching-distribution`` (``directml``): pip offers no
    tensorflow-directml for this Python (platform fact ``tensorflow-directml-python``)."""
    hits = [h for h in f.h("pip.no_dist").all()
            if re.sub(r"[-_.]+", "-", (h.g("pkg") or "").lower()) == "tensorflow-directml"]
    offered = [h for h in hits if (h.g("versions") or "none").strip() not in ("", "none")]
    if not hits or offered:
        return []  # pip offered versions: a pin it does not have, not this Python
    fact = f.kb.platform_fact("tensorflow-directml-python")
    lo, hi = fact.value("python_min"), fact.value("python_max")
    py = f.host.python.version if f.host is not None else None
    cause = (f"tensorflow-directml is a fork of TensorFlow 1.15 with DirectML; its newest release "
             f"({fact.value('tf_version')}) has wheels for Python {lo}-{hi} only, so pip finds "
             "no version at all for "
             + (f"Python {py}." if py else "a newer Python."))
    return [catalogue.make(
        "tensorflow-no-matching-distribution", variant="directml", lo=lo, hi=hi,
        cause=cause, evidence=log_evidence(hits), knowledge_ref=fact.ref,
        fix=(f"# create an environment with Python {hi}: conda create -n dml python={hi}, "
             "then: pip install tensorflow-directml",
             "# or, for TensorFlow 2: pip install tensorflow-cpu tensorflow-directml-plugin"),
    )]


_PLACEHOLDER = re.compile(r"0\.0\.1(?:\.dev\d+)?|none")


def and_cuda_nvidia_wheel_unavailable(ctx: Facts) -> list[Finding]:
    """``and-cuda-nvidia-wheel-not-for-platform``: pip's finder sees no wheel of an NVIDIA CUDA
    package that ``tensorflow[and-cuda]`` pins, only the ``0.0.1.devN`` placeholder (or
    nothing): the extra's wheels are Linux wheels, so the machine is not one (Windows, macOS)
    or its architecture/Python has none.  Linux in the log keeps it hedged."""
    frm = ctx.h("eco.and_cuda_from")
    for hit in ctx.h("pip.nvidia_wheel_versions").all():
        listed = [v.strip() for v in (hit.g("versions") or "").split(",") if v.strip()]
        if not listed_releases(hit) and index_maybe_unread(ctx, hit):
            continue  # pip could not read (or kept retrying) the index: pip-index-unreachable
        if not all(_PLACEHOLDER.fullmatch(v) for v in listed) and not ctx.windows:
            # (on native Windows some of the extra's wheels exist, none that the pins of a
            # TensorFlow without a Windows GPU build ask for: the same fault)
            continue
        if not (frm.count or "and-cuda" in hit.text or "and_cuda" in hit.text):
            continue
        pkg = hit.g("pkg") or "nvidia-*-cu12"
        where = ("This log is from Windows: TensorFlow has no native Windows GPU build after "
                 "2.10 and the extra's NVIDIA wheels do not exist for it."
                 if ctx.windows else
                 "The log shows Linux: NVIDIA publishes these wheels for x86-64 and aarch64 "
                 "Linux, so check the machine's architecture and that pip belongs to a 64-bit "
                 "CPython." if ctx.os == "linux" else
                 "The extra's NVIDIA wheels are published for Linux (x86-64, aarch64); NCCL and "
                 "others have no Windows or macOS wheel, so there the extra cannot install.")
        return [catalogue.make(
            "and-cuda-nvidia-wheel-not-for-platform", pkg=pkg,
            spec=(hit.g("spec") or "").strip(),
            listed=", ".join(listed) or "none",
            where=where,
            evidence=log_evidence([hit], frm.first[:1]),
        )]
    return []


def nvidia_tensorflow_no_wheel(ctx: Facts) -> list[Finding]:
    """``nvidia-tensorflow-no-wheel``: pip found no ``nvidia-tensorflow`` but the
    ``0.0.1.devN`` placeholders (or nothing), took such a placeholder sdist (pattern
    ``pip.nvidia_tf_placeholder``: its setup.py fails on purpose; variant ``index-not-read``
    when the log shows pip reading no NVIDIA index on Python 3.8 or an unknown Python, the
    Python the log prints first), or ``nvidia-pyindex``
    refused the OS (pattern ``pip.nvidia_pyindex_os``). NVIDIA/tensorflow README
    (Requirements): wheels on NVIDIA's index only, for Linux (Ubuntu 20.04 or later) and
    Python 3.8."""
    refused = ctx.h("pip.nvidia_pyindex_os").all()
    hits = [h for h in ctx.h("pip.no_dist").all()
            if (h.g("pkg") or "").lower().replace("_", "-") == "nvidia-tensorflow"]
    placeholder = [h for h in hits if not index_unread_before(ctx, h)
                   and all(_PLACEHOLDER.fullmatch(v.strip())
                           for v in (h.g("versions") or "").split(",") if v.strip())]
    if refused:
        os_name = refused[0].g("os") or "this OS"
        what, seen = (f"{os_name}", f"nvidia-pyindex refused to install on {os_name} (its "
                      "setup checks the OS).")
    elif taken := ctx.h("pip.nvidia_tf_placeholder").first[:1]:
        printed = ctx.printed_python
        py = (printed.g("v") if printed is not None else None) or ctx.python_version
        indexed = (any("nvidia" in h.text for h in ctx.h("pip.other_index").all())
                   or ctx.h("pip.nvidia_pyindex").count > 0)
        seen = (f"pip took the placeholder nvidia-tensorflow {taken[0].need('v')} (a source "
                "package whose setup fails on purpose)")
        if not indexed and (py is None or py.startswith("3.8")):
            return [catalogue.make(
                "nvidia-tensorflow-no-wheel", variant="index-not-read", seen=seen + ".",
                evidence=log_evidence(taken, ctx.h("ctx.python_version").first[:1]))]
        what = f"this Python{f' ({py})' if py else ''}"
        seen += ": no wheel of NVIDIA's index fits."
        placeholder = taken
    elif placeholder:
        listed = (placeholder[0].g("versions") or "").strip() or "none"
        py = ctx.python_version
        what = f"this Python{f' ({py})' if py else ''}"
        seen = f"pip offered only {listed} for nvidia-tensorflow."
    else:
        return []
    return [catalogue.make(
        "nvidia-tensorflow-no-wheel", what=what, seen=seen,
        evidence=log_evidence(refused, placeholder, limit=3),
    )]


#: Distributions of TensorFlow's family: their "could not find a version" lines have findings
#: of their own (tf_install.py, addons, and-cuda), so the generic reading leaves them alone.
_TF_FAMILY = re.compile(r"(?i)^(?:tensorflow|tf|tensorrt|nvidia|keras|jax)(?:[-_.].*)?$")
#: TensorFlow itself (pip_reports._TF_ITSELF's names): a *range* on it ("tensorflow>=2.19",
#: "tensorflow-cpu>=2.7.0 (from tensorflow-gnn)") is read here, with the releases offered.
_TF_ITSELF = re.compile(r"(?i)^(?:tensorflow|tf[-_.]nightly)(?:[-_.]cpu)?$")
#: TensorFlow's companions and add-ons (tensorflow-estimator, tf-keras, keras, tensorflow-text
#: ...), not one of TensorFlow's own distributions: a lower bound above every release pip lists
#: for them gets the generic ``above-all`` reading (the range names a release not on the index,
#: or one without a file here: tensorflow/tensorflow PR #26272, "tensorflow_estimator <
#: 2.1.0-rc0, >= 2.0.0-alpha0" against 1.10.6 ... 1.13.0, before any 2.x estimator existed).
_COMPANION = re.compile(
    r"(?i)^(?!tensorflow[-_.](?:gpu|cpu|intel|macos|metal|rocm|aarch64|directml)\b)"
    r"(?!tf[-_.]nightly)(?:tensorflow[-_.]\w|tf[-_.]\w|keras\b)")


def _companion_above(hit: Hit) -> bool:
    """Whether ``hit`` (pattern ``pip.range_not_offered``) is a range with a lower bound (``>=``
    or ``>``) on a TensorFlow companion (:data:`_COMPANION`) above every release its list
    names."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    spec_text = (hit.g("spec") or "").strip().rstrip(",")
    listed = [v.strip() for v in (hit.g("versions") or "").split(",") if v.strip()]
    if not _COMPANION.match(hit.g("pkg") or "") or not listed or listed == ["none"]:
        return False
    try:
        spec = SpecifierSet(spec_text)
        versions = [Version(v) for v in listed]
    except (InvalidSpecifier, InvalidVersion):
        return False
    return any(sp.operator in (">=", ">") for sp in spec) and _above_all(spec, versions)


def companion_ranges_read_here(ctx: Facts) -> set[str]:
    """Names (``dist_key``) of TensorFlow's companions whose "could not find a version" line
    :func:`pip_range_not_offered` reads (:func:`_companion_above`), for pip_reports' "no wheel
    of a dependency" to leave alone."""
    return {dist_key(hit.g("pkg") or "") for hit, _ in _range_readings(ctx)
            if _companion_above(hit)}


def _tf_range(ctx: Facts, hit: Hit) -> bool:
    """Whether ``hit`` (pattern ``pip.range_not_offered``) is a version *range* on TensorFlow
    itself ("tensorflow>=2.19", "tensorflow-cpu>=2.7.0 (from tensorflow-gnn)"): which of the
    offered releases the range admits decides it (none, only pre-releases, or one pip takes:
    then another conflict), so the generic reading answers it, naming the requiring project
    when there is one.  An exact pin (``==``: the Python ranges of tf_install's finding say
    which Python it needs), a range bounded to 0.x/1.x releases (:func:`old_release_pin`: the
    same), TensorFlow itself as the parent and macOS (Apple silicon and Intel Mac pins have
    variants of their own, macos_arm64_pin.py) stay tf_install's."""
    pkg, parent = hit.g("pkg") or "", (hit.g("parent") or "").strip()
    spec = hit.g("spec") or ""
    return bool(_TF_ITSELF.match(pkg) and spec
                and not _TF_ITSELF.match(re.split(r"[\s\[<>=!~]", parent, maxsplit=1)[0])
                and not spec.startswith("==") and old_release_pin(hit) is None
                and ctx.os != "macos")


def tf_range_fits_listed(hit: Hit) -> bool:
    """Whether a "could not find a version" line's own list (``versions`` group) holds a
    final release within its range (``spec`` group, not an exact pin): pip failed for another
    reason than the releases offered (a second requirement's conflict, hashes), so no reading
    of "no wheel for this Python" holds (tf_install leaves such a line)."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    spec = (hit.g("spec") or "").strip().rstrip(",")
    listed = [v.strip() for v in (hit.g("versions") or "").split(",") if v.strip()]
    if not spec or spec.startswith(("==", "===")) or not listed or listed == ["none"]:
        return False
    try:
        ranged = SpecifierSet(spec)
        return any(not (v := Version(x)).is_prerelease and v in ranged for x in listed)
    except (InvalidSpecifier, InvalidVersion):
        return False


def tf_ranges_read_here(ctx: Facts) -> set[str]:
    """Names (``dist_key``) of TensorFlow's own distributions whose "could not find a version"
    line :func:`pip_range_not_offered` reads as a range (see :func:`_tf_range`), for
    tf_install's "no TensorFlow wheel" to leave alone;
    empty when the list holds a release pip would take (then it is not this kind)."""
    return {dist_key(hit.g("pkg") or "") for hit, _ in _range_readings(ctx)
            if _TF_ITSELF.match(hit.g("pkg") or "")}


def pip_range_not_offered(ctx: Facts) -> list[Finding]:
    """``pip-requirement-range-not-offered``: pip's "Could not find a version that satisfies the
    requirement <pkg><spec> (from <parent>) (from versions: <list>)" (pattern
    ``pip.range_not_offered``) where the list is not empty and no final release in it is
    within the specifier (``packaging.specifiers``): the index answered, and the releases
    asked for have no file this interpreter and platform accept.  A pre-release within the
    range does not count unless the specifier names one (then pip takes it, pip's
    ``CandidateEvaluator``/packaging's ``SpecifierSet.filter``): pip printed this line, so it
    did not take it (older pip and packaging take a pre-release only when asked; newer ones
    also when no final release fits; "final version": pre-releases not allowed), and the
    cause says so.  A pin with a PEP 440 local version label (``==2.0.1+cu118``)
    when no listed release has one is variant ``local-version``: the labelled builds are on
    the project's own index.  Packages of TensorFlow's family (and NVIDIA's, Keras', JAX's)
    are left to their own findings, except a range on TensorFlow itself
    (:func:`_tf_range`); an empty list ("none": the index, a proxy, a name
    typo or no file at all) is not this kind."""
    return [f for _, f in _range_readings(ctx)][:1]


def _range_readings(ctx: Facts) -> list[tuple[Hit, Finding]]:
    """Each ``pip.range_not_offered`` hit :func:`pip_range_not_offered` reads, with its
    finding (read once per diagnosis: :func:`tf_ranges_read_here` asks too)."""
    return ctx.once("no_matching_wheel.range_readings", lambda: list(_read_ranges(ctx)))


def _read_ranges(ctx: Facts) -> Iterator[tuple[Hit, Finding]]:
    hits = ctx.h("pip.range_not_offered").all()
    if not hits:
        return  # the doctor without a log never pays for packaging's specifiers
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    for hit in hits:
        pkg = hit.g("pkg") or ""
        listed = [v.strip() for v in (hit.g("versions") or "").split(",") if v.strip()]
        companion = _companion_above(hit)
        if (_TF_FAMILY.match(pkg) and not _tf_range(ctx, hit)
                and not _nvidia_releases(pkg, listed) and not companion):
            continue
        if ctx.windows and ("and-cuda" in hit.text or "and_cuda" in hit.text):
            continue  # the extra on native Windows: and_cuda_nvidia_wheel_unavailable
        if not listed or listed == ["none"]:
            continue
        spec_text = (hit.g("spec") or "").strip().rstrip(",")
        # a 64-bit ARM Linux machine in the log and a range below its first wheels
        # (checks/pip_machine_wheels.py): not the Python, not the index
        arm = aarch64_no_wheel(ctx, dist_key(pkg), spec_text, listed, [hit])
        if arm is not None:
            yield hit, arm
            continue
        try:
            spec = SpecifierSet(spec_text)
            versions = [Version(v) for v in listed]
        except (InvalidSpecifier, InvalidVersion):
            continue
        fits = [v for v in versions if spec.contains(v, prereleases=True)]
        if any(not v.is_prerelease for v in fits) or (fits and spec.prereleases):
            continue  # a release pip takes fits: another conflict (a second requirement, hashes)
        ignored = [h for h in ctx.h("pip.ignored_versions").all()
                   if 0 < hit.line - h.line <= 3]
        if any(h.g("what") == "yanked versions" and _any_within(h.g("list") or "", spec)
               for h in ignored):
            continue  # releases in the range were yanked: pip said so, not a Python mismatch
        parent = (hit.g("parent") or "").strip()
        shown = listed if len(listed) <= 4 else [listed[0], "...", *listed[-2:]]
        # a pip older than TensorFlow's wheels need, and a range beyond every release it lists:
        # the newer releases' wheels carry a platform tag this pip does not know
        old_pip = _old_pip(ctx, hit.line) if _TF_FAMILY.match(pkg) and not companion else None
        if old_pip is not None and _above_all(spec, versions):
            have, need, pip_hit = old_pip
            yield hit, catalogue.make(
                "tensorflow-no-matching-distribution", variant="old-pip",
                spec=f"{pkg}{spec_text}", have=have, need=need,
                evidence=log_evidence([hit], [pip_hit]),
                fix=("python -m pip install --upgrade pip   # in the same environment; then "
                     "install again",
                     f"pip --version   # must say {need} or newer"))
            continue
        # a local version label pinned (==2.0.1+cu118) while no listed release has one: the
        # index searched carries public releases only, and labelled builds are never there
        local = next((sp.version.split("+", 1)[1] for sp in spec
                      if sp.operator in ("==", "===") and "+" in sp.version), None)
        if local is not None and not any(v.local for v in versions):
            yield hit, catalogue.make(
                "pip-requirement-range-not-offered", variant="local-version", pkg=pkg,
                spec=spec_text, local=local, listed=", ".join(shown),
                parent_note=f" (required by {parent})" if parent else "",
                evidence=log_evidence(ignored, [hit]),
            )
            continue
        pinned = spec_text[2:].strip()
        early = (unreleased_reading(pkg, pinned, listed, [hit])
                 if spec_text.startswith("==") and "," not in spec_text else None)
        if early is not None:
            # release candidates of the pinned version listed, not it: not published yet
            yield hit, catalogue.make(
                "pip-requirement-range-not-offered", variant="not-yet-published", pkg=pkg,
                pin=pinned, pre=early[2], why=early[0],
                parent_note=f" (required by {parent})" if parent else "",
                evidence=log_evidence(ignored, [hit]))
            continue
        if fits:
            # only pre-releases within the range: pip did not take them (see the docstring)
            yield hit, catalogue.make(
                "pip-requirement-range-not-offered", variant="pre-release-only", pkg=pkg,
                spec=spec_text, listed=", ".join(shown),
                pre=", ".join(str(v) for v in fits),
                parent_note=f" (required by {parent})" if parent else "",
                evidence=log_evidence(ignored, [hit]),
            )
            continue
        python_skipped = any(h.g("what") != "yanked versions" and _any_within(h.g("list") or "",
                                                                             spec)
                             for h in ignored)
        gap = (range_gap(ctx, pkg, str(_floor(spec)), str(max(versions)))
               if _above_all(spec, versions) and not python_skipped else None)
        if gap is not None:
            # the range asks only for releases the add-on publishes no package of for the
            # log's platform (platform fact addon-platforms-<pkg>): not the index, not Python
            yield hit, _platform_range(ctx, hit, gap, spec_text, str(max(versions)), ignored)
            continue
        lockstep = (_lockstep_python(ctx, hit, spec, str(max(versions)), ignored)
                    if companion and not python_skipped else None)
        if lockstep is not None:
            yield hit, lockstep
            continue
        if ((not _TF_FAMILY.match(pkg) or companion) and _above_all(spec, versions)
                and not python_skipped and any(sp.operator in (">=", ">") for sp in spec)):
            # a lower bound above every release listed: the release may not be on the index
            # at all (a project ahead of its dependency's releases), as well as have no file
            # for this interpreter (unless pip said it skipped releases in range for the
            # Python: then it is the Python, read below)
            newest = max(versions)
            yield hit, catalogue.make(
                "pip-requirement-range-not-offered", variant="above-all", pkg=pkg,
                spec=spec_text, newest=str(newest),
                parent_note=f" (required by {parent})" if parent else "",
                evidence=log_evidence(ignored, [hit]))
            continue
        yield hit, catalogue.make(
            "pip-requirement-range-not-offered", pkg=pkg, spec=spec_text,
            # NVIDIA's CUDA component wheels (nvidia-*-cu11/-cu12) are py3-none-<platform>;
            # others (nvidia-tensorrt) are built per CPython: the generic words fit them
            variant="nvidia-wheel" if _CUDA_COMPONENT.fullmatch(pkg.lower()) else None,
            listed=", ".join(shown),
            parent_note=f" (required by {parent})" if parent else "",
            evidence=log_evidence(ignored, [hit]),
        )


#: How far below pip's failure its own self-check notice may stand (the rest of that run's
#: output between).
_NOTICE_BELOW = 10


def _old_pip(ctx: Facts, line: int) -> tuple[str, str, Hit] | None:
    """``(pip's version, the version TensorFlow's wheels need, its line)`` when the pip that
    failed on log line ``line`` is older than platform fact ``pip-min-version`` for this OS:
    its own self-check notice, which pip prints at the end of the same run (within
    :data:`_NOTICE_BELOW` lines below; a notice of an earlier step, or ``pip --version`` of
    another interpreter's pip, is not that pip's), else ``None``."""
    from packaging.version import InvalidVersion, Version

    fact = ctx.kb.platform_fact("pip-min-version")
    need = str(fact.value("macos") if ctx.os == "Darwin" else fact.value("linux_windows"))
    for h in ctx.h("pip.own_version").all():
        if not 0 < h.line - line <= _NOTICE_BELOW:
            continue
        have = h.g("v") or h.g("v2")
        try:
            if have and Version(have) < Version(need):
                return have, need, h
        except InvalidVersion:
            continue
    return None


def _platform_range(ctx: Facts, hit: Hit, gap: PlatformGap, spec: str, newest: str,
                    ignored: list[Hit]) -> Finding:
    """``tensorflow-dependency-no-wheel`` variant ``range-platform``: a range on add-on
    ``gap.dist`` above every release pip lists, where the add-on publishes no package for the
    log's platform from ``gap.since`` on (:func:`pip_platform_gap.range_gap`)."""
    parent = (hit.g("parent") or "").strip()
    parent_name = re.split(r"[\s\[<>=!~;]", parent, maxsplit=1)[0]
    fix = [wsl_or_machine(gap, parent_name or gap.dist)]
    if parent_name:
        fix += [f"# or a release of {parent_name} whose requirement admits {gap.dist} {newest} "
                f"(one from before {gap.dist} {gap.since or 'stopped'})"
                if gap.since else f"# or a release of {parent_name} that does not need "
                f"{gap.dist} on {gap.platform}",
                c.pip(ctx, "install", "--no-deps", parent_name)
                + f"   # or {parent_name} without {gap.dist}, then its other requirements "
                f"yourself (what imports {gap.dist} will not work)"]
    return catalogue.make(
        "tensorflow-dependency-no-wheel", variant="range-platform", package=gap.dist,
        spec=spec, newest=newest, platform=gap.platform, platforms=gap.platforms,
        since=f" from {gap.since} on" if gap.since else "",
        since_lead=f"From {gap.since} on, " if gap.since else "", source=gap.ref,
        parent_note=f" (required by {parent_name})" if parent_name else "",
        evidence=log_evidence(ignored, [hit]), knowledge_ref=gap.ref, fix=tuple(fix))


#: Companions released in step with TensorFlow's minors (X.Y goes with TensorFlow X.Y): the
#: tensorflow/text README ("for tensorflow==2.3.x use tensorflow_text==2.3.x"), tf-keras and
#: tensorflow-estimator pinned to TensorFlow's minor by its setup.py (platform fact
#: keras2-paired-minor's source, TF-KERAS-PAIR: 'tensorflow-estimator~=2.6' beside 2.6).
_LOCKSTEP = frozenset({"tf-keras", "tensorflow-estimator", "tensorflow-text"})


def _lockstep_python(ctx: Facts, hit: Hit, spec: SpecifierSet, newest: str,
                     ignored: list[Hit]) -> Finding | None:
    """``tensorflow-dependency-no-wheel`` variant ``range-python``: a range above every
    release pip lists on a companion released in step with TensorFlow (:data:`_LOCKSTEP`),
    whose lower bound's series TensorFlow builds for Python versions that leave out the one
    the log shows pip running under (knowledge ``tf_tested_configs``; tf-keras 2.16 on Python
    3.8); ``None`` when the log shows no Python, or one the series has."""
    from tfgpu.diagnosis.checks.pip_nightly_pin import log_python
    from tfgpu.knowledge import KnowledgeQueryError

    pkg = dist_key(hit.g("pkg") or "")
    py = log_python(ctx)
    if pkg not in _LOCKSTEP or py is None:
        return None
    floor = _floor(spec)
    series = f"{floor.major}.{floor.minor}"
    try:
        fits, row = ctx.kb.wheel_for_python(f"{series}.0", "windows" if ctx.windows else
                                            "linux", py[0])
    except KnowledgeQueryError:
        return None
    if fits is not False or row is None or not row.python_max:
        return None
    pythons = f"{row.python_min}-{row.python_max}"
    parent = (hit.g("parent") or "").strip()
    return catalogue.make(
        "tensorflow-dependency-no-wheel", variant="range-python", package=pkg,
        spec=(hit.g("spec") or "").strip(), newest=newest, series=series, pythons=pythons,
        python=py[0], where=py[1], ref=row.ref,
        parent_note=f" (required by {parent})" if parent else "",
        evidence=log_evidence(ignored, [hit]), knowledge_ref=row.ref,
        fix=(f"# a new environment with Python {row.python_max}, then install there: "
             + c.venv_fix(ctx, row.python_max),
             f"# or keep Python {py[0]}: a TensorFlow (and {pkg}) release that still supports "
             "it, with a requiring project release that admits it"))


def _floor(spec: SpecifierSet) -> Version:
    """The highest lower bound of ``spec`` (see :func:`_above_all`)."""
    from packaging.version import Version

    return max(Version(sp.version) for sp in spec
               if sp.operator in (">=", ">", "==", "~=", "===") and "*" not in sp.version)


def _above_all(spec: SpecifierSet, versions: list[Version]) -> bool:
    """Whether every release the specifier allows is newer than all the ``versions`` pip
    listed: the range lies beyond what this pip sees (its lower bound above the newest)."""
    from packaging.version import Version

    floors = [Version(sp.version) for sp in spec
              if sp.operator in (">=", ">", "==", "~=", "===") and "*" not in sp.version]
    return bool(floors) and bool(versions) and max(floors) > max(versions)


#: NVIDIA's CUDA component packages, one per CUDA major (nvidia-cublas-cu12, nvidia-nccl-cu11).
_CUDA_COMPONENT = re.compile(r"nvidia-[a-z0-9-]+-cu\d{2,3}")


def _nvidia_releases(pkg: str, listed: list[str]) -> bool:
    """Whether ``pkg`` is one of NVIDIA's pip packages (``nvidia-*``) and pip listed releases
    of it, not only the ``0.0.1.devN`` placeholder that and_cuda_nvidia_wheel_unavailable
    reads: a range no listed release meets is then this kind (a pin naming a release the
    index does not carry: NVIDIA/tensorflow#73, nvidia-nccl-cu11~=2.15 of nv22.09)."""
    return (pkg.lower().startswith("nvidia-") and pkg.lower() != "nvidia-tensorflow"
            and any(not _PLACEHOLDER.fullmatch(v) for v in listed))


def _any_within(versions: str, spec: object) -> bool:
    """Whether a version of pip's "Ignored the following ...: 1.2.3, 1.2.4" (or
    "1.2.3 Requires-Python >=3.7; ...") list is within ``spec`` (a ``SpecifierSet``)."""
    from packaging.specifiers import SpecifierSet
    from packaging.version import InvalidVersion, Version

    if not isinstance(spec, SpecifierSet):
        return False
    for part in re.split(r"[,;]", versions):
        word = part.strip().split(" ", 1)[0]
        try:
            if spec.contains(Version(word), prereleases=True):
                return True
        except InvalidVersion:
            continue
    return False
