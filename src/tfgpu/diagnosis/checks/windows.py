"""Windows: DLL load failures, zlibwapi, the MSVC runtime, crash codes.

TensorFlow's own native-Windows warning: ``tensorflow/python/framework/config.py``
``list_physical_devices`` ("TensorFlow GPU support is not available on native Windows for
TensorFlow >= 2.11. ...").  A bare "DLL load failed" naming _pywrap_tensorflow_internal
without Windows' reason is hedged: the reason is what tells the causes apart.

A Python process on Windows that ended with a native crash's NTSTATUS and no traceback.

Source: the NTSTATUS values of Windows' ntstatus.h ([MS-ERREF] 2.3.1 NTSTATUS Values):
STATUS_ACCESS_VIOLATION 0xC0000005 ("The instruction at 0x%08lx referenced memory at
0x%08lx. The memory could not be %s."), STATUS_HEAP_CORRUPTION 0xC0000374 ("A heap has been
corrupted."), STATUS_STACK_OVERFLOW 0xC00000FD ("A new guard page for the stack cannot be
created.").  An IDE prints the process's exit code as a signed 32-bit number and in hex
("Process finished with exit code -1073741819 (0xC0000005)"), VS Code and shells as unsigned
(3221225477).  A native crash ends the process before Python can print anything, so the code
names the kind of crash, not the library.  Threads read for this kind name different causes:
a GPU driver too old for a new GPU (tensorflow/tensorflow#23341, 0xC0000005 on an RTX 2080 Ti
with driver 411; 419 fixed it), a bug of one tf-nightly build (tensorflow/tensorflow#37300,
0xC0000374; the next nightly fixed it).  So the finding is a hedge (category unknown) that
says what the code means and how to find the crashing library.  Stack-buffer overrun
(0xC0000409) and illegal instruction (0xC000001D) have their own findings.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.diagnosis.checks._addon_frames import package_frames_above
from tfgpu.diagnosis.checks._common import dll_reason, windows_gpu_last
from tfgpu.diagnosis.checks.cpu import pre_avx_cpu
from tfgpu.diagnosis.checks.libraries import cudnn_sub_dll_126
from tfgpu.diagnosis.checks.visibility import _windows_native
from tfgpu.diagnosis.checks.windows_bad_image import BAD_IMAGE_TEXT
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Evidence, Finding
from tfgpu.knowledge import ntstatus, win32_errors


def tf_extension_module(mod: str | None) -> bool:
    """Whether ``mod``, the module Python 3.8+ names in "DLL load failed while importing
    <mod>", is TensorFlow's own native module (``_pywrap_tensorflow_internal`` and the other
    ``_pywrap_*`` modules of the tensorflow package), or is not named (older Pythons print
    no module: assumed TensorFlow's, as before)."""
    return mod is None or mod.startswith(("_pywrap_", "pywrap_"))


#: Packages whose frames run another package's import, not import themselves: PyInstaller's
#: importer (pyimod03_importers.py, printed with the build machine's site-packages path),
#: the PyCharm/pydev import hook, importlib's backport.
_IMPORT_MACHINERY = frozenset({"PyInstaller", "pydev", "_pydev_bundle", "_pydevd_bundle",
                               "importlib_metadata", "importlib_resources"})

#: The packages whose import failing is TensorFlow's own DLL loading.
_TF_PACKAGES = frozenset({"tensorflow", "tensorflow_core", "keras", "tf_keras", "tensorflow_gpu"})


def _other_importer(ctx: Facts, line: int) -> bool:
    """Whether Python 3.7's "DLL load failed: <why>" (no module named) at log line ``line``
    comes from another package than TensorFlow: the traceback's nearest installed-package
    frame is another's (cv2, numpy, torch: opencv/opencv-python#181, numpy/numpy#14172,
    pytorch/pytorch#7323), or with no such frame the import statement just above names
    another top-level module (">>> import cv2"), or the log is another framework's
    (:attr:`Facts.other_framework`)."""
    near = [h for h in package_frames_above(ctx, line)
            if (h.g("pkg") or "") not in _IMPORT_MACHINERY]
    if near:
        return (near[-1].g("pkg") or "") not in _TF_PACKAGES
    if ctx.other_framework:
        return True
    near_imports = [h for h in ctx.h("py.import_line").all() if 0 < line - h.line <= 6]
    return bool(near_imports) and (near_imports[-1].g("mod") or "") not in _TF_PACKAGES


def _ide_overrun(h: Hit) -> bool:
    """Whether ``h``'s code is STATUS_STACK_BUFFER_OVERRUN as an IDE prints it: signed
    (``-1073740791``) or hex (``0xC0000409``), not the unsigned decimal of VS Code."""
    s = ntstatus.STACK_BUFFER_OVERRUN
    return (h.g("code") or "").lower() in (str(s.signed), s.hex.lower())


def rule_windows(ctx: Facts) -> list[Finding]:
    """DLL load failures, zlibwapi, MSVC runtime, crash codes."""
    out: list[Finding] = []
    dll = ctx.h("win.dll_load")
    for hit in dll.first[:1]:
        if hit.g("mod") is None and _other_importer(ctx, hit.line):
            continue  # Python 3.7's wording names no module: the traceback shows another's
        said = (hit.g("why") or "").strip()
        code = win32_errors.from_text(said)  # English or a UI language the table lists
        why = dll_reason(said)  # lower case; a localized text in English
        if code is not None and code.kind in ("procedure-not-found", "bad-image"):
            continue  # python_import.windows_dll_procedure_not_found, windows_bad_image.py
        if BAD_IMAGE_TEXT in why:
            continue  # error 193, a bad file not a missing one (windows_bad_image.py)
        if code is not None and code.kind == "init-failed":
            out.append(_dll_init_failed(ctx, dll))
        elif code is not None and code.kind == "system":
            out.append(_dll_system_error(hit, dll, code, said))
        elif code is None:
            # a reason the table does not know (another code, another UI language): quoted
            # and hedged, never the "not found" PATH fix; no reason at all (a paste cut after
            # the colon, "..."): the reason is not in the log.  Another package's module is
            # left to the unknown finding, as below
            if tf_extension_module(hit.g("mod")):
                module = hit.g("mod") or "_pywrap_tensorflow_internal"
                out.append(catalogue.make(
                    "windows-tensorflow-dll-load-failed", module=module,
                    evidence=log_evidence(dll),
                ) if not any(ch.isalpha() for ch in said) else catalogue.make(
                    "windows-tensorflow-dll-load-failed", variant="reason-unknown",
                    module=module, why=said[:160], evidence=log_evidence(dll)))
        elif (at_import := _msvc_at_import(ctx, hit, dll)) is not None:
            out.append(at_import)
        elif not tf_extension_module(hit.g("mod")):
            # Python 3.8+ names the extension module that failed: numpy's
            # _multiarray_umath / multiarray / _mklinit (a conda environment used without
            # activation, or MKL DLLs: numpy/numpy#14172, #15542, #15732, #16694,
            # ContinuumIO/anaconda-issues#10459), another package's module: not TensorFlow's
            # CUDA DLLs; the unknown finding quotes the line
            continue
        else:
            cudnn = ctx.cudnn_versions
            names = []
            tested = ctx.kb.tested_gpu_build(ctx.tf_version, "windows")
            if tested:
                dll_row = ctx.kb.windows_cudart_dll(tested.cuda)
                names.append(dll_row[0] if dll_row is not None else "cudart64_*.dll")
                names.append(f"cudnn64_{tested[1].split('.')[0]}.dll")
            elif cudnn:
                names.append(f"cudnn64_{cudnn[0].split('.')[0]}.dll")
            else:
                names += ["cudart64_*.dll", "cudnn64_*.dll"]
            cause = (
                "Windows could not find a DLL that TensorFlow's native module "
                f"({hit.g('mod') or '_pywrap_tensorflow_internal'}) depends on: a CUDA/cuDNN "
                "DLL of the version the wheel was built for, or the MSVC runtime, is not in a "
                "folder on PATH. Windows does not search sub-folders: the folder that directly "
                "contains each DLL must be on PATH."
            )
            if tested:
                cause += (
                    f" TensorFlow {ctx.tf_version} (native Windows) was built with CUDA "
                    f"{tested[0]} and cuDNN {tested[1]}."
                )
            # a 1.x GPU build's self check (pywrap_tensorflow.py -> self_check.py
            # preload_check) and its native module need the driver's nvcuda.dll; 2.1+ load
            # the CUDA libraries lazily
            lazy = ctx.tf_mm is not None and ctx.tf_mm >= (2, 1)
            if not lazy:
                cause += NVCUDA_CAUSE
            out.append(
                catalogue.make(
                    "windows-dll-not-found",
                    evidence=log_evidence(dll),
                    cause=cause,
                    fix=tuple(
                        [f"where.exe {n}" for n in names]
                        + [
                            "add the folder that directly contains each missing DLL (e.g. "
                            "...\\cuda\\bin)"
                            " to PATH, or copy cuDNN's bin/include/lib into the CUDA toolkit "
                            "folders",
                            "winget install Microsoft.VCRedist.2015+.x64   # MSVC runtime",
                        ]
                        + ([] if lazy else [NVCUDA_FIX])
                        + (
                            []
                            if tested
                            else [
                                "note: native Windows GPU support ends at TensorFlow "
                                + windows_gpu_last(ctx)[1]
                                + f" ({windows_gpu_last(ctx)[3]}); newer releases need WSL2 "
                                "for the GPU"
                            ]
                        )
                    ),
                )
            )
    zlib = [h for h in ctx.h("lib.missing").all() if "zlibwapi" in (h.g("lib") or "").lower()]
    status = ctx.h("win.status")
    loaded = ctx.h("cudnn.loaded").first
    cudnn_v = int(loaded[0].g("v") or 0) if loaded else 0
    if zlib:
        out.append(
            catalogue.make(
                "windows-zlibwapi-missing",
                evidence=log_evidence(zlib),
            )
        )
    elif sub126 := cudnn_sub_dll_126(ctx):
        # cuDNN's own sub-DLL line with Windows error 126 (hedged variant)
        out.append(
            catalogue.make(
                "windows-zlibwapi-missing",
                variant="sub-dll-126",
                lib=sub126[0].g("lib") or "a cuDNN DLL",
                evidence=log_evidence(sub126),
            )
        )
    elif (
        status.count
        and any(_ide_overrun(h) for h in status.all())
        and (cudnn_v >= 8300 or (ctx.windows and cudnn_v))
    ):
        out.append(
            catalogue.make(
                "windows-zlibwapi-missing",
                variant="crash-after-cudnn",
                cudnn=".".join(map(str, c.cudnn_version_parts(cudnn_v)[:2])),
                evidence=log_evidence(loaded, status),
            )
        )
    msvc = ctx.h("lib.msvc")
    msvc_missing = [h for h in msvc.all() if h.g("dlls")] + [
        h
        for h in ctx.h("lib.missing").all()
        if (h.g("lib") or "").lower().startswith(("msvcp", "vcruntime"))
    ]
    if msvc_missing:
        out.append(
            catalogue.make(
                "windows-msvc-runtime-missing",
                evidence=log_evidence(msvc_missing),
                fix=("winget install Microsoft.VCRedist.2015+.x64",),
            )
        )
    return out



def cudnn_sub_dll_procedure_not_found(ctx: Facts) -> list[Finding]:
    """cuDNN 8's own "Could not load library cudnn_<part>64_8.dll. Error code 127" ->
    ``windows-dll-procedure-not-found`` variant ``cudnn-sub-dll``: Windows error 127 is
    ERROR_PROC_NOT_FOUND (``win32_errors.toml``), the DLL found but lacking a function it or
    a DLL it loads needs, so DLLs of two builds are mixed on PATH; never "not found" (126).
    cuDNN prints it in any program built on cuDNN 8 (PaddlePaddle/PaddleDetection#8265,
    microsoft/onnxruntime#18973), so the finding names no framework."""
    hits = cudnn_sub_dll_126(ctx, "127")
    code = win32_errors.by_code(127)
    if not hits or code is None:
        return []
    lib = hits[0].g("lib") or "a cuDNN DLL"
    return [catalogue.make(
        "windows-dll-procedure-not-found", variant="cudnn-sub-dll", lib=lib,
        name=code.name, english=code.english, evidence=log_evidence(hits),
        fix=(f"where.exe cudnn64_8.dll {lib} cudnn_ops_infer64_8.dll cublas64_11.dll "
             "cublasLt64_11.dll zlibwapi.dll   # every copy on PATH, in search order: the "
             "first of each is the one loaded (cuDNN for CUDA 12: cublas64_12.dll "
             "cublasLt64_12.dll)",
             "# keep one cuDNN 8 release (all its cudnn*64_8.dll files from one zip, built for "
             "the CUDA major your program was built for) in one folder on PATH, and remove or "
             "move the other copies (another program's folder on PATH, a cuDNN copied into "
             "CUDA's bin)",
             "# beside it the cuBLAS DLLs of that CUDA major, and for cuDNN 8.3 and newer the "
             "zlibwapi.dll of NVIDIA's cuDNN install guide"),
        knowledge_ref=code.ref,
    )]


def _dll_system_error(hit: Hit, dll: Hits, code: win32_errors.Win32Error,
                      said: str) -> Finding:
    """``windows-dll-load-system-error``: Python's "DLL load failed" quotes a Windows system
    error that is no loader fault (a ``system`` row of ``win32_errors.toml``: access denied,
    out of memory, the paging file too small, a path too long), with the row's meaning and
    fix.  The DLL was found, so no PATH fix."""
    return catalogue.make(
        "windows-dll-load-system-error", code=code.code, name=code.name,
        english=code.english, module=hit.g("mod") or "a native module", why=said[:160],
        meaning=code.meaning, ref=code.ref, evidence=log_evidence(dll), fix=code.fix,
        knowledge_ref=code.ref)


# (checked on other threads printing "DLL load failed[ while importing
# _pywrap_tensorflow_internal]: A dynamic link library (DLL) initialization routine failed"):
# a CPU without AVX in tensorflow/tensorflow#19584 (via #21977), Spycsh/Bugs#1 and #35766's
# era; the Visual C++ runtime in tensorflow/tensorflow#39502 ("Installing C++ redistributables
# solved the issue"); maintainers name both (tensorflow/tensorflow#77829, #28713; TF's own
# loader hint in #119165). The line alone does not tell them apart: the CPU's flags do.
def _dll_init_failed(ctx: Facts, dll: Hits) -> Finding:
    """``windows-dll-init-failed`` for Python's "DLL load failed" while importing
    TensorFlow's native module (:func:`dll_init_failed` with the pip wording)."""
    return dll_init_failed(
        ctx, log_evidence(dll), what="TensorFlow's native module",
        no_avx=("install a community TensorFlow wheel built without AVX, or use another "
                "machine"))


def dll_init_failed(ctx: Facts, evidence: tuple[Evidence, ...], *, what: str,
                    no_avx: str) -> Finding:
    """``windows-dll-init-failed``: Windows' ERROR_DLL_INIT_FAILED (1114) while a loader
    (Python's import, the JDK's System.load, .NET's DllImport, a C program's LoadLibrary)
    loads ``what``, a TensorFlow native library.  Two causes print it (threads above): a CPU
    without the instructions the library was compiled with (AVX for official builds since
    TensorFlow 1.6, AVX2 for some community builds) and a missing or outdated Visual C++
    runtime.  Host facts with the CPU's flags decide; without them the finding names both
    (variant ``cpu-or-runtime``) and the check that tells them apart first.  ``no_avx`` is
    the fix for a CPU without AVX, in the loader's terms."""
    flags = ctx.host.cpu.flags if ctx.host is not None else ()
    cpu_check = "coreinfo64 -f | findstr AVX   # Sysinternals: does the CPU have AVX (and AVX2)?"
    redist = "winget install Microsoft.VCRedist.2015+.x64   # installs or updates the MSVC runtime"
    if flags and "avx" in flags:
        return catalogue.make(
            "windows-dll-init-failed",
            evidence=evidence,
            cause=(f"A DLL's initialisation routine failed while loading {what}. The CPU has "
                   "AVX (host facts), so the most frequent cause (no AVX) is ruled out: "
                   "install or update the MSVC runtime."),
            fix=(redist,),
        )
    if flags:
        return catalogue.make(
            "windows-dll-init-failed",
            evidence=evidence,
            cause=(f"{what} aborted while initialising, and the host facts list no AVX for "
                   "this CPU. Official TensorFlow builds since 1.6 are compiled with AVX "
                   "instructions; on a CPU without AVX this is exactly the error, whatever "
                   "the CUDA/cuDNN setup."),
            fix=(f"# {no_avx}; reinstalling CUDA/cuDNN does not help",),
        )
    named = pre_avx_cpu(ctx)
    if named is not None:
        model = " ".join((named.g("model") or "").split())
        return catalogue.make(
            "windows-dll-init-failed",
            evidence=evidence + log_evidence([named]),
            cause=(f"{what} aborted while initialising, and the log names the CPU, {model}, "
                   "a model from before AVX (knowledge row "
                   "platform_facts:cpu-families-without-avx). "
                   "Official TensorFlow builds since 1.6 are compiled with AVX instructions; "
                   "on a CPU without AVX this is exactly the error, whatever the CUDA/cuDNN "
                   "setup."),
            fix=(cpu_check,
                 f"# {no_avx}; reinstalling CUDA/cuDNN does not help"),
        )
    return catalogue.make(
        "windows-dll-init-failed",
        variant="cpu-or-runtime",
        evidence=evidence,
        cause=(f"{what} aborted while initialising (Windows' 'DLL initialization routine "
               "failed'), and this log does not say why. Two causes print exactly this line, "
               "whatever the CUDA/cuDNN setup, most often first: (1) a CPU without the "
               "instructions the library was compiled with (official TensorFlow builds since "
               "1.6 need AVX; some community builds need AVX2); (2) a missing or outdated "
               "Microsoft Visual C++ 2015-2022 runtime. The CPU's flags tell them apart: with "
               "AVX (and AVX2 for such a build), it is the runtime."),
        fix=(cpu_check,
             f"# no AVX: {no_avx}; reinstalling CUDA/cuDNN does not help",
             "# AVX present: " + redist),
    )


#: The NVIDIA driver's DLL among the causes of a failed import of a TensorFlow 1.x GPU build.
#: Source: TensorFlow 1.x's pywrap_tensorflow.py calls self_check.preload_check(), which
#: loads nvcuda.dll for a CUDA build and raises ImportError "Could not find 'nvcuda.dll'.
#: ... If it is not present, ensure that you have a CUDA-capable GPU with the correct
#: driver installed." (self_check_dll.py); tensorflow/tensorflow#27059 (tensorflow-gpu 1.13
#: on a laptop with an AMD GPU: "tensorflow-gpu only works with NVIDIA cards").
NVCUDA_CAUSE = (" A GPU build of TensorFlow 1.x (tensorflow-gpu) also needs the NVIDIA "
                "driver's nvcuda.dll (installed in System32 by the NVIDIA display driver): on "
                "a machine without an NVIDIA GPU and driver (e.g. a laptop with only an AMD or "
                "Intel GPU) such a build cannot be imported at all.")
NVCUDA_FIX = ("where.exe nvcuda.dll   # none: no NVIDIA driver; with an NVIDIA GPU install its "
              "driver, without one install the CPU package (tensorflow instead of "
              "tensorflow-gpu)")


def _msvc_at_import(ctx: Facts, hit: Hit, dll: Hits) -> Finding | None:
    """``DLL load failed`` (module not found) while importing the native module of a
    TensorFlow at or after ``platform_facts:windows-msvc-2019-runtime`` (2.1.0): the CUDA
    DLLs load lazily there, so the missing DLL is the MSVC runtime the wheel links
    (TensorFlow 2.1.0 release notes).  ``None`` when the version is unknown or older, or
    the log names a CUDA/cuDNN DLL that did not load (that finding says more)."""
    mod = (hit.g("mod") or "").lower()
    why = (hit.g("why") or "").lower()
    if (mod and "pywrap" not in mod and "tensorflow" not in mod) or "win32" in why:
        return None  # another package's module (numpy...), or a 32/64-bit mismatch
    fact = ctx.kb.platform_fact("windows-msvc-2019-runtime")
    first = fact.value("tf_version")
    if ctx.tf_predates(ctx.kb.fact_series("windows-msvc-2019-runtime")[0]) is not False or \
            ctx.h("lib.missing").count:
        return None
    tf, ev = ctx.tf_version, list(log_evidence(dll))
    floor = ctx.tf_floor_from_python if ctx.tf_mm is None else None
    if floor is not None:
        # no version shown: the Python in the paths has wheels of newer releases only
        tf = f"{floor[0][0]}.{floor[0][1]} or newer"
        ev.append(Evidence("TensorFlow release (from the Python)", floor[1]))
    elif tf is None:
        return None  # dated by a log path or a bound only: leave it to the general finding
    dlls = fact.items("dlls")
    return catalogue.make(
        "windows-msvc-runtime-missing", variant="import-dll-not-found",
        tf=tf, why=(hit.g("why") or "").strip()[:120], first=first,
        dlls=" and ".join(dlls), ref=fact.ref,
        evidence=tuple(ev),
        fix=("winget install Microsoft.VCRedist.2015+.x64   # or the x64 installer from "
             "Microsoft's Visual C++ redistributable page",
             *(f"where.exe {d}   # must print C:\\Windows\\System32\\{d}" for d in dlls),
             'python -c "import struct; print(struct.calcsize(\'P\') * 8)"   # must print 64'),
        knowledge_ref=fact.ref,
    )


# --- gpu stack ----------------------------------------------------------------------------


def windows_process_crashed(ctx: Facts) -> list[Finding]:
    """"Process finished with exit code -1073740791 (0xC0000409)" with nothing else that
    names the cause: STATUS_STACK_BUFFER_OVERRUN, a native abort. :func:`rule_windows` says
    zlibwapi.dll when the log shows cuDNN >= 8.3 loaded (windows-zlibwapi-missing)."""
    hits = [h for h in ctx.h("win.status").all()
            if ntstatus.from_text(h.g("code")) is ntstatus.STACK_BUFFER_OVERRUN]
    if not hits or ctx.h("lib.missing").count:
        return []
    loaded = ctx.h("cudnn.loaded").first
    cudnn_v = int(loaded[0].g("v") or 0) if loaded else 0
    signed = any(_ide_overrun(h) for h in hits)
    if signed and (cudnn_v >= 8300 or (ctx.windows and cudnn_v)):
        return []  # rule_windows: windows-zlibwapi-missing, variant crash-after-cudnn
    return [catalogue.make(
        "windows-process-crashed-stack-buffer",
        evidence=log_evidence(hits),
    )]


def dll_load_bare(f: Facts) -> list[Finding]:
    """``windows-tensorflow-dll-load-failed``: TensorFlow's native module did not load and the
    log lacks Windows' reason (a full "DLL load failed ...: <reason>" line is read by the
    Windows checks instead)."""
    bare = f.h("win.dll_load_bare")
    if not bare.count or any((h.g("why") or "").strip() for h in f.h("win.dll_load").all()):
        return []
    return [catalogue.make(
        "windows-tensorflow-dll-load-failed", module=bare.first[0].need("mod"),
        evidence=log_evidence(bare, limit=2),
    )]


def windows_native_warning(ctx: Facts) -> list[Finding]:
    """TensorFlow's own warning that it has no GPU support on native Windows
    (framework/config.py ``list_physical_devices``, printed once when ``platform.system()``
    is Windows): ``tensorflow-windows-native-no-gpu``, the same finding the host and version
    checks give."""
    hits = ctx.h("win.no_gpu").all()
    if not hits:
        return []
    return [_windows_native(ctx, log_evidence(hits[:1]))]


# --- native crashes' NTSTATUS exit codes ------------------------------------------------------


#: The crash codes this finding names (the others have their own findings).
_CRASHES = (ntstatus.ACCESS_VIOLATION, ntstatus.HEAP_CORRUPTION, ntstatus.STACK_OVERFLOW)


def windows_native_crash(ctx: Facts) -> list[Finding]:
    """``windows-process-crashed-native``: the process's exit code is an access violation,
    heap corruption or stack overflow and no library failed to load before it (those
    findings name the cause).  A warning of category unknown: the code does not say which
    library crashed."""
    crashes = [(h, s) for h in ctx.h("win.crash_status").all()
               if (s := ntstatus.from_text(h.g("code"))) is not None and s in _CRASHES]
    if not crashes or ctx.h("lib.missing").count:
        return []
    hits = [h for h, _ in crashes]
    status = crashes[0][1]
    build = c.python_cmd(ctx, "import tensorflow as tf; print(tf.sysconfig.get_build_info())")
    return [catalogue.make(
        "windows-process-crashed-native", status=status.hex, name=status.name,
        meaning=status.meaning,
        evidence=log_evidence(hits, limit=1),
        fix=("python -X faulthandler train.py   # from a console, not the IDE: Python's fault "
             "handler prints the stack of the crash, and TensorFlow's last log line is shown",
             build + "   # the CUDA/cuDNN this TensorFlow needs: compare with the DLLs on PATH "
             "(where.exe cudart64_*.dll cudnn64_*.dll)",
             "nvidia-smi   # the driver: a GPU newer than the driver, or a driver with a known "
             "crash, needs a current one",
             c.set_env(ctx, "CUDA_VISIBLE_DEVICES", "-1") + "   # once: a CPU run that works "
             "puts the crash in the GPU stack",
             "# a tf-nightly or a fresh release: try the one before or after it"),
    )]
