"""TensorFlow 1.x era native-module imports on Windows, in the cut forms issue pastes and titles
keep: "No module named '_pywrap_tensorflow'" (TensorFlow 1.0 and older) and "ImportError: DLL
load failed" with nothing after it.

Sources:

* tensorflow/tensorflow commit 718812c9e4df55b8b3275aa4db7bb6833ed03111 (2017-02-28, after
  1.0): ``tensorflow/python/BUILD`` renames the SWIG module ``pywrap_tensorflow`` to
  ``pywrap_tensorflow_internal``; before it the native module was ``_pywrap_tensorflow`` and
  the SWIG loader's retry printed "No module named '_pywrap_tensorflow'" after the first
  ImportError (the 1.1+ form is read by ``one_line_runtimes.windows_gpu_pywrap_no_module``).
  ``tensorflow/docs_src/install/install_windows.md`` (commit
  d3e840a6c1d26c59fe7b01963e0a2a1dc0067496) lists 'No module named "pywrap_tensorflow"'
  among the common Windows installation problems.
* Python's Windows loader error "DLL load failed: <Windows' reason>": the reason tells the
  causes apart (pattern ``win.dll_load``, finding ``windows-tensorflow-dll-load-failed``), so
  a line cut before it leaves them all open.

Both give ``windows-tensorflow-dll-load-failed``, the hedged finding that names the causes and
the command that shows the reason.  Every function is a pure check ``(Facts) ->
list[Finding]``; each answers nothing when its lines are absent.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.one_line_runtimes import gpu_package_named
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence, tf_minor
from tfgpu.findings import Evidence, Finding


def windows_native_import_cut(f: Facts) -> list[Finding]:
    """``windows-tensorflow-dll-load-failed`` from a cut paste: TensorFlow 1.0's "No module
    named '_pywrap_tensorflow'" on Windows, 1.1+'s "No module named
    '_pywrap_tensorflow_internal'" on Windows with no GPU package named (variant
    ``retry-cut``: the first ImportError, which names the reason, is not in the paste), or
    "ImportError: DLL load failed" alone on its line with a frame of TensorFlow's native
    import (pywrap_tensorflow.py) in the log.  Nothing
    when the log has Windows' reason (``win.dll_load`` with text after the colon) or a named
    missing library: the Windows checks read those."""
    if any((h.g("why") or "").strip() for h in f.h("win.dll_load").all()):
        return []
    if f.h("win.dll_load_bare").count or f.h("lib.missing").count:
        return []
    retry = f.h("tf1.pywrap_no_module_tf10").all()
    if retry and f.windows:
        return [catalogue.make(
            "windows-tensorflow-dll-load-failed", module="_pywrap_tensorflow",
            evidence=log_evidence(retry, limit=2),
        )]
    retry = f.h("lib.pywrap_no_module").all()
    if retry and f.windows and not gpu_package_named(f):
        # TensorFlow 1.1+'s retry on Windows, no GPU package named (with it:
        # one_line_runtimes.windows_gpu_pywrap_no_module)
        return [catalogue.make(
            "windows-tensorflow-dll-load-failed", variant="retry-cut",
            module="_pywrap_tensorflow_internal", evidence=log_evidence(retry, limit=2),
        )]
    unknown_os = _python3_retry_os_unknown(f)
    if unknown_os:
        return unknown_os
    cut = f.h("tf1.dll_load_cut").all()
    frames = f.h("tf1.pywrap_frame").all()
    if not frames:
        return []
    internal = any(h.g("internal") or h.g("internal2") for h in frames)
    module = "_pywrap_tensorflow_internal" if internal else "_pywrap_tensorflow"
    if not cut:
        return _traceback_ends_in_native_load(f, frames, module)
    return [catalogue.make(
        "windows-tensorflow-dll-load-failed", module=module,
        evidence=log_evidence(cut, frames[:1]),
    )]


def _python3_retry_os_unknown(f: Facts) -> list[Finding]:
    """``windows-tensorflow-dll-load-failed`` variant ``retry-cut-os-unknown``: the SWIG
    loader's retry in Python 3's wording, "No module named '_pywrap_tensorflow_internal'" (or
    1.0's '_pywrap_tensorflow'), quoted, with the OS known from neither the facts nor the log.

    The retry is SWIG's importlib loader (swig/swig ``Source/Modules/python.cxx``, rel-3.0.10
    and later: ``importlib.import_module(mname)``, on ImportError the bare name), the form of
    TensorFlow 1.x's Windows builds; the Linux wheels' SWIG 3.0.8 loader (``imp.find_module``
    / ``imp.load_module``) raises the loader's own error and prints the retry only when the
    module file is missing.  Python 2 (unquoted name) had no Windows build, so its form is left
    alone; a known OS is left to the Windows checks above and to the Linux ones."""
    if f.os is not None:
        return []
    hits = [h for h in (*f.h("lib.pywrap_no_module").all(),
                        *f.h("tf1.pywrap_no_module_tf10").all())
            if "named '_pywrap_tensorflow" in h.text]
    if not hits:
        return []
    module = ("_pywrap_tensorflow_internal" if any("_internal" in h.text for h in hits)
              else "_pywrap_tensorflow")
    return [catalogue.make(
        "windows-tensorflow-dll-load-failed", variant="retry-cut-os-unknown",
        module=module, evidence=log_evidence(hits, limit=2),
    )]


def _traceback_ends_in_native_load(f: Facts, frames: list[Hit], module: str) -> list[Finding]:
    """``windows-tensorflow-dll-load-failed`` variant ``traceback-cut``: on Windows (the host
    facts, or a ``\\tensorflow\\python\\`` frame path) the paste is a traceback through
    TensorFlow's native-module import (pywrap_tensorflow.py / pywrap_tensorflow_internal.py,
    ``swig_import_helper`` -> ``imp.load_dynamic`` or importlib's ``create_module``) that ends
    there: no exception line follows the last frame, so even the "ImportError: DLL load
    failed" line is cut.  Loading that .pyd is what failed; why is unknown (a hedge).  With
    the GPU package named, the hedge leans on its usual cause (:func:`_gpu_package_import_cut`)."""
    if not (f.windows or any("\\tensorflow\\python\\" in h.text for h in frames)):
        return []
    if f.h("ctx.reticulate").count or f.h("lib.pywrap_no_module").count:
        return []  # windows-dll-not-found (import-cut) reads those pastes (bindings.py and
        # one_line_runtimes.py)
    last = max(h.line for h in (*frames, *f.h("lib.pywrap_import").all()))
    if _exception_after(f, last):
        return []  # an exception line follows: the checks of that line say it
    evidence = log_evidence(frames[:1], f.h("lib.pywrap_import").all()[-1:])
    if gpu_package_named(f) and _links_cuda_at_import(f):
        # the traceback's header is quoted too: the warning explains the traceback it ends
        header = [h for h in f.h("tell.line").all()
                  if h.line < frames[0].line and "Traceback (most recent call last)" in h.text]
        return [_gpu_package_import_cut(f, log_evidence(header[-1:]) + evidence)]
    return [catalogue.make(
        "windows-tensorflow-dll-load-failed", variant="traceback-cut", module=module,
        evidence=evidence,
    )]


#: A Python exception line (traceback.format_exception_only: "<module>.<Name>Error: ..."):
#: the traceback is not cut when one follows its last frame.
_EXCEPTION_LINE = re.compile(r"^\s*(?:[\w.]+\.)?(?:[A-Z]\w*(?:Error|Exception)|KeyboardInterrupt"
                             r"|SystemExit)(?::\s|:?$)")


def _exception_after(f: Facts, line: int) -> bool:
    """Whether an exception line stands below ``line``: one no catalogue entry reads (pattern
    ``tell.exception``), or one a pattern reads (``OSError: [WinError 1455] ...``), among the
    lines some pattern kept."""
    if any(h.line > line for h in f.h("tell.exception").all()):
        return True
    return any(h.line > line and _EXCEPTION_LINE.match(h.text)
               for hits in f.log.hits.values() for h in hits.all())


def _links_cuda_at_import(f: Facts) -> bool:
    """Whether the TensorFlow that failed to import links its CUDA libraries into the native
    module, so that a missing CUDA DLL stops the import: the GPU builds up to 1.13 (from 1.14
    TensorFlow opens them lazily through its dso_loader and only skips the GPU without them,
    as library_load.py's cause of the native module says).  Only a version the facts or the
    log give counts (the traceback's frames do not date it: SWIG's loader served 1.x to 2.1)."""
    minor = tf_minor(f.tf_version)
    return minor is not None and minor < (1, 14)


def _gpu_package_import_cut(f: Facts, evidence: tuple[Evidence, ...]) -> Finding:
    """``windows-dll-not-found`` (variant ``import-cut``, a warning) for the GPU package's
    native import cut before its error line on Windows: TensorFlow 1.x's Windows GPU builds
    link the CUDA runtime and cuDNN DLLs of their build into the native module, so the usual
    first error is those DLLs missing from PATH (the same threads as
    ``one_line_runtimes.windows_gpu_pywrap_no_module``: tensorflow/tensorflow#10154, #11045,
    #11571; #34116: tensorflow-gpu 1.13.1 beside CUDA 9.0 and 10.1, not its 10.0).  When the
    build's CUDA (:func:`tf_build_cuda`) and the host's toolkits are known and differ, the
    cause says so."""
    from tfgpu.diagnosis.checks.driver_and_build_cuda import tf_build_cuda

    build = tf_build_cuda(f)
    have = f.cuda_versions
    other = ""
    if build is not None and have and not any(_same_dll_release(v, build[0]) for v in have):
        other = (f" This TensorFlow was built with CUDA {build[0]} ({build[1]}). This host "
                 f"has CUDA {', '.join(have)}, whose DLLs carry another version number than "
                 "the ones the build links.")
    return catalogue.make(
        "windows-dll-not-found", variant="import-cut", evidence=evidence,
        cause=("TensorFlow's native module did not load on Windows, and the paste ends in "
               "its load, before the error line. With the GPU package that error is usually "
               "'DLL load failed': the CUDA runtime or cuDNN DLL of the version the installed "
               "build was made with is not on PATH (or that CUDA is not installed; with no "
               "NVIDIA GPU the CPU package is the fix). 'DLL initialization routine failed' "
               "instead means a CPU without AVX (TensorFlow 1.6 and later)." + other),
        fix=("python -c \"import tensorflow\"   # the full traceback: its last line names the "
             "cause",
             "where.exe cudart64_*.dll cudnn64_*.dll   # the CUDA/cuDNN DLLs on PATH",
             "# install the CUDA and cuDNN versions that tensorflow-gpu release was built with "
             "(tfgpu matrix) and put their bin folders on PATH; no NVIDIA GPU: pip uninstall "
             "tensorflow-gpu and pip install tensorflow"),
        doc=None,
    )


def _same_dll_release(have: str, build: str) -> bool:
    """Whether a CUDA toolkit of version ``have`` ships the DLL names a build made with CUDA
    ``build`` links: the same major and minor before CUDA 11 (``cudart64_100.dll``), the same
    major from 11 on (``cudart64_110.dll`` for every 11.x, ``cudart64_12.dll``)."""
    h, b = tf_minor(have), tf_minor(build)
    if h is None or b is None:
        return have.split(".")[0] == build.split(".")[0]
    return h[0] == b[0] if b[0] >= 11 else h == b


#: What each ``build_info.<x>_dll_name`` of TensorFlow 1.4-1.13's self_check.py is: (words,
#: the file's name pattern, why it is missing: the tail of the self check's own message).
#: ``msvcp_dll_name`` (the Visual C++ runtime) is :func:`_self_check_msvcp_frame`'s.
_SELF_CHECK_DLLS: dict[str, tuple[str, str, str]] = {
    "nvcuda": ("NVIDIA driver", "nvcuda.dll",
               "no NVIDIA driver is installed (it puts nvcuda.dll in C:\\Windows\\System32), "
               "or the PC has no CUDA-capable GPU."),
    "cudart": ("CUDA runtime", "cudart64_<CUDA version>.dll",
               "the CUDA version this TensorFlow was built with is not installed, or its bin "
               "folder is not on the PATH this process started with."),
    "cudnn": ("cuDNN", "cudnn64_<cuDNN major>.dll",
              "the cuDNN this TensorFlow was built with is not installed, or the folder that "
              "holds its DLL (cuDNN is a separate download from CUDA) is not on the PATH this "
              "process started with."),
}


def windows_self_check_frame(f: Facts) -> list[Finding]:
    """``windows-self-check-dll-not-loadable``: the frame of TensorFlow 1.4-1.13's self check
    (``ctypes.WinDLL(build_info.cudnn_dll_name)``) followed by an OSError, the paste cut before
    the self check's "Could not find %r" (which ``win.self_check_dll`` reads when present)."""
    if f.h("win.self_check_dll").count:
        return []
    frames = f.h("tf1.self_check_windll").all()
    if not frames:
        return []
    which = frames[-1].g("which") or "cudnn"
    if which == "msvcp":
        return [_self_check_msvcp_frame(f, frames)]
    what, dll, why = _SELF_CHECK_DLLS[which]
    # ctypes' OSError right under the frame is this failure's own exception line
    raised = [h for h in f.h("ctx.winerror_oserror").all()
              if 0 < h.line - frames[-1].line <= 6][:1]
    runfiles = f.h("ctx.bazel_runfiles").first[:1]
    if runfiles and which in ("cudart", "cudnn"):
        # the self check ran inside a Bazel action of a source build (its runfiles tree):
        # build_info names the CUDA/cuDNN the user configured, and the action runs with
        # Bazel's PATH, not the shell's (tensorflow/tensorflow#25552 shows the genrule's
        # "SET PATH=C:\msys64\usr\bin;C:\msys64\bin"); Bazel passes a client variable
        # into actions with --action_env=NAME (bazel.build command-line reference)
        return [catalogue.make(
            "windows-self-check-dll-not-loadable", variant="bazel-build", what=what, dll=dll,
            evidence=log_evidence(frames, runfiles, raised, limit=4),
            fix=(f"where.exe {dll.split('<')[0]}*.dll   # in the shell that runs bazel: the "
                 "folder that holds it must be on PATH there",
                 "bazel build --action_env=PATH ...   # pass that PATH into Bazel's actions "
                 "(or add build --action_env=PATH to .bazelrc), then rebuild",
                 "# or rerun configure (python configure.py) with the CUDA and cuDNN folders "
                 "that hold the DLLs, then rebuild"),
        )]
    fix = [f"where.exe {dll.split('<')[0]}*.dll   # the copies on PATH, if any"]
    if which in ("cudart", "cudnn"):
        fix.append("# install the CUDA and cuDNN versions of this TensorFlow release's tested "
                   "build (the install guide's table), put their bin folders on PATH, then "
                   "open a new terminal")
    else:
        fix.append("nvidia-smi   # the NVIDIA driver; no NVIDIA GPU: pip uninstall "
                   "tensorflow-gpu and pip install tensorflow")
    fix.append("python -c \"import tensorflow\"   # the self check's full message names the "
               "DLL")
    return [catalogue.make(
        "windows-self-check-dll-not-loadable", what=what, dll=dll, why=why,
        evidence=log_evidence(frames, raised, limit=3), fix=fix,
    )]


def _self_check_msvcp_frame(f: Facts, frames: list[Hit]) -> Finding:
    """``windows-msvc-runtime-missing`` variant ``self-check-frame``: the self check's
    ``ctypes.WinDLL(build_info.msvcp_dll_name)`` frame (TensorFlow 1.x to the 2.1
    pre-releases), the "Could not find 'msvcp140.dll'" message that would follow cut from
    the paste (that message gives the same finding).  The DLL the build names is
    msvcp140.dll up to 2.0 and, from the Visual Studio 2019 builds of 2.1 on, also
    msvcp140_1.dll (``platform_facts:windows-msvc-2019-runtime``); the OSError line after
    the frame (within 6 lines) is quoted when the paste has it."""
    fact = f.kb.platform_fact("windows-msvc-2019-runtime")
    dlls = fact.items("dlls")
    # the OSError after the frame: Windows' ERROR_MOD_NOT_FOUND text ("The specified module
    # could not be found", pattern tfjs.dlopen) or another exception line
    last = frames[-1].line
    err = sorted((h for name in ("tfjs.dlopen", "tell.exception") for h in f.h(name).all()
                  if last < h.line <= last + 6), key=lambda h: h.line)
    why = ""
    if err:
        text = err[0].text.strip()
        why = f" ({text[text.index('[WinError'):][:100]})" if "[WinError" in text else ""
    return catalogue.make(
        "windows-msvc-runtime-missing", variant="self-check-frame",
        why=why, dlls=" and ".join(dlls), ref=fact.ref,
        evidence=log_evidence(frames, err[:1], limit=2),
        fix=("winget install Microsoft.VCRedist.2015+.x64   # or the x64 installer from "
             "Microsoft's Visual C++ redistributable page; then open a new terminal",
             *(f"where.exe {d}   # must print C:\\Windows\\System32\\{d}" for d in dlls)),
        knowledge_ref=fact.ref,
    )
