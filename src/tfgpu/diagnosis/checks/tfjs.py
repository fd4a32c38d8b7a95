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


def _vtuple(v: str) -> tuple[int, ...]:
    return tuple(int(x) for x in re.findall(r"\d+", v)[:3])


def tfjs_unsupported_platform(f: Facts) -> list[Finding]:
    """``Unsupported system: gpu-win32-ia32`` from tfjs-node's install script. Variants:
    ``added-later`` when the platform is one a later tfjs-node release added a build for
    (platform fact ``tfjs-node-platforms-added``: darwin-arm64 in 3.12.0, linux-arm64 in
    3.19.0) and the log's tfjs-node release (pattern ``tfjs.version``) is older;
    ``added-later-unknown`` (a warning) when the log shows no release; ``cpu-package`` for
    the CPU package elsewhere (its fix must not name the package that just failed)."""
    hits = f.h("tfjs.unsupported").all()
    if not hits:
        return []
    sys_ = hits[0].g("sys") or "this system"
    kind, _, plat = sys_.partition("-")
    pkg = "@tensorflow/tfjs-node-gpu" if kind == "gpu" else "@tensorflow/tfjs-node"
    added = dict(x.partition("=")[::2] for x in
                 f.kb.platform_fact("tfjs-node-platforms-added").items("names"))
    since = added.get(plat)
    if since is None:
        return [_unsupported_plain(sys_, kind, hits)]
    vers = f.h("tfjs.version").all()
    v = next((h.g("v") or h.g("v2") for h in reversed(vers)), None)
    ref = f.kb.platform_fact("tfjs-node-platforms-added").ref
    fix = ("npm ls @tensorflow/tfjs-node @tensorflow/tfjs-node-gpu   # which release is "
           "installed, and which package of yours pins it",
           f"npm install {pkg}@^{since}   # {since} or newer has a {plat} build (a CPU "
           "libtensorflow; macOS has no GPU build); a library that pins an older tfjs-node "
           f"needs a release (or a maintained fork) that depends on {since}+",
           "# or @tensorflow/tfjs (pure JavaScript, no native build) where no such release "
           "fits")
    if v is not None and _vtuple(v) < _vtuple(since):
        return [catalogue.make(
            "tfjs-node-gpu-unsupported-platform", variant="added-later", sys=sys_, v=v,
            since=since, plat=plat, knowledge_ref=ref,
            evidence=log_evidence(hits, [h for h in vers if (h.g("v") or h.g("v2")) == v][:1]),
            fix=fix)]
    if v is not None:
        # a release that has the build still refused it: not the version (a custom
        # TFJS_NODE_BASE_URI or an edited install script); the plain reading
        return [_unsupported_plain(sys_, kind, hits)]
    return [catalogue.make(
        "tfjs-node-gpu-unsupported-platform", variant="added-later-unknown", sys=sys_,
        since=since, plat=plat, knowledge_ref=ref, evidence=log_evidence(hits), fix=fix)]


def _unsupported_plain(sys_: str, kind: str, hits: list[Hit]) -> Finding:
    """``tfjs-node-gpu-unsupported-platform`` for a platform no tfjs-node release builds for:
    the GPU package may fall back to the CPU package; the CPU package (variant
    ``cpu-package``) only to a 64-bit Node.js on a built platform or pure JavaScript."""
    fix = ["node -p \"process.platform + ' ' + process.arch\"   # linux/win32 x64 have "
           "prebuilt builds (GPU too); macOS and ARM Linux only CPU builds, in newer releases"]
    if kind == "cpu":
        fix.append("# install a 64-bit Node.js on Linux, Windows or macOS, or use "
                   "@tensorflow/tfjs (pure JavaScript, no native build) here")
    else:
        fix.append("# install a 64-bit Node.js on Linux or Windows x86_64, or use "
                   "@tensorflow/tfjs-node (CPU; also macOS) or @tensorflow/tfjs (pure "
                   "JavaScript) elsewhere")
    fix += ["# or build libtensorflow from source for it and unpack it into the package's "
            "deps folder (tfjs-node README, 'Optional: Build optimal TensorFlow from source'):",
            "bazel build --config=opt --config=monolithic "
            "//tensorflow/tools/lib_package:libtensorflow"]
    return catalogue.make(
        "tfjs-node-gpu-unsupported-platform", variant="cpu-package" if kind == "cpu" else None,
        sys=sys_, evidence=log_evidence(hits), fix=tuple(fix))


#: The folder of the addon the running Node.js asks for (node-pre-gyp's module_path
#: "./lib/napi-v{napi_build_version}": the highest N-API version of the package's
#: binary.napi_versions that this Node.js supports, empty when it supports none:
#: mapbox/node-pre-gyp lib/util/napi.js get_best_napi_build_version), and the package.
_NAPI_DIR = re.compile(r"[/\\]lib[/\\]napi-v(?P<n>\d{0,2})[/\\]tfjs_binding\.node")
_PACKAGE = re.compile(r"@tensorflow[/\\_](?P<pkg>tfjs-node(?:-gpu)?)(?![\w-])")


def tfjs_addon_missing(f: Facts) -> list[Finding]:
    """``tfjs_binding.node`` not found, or node-pre-gyp failed to fetch/build it. Variants
    by the N-API folder the path names (:data:`_NAPI_DIR`): ``napi-none`` when it is empty
    (this Node.js supports none of the N-API versions the release lists); ``napi-other``
    when the log names another N-API version (node-pre-gyp's "does not support builds for
    N-API version K", a build and a run Node.js: tensorflow/tensorflow#51443, tensorflow/tfjs
    #4511): the addon was made for another Node.js/N-API than the one running. Fix lines
    name the package the path shows."""
    hits = [*f.h("tfjs.no_binding").all(), *f.h("tfjs.prebuilt").all()]
    if not hits:
        return []
    hits.sort(key=lambda h: h.line)
    # (the hit's whole text: a path with spaces goes on past the pattern's group)
    path = next((h.text for h in hits if _NAPI_DIR.search(h.text)),
                next((h.g("path") or "" for h in hits if h.g("path")), ""))
    m = _NAPI_DIR.search(path)
    # (the path's own package: the message's advice after it names tfjs-node either way)
    found = [pk.group("pkg") for pk in _PACKAGE.finditer(path[:m.end()] if m else path)]
    pkg = f"@tensorflow/{found[-1]}" if found else "@tensorflow/tfjs-node (or -gpu)"
    napi = m.group("n") if m else None
    named = [h for h in f.h("tfjs.napi_named").all() if h.g("n") != napi]
    fix = ["node -p \"process.version + ' N-API ' + process.versions.napi\"   # with the "
           "Node.js that runs the program"]
    if m is not None:
        fix.insert(0, f"ls node_modules/{pkg.split(' ')[0]}/lib   # the napi-v* folders the "
                   f"install made; this Node.js asks for napi-v{napi or '<none>'}")
    fix += [f"npm rebuild {pkg.split(' ')[0]} --build-addon-from-source   # run by that same "
            "Node.js (nvm use, the image's node); needs Python 3 and a C++ toolchain (Windows: "
            "Visual Studio Build Tools)",
            "# or run a Node.js whose N-API version the installed tfjs-node lists (package.json "
            "binary.napi_versions: up to 6 before 2.8.0, 7 from 2.8.0, 8 from 3.6.0), or a "
            "tfjs-node release that lists this Node.js's",
            "# and read the npm install log for a download or node-pre-gyp error"]
    if napi == "":
        return [catalogue.make("tfjs-node-gpu-addon-missing", variant="napi-none", pkg=pkg,
                               evidence=log_evidence(hits), fix=tuple(fix))]
    if napi and named:
        return [catalogue.make("tfjs-node-gpu-addon-missing", variant="napi-other", pkg=pkg,
                               napi=napi, other=named[0].need("n"),
                               evidence=log_evidence(hits, named[:2]), fix=tuple(fix))]
    if napi:
        return [catalogue.make("tfjs-node-gpu-addon-missing", variant="napi-folder", pkg=pkg,
                               napi=napi, evidence=log_evidence(hits), fix=tuple(fix))]
    return [catalogue.make("tfjs-node-gpu-addon-missing", evidence=log_evidence(hits),
                           fix=tuple(fix))]


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
