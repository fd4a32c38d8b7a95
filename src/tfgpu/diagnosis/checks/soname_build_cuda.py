"""Which CUDA a TensorFlow was built for, when it asks for a math library named after the
library's own major (``libcusolver.so.10``, ``cusolver64_10.dll``) that several CUDA releases
ship.

Since CUDA 10.1 the math libraries carry their own major (``platform_facts:cuda-library-
sonames``, CUDA release notes): ``libcusolver.so.10`` ships with CUDA 10.1 to 11.0, so the
TensorFlow builds that ask for it are the ones tested with a CUDA in that span
(``tf_tested_configs``: 2.1-2.3 with CUDA 10.1, 2.4 with CUDA 11.0).  On a host with CUDA
11.2 the first is another CUDA major (``cuda-major-mismatch``), the second the same major
with a minor that ships another name (``cuda-minor-soname-mismatch``).  What tells them
apart, first to last: the TensorFlow version (its tested build), the other CUDA libraries
the log names (``libcudart.so.10.1`` is a CUDA 10 build, ``libcudart.so.11.0`` a CUDA 11
one, ``libcublas.so.10`` ships with CUDA 10.x only), else nothing: the builds of the span,
named in a hedge.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.libraries import parse_library, soname_span
from tfgpu.facts.view import Facts, tf_minor
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import TestedConfig

#: ``(first CUDA x.y, first CUDA x.y without it or None)``, as ``soname_span`` gives it.
Span = tuple[tuple[int, int], tuple[int, int] | None]


def _in(mm: tuple[int, int], span: Span) -> bool:
    return mm >= span[0] and (span[1] is None or mm < span[1])


def _span_majors(span: Span) -> set[int]:
    """The CUDA majors a span covers: ``(10.1, 11.1)`` -> ``{10, 11}``; ``(10.1, 11.0)``
    -> ``{10}``; an open span (the name still current, ``(11.1, None)``) its first major
    only, as the minor-mismatch reading counts it (a later major's build asks first for
    that major's CUDA runtime)."""
    lo, hi = span
    last = lo[0] if hi is None else (hi[0] - 1 if hi[1] == 0 else hi[0])
    return set(range(lo[0], last + 1))


def builds_asking_for(ctx: Facts, span: Span) -> list[TestedConfig]:
    """The tested GPU builds (``tf_tested_configs``, this OS) whose CUDA ships in ``span``
    and is of a major :func:`_span_majors` counts, oldest release first."""
    os = "windows" if ctx.windows else "linux"
    majors = _span_majors(span)
    rows = [r for r in ctx.kb.gpu_configs(os)
            if r.cuda and (mm := tf_minor(r.cuda)) is not None and _in(mm, span)
            and mm[0] in majors]
    return rows[::-1]


def build_majors(ctx: Facts, filename: str, span: Span) -> tuple[set[int], str]:
    """``(CUDA majors the TensorFlow asking for filename may be built for, why)``.

    From the TensorFlow version's tested build when known; else from the log's other CUDA
    libraries (loaded or not) whose names pin one major (CUDA-numbered ones such as
    ``libcudart.so.10.1`` / ``cudart64_110.dll``, or own-numbered ones whose releases lie in
    one major, ``libcublas.so.10``); else the majors of the tested builds that ask for it
    (:func:`builds_asking_for`; several: the log cannot tell).  ``(set(), "")`` when nothing
    is known."""
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    if tested is not None and (tm := tf_minor(tested.cuda)) is not None:
        return {tm[0]}, (f"TensorFlow {ctx.tf_version} was built with CUDA {tested.cuda} "
                         f"(knowledge row {tested.ref})")
    told: dict[int, str] = {}
    for name in (*ctx.h("lib.missing").by_key, *ctx.h("lib.opened").by_key):
        lib = name.replace("\\", "/").split("/")[-1]
        if lib == filename:
            continue
        base, _component, expected = parse_library(lib)
        if expected is None:
            continue
        if expected.startswith("CUDA ") and expected[5:].split(".")[0].isdigit():
            told.setdefault(int(expected[5:].split(".")[0]), lib)
            continue
        own = soname_span(ctx, lib, base)
        if own is not None and len(majors := _span_majors(own)) == 1:
            told.setdefault(next(iter(majors)), lib)
    if len(told) == 1:
        major, lib = next(iter(told.items()))
        return {major}, f"the log also names {lib}, a CUDA {major} library"
    builds = builds_asking_for(ctx, span)
    majors = {mm[0] for r in builds if (mm := tf_minor(r.cuda or "")) is not None}
    return majors, ""


def _releases(rows: list[TestedConfig]) -> str:
    """``"2.1-2.3"`` / ``"2.4"``: the first and last release of ``rows`` (oldest first)."""
    first = rows[0].tf_version
    last = rows[-1].tf_version_last or rows[-1].tf_version
    return first if first == last else f"{first} to {last}"


def soname_build_finding(ctx: Facts, filename: str, span: Span, have: list[str],
                         ships: str, evidence: tuple[Evidence, ...]) -> Finding | None:
    """For ``filename`` (an own-numbered math library TensorFlow could not load, shipped
    with CUDA ``ships``, i.e. ``span``) on a host whose CUDA ``have`` is of a major ``span``
    covers but does not ship it:

    * the TensorFlow version or the log says the build is of another CUDA major
      (:func:`build_majors`) -> ``cuda-major-mismatch`` variant ``soname-build`` (error);
    * builds of several majors ask for it and nothing tells which -> ``cuda-major-mismatch``
      variant ``soname-build-unknown`` (a warning naming both readings and their releases);
    * ``None`` when the build is of the host's major (the minor mismatch stands) or
      nothing is known.
    """
    host = {mm[0] for v in have if (mm := tf_minor(v)) is not None}
    majors, why = build_majors(ctx, filename, span)
    if not majors or majors == (majors & host):
        return None
    env_var = "PATH" if ctx.windows else "LD_LIBRARY_PATH"
    check = ('python -c "import tensorflow as tf; print(tf.__version__, '
             'tf.sysconfig.get_build_info())"   # the CUDA this TensorFlow was built with')
    if not majors & host:
        if not why:
            # only the tested builds' majors, none of them the host's: no build is told
            # (the name's releases end in another major: library-not-loaded says so)
            return None
        major = min(majors)
        return catalogue.make(
            "cuda-major-mismatch", variant="soname-build", library=filename, ships=ships,
            major=major, have=", ".join(have), why=why, evidence=evidence,
            knowledge_ref="platform_facts:cuda-library-sonames",
            fix=(check,
                 f"# install CUDA {major} (the release this TensorFlow was built with) and put "
                 f"its libraries first on {env_var}, or install a TensorFlow built for the "
                 f"CUDA {min(host)} you have (tfgpu plan lists the releases)",
                 "# in a container: an image whose CUDA is the one this TensorFlow needs"))
    rows = builds_asking_for(ctx, span)
    other = [r for r in rows if (mm := tf_minor(r.cuda or "")) and mm[0] not in host]
    same = [r for r in rows if (mm := tf_minor(r.cuda or "")) and mm[0] in host]
    if not other or not same:
        return None
    return catalogue.make(
        "cuda-major-mismatch", variant="soname-build-unknown", library=filename, ships=ships,
        have=", ".join(have), other=_releases(other), other_cuda=other[0].cuda or "",
        same=_releases(same), same_cuda=same[0].cuda or "", evidence=evidence,
        knowledge_ref=other[0].ref,
        fix=(check,
             f"# built with CUDA {other[0].cuda}: install that CUDA (its libraries first on "
             f"{env_var}), or a TensorFlow built for the CUDA {min(host)} you have (tfgpu "
             "plan lists the releases)",
             f"# built with CUDA {same[0].cuda}: install CUDA {same[0].cuda}'s {filename} "
             f"beside the CUDA here, or a TensorFlow release built for CUDA {have[0]}",
             "# in a container: an image whose CUDA is the one this TensorFlow needs"))
