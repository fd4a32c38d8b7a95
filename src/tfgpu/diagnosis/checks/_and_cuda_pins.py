"""A resolver conflict over an NVIDIA wheel that ``tensorflow[and-cuda]`` pins: which
TensorFlow releases' pins would fit the other side's range.

``tensorflow[and-cuda]`` pins each ``nvidia-*-cuXX`` wheel it needs to one exact version per
release (2.14-2.19) or a range (2.20 on): knowledge table ``tf_pip_cuda_wheels`` (the
``Requires-Dist`` lines of each release's wheel METADATA). Another framework's CUDA extra
(``jax[cuda12]``, ``torch``) pins the same wheels, so the resolver reports the two
requirements of one wheel that exclude each other (jax-ml/jax#21335: tensorflow[and-cuda]
2.15 pins nvidia-nccl-cu12==2.16.5, jax[cuda12] 0.4.23 needs >=2.18.3; TensorFlow 2.16.1's
pin, 2.19.3, fits). Read by ``pip_reports.pip_resolution_conflict``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tfgpu.diagnosis.checks._common import dist_key
from tfgpu.facts.log import Hit
from tfgpu.knowledge import Knowledge

if TYPE_CHECKING:  # packaging's modules load only when a resolver report is read
    from packaging.specifiers import SpecifierSet
    from packaging.version import Version

#: An NVIDIA CUDA-stack wheel with its CUDA major suffix (``nvidia-nccl-cu12``).
_NVIDIA_WHEEL = re.compile(r"^nvidia-[a-z0-9-]+-cu\d{2}$")
#: TensorFlow's own distributions that carry the and-cuda extra.
_TF_NAMES = ("tensorflow", "tf-nightly")


def _name(text: str) -> str:
    """A distribution name without its extras, as the checks compare them (dist_key)."""
    return dist_key(text.split("[")[0])


def requirement(hit: Hit) -> tuple[str, SpecifierSet | None] | None:
    """(normalised name, specifier) of the requirement a ``pip.depends`` line names.

    pip writes ``nvidia-nccl-cu12==2.16.5``; Poetry ``nvidia-nccl-cu12`` and ``(2.16.5)``
    (a bare version is an exact pin) or ``(>=2.18.3)``; uv ``nvidia-nccl-cu12>=2.18.3``.
    ``None`` for a line that does not parse; the specifier ``None`` when none is given.
    """
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.specifiers import InvalidSpecifier, SpecifierSet

    req = hit.g("req") or ""
    spec = (hit.g("rspec") or hit.g("rspec2") or "").strip()
    if spec:
        if re.fullmatch(r"\d[\w.+]*", spec):
            spec = "==" + spec
        try:
            return _name(req), SpecifierSet(spec.replace(" ", ""))
        except InvalidSpecifier:
            return None
    try:
        r = Requirement(req)
    except InvalidRequirement:
        return None
    return _name(r.name), (r.specifier if str(r.specifier) else None)


def _bounds(spec: SpecifierSet) -> list[Version]:
    from packaging.version import InvalidVersion, Version

    out = []
    for s in spec:
        try:
            out.append(Version(s.version.rstrip(".*")))
        except InvalidVersion:
            continue
    return out


def _overlap(a: SpecifierSet, b: SpecifierSet) -> bool:
    """Whether a version satisfying both exists, tried on the versions either set names
    (exact for ``==`` pins and for the ``>=`` floors the and-cuda ranges use; a pair of
    strict bounds with only versions between them reads as no overlap, which only costs a
    release the list leaves out)."""
    return any(v in a and v in b for v in _bounds(a) + _bounds(b))


@dataclass(frozen=True, slots=True)
class PinConflict:
    """TensorFlow's and-cuda pin of one NVIDIA wheel against another package's range.

    Attributes:
        wheel: the NVIDIA wheel (``nvidia-nccl-cu12``).
        tf_line: the resolver line of TensorFlow's side; ``tf_version`` its release.
        tf_spec: TensorFlow's pin (``==2.16.5``).
        other_line: the other package's line; ``other`` its name with extras, ``other_version``.
        other_spec: its range (``>=2.18.3``).
        fits: releases in ``tf_pip_cuda_wheels`` whose pins of every NVIDIA wheel the other
            package asks for (``wheels``) overlap its ranges, oldest first.
        wheels: those wheels.
    """

    wheel: str
    tf_line: Hit
    tf_version: str
    tf_spec: SpecifierSet
    other_line: Hit
    other: str
    other_version: str
    other_spec: SpecifierSet
    fits: tuple[str, ...]
    wheels: tuple[str, ...] = ()


def pin_conflict(kb: Knowledge, depends: list[Hit]) -> PinConflict | None:
    """The first NVIDIA wheel two ``pip.depends`` lines ask for in ranges that exclude each
    other, one of them TensorFlow's (its and-cuda pin), with the releases whose pin would fit
    (knowledge table ``tf_pip_cuda_wheels``).  ``None`` when no such pair is in the lines."""
    from packaging.specifiers import InvalidSpecifier, SpecifierSet
    from packaging.version import Version

    parsed = [(h, r) for h in depends if (r := requirement(h)) is not None and r[1] is not None]
    pins: dict[str, dict[str, str]] = {}  # release -> wheel -> and-cuda specifier
    for pin in kb.pins:
        pins.setdefault(pin.tf_version, {})[pin.package] = pin.specifier
    for th, (wheel, tspec) in parsed:
        if _name(th.g("pkg") or "") not in _TF_NAMES or not _NVIDIA_WHEEL.match(wheel):
            continue
        for oh, (owheel, ospec) in parsed:
            if owheel != wheel or _name(oh.g("pkg") or "") in _TF_NAMES:
                continue
            assert tspec is not None and ospec is not None
            if _overlap(tspec, ospec):
                continue
            # every NVIDIA wheel the other package asks for in the report must fit the same
            # release's pins (jax or torch pin several: nccl and cudnn, cublas...)
            other_name = _name(oh.g("pkg") or "")
            wanted = {w: sp for h, (w, sp) in parsed
                      if _name(h.g("pkg") or "") == other_name and _NVIDIA_WHEEL.match(w)}
            fits = []
            for release, by_wheel in pins.items():
                try:
                    if all(w in by_wheel and sp is not None
                           and _overlap(SpecifierSet(by_wheel[w]), sp)
                           for w, sp in wanted.items()):
                        fits.append(release)
                except InvalidSpecifier:
                    continue
            fits.sort(key=Version)
            return PinConflict(
                wheel=wheel, tf_line=th, tf_version=th.g("v") or th.g("v2") or "",
                tf_spec=tspec, other_line=oh, other=oh.g("pkg") or "",
                other_version=oh.g("v") or oh.g("v2") or "", other_spec=ospec,
                fits=tuple(fits), wheels=tuple(wanted))
    return None
