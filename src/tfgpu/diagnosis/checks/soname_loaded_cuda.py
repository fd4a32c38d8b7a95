"""A CUDA math library named after its own major that only the first minors of a CUDA major
ship (``libcusolver.so.10``: CUDA 10.1 to 11.0; CUDA 11.1 and later ship
``libcusolver.so.11``), read from the log alone, without host facts.

Knowledge: ``platform_facts:cuda-library-sonames`` (CUDA release notes, major component
versions): the first CUDA release of each soname major, and that the CUDA runtime keeps one
name for a whole major from CUDA 11 on (``libcudart.so.11.0`` / ``cudart64_110.dll`` for every
11.x), while before CUDA 10.1 every library carried the CUDA major.minor.

What the log tells:

* TensorFlow loaded other CUDA libraries whose names pin one CUDA major (``libcudart.so.11.0``,
  ``libcublas.so.11``; ``parse_library`` reads them as ``CUDA 11``): a toolkit of that major
  is on the loader path and the build is of that major.  When that major's later minors
  ship another name for the missing one (``libcusolver.so.10`` on CUDA 11.1+), the toolkit
  here is one of them, or an install without that library's package ->
  ``cuda-minor-soname-mismatch`` variant ``loaded-libraries`` (an error; the fix is the same
  either way: that library from the release that ships the name).  A loaded name that pins
  the minor itself (``libcudart.so.10.1``) and ships the missing name leaves the plain
  ``library-not-loaded`` finding (a partial install).
* Nothing else of CUDA in the log, loaded or not: the line alone cannot tell a later minor
  of the major from no toolkit of those releases on the path -> variant ``lone-name``, a
  hedge naming both (TensorFlow 2.4, built with CUDA 11.0, on CUDA 11.1+; or a host without
  CUDA 11.0 on the loader path).
* Other CUDA libraries missing as well: no toolkit of the build's CUDA on the path; the
  ``library-not-loaded`` findings say so.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.libraries import parse_library, soname_span, span_text
from tfgpu.diagnosis.checks.soname_build_cuda import builds_asking_for
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import TestedConfig

#: the knowledge row this reading rests on
_REF = "platform_facts:cuda-library-sonames"
#: libraries of the CUDA toolkit whose loading tells that a toolkit is (not) on the path
_TOOLKIT = ("cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver", "cusparse", "nvrtc")


def _cuda_need(lib: str) -> tuple[int, tuple[int, int] | None] | None:
    """``(CUDA major, (major, minor) or None)`` a library file name pins, as
    :func:`parse_library` reads it (``libcudart.so.11.0`` -> ``(11, None)``: every 11.x ships
    it; ``libcudart.so.10.1`` -> ``(10, (10, 1))``); ``None`` for a name that pins no CUDA
    (``libcufft.so.10``, cuDNN, the driver)."""
    base, _component, expected = parse_library(lib)
    if base not in _TOOLKIT or expected is None or not expected.startswith("CUDA "):
        return None
    ver = expected[5:]
    major = ver.split(".")[0]
    if not major.isdigit():
        return None
    return int(major), tf_minor(ver)


def _name(hit: Hit) -> str:
    return (hit.g("lib") or "").replace("\\", "/").split("/")[-1]


def _next_name(filename: str, number: int) -> str:
    """The name the same library has in the next soname major: ``libcusolver.so.10`` ->
    ``libcusolver.so.11``; ``cusolver64_10.dll`` -> ``cusolver64_11.dll``."""
    if filename.lower().endswith(".dll"):
        stem = filename.rsplit("_", 1)[0]
        return f"{stem}_{number}.dll"
    return f"{filename.split('.so')[0]}.so.{number}"


def soname_from_log(ctx: Facts, filename: str, base: str, same: list[Hit]) -> Finding | None:
    """For ``filename`` (an own-numbered CUDA math library TensorFlow could not load; no CUDA
    version known from the host facts or the log's folder names), the reading the log's
    other CUDA libraries allow (module docstring): ``cuda-minor-soname-mismatch`` variant
    ``loaded-libraries`` or ``lone-name``, or ``None`` (the plain ``library-not-loaded``
    finding stands).

    Only for a name whose last shipping release is not a major's last (``span``'s end has a
    minor above 0: a later minor of the same major renamed it), or whose first is not a
    major's first (:func:`_earlier_minor`)."""
    span = soname_span(ctx, filename, base)
    if span is None:
        return None
    if span[0][1] > 0 and (span[1] is None or span[1][0] > span[0][0]):
        earlier = _earlier_minor(ctx, filename, base, same, span)
        if earlier is not None:
            return earlier
    if span[1] is None or span[1][1] == 0:
        return None
    (lo, hi) = span
    assert hi is not None
    major = hi[0]
    ships = span_text(span)
    number = int(filename.split(".so.")[-1] if ".so." in filename
                 else filename.rsplit("_", 1)[-1].split(".")[0])
    renamed = _next_name(filename, number + 1)
    loaded: dict[int, list[Hit]] = {}
    pinned: set[tuple[int, int]] = set()
    for hit in ctx.h("lib.opened").by_key.values():
        need = _cuda_need(_name(hit))
        if need is None:
            continue
        loaded.setdefault(need[0], []).append(hit)
        if need[1] is not None:
            pinned.add(need[1])
    others_missing = [h for k, h in ctx.h("lib.missing").by_key.items()
                      if k.replace("\\", "/").split("/")[-1] != filename
                      and parse_library(_name(h))[0] in _TOOLKIT]
    comp = parse_library(filename)[1].split(" (")[0]
    windows = filename.lower().endswith(".dll")
    env_var = "PATH" if windows else "LD_LIBRARY_PATH"
    build = [r for r in builds_asking_for(ctx, span) if (mm := tf_minor(r.cuda or ""))
             and mm[0] == major]
    build_cuda = (build[-1].cuda if build else None) or f"{major}.{hi[1] - 1}"
    beside = (f"install CUDA {build_cuda} beside it and add its bin folder (C:\\Program Files\\"
              f"NVIDIA GPU Computing Toolkit\\CUDA\\v{build_cuda}\\bin, which has {filename}) "
              "to PATH" if windows else
              f"install CUDA {build_cuda}'s {comp} beside it (NVIDIA's repository: lib{base}-"
              f"{build_cuda.replace('.', '-')}) and put its lib64 folder first on "
              "LD_LIBRARY_PATH")
    listing = (f"where.exe {filename.rsplit('_', 1)[0]}_*.dll" if windows
               else f"ldconfig -p | grep lib{base}")
    if not loaded:
        if others_missing:
            return None  # no toolkit of the build's CUDA on the path: library-not-loaded
        return catalogue.make(
            "cuda-minor-soname-mismatch", variant="lone-name", filename=filename,
            ships=ships, renamed=renamed, later=f"{hi[0]}.{hi[1]}",
            evidence=log_evidence(same), knowledge_ref=_REF,
            cause=(f"TensorFlow asked the loader for {filename}, shipped with {ships} only "
                   f"(knowledge row {_REF}); CUDA {hi[0]}.{hi[1]} and later ship {renamed} "
                   f"instead. The line alone does not tell which of two causes it is: a CUDA "
                   f"{major} toolkit of {hi[0]}.{hi[1]} or later is on the loader path (it "
                   f"cannot serve this name; the other toolkit files TensorFlow loaded before this "
                   f"line would show that major), or no toolkit of {ships} is on the path at "
                   f"all (then TensorFlow's other toolkit files failed too). The listing "
                   f"below tells which."),
            fix=(f"{listing}   # only {renamed}: a later CUDA {major} minor; none: that "
                 f"toolkit is not installed or not on {env_var}",
                 f"# only {renamed}: {beside}, or install a TensorFlow release built for "
                 "the CUDA you have (tfgpu plan lists them)",
                 f"# none: Install a CUDA release that ships {filename} ({ships}; best the "
                 "one this TensorFlow was built with: tfgpu matrix) and "
                 + ("add its bin folder to PATH" if windows
                    else "put its lib64 folder on LD_LIBRARY_PATH")))
    if set(loaded) != {major} or others_missing:
        return None
    if any(lo <= mm < hi for mm in pinned):
        return None  # a release that ships it is loaded: a partial install
    shown = loaded[major][:2]
    names = ", ".join(f"{_name(h)} (line {h.line})" for h in shown)
    return catalogue.make(
        "cuda-minor-soname-mismatch", variant="loaded-libraries", filename=filename,
        ships=ships, major=str(major), later=f"{hi[0]}.{hi[1]}",
        evidence=log_evidence(shown, same), knowledge_ref=_REF,
        cause=(f"TensorFlow loaded {names}: a CUDA {major} toolkit is on the loader path and "
               f"this TensorFlow is a CUDA {major} build"
               + _built_with(build, build_cuda)
               + f". It asks for {filename}, which of CUDA {major} only the releases before "
               f"{hi[0]}.{hi[1]} ship ({ships}, knowledge row {_REF}); CUDA {hi[0]}.{hi[1]} "
               f"and later ship {renamed} instead. So the CUDA {major} here is {hi[0]}.{hi[1]} "
               f"or later (or a CUDA {major} install without its {comp} package), and "
               "TensorFlow runs without the GPU."),
        fix=(f"{listing}   # {renamed} without {filename}: a CUDA {major} of {hi[0]}.{hi[1]} "
             "or later",
             f"# {beside}",
             "# or install a TensorFlow release built for the CUDA you have (tfgpu plan "
             "lists them)"))


def _one_major(lib: str, ctx: Facts) -> int | None:
    """The CUDA major a loaded library file name pins: a CUDA-numbered one
    (``libcudart.so.11.0``, :func:`_cuda_need`) or an own-numbered one that only one CUDA
    major ships (``libcusparse.so.11``: CUDA 11.0 up to 12.0, :func:`soname_span`);
    ``None`` otherwise (``libcufft.so.10`` ships with CUDA 10.1 to 11.x: two majors)."""
    need = _cuda_need(lib)
    if need is not None:
        return None if need[1] is not None else need[0]
    base = parse_library(lib)[0]
    if base not in _TOOLKIT:
        return None
    span = soname_span(ctx, lib, base)
    if span is None:
        return None
    lo, hi = span
    if hi is None:
        return None
    return lo[0] if hi == (lo[0] + 1, 0) or hi[0] == lo[0] else None


def _earlier_minor(ctx: Facts, filename: str, base: str, same: list[Hit],
                   span: tuple[tuple[int, int], tuple[int, int] | None]) -> Finding | None:
    """``cuda-minor-soname-mismatch`` variant ``loaded-libraries-earlier``: ``filename`` ships
    only from a later minor of its CUDA major on (``libcusolver.so.11``: CUDA 11.1+; 11.0
    ships ``libcusolver.so.10``), and every other CUDA library the log shows TensorFlow
    loaded pins that major alone, none of them a minor: the CUDA of that major on the loader
    path is one of its earlier minors (or lacks the library's package).  ``None`` when no
    such library was loaded, another CUDA toolkit library is missing as well (no toolkit of
    the build's CUDA on the path: library-not-loaded), or a loaded one pins another major."""
    lo = span[0]
    majors: dict[int, list[Hit]] = {}
    for hit in ctx.h("lib.opened").by_key.values():
        major = _one_major(_name(hit), ctx)
        if major is not None:
            majors.setdefault(major, []).append(hit)
        elif _cuda_need(_name(hit)) is not None:
            return None  # a library that pins a minor (libcudart.so.10.1): another reading
    others_missing = [h for k, h in ctx.h("lib.missing").by_key.items()
                      if k.replace("\\", "/").split("/")[-1] != filename
                      and parse_library(_name(h))[0] in _TOOLKIT]
    if set(majors) != {lo[0]} or others_missing:
        return None
    number = int(filename.split(".so.")[-1] if ".so." in filename
                 else filename.rsplit("_", 1)[-1].split(".")[0])
    older = _next_name(filename, number - 1)
    comp = parse_library(filename)[1].split(" (")[0]
    windows = filename.lower().endswith(".dll")
    build = [r for r in builds_asking_for(ctx, span) if (mm := tf_minor(r.cuda or ""))
             and mm[0] == lo[0]]
    tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if windows else "linux")
    if tested is not None and (tf_minor(tested.cuda) or (0, 0))[0] == lo[0]:
        build = [tested.row]  # the log's or host's TensorFlow: its own build
    build_cuda = (build[-1].cuda if build else None) or f"{lo[0]}.{lo[1]}"
    shown = majors[lo[0]][:2]
    names = ", ".join(f"{_name(h)} (line {h.line})" for h in shown)
    earliest = f"{lo[0]}.0" if lo[1] == 1 else f"{lo[0]}.0-{lo[0]}.{lo[1] - 1}"
    beside = (f"install CUDA {build_cuda} and add its bin folder (C:\\Program Files\\NVIDIA GPU "
              f"Computing Toolkit\\CUDA\\v{build_cuda}\\bin, which has {filename}) to PATH"
              if windows else
              f"install CUDA {build_cuda}'s {comp} (NVIDIA's repository: lib{base}-"
              f"{build_cuda.replace('.', '-')}) and put its lib64 folder first on "
              "LD_LIBRARY_PATH")
    listing = (f"where.exe {filename.rsplit('_', 1)[0]}_*.dll" if windows
               else f"ldconfig -p | grep lib{base}")
    return catalogue.make(
        "cuda-minor-soname-mismatch", variant="loaded-libraries-earlier", filename=filename,
        first=f"{lo[0]}.{lo[1]}", major=str(lo[0]), older=older,
        evidence=log_evidence(shown, same), knowledge_ref=_REF,
        cause=(f"TensorFlow loaded {names}: a CUDA {lo[0]} toolkit is on the loader path and "
               f"this TensorFlow is a CUDA {lo[0]} build"
               + _built_with(build, build_cuda)
               + f". It asks for {filename}, which CUDA ships from {lo[0]}.{lo[1]} on "
               f"(knowledge row {_REF}); CUDA {earliest} ships {older} instead. So the CUDA "
               f"{lo[0]} here is older than {lo[0]}.{lo[1]} (or a CUDA {lo[0]} install without "
               f"its {comp} package), and TensorFlow runs without the GPU."),
        fix=(f"{listing}   # {older} without {filename}: a CUDA {lo[0]} older than "
             f"{lo[0]}.{lo[1]}",
             f"# {beside}, or upgrade the toolkit to CUDA {build_cuda}",
             "# or install a TensorFlow release built for the CUDA you have (tfgpu plan "
             "lists them)"))


def _built_with(build: list[TestedConfig], build_cuda: str) -> str:
    """`` (TensorFlow 2.5 to 2.11 was built with CUDA 11.2 and asks for this name)`` for the
    tested builds ``build`` (oldest first) that ask for the name; ``""`` when there are none."""
    if not build:
        return ""
    last = build[-1].tf_version_last or build[-1].tf_version
    span = f" to {last}" if len(build) > 1 else ""
    return (f" (TensorFlow {build[0].tf_version}{span} was built with CUDA {build_cuda} and "
            "asks for this name)")
