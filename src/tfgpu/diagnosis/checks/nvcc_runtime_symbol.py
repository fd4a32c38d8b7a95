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
* A Python extension module with no TensorFlow in the log (variant ``python-extension``):
  "ImportError: <x>.cpython-3Xm-...so: undefined symbol: __cudaPopCallConfiguration" of a
  PyTorch project's CUDA extension (setup.py CUDAExtension, or PyTorch 0.4's cffi ``_ext/``
  modules): the CUDA runtime there is the one PyTorch was built for (torch.version.cuda), older
  than the nvcc that compiled the extension. Threads: open-mmlab/mmdetection#66 ("my pyTorch
  version is not suit for my CUDA version", confirmed), huanglianghua/GlobalTrack#3
  ("inconsistent pytorch and cuda version", solved by the PyTorch for CUDA 10.0),
  roytseng-tw/Detectron.pytorch#78 (PyTorch reinstalled for CUDA 9.1), jwyang/
  faster-rcnn.pytorch#190, facebookresearch/maskrcnn-benchmark#469 (maintainer: ``rm -rf
  build/``, ``which nvcc``, ``nvcc --version``, ``python setup.py build develop``).
* TensorFlow counts as seen when a traceback line calls its op loader (``tf.load_op_library(``,
  ``tf.load_library(``; pattern ``proto.own_library``) or the library has a TensorFlow op's
  file name (``tf_*.so``, PointNet++'s ``tf_sampling_so.so`` / ``tf_grouping_so.so`` built by
  charlesq34/pointnet2's tf_ops/*/tf_*_compile.sh, loaded by ``tf.load_op_library``): the
  runtime is TensorFlow's (pmh47/dirt#48), whatever ``python <script>`` line is around it.
* A bare ``.so`` (no ``cpython-*``/``abi3`` tag, no ``_ext/`` folder, no PyTorch word) with
  only a ``python <script>`` line or a Python ``ImportError``: either framework may load it
  (a TensorFlow op, a PyTorch extension of Python 2 or a cffi module), so variant
  ``framework-unknown`` names neither and gives the check of both.
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


#: A Python extension module's file name (``x.cpython-36m-x86_64-linux-gnu.so``, an ``abi3``
#: one) or PyTorch 0.4's cffi extension folder (``_ext/<name>/_<name>.so``,
#: torch.utils.ffi): a library Python's import loads, not TensorFlow's load_op_library.
_PY_EXTENSION = re.compile(r"\.(?:cpython-\d{2,3}\w{0,4}-[\w-]{1,60}|abi3)\.so\b|[/\\]_ext[/\\]")

#: Words of a PyTorch project in the library's path or the failing line (PyTorch itself,
#: open-mmlab's mmdet/mmcv, the *.pytorch ports): the runtime is PyTorch's.
_TORCH_WORDS = re.compile(r"(?i)torch|\bmmdet\b|\bmmcv\b|[/\\](?:mmdet|mmcv)[/\\]")


#: A TensorFlow op library's file name: ``tf_<op>.so`` (PointNet++'s ``tf_sampling_so.so``,
#: ``tf_grouping_so.so``, ``tf_interpolate_so.so``; charlesq34/pointnet2 tf_ops).
_TF_OP_NAME = re.compile(r"(?:^|[/\\])tf_\w{1,80}\.so$")


def _tensorflow_seen(ctx: Facts, h: Hit, path: str) -> bool:
    """The log shows TensorFlow: a ``ctx.tensorflow`` line, a release from the log or host,
    load_op_library's ``NotFoundError``, a call of TensorFlow's op loader in a traceback
    (pattern ``proto.own_library``: ``load_op_library(``, ``tf.load_library(``), or a
    TensorFlow op's file name (:data:`_TF_OP_NAME`)."""
    return bool(ctx.h("ctx.tensorflow").count or ctx.tf_version or "NotFoundError" in h.text
                or ctx.h("proto.own_library").count or _TF_OP_NAME.search(path))


def _python_extension(ctx: Facts, h: Hit, path: str) -> bool:
    """The library is a Python extension module of another framework (:data:`_PY_EXTENSION`,
    a PyTorch word in its path, the line or the script, :attr:`Facts.other_framework`) and
    the log shows no TensorFlow (:func:`_tensorflow_seen`)."""
    if _tensorflow_seen(ctx, h, path):
        return False
    return bool(_PY_EXTENSION.search(path) or ctx.other_framework
                or _TORCH_WORDS.search(path or h.text) or _TORCH_WORDS.search(ctx.log_script or ""))


def _framework_unknown(ctx: Facts, h: Hit, path: str) -> bool:
    """A bare library (no extension tag, no framework word) that a Python program loaded
    (Python's ``ImportError``, a ``python <script>`` line) in a log without TensorFlow:
    TensorFlow's op loader or Python's import may have loaded it."""
    return not _tensorflow_seen(ctx, h, path) and bool(
        "ImportError" in h.text or ctx.log_script is not None)


def _unknown_finding(ctx: Facts, h: Hit, path: str, lib: str, sym: str,
                     first: str) -> Finding:
    """Variant ``framework-unknown``: the log does not show which framework loads ``lib``."""
    return catalogue.make(
        "op-library-nvcc-newer-than-cuda-runtime", variant="framework-unknown",
        library=lib, symbol=sym, first=first, evidence=log_evidence([h]),
        knowledge_ref=ctx.kb.platform_fact("nvcc-runtime-symbols").ref,
        fix=("nvcc --version; which nvcc   # the CUDA that compiled the library: its build "
             "takes CUDA_HOME or the first nvcc on PATH (or a path in its Makefile/script)",
             "python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info().get('cuda_version'))\"   # a TensorFlow op "
             "(loaded by tf.load_op_library): the CUDA this TensorFlow uses (TF 1.x: the "
             "tested-configurations table)",
             'python -c "import torch; print(torch.__version__, torch.version.cuda)"   # a '
             "PyTorch extension: the CUDA this PyTorch was built for",
             f"ldd {path or '<the library>'} | grep -i cudart   # a libcudart it links itself, "
             "and which one the loader finds",
             "# rebuild the library with the nvcc of that framework's CUDA (export "
             "PATH=/usr/local/cuda-<that version>/bin:$PATH, or set CUDA_HOME) from a clean "
             "tree (delete build/ and the old .so files), or install the framework build for "
             "the nvcc's CUDA"),
    )


def _extension_finding(ctx: Facts, h: Hit, path: str, lib: str, sym: str,
                       first: str) -> Finding:
    """Variant ``python-extension``: a Python extension compiled by CUDA ``first``'s nvcc or
    newer, in a process without TensorFlow (sources: the module docstring)."""
    torch = ctx.other_framework == "PyTorch" or bool(_TORCH_WORDS.search(path or h.text))
    who = ("PyTorch's (torch.version.cuda), the framework this extension is built on"
           if torch else "that of the framework the extension is built on (for a PyTorch "
           "project, the CUDA PyTorch was built for: torch.version.cuda)")
    return catalogue.make(
        "op-library-nvcc-newer-than-cuda-runtime", variant="python-extension",
        library=lib, symbol=sym, first=first, who=who, evidence=log_evidence([h]),
        knowledge_ref=ctx.kb.platform_fact("nvcc-runtime-symbols").ref,
        fix=("nvcc --version; which nvcc   # the CUDA that compiled the extension: its "
             "setup.py takes CUDA_HOME, else the first nvcc on PATH",
             'python -c "import torch; print(torch.__version__, torch.version.cuda)"   # '
             "a PyTorch project: the CUDA this PyTorch was built for; older than the nvcc "
             "above is this error",
             f"ldd {path or '<the extension .so>'} | grep -i cudart   # a CUDA runtime it "
             "links itself, and which one the loader finds",
             "# install the PyTorch build for the nvcc's CUDA (the install selector names "
             "the CUDA of each build), or put the nvcc of torch.version.cuda first (export "
             "CUDA_HOME=/usr/local/cuda-<that version>; PATH=$CUDA_HOME/bin:$PATH)",
             "# then rebuild the extension from a clean tree: delete build/ and the old .so "
             "files, and run the project's build again (python setup.py build develop, or "
             "its make/compile script)"),
    )


def _finding(ctx: Facts, h: Hit, sym: str, first: str) -> Finding:
    """The finding for ``h`` (library, symbol ``sym`` that nvcc emits from CUDA ``first``)."""
    path = _library(h.text)
    lib = path.replace("\\", "/").rsplit("/", 1)[-1] or "the library"
    if _python_extension(ctx, h, path):
        return _extension_finding(ctx, h, path, lib, sym, first)
    if _framework_unknown(ctx, h, path):
        return _unknown_finding(ctx, h, path, lib, sym, first)
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
