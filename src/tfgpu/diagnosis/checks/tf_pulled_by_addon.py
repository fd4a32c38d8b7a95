"""An add-on's ``pip install`` replacing the installed TensorFlow.

Source: pip's ``InstallRequirement`` (``pip/_internal/req/req_install.py``): ``__str__``
ends a requirement with ``" (from <comes_from>)"``, and ``from_path()`` joins each
requirement to the one that asked for it with ``"->"``, so ``Collecting
tensorflow<2.16,>=2.15.0 (from tensorflow-text->keras-nlp==0.6.3)`` reads: keras-nlp asked
for tensorflow-text, which asked for ``tensorflow<2.16,>=2.15.0``.  Before installing
another version pip prints ``Found existing installation: tensorflow 2.14.0`` (its
``uninstall``).  A TensorFlow that pip brings for an add-on's requirement replaces the one
the environment had, which a Colab runtime, container image or conda environment built
for its own CUDA.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import dist_key, pip
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

_NAME = re.compile(r"\s*([A-Za-z0-9][\w.-]*)(\[[^\]]*\])?\s*([^;]*)")


@dataclass(frozen=True)
class _Pull:
    """One TensorFlow requirement an add-on made: the hit, the TensorFlow distribution and
    specifier it asked for, the add-on's requirement and the chain's first requirement."""

    hit: Hit
    dist: str
    spec: str
    addon: str
    origin: str
    typed: bool = False


def _split(link: str) -> tuple[str, str]:
    """``"tensorflow<2.16,>=2.15.0; platform_system != 'Darwin'"`` -> ``("tensorflow",
    "<2.16,>=2.15.0")``; ``("", "")`` when no name leads."""
    m = _NAME.match(link)
    return (m.group(1), m.group(3).strip()) if m else ("", "")


def _pulls(f: Facts, dists: frozenset[str]) -> list[_Pull]:
    """TensorFlow requirements that an add-on (a requirement that is no TensorFlow
    distribution) asked for, in pip's chains; a TensorFlow distribution that pip found
    already satisfied anywhere in the log ("Requirement already satisfied: tensorflow...")
    is not one."""
    out: list[_Pull] = []
    kept = {dist_key(_split(h.g("req") or "")[0]) for h in f.h("pip.from_chain").all()
            if h.g("verb") == "Requirement already satisfied:"}
    for h in f.h("pip.from_chain").all():
        req = h.g("req")
        links = [*([req] if req else []), *(h.g("chain") or "").split("->")]
        for i, link in enumerate(links[:-1]):
            name, spec = _split(link)
            parent = _split(links[i + 1])[0]
            if dist_key(name) not in dists or not parent or dist_key(parent) in dists:
                continue
            if dist_key(name) in kept:
                break  # pip kept that TensorFlow (this line's own requirement among them)
            out.append(_Pull(h, name, spec, links[i + 1].strip(), links[-1].strip()))
            break
    return out


#: "Collecting tensorflow<2.6,>=2.5.0" with no "(from ...)" (pip before 21.2 printed no chain
#: for a dependency it collects in a later round): the distribution and its specifier
_COLLECT_SPEC = re.compile(r"^\s*Collecting\s+(?P<dist>[A-Za-z0-9][\w.-]{0,80})"
                           r"(?P<spec>[<>=!~][^\s(;]{0,80})\s*$")


#: The arguments of a typed "pip install ..." (up to a comment or the line's end)
_INSTALL_ARGS = re.compile(r"\bpip3?(?:\.exe)? install\s+([^#\n]{1,400})")


def _typed_addon_pulls(f: Facts, dists: frozenset[str]) -> list[_Pull]:
    """TensorFlow requirements pip collected with a version specifier and no chain, when the
    log's one typed ``pip install`` asked for exactly one package that is no TensorFlow (an
    add-on, e.g. ``pip install tensorflow-text``): that package's requirement, since nothing
    else was asked for (tensorflow/hub#774: an unpinned tensorflow-text brought
    tensorflow<2.6,>=2.5.0 over TensorFlow 2.2).  Several typed installs, a requirements
    file or a TensorFlow named on the command line: none (pip does not say who asked)."""
    typed = [h for h in f.h("pip.asked_for").all() if h.g("cmd")]
    if len(typed) != 1:
        return []
    m = _INSTALL_ARGS.search(typed[0].text)
    args = [a for a in m.group(1).split() if not a.startswith("-")] if m else []
    if len(args) != 1 or "-r" in typed[0].text.split():
        return []
    addon = dist_key(_split(args[0].strip("'\""))[0])
    if not addon or addon in dists:
        return []
    out: list[_Pull] = []
    for h in f.h("pip.asked_for").all():
        m = _COLLECT_SPEC.match(h.text)
        if m is None or dist_key(m.group("dist")) not in dists or h.line < typed[0].line:
            continue
        out.append(_Pull(h, m.group("dist"), m.group("spec"), addon, addon, typed=True))
    return out


def _outside(version: str, spec: str) -> bool | None:
    """Whether ``version`` is outside the specifier ``spec``; ``None`` if either is
    unreadable.  An empty ``spec`` takes every version."""
    # imported here: `tfgpu doctor` stays free of packaging.specifiers (test_doctor_lean)
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import InvalidVersion, Version

    try:
        return not SpecifierSet(spec).contains(Version(version), prereleases=True)
    except (InvalidSpecifier, InvalidVersion):
        return None


#: A pip resolver conflict line's whole requirement ("requires tensorflow<2.15.0,>=2.14.0,
#: but you have ..."): pip.pin_conflict's ``req`` group stops at the first comma.
_CONFLICT_REQ = re.compile(r" requires (?P<req>[^\s;]+?),? but you(?:'ll| will)? have ")


def _failed(f: Facts, after: int) -> bool:
    """pip gave up after line ``after``: a resolver failure, a failed build, or pip undoing
    its uninstall or reporting that it could not install (pattern ``pip.gave_up``)."""
    if f.h("pip.resolution").count or f.h("pip.failed").count:
        return True
    return any(h.line > after for h in f.h("pip.gave_up").all())


def tf_pulled_by_addon(f: Facts) -> list[Finding]:
    """``tensorflow-addon-version-pin`` variant ``pulled`` (a warning): pip's requirement
    chain shows an add-on asking for TensorFlow ``<spec>``, and pip then removes the
    installed copy of that distribution (its own ``Found existing installation: tensorflow
    X`` line, after the chain) with X outside ``<spec>``.  Nothing without that line (a
    fresh install, or host facts read after the install, is no replacement), when the log
    shows the TensorFlow requirement already satisfied, or when pip failed or rolled back.
    Checked before ``rule_pip``: pip's resolver lines for other add-ons that the new
    TensorFlow breaks are the same replacement, named in this finding's cause (only those
    the removed version satisfies)."""
    dists = frozenset(dist_key(d) for d in f.kb.tf_distributions())
    for pull in _pulls(f, dists) or _typed_addon_pulls(f, dists):
        seen = next((h for h in f.h("pip.found_existing").all()
                     if h.line > pull.hit.line
                     and dist_key(h.g("dist") or "") == dist_key(pull.dist)), None)
        have = seen.g("v") if seen is not None else None
        if seen is None or have is None or not _outside(have, pull.spec) \
                or _failed(f, pull.hit.line):
            continue
        requirement = f"{pull.dist}{pull.spec}"
        # pip's resolver lines for add-ons the new TensorFlow breaks ("tensorflow-io 0.34.0
        # requires tensorflow<2.15.0,>=2.14.0, but you have tensorflow 2.15.0.post1"), which
        # the removed version satisfies: the same replacement, and the same fix
        broken = []
        for h in f.h("pip.pin_conflict").all():
            m = _CONFLICT_REQ.search(h.text)
            if m is None or dist_key(h.g("dep") or "") not in dists:
                continue
            spec = m.group("req")[len(_split(m.group("req"))[0]):]
            if _outside(have, spec) is False:
                broken.append((h, m.group("req")))
        minor = ".".join(have.split(".")[:2])
        also = ("" if not broken else
                " pip's own conflict lines show other add-ons the new TensorFlow breaks: "
                + "; ".join(f"{h.g('pkg')} {h.g('v')} requires {req} (line {h.line})"
                            for h, req in broken[:3])
                + f"; TensorFlow {have} satisfies them.")
        addon = _split(pull.addon)[0]
        origin = _split(pull.origin)[0] or pull.origin
        fix = [pip(f, "install", "--force-reinstall", "--no-deps", f"{pull.dist}=={have}")
               + f"   # put back the {pull.dist} this environment had",
               f"# then install the {addon} release that supports TensorFlow {minor} (its "
               "release notes or compatibility table)"
               + ("" if addon == origin else f", and {origin} with it"),
               "# on Colab or in a container image: restart the runtime after putting its "
               "TensorFlow back",
               "python -c \"import tensorflow as tf; print(tf.__version__, "
               "tf.config.list_physical_devices('GPU'))\"   # the TensorFlow now installed, "
               "and whether it sees the GPU",
               pip(f, "check") + "   # must print 'No broken requirements found.'"]
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="pulled-typed" if pull.typed else "pulled",
            package=addon,
            requirement=requirement, have=have, origin=origin, also=also,
            evidence=log_evidence([pull.hit, seen, *(h for h, _ in broken[:3])]),
            fix=tuple(fix),
        )]
    return []
