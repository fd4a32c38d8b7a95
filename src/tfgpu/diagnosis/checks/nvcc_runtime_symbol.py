"""A compiled library (a custom op, a project's CUDA extension) that misses a registration or
launch symbol nvcc emits only from a CUDA release on: it was compiled by a newer nvcc than the
CUDA runtime the process resolves it against (``op-library-nvcc-newer-than-cuda-runtime``).

Sources:

* Which CUDA release's nvcc emits each symbol: platform fact ``nvcc-runtime-symbols`` (LLVM's
  clang, which emits the same host code as nvcc: ``clang/include/clang/Basic/Cuda.h``
  "CUDA-9.2+ uses a new API for launching kernels", "CUDA-10.1+ needs explicit end of GPU
  binary registration"; ``clang/lib/Basic/Cuda.cpp`` ``CudaFeatureEnabled``).
* Message format: glibc ``elf/dl-lookup.c`` ("<object>: undefined symbol: <name>") as
  TensorFlow's ``load_op_library`` raises it (``NotFoundError``); a paste may put spaces around
  the colons.
* Threads: pmh47/dirt#48 (an op built with CUDA 10.1's nvcc under TensorFlow 1.15, whose CUDA
  runtime is 10.0: "a mismatch between the CUDA version used to compile ... and the version
  used at runtime"); open-mmlab/mmdetection#385 and rowanz/neural-motifs#90 (the same symbol
  from PyTorch extensions: rebuild with the framework's CUDA).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.tf1_era import tf1_build_cudas
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Finding
from tfgpu.knowledge import KnowledgeError, KnowledgeQueryError


def nvcc_symbol_firsts(ctx: Facts) -> dict[str, str]:
    """``{"__cudaRegisterFatBinaryEnd": "10.1", ...}``: the first CUDA release whose nvcc
    emits each symbol (platform fact ``nvcc-runtime-symbols``, items ``"<symbol>=<x.y>"``);
    empty when the fact is missing or malformed. Never raises."""
    try:
        items = ctx.kb.platform_fact("nvcc-runtime-symbols").items("symbols")
    except (LookupError, KnowledgeError, KnowledgeQueryError):
        return {}
    out = {}
    for item in items:
        sym, _, first = item.partition("=")
        if sym and tf_minor(first) is not None:
            out[sym] = first
    return out


def _tf_cuda(ctx: Facts) -> str | None:
    """The CUDA x.y the log's TensorFlow release was built with (its tested GPU build; for
    1.x the platform fact ``tf1-gpu-build-cuda``), else None."""
    tf = ctx.tf_version
    build = ctx.kb.tested_gpu_build(tf, "windows" if ctx.windows else "linux")
    if build is not None:
        return build[0]
    mm = tf_minor(tf)
    tf1 = tf1_build_cudas(ctx.kb)
    if mm is None or tf1 is None:
        return None
    return next((cuda for series, cuda in tf1.builds if tf_minor(series) == mm), None)


def nvcc_newer_than_runtime(ctx: Facts) -> list[Finding]:
    """``op-library-nvcc-newer-than-cuda-runtime``: "<library>: undefined symbol: <symbol>"
    for a symbol that nvcc emits from CUDA <first> on (:func:`nvcc_symbol_firsts`): the
    library was compiled by CUDA <first>'s nvcc or newer and the CUDA runtime it is resolved
    against is older (TensorFlow's own, when the library does not link one itself), or the
    process has no CUDA runtime at all (a CPU-only TensorFlow)."""
    firsts = nvcc_symbol_firsts(ctx)
    for h in ctx.h("op.nvcc_symbol").all():
        sym = h.g("sym") or ""
        first = firsts.get(sym)
        if first is None:
            continue
        return [_finding(ctx, h, sym, first)]
    return []


#: The library before glibc's "undefined symbol" (a paste may put spaces around the colon):
#: the last word ending in .so or .so.<version> before it.
_LIB = re.compile(r"([^\s'\"\[(:]{1,300}\.so(?:\.[\w.]{1,20})?) ?: ?$")


def _library(text: str) -> str:
    """The library path the line names before "undefined symbol", else ``""``."""
    before = text[: text.find("undefined symbol")][-320:]
    m = _LIB.search(before)
    return m.group(1) if m else ""


def _finding(ctx: Facts, h: Hit, sym: str, first: str) -> Finding:
    """The finding for ``h`` (library, symbol ``sym`` that nvcc emits from CUDA ``first``)."""
    path = _library(h.text)
    lib = path.replace("\\", "/").rsplit("/", 1)[-1] or "the library"
    cuda = _tf_cuda(ctx)
    older = cuda is not None and (tf_minor(cuda) or (0, 0)) < (tf_minor(first) or (0, 0))
    runtime = (f" TensorFlow {ctx.tf_version} was built for CUDA {cuda}, whose runtime "
               f"predates {first}: that is the runtime such a library meets when it does not "
               "link its own." if older else "")
    return catalogue.make(
        "op-library-nvcc-newer-than-cuda-runtime", library=lib, symbol=sym, first=first,
        runtime=runtime, evidence=log_evidence([h]),
        knowledge_ref=ctx.kb.platform_fact("nvcc-runtime-symbols").ref,
        fix=("nvcc --version; which nvcc   # the CUDA that compiled the library: its build "
             "takes the first nvcc on PATH (or CUDA_HOME / a path in its Makefile)",
             "python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info().get('cuda_version'))\"   # the CUDA this "
             "TensorFlow uses (TF 1.x: the tested-configurations table)",
             f"ldd {path or '<the library>'} | grep -i cudart   # a libcudart it links itself, and "
             "which one the loader finds",
             "# rebuild the library with the nvcc of the CUDA TensorFlow uses (export "
             "PATH=/usr/local/cuda-<that version>/bin:$PATH, or set CUDA_HOME), then delete "
             "the old .so; or use the TensorFlow built for the newer CUDA"),
    )
