"""Fault kinds of cases-holdout9 (h9-kinds): a driver version printed in a log below the
minimum of TensorFlow's CUDA, ops without a GPU kernel (also under tensorflow-metal), fatal
loader errors that name a missing library (Java's UnsatisfiedLinkError, Python's
ImportError/OSError), the Windows JNI "Can't find dependent libraries", TensorFlow imported
through R's reticulate on Windows, the Windows self-check script's cuDNN line, and custom ops
compiled with the other C++ string ABI.

Each check reads patterns of the ``# --- h9-kinds ---`` block of ``logs/patterns.py``; the
messages and their sources are rows of the ``# --- h9-kinds ---`` block of
``knowledge/data/messages_gpu_stack.toml``.

Sources of the facts stated here:

* Minimum drivers: ``cuda_min_driver.toml`` (NVIDIA's "CUDA Toolkit and Compatible Driver
  Versions" table, rows 7.5-13.x); the CUDA each TensorFlow release was built with:
  ``tf_tested_configs.toml`` (2.x) and the platform fact ``tf1-gpu-build-cuda`` (1.x, the
  tested build configurations of tensorflow/docs ``site/en/install/source.md``).
* tensorflow ``stream_executor/cuda/cuda_dnn.cc``: after ``cudnnCreate`` fails it logs the
  kernel driver version ("possibly insufficient driver version: X") whenever that version is
  known, whatever the failure: the line alone is no evidence, the comparison with the
  minimum is.
* tensorflow ``core/framework/op_kernel.cc`` ("No registered 'X' OpKernel for 'GPU' devices
  compatible with node ..." then ".  Registered:  device='CPU'; ..."), ``core/common_runtime/
  placer.cc`` / ``colocation_graph.cc`` ("... was colocated with a group of nodes that
  required incompatible device ..." and its "Colocation group had the following types and
  supported devices" debug info); Apple's tensorflow-metal page: a colocation error means an
  op without a Metal GPU implementation.
* The JDK (``UnsatisfiedLinkError`` carries the native loader's text: dlerror() on Linux,
  "Can't find dependent libraries" for Windows' ERROR_MOD_NOT_FOUND).
* TensorFlow's "Create an op" guide: a custom op must be compiled with
  ``tf.sysconfig.get_compile_flags()``, which include TensorFlow's own
  ``-D_GLIBCXX_USE_CXX11_ABI`` value; the other value leaves tensorflow:: symbols taking
  std::string unresolved ("undefined symbol").
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import KnowledgeQueryError, docs, parse_version

# ---------------------------------------------------------------------- driver vs CUDA


def _printed_driver(ctx: Facts) -> tuple[str, list[Hit]] | None:
    """The NVIDIA driver version the log prints (``driver.kernel``, ``driver.libcuda``,
    nvidia-smi's banner, cuda_dnn.cc's "possibly insufficient driver version", the NVRM
    banner), with its lines; ``None`` when the log prints none."""
    for name in ("driver.kernel", "driver.libcuda", "smi.driver"):
        hit = ctx.h(name).last
        if hit is not None and hit.g("v"):
            return str(hit.g("v")), [hit]
    for hit in ctx.h("h9.driver_printed").all():
        v = hit.g("v") or hit.g("v2")
        if v:
            # cuda_dnn.cc prints three fields ("384.69.0"): the driver is 384.69
            parts = v.split(".")
            if (len(parts) == 3 and parts[2] == "0" and len(parts[0]) == 3
                    and "NVRM" not in hit.text):
                v = ".".join(parts[:2])
            return v, [hit]
    return None


def _tf_cuda(ctx: Facts) -> tuple[str, str] | None:
    """``(cuda, why)``: the CUDA version TensorFlow was built with, from a libcudart the log
    shows it opened, else from the TensorFlow version (host facts or log) through the
    tested configurations (2.x) or the platform fact ``tf1-gpu-build-cuda`` (1.x)."""
    for h in ctx.h("lib.opened").all():
        lib = h.g("lib") or ""
        m = re.match(r"libcudart\.so\.(\d{1,2}\.\d)$", lib)
        w = re.match(r"cudart64_(\d{2,3})\.dll$", lib, re.IGNORECASE)
        if m:
            return m.group(1), f"the log shows it opened {lib}"
        if w:  # cudart64_101.dll: CUDA 10.1; cudart64_110.dll: 11.0; cudart64_12.dll: 12
            n = w.group(1)
            cuda = (f"{n[:-1]}.{n[-1]}" if len(n) == 3 or n in ("80", "90", "92", "91")
                    else n)
            return cuda, f"the log shows it opened {lib}"
    tf = ctx.tf_version
    if not tf:
        return None
    try:
        v = parse_version(tf)
    except KnowledgeQueryError:  # a garbled version string: unknown
        return None
    if v.major == 1:
        fact = ctx.kb.platform_fact("tf1-gpu-build-cuda")
        for item in fact.items("builds"):
            series, _, cuda = item.partition("=")
            if series == f"{v.major}.{v.minor}":
                return cuda, (f"TensorFlow {tf} GPU builds use CUDA {cuda} (knowledge row "
                              f"{fact.ref})")
        return None
    tested = ctx.kb.tested_gpu_build(tf, "windows" if ctx.windows else "linux")
    if tested:
        return tested[0], f"TensorFlow {tf} was built with CUDA {tested[0]} (tested configuration)"
    return None


#: Log patterns that show TensorFlow's CUDA code ran (so the build is a GPU build): cuDNN/cuBLAS
#: handle lines, an opened CUDA library, a created GPU device, the driver diagnostics.
_GPU_BUILD_RAN = ("uni.dnn_handle", "lib.opened", "gpu.created", "gpu.props", "driver.kernel",
                  "driver.libcuda", "h9.driver_printed", "cuinit")


def driver_below_cuda_printed(ctx: Facts) -> list[Finding]:
    """``driver-too-old-for-cuda`` (variant ``from-log``) when the driver version the log (or
    the host facts) gives is below the minimum driver of the CUDA that this TensorFlow was
    built with, and no other line already says so ("driver version is insufficient", which
    :func:`~tfgpu.diagnosis.checks.driver.driver_too_old_for_cuda_log` reads) and the host
    check does not decide it (host facts with a TensorFlow whose CUDA it knows).

    Only when the log shows TensorFlow's CUDA code ran (:data:`_GPU_BUILD_RAN`): a TF 1.x
    ``tensorflow`` package was CPU-only.  The driver: host facts, else the log
    (:func:`_printed_driver`).  The minimum:
    ``Knowledge.min_driver`` (Linux column; Windows and WSL2 the Windows column).
    """
    if ctx.h("driver.insufficient").count or ctx.other_framework:
        return []
    from tfgpu.diagnosis.checks.driver import driver_too_old_for_cuda

    if ctx.host is not None and any(True for _ in driver_too_old_for_cuda(ctx)):
        return []  # the host check says it, with the host's evidence
    if not any(ctx.h(n).count for n in _GPU_BUILD_RAN):
        return []  # nothing shows a GPU build's CUDA code ran (a CPU package prints none)
    printed = _printed_driver(ctx)
    host_drv = (ctx.host.driver.version if ctx.host is not None and ctx.host.driver is not None
                else None)
    drv = host_drv or (printed[0] if printed else None)
    if not drv:
        return []
    built = _tf_cuda(ctx)
    if built is None or ctx.os == "macos":
        return []
    cuda, why_cuda = built
    column = "windows" if ctx.windows or ctx.wsl else "linux"
    try:
        ok, minimum = ctx.kb.driver_ok(drv, cuda, column)
    except KnowledgeQueryError:
        return []
    if minimum is None or ok is not False:
        return []
    ev: list[Evidence] = list(log_evidence(printed[1] if printed else []))
    if host_drv:
        ev.insert(0, Evidence("driver (host facts)", host_drv))
    handle = ctx.h("uni.dnn_handle").first[:1]
    ev += log_evidence(handle)
    why = (f"The NVIDIA driver is {drv}, below {minimum.version}, the minimum driver of CUDA "
           f"{cuda} ({'Windows' if column == 'windows' else 'Linux'} column, knowledge row "
           f"{minimum.row.ref}); {why_cuda}. CUDA code of this build cannot run on this driver")
    why += (": that is why cuDNN/cuBLAS could not start here (their handle creation fails "
            "first), not GPU memory." if handle else ".")
    return [catalogue.make(
        "driver-too-old-for-cuda", variant="from-log",
        evidence=tuple(ev),
        why=why,
        fix=(f"# install an NVIDIA driver >= {minimum.version}: {docs.url('nvidia-drivers')}",
             "nvidia-smi   # then check the driver version it shows",
             "# or use a TensorFlow release built for a CUDA this driver supports "
             "(tfgpu matrix)"),
        doc_url=ctx.kb.doc_url(minimum.row),
        knowledge_ref=minimum.row.ref,
    )]


# ---------------------------------------------------------------------- ops without a GPU kernel


def _metal(ctx: Facts) -> bool:
    return bool(ctx.h("ctx.metal").count) or ctx.os == "macos"


def op_without_gpu_kernel(ctx: Facts) -> list[Finding]:
    """``op-has-no-gpu-kernel`` from op_kernel.cc's "No registered 'X' OpKernel for 'GPU'
    devices" (variant ``not-registered``; ``dtype`` when the registered kernels listed under
    it include a GPU one, for other dtypes) and from the placer's colocation error (variant
    ``colocation``), naming the op types its debug info lists without GPU.  On macOS /
    tensorflow-metal the missing kernel is the Metal plugin's."""
    nok = [h for h in ctx.h("h9.no_kernel").all() if (h.g("dev") or "") == "GPU"]
    col = [h for h in ctx.h("h9.colocation").all() if (h.g("dev") or "") == "GPU"]
    if not nok and not col:
        return []
    metal = _metal(ctx)
    where = ("the tensorflow-metal plugin (Apple's Metal GPU device)" if metal
             else "this TensorFlow build")
    fix_cpu = "with tf.device('/CPU:0'): ...   # run that op (or that step) on the CPU"
    if nok:
        first = nok[0]
        op = first.g("op") or "an op"
        regs = {h.g("dev") for h in ctx.h("h9.kernel_registered").all() if h.line >= first.line}
        dtype = "GPU" in regs
        cause = (f"{op} has no GPU kernel in {where}"
                 + (" for the dtypes of this node (a GPU kernel exists for other dtypes)"
                    if dtype else "")
                 + ": the op cannot run on the GPU. Not a setup fault; the GPU works for "
                   "other ops.")
        if metal:
            cause += (" tensorflow-metal implements a subset of TensorFlow's ops; a newer "
                      "tensorflow-metal may add it.")
        fix = [fix_cpu,
               "tf.config.set_soft_device_placement(True)   # let TensorFlow place it on the CPU"]
        if metal:
            fix.append("python -m pip install -U tensorflow-metal   # newer plugins add ops")
        return [catalogue.make("op-has-no-gpu-kernel", variant="dtype" if dtype else
                               "not-registered", op=op, evidence=log_evidence(nok),
                               why=cause, fix=tuple(fix))]
    first = col[0]
    cpu_only = [h for h in ctx.h("h9.coloc_member").all()
                if h.line > first.line and "GPU" not in (h.g("devs") or "").split()]
    names = sorted({h.g("op") or "" for h in cpu_only} - {""})
    op = ", ".join(names) if names else "an op colocated with " + (first.g("op") or "this node")
    cause = (f"The node {first.g('op') or ''} is colocated (shares a variable) with ops that "
             "must run on the GPU, and "
             + (f"{', '.join(names)} has no GPU kernel in {where}" if names else
                f"one op of that group has no GPU kernel in {where} (the error's "
                "'Colocation Debug Info' lists each op type and its devices)")
             + ". Typical: an optimizer's update op (e.g. Adam with amsgrad) or a random/"
               "int64 op without a GPU implementation.")
    fix = [fix_cpu, "tf.config.set_soft_device_placement(True)",
           "# or another optimizer/option whose ops have GPU kernels (e.g. amsgrad=False)"]
    if metal:
        fix.append("python -m pip install -U tensorflow-metal   # newer plugins add ops")
    return [catalogue.make("op-has-no-gpu-kernel", variant="colocation", op=op,
                           evidence=log_evidence(col, cpu_only[:4]), why=cause,
                           fix=tuple(fix))]


# ---------------------------------------------------------------------- fatal loader errors


def _fatal_hits(ctx: Facts) -> list[Hit]:
    """The fatal-load lines whose library no more specific kind of libraries.py explains
    (a SONAME of another CUDA minor, a Windows DLL folder not searched)."""
    from tfgpu.diagnosis.checks.libraries import _dll_not_searched, _soname_mismatch, parse_library

    out = []
    for h in ctx.h("h9.fatal_load").all():
        lib = h.g("lib") or ""
        if not lib or ctx.other_framework:
            continue
        base, _, expected = parse_library(lib)
        if (_soname_mismatch(ctx, lib, base, [h]) is not None
                or _dll_not_searched(ctx, lib, base, expected, [h]) is not None):
            continue
        out.append(h)
    return out


def fatal_load_names(ctx: Facts) -> set[str]:
    """Missing libraries this module reports (``lib.missing`` keys libraries.py skips)."""
    return {h.g("lib") or "" for h in _fatal_hits(ctx)} - {""}


def fatal_load_missing(ctx: Facts, filename: str) -> list[Finding]:
    """``library-not-loaded-{library}`` (variant ``fatal-load``): a library failed to load
    outright (Java ``UnsatisfiedLinkError``, Python ``ImportError``/``OSError``, a program's
    "error while loading shared libraries") because a dependency it links is missing.  Called
    by libraries.py's ``rule_missing_libraries`` for ``filename`` once its more specific kinds
    (driver files, ROCm, another CUDA minor's SONAME, ...) have passed it by.  Not
    TensorFlow's optional GPU dlopen that is harmless without a GPU: nothing of that library
    runs, not even on the CPU."""
    from tfgpu.diagnosis.checks.libraries import parse_library

    out: list[Finding] = []
    for h in _fatal_hits(ctx):
        lib = h.g("lib") or ""
        if lib != filename:
            continue
        base, comp, expected = parse_library(lib)
        loader = h.g("loader") or "the loader"
        host = h.g("hostlib") or "the library"
        java = loader == "UnsatisfiedLinkError"
        cause = (f"{host} could not be loaded at all ({loader}): it links {lib} ({comp}"
                 + (f", {expected}" if expected else "") + "), which the loader did not find. "
                 "Unlike TensorFlow's optional GPU libraries this is fatal: nothing of "
                 f"{host} runs, not even on the CPU.")
        if java:
            cause += (" A GPU build of a Java binding links the CUDA runtime it was built "
                      "with; on a machine without that CUDA it cannot load.")
        fix = [f"# install {expected or comp} and put its lib folder on LD_LIBRARY_PATH, e.g. "
               "export LD_LIBRARY_PATH=/usr/local/cuda/lib64:$LD_LIBRARY_PATH",
               f"ldconfig -p | grep {lib.split('.so')[0]}   # is any {lib.split('.so')[0]} known?"]
        if java:
            fix.append("# or use the binding's CPU-only artifact (one that does not link CUDA)")
        elif base in ("cudart", "cublas", "cudnn", "cufft", "curand", "cusolver", "cusparse"):
            fix.append("# or install the TensorFlow release built for the CUDA you have "
                       "(tfgpu matrix), or the CPU package")
        category = "gpu-not-visible"
        want = (expected or "").split()
        if len(want) > 1 and want[0] == "CUDA" and ctx.cuda_versions and not any(
                v.split(".")[0] == want[1].split(".")[0] for v in ctx.cuda_versions):
            category = "version-mismatch"
            cause += f" This host has CUDA {', '.join(ctx.cuda_versions)} (host facts)."
        out.append(catalogue.make(
            "library-not-loaded-{library}", variant="fatal-load", category=category,
            library=re.sub(r"[^a-z0-9]+", "-", lib.lower()).strip("-"),
            component=comp, filename=lib,
            needs=f" (needs {expected})" if expected else "",
            evidence=log_evidence([h]), cause=cause, fix=tuple(fix),
        ))
        break
    return out


def jni_dll_dependencies(ctx: Facts) -> list[Finding]:
    """``windows-dll-not-found`` (variant ``jni``) from the JDK's "UnsatisfiedLinkError:
    <path>\\<x>.dll: Can't find dependent libraries": a DLL the binding's library links
    (CUDA/cuDNN of the exact version its GPU build was made with, or the MSVC runtime) is not
    on PATH.  The fix fits a Java host (no pip)."""
    hits = ctx.h("h9.jni_dll_deps").all()
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
           "where cudart64_*.dll & where cudnn64_*.dll   # which versions PATH has",
           "dumpbin /dependents " + dll + "   # the DLL names it needs (Visual Studio tools)",
           "# or use the CPU-only libtensorflow_jni artifact")
    return [catalogue.make("windows-dll-not-found", variant="jni", dll=dll,
                           evidence=log_evidence(hits), cause=cause, fix=fix, doc=None)]


def binding_import_cut(ctx: Facts) -> list[Finding]:
    """``windows-dll-not-found`` (variant ``import-cut``, a warning): on Windows, TensorFlow's
    native module failed to import (swig_import_helper / "Failed to load the native
    TensorFlow runtime", here seen through R's reticulate ``py_module_import``) and the
    paste does not show the ImportError's own text.  The common cause is a CUDA/cuDNN DLL of
    the build's version missing from PATH; the text decides (the AVX and MSVC cases read
    differently), so this is hedged."""
    if not ctx.windows or ctx.h("win.dll_load").count or ctx.h("lib.missing").count:
        return []
    imp = ctx.h("h9.pywrap_import").all()
    ret = ctx.h("h9.reticulate").all()
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
           "where cudart64_*.dll & where cudnn64_*.dll   # the CUDA/cuDNN DLLs on PATH",
           "# install the CUDA/cuDNN versions that TensorFlow release was built with and put "
           "their bin folders on PATH; or install the CPU build (R: install_keras() / "
           "install_tensorflow() without the GPU option)")
    return [catalogue.make("windows-dll-not-found", variant="import-cut",
                           evidence=log_evidence(ret[:2], imp[:1]), cause=cause, fix=fix,
                           doc=None)]


def selfcheck_cudnn_missing(ctx: Facts) -> list[Finding]:
    """``library-not-loaded-{library}`` for ``cudnn64_<major>.dll`` from the Windows
    self-check script's "Could not find cuDNN <N>." line."""
    hits = ctx.h("h9.selfcheck_cudnn").all()
    if not hits:
        return []
    v = hits[0].g("v") or ""
    major = v.split(".")[0]
    lib = f"cudnn64_{major}.dll"
    cause = (f"The TensorFlow self-check found no {lib} (cuDNN {v}) in a folder on PATH; the "
             "installed GPU build of TensorFlow needs exactly that cuDNN major, so importing "
             "TensorFlow fails (R's keras/tensorflow then say the Python module was not "
             "found).")
    fix = (f"# install cuDNN {v} for your CUDA and add the folder that contains {lib} to "
           "PATH (Windows does not search sub-folders)",
           f"where {lib}",
           c.pip(ctx, "install", "tensorflow") + "   # or the CPU build")
    return [catalogue.make(
        "library-not-loaded-{library}", library=f"cudnn64-{major}-dll", component="cuDNN",
        filename=lib, needs=f" (needs cuDNN {v})", category="windows-dll",
        evidence=log_evidence(hits, ctx.h("h9.reticulate").first[:1]), cause=cause, fix=fix,
        doc="tf-pip-windows-native",
    )]


# ---------------------------------------------------------------------- custom op C++ ABI

_TF_SYMBOL = re.compile(r"undefined symbol: (?P<sym>_ZN\w*10tensorflow\w{0,300})")


def custom_op_abi(ctx: Facts) -> list[Finding]:
    """``custom-op-cxx11-abi-mismatch``: a custom op library (a .so outside TensorFlow's own
    package) fails with an undefined tensorflow:: symbol whose signature takes std::string:
    the op was compiled with the other ``_GLIBCXX_USE_CXX11_ABI`` value than this
    TensorFlow.  The mangled name tells which ABI the op used (``Ss``/``NSs``: the old one,
    ``NSt7__cxx11`` or the ``B5cxx11`` ABI tag: the new one)."""
    for h in ctx.h("h9.custom_op_symbol").all():
        m = _TF_SYMBOL.search(h.text)
        if m is None:
            continue
        sym = m.group("sym")
        so = h.g("so") or "the op library"
        if "site-packages/tensorflow" in h.text.replace("\\", "/"):
            continue  # TensorFlow's own library: a mixed install, not a custom op
        if "__cxx11" in sym or "B5cxx11" in sym:
            used, other = "1 (the new C++11 string ABI)", "0"
        elif re.search(r"(?:^|[^A-Za-z])N?Ss|ESs|RKSs|PSs", sym):
            used, other = "0 (the old string ABI)", "1"
        else:
            continue  # no std::string in the signature: the ABI cannot be read from it
        cause = (f"{so} was compiled with -D_GLIBCXX_USE_CXX11_ABI={used}, but this "
                 f"TensorFlow was built with _GLIBCXX_USE_CXX11_ABI={other}, so the "
                 f"tensorflow:: function it calls ({sym}) does not exist under that name. "
                 "Recompile the op with TensorFlow's own compile flags. If the flag already "
                 "matches, the op was built against another TensorFlow version.")
        fix = ("python -c \"import tensorflow as tf; print(tf.sysconfig.get_compile_flags())\""
               "   # TensorFlow's -D_GLIBCXX_USE_CXX11_ABI value",
               f"# rebuild the op with those flags (or change -D_GLIBCXX_USE_CXX11_ABI to "
               f"{other} in the build script), then delete its cached .so",)
        return [catalogue.make("custom-op-cxx11-abi-mismatch", so=so,
                               evidence=log_evidence([h]), cause=cause, fix=fix)]
    return []


# ---------------------------------------------------------------------- bindings


def binding_capi_missing(ctx: Facts) -> list[Finding]:
    """``binding-native-lib-version-mismatch``: a language binding (TensorFlow.NET, a C/C++/Go
    program) calls a TensorFlow C API function (``TF_*``/``TFE_*``) that the native
    tensorflow library it loaded or linked does not export: the binding was built for another
    (newer) TensorFlow release than that native library (an older redist/package, or another
    copy of the library found first on the path)."""
    hits = ctx.h("h9.capi_missing").all()
    if not hits:
        return []
    h = hits[0]
    fn = h.g("fn") or h.g("fn2") or "a TF_ function"
    lib = h.g("lib") or "libtensorflow"
    dotnet = "EntryPoint" in h.text or "entry point" in h.text
    cause = (f"The binding calls {fn} from the TensorFlow C API, and the native library "
             f"{lib} it {'loaded' if dotnet else 'links against'} has no such function: the "
             "binding was built for another TensorFlow release than that native library (the "
             "C API gains functions in newer releases). An older native package, or another "
             "copy of the library found first on the search path, gives this.")
    fix = ["# install the native TensorFlow library of the release the binding targets (its "
           "release notes name it), or a binding release made for the native library you have"]
    if dotnet:
        fix += ["# TensorFlow.NET: the SciSharp.TensorFlow.Redist(-Windows-GPU/-Linux-GPU) "
                "package must be the TensorFlow version this TensorFlow.NET release binds to",
                "where tensorflow.dll   # another tensorflow.dll earlier on PATH?"]
    else:
        fix += ["ldconfig -p | grep libtensorflow   # which libtensorflow the linker finds"]
    return [catalogue.make("binding-native-lib-version-mismatch", fn=fn,
                           evidence=log_evidence(hits), cause=cause, fix=tuple(fix))]
