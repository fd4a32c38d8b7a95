"""An add-on's ``pip install`` replacing the installed TensorFlow.

Source: pip's ``InstallRequirement`` (``pip/_internal/req/req_install.py``): ``__str__``
ends a requirement with ``" (from <comes_from>)"``, and ``from_path()`` joins each
requirement to the one that asked for it with ``"->"``, so ``Collecting
tensorflow<2.16,>=2.15.0 (from tensorflow-text->keras-nlp==0.6.3)`` reads: keras-nlp asked
for tensorflow-text, which asked for ``tensorflow<2.16,>=2.15.0``.  Before installing
another version pip prints ``Found existing installation: tensorflow 2.14.0`` (its
``uninstall``).  Each TensorFlow add-on release pins one TensorFlow minor; a TensorFlow
that pip brings for it replaces the one the environment had, which a Colab runtime,
container image or conda environment built for its own CUDA.
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


def _split(link: str) -> tuple[str, str]:
    """``"tensorflow<2.16,>=2.15.0; platform_system != 'Darwin'"`` -> ``("tensorflow",
    "<2.16,>=2.15.0")``; ``("", "")`` when no name leads."""
    m = _NAME.match(link)
    return (m.group(1), m.group(3).strip()) if m else ("", "")


def _pulls(f: Facts, dists: frozenset[str]) -> list[_Pull]:
    """TensorFlow requirements that an add-on (a requirement that is no TensorFlow
    distribution) asked for, in pip's chains; a TensorFlow that pip found already satisfied
    is not one."""
    out: list[_Pull] = []
    for h in f.h("pip.from_chain").all():
        req = h.g("req")
        links = [*([req] if req else []), *(h.g("chain") or "").split("->")]
        for i, link in enumerate(links[:-1]):
            name, spec = _split(link)
            parent = _split(links[i + 1])[0]
            if dist_key(name) not in dists or not parent or dist_key(parent) in dists:
                continue
            if i == 0 and h.g("verb") == "Requirement already satisfied:":
                break  # this TensorFlow stays
            out.append(_Pull(h, name, spec, links[i + 1].strip(), links[-1].strip()))
            break
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


def tf_pulled_by_addon(f: Facts) -> list[Finding]:
    """``tensorflow-addon-version-pin`` variant ``pulled`` (a warning): pip's requirement
    chain shows an add-on asking for TensorFlow ``<spec>``, and the installed TensorFlow is
    outside it: pip's own ``Found existing installation: tensorflow X`` line, else the host
    facts' TensorFlow version.  Nothing when neither is known (a fresh install is no
    replacement) or the installed version fits.  Checked before ``rule_pip``: pip's resolver
    lines for other add-ons that the new TensorFlow breaks are the same replacement, and are
    named in this finding's cause rather than read as their own pin."""
    dists = frozenset(dist_key(d) for d in f.kb.tf_distributions())
    pulls = _pulls(f, dists)
    if not pulls:
        return []
    found = [h for h in f.h("pip.found_existing").all() if dist_key(h.g("dist") or "") in dists]
    for pull in pulls:
        have, seen = None, None
        if found:
            seen = found[0]
            have = seen.g("v")
        elif f.tf_version:
            have = f.tf_version
        if have is None or not _outside(have, pull.spec):
            continue
        requirement = f"{pull.dist}{pull.spec}"
        # pip's resolver lines for add-ons the new TensorFlow breaks ("tensorflow-io 0.34.0
        # requires tensorflow<2.15.0,>=2.14.0, but you have tensorflow 2.15.0.post1"): the
        # same replacement, and the same fix
        broken = [h for h in f.h("pip.pin_conflict").all()
                  if dist_key(h.g("dep") or "") in dists]
        also = ("" if not broken else
                " pip's own conflict lines show other add-ons the new TensorFlow breaks: "
                + "; ".join(f"{h.g('pkg')} {h.g('v')} requires {h.g('req')} (line {h.line})"
                            for h in broken[:3])
                + f"; keeping TensorFlow {'.'.join(have.split('.')[:2])} fixes them too.")
        addon = _split(pull.addon)[0]
        origin = _split(pull.origin)[0] or pull.origin
        minor = ".".join(have.split(".")[:2])
        return [catalogue.make(
            "tensorflow-addon-version-pin", variant="pulled", package=addon,
            requirement=requirement, have=have, origin=origin, also=also,
            evidence=log_evidence([pull.hit, *([seen] if seen else []), *broken[:3]]),
            fix=("python -c \"import tensorflow as tf; print(tf.__version__, "
                 "tf.config.list_physical_devices('GPU'))\"   # the TensorFlow now installed, "
                 "and whether it sees the GPU",
                 pip(f, "install", origin, f"{addon}~={minor}.0", f"tensorflow~={minor}.0")
                 + f"   # keep TensorFlow {minor}: the {addon} release paired with it",
                 "# on Colab or a container image: restart the runtime after reinstalling "
                 "its TensorFlow; elsewhere a TensorFlow for this CUDA: "
                 + pip(f, "install", "tensorflow[and-cuda]") + " (Linux)",
                 pip(f, "check") + "   # must print 'No broken requirements found.'"),
        )]
    return []
