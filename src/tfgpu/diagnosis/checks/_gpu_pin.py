"""The rule that maps a ``tensorflow-gpu==X`` pin to the requirement that installs the
same GPU build today.  Every fix line about a pinned ``tensorflow-gpu`` (pip's no-matching
errors, the retired name's stub, other installers) takes its requirement from
:func:`gpu_pin_requirement`, not from a per-message string.

Facts (platform_facts.toml, each with its source):

- ``tensorflow-gpu-removed``: the name is retired; 2.12.0 and later are an empty sdist whose
  ``setup.py`` raises 'The "tensorflow-gpu" package has been removed!' (neuronets/nobrainer#252's
  build log; tensorflow/tensorflow#60074, #60886) - they never install.  Last real wheels:
  2.11.0 (Linux), 2.10.1 (Windows).
- ``tensorflow-is-cuda-build``: from 2.1.0 the plain ``tensorflow`` wheel is the same CUDA build
  as ``tensorflow-gpu`` of that version.
- ``tensorflow-2-0-cpu-only``: plain ``tensorflow`` 2.0 is CPU-only; its GPU build is
  ``tensorflow-gpu`` 2.0.
- ``tensorflow-1-15-0-gpu-default``: plain ``tensorflow`` 1.15.0 included GPU support; 1.15.2+
  and every other 1.x keep it in ``tensorflow-gpu``.
- ``and-cuda-extra-first``: ``tensorflow[and-cuda]`` exists from 2.14.0 (it brings the CUDA
  libraries as pip wheels, Linux only).
- ``windows-native-gpu-last``: native Windows GPU support ends at 2.10.
"""

from __future__ import annotations

from dataclasses import dataclass

from packaging.version import InvalidVersion, Version

from tfgpu.knowledge import Knowledge


@dataclass(frozen=True)
class GpuPin:
    """What a ``tensorflow-gpu==X`` pin becomes.

    Attributes:
        requirement: the pip requirement to pin instead (``tensorflow[and-cuda]==2.15.0``,
            ``tensorflow==2.10.0``, ``tensorflow-gpu==2.0.0``); quoted in fix lines.
        why: one clause saying why (with the fact it rests on).
        keeps_name: True when ``tensorflow-gpu`` itself stays the package to pin (2.0 and
            1.x except 1.15.0): the fix then keeps the pin and changes the Python.
        ref: the platform-fact row the rule used.
    """

    requirement: str
    why: str
    keeps_name: bool
    ref: str


def _series(version: str) -> tuple[int, int] | None:
    try:
        rel = Version(version.rstrip(".*")).release
    except InvalidVersion:
        return None
    return (rel[0], rel[1] if len(rel) > 1 else 0)


def gpu_pin_requirement(kb: Knowledge, version: str, *, windows: bool) -> GpuPin | None:
    """The requirement that replaces ``tensorflow-gpu==version`` (``version`` as pinned:
    ``"2.15.0"``, ``"2.4.*"``, ``"1.15"``), for native Windows when ``windows``; ``None`` when
    ``version`` is not a version.  Sources: the platform facts named in the module note
    (:meth:`Knowledge.fact_series`); raises KnowledgeQueryError when one is missing."""
    want = _series(version)
    if want is None:
        return None
    stub, gone = kb.fact_series("tensorflow-gpu-removed", "stub_version")
    same, same_row = kb.fact_series("tensorflow-is-cuda-build")
    cpu20, cpu20_row = kb.fact_series("tensorflow-2-0-cpu-only")
    _, one15_row = kb.fact_series("tensorflow-1-15-0-gpu-default")
    and_cuda, and_row = kb.fact_series("and-cuda-extra-first")
    win_last, win_row = kb.fact_series("windows-native-gpu-last")
    if windows and want > win_last:
        last = win_row.value("tf_version")
        return GpuPin(f"tensorflow=={win_last[0]}.{win_last[1]}.*",
                      f"native Windows GPU support ends at {last} (knowledge row "
                      f"{win_row.ref}): keep that series, or run {version} in WSL2",
                      False, win_row.ref)
    if want >= stub:
        extra = "[and-cuda]" if want >= and_cuda and not windows else ""
        return GpuPin(f"tensorflow{extra}=={version}",
                      f"tensorflow-gpu {stub[0]}.{stub[1]} and later are empty placeholders "
                      f"that refuse to install (knowledge row {gone.ref}); tensorflow {version} "
                      "is the GPU build"
                      + (" and its [and-cuda] extra brings the CUDA libraries as wheels "
                         f"(knowledge row {and_row.ref})" if extra else
                         " (it needs the CUDA/cuDNN of its tested configuration on the host)"),
                      False, gone.ref)
    if want >= same:
        return GpuPin(f"tensorflow=={version}",
                      f"from {same[0]}.{same[1]} the plain tensorflow wheel of a version is the "
                      f"same CUDA build as tensorflow-gpu of it (knowledge row {same_row.ref})",
                      False, same_row.ref)
    if want == cpu20:
        return GpuPin(f"tensorflow-gpu=={version}",
                      f"tensorflow {cpu20[0]}.{cpu20[1]} is CPU-only; tensorflow-gpu is its GPU "
                      f"build (knowledge row {cpu20_row.ref})", True, cpu20_row.ref)
    if version in ("1.15.0", "1.15"):  # PEP 440: ==1.15 is 1.15.0; 1.15.* is not
        return GpuPin("tensorflow==1.15.0",
                      "tensorflow 1.15.0 is the one 1.x release whose plain package includes "
                      f"GPU support (knowledge row {one15_row.ref}); tensorflow-gpu==1.15.0 "
                      "is the same build", False, one15_row.ref)
    return GpuPin(f"tensorflow-gpu=={version}",
                  f"up to 2.0 (except tensorflow 1.15.0) only tensorflow-gpu has GPU support "
                  f"(knowledge row {one15_row.ref})", True, one15_row.ref)
