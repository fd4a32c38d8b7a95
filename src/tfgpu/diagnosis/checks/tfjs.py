"""Fault kind TFJS-NODE: TensorFlow.js for Node.js (``@tensorflow/tfjs-node-gpu``), which runs
a prebuilt libtensorflow C library, not pip's TensorFlow.

Sources: ``tfjs-node/scripts/deps-constants.js`` (ALL_SUPPORTED_COMBINATION: cpu-darwin-x86_64,
gpu/cpu-linux-x86_64, gpu/cpu-windows-x86_64; LIBTENSORFLOW_VERSION per release),
``scripts/install.js`` ("Unsupported system", node-pre-gyp), ``src/index.ts`` (the native addon
not found), tensorflow/tfjs#2561 (Windows: "The specified module could not be found"), #739 and
#8269 (Linux: the CUDA/cuDNN sonames libtensorflow needs).  Fixes are npm's and the CUDA
libraries of that libtensorflow, never ``pip install tensorflow[and-cuda]``.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.libraries import parse_library
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: CUDA/cuDNN library bases whose absence a tfjs-node-gpu log reports here (checks/libraries.py
#: leaves them to :func:`tfjs_cuda_libraries_missing` when the log is tfjs-node's).
TFJS_CUDA_BASES = frozenset({"cudart", "cublas", "cublasLt", "cufft", "curand", "cusolver",
                             "cusparse", "cudnn", "nvinfer", "nvinfer_plugin"})


def tfjs_log(f: Facts) -> bool:
    """The log is tfjs-node(-gpu)'s (its paths, node-pre-gyp or Node's module loader)."""
    return bool(f.h("ctx.tfjs").count)


def tfjs_unsupported_platform(f: Facts) -> list[Finding]:
    """``Unsupported system: gpu-win32-ia32`` from tfjs-node's install script."""
    return c.from_log(f, "tfjs.unsupported", lambda hits, first: catalogue.make(
        "tfjs-node-gpu-unsupported-platform", sys=first.g("sys") or "this system",
        evidence=log_evidence(hits),
        fix=('node -p "process.platform + \' \' + process.arch"   # must be linux/win32 x64 for '
             "the GPU package",
             "# install a 64-bit Node.js on Linux or Windows x86_64, or use @tensorflow/tfjs-node "
             "(CPU; also macOS x86_64) or @tensorflow/tfjs (pure JavaScript) elsewhere"),
    ))


def tfjs_addon_missing(f: Facts) -> list[Finding]:
    """``tfjs_binding.node`` not found, or node-pre-gyp failed to fetch/build it."""
    return c.from_log(f, "tfjs.no_binding", lambda hits, _first: catalogue.make(
        "tfjs-node-gpu-addon-missing", evidence=log_evidence(hits),
        fix=("npm rebuild @tensorflow/tfjs-node-gpu --build-addon-from-source   # the message's "
             "own fix (use tfjs-node for the CPU package)",
             "# first read the npm install log for the download or node-pre-gyp error; building "
             "needs Python 3 and a C++ toolchain (Windows: Visual Studio Build Tools)",
             "node -v   # an LTS Node.js that tfjs-node publishes prebuilt addons for"),
    ))


def tfjs_cuda_libraries_missing(f: Facts) -> list[Finding]:
    """tfjs-node-gpu's libtensorflow cannot load CUDA/cuDNN: Windows "The specified module could
    not be found" for ``tfjs_binding.node``, or the Linux loader naming a CUDA soname."""
    if not tfjs_log(f):
        return []
    dll = f.h("tfjs.dlopen").all()
    libs = [h for h in f.h("lib.missing").all()
            if parse_library(h.g("lib") or "")[0] in TFJS_CUDA_BASES]
    if not (dll or libs):
        return []
    needs = []
    for h in libs:
        _, comp, expected = parse_library(h.g("lib") or "")
        needs.append(f"{h.g('lib')} ({expected or comp})")
    needs = list(dict.fromkeys(needs))
    if needs:
        cause = ("The GPU libtensorflow that tfjs-node-gpu downloaded was built against one "
                 "CUDA/cuDNN pair, and the loader cannot find " + ", ".join(needs[:4])
                 + ": that CUDA/cuDNN is not installed or not on the loader path (a newer "
                 "CUDA major does not provide an older soname). Node.js, not pip TensorFlow: "
                 "pip's tensorflow[and-cuda] does not apply.")
    else:
        cause = ("Windows could not load tfjs_binding.node's dependencies: the GPU "
                 "libtensorflow (tensorflow.dll) needs the CUDA and cuDNN DLLs of the version it "
                 "was built for on PATH (tensorflow/tfjs#2561). Node.js, not pip TensorFlow: "
                 "pip's tensorflow[and-cuda] does not apply.")
    if f.windows or (dll and not libs):
        fix = ("where cudart64_*.dll cudnn64_*.dll   # the CUDA/cuDNN DLLs on PATH",
               "# install the CUDA and cuDNN versions tfjs-node-gpu's README lists for your "
               "release (its libtensorflow's) and add their bin folders to PATH",
               "# or use @tensorflow/tfjs-node (CPU)")
    else:
        fix = ("ldd node_modules/@tensorflow/tfjs-node-gpu/deps/lib/libtensorflow.so | grep "
               "'not found'   # every CUDA/cuDNN soname it needs",
               "# install the CUDA/cuDNN versions those sonames name and add their lib64 "
               "folders to LD_LIBRARY_PATH (export LD_LIBRARY_PATH=/usr/local/cuda-<that "
               "version>/lib64:$LD_LIBRARY_PATH)",
               "# or use @tensorflow/tfjs-node (CPU)")
    return [catalogue.make(
        "tfjs-node-gpu-cuda-libraries-missing", evidence=log_evidence(dll, libs), cause=cause,
        fix=fix,
    )]
