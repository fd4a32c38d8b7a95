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

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks.libraries import parse_library
from tfgpu.facts.log import Hit
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
    ))


def tfjs_addon_missing(f: Facts) -> list[Finding]:
    """``tfjs_binding.node`` not found, or node-pre-gyp failed to fetch/build it."""
    # node-pre-gyp's own "no prebuilt binary for this Node.js" lines
    patterns = ("tfjs.no_binding", "tfjs.prebuilt")
    return c.from_logs(f, patterns, lambda hits: catalogue.make(
        "tfjs-node-gpu-addon-missing", evidence=log_evidence(hits),
    ))


def tfjs_cuda_libraries_missing(f: Facts) -> list[Finding]:
    """tfjs-node-gpu's libtensorflow cannot load CUDA/cuDNN: Windows "The specified module could
    not be found" for ``tfjs_binding.node``, or the Linux loader naming a CUDA soname."""
    if not tfjs_log(f):
        return []
    dll = f.h("tfjs.dlopen").all()
    libs = [h for h in f.h("lib.missing").all()
            if parse_library(h.g("lib") or "")[0] in TFJS_CUDA_BASES]
    # libtensorflow's own gpu_device.cc lines without a library name ("Cannot
    # dlopen some GPU libraries", "Skipping registering GPU devices") in a tfjs-node log
    unnamed = f.h("lib.dlopen").all() + f.h("gpu.skipping").all()
    if not (dll or libs or unnamed):
        return []
    if dll and not libs:
        return [_addon_dependency(f, dll)]
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
        cause = ("tfjs-node-gpu's libtensorflow could not load some of the CUDA/cuDNN "
                 "libraries it was built for and skips the GPU; the log does not say which. "
                 "That libtensorflow needs the CUDA/cuDNN pair of its own release (a newer "
                 "CUDA major does not provide an older soname). Node.js, not pip TensorFlow: "
                 "pip's tensorflow[and-cuda] does not apply.")
    if f.windows:
        fix = ("where.exe cudart64_*.dll cudnn64_*.dll   # the CUDA/cuDNN DLLs on PATH",
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
        "tfjs-node-gpu-cuda-libraries-missing", evidence=log_evidence(libs, unnamed),
        cause=cause,
        fix=fix,
    )]


def _addon_dependency(f: Facts, dll: list[Hit]) -> Finding:
    """Windows "The specified module could not be found" for ``tfjs_binding.node``: the addon
    is there but a DLL it needs is not.  tfjs-node's install script (``scripts/install.js``
    build(): "Move libtensorflow to module path, where tfjs_binding.node locates", running
    ``scripts/deps-stage.js``, which symlinks or copies ``deps/lib/tensorflow.dll`` into the
    addon's ``lib/napi-vN`` folder, ``package.json`` binary.module_path) puts tensorflow.dll
    beside the addon; when that step failed or a reinstall left it in ``deps/lib``, this is
    printed, and with the GPU package also when the CUDA/cuDNN DLLs that tensorflow.dll needs
    are not on PATH (tensorflow/tfjs#2561).  The log cannot tell the two apart: a hedged
    finding (category ``unknown``) with the ``dir`` that tells."""
    paths = [h.text for h in f.h("ctx.tfjs").all()] + [h.text for h in dll]
    m = next((m for t in paths if (m := _ADDON_DIR.search(t))), None)
    pkg = m.group("pkg") if m else "tfjs-node-gpu"
    napi = m.group("napi") if m else "napi-v<N>"
    here = f"node_modules\\@tensorflow\\{pkg}"
    gpu = pkg.endswith("-gpu")
    fix = [f'where.exe /R "{here}\\lib" tensorflow.dll   # must list lib\\{napi}\\tensorflow.dll: '
           "the addon loads it from its own folder",
           f"# not there: copy {here}\\deps\\lib\\tensorflow.dll into {here}\\lib\\{napi}\\ "
           f"(what install.js's deps-stage step does), or npm rebuild @tensorflow/{pkg}"]
    if gpu:
        fix += ["# there: the CUDA/cuDNN DLLs it needs are not on PATH: where.exe cudart64_*.dll "
                "cudnn64_*.dll; install the CUDA and cuDNN versions tfjs-node-gpu's README "
                "lists for your release and add their bin folders to PATH",
                "# or use @tensorflow/tfjs-node (CPU)"]
    # a Node.js whose N-API version the package does not list (package.json
    # binary.napi_versions was 3-8 up to 4.22.0; 9, Node.js 22, added by tensorflow/tfjs#8547,
    # tensorflow/tfjs@0ef019b): the install staged the addon for another N-API (#8542)
    fix.append("node -p process.versions.napi   # 9 or more (Node.js 22+): tfjs-node(-gpu) "
               "<= 4.22.0 lists N-API 3-8 only; use Node.js 20, or a release listing it")
    cuda = (" or, with the GPU package, the CUDA and cuDNN DLLs that GPU tensorflow.dll was "
            "built for are not on PATH (tensorflow/tfjs#2561)") if gpu else ""
    cuda += ("; a Node.js whose N-API version the package does not list (Node.js 22's N-API 9 "
             "before tensorflow/tfjs#8547) leaves the staged files incomplete the same way")
    # tensorflow/tfjs#2003 (tfjs-node(-gpu) 1.2.x/1.3.x on Windows: Node.js 10.17+ and
    # 12.x printed this, Node.js 10.16.3 loaded it; another user's fix was cuDNN's bin on PATH)
    cuda += ("; with tfjs-node(-gpu) 1.2.x/1.3.x on Windows, Node.js 10.17 and later failed "
             "this way where Node.js 10.16.3 worked (tensorflow/tfjs#2003)")
    fix.append("# tfjs-node(-gpu) 1.2.x/1.3.x: node -v; 10.17+ or 12.x failed to load the "
               "addon on Windows (tensorflow/tfjs#2003), Node.js 10.16.3 loaded it")
    return catalogue.make(
        "tfjs-node-gpu-cuda-libraries-missing", variant="addon-dependency",
        evidence=log_evidence(dll, f.h("ctx.tfjs").first[:2]),
        cause=("Windows found tfjs_binding.node but not a DLL it depends on. tfjs-node's "
               f"install script puts libtensorflow's tensorflow.dll beside the addon (lib\\{napi}, "
               "scripts/install.js and deps-stage.js); this error is printed when tensorflow.dll "
               "is not there (that step failed, or a reinstall or rebuild left it in "
               f"deps\\lib){cuda}. The log does not tell which: the where.exe below does. "
               "Node.js, not pip TensorFlow: pip fixes do not apply."),
        fix=tuple(fix),
    )


#: The addon's folder in a tfjs-node(-gpu) path: the package and its N-API folder.
_ADDON_DIR = re.compile(r"@tensorflow[/\\](?P<pkg>tfjs-node(?:-gpu)?)[/\\]lib[/\\]"
                        r"(?P<napi>napi-v\d{1,3})")
