"""Which TensorFlow package asked for a CUDA runtime that did not load.

A failed load of the CUDA runtime reads "harmless without a GPU" only for packages that load
CUDA on every machine.  Facts (platform_facts.toml, rows cited):

* ``tensorflow-is-cuda-build``: from 2.1.0 the plain ``tensorflow`` package is the CUDA build
  (TF 2.1 release notes); ``tensorflow-2-0-cpu-only``: 2.0's plain package is CPU-only.
* ``tensorflow-1-15-0-gpu-default``: 1.15.0 is the one earlier release whose plain package
  carried GPU support (1.15.0 release notes; 1.15.2 split again, tensorflow/tensorflow#36347).
* ``cudart-stub-ignore-line``: the cudart stub's "Ignore above cudart dlerror if you do not
  have a GPU set up on your machine." exists from 1.15 (tensorflow/tensorflow#31933).

So a CUDA runtime older than the CUDA that 2.1 was built with (``tf_tested_configs``: 10.1;
``cudart64_100.dll``, ``libcudart.so.10.0``, 9.x, 8.0) was asked for by a GPU build
(tensorflow-gpu or a source build), or by the plain 1.15.0, which prints the stub's line.
Without that line in the log the failed load is no "harmless without a GPU" notice.
"""

from __future__ import annotations

import re

from tfgpu.facts.view import Facts, tf_minor
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError

#: The CUDA runtime's file name with the CUDA major.minor it pins: Linux ``libcudart.so.X.Y``,
#: macOS ``libcudart.X.Y.dylib``, Windows ``cudart64_XY.dll`` (``cudart64_100.dll`` = 10.0).
_CUDART = re.compile(
    r"^(?:libcudart\.so\.(?P<so>\d{1,2}\.\d)|libcudart\.(?P<dy>\d{1,2}\.\d)\.dylib"
    r"|cudart64_(?P<dll>\d{2,3})\.dll)$", re.IGNORECASE)


def cudart_cuda(filename: str) -> tuple[int, int] | None:
    """``(major, minor)`` of the CUDA release a CUDA runtime file name pins, or ``None``.

    ``"cudart64_100.dll"`` -> ``(10, 0)``; ``"libcudart.so.9.0"`` -> ``(9, 0)``;
    ``"cudart64_80.dll"`` -> ``(8, 0)``; ``"libcudart.so.11.0"`` -> ``(11, 0)``;
    ``"libcudart.so"`` (no version) -> ``None``.
    """
    name = filename.rsplit("/", 1)[-1].rsplit("\\", 1)[-1]
    m = _CUDART.match(name)
    if m is None:
        return None
    if m.group("dll"):
        d = m.group("dll")
        return int(d[:-1]), int(d[-1])
    return tf_minor(m.group("so") or m.group("dy"))


def _first_default_gpu_cuda(ctx: Facts) -> tuple[tuple[int, int], str] | None:
    """(CUDA x.y, knowledge refs) of the first release whose plain package is the CUDA build
    (``tensorflow-is-cuda-build``, 2.1.0 -> its tested CUDA, 10.1); ``None`` when the
    knowledge lacks a row (then no claim is made)."""
    try:
        (major, minor), fact = ctx.kb.fact_series("tensorflow-is-cuda-build")
    except (KnowledgeError, KnowledgeQueryError):
        return None
    build = ctx.kb.tested_gpu_build(f"{major}.{minor}", "linux")
    cuda = tf_minor(build.cuda) if build is not None else None
    if build is None or cuda is None:
        return None
    return cuda, f"{fact.ref}, {build.ref}"


def gpu_build_cudart(ctx: Facts) -> list[str]:
    """The CUDA runtime file names that failed to load (``lib.missing``) and pin a CUDA older
    than the first default-GPU release's, when the log lacks the cudart stub's "Ignore above
    cudart dlerror" line; empty otherwise (then TensorFlow's own reading holds)."""
    if ctx.h("noise.cudart_stub").count:
        return []
    first = _first_default_gpu_cuda(ctx)
    if first is None:
        return []
    out = []
    for name in ctx.h("lib.missing").by_key:
        cuda = cudart_cuda(name)
        if cuda is not None and cuda < first[0]:
            out.append(name)
    return out


def gpu_build_cause(ctx: Facts, filename: str) -> str:
    """The sentence that says why a failed load of ``filename`` (one of
    :func:`gpu_build_cudart`) comes from a GPU build of TensorFlow, with the knowledge rows;
    empty when ``filename`` pins no CUDA or the knowledge lacks the rows."""
    cuda = cudart_cuda(filename)
    first = _first_default_gpu_cuda(ctx)
    if cuda is None or first is None:
        return ""
    try:
        one, _ = ctx.kb.fact_series("tensorflow-1-15-0-gpu-default")
        stub = ctx.kb.platform_fact("cudart-stub-ignore-line")
    except (KnowledgeError, KnowledgeQueryError):
        return ""
    want = f"{cuda[0]}.{cuda[1]}"
    return (f"Only a TensorFlow built for CUDA {want} asks for {filename}, and up to "
            f"TensorFlow 2.0 the plain tensorflow package did not load CUDA at all: GPU support "
            "was the separate tensorflow-gpu package (the default package carries it from 2.1, "
            f"built for CUDA {first[0][0]}.{first[0][1]}). So the installed TensorFlow is a GPU "
            f"build (tensorflow-gpu or a source build), set up for a GPU, and CUDA {want} is "
            f"missing or not on the loader's path. The one exception, the plain tensorflow "
            f"{one[0]}.{one[1]}.0 (GPU support bundled), follows a failed load with "
            f"\"{stub.value('line')}\", which is not in this log (knowledge rows {first[1]}, "
            f"{stub.ref}).")


def harmless_reading_words(ctx: Facts, filename: str) -> str:
    """Why a failed load of the CUDA runtime ``filename`` reads harmless without a GPU, in
    the words the log supports, ending with "; ": the stub's own line when the log has it
    (quoted, with its line number), else the package fact (2.1+ loads CUDA on every machine)
    for a runtime of that era, else only that the loader did not find it."""
    stub = ctx.h("noise.cudart_stub").all()
    if stub:
        text = stub[0].text.strip()
        said = text[text.find("Ignore"):] if "Ignore" in text else text[-80:]
        return (f"and says itself to ignore this when no GPU is set up (line {stub[0].line}: "
                f"\"{said}\"); ")
    cuda = cudart_cuda(filename)
    first = _first_default_gpu_cuda(ctx)
    if cuda is not None and first is not None and cuda >= first[0]:
        return ("and the loader did not find it; from TensorFlow 2.1 the plain tensorflow "
                "package tries this on every machine, with or without a GPU, and runs on the "
                f"CPU when it fails (knowledge rows {first[1]}); ")
    return "and the loader did not find it; "
