"""Language bindings of TensorFlow's C library (Java/JNI, R's reticulate, TensorFlow.NET,
C/C++/Go programs): a native library that does not load through the binding, or a binding that
calls a C API function its TensorFlow library lacks.

Each check reads patterns of ``logs/patterns.py``; the messages and their sources are rows of
``knowledge/data/messages_gpu_stack.toml``.  Sources: the JDK (``UnsatisfiedLinkError`` carries
the native loader's text: dlerror() on Linux, "Can't find dependent libraries" for Windows'
ERROR_MOD_NOT_FOUND).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.libtensorflow_c import not_linked
from tfgpu.diagnosis.checks.windows import dll_init_failed
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def jni_dll_dependencies(ctx: Facts) -> list[Finding]:
    """``windows-dll-not-found`` (variant ``jni``) from the JDK's "UnsatisfiedLinkError:
    <path>\\<x>.dll: Can't find dependent libraries": a DLL the binding's library links
    (CUDA/cuDNN of the exact version its GPU build was made with, or the MSVC runtime) is not
    on PATH.  The fix fits a Java host (no pip)."""
    hits = ctx.h("lib.jni_dll_deps").all()
    if not hits:
        return []
    path = (hits[0].g("path") or "").replace("\\", "/")
    dll = path.rsplit("/", 1)[-1] or "the JNI DLL"
    cause = (f"Windows could not load {dll}: a DLL it depends on was not found (the JDK's "
             "words for Windows' 'module not found'). For a GPU build of TensorFlow's Java "
             "library these are the CUDA runtime and cuDNN DLLs of the exact CUDA/cuDNN "
             "version that build was made with (e.g. cudart64_100.dll for CUDA 10.0), or the "
             "MSVC runtime; another CUDA version installed does not satisfy it.")
    fix = ("# install the CUDA and cuDNN versions that release of libtensorflow_jni_gpu was "
           "built with (TensorFlow's tested build configurations) and put their bin folders "
           "on PATH",
           "where.exe cudart64_*.dll cudnn64_*.dll   # which versions PATH has",
           "dumpbin /dependents " + dll + "   # the DLL names it needs (Visual Studio tools)",
           "# or use the CPU-only libtensorflow_jni artifact")
    return [catalogue.make("windows-dll-not-found", variant="jni", dll=dll,
                           evidence=log_evidence(hits), cause=cause, fix=fix, doc=None)]


def dotnet_dll_not_found(ctx: Facts) -> list[Finding]:
    """``windows-dll-not-found`` (variant ``dotnet``) from .NET's "Unable to load DLL
    'tensorflow' ... The specified module could not be found (0x8007007E)": Windows found no
    tensorflow.dll for the DllImport, or not a DLL it links (ERROR_MOD_NOT_FOUND names
    either).  TensorFlow.NET ships the library as a separate NuGet redist package (platform
    fact ``tensorflow-net-redist``); its GPU build links the CUDA/cuDNN DLLs of the versions
    it was built with."""
    hits = ctx.h("win.dll_missing_dotnet").all()
    if not hits or ctx.os in ("linux", "macos"):
        return []  # Mono/.NET elsewhere: not Windows' DLL search (and not these fix lines)
    fact = ctx.kb.platform_fact("tensorflow-net-redist")
    cpu, gpu = fact.items("packages")
    dll = f"{hits[0].g('dll') or 'tensorflow'}.dll"
    gpu_build = any("gpu" in h.text.lower() for h in ctx.h("ctx.nonpip_tf").all()) or any(
        "gpu" in h.text.lower() for h in hits)
    # TensorFlow.NET/ML.NET import "tensorflow" from SciSharp's redist packages; other bindings
    # (TensorFlowSharp: "libtensorflow") ship or expect the library their own way
    where = (f"the binding's native package, {cpu} or {gpu}, is not referenced by this project:"
             f" knowledge row {fact.ref}" if dll == "tensorflow.dll"
             else "the binding does not ship it, or it was built separately and not copied")
    cause = (f"A .NET program could not load TensorFlow's C library ({dll}), and Windows' "
             "'module not found' (0x8007007E) names either the DLL itself or one it links: "
             f"{dll} is not beside the program ({where}), or, for a GPU build, the CUDA and "
             "cuDNN DLLs of the exact versions it was built with (or the MSVC runtime) are not "
             "on PATH." + (" The log names a GPU build." if gpu_build else ""))
    first = (f"dotnet add package {cpu}   # the native library for the CPU (or {gpu}: needs "
             "the CUDA/cuDNN versions that release was built with)" if dll == "tensorflow.dll"
             else f"# {dll} must be in the program's output folder, and a GPU build's CUDA/cuDNN "
                  "DLLs (the versions it was built with) on PATH")
    fix = (first,
           f"dir /s /b bin\\{dll}   # the DLL must be in the output folder (or its "
           "runtimes\\win-x64\\native)",
           "where.exe cudart64_*.dll cudnn64_*.dll   # a GPU build: the CUDA/cuDNN DLLs on PATH",
           f"dumpbin /dependents {dll}   # the DLL names it needs (Visual Studio tools)")
    return [catalogue.make("windows-dll-not-found", variant="dotnet", evidence=log_evidence(hits),
                           cause=cause, fix=fix, knowledge_ref=fact.ref, doc=None)]


def native_library_dll_init_failed(ctx: Facts) -> list[Finding]:
    """``windows-dll-init-failed`` from a loader other than Python's import: the JDK
    (``tensorflow_jni.dll``), .NET's DllImport of ``tensorflow`` (TensorFlow.NET), a C/C++
    program's ``tensorflow.dll`` (``win.dll_init_native``).  The same two causes as the
    Python wording (a CPU without AVX, the MSVC runtime): every official TensorFlow build,
    these libraries included, uses AVX from ``platform_facts:prebuilt-binaries-avx``."""
    hits = ctx.h("win.dll_init_native").all()
    if not hits or ctx.h("win.dll_load").count:
        return []  # Python's wording: windows.rule_windows
    lib = (hits[0].g("lib") or "tensorflow.dll").removeprefix("DLL ").strip("'")
    fact = ctx.kb.platform_fact("prebuilt-binaries-avx")
    last = fact.value("last_without")
    if lib.lower().endswith(".pyd"):
        what = f"TensorFlow's native module ({lib})"
        no_avx = "install a community TensorFlow wheel built without AVX, or use another machine"
    else:
        if "jni" in lib.lower():
            what = f"{lib} (TensorFlow's Java library)"
        elif not lib.lower().endswith(".dll"):
            what = (f"{lib}.dll (the TensorFlow C library a .NET binding such as "
                    "TensorFlow.NET loads)")
        else:
            what = f"{lib} (the TensorFlow C library)"
        no_avx = (f"use a machine with an AVX CPU, or TensorFlow {last} (the last release "
                  "whose official builds run without AVX) or a build of the library made "
                  "without AVX")
    return [dll_init_failed(ctx, log_evidence(hits), what=what, no_avx=no_avx)]


def binding_import_cut(ctx: Facts) -> list[Finding]:
    """``windows-dll-not-found`` (variant ``import-cut``, a warning): on Windows, TensorFlow's
    native module failed to import (swig_import_helper / "Failed to load the native
    TensorFlow runtime", here seen through R's reticulate ``py_module_import``) and the
    paste does not show the ImportError's own text.  The common cause is a CUDA/cuDNN DLL of
    the build's version missing from PATH; the text decides (the AVX and MSVC cases read
    differently), so this is hedged."""
    if not ctx.windows or ctx.h("win.dll_load").count or ctx.h("lib.missing").count:
        return []
    imp = ctx.h("lib.pywrap_import").all()
    ret = ctx.h("ctx.reticulate").all()
    if not imp or not ret:
        return []
    cause = ("TensorFlow's native module (_pywrap_tensorflow_internal) failed to import on "
             "Windows, here through R's reticulate; the paste stops before the ImportError's "
             "text. Usually a DLL it needs is not on PATH (the CUDA runtime and cuDNN of the "
             "version the installed GPU build was made with); the same traceback ends in "
             "'DLL initialization routine failed' on a CPU without AVX. R only reports that "
             "the Python module could not be loaded.")
    fix = ("python -c \"import tensorflow\"   # in the same Python/conda env reticulate uses "
           "(reticulate::py_config()): shows the full ImportError",
           "where.exe cudart64_*.dll cudnn64_*.dll   # the CUDA/cuDNN DLLs on PATH",
           "# install the CUDA/cuDNN versions that TensorFlow release was built with and put "
           "their bin folders on PATH; or install the CPU build (R: install_keras() / "
           "install_tensorflow() without the GPU option)")
    return [catalogue.make("windows-dll-not-found", variant="import-cut",
                           evidence=log_evidence(ret[:2], imp[:1]), cause=cause, fix=fix,
                           doc=None)]


#: How many lines from the attribute message a binding's frame or exception name may stand.
_BINDING_WINDOW = 10


def _binding_op_attr_missing(ctx: Facts) -> list[Finding]:
    """The same mismatch read from TensorFlow's C API refusing an op attribute ("Operation
    'conv2d/Conv2D' has no attr named 'explicit_paddings'", pattern ``lib.capi_no_attr``)
    under a .NET, Java or Go binding's frames (``ctx.binding_runtime``): the binding's code
    (a gradient function, a graph builder) asks for an attribute that the native library's
    op definition does not have yet, so the native library is older than the binding."""
    # an attribute whose name starts with "_" is never part of an op's definition (an
    # annotation such as _XlaCompile, which a caller must treat as optional): no version gap
    runtime = [b.line for b in ctx.h("ctx.binding_runtime").all()]
    # (Python's own get_attr re-raises it as a ValueError: a Python program, not a binding)
    hits = [h for h in ctx.h("lib.capi_no_attr").all()
            if not h.need("attr").startswith("_")
            and not re.match(r"\s*ValueError:", h.text)
            and any(abs(h.line - line) <= _BINDING_WINDOW for line in runtime)]
    if not hits:
        return []
    h = hits[0]
    attr, op = h.need("attr"), h.need("op")
    cause = (f"The binding's code asks op {op} for its attribute {attr}, and the native "
             "TensorFlow library it loaded has no such attribute in that op's definition "
             "(TensorFlow's C API refuses it): the native library is of an older TensorFlow "
             "release than the binding was made for (ops gain attributes in newer releases). "
             "An older native package, or another copy of the library found first on the "
             "search path, gives this.")
    fix = ("# install the native TensorFlow library of the release the binding targets (its "
           "release notes name it), or a binding release made for the native library you have",
           "# TensorFlow.NET: the SciSharp.TensorFlow.Redist package must be the TensorFlow "
           "version this TensorFlow.NET release binds to; where.exe tensorflow.dll shows "
           "another copy earlier on PATH")
    return [catalogue.make("binding-native-lib-version-mismatch", fn=f"{op}'s attribute {attr}",
                           evidence=log_evidence(hits), cause=cause, fix=fix)]


def binding_capi_missing(ctx: Facts) -> list[Finding]:
    """``binding-native-lib-version-mismatch``: a language binding (TensorFlow.NET, a C/C++/Go
    program) calls a TensorFlow C API function (``TF_*``/``TFE_*``) that the native
    tensorflow library it loaded or linked does not export: the binding was built for another
    (newer) TensorFlow release than that native library (an older redist/package, or another
    copy of the library found first on the path)."""
    hits = ctx.h("lib.capi_missing").all()
    if not hits:
        return _binding_op_attr_missing(ctx)
    unlinked = not_linked(ctx, [x for x in hits if x.g("fn2")])
    if unlinked is not None:
        return [unlinked]  # the program was never linked with the C library
    h = hits[0]
    fn = h.g("fn") or h.g("fn2") or h.g("fn3") or "a TF_ function"
    lib = h.g("lib") or h.g("lib3") or "libtensorflow"
    dotnet = "EntryPoint" in h.text or "entry point" in h.text
    api = "the TensorFlow C API" if fn.startswith(("TF_", "TFE_")) else (
        "the native TensorFlow library (a function its redist package exports)")
    cause = (f"The binding calls {fn} from {api}, and the native library "
             f"{lib} it {'loaded' if dotnet else 'links against'} has no such function: the "
             "binding was built for another TensorFlow release than that native library: the "
             "C API gains functions in newer releases and loses some (TF_StringEncodedSize and "
             "its string functions went with TensorFlow 2.4's new string layout), so the native "
             "package may be older or newer than the binding's; another copy of the library "
             "found first on the search path gives this too.")
    if dotnet:
        capped = _windows_gpu_redist_capped(ctx, fn, hits)
        if capped is not None:
            return [capped]
    fix = ["# install the native TensorFlow library of the release the binding targets (its "
           "release notes name it), or a binding release made for the native library you have"]
    if dotnet:
        last = ctx.kb.platform_fact("tensorflow-net-windows-gpu-redist-last").value("last")
        fix += ["# TensorFlow.NET: the SciSharp.TensorFlow.Redist(-Windows-GPU/-Linux-GPU) "
                "package must be the TensorFlow version this TensorFlow.NET release binds to "
                f"(Redist-Windows-GPU stops at {last}: a TensorFlow.NET made for a newer "
                "TensorFlow has no Windows GPU redist)",
                "where.exe tensorflow.dll   # another tensorflow.dll earlier on PATH?"]
    else:
        fix += ["ldconfig -p | grep libtensorflow   # which libtensorflow the linker finds"]
    return [catalogue.make("binding-native-lib-version-mismatch", fn=fn,
                           evidence=log_evidence(hits), cause=cause, fix=tuple(fix))]


#: The C API string functions TensorFlow 2.4's new string layout removed (a binding asking
#: for them is older than its native library: dotnet/machinelearning-samples#1031,
#: dotnet/machinelearning#6040).
_REMOVED_IN_24 = re.compile(r"^TF_String(?:EncodedSize|Encode|Decode)$")


def _windows_gpu_redist_capped(ctx: Facts, fn: str, hits: list[Hit]) -> Finding | None:
    """``binding-native-lib-version-mismatch`` variant ``windows-gpu-redist``: TensorFlow.NET
    misses a C API function in a SciSharp.TensorFlow.Redist-Windows-GPU the log shows at the
    last version there is (platform fact ``tensorflow-net-windows-gpu-redist-last``: 2.10.x,
    TensorFlow's last native-Windows GPU release): the binding is made for a newer
    TensorFlow, and no newer Windows GPU redist exists to install (SciSharp/TensorFlow.NET
    #1224, #1265, #1291). ``None`` when no such redist line is shown, or an older one is (a
    newer Windows GPU redist then exists: the plain reading)."""
    if _REMOVED_IN_24.match(fn):
        return None  # a function TensorFlow 2.4 removed: the binding is the older side
    fact = ctx.kb.platform_fact("tensorflow-net-windows-gpu-redist-last")
    cap = tuple(int(x) for x in fact.value("tf_version").split("."))
    redist = [h for h in ctx.h("lib.tfnet_redist").all()
              if h.g("flavor") == "-Windows-GPU"
              and tuple(int(x) for x in (h.g("v") or "0").split(".")[:2]) >= cap]
    if not redist:
        return None
    shown = redist[-1].g("v") or fact.value("last")
    return catalogue.make(
        "binding-native-lib-version-mismatch", variant="windows-gpu-redist", fn=fn,
        redist=shown, last=fact.value("last"), knowledge_ref=fact.ref,
        evidence=log_evidence(hits, redist[-1:]),
        fix=("# keep the GPU on native Windows: use a TensorFlow.NET (and TensorFlow.Keras) "
             f"release made for TensorFlow {fact.value('tf_version')}, whose release notes name "
             f"that TensorFlow ({fact.value('binding_for_tf210')} supports 2.10.x, "
             "SciSharp/TensorFlow.NET#945), with this redist",
             "# or keep this TensorFlow.NET on the CPU: replace the GPU redist by "
             "SciSharp.TensorFlow.Redist of the TensorFlow version it binds to",
             "# or run it under WSL2 (Linux), with a Linux GPU TensorFlow C library of the "
             "version the binding binds to (SciSharp.TensorFlow.Redist-Linux-GPU stops at "
             f"{fact.value('linux_gpu_last')})"))

